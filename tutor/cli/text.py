"""The command line's numbers already written in English, and the system's refusals, in the learner's language
(whole numbers and shares: ``tutor.i18n.grouped`` and ``percent``)."""

from __future__ import annotations

import errno

from ..i18n import N_, _, language

# The system's reasons a learner meets most, said in their language (English: the system's own words).
OS_REASONS = {errno.ENOENT: N_("No such file or directory"), errno.EACCES: N_("Permission denied"),
              errno.EISDIR: N_("Is a directory"), errno.ENOTDIR: N_("Not a directory"),
              errno.ENOSPC: N_("No space left on device"), errno.EROFS: N_("Read-only file system"),
              errno.EPERM: N_("Operation not permitted")}


def os_reason(err: OSError) -> str:
    """Why the system refused: ``err.strerror``, in French for the common cases."""
    if language() != "en" and err.errno in OS_REASONS:
        return _(OS_REASONS[err.errno])
    return err.strerror or type(err).__name__


def os_error(err: OSError | UnicodeError) -> str:
    """An OS error as one line: as Python says it in English, ``file: reason`` in another language."""
    if language() == "en" or not isinstance(err, OSError):
        return str(err)
    return f"{err.filename}: {os_reason(err)}" if err.filename else os_reason(err)


def decimal(text: str) -> str:
    """A number already written in English (``-12.5``, ``+3.0``) with the language's decimal mark: ``-12,5``."""
    return text.replace(".", ",") if language() == "fr" else text
