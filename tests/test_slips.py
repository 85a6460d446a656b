"""Every known scoring slip, on deals worked out by hand (FFT: (25 + margin) × multiplier, then the bonuses)."""

import pytest

from tutor.engine import score_deal
from tutor.quiz.slips import SLIPS, diagnose, find

GARDE_45 = {"players": 4, "contract": "garde", "taker_points": 45, "oudlers": 2}  # won by 4: 58 a defender
SANS_PAB = {"players": 4, "contract": "garde_sans", "taker_points": 49, "oudlers": 2,
            "petit_au_bout": "attack"}  # (25 + 8) × 4 = 132, + 10 × 4 = 172
SANS_POIGNEE = {"players": 4, "contract": "garde_sans", "taker_points": 49, "oudlers": 2,
                "poignees": ["simple"]}  # 132 + 20 = 152
PETITE_LOST = {"players": 4, "contract": "petite", "taker_points": 44, "oudlers": 1}  # lost by 7: 32

CASES = [
    # (asked, deal, the learner's number, the slip it is)
    ("target", GARDE_45, 56, "target_0_oudlers"),
    ("target", GARDE_45, 51, "target_1_oudlers"),
    ("target", PETITE_LOST, 41, "target_2_oudlers"),
    ("target", GARDE_45, 36, "target_3_oudlers"),
    ("contract", GARDE_45, 33, "multiplied_margin_only"),  # 25 + 2 × 4
    ("contract", GARDE_45, 8, "forgot_25"),  # 4 × 2
    ("contract", GARDE_45, 29, "forgot_multiplier"),  # 25 + 4
    ("per_defender", GARDE_45, 33, "multiplied_margin_only"),
    ("per_defender", GARDE_45, 8, "forgot_25"),
    ("per_defender", GARDE_45, 29, "forgot_multiplier"),
    ("per_defender", SANS_PAB, 142, "petit_au_bout_not_multiplied"),  # 132 + 10
    ("per_defender", SANS_PAB, 92, "petit_au_bout_side"),  # 132 − 40
    ("per_defender", SANS_POIGNEE, 112, "poignee_wrong_side"),  # 132 − 20
    ("per_defender", SANS_POIGNEE, 212, "poignee_multiplied"),  # 132 + 20 × 4
    ("per_defender", SANS_POIGNEE, 172, "poignee_doubled"),  # 132 + 40
    ("taker", GARDE_45, 58, "taker_per_defender"),  # one defender's payment, not 3 × 58 = 174
    ("taker", GARDE_45, 232, "taker_one_too_many"),  # 4 × 58
    ("taker", GARDE_45, -174, "taker_sign"),
    ("defender", GARDE_45, 58, "defender_sign"),  # a defender of a won garde writes −58
    ("defender", GARDE_45, -174, "defender_taker_share"),
    ("defender", PETITE_LOST, -32, "defender_sign"),  # the taker lost: each defender gets +32
]


@pytest.mark.parametrize(("asked", "deal", "given", "slip_id"), CASES)
def test_each_slip_is_named(asked, deal, given, slip_id):
    s = score_deal(**deal)
    slip = find(asked, s, given)
    assert slip is not None and slip.id == slip_id
    assert diagnose(asked, s, given).startswith(f"{given:g} is ")


def test_every_slip_in_the_table_is_tested_and_has_a_source():
    tested = {(asked, slip_id) for asked, _, _, slip_id in CASES}
    assert {(x.asked, x.id) for x in SLIPS} == tested
    assert {x.source for x in SLIPS} == {"RULES.md", "score form"}


def test_the_rules_md_example_is_said_in_full():
    """RULES.md: "A guard won by 5 scores 25 + 2×5 = 35": wrong, (25 + 5) × 2 = 60."""
    s = score_deal(players=4, contract="garde", taker_points=46, oudlers=2)
    assert diagnose("per_defender", s, 35) == "35 is 25 + 2 × 5 instead of (25 + 5) × 2 = 60"


def test_right_answers_and_unknown_numbers_name_no_slip():
    for deal in (GARDE_45, SANS_PAB, SANS_POIGNEE, PETITE_LOST):
        s = score_deal(**deal)
        for asked in ("target", "per_defender", "taker", "defender"):
            assert diagnose(asked, s, getattr(s, asked)) is None
            assert diagnose(asked, s, 12345) is None
    # A petite has no multiplier to forget.
    s = score_deal(**PETITE_LOST)
    assert find("per_defender", s, 25 + 7) is None and find("per_defender", s, 7).id == "forgot_25"


# The lesson path (a scoring check's ``verify: {score_deal: ...}``) and the score form (generated questions,
# Check a deal) must name the same slip for the same wrong number: the course says each thing one way.
SAME_SLIP = [
    # (asked, deal, the learner's number, the slip both paths name), each worked out by hand
    ("per_defender", GARDE_45, 33, "multiplied_margin_only"),  # 25 + 2 × 4, not (25 + 4) × 2 = 58
    ("per_defender", GARDE_45, 8, "forgot_25"),  # 4 × 2
    ("per_defender", GARDE_45, 29, "forgot_multiplier"),  # 25 + 4
    ("contract", GARDE_45, 33, "multiplied_margin_only"),
    ("per_defender", SANS_PAB, 142, "petit_au_bout_not_multiplied"),  # 132 + 10, not 132 + 40
    ("per_defender", SANS_POIGNEE, 112, "poignee_wrong_side"),  # 132 − 20
    ("per_defender", SANS_POIGNEE, 212, "poignee_multiplied"),  # 132 + 20 × 4
    ("per_defender", SANS_POIGNEE, 172, "poignee_doubled"),  # 132 + 40
]


@pytest.mark.parametrize(("asked", "deal", "given", "slip_id"), SAME_SLIP)
def test_the_lesson_and_the_score_form_name_the_same_slip(asked, deal, given, slip_id):
    from tutor.content import CheckStep
    from tutor.quiz.scoreform import mistakes_for, score_params
    from tutor.ui.lesson import slip_for_check

    s = score_deal(**deal)
    assert find(asked, s, given).id == slip_id  # the table the lesson checks read
    said = diagnose(asked, s, given)
    step = CheckStep.model_validate({"kind": "check", "question": "How much?", "verify": {"score_deal": {"ask": asked,
                                                                                                       **deal}}})
    assert slip_for_check(step, given) == f"{said[0].upper()}{said[1:]}."  # what the lesson shows
    params = score_params(deal["players"], deal["contract"], deal["taker_points"], deal["oudlers"],
                          petit_au_bout=deal.get("petit_au_bout"), poignees=deal.get("poignees", ()))
    assert mistakes_for(params, asked, given)[0] == slip_id  # the score form's field, same number, same slip
