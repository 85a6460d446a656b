"""The teacher's own questions on the Teacher page (AppTest): write one, preview it, see a wrong answer refused
with the engine's reason, save it, edit and delete it, use it in a quiz, and a learner answers it."""

import pytest
from class_pages import HASH, button, page, snapshot, unlocked_teacher

from tutor.classroom import passphrase
from tutor.ui.common.safe import plain

GARDE = """title: Garde won by 4
question: "A garde: the attack has 45 points with 2 oudlers, no bonus. What does each defender pay?"
answer: {answer}
verify: {{score_deal: {{players: 4, contract: garde, taker_points: 45, oudlers: 2, ask: per_defender}}}}
"""


@pytest.fixture(autouse=True)
def _teacher_hash(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)


def preview_yaml(at, text):
    at.text_area(key="own_yaml").input(text)
    at.button(key="own_paste_preview").click()
    at.run()
    assert not at.exception, at.exception


def texts(elements) -> str:
    return "\n".join(e.value for e in elements)


def test_write_preview_refuse_save_and_use_in_a_quiz_a_learner_answers():
    at = unlocked_teacher()
    assert "No question of your own yet" in texts(at.info)

    preview_yaml(at, GARDE.format(answer=68))  # off by 10: (25 + 4) x 2 = 58
    refusal = texts(at.error)
    assert "Refused" in refusal
    assert plain("the stated answer 68 is wrong: the engine gives 58 for score_deal") in refusal
    assert not any(b.label == "Save to my bank" for b in at.button)

    preview_yaml(at, GARDE.format(answer=58))
    assert not at.error and plain("Verified: the engine gives 58") in texts(at.success)
    assert "A garde\\: the attack has 45 points" in texts(at.markdown)  # rendered by the question renderer
    at.text_input(key=[k for k in (t.key for t in at.text_input) if k and k.startswith("own_preview_")][0]).input("58")
    next(b for b in at.button if b.label == "Check my answer").click()
    at.run()
    assert "Right!" in texts(at.success)  # the teacher may try it: the learners' grader
    button(at, "Save to my bank").click()
    at.run()
    assert "Saved to your bank: **Garde won by 4**" in texts(at.success)

    # the form writes the same format: a choice among cards, checked by the engine
    form = {t.label: t for t in at.text_area}
    form["Question"].input("Which card wins the trick?")
    form["Choices, one a line (for a choice)"].input("KH\nQH\n10H")
    form["Verify block (the engine checks your answer)"].input("trick_winner: KH QH 10H")
    next(s for s in at.selectbox if s.label == "The answer is").set_value("choice")
    next(t for t in at.text_input if t.label == "Right answer").input("KH")
    at.button(key="own_form_preview").click()
    at.run()
    assert not at.error and plain("Verified: the engine gives KH") in texts(at.success)
    button(at, "Save to my bank").click()
    at.run()
    bank = texts(at.markdown)
    assert "**1. Garde won by 4** · answer: 58" in bank and "**2. Which card wins the trick?** · answer: K♥" in bank

    # a quiz of the two, in order; a learner answers both with the class page's widgets
    at.text_input[0].input("Mine")
    next(m for m in at.multiselect if m.label == "From your bank").set_value([1, 2])
    button(at, "Set the quiz").click()
    at.run()
    assert not at.error, texts(at.error)
    code = at.code[0].value.rsplit("=", 1)[1]
    quiz = snapshot(code)
    assert [q.kind for q in quiz.questions] == ["own", "own"] and quiz.questions[0].answer == 58

    ann = page("class_quiz", code=code)
    ann.text_input[1].input("Ann")
    button(ann, "Join the quiz").click()
    ann.run()
    ann.text_input(key=f"class_{code}_0_number").input("58")
    button(ann, "Send my answer").click()
    ann.run()
    assert "A garde\\: the attack" not in texts(ann.markdown)  # question 1 is answered: question 2 shows
    assert "Which card wins the trick?" in texts(ann.markdown)
    ann.text_input(key=f"class_{code}_1_typed").input("QH")
    button(ann, "Send what I typed").click()
    ann.run()
    assert "Your result: 1 right out of 2" in ann.subheader[0].value


def test_edit_and_delete_and_hostile_words_shown_as_typed():
    at = unlocked_teacher()
    evil = ('title: "[Click me](https://evil.example) www.evil.example"\n'
            'question: "<img src=x onerror=alert(1)> **loud**"\nanswer: 5\nverify: {card_points: KH 2H}\n')
    preview_yaml(at, evil)
    assert plain("<img src=x onerror=alert(1)> **loud**") in texts(at.markdown)
    button(at, "Save to my bank").click()
    at.run()
    bank = texts(at.markdown)
    assert f"**1. {plain('[Click me](https://evil.example) www.evil.example')}** · answer: 5" in bank
    assert "](https://" not in bank and "www.evil" not in bank

    button(at, "Edit").click()
    at.run()
    assert at.text_area(key="own_yaml").value == evil and "Editing" in texts(at.info)
    preview_yaml(at, evil.replace("answer: 5", "answer: 6"))
    assert "the engine gives 5" in texts(at.error)  # an edit is checked like a new question
    preview_yaml(at, evil.replace("KH 2H", "KH QH").replace("answer: 5", "answer: 8"))  # 4.5 + 3.5
    button(at, "Save the changes").click()
    at.run()
    assert "· answer: 8" in texts(at.markdown) and "**2." not in texts(at.markdown)

    button(at, "Delete").click()
    at.run()
    assert "Quizzes already set keep their copy" in texts(at.warning)
    button(at, "Yes, delete").click()
    at.run()
    assert "No question of your own yet" in texts(at.info)


def test_hostile_yaml_in_the_paste_box_is_refused_in_a_sentence():
    at = unlocked_teacher()
    preview_yaml(at, "question: " + "[" * 60 + "]" * 60)
    assert "nested more than 40" in texts(at.error)
    preview_yaml(at, "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + p] * 10)}]\n" for p, n in zip("abcde", "bcdef")))
    assert "alias bomb" in texts(at.error)
    preview_yaml(at, "question: " + "é" * 9_000)  # under the box's 16,384 characters, over its 16 KB
    assert "longer than the 16 KB" in texts(at.error)
    preview_yaml(at, "question: !!python/object/apply:os.system [echo]\nanswer: 1\n")
    assert "invalid YAML" in texts(at.error) and not at.exception
