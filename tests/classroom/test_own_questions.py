"""The teacher's own questions: the lessons' checker verifies them (one truth), the bank keeps them (SQLite and
PostgreSQL), a class quiz copies them whole, and hostile input gets a sentence, never a crash."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from tutor.classroom.bank import BankError, QuestionBank
from tutor.classroom.store import OWN, ClassError, ClassStore
from tutor.content import check_answer as content_check
from tutor.content.glossary import load_glossary
from tutor.content.schema import CheckStep
from tutor.content.verify import QuizContext, verify_check
from tutor.content.yamlio import LineDict, load_file
from tutor.db import Base
from tutor.limits import MAX_OWN_QUESTION_BYTES, MAX_YAML_DEPTH
from tutor.progress import migrate
from tutor.progress.db import make_engine
from tutor.quiz import AnswerType, Question, check_answer
from tutor.quiz.own import KIND, form_source, read_own

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

# A garde made by 4 (45 points with 2 oudlers): (25 + 4) x 2 = 58 per defender, worked by hand.
GARDE = """title: Garde won by 4
question: "A garde: the attack has 45 points with 2 oudlers, no bonus. What does each defender pay?"
answer: {answer}
verify: {{score_deal: {{players: 4, contract: garde, taker_points: 45, oudlers: 2, ask: per_defender}}}}
explain: "Won by 4 (45 - 41): (25 + 4) x 2 = 58."
"""
# 5S T4 T16 EX on 10H T14: no heart, so trump over the 14 (the 16) or the Excuse, worked by hand.
LEGAL = """question: Which cards may you play?
answer: T16 EX
verify: {legal_plays: {hand: 5S T4 T16 EX, trick: 10H T14}}
"""
WINNER = """question: Which card wins the trick?
options: [KH, QH, 10H]
answer: KH
verify: {trick_winner: KH QH 10H}
"""


# ---------------------------------------------------------------- the checker: one truth with the lessons


def test_a_scoring_answer_off_by_ten_is_refused_with_the_engines_reason():
    refused = read_own(GARDE.format(answer=68))
    assert refused.question is None
    (problem,) = refused.problems
    assert problem.startswith("Line 3: the stated answer 68 is wrong: the engine gives 58 for score_deal")
    good = read_own(GARDE.format(answer=58))
    assert good.ok and good.name == "Garde won by 4"
    q = good.question
    assert (q.kind, q.answer_type, q.answer, q.skill) == (KIND, AnswerType.NUMBER, 58.0, "scoring")
    assert check_answer(q, "58").correct and not check_answer(q, "68").correct
    assert "58" in good.verdict and "score_deal" in good.verdict


def test_card_questions_take_their_cards_and_pool_from_the_verify_block():
    q = read_own(LEGAL).question
    assert q.answer_type is AnswerType.PICK_CARDS
    assert [c.code for c in q.pool] == ["5S", "T4", "T16", "EX"]
    assert sorted(c.code for c in q.answer) == ["EX", "T16"]
    assert [c.code for c in q.cards["Trick so far"]] == ["10H", "T14"]
    assert check_answer(q, "EX T16").correct
    assert check_answer(q, "T16").credit == 0.5  # half the set: the generated questions' partial credit
    assert not read_own(LEGAL.replace("T16 EX", "T4 T16 EX")).ok  # T4 is under the 14: not legal

    w = read_own(WINNER).question
    assert w.answer_type is AnswerType.CHOICE and w.answer == "KH"
    assert [c.label for c in w.choices] == ["K♥", "Q♥", "10♥"]  # cards by name, never by code
    assert check_answer(w, "KH").correct and not check_answer(w, "QH").correct
    assert not read_own(WINNER.replace("answer: KH", "answer: QH")).ok


def test_one_card_answers_accept_only_that_card():
    q = read_own("question: Which card wins?\nanswer: T21\nverify: {trick_winner: T21 T2 EX}\n").question
    assert q.grader == "own_card" and q.context["pick_one"]
    assert check_answer(q, "T21").correct
    assert check_answer(q, "T2").message == "Not right: the answer is trump 21."
    assert check_answer(q, "T21 T2").message == "Choose one card."


def test_a_true_or_false_answer_is_a_yes_or_no_choice_that_always_says_why():
    q = read_own("question: Is trump 1 an oudler?\nanswer: true\nverify: {is_oudler: T1}\n").question  # the Petit
    assert [(c.key, c.label) for c in q.choices] == [("yes", "Yes"), ("no", "No")] and q.answer == "yes"
    assert check_answer(q, "yes").correct and not check_answer(q, "no").correct
    assert q.explanation == "The answer is Yes."  # the engine has no note for it: still a sentence
    assert not read_own("question: Is trump 2 an oudler?\nanswer: true\nverify: {is_oudler: T2}\n").ok


def test_a_question_without_verify_needs_an_explanation_and_says_the_engine_did_not_check_it():
    assert read_own("question: What is the dog called in French?\noptions: [chien, talon]\nanswer: chien\n"
                    ).problems == ("Line 1: the engine cannot check this answer, so add 'explain' (or a 'verify' "
                                   "query)",)
    ok = read_own("question: What is the dog called?\noptions: [chien, talon]\nanswer: chien\nexplain: Le chien.\n")
    assert ok.ok and "cannot check" in ok.verdict and ok.question.skill == "overview"


def test_the_form_writes_the_check_format():
    source, problems = form_source(prompt="Each defender pays?", answer_type="number", answer=" 58 ",
                                   verify="score_deal: {players: 4, contract: garde, taker_points: 45, oudlers: 2, "
                                          "ask: per_defender}", title="Garde")
    assert problems == ()
    assert yaml.safe_load(source) == {
        "title": "Garde", "question": "Each defender pays?", "answer": 58,
        "verify": {"score_deal": {"players": 4, "contract": "garde", "taker_points": 45, "oudlers": 2,
                                  "ask": "per_defender"}}}
    assert read_own(source).ok
    source, _ = form_source(prompt="Which wins?", answer_type="choice", answer="KH", choices="KH\n\nQH\n",
                            verify="trick_winner: KH QH")
    assert yaml.safe_load(source)["options"] == ["KH", "QH"]
    _, problems = form_source(prompt="Q", answer_type="number", answer="1", verify="score_deal: {players: [")
    assert problems and problems[0].startswith("Verify block, line 1: invalid YAML")


def test_generated_and_unknown_fields_are_refused_by_name():
    assert read_own("question: Q\ngenerator: count\n").problems[0].startswith("Line 2: 'generator' is for generated")
    assert "'hint' is for lessons only" in read_own("question: Q\nanswer: 1\nexplain: E\nhint: H\n").problems[0]
    misspelt = read_own("question: Q\nanwser: 1\nexplain: E\n").problems[0]
    assert "unknown field 'anwser' (did you mean 'answer'?)" in misspelt
    assert "kind" in read_own("kind: text\nquestion: Q\nanswer: 1\nexplain: E\n").problems[0]


def _fixed_checks():
    """Every fixed check of the course that asks the engine a quick question, as a lesson file has it."""
    slow = {"best_card", "king_call", "ecart_voids", "expected_score", "measured", "hand_count", "count_bid"}
    for path in sorted((REPO / "lessons").glob("[0-9]*.yaml")):
        doc = load_file(path)
        for raw in [*doc["steps"], *doc["quiz"]]:
            verify = raw.get("verify")
            if (isinstance(raw, LineDict) and raw.get("kind", "check") == "check" and "generator" not in raw
                    and isinstance(verify, dict) and not set(verify) & slow and "{measure:" not in str(raw)):
                yield path.name, raw


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return [_plain(v) for v in value] if isinstance(value, list) else value


def test_every_fixed_check_of_the_course_is_a_question_graded_as_the_lesson_grades_it():
    """The lessons' own checks, pasted as teacher questions: each is accepted, and the quiz grader agrees with
    the lesson grader on the stated answer (and refuses a wrong number the lesson refuses)."""
    ctx = QuizContext(glossary=load_glossary(REPO / "lessons" / "glossary.yaml")[0])
    seen = 0
    for name, raw in _fixed_checks():
        data = {k: v for k, v in _plain(raw).items() if k not in ("kind", "hint", "terms")}
        checked = read_own(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), ctx)
        assert checked.ok, (name, data, checked.problems)
        step = CheckStep.model_validate(data)
        assert verify_check(step, ctx, "x") == []
        q = Question.from_dict(json.loads(json.dumps(checked.question.to_dict())))  # as a quiz stores it
        stated = data["answer"]
        given = ("yes" if stated else "no") if isinstance(stated, bool) else stated
        if data.get("options"):  # a radio sends the key of the option picked: the one written with the answer
            values = [o["value"] if isinstance(o, dict) else o for o in data["options"]]
            place = next(i for i, v in enumerate(values) if content_check(step, v))
            given = q.choices[place].key
        assert check_answer(q, given).correct == content_check(step, stated) is True, (name, data)
        if q.answer_type is AnswerType.NUMBER:
            assert not content_check(step, stated + 10) and not check_answer(q, stated + 10).correct
            assert not read_own(yaml.safe_dump({**data, "answer": stated + 10}), ctx).ok
        seen += 1
    assert seen >= 40  # the course has many: this is not a loop over nothing


# ---------------------------------------------------------------- hostile input


def test_hostile_yaml_gets_a_sentence():
    assert read_own("x" * (MAX_OWN_QUESTION_BYTES + 1)).problems == (
        "The question is longer than the 16 KB one question may be.",)
    deep = read_own("question: " + "[" * (MAX_YAML_DEPTH + 5) + "]" * (MAX_YAML_DEPTH + 5))
    assert deep.problems == (f"Line 1: nested more than {MAX_YAML_DEPTH} lists or mappings deep: flatten it",)
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + p] * 10)}]\n" for p, n in zip("abcde", "bcdef"))
    assert "alias bomb" in read_own(bomb).problems[0]
    assert read_own("question: [unclosed\n").problems[0].startswith("Line 2: invalid YAML")
    assert read_own("- a\n- b\n").problems[0].startswith("Write the question as fields")
    assert read_own("").problems[0].startswith("Write the question as fields")
    assert "invalid YAML" in read_own("question: !!python/object:os.system x\n").problems[0]


def test_markup_in_the_teachers_words_is_escaped_once_for_every_page():
    q = read_own('question: "**Bold** <img src=x onerror=alert(1)> [link](https://evil.example)"\n'
                 'options: ["<b>yes</b>", "www.evil.example"]\nanswer: "<b>yes</b>"\n'
                 'explain: "![p](http://host/x)"\n').question
    assert q.prompt.startswith("\\*\\*Bold\\*\\* \\<img src=x onerror=alert\\(1\\)\\> \\[link\\]")
    assert "](" not in q.prompt and "https://" not in q.prompt
    assert [c.label for c in q.choices][0] == "\\<b\\>yes\\</b\\>" and "www." not in q.choices[1].label
    assert q.explanation.startswith("\\!\\[p\\]")
    assert check_answer(q, "1").correct  # the first option, by number, as a radio sends it


# ---------------------------------------------------------------- the bank, on SQLite and PostgreSQL


@pytest.fixture
def bank(store):
    return QuestionBank(store.engine, store.where)


def test_the_migration_builds_exactly_the_bank_table(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, direct=False)  # the revisions, not the direct schema
    assert migrate.current(engine) == migrate.HEAD
    migrate.downgrade(engine, "0013")
    assert migrate.current(engine) == "0013"
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert [d for d in diff if "own_questions" in repr(d)] == []
    migrate.downgrade(engine, "0012")
    assert "own_questions" not in inspect(engine).get_table_names()
    engine.dispose()


def test_the_bank_saves_lists_edits_and_deletes(bank):
    first = bank.save(GARDE.format(answer=58), now=T0)
    second = bank.save(LEGAL, now=T0)
    assert [(e.name, e.question.answer_text) for e in bank.entries()] == [
        ("Garde won by 4", "58"), ("Which cards may you play?", "trump 16, the Excuse")]
    assert bank.get(first.id).source == GARDE.format(answer=58)  # the teacher's text, as typed
    edited = bank.save(GARDE.format(answer=58).replace("Garde won by 4", "Garde, 45 points"), entry_id=first.id)
    assert (edited.id, bank.get(first.id).name) == (first.id, "Garde, 45 points")
    with pytest.raises(BankError) as err:
        bank.save(GARDE.format(answer=68), entry_id=first.id)
    assert "the engine gives 58" in err.value.problems[0]
    assert bank.get(first.id).question.answer == 58.0  # a refused edit changes nothing
    assert bank.delete(second.id) and not bank.delete(second.id)
    assert [e.id for e in bank.entries()] == [first.id]
    with pytest.raises(BankError):
        bank.save(LEGAL, entry_id=second.id)  # deleted meanwhile


def test_a_quiz_copies_bank_questions_whole_in_order_or_mixed(store, bank):
    cs = ClassStore(store.engine, store.where)
    own = [bank.save(GARDE.format(answer=58)).question, bank.save(WINNER).question]
    only = cs.create(title="Mine", kinds=[], count=10, own=own, seed=3, now=T0)
    assert [q.to_dict() for q in only.questions] == [q.to_dict() for q in own] and OWN in only.kinds
    both = cs.create(title="Both", kinds=["count"], count=3, own=own, seed=3, now=T0)
    assert [q.kind for q in both.questions] == ["own", "own", "count", "count", "count"]
    mixed = cs.create(title="Mixed", kinds=["count"], count=3, own=own, seed=3, now=T0, mix=True)
    assert sorted(q.kind for q in mixed.questions) == ["count", "count", "count", "own", "own"]
    assert {q.prompt for q in mixed.questions} == {q.prompt for q in both.questions}
    bank.delete(bank.entries()[0].id)  # the quiz keeps its copy
    _, ann = cs.join(only.code, "Ann", now=T0)
    assert cs.answer(ann.token, 0, "58", now=T0).correct
    assert not cs.answer(ann.token, 1, "QH", now=T0).correct
    with pytest.raises(ClassError):
        cs.create(title="None", kinds=[], count=3, own=[], now=T0)
    with pytest.raises(ClassError, match="at most 50"):
        cs.create(title="Many", kinds=["count"], count=50, own=own, now=T0)
