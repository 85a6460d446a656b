"""Checking every translation of a content folder, and writing the ``en:`` stamps that date them.

A translated place (the top of a lesson, a step, a quiz question, a glossary term, a puzzle, a moment of a guided
hand) carries ``en: <8 hex digits>``, a hash of the English text it was translated from. When the English text
changes, the hash no longer matches and ``tarot-tutor check`` names the translated file and line to revisit;
``tarot-tutor check --stamp-french`` writes the current hashes once the translation has been checked.

>>> import tempfile
>>> d = Path(tempfile.mkdtemp())
>>> _ = (d / "fr").mkdir(), (d / "x.yaml").write_text("title: T\\nsummary: S\\nsteps:\\n  - kind: text\\n"
...      "    body: Hi\\nquiz: []\\n"), (d / "fr" / "x.yaml").write_text("title: T\\nsummary: R\\nsteps:\\n"
...      "  - kind: text\\n    body: Salut\\nquiz: []\\n")
>>> [p.message[:28] for p in check_translation(d / "fr" / "x.yaml", d / "x.yaml", "lesson")]
["the title and summary: no 'e", "step 1 (text): no 'en:' stam"]
>>> stamp_translation(d / "fr" / "x.yaml", d / "x.yaml", "lesson")
(2, [])
>>> print((d / "fr" / "x.yaml").read_text().strip())
en: a01d5b94
title: T
summary: R
steps:
  - kind: text
    en: ff82643c
    body: Salut
quiz: []
>>> check_translation(d / "fr" / "x.yaml", d / "x.yaml", "lesson")
[]
"""

from __future__ import annotations

import re
from pathlib import Path

from ..i18n import LANGUAGES
from .glossary import GLOSSARY_FILE
from .overlay import CHECKERS, GLOSSARY_KEYS, STAMP, Overlay, english_path, stamp_of
from .yamlio import ContentError, LineDict, Problem, load_file

SOURCE = "en"
_YAML = (".yaml", ".yml")
_SIMPLE_FIRST = re.compile(r"^(kind|french): [^\s|>{\[\"'&*!%@`#][^#]*$")  # a one-line plain first key


def translation_files(directory: str | Path) -> list[tuple[Path, Path, str]]:
    """(translated file, English file, what) for every translation in a lessons or puzzles folder."""
    d = Path(directory)
    out = []
    for lang in sorted(set(LANGUAGES) - {SOURCE}):
        folder = d / lang
        if not folder.is_dir():
            continue
        for f in sorted(p for p in folder.iterdir() if p.suffix in _YAML and p.is_file()):
            what = "glossary" if f.name == GLOSSARY_FILE else "puzzles" if _in_puzzles(d) else "lesson"
            out.append((f, english_path(f), what))
        guided = folder / "guided"
        if guided.is_dir():
            out += [(f, english_path(f), "puzzles")
                    for f in sorted(p for p in guided.iterdir() if p.suffix in _YAML and p.is_file())]
    return out


def _in_puzzles(d: Path) -> bool:
    return d.resolve().name == "puzzles"


def what_of(path: Path) -> str:
    """How a translated file is checked, from where it lies."""
    if path.name == GLOSSARY_FILE:
        return "glossary"
    parts = path.resolve().parts
    return "puzzles" if "puzzles" in parts[-4:-1] else "lesson"


def is_translation(path: str | Path) -> bool:
    """A file in a language folder (``lessons/fr/...``, ``puzzles/fr/guided/...``)."""
    parent = Path(path).resolve().parent
    if parent.name == "guided":
        parent = parent.parent
    return parent.name in LANGUAGES and parent.name != SOURCE


def _compare(fr_path: Path, en_path: Path, what: str) -> Overlay:
    if not en_path.is_file():
        return Overlay(str(fr_path), [Problem(str(fr_path), 1, f"no English file {en_path} to translate: a "
                                                               "translation has the English file's name")])
    try:
        fr = load_file(fr_path, rules=False)
        en = load_file(en_path, rules=False)
    except ContentError as err:
        return Overlay(str(fr_path), [p for p in err.problems if p.path == str(fr_path)]
                       or [Problem(str(fr_path), 1, "the English file cannot be read: fix it first")])
    return CHECKERS[what](en, fr, str(fr_path))


