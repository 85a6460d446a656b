"""Quizzes that never repeat or run ahead (issue 12, points 11 and 12): every generated question of the
course is its own, and every check needs only skills its lesson and that lesson's prerequisites teach."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.content import load_course
from tutor.content.lessons import checks_with_places, derive_seed
from tutor.quiz import generate, question_key, skills_needed

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
FIXTURES = REPO / "tests" / "fixtures" / "content"


@pytest.fixture(scope="module")
def course():
    return load_course(LESSONS)


def generated(course):
    return [(lesson, where, step) for lesson in course.lessons for where, step in checks_with_places(lesson)
            if step.is_generated]


# ---------------------------------------------------------------- point 11: distinct questions


def test_every_generated_question_of_the_course_is_its_own(course):
    items = generated(course)
    assert len(items) >= 19
    keys = [question_key(generate(s.generator, s.quiz_seed, **s.params)) for _, _, s in items]
    assert len(set(keys)) == len(keys)
    # The seed the app uses is the one the checker verified.
    for lesson, where, step in items:
        assert step._question is not None and question_key(step._question) == question_key(
            generate(step.generator, step.quiz_seed, **step.params)), (lesson.id, where)


def test_unpinned_seeds_come_from_the_lesson_and_the_place(course):
    for lesson, where, step in generated(course):
        if step.seed is None:
            assert step.quiz_seed == derive_seed(lesson.id, where.split(" (")[0])
    # Stable across runs and machines (CRC-32, not the salted hash()), and different per place.
    assert derive_seed("the-goal", "quiz question 1") == derive_seed("the-goal", "quiz question 1")
    assert derive_seed("the-goal", "quiz question 1") != derive_seed("the-goal", "quiz question 2")


@pytest.fixture
def seed_zero_course(tmp_path):
    """The course as it was: every generated check without params on seed 0."""
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    for f in root.glob("*.yaml"):
        text = f.read_text(encoding="utf-8")
        text = re.sub(r"^(\s*)- generator: (\w+)\n(?!\s+params)", r"\1- generator: \2\n\1  seed: 0\n", text,
                      flags=re.M)
        f.write_text(text, encoding="utf-8")
    return root


def test_the_seed_zero_repeats_are_caught(seed_zero_course):
    c = load_course(seed_zero_course)
    repeats = [p for p in c.problems if "the same question as" in p.message]
    files = Counter(Path(p.path).name for p in repeats)
    # Two closing-quiz items of one lesson asked the same question...
    for name in ("03-card-values.yaml", "04-the-goal.yaml", "07-the-ecart.yaml", "08-following-suit.yaml",
                 "12-scoring.yaml", "14-five-players.yaml"):
        assert any(p.path.endswith(name) and "in this lesson" in p.message for p in repeats), name
    # ...and lesson 9 asked lesson 8's legal question again.
    assert any(p.path.endswith("09-overtrumping.yaml") and "in 08-following-suit.yaml" in p.message
               for p in repeats)
    assert sum(files.values()) == len(repeats)
    for p in repeats:  # each names its file and line, and the line is the generator's
        assert "generator:" in Path(p.path).read_text(encoding="utf-8").splitlines()[p.line - 1]


def test_check_one_file_reports_a_repeat_with_its_line(capsys):
    path = FIXTURES / "duplicate-question.yaml"
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:33: quiz question 2: the same question as quiz question 1")
    assert out[-1] == "checked 1 file: 1 problem"


# ---------------------------------------------------------------- point 12: never ask before teaching


def test_every_check_needs_only_what_was_taught(course):
    by_id = {x.id: x for x in course.lessons}

    def taught(lesson, seen=None):
        seen = set() if seen is None else seen
        out = set(lesson.skills)
        for p in lesson.prerequisites:
            if p not in seen:
                seen.add(p)
                out |= taught(by_id[p], seen)
        return out

    checked = total = 0
    for lesson in course.lessons:
        known = taught(lesson)
        for where, step in checks_with_places(lesson):
            needs = step.needs
            if step.is_generated:
                assert needs == skills_needed(generate(step.generator, step.quiz_seed, **step.params))
            assert set(needs) <= known, (lesson.id, where, needs)
            checked += bool(needs)
            total += 1
    assert total > 120 and checked >= total - 5  # nearly every check knows what it needs


def _course_with(tmp_path, edits: dict[str, list[tuple[str, str]]]) -> Path:
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    for name, pairs in edits.items():
        f = root / name
        text = f.read_text(encoding="utf-8")
        for old, new in pairs:
            assert old in text, (name, old)
            text = text.replace(old, new, 1)
        f.write_text(text, encoding="utf-8")
    return root


def _problems(root: Path, name: str) -> list:
    return [p for p in load_course(root).problems if Path(p.path).name == name]


def test_bidding_asking_about_the_dog_is_flagged(tmp_path):
    root = _course_with(tmp_path, {"06-bidding.yaml": [("    params: {ask: open}\n", "    params: {ask: dog}\n")]})
    (p,) = _problems(root, "06-bidding.yaml")
    assert "quiz question 1: this generated question needs the skill 'ecart'" in p.message
    assert "07-the-ecart.yaml teaches it" in p.message
    assert (root / "06-bidding.yaml").read_text(encoding="utf-8").splitlines()[p.line - 1].strip() == \
        "- generator: bidding"


def test_overtrumping_asking_about_the_excuse_exchange_is_flagged(tmp_path):
    root = _course_with(tmp_path, {"09-overtrumping.yaml": [
        ("  - generator: legal\n    params: {situation: excuse_led}\n", "  - generator: excuse\n    seed: 3\n")]})
    messages = [p.message for p in _problems(root, "09-overtrumping.yaml")]
    assert any("needs the skill 'excuse'" in m and "10-winning-tricks.yaml" in m for m in messages), messages


def test_bonuses_asking_for_the_score_formula_is_flagged(tmp_path):
    root = _course_with(tmp_path, {"11-bonuses.yaml": [(
        "    answer: 20\n    verify: {bonus: {poignee: simple}}",
        "    answer: 92\n    verify: {score_deal: {players: 4, contract: garde, taker_points: 52, oudlers: 2, "
        "poignees: [simple], ask: per_defender}}")]})
    (p,) = _problems(root, "11-bonuses.yaml")
    assert "needs the skill 'scoring'" in p.message and "12-scoring.yaml" in p.message
    assert "question:" in (root / "11-bonuses.yaml").read_text(encoding="utf-8").splitlines()[p.line - 1]


def test_a_skill_taught_two_prerequisites_back_counts(tmp_path):
    """Lesson 12 asks the score form, which needs petit au bout and the poignée of lesson 11 (its direct
    prerequisite) and the target of lesson 4 (many lessons back): all taught."""
    assert not _problems(_course_with(tmp_path, {}), "12-scoring.yaml")
    # Cut the chain: lesson 12 without prerequisites teaches only scoring, so its target questions fail.
    root = _course_with(tmp_path / "cut", {"12-scoring.yaml": [("prerequisites: [bonuses]", "prerequisites: []")]})
    assert any("needs the skill 'target'" in p.message for p in _problems(root, "12-scoring.yaml"))


def test_a_check_may_name_its_skill(tmp_path):
    """``skill:`` overrides what the verify query suggests (here: a deck question said to need scoring)."""
    root = _course_with(tmp_path, {"01-the-deck.yaml": [
        ("    answer: 14\n    verify: {deck: per_suit}\n", "    answer: 14\n    skill: scoring\n"
                                                            "    verify: {deck: per_suit}\n")]})
    (p,) = _problems(root, "01-the-deck.yaml")
    assert "needs the skill 'scoring'" in p.message


def test_skills_needed_follow_the_rules_a_question_turns_on():
    assert skills_needed(generate("bidding", 4, ask="dog", players=4)) == ("bidding", "ecart")
    assert skills_needed(generate("bidding", 4, ask="multiplier", players=4)) == ("bidding",)
    q = generate("score", 11, players=5, difficulty=1)
    assert "five-players" in skills_needed(q) and "scoring" in skills_needed(q)
    assert "three-players" not in skills_needed(generate("score", 11, players=4, difficulty=1))


def test_a_table_step_must_fit_its_table(tmp_path):
    root = _course_with(tmp_path, {"00-a-whole-deal.yaml": [("    players: 4\n    dealer: 0\n",
                                                              "    players: 4\n    dealer: 4\n")]})
    (p,) = _problems(root, "00-a-whole-deal.yaml")
    assert "there is no seat 5 at a 4-player table" in p.message
