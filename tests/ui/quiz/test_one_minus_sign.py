"""One minus sign in what learners read (issue 38: "(45 - 41)" and "scores -58" beside "(45 − 41)"): the worked
lines of a score question, Check a deal, and the lessons' score examples show U+2212; the engine's own text (the
command line's and the CSV's) keeps the hyphen-minus."""

import re

from apptest_helpers import app
from lesson_answers import submit_form

from tutor.content import ExampleStep
from tutor.content.render import render_example
from tutor.engine import score_deal
from tutor.quiz import generate
from tutor.ui.common.data import course

HYPHEN_NUMBER = re.compile(r"(?<![\w\-−])-\d|\d - [\d(]")  # a sign or a subtraction written with "-"


def shown(at) -> str:
    return "\n".join(x.value for x in [*at.markdown, *at.error, *at.warning, *at.success, *at.caption])


def test_the_issues_lost_petite_reads_with_true_minus_signs(db):
    # A petite lost by 2 (39 points, 2 oudlers: target 41): the contract −(25 + 2) = −27, the taker 3 × −27 = −81.
    q = generate("score", 5, players=4, difficulty=1)
    assert q.answer["taker"] == -81 and q.answer["per_defender"] == -27
    at = app("tutor/ui/pages/drill.py", kind="score", seed="5", players="4", difficulty="1")
    key = "drill_score_5_4_1"
    for f in q.fields:  # every step right but the target: the verdict quotes the worked lines
        at.text_input(key=f"{key}_f_{f.key}").set_value(str(q.answer[f.key] + (1 if f.key == "target" else 0)))
    submit_form(at, f"qform_{key}")
    assert not at.exception
    text = shown(at)
    assert "(41 − 39)" in text and "−27" in text and "−81" in text
    assert not HYPHEN_NUMBER.search(text), HYPHEN_NUMBER.search(text)
    assert "(41 - 39)" in q.explanation  # the engine's text, as the command line prints it, is unchanged


def test_check_a_deal_says_a_lost_contract_with_minus_signs(db):
    at = app("tutor/ui/pages/check.py")
    at.number_input[0].set_value(30.0)
    next(b for b in at.button if b.label == "Score it").click().run()
    assert not at.exception
    text = shown(at)
    assert "Taker −" in text and "−" in text and not HYPHEN_NUMBER.search(text), text


def test_every_score_example_of_the_course_writes_its_minus_signs():
    lost = 0
    for lesson in course().lessons:
        for step in lesson.steps:
            if isinstance(step, ExampleStep) and step.example.kind in ("score", "sheet"):
                text = render_example(step)
                assert not HYPHEN_NUMBER.search(text), (lesson.id, text)
                lost += "−" in text
    assert lost >= 2  # lesson 12's failed petite and others (hand-checked: a lost deal is written with −)
    assert "-" in str(score_deal(players=4, contract="petite", taker_points=44, oudlers=1).steps[-1].text)
