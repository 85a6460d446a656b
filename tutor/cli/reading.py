"""Reading a command's input: a file or standard input, never more than a limit of ``tutor.limits``.

The path may be ``/dev/zero``, ``/dev/urandom`` or a pipe that never ends, so nothing is read whole:
one byte past the limit is enough to refuse it.

>>> import io
>>> read_line(io.BytesIO(b"my phrase\\r\\nmore"), 20)
'my phrase'
>>> read_line(io.BytesIO(b"\\0" * 10_000), 20)
Traceback (most recent call last):
...
tutor.engine.errors.TarotError: the line is longer than the 20 characters allowed
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..engine.errors import TarotError
from ..i18n import _, grouped
from ..limits import TooLarge, read_capped
from .text import os_reason


def read_text(path: str, limit: int, stdin_name: str | None = None, hint: str = "") -> str:
    """The text of ``path`` (``-`` for standard input), at most ``limit`` bytes of UTF-8.

    Too large, unreadable or not UTF-8 raises TarotError, one sentence naming the file; ``hint``
    (e.g. ' (save the sheet as "CSV UTF-8")') follows the not-UTF-8 message.
    """
    name = (stdin_name or _("standard input")) if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream without bytes under it (a test's StringIO)
                text = sys.stdin.read(limit + 1)
                if len(text.encode("utf-8", "surrogatepass")) > limit:
                    raise TooLarge(name)
                return text
            raw = read_capped(stream, limit, name)
        else:
            with Path(path).open("rb") as f:
                raw = read_capped(f, limit, name)
    except TooLarge:  # said here, in the learner's language (limits says it in English)
        raise TarotError(_("{name} is larger than the {kb} KB allowed").format(
            name=name, kb=grouped(limit // 1024))) from None
    except OSError as err:
        raise TarotError(_("{name}: cannot read it ({why})").format(
            name=name, why=os_reason(err))) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TarotError(_("{name}: not UTF-8 text").format(name=name) + hint) from None


def read_line(stream, limit: int, what: str | None = None) -> str:
    """The first line of a byte stream without its line end, at most ``limit`` characters of UTF-8."""
    what = what or _("the line")
    too_long = _("{what} is longer than the {most} characters allowed")
    cap = 4 * limit + 2  # 4 bytes per character at most, and \r\n
    raw = stream.readline(cap)
    if isinstance(raw, bytes):
        if len(raw) >= cap and not raw.endswith(b"\n"):
            raise TarotError(too_long.format(what=what, most=grouped(limit)))
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise TarotError(_("{what} is not UTF-8 text").format(what=what)) from None
    text = raw.rstrip("\r\n")
    if len(text) > limit:
        raise TarotError(too_long.format(what=what, most=grouped(limit)))
    return text
