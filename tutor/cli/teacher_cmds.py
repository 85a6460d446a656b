"""``tarot-tutor teacher-hash``: make the hash of a teacher passphrase for TUTOR_TEACHER_PASSPHRASE_HASH, or with
``--for organiser`` of the club organiser's for TUTOR_ORGANISER_PASSPHRASE_HASH (the same hash; the last line
names the setting it goes in).

The passphrase is asked twice without echo (or read from the first line of standard input with
``--stdin``); only the salted scrypt hash is printed.
"""

from __future__ import annotations

import getpass
import sys

from ..engine.errors import TarotError
from ..i18n import _, grouped
from ..limits import MAX_PASSPHRASE_CHARS
from .reading import read_line

MIN_LENGTH = 8


def register(sub) -> None:
    p = sub.add_parser("teacher-hash", help=_("hash a teacher passphrase for TUTOR_TEACHER_PASSPHRASE_HASH"))
    p.add_argument("--stdin", action="store_true", help=_("read the passphrase from standard input, no prompt"))
    p.add_argument("--for", dest="role", choices=("teacher", "organiser"), default="teacher",
                   help=_("whose passphrase: the teacher's (the default) or the club organiser's"))
    p.set_defaults(handler=run)


def run(args) -> int:
    from ..classroom.passphrase import ENV_VAR, ORGANISER_VAR, make_hash
    organiser = getattr(args, "role", "teacher") == "organiser"
    if args.stdin:
        # One line, capped: standard input may be /dev/zero or a file without a line end.
        typed = read_line(getattr(sys.stdin, "buffer", sys.stdin), MAX_PASSPHRASE_CHARS, _("the passphrase"))
    else:
        if not sys.stdin.isatty():  # getpass would read the whole of it, unbounded
            raise TarotError(_("standard input is not a terminal: use --stdin to read the passphrase from it"))
        typed = getpass.getpass(_("Organiser passphrase: ") if organiser else _("Teacher passphrase: "))
        if getpass.getpass(_("Again: ")) != typed:
            raise TarotError(_("the two passphrases differ; nothing was made"))
    if len(typed) < MIN_LENGTH:
        raise TarotError(_("a teacher passphrase has at least {n} characters").format(n=MIN_LENGTH))
    if len(typed) > MAX_PASSPHRASE_CHARS:  # getpass reads a terminal's line, itself limited
        raise TarotError(_("a teacher passphrase has at most {n} characters").format(
            n=grouped(MAX_PASSPHRASE_CHARS)))
    print(make_hash(typed))
    print(_("Put it in the environment as {name}='…' or in .streamlit/secrets.toml.").format(
        name=ORGANISER_VAR if organiser else ENV_VAR), file=sys.stderr)
    return 0
