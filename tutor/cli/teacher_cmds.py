"""``tarot-tutor teacher-hash``: make the hash of a teacher passphrase for TUTOR_TEACHER_PASSPHRASE_HASH.

The passphrase is asked twice without echo (or read from the first line of standard input with
``--stdin``); only the salted scrypt hash is printed.
"""

from __future__ import annotations

import getpass
import sys

from ..engine.errors import TarotError
from ..limits import MAX_PASSPHRASE_CHARS
from .reading import read_line

MIN_LENGTH = 8


def register(sub) -> None:
    p = sub.add_parser("teacher-hash", help="hash a teacher passphrase for TUTOR_TEACHER_PASSPHRASE_HASH")
    p.add_argument("--stdin", action="store_true", help="read the passphrase from standard input, no prompt")
    p.set_defaults(handler=run)


def run(args) -> int:
    from ..classroom.passphrase import ENV_VAR, make_hash
    if args.stdin:
        # One line, capped: standard input may be /dev/zero or a file without a line end.
        typed = read_line(getattr(sys.stdin, "buffer", sys.stdin), MAX_PASSPHRASE_CHARS, "the passphrase")
    else:
        if not sys.stdin.isatty():  # getpass would read the whole of it, unbounded
            raise TarotError("standard input is not a terminal: use --stdin to read the passphrase from it")
        typed = getpass.getpass("Teacher passphrase: ")
        if getpass.getpass("Again: ") != typed:
            raise TarotError("the two passphrases differ; nothing was made")
    if len(typed) < MIN_LENGTH:
        raise TarotError(f"a teacher passphrase has at least {MIN_LENGTH} characters")
    if len(typed) > MAX_PASSPHRASE_CHARS:  # getpass reads a terminal's line, itself limited
        raise TarotError(f"a teacher passphrase has at most {MAX_PASSPHRASE_CHARS:,} characters")
    print(make_hash(typed))
    print(f"Put it in the environment as {ENV_VAR}='…' or in .streamlit/secrets.toml.", file=sys.stderr)
    return 0
