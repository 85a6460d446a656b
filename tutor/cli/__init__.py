"""The ``tarot-tutor`` command line (also ``python -m tutor``).

Each command lives in its own module with ``register(subparsers)``; its handler
returns an exit status. Bad input is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys

from ..engine.errors import TarotError
from ..limits import shorten

# Modules that add commands; each has register(subparsers).
COMMAND_MODULES = ("tutor.cli.engine_cmds", "tutor.cli.content_cmds", "tutor.cli.quiz_cmds",
                   "tutor.cli.club_cmds", "tutor.cli.teacher_cmds", "tutor.cli.strategy_cmds")


class UsageError(TarotError):
    """Bad command-line input (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump; never a 5,000-digit value quoted whole
        self.exit(2, f"{self.prog}: error: {shorten(' '.join(message.split()), 300)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tarot-tutor", description="Tarot Tutor: check scores, legal plays and content.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:
        return _reader_gone()
    except TarotError as err:
        print(f"tarot-tutor: error: {err}", file=sys.stderr)
        return 2
    except (OSError, UnicodeError) as err:
        print(f"tarot-tutor: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _reader_gone() -> int:
    """The reader of our output left (``tarot-tutor ... | head``): stop quietly, as a shell tool does.
    Output still buffered would fail again at exit, so standard output now goes nowhere."""
    # stdout may not be a real file (a test's capture): then there is nothing to silence.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141  # 128 + SIGPIPE, the status of a tool the pipe closed on
