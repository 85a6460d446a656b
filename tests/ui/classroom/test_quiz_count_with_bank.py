"""Issue 37: "Questions: 6" with 2 questions from the bank gave a quiz of 8 without a word. The count is said
to be of generated questions, and the quiz set says how many it has of each."""

from __future__ import annotations

from class_pages import _teacher_hash, button, snapshot, unlocked_teacher  # noqa: F401 (the hash fixture)

GARDE = """title: {title}
question: "A garde: the attack has 45 points with 2 oudlers, no bonus. What does each defender pay?"
answer: 58
verify: {{score_deal: {{players: 4, contract: garde, taker_points: 45, oudlers: 2, ask: per_defender}}}}
"""


def _bank(at, title):
    at.text_area(key="own_yaml").input(GARDE.format(title=title))
    at.button(key="own_paste_preview").click()
    at.run()
    button(at, "Save to my bank").click()
    at.run()
    assert not at.error, [e.value for e in at.error]


def test_six_generated_and_two_from_the_bank_are_said_to_make_eight():
    at = unlocked_teacher()
    _bank(at, "Garde one")
    _bank(at, "Garde two")
    at.text_input[0].input("Mixed")
    at.multiselect[0].select("count")
    next(m for m in at.multiselect if m.label == "From your bank").set_value([1, 2])
    at.number_input[0].set_value(6)
    assert "bank come on top" in at.number_input[0].help
    button(at, "Set the quiz").click()
    at.run()
    assert not at.error, [e.value for e in at.error]
    quiz = snapshot(at.code[0].value.rsplit("=", 1)[1])
    assert len(quiz.questions) == 8 and sum(q.kind == "own" for q in quiz.questions) == 2
    assert any(i.value == "The quiz has 8 questions: 6 generated and 2 from your bank." for i in at.info)


def test_a_quiz_without_bank_questions_says_nothing_more():
    at = unlocked_teacher()
    at.text_input[0].input("Plain")
    at.multiselect[0].select("count")
    at.number_input[0].set_value(3)
    button(at, "Set the quiz").click()
    at.run()
    assert not any("from your bank" in i.value for i in at.info)
