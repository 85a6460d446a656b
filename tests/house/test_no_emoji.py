"""No emoji as icons: they show as empty boxes in a browser without an emoji font. The pages use
Streamlit's Material icons (``:material/check_circle:``) beside words that say the same thing.

Checked twice: in the UI's source (so a new one is caught where it is written), and in what every
page sends to the browser, including the states that used to show one (the course map with lessons
done, redone and next; a solved puzzle; a game on the score sheet)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptest_helpers import app
from google.protobuf import text_format

from tutor.progress import AnswerRecord

ROOT = Path(__file__).resolve().parents[2]
# Emoji blocks and the dingbats and symbols browsers draw as emoji (✅ ❌ ▶️ ◻️ ⏭️ 🔁 💡 ⚠️ 🛟 …), and the
# emoji variation selector. The suit symbols, stars and ✓ ✗ are ordinary text characters that every
# font we ship or rely on has, so they stay.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u23E9-\u23FA"
                   "\u25AA\u25AB\u25B6\u25C0\u25FB-\u25FE\uFE0F]")
TEXT_SYMBOLS = set("♠♥♦♣♤♡♢♧★☆✓✗")
PAGES = ["course", "lesson", "drill", "puzzles", "practice", "progress", "reference", "check", "scoresheet",
         "worksheets", "class_quiz", "teacher"]


def emoji_in(text: str) -> list[str]:
    """The emoji in ``text``.

    >>> emoji_in("✅ done ★★☆ K♥ ✓"), emoji_in("▶️ next"), emoji_in(":material/check_circle: done")
    (['✅'], ['▶', '️'], [])
    """
    return [c for c in EMOJI.findall(text) if c not in TEXT_SYMBOLS]


def test_no_emoji_in_the_ui_source():
    files = [ROOT / "streamlit_app.py", *sorted((ROOT / "tutor" / "ui").rglob("*.py"))]
    found = [f"{f.relative_to(ROOT)}:{n}: {''.join(emoji_in(line))}"
             for f in files for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if emoji_in(line)]
    assert found == []


def page_text(at) -> str:
    """Everything the page sends to the browser: every element's message, as text."""
    out = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(text_format.MessageToString(proto, as_utf8=True))
        for child in getattr(node, "children", {}).values():
            walk(child)
    walk(at._tree)
    return "\n".join(out)


@pytest.mark.parametrize("name", PAGES)
def test_no_page_sends_an_emoji(name):
    at = app(f"tutor/ui/pages/{name}.py")
    assert not at.exception
    text = page_text(at)
    assert len(text) > 200  # the page did draw something
    assert emoji_in(text) == []


def test_the_course_map_marks_lessons_with_icons_and_words(db):
    me = db.default_learner()
    db.finish_lesson(me.id, "the-deck")
    for seed in (1, 2):  # the goal done with every answer on its skill wrong: "worth another go"
        db.record_answer(me.id, AnswerRecord("target", "target", seed, {"players": 4}, "0", False, 0.0))
    db.finish_lesson(me.id, "the-goal")
    at = app()
    text = page_text(at)
    assert emoji_in(text) == []
    cards = [m.value for m in at.markdown if m.value.startswith(":material/")]
    deck = next(c for c in cards if "The deck**" in c)
    goal = next(c for c in cards if "The goal" in c)
    assert deck.startswith(":material/check_circle:") and "· done" in deck
    assert goal.startswith(":material/replay:") and "worth another go" in goal
    assert any(c.startswith(":material/play_arrow:") and "· next" in c for c in cards)
    assert any(c.startswith(":material/radio_button_unchecked:") and "· to do" in c for c in cards)


def test_a_solved_puzzle_is_marked_in_words(db):
    from tutor.ui.common.data import puzzles
    me = db.default_learner()
    first = puzzles()[0]
    db.record_puzzle(me.id, first.id, solved=True, credit=1.0)
    at = app("tutor/ui/pages/puzzles.py")
    assert at.selectbox(key="pz_pick").format_func(first.id).startswith("solved · ")
    assert emoji_in(page_text(at)) == []
