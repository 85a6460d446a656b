"""Issue 37: the teacher's dashboard crashed with "'<=' not supported between instances of 'int' and 'str'" when
the teacher switched to Français and back: the question picker's value comes back from the browser as its
label ("Question 2 of 3"), which the French labels ("Question 2 sur 3") no longer match, so Streamlit hands the
page the label itself (``SelectboxSerde.deserialize``). The picker keeps the question the teacher was looking
at, in either language."""

from __future__ import annotations

from class_pages import _teacher_hash, learner, set_quiz, unlocked_teacher  # noqa: F401 (the hash fixture)
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1.element_tree import Selectbox


def _picker(at):
    return next(s for s in at.selectbox if (s.key or "").startswith("teacher_question_"))


def _browser_sends(widget, label: str) -> None:
    """The picker sends ``label`` as its value, as the browser does (AppTest only sends labels its options have)."""
    class Sending(Selectbox):
        @property
        def _widget_state(self) -> WidgetState:
            return WidgetState(id=self.id, string_value=label)
    widget.__class__ = Sending


def test_the_old_label_the_browser_sends_after_a_language_switch_keeps_the_question():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=3)
    learner(code, "Ann", ["3"])
    teacher.run()
    _picker(teacher).set_value(2)
    teacher.run()
    assert _picker(teacher).value == 2 and _picker(teacher).options[1] == "Question 2 of 3"
    for label in ("Question 2 sur 3", "Question 2 of 3"):  # what the browser sends back, in the other language
        _browser_sends(_picker(teacher), label)
        teacher.run()
        assert not teacher.exception, teacher.exception
        assert _picker(teacher).value == 2
        assert any(m.value.startswith("**Question 2**") for m in teacher.markdown)


def test_a_label_before_any_number_was_shown_falls_back_to_the_first_question():
    teacher = unlocked_teacher()
    set_quiz(teacher, count=3)
    teacher.session_state[f"{_picker(teacher).key}_last"] = None
    _browser_sends(_picker(teacher), "Question 3 sur 3")
    teacher.run()
    assert not teacher.exception and _picker(teacher).value == 1
