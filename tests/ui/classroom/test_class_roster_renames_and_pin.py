"""The class pages' small fixes (issue 26), driven with AppTest: the teacher's roster appears on the
dashboard's own refresh, a renamed learner's page shows the new name on its next refresh, and the rejoin
PIN is shown once, then folded away under "Show my PIN"."""

from __future__ import annotations

from apptest_helpers import refresh
from class_pages import _id_of, _teacher_hash, button, learner, page, set_paced_quiz, set_quiz, unlocked_teacher

__all__ = ["_teacher_hash"]  # the passphrase hash, for every test here too
ROSTER = "Rename or remove a learner"


def expanders(at, label: str) -> list:
    return [e for e in at.expander if e.label == label]


def pin_note(at) -> str | None:
    return next((i.value for i in at.info if "Your PIN is" in i.value), None)


# -- 6. the roster on the dashboard's own refresh ---------------------------------------------------

def test_the_roster_appears_on_the_dashboards_own_refresh_when_the_first_learner_joins():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    assert "Learners (0)" in [h.value for h in teacher.subheader] and not expanders(teacher, ROSTER)
    teacher = refresh(teacher)  # nobody joined: the dashboard redraws alone, the page is left as it is
    assert not teacher.exception and not expanders(teacher, ROSTER)
    learner(code, "Ann", [])
    teacher = refresh(teacher)  # the dashboard's timer, no click: the page is drawn again with the roster
    assert not teacher.exception
    assert "Learners (1)" in [h.value for h in teacher.subheader] and len(expanders(teacher, ROSTER)) == 1
    assert teacher.selectbox(key="teacher_roster_who").options == ["Ann"]
    learner(code, "Bob", [])
    teacher = refresh(teacher)
    assert teacher.selectbox(key="teacher_roster_who").options == ["Ann", "Bob"]
    teacher = refresh(teacher)  # no change since: the roster (and what is typed in it) is not redrawn
    assert not expanders(teacher, ROSTER)


def test_setting_a_new_quiz_after_one_with_learners_keeps_its_message():
    """The page drawn whole draws the roster anyway: no second run, which would lose "Quiz set. Code: …"."""
    teacher = unlocked_teacher()
    first = set_quiz(teacher, title="Monday", count=1)
    learner(first, "Ann", [])
    teacher.run()
    assert teacher.selectbox(key="teacher_roster_who").options == ["Ann"]
    second = set_quiz(teacher, title="Tuesday", count=1)  # a new quiz, nobody in it yet
    assert second != first and any(f"Quiz set. Code: **{second}**" in s.value for s in teacher.success)
    assert "Learners (0)" in [h.value for h in teacher.subheader] and not expanders(teacher, ROSTER)


# -- 7. a renamed learner's page ----------------------------------------------------------------------

def test_a_renamed_learner_sees_the_new_name_on_the_pages_next_refresh():
    teacher = unlocked_teacher()
    code = set_paced_quiz(teacher)
    ann = learner(code, "Ann", [])
    assert "playing as Ann." in ann.caption[0].value
    ann = refresh(ann)  # the teacher has not moved on: nothing to redraw
    assert not ann.exception and not ann.caption
    teacher.run()
    teacher.selectbox(key="teacher_roster_who").set_value(_id_of(teacher, "Ann"))
    teacher.text_input(key="teacher_roster_name").input("Anna")
    button(teacher, "Rename").click()
    teacher.run()
    ann = refresh(ann)  # the page's own look at the quiz, every few seconds: no reload, no click
    assert not ann.exception
    assert any("playing as Anna." in c.value for c in ann.caption)
    assert any("start the quiz in a moment" in i.value for i in ann.info)  # still waiting for the teacher


# -- 8. the PIN, shown once -----------------------------------------------------------------------------

def test_the_pin_is_shown_once_and_then_only_when_asked():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    ann = learner(code, "Ann", [])
    note = pin_note(ann)
    assert note and "Note it down" in note and not expanders(ann, "Show my PIN")
    pin = note.split("**")[1]
    assert len(pin) == 6 and pin.isdigit()
    ann = button(ann, "Got it").click().run()
    assert pin_note(ann) is None and not [b for b in ann.button if b.label == "Got it"]
    (shown,) = expanders(ann, "Show my PIN")
    assert f"Your PIN is **{pin}**" in shown.markdown[0].value
    ann.text_input(key=f"class_{code}_0_number").input("3")
    ann = button(ann, "Send my answer").click().run()
    assert pin_note(ann) is None and "Question 2 of 2" in ann.get("progress")[0].proto.text  # it stays folded away

    # A reload is a new session: the address keeps the place, but the PIN (kept hashed) is gone; the page says so.
    reloaded = page("class_quiz", code=code, me=ann.query_params["me"])
    assert pin_note(reloaded) is None
    (lost,) = expanders(reloaded, "Show my PIN")
    assert "Ask my teacher to let me in" in lost.markdown[0].value and pin not in lost.markdown[0].value

    # Back with the PIN on another device: it is not shown as new, and "Show my PIN" has it.
    back = page("class_quiz", code=code)
    back.text_input(key="class_rejoin_name").input("Ann")
    back.text_input(key="class_rejoin_pin").input(pin)
    back = button(back, "Come back with my PIN").click().run()
    assert not back.error and pin_note(back) is None
    assert f"Your PIN is **{pin}**" in expanders(back, "Show my PIN")[0].markdown[0].value
