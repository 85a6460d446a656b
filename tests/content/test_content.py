"""The course loads cleanly, broken files get precise errors, and `tarot-tutor check` reports them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor.quiz  # noqa: F401  (importing it hands the generators the lessons name to the checker)
from tutor.cli import main
from tutor.content import (
    CheckStep,
    ExampleStep,
    SummaryStep,
    lesson_files,
    load_course,
    load_lesson,
    render_example,
)
from tutor.content.yamlio import load_text

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
FIXTURES = REPO / "tests" / "fixtures" / "content"


@pytest.fixture(scope="module")
def course():
    return load_course(LESSONS)


# ---------------------------------------------------------------- the real course


def test_every_lesson_loads_without_a_problem(course):
    assert [str(p) for p in course.problems] == []
    assert len(course.lessons) == len(lesson_files(LESSONS)) >= 16
    assert course.glossary is not None and len(course.glossary.terms) >= 30


def test_the_course_has_the_size_issue_24_asks_for(course):
    """At least 31 lessons (the glossary and the measurements are not lessons) and 150 puzzles, 30 of them single
    dummy (you see only your hand and the play)."""
    from tutor.quiz.puzzles import load_puzzles

    puzzles = load_puzzles(Path(__file__).resolve().parents[2] / "puzzles")
    assert len(course.lessons) >= 31 and len(puzzles) >= 150
    assert sum(getattr(p, "kind", "") == "seat-card" for p in puzzles) >= 30


def test_lessons_are_numbered_in_order(course):
    # Lesson 0, the overview, comes first without renumbering the others (file names order the course).
    assert [x.number for x in course.lessons] == list(range(0, len(course.lessons)))
    assert course.ids[:5] == ["a-whole-deal", "the-deck", "ranks", "card-values", "the-goal"]
    # The rules course ends at the club; the strategy course ("Playing well", lessons 17-30) follows it.
    assert course.ids[16] == "at-the-club" and course.ids[24] == "endgames"
    assert course.ids[25:] == ["defending-together", "the-takers-trumps", "discards", "five-players-play",
                               "reading-the-cards", "excuse-garde-sans-chelem"]


def test_every_lesson_has_checks_a_summary_and_a_quiz(course):
    for lesson in course.lessons:
        assert len(lesson.checks) >= 3, lesson.id
        assert isinstance(lesson.steps[-1], SummaryStep), lesson.id
        assert 2 <= len(lesson.quiz) <= 8, lesson.id
        assert lesson.minutes > 0 and lesson.summary and "\n" not in lesson.summary


def test_prerequisites_come_earlier_in_the_course(course):
    position = {x.id: i for i, x in enumerate(course.lessons)}
    for i, lesson in enumerate(course.lessons):
        for p in lesson.prerequisites:
            assert position[p] < i, (lesson.id, p)
    # Everything but the first lesson builds on something.
    assert all(x.prerequisites for x in course.lessons[1:])


def test_fixed_checks_are_verified_by_the_engine_and_gradable(course):
    from tutor.content import check_answer
    fixed = [q for x in course.lessons for q in [*x.checks, *x.quiz] if not q.is_generated]
    assert len(fixed) >= 60
    verified = [q for q in fixed if q.verify is not None]
    # Nearly every fixed answer is checked against the engine (or, in the strategy course, the strategy layer
    # and the measurements); the others must explain themselves. The strategy course adds a few judgement
    # questions and the FFT's signals, which are conventions partners agree on, not something to compute.
    from tutor.skills import STRATEGY_SKILLS
    strategy = [q for x in course.lessons if set(x.skills) & set(STRATEGY_SKILLS)
                for q in [*x.checks, *x.quiz] if not q.is_generated and q.verify is None]
    assert len(strategy) <= 6
    # Lesson 16's duplicate check is computed by the club layer, above content: tests/club/test_duplicate.py checks it.
    elsewhere = [q for q in fixed if q.verify is None and "duplicate deal" in q.question]
    assert len(elsewhere) == 1
    assert len(verified) >= len(fixed) - 5 - len(strategy) - len(elsewhere)
    for q in fixed:
        assert q.answer_kind in ("choice", "number", "bool", "card", "cards")
        assert check_answer(q, q.answer), q.question
        if q.answer_kind in ("card", "cards"):
            assert q.pick_from, q.question  # the app shows these cards to pick from
        if q.verify is None:
            assert q.explain, q.question


def test_every_example_renders(course):
    examples = [s for x in course.lessons for s in x.steps if isinstance(s, ExampleStep)]
    assert len(examples) >= 25
    for s in examples:
        md = render_example(s)
        assert md.strip() and "Traceback" not in md


def test_check_command_passes_on_the_repository():
    """What CI runs: `tarot-tutor check` from the repository root checks lessons/ and puzzles/."""
    r = subprocess.run([sys.executable, "-m", "tutor", "check"], cwd=REPO, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.fullmatch(r"checked \d+ files?: 0 problems", r.stdout.strip().splitlines()[-1])


def test_check_lessons_directory(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert main(["check", "lessons"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"checked {len(lesson_files(LESSONS)) + 1} files: 0 problems"]


# ---------------------------------------------------------------- broken fixtures

# file -> (line, what the message must say). The line is checked against the file's text too.
BROKEN = {
    "bad-yaml.yaml": (14, "invalid YAML: mapping values are not allowed here", "caption: A king: and"),
    "unknown-kind.yaml": (10, "step 1: unknown step kind 'txet': use one of text, cards", "kind: txet"),
    "missing-field.yaml": (12, "step 2 (cards): missing field 'caption'", "kind: cards"),
    "bad-card.yaml": (13, "step 2 (cards): cards: not a card code: 'QX'", "cards: KH QX"),
    "wrong-answer.yaml": (25, "step 5 (check): the stated answer 8.5 is wrong: the engine gives 8 for card_points",
                          "answer: 8.5"),
    "unknown-prereq.yaml": (8, "unknown prerequisite 'no-such-lesson'", "- no-such-lesson"),
    "cycle-a.yaml": (6, "prerequisites form a cycle: cycle-a -> cycle-b -> cycle-a", "prerequisites: [cycle-b]"),
    "cycle-b.yaml": (6, "prerequisites form a cycle: cycle-b -> cycle-a -> cycle-b", "prerequisites: [cycle-a]"),
    "bad-example.yaml": (28, "step 6 (example): the engine rejects this situation", "taker_points: 95"),
    "unknown-generator.yaml": (30, "quiz question 1: unknown quiz generator 'counting' (did you mean 'count'?)",
                               "generator: counting"),
    "unknown-term.yaml": (8, "terms: 'reine' is not in the glossary", "terms: [roi, reine]"),
    # Two seeds, one question: compared by what the learner sees, not by seed.
    "duplicate-question.yaml": (33, "quiz question 2: the same question as quiz question 1 (in this lesson, "
                                    "line 30): target seed 1 asks it again", "  - generator: target"),
    "untaught-check.yaml": (24, "step 5 (check): this question needs the skill 'ecart' (The dog and the écart), "
                                "which neither this lesson nor its prerequisites teach",
                            "    question: What happens to the dog in a garde contre?"),
    "untaught-generated.yaml": (24, "step 5 (check): this generated question needs the skill 'ecart'",
                                "    generator: bidding"),
}


@pytest.fixture(scope="module")
def fixture_course():
    return load_course(FIXTURES)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_fixture_gets_one_precise_problem(fixture_course, name):
    line, message, text = BROKEN[name]
    path = FIXTURES / name
    assert text in path.read_text(encoding="utf-8").splitlines()[line - 1], "fixture and expected line disagree"
    problems = fixture_course.problems_in(path)
    assert len(problems) == 1, [str(p) for p in problems]
    p = problems[0]
    assert (p.path, p.line) == (str(path), line)
    assert message in p.message, p.message


def test_every_fixture_is_listed():
    names = {p.name for p in FIXTURES.glob("*.yaml")} - {"good.yaml", "glossary.yaml"}
    assert names == set(BROKEN)


def test_one_bad_file_does_not_stop_the_others(fixture_course):
    assert fixture_course.ids == ["good-lesson"]
    assert not fixture_course.problems_in(FIXTURES / "good.yaml")
    assert len(fixture_course.problems) == len(BROKEN)


def test_check_command_reports_one_line_per_problem(capsys):
    assert main(["check", str(FIXTURES)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == f"checked {len(BROKEN) + 2} files: {len(BROKEN)} problems"
    body = lines[:-1]
    assert len(body) == len(BROKEN)
    for line in body:
        m = re.fullmatch(r"(.+\.yaml):(\d+): (.+)", line)
        assert m, line
        name = Path(m.group(1)).name
        assert int(m.group(2)) == BROKEN[name][0]
        assert BROKEN[name][1] in m.group(3)


def test_check_one_file(capsys):
    assert main(["check", str(FIXTURES / "wrong-answer.yaml")]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and lines[0].endswith("the engine gives 8 for card_points 'KH QH'")
    assert lines[-1] == "checked 1 file: 1 problem"
    assert main(["check", str(FIXTURES / "good.yaml")]) == 0


def test_check_bad_usage_exits_2(capsys):
    assert main(["check", "no/such/place.yaml"]) == 2
    err = capsys.readouterr().err
    assert "no such file or directory" in err and "Traceback" not in err


def test_check_subprocess_never_prints_a_traceback():
    r = subprocess.run([sys.executable, "-m", "tutor", "check", str(FIXTURES)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr


# ---------------------------------------------------------------- robustness

GOOD = (FIXTURES / "good.yaml").read_text(encoding="utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_damaged_files_give_problems_not_tracebacks(tmp_path, data):
    lines = GOOD.splitlines()
    how = data.draw(st.sampled_from(["drop", "dup", "indent", "garble"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if how == "drop":
        del lines[i]
    elif how == "dup":
        lines.insert(i, lines[i])
    elif how == "indent":
        lines[i] = "  " + lines[i]
    else:
        junk = data.draw(st.text(alphabet=":-[]{}#&*!|>'\"%@` abcKHT0123", min_size=1, max_size=6))
        j = data.draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:j] + junk + lines[i][j:]
    path = tmp_path / "damaged.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = load_lesson(path)
    for p in result.problems:
        assert p.path == str(path)
        assert 0 <= p.line <= len(lines) + 1
        assert p.message and "Traceback" not in p.message
    assert result.ok == (not result.problems)


def test_files_that_are_not_lessons(tmp_path):
    cases = {"empty.yaml": "", "list.yaml": "- a\n- b\n", "scalar.yaml": "hello\n", "tabs.yaml": "id: x\n\tbad: 1\n"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        result = load_lesson(tmp_path / name)
        assert result.lesson is None and len(result.problems) == 1, (name, result.problems)
        assert result.problems[0].line >= 1 or name == "empty.yaml"
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe\x00bad")
    assert "cannot read" in load_lesson(tmp_path / "binary.yaml").problems[0].message


def test_load_text_lines_match_steps(course):
    """Every step remembers its own line: the app and the checker can point at it."""
    lesson = course.lesson("the-deck")
    raw = load_text(Path(lesson.path).read_text(encoding="utf-8"), lesson.path)
    assert [s.line for s in lesson.steps] == raw["steps"].lines
    assert all(isinstance(s, CheckStep) for s in lesson.quiz)


# ---------------------------------------------------------------- the fast YAML parser


def _tree(value):
    """A loaded document with its line numbers, as plain values to compare."""
    if isinstance(value, dict):
        return ("map", value.line, {k: (value.lines[k], _tree(v)) for k, v in value.items()})
    if isinstance(value, list):
        return ("seq", value.line, list(value.lines), [_tree(v) for v in value])
    return value


@pytest.mark.parametrize("path", sorted(LESSONS.glob("*.yaml")) + sorted((REPO / "puzzles").rglob("*.yaml")),
                         ids=lambda p: p.name)
def test_libyaml_and_pure_python_read_every_content_file_alike(path):
    """The app reads content with libyaml (speed) and falls back to PyYAML's pure parser for errors:
    both must give the same values on the same lines."""
    import yaml

    from tutor.content import yamlio

    text = path.read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=yamlio._FastLoader)  # noqa: S506
    pure = yaml.load(text, Loader=yamlio._Loader)  # noqa: S506
    assert _tree(fast) == _tree(pure)
    assert _tree(load_text(text, str(path))) == _tree(pure)