def check_translation(fr_path: str | Path, en_path: str | Path | None = None, what: str | None = None
                      ) -> list[Problem]:
    """Every problem of one translated file: its structure against the English, then its stamps."""
    fr_path = Path(fr_path)
    ov = _compare(fr_path, Path(en_path) if en_path else english_path(fr_path), what or what_of(fr_path))
    return sorted(ov.problems + ov.stale, key=lambda p: p.line)


def stamp_translation(fr_path: str | Path, en_path: str | Path | None = None, what: str | None = None
                      ) -> tuple[int, list[Problem]]:
    """Write the current ``en:`` stamp at every translated place: (stamps written or changed, problems).

    A file with a structure problem is left as it is (its problems are returned): fix it, then stamp."""
    fr_path = Path(fr_path)
    ov = _compare(fr_path, Path(en_path) if en_path else english_path(fr_path), what or what_of(fr_path))
    if ov.problems:
        return 0, ov.problems
    lines = fr_path.read_text(encoding="utf-8").split("\n")
    edits = []
    for pair in ov.pairs:
        keys = GLOSSARY_KEYS if pair.keys == ("definition", "english") else pair.keys
        want = stamp_of(pair.en, keys)
        if want is None or str(pair.fr.get(STAMP)) == want:
            continue
        edits.append(_edit(pair.fr, want, lines))
    for index, new in sorted(edits, key=lambda e: e[0], reverse=True):
        lines[index:index + 1] = new
    if edits:
        fr_path.write_text("\n".join(lines), encoding="utf-8")
    return len(edits), []


def _edit(fr: LineDict, want: str, lines: list[str]) -> tuple[int, list[str]]:
    """(line index, the lines that replace it) to put ``en: want`` in the mapping ``fr``."""
    if STAMP in fr.lines:
        i = fr.lines[STAMP] - 1
        return i, [re.sub(r"(\ben:\s*)[^\s,}#]+", lambda m: m.group(1) + want, lines[i], count=1)]
    i = fr.line - 1
    text = lines[i]
    item = re.match(r"^(\s*)- (.*)$", text)
    if item:
        indent, rest = item.groups()
        if rest.startswith("{"):
            body = rest[1:].lstrip()
            sep = "" if body.startswith("}") else ", "
            return i, [f"{indent}- {{{STAMP}: {want}{sep}{body}"]
        if _SIMPLE_FIRST.match(rest):
            return i, [text, f"{indent}  {STAMP}: {want}"]
        return i, [f"{indent}- {STAMP}: {want}", f"{indent}  {rest}"]
    first = next(iter(fr), None)
    flow = re.match(r"^(\s*[^\s#][^#]*?:\s*)\{(.*)$", text)
    if flow and not (first is not None and text.lstrip().startswith(f"{first}:")):  # 'id: {title: ...}'

        head, body = flow.groups()
        sep = "" if body.lstrip().startswith("}") else ", "
        return i, [f"{head}{{{STAMP}: {want}{sep}{body.lstrip()}"]
    indent = text[:len(text) - len(text.lstrip())]
    return i, [f"{indent}{STAMP}: {want}", text]


def check_translations(directory: str | Path) -> tuple[list[str], list[Problem]]:
    """(translated files, their problems) of a lessons or puzzles folder."""
    files, problems = [], []
    for fr, en, what in translation_files(directory):
        files.append(str(fr))
        problems += check_translation(fr, en, what)
    return files, problems


def stamp_translations(directory: str | Path) -> tuple[int, int, list[Problem]]:
    """Stamp every translation of a folder: (stamps written, files changed, problems of files left alone)."""
    written, changed, problems = 0, 0, []
    for fr, en, what in translation_files(directory):
        n, bad = stamp_translation(fr, en, what)
        written += n
        changed += 1 if n else 0
        problems += bad
    return written, changed, problems


__all__ = ["check_translation", "check_translations", "is_translation", "stamp_translation", "stamp_translations",
           "translation_files", "what_of"]
