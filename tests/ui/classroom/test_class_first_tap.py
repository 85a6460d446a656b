"""Issue 37: a phone's first tap after "Next question" was lost under load. The option was tapped inside the
answer form, where it lives in the browser only until "Send my answer"; the redraw that follows a new question
(the page following the teacher, a busy server's late run) drew the form again without it, and the learner got
"Give an answer first." or nothing saved. An option tapped now reaches the server at once: any redraw keeps it."""

from __future__ import annotations

from class_pages import _teacher_hash, button, learner, unlocked_teacher  # noqa: F401 (the hash fixture)

from tutor.classroom.store import ClassStore
from tutor.progress import Store


def _paced_choice_quiz(teacher) -> str:
    teacher.text_input[0].input("Excuse, paced")
    teacher.multiselect[0].select("excuse")  # every question a choice among options (the Excuse's fate, …)
    teacher.number_input[0].set_value(2)
    next(c for c in teacher.checkbox if c.label == "Teacher-paced").check()
    button(teacher, "Set the quiz").click()
    teacher.run()
    assert not teacher.exception and not teacher.error, [e.value for e in teacher.error]
    return teacher.code[0].value.rsplit("=", 1)[1]


def _saved(db_path, code) -> dict:
    s = Store.open(f"sqlite:///{db_path}")
    try:
        cs = ClassStore(s.engine, s.where)
        quiz = next(q for q in cs.quizzes() if q.code == code)
        return {(name, n): a for name, n, a in _answers(cs, quiz.id)}
    finally:
        s.close()


def _answers(cs, quiz_id):
    players, answers = cs.results(quiz_id)
    names = {p.id: p.name for p in players}
    return [(names[a.player_id], a.number, a.answer) for a in answers]


def test_an_option_tapped_before_a_redraw_is_sent_with_send_my_answer(_fresh_progress_db):
    teacher = unlocked_teacher()
    code = _paced_choice_quiz(teacher)
    ann = learner(code, "Ann", [])
    button(teacher, "Start the quiz").click()
    teacher.run()
    ann.run()  # the page follows the teacher to question 1
    radio = ann.radio(key=f"class_{code}_0_choice")
    option = radio.options[1]
    radio.set_value(option)  # the tap
    ann.run()  # the redraw that follows (the page's own look at the teacher's pace, a late run): no Send yet
    assert ann.radio(key=f"class_{code}_0_choice").value == option  # still chosen on the phone
    button(ann, "Send my answer").click()
    ann.run()
    assert not ann.exception
    assert not any("Give an answer first" in i.value for i in ann.info)
    assert any("Answer to question 1 saved" in s.value for s in ann.success)
    assert ("Ann", 0) in _saved(_fresh_progress_db, code)
