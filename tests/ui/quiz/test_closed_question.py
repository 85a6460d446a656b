"""Issue 38: once a drill question or a puzzle is answered it is closed (its answer widgets greyed out, the check
button no longer primary), and its verdict and the next action come right under the prompt, before the
answer widgets, so they are on the first screen."""

from __future__ import annotations

from apptest_helpers import app

from tutor.quiz import check_answer, generate
from tutor.ui.common.data import puzzles

DRILL = "tutor/ui/pages/drill.py"


def walk(node):
    """The page's elements in the order they are drawn."""
    yield node
    children = getattr(node, "children", None) or {}
    for child in children.values():
        yield from walk(child)


def order(at) -> list[str]:
    """The page as a list of element kinds, in order ('error', 'text_input', 'button:drill_next', …)."""
    out = []
    for node in walk(at._tree):
        kind = getattr(node, "type", "")
        key = getattr(node, "key", None) if kind in ("button", "text_input") else None
        out.append(f"{kind}:{key}" if key else kind)
    return out


def test_a_drill_answer_closes_the_question_and_puts_its_verdict_and_next_under_the_prompt():
    q = generate("count", 5, players=4, difficulty=1)
    at = app(DRILL, kind="count", seed="5", players="4", difficulty="1")
    box = at.text_input[0]
    assert not box.disabled
    box.set_value(f"{q.answer + 1:g}")
    at.button[0].click().run()
    assert not at.exception
    assert at.error, "a wrong answer's verdict"
    assert at.text_input[0].disabled and at.text_input[0].value == f"{q.answer + 1:g}"  # the answer given, shown
    check = next(b for b in at.button if b.label == "Check my answer")
    assert check.disabled and check.proto.type == "secondary"
    nxt = at.button(key="drill_next")
    assert nxt.label == "Next question →" and nxt.proto.type == "primary"
    page = order(at)
    where = page.index("error"), page.index("button:drill_next"), next(i for i, k in enumerate(page)
                                                                         if k.startswith("text_input"))
    assert where[0] < where[1] < where[2], page  # verdict, then Next, then the (closed) form
    assert at.session_state["drill_answered"] == 1  # counted once, on the run after the answer
    nxt.click().run()
    assert at.button(key="drill_next").label == "Skip: another question →"
    assert not at.text_input[0].disabled and at.session_state["drill_answered"] == 1


def test_a_table_drill_answered_has_its_typed_check_greyed_out():
    q = generate("legal", 1, players=4, difficulty=1)
    wrong = [c for c in q.pool if c not in q.answer][:1]
    at = app(DRILL, kind="legal", seed="1", players="4", difficulty="1")
    typed = at.text_input[0]
    assert not typed.disabled
    typed.set_value(wrong[0].code)
    next(b for b in at.button if b.label == "Check what I typed").click().run()
    assert at.error and not at.exception
    assert at.session_state["drill_legal_1_4_1_feedback"].correct is False
    assert at.session_state["drill_legal_1_4_1_feedback"] == check_answer(q, wrong)
    assert at.text_input[0].disabled
    assert next(b for b in at.button if b.label == "Check what I typed").disabled
    assert at.button(key="drill_next").proto.type == "primary"


def test_a_missed_puzzle_is_closed_until_tried_again():
    first = next(p for p in puzzles() if p.to_question().answer_type.value == "choice")
    q = first.to_question()
    key = f"pz_{first.id}"
    at = app("tutor/ui/pages/puzzles.py", puzzle=first.id)
    at.radio[0].set_value(next(c.label for c in q.choices if c.key != q.answer))
    at.button[0].click().run()
    assert at.error and at.radio[0].disabled
    assert next(b for b in at.button if b.label == "Check my answer").disabled
    page = order(at)
    assert page.index("error") < page.index(f"button:{key}_again") < page.index("radio"), page
    if any(b.key == "pz_next" for b in at.button):  # the next puzzle, primary, under the verdict too
        assert at.button(key="pz_next").proto.type == "primary"
        assert page.index("button:pz_next") < page.index("radio")
    at.button(key=f"{key}_again").click().run()
    assert not at.radio[0].disabled and not at.error
    at.radio[0].set_value(q.choice(q.answer).label)
    next(b for b in at.button if b.label == "Check my answer").click().run()
    assert at.success and at.radio[0].disabled
    assert not any(b.key == f"{key}_again" for b in at.button)  # solved: nothing to try again
