"""The lesson's score and the course map's line say what each counts (issue 38: "2 of 7 right, first try" on the
lesson, "Scoring a deal: 2 right out of 4" on the map, and nothing said what "out of 4" counted)."""

from apptest_helpers import app
from lesson_answers import play_lesson

from tutor.i18n import ngettext, using
from tutor.progress import AnswerRecord
from tutor.ui.common.data import course

LESSON = "tutor/ui/pages/lesson.py"


def test_the_lesson_end_says_its_score_counts_its_checks_and_the_map_counts_recent_answers(db):
    lesson = course().lesson("the-deck")  # 9 checks
    at = app(LESSON, lesson="the-deck", step="1")
    play_lesson(at, lesson)
    assert any(s.value.startswith("You finished “The deck”: **9 of 9 right, first try**") for s in at.success)
    assert any(c.value == "This score counts the lesson's 9 checks, each on its first try. The course map counts "
                          "your recent answers on the lesson's skills, in the Drill and in the lessons' questions."
               for c in at.caption)


def test_the_course_map_names_what_its_numbers_count(db):
    me = db.default_learner()
    for seed, right in ((1, True), (2, False)):  # two answers on the target: 1 right out of 2
        db.record_answer(me.id, AnswerRecord("target", "target", seed, {"players": 4}, "0", right, float(right)))
    at = app()
    card = next(m.value for m in at.markdown if "The goal" in m.value and "**" in m.value)
    assert "The target by oudlers, your recent answers: 1 right out of 2" in card


def test_the_french_says_it_too():
    with using("fr"):
        said = ngettext("This score counts the lesson's {n} check, each on its first try. The course map counts "
                        "your recent answers on the lesson's skills, in the Drill and in the lessons' questions.",
                        "This score counts the lesson's {n} checks, each on its first try. The course map counts "
                        "your recent answers on the lesson's skills, in the Drill and in the lessons' questions.",
                        9).format(n=9)
    assert said.startswith("Ce score compte les 9 questions de la leçon, chacune au premier essai.")
