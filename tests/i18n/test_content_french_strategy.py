"""The French text of the measured strategy lessons (17, 18, 20): every number filled, French figures, no English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_texts import lesson_written

import tutor.quiz  # noqa: F401  (hands the generators to the lesson checker)
from tutor import i18n
from tutor.content.lessons import load_course

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
MEASURED = ["17-judging-a-hand.yaml", "18-which-contract.yaml", "20-calling-a-king.yaml"]
ENGLISH = re.compile(r"\b(the|and|with|which|how many|deals?|hands?|taker|against|about|made|trumps?)\b", re.I)


@pytest.fixture(scope="module")
def courses():
    with i18n.using("fr"):
        french = load_course(LESSONS, lang="fr")
    return french, load_course(LESSONS, lang="en")


def _lesson(course, name):
    return next(x for x in course.lessons if Path(x.path).name == name)




@pytest.mark.parametrize("name", MEASURED)
def test_measured_lessons_read_in_french_with_every_number_filled(courses, name):
    french, english = courses
    fr, en = _lesson(french, name), _lesson(english, name)
    assert french.translations == [] and fr.title != en.title
    with i18n.using("fr"):
        texts = lesson_written(fr)
    assert not [t for t in texts if "{" in t], "a placeholder was left unfilled"
    from tutor.engine.rule_text import RULE_TEXT
    with i18n.using("fr"):  # lesson 20 quotes the call rule, French once the rule catalogue translates it
        untranslated = [s for s in RULE_TEXT.values() if i18n._(s) == s]
    left = [t for t in texts if ENGLISH.search(re.sub("|".join(map(re.escape, untranslated)) or "^$", "", t))]
    assert left == []
    # the measured chances read as French words, as the English reads them in English
    assert any("donnes sur 10" in t for t in texts) == any("deals in 10" in t for t in lesson_written(en))


def test_stored_figures_are_written_the_french_way(courses):
    """A bench script's figures (3,000 hands; a log loss of 0.39) read French in French, unchanged in English."""
    french, english = courses
    with i18n.using("fr"):
        fr = " ".join(lesson_written(_lesson(french, "17-judging-a-hand.yaml")))
        call = " ".join(lesson_written(_lesson(french, "20-calling-a-king.yaml")))
    en = " ".join(lesson_written(_lesson(english, "17-judging-a-hand.yaml")))
    assert re.search(r"\b3\u202f000 mains", fr) and re.search(r"\b0,\d\d contre", fr)
    assert not re.search(r"\d,\d{3}\b|\d\.\d", fr + call)
    assert re.search(r"\b3,000 hands", en) and re.search(r"\b0\.\d\d against", en)


def test_french_figures_only_touch_numbers():
    from tutor.content.measures import Measures
    m = Measures({"facts": {"n": "3,000", "ll": "0.39", "d": "-6", "p": "88%", "w": "king of diamonds"}})
    with i18n.using("fr"):
        assert [m.value(f"fact.{k}") for k in ["n", "ll", "d", "p", "w"]] == [
            "3\u202f000", "0,39", "−6", "88%", "king of diamonds"]
    assert m.value("fact.n") == "3,000" and m.value("fact.d") == "-6"
