"""The engine queries behind fixed checks, the example renderer, error messages and the quiz hooks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.content import load_course, load_lesson
from tutor.content.cardcodes import strict_cards
from tutor.content.example_words import ExampleError
from tutor.content.lessons import derive_seed
from tutor.content.render import render_spec
from tutor.content.schema import (
    AuctionExample,
    CallExample,
    CheckStep,
    DealerExample,
    DiscardExample,
    LegalExample,
    PetitSecExample,
    PileExample,
    PoigneeExample,
    RulesExample,
    ScoreExample,
    SheetExample,
    TrickExample,
)
from tutor.content.verify import QueryError, QuizContext, ask, same
from tutor.engine import score_deal

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "content"
HAND_24 = "T21 T18 T15 T12 T9 T6 T4 EX KH QH 10H 7H 4H KS 9S 5S 2S CD 8D 6D 3D JC 8C 1C"
HAND_18 = "T21 T19 T17 T16 T14 T12 T10 T8 T5 T3 T2 KH QH 4H 9S 2S CD 6C"
HAND_15 = "T21 T17 T14 T12 T9 T5 T3 EX KS QS 8S KD 6D KC 4H"


# ---------------------------------------------------------------- queries: the engine's answer for each kind

QUERY_CASES = [
    ("card_points", "KH 2H 3C", 5.5),
    ("pair_count", "QC 3C 5D 8D", 5.0),
    ("count_oudlers", "T21 T12 EX KH", 2),
    ("target_points", 2, 41),
    ("card_name", "CS", "knight of spades"),
    ("card_name_fr", "QD", "dame de carreau"),
    ("is_oudler", "T20", False),
    ("is_trump", "EX", False),
    ("trick_winner", "10H T14 KH EX", "T14"),
    ("highest_card", "JD CD 10D 1D", "CD"),
    ("highest_card", "KC T1 QC 10C", "T1"),
    ("highest_card", "2S T3 T1 KS", "T3"),
    ("trick_winner", {"trick": "KS 2S 3S EX", "excuse_wins": True}, "EX"),
    ("legal_plays", {"hand": "5S T4 T16 EX", "trick": "10H T14"}, "T16 EX"),
    ("legal_plays", {"hand": "5H QH 9S T3", "called_king": "KH", "first_trick": True}, "9S T3"),
    ("is_legal_play", {"hand": "KS T5", "trick": "T10", "card": "KS"}, False),
    ("is_legal_discard", {"hand": HAND_24, "discard": "QH JC 8C 1C 6D 3D"}, True),
    ("is_legal_discard", {"hand": HAND_24, "discard": "KH 10H 7H 4H 9S 5S"}, False),
    ("trumps_needed", {"hand": HAND_24}, 0),
    ("poignee_options", {"hand": HAND_18}, "simple"),
    ("check_poignee", {"hand": HAND_18, "shown": "T21 T19 T17 T16 T14 T12 T10 T8 T5 T3"}, True),
    ("poignee_threshold", {"players": 5, "level": "triple"}, 13),
    ("bonus", {"poignee": "double"}, 30),
    ("bonus", {"chelem": "made"}, 200),
    ("bonus", {"petit_au_bout": "garde_sans"}, 40),
    ("score_deal", {"players": 4, "contract": "garde", "taker_points": 49, "oudlers": 2,
                    "petit_au_bout": "attack", "poignees": ["simple"]}, 318),
    ("score_deal", {"players": 5, "contract": "petite", "taker_points": 50.5, "oudlers": 2, "ask": "partner"}, 35),
    ("score_deal", {"players": 4, "contract": "petite", "taker_points": 40, "oudlers": 2, "ask": "won"}, False),
    ("is_petit_sec", "T1 KH QH 9H 7H 3H KS 10S 6S 2S QD JD 8D 5D 1D CC 9C 4C", True),
    ("rules", {"players": 3, "field": "packet_size"}, 4),
    ("contract", {"name": "garde_contre", "field": "dog"}, "defence_keeps_hidden"),
    ("contract", {"name": "garde_sans", "field": "multiplier"}, 4),
    ("auction", {"players": 4, "dealer": 0, "bids": ["petite", "pass", "garde_sans", "pass"]}, 3),
    ("auction", {"players": 4, "dealer": 0, "bids": ["garde"], "ask": "can_bid", "bid": "petite"}, False),
    ("auction", {"players": 3, "dealer": 2, "bids": ["pass", "pass", "pass"], "ask": "all_passed"}, True),
    ("first_dealer", ["1H", "1S", "T2", "5D"], "1H"),
    ("callable", {"hand": "KS KH KD KC QS T20 T16 T11 T7 T4 T2 3H 9D 5C 2C", "card": "QH"}, True),
    ("plays_alone", {"taker_hand": HAND_15, "called": "KS"}, True),
    ("plays_alone", {"taker_hand": HAND_15, "called": "KH", "dog": "2C 3C 4C"}, False),
    ("deck", "points", 91),
    ("next_dealer", {"players": 5, "dealer": 4, "after": "deal"}, 0),
    ("next_dealer", {"players": 5, "dealer": 4, "after": "misdeal"}, 4),
    ("first_leader", {"players": 3, "dealer": 1}, 2),
    ("excuse", {"played_by": "defence", "won_by": "attack"}, "defence"),
    ("excuse", {"played_by": "defence", "won_by": "attack", "last_trick": True}, "attack"),
    ("excuse", {"played_by": "defence", "won_by": "defence", "last_trick": True}, "attack"),  # other camp
    ("excuse", {"played_by": "attack", "won_by": "attack", "last_trick": True}, "defence"),
    ("excuse", {"played_by": "attack", "won_by": "defence", "last_trick": True}, "defence"),
    ("excuse", {"played_by": "attack", "won_by": "attack"}, "attack"),
    ("excuse", {"played_by": "attack", "won_by": "attack", "last_trick": True, "chelem": True}, "attack"),
    # strategy (issue 14), worked by hand: 7 trumps 14, the 17 1, the 21 10, QS 3, KH 6, QD 3, JC 1 = 38
    # Chavey's scale: 7 trumps 14, T21 T17 big 4, the 21 10, QS 3, KH 6, JD 1.
    ("hand_count", {"cards": "T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C"}, 38),
    ("count_bid", {"cards": "T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C"}, "pass"),
    ("expected_score", {"contract": "petite", "chance": 0.7, "margin": 10}, 42),  # 0.7 × 105 − 0.3 × 105
    # By play (64 deals, seed 0): KC best; with the new bots KS is 47 behind (±46), just outside the noise; KH is
    # in the hand: calling it plays alone, far behind.
    ("king_call", {"hand": "T20 T17 T13 T9 T6 T2 EX KH 7H QC JC 9C 6C 3C 8S"}, "KC"),
    ("ecart_voids", {"hand": HAND_24, "discard": "QH JC 8C 1C 6D 3D"}, 1),  # clubs gone; CD 8D stay
    # Two tricks left: the Excuse kept for the last trick changes camp, so it goes now.
    ("best_card", {"position": {"players": 4, "contract": "petite", "taker": 1,
                                "hands": {1: "EX T18", 2: "4H 7C", 3: "9C 2H", 4: "6C 3H"},
                                "trick": {"leader": 1, "cards": ""},
                                "taken": {"attack_points": 40, "attack_oudlers": 1, "attack_tricks": 10,
                                          "defence_tricks": 6}}}, "EX"),
]


@pytest.mark.parametrize(("name", "spec", "expected"), QUERY_CASES, ids=[c[0] for c in QUERY_CASES])
def test_query_gives_the_engine_answer(name, spec, expected):
    r = ask(name, spec)
    assert same(r.kind, expected, r.value), (r.value, expected)
    if name == "king_call":  # the tie set: the best alone (KS just outside it); never your own king
        assert {c.code for c in r.accept} == {"KC"}


def test_every_query_is_exercised():
    from tutor.content.verify import QUERIES
    # measured reads the measurements file: tests/content/test_strategy_lessons.py tries it on a hand-made table
    tested = {c[0] for c in QUERY_CASES} | {"glossary_english", "glossary_french", "measured"}
    assert tested == set(QUERIES)


def test_glossary_queries():
    course = load_course(REPO / "lessons")
    assert ask("glossary_english", "chien", course.glossary).value == "dog (kitty)"
    assert ask("glossary_french", "slam", course.glossary).value == "chelem"
    with pytest.raises(QueryError):
        ask("glossary_english", "chien")  # no glossary given


@pytest.mark.parametrize(("name", "spec", "says"), [
    ("card_points", "KH KX", "not a card code: 'KX'"),
    ("legal_plays", {"hand": "KH 2H", "trick": "KH"}, "both in the hand and in the trick"),
    ("legal_plays", {"hand": "KH", "called_king": "KS"}, "first_trick"),
    ("is_legal_discard", {"hand": "KH 2H", "discard": "2H"}, "has 24 cards, not 2"),
    ("score_deal", {"players": 4, "contract": "garde", "taker_points": 40, "oudlers": 0,
                    "petit_au_bout": "attack"}, "at least 1 oudler"),
    ("score_deal", {"players": 4, "contract": "garde", "taker_points": 40.5, "oudlers": 1}, "whole"),
    ("score_deal", {"players": 4, "contract": "garde", "taker_points": 95, "oudlers": 1}, "engine rejects"),
    ("score_deal", {"players": 4, "contract": "garde", "taker_points": 50, "oudlers": 1, "ask": "partner"},
     "no partner"),
    ("auction", {"players": 4, "bids": ["garde", "petite"]}, "not possible"),
    ("first_dealer", ["EX", "1H", "2H"], "Excuse does not count"),
    ("highest_card", "KH QS", "do not rank against each other"),
    ("highest_card", "KH EX", "Excuse has no rank"),
    ("callable", {"hand": HAND_15, "card": "T21"}, None),
    ("plays_alone", {"taker_hand": HAND_15, "called": "QH"}, "may not be called"),
    ("excuse", {"played_by": "attack", "won_by": "defence", "chelem": True}, "chelem"),
    ("target_points", 4, "0 to 3"),
    ("rules", {"players": 6, "field": "hand_size"}, "players must be 3, 4 or 5"),
    ("legal_plays", {"hand": "KH", "river": "2H"}, "no field 'river'"),
    ("card_pointz", "KH", "did you mean 'card_points'"),
])
def test_bad_question_data_is_a_clear_query_error(name, spec, says):
    if says is None:  # not an error: the Excuse simply cannot be called
        assert ask(name, spec).value is False
        return
    with pytest.raises(QueryError) as err:
        ask(name, spec)
    assert says in str(err.value)


def test_same_compares_by_kind():
    assert same("cards", "EX T16", strict_cards("T16 EX"))
    assert not same("cards", "T16", strict_cards("T16 EX"))
    assert same("number", 14, 14.0) and not same("number", True, 1)
    assert same("text", "Dame de Carreau", "dame de carreau")
    assert same("text", "ecart", "écart")
    assert not same("card", "kh", strict_cards("KH")[0])  # content uses canonical codes only


# ---------------------------------------------------------------- examples: the engine computes, we render

EXAMPLES = [
    (TrickExample(kind="trick", cards="EX 2H KH T1"), ["Trump 1 wins", "The Petit is the highest trump"]),
    (PileExample(kind="pile", cards="KS 4S T21 9H QD 2C", target=True), ["= **14**", "target is **51**",
                                                                          "lost by 37"]),
    (ScoreExample(kind="score", players=4, contract="garde", taker_points=49, oudlers=2, petit_au_bout="attack",
                  poignees=["simple"]), ["Taker +318", "each defender −106", "sum 0"]),
    (LegalExample(kind="legal", hand="5S T4 T16 EX", trick="10H T14"), ["You may play: {cards:T16 EX}", "✗ trump 4"]),
    (DiscardExample(kind="discard", hand=HAND_24, discard="T4 EX 8C 1C 6D 3D"), ["Not allowed", "oudler"]),
    (PoigneeExample(kind="poignee", hand=HAND_18), ["May show: simple", "Trumps: 11"]),
    (AuctionExample(kind="auction", bids=["pass", "petite", "garde", "pass"]), ["David takes with a garde"]),
    (AuctionExample(kind="auction", bids=["pass", "garde"]), ["David speaks next", "garde sans"]),
    (DealerExample(kind="dealer", draws=["EX 4S", "9D", "T5", "4H"]), ["David deals", "draws again"]),
    (CallExample(kind="call", taker_hand=HAND_15, called="KH"), ["partner (2 against 3)"]),
    (CallExample(kind="call", taker_hand=HAND_15, called="KS"), ["plays alone"]),
    (PetitSecExample(kind="petit_sec", hand="T1 EX KH QH 9H 7H 3H KS 10S 6S 2S QD JD 8D 5D 1D CC 9C"),
     ["Not a Petit sec", "Excuse"]),
    (RulesExample(kind="rules", show=["cards", "poignee", "shares"]), ["| 5 | 15 | 3 | 3 | 8 trumps",
                                                                      "partner ×1; alone ×4"]),
    (SheetExample(kind="sheet", names=["A", "B", "C"], deals=[
        {"taker": "A", "players": 3, "contract": "garde", "taker_points": 61, "oudlers": 1},
        {"taker": "C", "players": 3, "contract": "petite", "taker_points": 40.5, "oudlers": 2}]),
     ["| **total** | **+166** | **−44** | **−122** | **0** |"]),
]


@pytest.mark.parametrize(("spec", "says"), EXAMPLES, ids=[type(e[0]).__name__ for e in EXAMPLES])
def test_example_renders_the_engine_result(spec, says):
    md = render_spec(spec)
    for s in says:
        assert s in md, md


def test_sheet_totals_come_from_the_engine():
    a = score_deal(players=3, contract="garde", taker_points=61, oudlers=1)
    b = score_deal(players=3, contract="petite", taker_points=40.5, oudlers=2)
    assert (a.taker + b.defender, a.defender + b.defender, a.defender + b.taker) == (166, -44, -122)


@pytest.mark.parametrize(("spec", "says"), [
    (LegalExample(kind="legal", hand="KH", trick="KH"), "both in the hand and in the trick"),
    (DiscardExample(kind="discard", hand="KH 2H", discard="2H"), "has 24 cards"),
    (ScoreExample(kind="score", contract="garde", taker_points=40, oudlers=3, petit_au_bout="defence"),
     "cannot hold all 3 oudlers"),
    (AuctionExample(kind="auction", bids=["garde", "petite"]), "cannot bid petite"),
    (DealerExample(kind="dealer", draws=["4S", "EX", "9D"]), "drew the Excuse last"),
    (CallExample(kind="call", taker_hand=HAND_15, called="QS"), "may not be called"),
    (SheetExample(kind="sheet", names=["A", "B", "C"], deals=[
        {"taker": "Z", "players": 3, "contract": "garde", "taker_points": 61, "oudlers": 1}]), "not one of"),
])
def test_impossible_examples_are_refused(spec, says):
    with pytest.raises((ExampleError, ValueError)) as err:
        render_spec(spec)
    assert says in str(err.value)


def test_card_lists_are_validated_when_loaded():
    from pydantic import ValidationError
    with pytest.raises(ValidationError, match="EX appears twice"):
        TrickExample(kind="trick", cards="EX EX")
    with pytest.raises(ValidationError, match="did you mean KH"):
        TrickExample(kind="trick", cards="R♥ 2H")


# ---------------------------------------------------------------- quiz generators (registered by the layer above)


def _python(code: str) -> str:
    """Run ``code`` in a fresh interpreter (nothing imported yet) and return what it prints."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=REPO).stdout.strip()


