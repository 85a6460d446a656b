"""A partly right answer says what it counts for (issue 38: "Partly right: part of the credit." read oddly): the
share of a right answer, worked out here from the cards (right picks over every card involved)."""

from apptest_helpers import app
from lesson_answers import submit_form

from tutor.i18n import _, percent, using
from tutor.quiz import generate

DRILL = "tutor/ui/pages/drill.py"


def _legal_with_choices():
    """A seeded legal-cards question with at least two legal cards (one of them is left out)."""
    return next((s, q) for s in range(1, 200) if len((q := generate("legal", s, players=4, difficulty=1)).answer) >= 2)


def _answer_one(at, seed):
    key = f"drill_legal_{seed}_4_1"
    q = generate("legal", seed, players=4, difficulty=1)
    at.text_input(key=f"{key}_typed").set_value(q.answer[0].code if isinstance(q.answer, list | tuple)
                                               else sorted(q.answer, key=lambda c: c.sort_key)[0].code)
    submit_form(at, f"qform_{key}")
    return at


def test_a_partly_right_answer_says_its_share_of_a_right_one(db):
    seed, q = _legal_with_choices()
    share = f"{1 / len(q.answer):.0%}"  # one right card of the len(answer) legal ones, nothing wrong picked
    at = _answer_one(app(DRILL, kind="legal", seed=str(seed), players="4", difficulty="1"), seed)
    assert not at.exception
    said = "\n".join(w.value for w in at.warning)
    assert f"*Partly right: this answer counts for {share} of a right one.*" in said
    assert "part of the credit" not in said
    # In French (AppTest cannot rerun the French drill: its select boxes' labels are formatted in English here).
    with using("fr"):
        assert _("Partly right: this answer counts for {share} of a right one.").format(share=percent(0.5)) == \
            "En partie juste\u00a0: cette réponse compte pour 50\u202f% d’une bonne réponse."
