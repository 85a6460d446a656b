"""An answer is saved before its verdict is drawn. A run can be cut short once the verdict is on screen: the learner
taps "Next question" at once (Streamlit stops the run for the new one) or closes the page. Saving after the rest of
the page was drawn lost those answers (a browser test on a fresh server found it: the first drill answer of a new
process never reached Replay my mistakes). Here each run is stopped right after its verdict, as a quick tap would,
and the answer must be in the database, once."""

from __future__ import annotations

import pytest
import streamlit as st
from apptest_helpers import app

from tutor.progress import AnswerRecord
from tutor.quiz import generate
from tutor.ui.common import data
from tutor.ui.learn import strategy_puzzle
from tutor.ui.quiz import question

PUZZLES = "tutor/ui/pages/puzzles.py"


@pytest.fixture
def cut_after_the_verdict(monkeypatch):
    """Every run ends just after the verdict and the next action are drawn (where the page scrolls to them)."""
    def stop(*args, **kwargs):
        st.stop()
    monkeypatch.setattr(question, "into_view", stop)
    monkeypatch.setattr(strategy_puzzle, "into_view", stop)


def test_a_drill_answer_cut_short_after_its_verdict_is_saved_once(db, cut_after_the_verdict):
    at = app("tutor/ui/pages/drill.py", kind="count", seed="5", players="4", difficulty="1")
    q = generate("count", 5, players=4, difficulty=1)
    at.text_input[0].set_value(f"{q.answer + 1:g}")
    at.button[0].click().run()
    assert not at.exception
    assert any("the answer is" in e.value.lower() for e in at.error), "the verdict was drawn"
    learner = db.learners()[0]
    saved = db.answers(learner.id)
    assert [(a.kind, a.seed, a.correct) for a in saved] == [("count", 5, False)]
    at.run()  # a later run of the same question: not saved again
    assert len(db.answers(learner.id)) == 1


def test_a_rules_puzzle_solved_in_a_run_cut_short_is_solved(db, cut_after_the_verdict):
    pid = "overtrump-your-partner"
    at = app(PUZZLES, puzzle=pid)
    pz = next(p for p in data.puzzles() if p.id == pid)
    q = pz.to_question()
    answer = " ".join(c.code for c in q.answer) if isinstance(q.answer, list | tuple) else str(q.answer)
    at.text_input(key=f"pz_{pid}_typed").set_value(answer)
    next(b for b in at.button if b.label == "Check what I typed").click().run()
    assert not at.exception
    assert at.success, "the verdict was drawn"
    assert pid in db.puzzles_solved(db.learners()[0].id)


def test_a_strategy_puzzle_missed_in_a_run_cut_short_is_kept(db, cut_after_the_verdict):
    pid = "petit-when-nobody-can-overtrump"  # best: the Petit; Trump 18 is legal and worse
    at = app(PUZZLES, puzzle=pid)
    at.text_input(key=f"pz_{pid}_typed").set_value("T18")
    next(b for b in at.button if b.label == "Check what I typed").click().run()
    assert not at.exception
    assert at.error and at.error[0].value.startswith("Not the best"), "the verdict was drawn"
    learner = db.learners()[0]
    assert db.puzzle_rating(learner.id)[1] == 1, "the missed attempt moved the puzzle rating"
    assert pid not in db.puzzles_solved(learner.id)


def test_a_mistake_put_right_in_a_run_cut_short_is_kept(db, cut_after_the_verdict):
    me = db.default_learner()
    db.record_answer(me.id, AnswerRecord("counting", "count", 101, {"players": 4, "difficulty": 1}, "3", False, 0.0))
    at = app("tutor/ui/pages/progress.py", view="replay")
    q = generate("count", 101, players=4, difficulty=1)
    assert any(m.value == q.prompt for m in at.markdown)
    at.text_input[0].set_value(f"{q.answer:g}")
    next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception and at.success, "the verdict was drawn"
    assert [(a.seed, a.correct) for a in db.answers(me.id) if a.source == "replay"] == [(101, True)]


def test_a_lesson_check_answered_in_a_run_cut_short_is_saved_and_kept(db, monkeypatch):
    """Lesson 3's closing quiz opens with a generated counting question: its verdict drawn, the run ends; the
    answer is in the database (Replay my mistakes) and the lesson keeps it (a reload shows it answered)."""
    def feedback_then_stop(*args, **kwargs):
        shown(*args, **kwargs)
        st.stop()
    shown = question.show_feedback
    monkeypatch.setattr(question, "show_feedback", feedback_then_stop)
    lesson = data.course().lesson("card-values")
    first_quiz, step = len(lesson.steps), lesson.quiz[0]
    at = app("tutor/ui/pages/lesson.py", lesson="card-values", step=str(first_quiz + 1))
    q = generate("count", step.quiz_seed, **dict(step.params))
    at.text_input(key=f"card-values_{first_quiz}_number").set_value(f"{q.answer + 1.5:g}")
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("FormSubmitter"))).click().run()
    assert not at.exception and at.error, "the verdict was drawn"
    rows = db.answers(db.learners()[0].id)
    assert [(r.kind, r.correct, r.source) for r in rows] == [("count", False, "lesson")]
    monkeypatch.setattr(question, "show_feedback", shown)
    again = app("tutor/ui/pages/lesson.py", lesson="card-values", step=str(first_quiz + 1))
    assert not any(b.key and b.key.startswith("FormSubmitter") for b in again.button), "kept: no second answer"
    assert again.error, "the kept answer's verdict"