def test_the_checker_sees_every_quiz_kind():
    import tutor.quiz
    ctx = QuizContext.default()
    assert ctx.kinds == {kind: gen.skill for kind, gen in tutor.quiz.KINDS.items()}
    assert ctx.generate is tutor.quiz.generate


@pytest.mark.parametrize("load", ["from pathlib import Path; from tutor.cli.content_cmds import collect; "
                                  "problems = collect([Path('lessons')])[1]",
                                  "from tutor.ui.common import data; problems = data.course().problems"],
                         ids=["cli", "app"])
def test_each_entry_point_hands_every_quiz_kind_to_the_checker(load):
    """The CLI and the app load lessons, so each registers the generators: a fresh process, only the entry point."""
    code = (f"{load}; from tutor.content.verify import QuizContext; from tutor.quiz import KINDS, generate; "
            "ctx = QuizContext.default(); "
            "print(sorted(ctx.kinds) == sorted(KINDS) and ctx.generate is generate, len(problems))")
    assert _python(code) == "True 0"


def test_without_the_quiz_layer_a_generated_check_is_a_clear_problem():
    """No list of planned kinds stands in: a lesson loaded before tutor.quiz names what is missing."""
    code = ("import sys; from tutor.content import load_lesson; "
            f"r = load_lesson({str(FIXTURES / 'good.yaml')!r}); "
            "print('tutor.quiz' in sys.modules, [(p.line, p.message) for p in r.problems])")
    out = _python(code)
    assert out.startswith("False [(30, ") and "no quiz generators are known" in out and "import tutor.quiz" in out


