"""The ``tarot-tutor`` command line (also ``python -m tutor``).

Each command lives in its own module with ``register(subparsers)``; its handler
returns an exit status. Bad input is one line on stderr and exit status 2.
``--lang fr`` (before the command; default: the ``LANG`` environment) prints in French.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import sys
from collections.abc import Iterator

from .. import i18n
from ..engine.errors import TarotError
from ..i18n import _, language, ngettext
from ..i18n.words import say
from ..limits import shorten
from .text import os_error

# Modules that add commands; each has register(subparsers).
COMMAND_MODULES = ("tutor.cli.engine_cmds", "tutor.cli.content_cmds", "tutor.cli.quiz_cmds",
                   "tutor.cli.club_cmds", "tutor.cli.teacher_cmds", "tutor.cli.strategy_cmds")


class UsageError(TarotError):
    """Bad command-line input (exit status 2)."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with a section heading's colon spaced as the language writes it ("options :" in French)."""

    def start_section(self, heading):
        if heading and language() == "fr":
            heading += "\u00a0"  # argparse writes the colon itself, right after the heading
        super().start_section(heading)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message):  # one line, exit 2, no usage dump; never a 5,000-digit value quoted whole
        one_line = re.sub(r"[^\S\u00a0\u202f]+", " ", message).strip()  # French keeps its no-break spaces
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=shorten(one_line, 300)) + "\n")


@contextlib.contextmanager
def argparse_words() -> Iterator[None]:
    """argparse's own words ("usage:", "options", "invalid choice"...) from our catalogue, for this block only.

    argparse looks each of them up at the moment it writes it, through its module-level ``_`` and ``ngettext``
    (bound from gettext at import). The supported gettext route, a global text domain, would need a compiled
    ``.mo`` on disk and process-wide state; overriding formatter and parser methods would miss the words built
    deep inside (``invalid choice``, ``expected one argument``). Pointing those two names at our catalogue while
    one command builds and parses covers every word, and English stays byte-identical (our ``_`` is then the
    identity). They are restored after, so nothing else in the process (pytest's own options) changes.
    """
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def build_parser() -> argparse.ArgumentParser:
    """The parser in the current language (build it inside ``i18n.using`` and ``argparse_words``)."""
    parser = _Parser(prog="tarot-tutor", description=_("Tarot Tutor: check scores, legal plays and content."))
    parser.add_argument("--lang", choices=tuple(i18n.LANGUAGES),
                        help=_("the language of the output: en or fr (default: from the LANG environment)"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # The language is known before the parser is built, so that its help and errors are in it too;
    # for this command only, not the caller's thread after.
    with i18n.using(language_asked(argv)), argparse_words():
        parser = build_parser()
        args = parser.parse_args(argv)
        return _run(parser, args)


def language_asked(argv: list[str], environ=None) -> str:
    """The language of a command line: ``--lang X`` before the command, else the environment's.

    A value that is not a language is left to the parser, which refuses it (in the environment's language).

    >>> language_asked(["--lang", "fr", "score"], {}), language_asked(["--lang=fr"], {})
    ('fr', 'fr')
    >>> language_asked(["score", "--contract", "garde"], {"LANG": "fr_FR.UTF-8"})
    'fr'
    >>> language_asked(["quiz", "--lang", "fr"], {}), language_asked(["--lang", "de"], {"LANG": "fr_FR"})
    ('en', 'fr')
    """
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        elif not arg.startswith("-"):
            break  # the command: --lang belongs before it
        if value is not None:
            return i18n.normalise(value) or language_from_env(environ)
    return language_from_env(environ)


def _run(parser: argparse.ArgumentParser, args) -> int:
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:
        return _reader_gone()
    except TarotError as err:
        print(_("tarot-tutor: error: {message}").format(message=error_text(err)), file=sys.stderr)
        return 2
    except (OSError, UnicodeError) as err:
        print(_("tarot-tutor: error: {message}").format(message=os_error(err)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def language_from_env(environ=None) -> str:
    """The language the environment asks for: ``LC_ALL`` then ``LANG`` (``fr_FR.UTF-8`` is French), else English.

    >>> language_from_env({"LANG": "fr_FR.UTF-8"}), language_from_env({"LC_ALL": "C.UTF-8", "LANG": "fr_CA"})
    ('fr', 'fr')
    >>> language_from_env({"LANG": "de_DE.UTF-8"}), language_from_env({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    return i18n.choose(env.get("LC_ALL"), env.get("LANG"))


def error_text(err: Exception) -> str:
    """An error's sentence in the learner's language (an engine error keeps its message id)."""
    return say(err.args[0]) if err.args and isinstance(err.args[0], str) else str(err)


def _reader_gone() -> int:
    """The reader of our output left (``tarot-tutor ... | head``): stop quietly, as a shell tool does.
    Output still buffered would fail again at exit, so standard output now goes nowhere."""
    # stdout may not be a real file (a test's capture): then there is nothing to silence.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141  # 128 + SIGPIPE, the status of a tool the pipe closed on
