"""Hand-written puzzles: every one loads with no problem and its stated solution is the engine's;
broken puzzle files name the file and line of each problem; ``tarot-tutor check`` fails on them."""

from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine import EXCUSE, PETIT
from tutor.quiz import RULES, AnswerType, check_answer
from tutor.quiz.puzzles import check_puzzle_dir, check_puzzle_file, load_puzzles, puzzle_files
from tutor.quiz.strategy_puzzles import STRATEGY_KINDS
from tutor.quiz.strategy_record import default_cache
from tutor.skills import SKILLS

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
FIXTURES = ROOT / "tests" / "fixtures" / "puzzles"
# The rules puzzles (the strategy ones, checked by the solver and the estimator, are in test_strategy_puzzles.py).
ALL = [p for p in load_puzzles(PUZZLES) if p.kind not in STRATEGY_KINDS]
BY_ID = {p.id: p for p in ALL}


def test_every_puzzle_file_is_clean():
    cache = default_cache()  # the session's (tests/conftest.py): the bid puzzles are estimated once
    assert check_puzzle_dir(PUZZLES, cache=cache) == []
    for f in puzzle_files(PUZZLES):
        assert check_puzzle_file(f, cache=cache) == [], f


def test_at_least_forty_puzzles_across_every_kind():
    assert len(ALL) >= 40
    assert {p.kind for p in ALL} == {"count", "target", "legal", "winner", "ecart", "bidding", "poignee", "score",
                                     "five", "excuse", "dealing"}
    assert {p.difficulty for p in ALL} == {1, 2, 3}
    assert {p.players for p in ALL} == {3, 4, 5}
    for p in ALL:
        assert p.tags and p.title and p.question
        assert p.skill in SKILLS


@pytest.mark.parametrize("pid", sorted(BY_ID))
def test_stated_solution_is_the_engines_answer(pid):
    p = BY_ID[pid]
    q = p.to_question()
    if q.answer_type is AnswerType.SCORE_FORM:
        assert all(q.answer[k] == v for k, v in p.solution.items())
        assert check_answer(q, q.answer).correct
    else:
        assert check_answer(q, p.solution).correct
        assert check_answer(q, q.answer).correct
    assert q.title == p.title and q.tags == p.tags and q.seed is None
    for rule in q.rules:
        assert RULES[rule] in q.explanation
    if p.explanation:
        assert q.explanation.startswith(p.explanation.strip())


SUBTLE = {
    "overtrumping a partner": ["overtrump-your-partner", "overtrump-partner-with-the-21"],
    "the Excuse led": ["excuse-led-you-set-the-suit", "excuse-led-next-card-sets-suit", "excuse-led-then-trump",
                       "excuse-led-winner"],
    "a trump discarded when unavoidable": ["ecart-unavoidable-trump", "ecart-pick-with-trumps",
                                           "ecart-never-the-petit", "ecart-one-trump-too-many"],
    "the half point with 3 players": ["half-point-three-players", "half-point-goes-to-the-defence"],
    "the half point with 5 players": ["half-point-five-players", "half-point-goes-to-the-attack"],
    "a defence poignée when the taker wins": ["defence-poignee-taker-wins"],
    "petit au bout lost by a winning taker": ["petit-au-bout-lost-by-a-winning-taker"],
    "chelem announced and made": ["chelem-announced-and-made"],
    "chelem made unannounced": ["chelem-made-unannounced"],
    "chelem announced and failed": ["chelem-announced-failed"],
    "chelem by the defence": ["chelem-by-the-defence"],
    "the Excuse in a chelem": ["excuse-wins-the-last-trick-of-a-chelem", "petit-au-bout-before-a-winning-excuse"],
    "the called king in the dog": ["called-king-in-the-dog"],
    "the 5-player first lead": ["five-first-lead-called-suit", "five-first-lead-called-king"],
}


@pytest.mark.parametrize("theme", sorted(SUBTLE))
def test_subtle_cases_are_covered(theme):
    for pid in SUBTLE[theme]:
        assert pid in BY_ID, pid


def test_subtle_answers():
    q = BY_ID["petit-au-bout-lost-by-a-winning-taker"].to_question()
    assert q.answer["result"] > 0 and q.answer["petit_au_bout"] < 0
    q = BY_ID["defence-poignee-taker-wins"].to_question()
    assert q.answer["poignee"] == 20
    q = BY_ID["chelem-announced-failed"].to_question()
    assert q.answer["result"] > 0 and q.answer["taker"] < 0
    q = BY_ID["excuse-wins-the-last-trick-of-a-chelem"].to_question()
    assert q.answer == EXCUSE.code
    q = BY_ID["called-king-in-the-dog"].to_question()
    assert q.answer == "alone"
    q = BY_ID["ecart-pick-with-trumps"].to_question()
    assert sum(c.is_trump for c in q.answer) == 2 and PETIT not in q.answer


# ---------------------------------------------------------------- broken files


def problems(name):
    return [(p.line, p.message) for p in check_puzzle_file(FIXTURES / name)]


def test_wrong_solution_names_its_line():
    found = problems("wrong-solution.yaml")
    assert found == [(18, "puzzle 'forgot-the-excuse': stated answer T16 but the engine says T16 EX")]
    p = check_puzzle_file(FIXTURES / "wrong-solution.yaml")[0]
    assert str(p).endswith("wrong-solution.yaml:18: puzzle 'forgot-the-excuse': stated answer T16 but the engine "
                           "says T16 EX")


def test_wrong_score_field_names_its_line():
    assert problems("wrong-score.yaml") == [
        (11, "puzzle 'margin-only': stated answer contract 35 but the engine says 60")]


def test_bad_card_code_names_its_line():
    [(line, message)] = problems("bad-card.yaml")
    assert line == 7 and "'kd'" in message and "did you mean KD" in message


def test_schema_problems():
    found = problems("schema.yaml")
    lines = {line for line, _ in found}
    text = "\n".join(m for _, m in found)
    assert "puzzle 'no-solution': missing field 'solution'" in text
    assert "unknown kind 'countt' (did you mean 'count'?)" in text and 11 in lines
    assert "difficulty must be 1, 2 or 3" in text and 22 in lines
    assert "unknown field 'colour'" in text and 35 in lines
    assert "the id is used twice (first at line 18)" in text and 27 in lines
    assert "3H is both in 'hand' and in 'trick'" in text and 42 in lines


def test_bad_yaml():
    [(line, message)] = problems("bad-yaml.yaml")
    assert line >= 2 and message.startswith("invalid YAML")


def test_broken_puzzles_are_left_out_of_the_loaded_set():
    assert [p.id for p in load_puzzles(FIXTURES)] == ["fine"]


# ---------------------------------------------------------------- tarot-tutor check


def test_check_command_passes_on_the_puzzles(capsys):
    assert main(["check", str(PUZZLES)]) == 0
    assert "0 problems" in capsys.readouterr().out


def test_check_command_fails_on_a_wrong_solution(capsys):
    assert main(["check", str(FIXTURES / "wrong-solution.yaml")]) == 1
    out = capsys.readouterr().out
    assert "wrong-solution.yaml:18: puzzle 'forgot-the-excuse': stated answer T16 but the engine says T16 EX" in out
