"""The course covers every skill, every quiz generator and every section of RULES.md."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from tutor.content import CheckStep, MistakeStep, TextStep, load_course
from tutor.content.verify import QuizContext
from tutor.quiz import KINDS
from tutor.skills import SKILLS

REPO = Path(__file__).resolve().parents[2]
RULES_MD = REPO.parent / "shared" / "RULES.md"


@pytest.fixture(scope="module")
def course():
    c = load_course(REPO / "lessons")
    assert not c.problems, [str(p) for p in c.problems]
    return c


def fold(text: str) -> str:
    """Lower case, no accents, no Markdown emphasis, one space between words."""
    text = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe").replace("’", "'"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).replace("*", "").replace("`", "")
    return " ".join(text.split())


def lesson_text(lesson) -> str:
    """Everything a learner reads in a lesson (titles, bodies, captions, questions, options, mistakes...)."""
    parts = [lesson.title, lesson.summary]
    for step in [*lesson.steps, *lesson.quiz]:
        for name, value in step:
            if isinstance(value, str) and name not in ("kind", "generator"):
                parts.append(value)
            elif isinstance(value, list):
                parts += [v if isinstance(v, str) else getattr(v, "text", "") for v in value]
    return fold("\n".join(p for p in parts if p))


# ---------------------------------------------------------------- skills and generators


def test_every_skill_is_trained_by_a_lesson(course):
    trained = course.skills()
    assert set(SKILLS) <= set(trained), set(SKILLS) - set(trained)


def test_every_generator_skill_is_trained_and_every_generator_is_used(course):
    kinds = QuizContext.default().kinds
    assert set(KINDS) == set(kinds)
    trained = course.skills()
    for kind, skill in kinds.items():
        assert skill in SKILLS and skill in trained, (kind, skill)
    used = {q.generator for x in course.lessons for q in [*x.steps, *x.quiz]
            if isinstance(q, CheckStep) and q.is_generated}
    assert set(KINDS) <= used, set(KINDS) - used


def test_quiz_generators_match_the_lesson_skills(course):
    kinds = QuizContext.default().kinds
    for lesson in course.lessons:
        for q in lesson.quiz:
            if q.is_generated:
                assert kinds[q.generator] in lesson.skills, (lesson.id, q.generator)


# ---------------------------------------------------------------- RULES.md, section by section

# RULES.md "##" heading (up to the parenthesis) -> lessons that teach it, and words those lessons must use.
RULES_COVERAGE = {
    "Cards": (["the-deck", "ranks", "card-values"], [
        "78 cards", "spades", "hearts", "diamonds", "clubs", "king, queen, knight, jack", "21 is the highest",
        "the petit", "the excuse", "oudlers", "4.5", "3.5", "2.5", "1.5", "0.5", "91 points", "in pairs",
        "kh", "cs", "10d", "t1", "ex"]),
    "Players, dealing, dog": (["dealing", "three-players", "five-players"], [
        "24 cards", "15 cards", "dog", "packets of 4", "counter-clockwise", "lowest card deals",
        "spades > hearts > diamonds > clubs", "the excuse does not count", "opposite", "cuts",
        "more than 3 cards", "one at a time", "first and the last card", "petit sec", "misdeal", "same dealer"]),
    "Bidding": (["bidding", "the-ecart", "five-players"], [
        "dealer's right", "exactly once", "higher than every", "petite", "garde sans le chien",
        "garde contre le chien", "×1", "×2", "×4", "×6", "next dealer", "écart", "no king", "no oudler",
        "cannot avoid it", "shown", "calls a king", "queen", "knight", "own hand", "in the dog",
        "first trick", "called suit", "1 against 4", "2 against 3"]),
    "Announcements": (["bonuses", "three-players", "five-players"], [
        "poignée", "first card", "descending order", "exactly", "extra trumps stay hidden", "stand in",
        "13, 15 or 18", "10/13/15", "8, 10 or 13", "20", "30", "40", "never multiplied",
        "side that wins the deal", "chelem", "announced after the bidding", "leads the first trick"]),
    "Playing a trick": (["following-suit", "overtrumping", "winning-tricks"], [
        "dealer's right leads", "winner of each trick leads the next", "follow suit", "never have to play higher",
        "must play a trump", "overtrump", "your partner", "undertrump", "any card", "at any time",
        "next card", "low card", "last trick", "changes side", "highest trump", "suit led"]),
    "Scoring": (["the-goal", "scoring", "bonuses", "three-players", "five-players"], [
        "56", "51", "41", "36", "juste fait", "écart", "half point goes to the side that wins", "40.5",
        "41.5", "(25 +", "multiplier", "petit au bout", "10 × the multiplier", "whatever", "+400", "+200",
        "−200", "each defender", "3 times", "2 times", "4 times", "add up to zero", "excuse held by the attack"]),
    "Duplicate": (["at-the-club"], [
        "same deals", "étui", "orientation", "nobody plays the same deal twice", "garde, imposed", "prenable",
        "fiche", "marque per defender", "topped", "100 %", "0 %", "share their notes", "100 − the taker's note",
        "50 %", "¼ of your attack %", "¾ of your defence %", "classement alterné"]),
    "Variants from the sources": (["mistakes-and-house-rules"], [
        "house rule", "not fft", "misère", "no trump and no excuse", "no face card and no oudler",
        "10 from each other player", "everybody passes", "as few points as possible",
        "announced bonuses count double", "×8", "×16", "pousse", "1.5"]),
    "Common mistakes found in the sources": (["mistakes-and-house-rules"], [
        "(25 + 5) × 2 = 60", "winner of the trick", "twice as much", "adds or removes 10",
        "10, 13 or 15", "13, 15 or 18", "may not lead the excuse", "king, queen, jack, knight",
        "overtrump your partner"]),
}


def rules_sections() -> list[str]:
    if not RULES_MD.exists():
        pytest.skip(f"{RULES_MD} is not here (the shared folder sits beside the repository in CI)")
    heads = re.findall(r"^## (.+)$", RULES_MD.read_text(encoding="utf-8"), flags=re.M)
    return [h.split(" (")[0].strip() for h in heads]


def test_the_coverage_table_lists_every_rules_section():
    assert rules_sections() == list(RULES_COVERAGE)


@pytest.mark.parametrize("section", list(RULES_COVERAGE))
def test_rules_section_is_taught(course, section):
    lesson_ids, words = RULES_COVERAGE[section]
    lessons = [course.lesson(i) for i in lesson_ids]
    assert all(lessons), [i for i, x in zip(lesson_ids, lessons) if x is None]
    text = " ".join(lesson_text(x) for x in lessons)
    missing = [w for w in words if fold(w) not in text]
    assert not missing, f"{section}: the lessons never say {missing}"


# RULES.md's common mistakes, each taught in a "mistake" callout: (words of the wrong claim, words of the rule).
MISTAKES = [
    ("25 + 2 × 5 = 35", "(25 + 5) × 2 = 60"),
    ("winner of the trick", "side that wins the deal"),
    ("worth twice as much", "only the chelem"),
    ("adds or removes 10 points", "changes side"),
    ("10, 13 or 15 trumps", "13, 15 or 18 trumps"),
    ("may not lead the excuse", "no such fft rule"),
    ("king, queen, jack, knight", "between the queen and the jack"),
    ("need not overtrump your partner", "must overtrump whoever is winning"),
]


def test_every_common_mistake_of_rules_md_has_a_callout(course):
    if RULES_MD.exists():
        block = RULES_MD.read_text(encoding="utf-8").split("## Common mistakes", 1)[1]
        assert len(re.findall(r"^- ", block, flags=re.M)) == len(MISTAKES), "a mistake was added to RULES.md"
    callouts = [(fold(s.wrong), fold(s.right)) for x in course.lessons for s in x.steps if isinstance(s, MistakeStep)]
    lesson15 = [(fold(s.wrong), fold(s.right)) for s in course.lesson("mistakes-and-house-rules").steps
                if isinstance(s, MistakeStep)]
    for wrong, right in MISTAKES:
        assert any(fold(wrong) in w and fold(right) in r for w, r in lesson15), (wrong, right)
    assert len(callouts) > len(lesson15)  # mistakes are also taught where the rule is first met


def test_house_rules_are_labelled_and_only_in_their_lesson(course):
    for lesson in course.lessons:
        for step in lesson.steps:
            if isinstance(step, TextStep) and step.callout == "house-rule":
                assert lesson.id == "mistakes-and-house-rules"
                assert "not fft" in fold(step.body) or "not part of the fft" in fold(step.body)
    labelled = [s for s in course.lesson("mistakes-and-house-rules").steps
                if isinstance(s, TextStep) and s.callout == "house-rule"]
    assert len(labelled) >= 2
    # No other lesson mentions misère outside the glossary.
    for lesson in course.lessons:
        if lesson.id != "mistakes-and-house-rules":
            assert "misere" not in lesson_text(lesson), lesson.id


# ---------------------------------------------------------------- the glossary


def test_glossary_terms_are_used_by_the_lesson_that_teaches_them(course):
    for term in course.glossary.terms:
        assert term.lesson is not None, term.french
        lesson = course.lesson(term.lesson)
        assert lesson is not None, term.french
        assert any(fold(t) == fold(term.french) for t in lesson.all_terms), (term.french, term.lesson)


def test_every_lesson_refers_to_the_glossary(course):
    for lesson in course.lessons:
        assert lesson.all_terms, lesson.id
