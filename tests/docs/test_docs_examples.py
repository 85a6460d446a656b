"""Each `tarot-tutor …` example in a bash code block of README.md and docs/ runs, as a reader would run it from
the repository's root: the installed command, in a subprocess, with a timeout, must exit 0.

A comment after the command may say otherwise, in words the reader sees too:
- ``# exits 2: …`` — the example shows an error, and must exit with that status;
- ``[test: --boards 1 --budget 10]`` — the example takes long; the test runs it with these options instead;
- ``[test: skip, …]`` — not run here (say why, e.g. CI runs it).

The examples run in a scratch folder holding `lessons/`, `puzzles/` and `docs/examples/` (so the files a command
writes land there), against a throw-away database and cache.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BIN = Path(sys.executable).parent
TIMEOUT = 60  # seconds of wall clock a command may take on a busy machine before it counts as hung
FENCE = re.compile(r"^\s*```\s*(\w*)")
COMMAND = re.compile(r"(^|[|;&]\s*)tarot-tutor\b")


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    command: str
    comment: str

    @property
    def expected(self) -> int:
        m = re.search(r"\bexits (\d+)\b", self.comment)
        return int(m.group(1)) if m else 0

    @property
    def skipped(self) -> bool:
        return bool(re.search(r"\[test: skip\b", self.comment))

    def to_run(self) -> str:
        """The command, with the options of a ``[test: …]`` marker put in place of the example's."""
        m = re.search(r"\[test: ([^\]]+)\]", self.comment)
        if not m or self.skipped:
            return self.command
        words, changes = shlex.split(self.command), shlex.split(m.group(1))
        for option, value in zip(changes[::2], changes[1::2]):
            if option in words:
                words[words.index(option) + 1] = value
            else:
                words += [option, value]
        return shlex.join(words)


def split_comment(line: str) -> tuple[str, str]:
    """A shell line's command and its trailing ``# comment`` (a # inside quotes is not one)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def examples(path: Path) -> list[Example]:
    found, lang, pending = [], None, None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = FENCE.match(line)
        if m:
            lang = None if lang is not None else m.group(1)
            continue
        if lang not in ("bash", "sh", "shell"):
            continue
        if pending:  # a command continued with a backslash
            start, text = pending
            line, number = text + " " + line.strip(), start
        if line.rstrip().endswith("\\"):
            pending = (number, line.rstrip()[:-1])
            continue
        pending = None
        command, comment = split_comment(line.strip().removeprefix("$ "))
        if COMMAND.search(command):
            found.append(Example(str(path.relative_to(ROOT)), number, command, comment))
    return found


ALL_EXAMPLES = [e for page in PAGES for e in examples(page)]
# a command shown on two pages (the README's tour repeats a few) runs once, under its first place
EXAMPLES = list({(e.to_run(), e.expected, e.skipped): e for e in reversed(ALL_EXAMPLES)}.values())[::-1]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    where = tmp_path_factory.mktemp("docs-examples")
    for name in ("lessons", "puzzles"):
        (where / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "docs" / "examples", where / "docs" / "examples")
    return where


def test_the_examples_are_found():
    assert len(EXAMPLES) >= 20, "the docs' command-line examples went missing"
    assert len(EXAMPLES) < len(ALL_EXAMPLES), "the README's tour repeats some of the pages' examples"
    commands = {e.command.split()[1] for e in EXAMPLES if e.command.startswith("tarot-tutor ")}
    assert {"score", "legal", "quiz", "check", "worksheet", "sheet", "solve", "bid", "match", "duplicate"} <= commands
    line = Example("x", 1, "tarot-tutor match --players 4 --boards 10 --seed 1",
                   "minutes [test: --boards 1 --budget 5]")
    assert line.to_run() == "tarot-tutor match --players 4 --boards 1 --seed 1 --budget 5"
    assert split_comment("tarot-tutor legal --hand \"KH #x\"  # exits 2: a card twice") == \
        ('tarot-tutor legal --hand "KH #x"', "exits 2: a card twice")
    assert Example("x", 1, "c", "exits 2: a card twice").expected == 2


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.page}:{e.line}")
def test_the_example_runs(example, scratch):
    if example.skipped:
        pytest.skip(example.comment)
    if not (BIN / "tarot-tutor").exists():
        pytest.fail(f"tarot-tutor is not installed beside {sys.executable}: pip install -e .")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "LANG": "C.UTF-8",
           "TUTOR_DATABASE_URL": f"sqlite:///{scratch / 'progress.sqlite3'}", "TUTOR_CACHE_DIR": str(scratch / "cache")}
    env.pop("LC_ALL", None)
    run = subprocess.run(["bash", "-o", "pipefail", "-c", example.to_run()], cwd=scratch, env=env,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
    said = f"{example.page}:{example.line}: {example.to_run()}\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    assert run.returncode == example.expected, said
    assert "Traceback" not in run.stderr, said
    if example.expected == 0:
        assert run.stdout.strip() or "-o " in example.command, said  # an example shows something

