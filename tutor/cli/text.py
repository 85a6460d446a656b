"""Numbers in the command line's sentences, written as the learner's language writes them.

>>> from tutor.i18n import using
>>> grouped(1000), grouped(2_000_000)
('1,000', '2,000,000')
>>> with using("fr"):
...     grouped(1000) == "1\\u202f000"
True
"""

from __future__ import annotations

import errno

from babel.numbers import format_decimal

from ..i18n import N_, _, language


def grouped(n: int) -> str:
    """A whole number with its thousands grouped: ``1,000`` in English (as ``f"{n:,}"``), ``1 000`` in French."""
    return format_decimal(n, locale=language())


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


def percent(x: float) -> str:
    """A share as a whole percentage: ``57%`` in English (as ``f"{x:.0%}"``), ``57 %`` in French."""
    text = f"{x:.0%}"
    return text.replace("%", "\u202f%") if language() == "fr" else text