def _fake_generators(*, fail_kind=None) -> tuple[QuizContext, list]:
    calls = []

    def generate(kind, seed, **params):
        calls.append((kind, seed, params))
        if kind == fail_kind:
            raise ValueError("no such difficulty")
        return object()

    return QuizContext(kinds={"count": "counting", "legal": "legal-play"}, generate=generate), calls


def test_generated_checks_are_tried_with_the_generators():
    ctx, calls = _fake_generators()
    result = load_lesson(FIXTURES / "good.yaml", ctx)
    assert result.ok
    # No seed given: one derived from the lesson id and the check's place, not 0 for every check.
    assert [c[:2] for c in calls] == [("count", derive_seed("good-lesson", "quiz question 1"))]


def test_a_failing_generator_is_a_problem_not_a_crash():
    ctx, _ = _fake_generators(fail_kind="count")
    result = load_lesson(FIXTURES / "good.yaml", ctx)
    assert len(result.problems) == 1
    seed = derive_seed("good-lesson", "quiz question 1")
    assert f"generator 'count' fails with seed {seed}" in result.problems[0].message
    assert result.problems[0].line == 30


def test_the_check_command_tries_each_generated_check(tmp_path, capsys):
    """``tarot-tutor check`` runs the real generators: a parameter they refuse is reported on its line."""
    d = tmp_path / "lessons"
    d.mkdir()
    (d / "glossary.yaml").write_text((FIXTURES / "glossary.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    text = (FIXTURES / "good.yaml").read_text(encoding="utf-8")
    (d / "01-good-lesson.yaml").write_text(text.replace("  - generator: count\n",
                                                 "  - generator: count\n    params: {difficulty: 9}\n"),
                                    encoding="utf-8")
    assert main(["check", str(d)]) == 1
    out = capsys.readouterr().out
    seed = derive_seed("good-lesson", "quiz question 1")
    assert f"01-good-lesson.yaml:31: quiz question 1: generator 'count' fails with seed {seed}" in out
    assert "difficulty must be 1, 2 or 3, not 9" in out and out.endswith("checked 2 files: 1 problem\n")


def test_puzzles_are_checked_by_the_puzzle_checker(monkeypatch, tmp_path, capsys):
    from tutor.cli import content_cmds
    from tutor.content.yamlio import Problem
    d = tmp_path / "puzzles"
    d.mkdir()
    (d / "p1.yaml").write_text("id: p1\n", encoding="utf-8")
    monkeypatch.setattr(content_cmds, "check_puzzle_file",
                        lambda path, cache=None: [Problem(str(path), 1, "bad puzzle")])
    assert main(["check", str(d)]) == 1
    out = capsys.readouterr().out
    assert f"{d / 'p1.yaml'}:1: bad puzzle" in out and "checked 1 file: 1 problem" in out


# ---------------------------------------------------------------- speed (the app reloads through a cache)


def test_load_course_does_each_piece_of_work_once(monkeypatch):
    """Loading the course costs one YAML parse per file and one question per generated check: no second
    pass, no seed search, no retry. The work is counted, not timed (a timed test flakes on a busy machine);
    ``python bench/quiz.py`` prints the time it takes."""
    import tutor.quiz  # noqa: F401 - registers the generators the generated checks need
    from tutor.content import yamlio
    parsed = []
    real_load_text = yamlio.load_text
    monkeypatch.setattr(yamlio, "load_text", lambda text, path, *a, **k: parsed.append(Path(path).name)
                        or real_load_text(text, path, *a, **k))
    ctx = QuizContext.default()
    made, real_generate = [], ctx.generate
    ctx.generate = lambda kind, seed, **params: made.append((kind, seed)) or real_generate(kind, seed, **params)
    course = load_course(REPO / "lessons", ctx)
    assert not course.problems
    files = sorted(p.name for p in (REPO / "lessons").glob("*.yaml"))  # the lessons and the glossary
    assert sorted(parsed) == files
    generated = [s for lesson in course.lessons for s in (*lesson.steps, *lesson.quiz)
                 if isinstance(s, CheckStep) and s.is_generated]
    assert len(made) == len(generated) > 0
    assert sorted(made) == sorted((s.generator, s.quiz_seed) for s in generated)


def test_check_answer_grades_learner_responses():
    from tutor.content import check_answer
    course = load_course(REPO / "lessons")
    legal = course.lesson("overtrumping").checks[0]  # hand 2H T6 T11 T20 on KC T9: T11 T20
    assert check_answer(legal, ["T20", "T11"]) and check_answer(legal, "T11 T20")
    assert not check_answer(legal, ["T11"]) and not check_answer(legal, ["T6", "T11", "T20"])
    winner = course.lesson("ranks").checks[0]  # JD CD 10D 1D: the knight wins
    assert check_answer(winner, "CD") and not check_answer(winner, "JD")
    choice = course.lesson("the-deck").checks[0]  # 14 cards per suit
    assert choice.answer_kind == "choice" and check_answer(choice, 14) and not check_answer(choice, 13)
    yes_no = course.lesson("the-deck").checks[2]  # is the Excuse a trump?
    assert yes_no.answer_kind == "bool" and check_answer(yes_no, False) and not check_answer(yes_no, True)
