"""One house style for every French text (issue 28): the catalogues, the lesson and puzzle files and the rules
summary use typographic apostrophes, a no-break space before « : », narrow no-break spaces before « ; ! ? » and
inside « », and one French for one English message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
FRAGMENTS = sorted((ROOT / "tutor" / "i18n" / "locales" / "fr" / "LC_MESSAGES").glob("*.po"))
FILES = sorted([*ROOT.glob("lessons/fr/*.yaml"), *ROOT.glob("puzzles/fr/**/*.yaml"),
                ROOT / "tutor" / "ui" / "quiz" / "rules_summary.fr.md"])
# Placeholders, code, icons and addresses are not prose; nor is the typed-answer syntax ("objectif: 41").
KEPT = re.compile(r"\{[^{}]*\}|`[^`]*`|https?://\S+|:material/\w+:|\b\w+: \d")

# What breaks the house style, with the reason a reader would give.
FAULTS = {
    "a straight apostrophe": re.compile(r"(?<=[A-Za-zÀ-ÿœ])'(?=[A-Za-zÀ-ÿœ0-9])"),
    "a colon without its no-break space": re.compile(r"(?<=\S)(?:[ \u202f]|(?<![\u00a0]))(?<!\u00a0):(?=\s|$|\*)"),
    "« ; ! ? » without a narrow no-break space": re.compile(r"(?<=[^\s\u202f(\[])[;!?](?=\s|$|\*)|[ \u00a0][;!?]"),
    "quotes without narrow no-break spaces": re.compile(r"«(?!\u202f)|(?<!\u202f)»"),
}


def faults(text: str) -> list[str]:
    prose = KEPT.sub(" X ", text)
    return [name for name, pattern in FAULTS.items() if pattern.search(prose)]


def test_the_checker_sees_each_fault_and_passes_good_french():
    assert faults("Le pli s’ouvre sur l’Excuse\u00a0: vraiment\u202f? «\u202foui\u202f»\u202f; non\u202f!") == []
    assert faults("l'Excuse") == ["a straight apostrophe"]
    assert faults("Points : 41") == ["a colon without its no-break space"]
    assert faults("Points: quarante") == ["a colon without its no-break space"]
    assert faults("Vraiment ?") == ["« ; ! ? » without a narrow no-break space"]
    assert faults("« oui »") == ["quotes without narrow no-break spaces"]
    assert faults("{card!r} `KH: x` https://fft.fr/a?b=1") == []


def _msgstrs(path: Path):
    with path.open("rb") as fh:
        for m in read_po(fh, locale="fr"):
            if m.id:
                for s in m.string if isinstance(m.string, tuple) else (m.string,):
                    yield m, s


@pytest.mark.parametrize("path", FRAGMENTS, ids=lambda p: p.name)
def test_every_catalogue_string_follows_the_house_style(path):
    bad = [(m.id, s, faults(s)) for m, s in _msgstrs(path) if s and faults(s)]
    assert bad == []


def _texts(node, key=""):
    """The French prose of a content file: every string but stamps, ids, kinds, cards and accepted words."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in NOT_PROSE:
                yield from _texts(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from _texts(v, key)
    elif isinstance(node, str):
        yield key, node


NOT_PROSE = {"en", "id", "kind", "answer_words", "cards", "lesson", "skill", "puzzle", "guided"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_french_content_file_follows_the_house_style(path):
    text = path.read_text(encoding="utf-8")
    strings = [("", text)] if path.suffix == ".md" else list(_texts(yaml.safe_load(text)))
    bad = [(key, s[:90], faults(s)) for key, s in strings if faults(s)]
    assert bad == []


def test_the_margin_is_la_difference_never_the_ecart():
    """« écart » is the taker's discard; the points a contract is won or lost by are « la différence »."""
    margin = re.compile(r"\bmargin\b|\b(won|lost) by\b", re.I)
    said = [(m.id, s) for path in FRAGMENTS for m, s in _msgstrs(path)
            if s and margin.search(m.id if isinstance(m.id, str) else m.id[0])]
    assert len(said) > 3  # the messages about the margin were found
    assert [(i, s) for i, s in said if "écart" in s] == []
