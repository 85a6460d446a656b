"""Every known scoring slip, on deals worked out by hand (FFT: (25 + margin) × multiplier, then the bonuses).

One table (``tutor.quiz.slips``) serves the lessons' scoring checks, the score form and Check a deal; each
of its rows is named here on a deal whose right and wrong numbers are worked out in the comments."""

import pytest

from tutor.engine import score_deal
from tutor.quiz.slips import SLIPS, diagnose, find

GARDE_45 = {"players": 4, "contract": "garde", "taker_points": 45, "oudlers": 2}
# target 41, won by 4: (25 + 4) × 2 = 58 a defender, the taker 3 × 58 = 174, each defender −58
SANS_PAB = {"players": 4, "contract": "garde_sans", "taker_points": 49, "oudlers": 2,
            "petit_au_bout": "attack"}  # (25 + 8) × 4 = 132, + 10 × 4 = 172
PAB_TO_LOSER = {"players": 4, "contract": "garde_sans", "taker_points": 55, "oudlers": 1,
                "petit_au_bout": "defence"}  # target 51, won by 4: (25 + 4) × 4 = 116, − 40 = 76
SANS_POIGNEE = {"players": 4, "contract": "garde_sans", "taker_points": 49, "oudlers": 2,
                "poignees": ["simple"]}  # 132 + 20 = 152
PETITE_LOST = {"players": 4, "contract": "petite", "taker_points": 44, "oudlers": 1}  # target 51, lost by 7: −32
CHELEM_ANNOUNCED = {"players": 4, "contract": "garde", "taker_points": 87, "oudlers": 2,
                    "chelem": "announced_made"}  # won by 46: (25 + 46) × 2 = 142, + 400 = 542
CHELEM_UNANNOUNCED = {"players": 4, "contract": "petite", "taker_points": 91, "oudlers": 3,
                      "chelem": "made"}  # target 36, won by 55: 80, + 200 = 280
CHELEM_FAILED = {"players": 4, "contract": "garde", "taker_points": 60, "oudlers": 2,
                 "chelem": "announced_failed"}  # won by 19: (25 + 19) × 2 = 88, − 200 = −112
CHELEM_DEFENCE = {"players": 4, "contract": "garde", "taker_points": 4, "oudlers": 0,
                  "chelem": "defence"}  # écart 4 points; target 56, lost by 52: −(25 + 52) × 2 = −154, − 200 = −354
HALF = {"players": 3, "contract": "petite", "taker_points": 40.5, "oudlers": 2}
# target 41; 40.5 loses, so the half point goes to the defence: 40 counted, lost by 1: −26, taker 2 × −26 = −52
FIVE = {"players": 5, "contract": "garde", "taker_points": 46, "oudlers": 2}
# won by 5: (25 + 5) × 2 = 60 a defender; the taker 2 × 60 = 120, the partner 60, each of 3 defenders −60
FIVE_ALONE = dict(FIVE, alone=True)  # the taker alone: 4 × 60 = 240
THREE_WON = {"players": 3, "contract": "petite", "taker_points": 46, "oudlers": 2}
# target 41, won by 5: 25 + 5 = 30 a defender, the taker 2 × 30 = 60
FIVE_ALONE_LOST = {"players": 5, "contract": "garde", "taker_points": 36, "oudlers": 2, "alone": True}
# target 41, lost by 5: −(25 + 5) × 2 = −60 a defender, the taker alone pays 4 × 60: −240

CASES = [
    # (field, deal, the learner's number, the slip it is): the score form's reading (every field but the
    # target and the points counted signed from the taker's side)
    ("target", GARDE_45, 56, "target_oudlers"),  # the target with 0 oudlers
    ("target", GARDE_45, 51, "target_oudlers"),  # 1 oudler
    ("target", PETITE_LOST, 41, "target_oudlers"),  # 2 oudlers, for a 1-oudler deal
    ("target", GARDE_45, 36, "target_oudlers"),  # 3 oudlers
    ("counted", HALF, 41, "half_point"),  # the half point given to the losing attack
    ("result", GARDE_45, -4, "result_sign"),
    ("result", HALF, -0.5, "half_point"),  # 40.5 − 41, the half point left in
    ("result", HALF, 0, "half_point"),  # 41 − 41, the half point given to the attack
    ("result", GARDE_45, -11, "target_oudlers"),  # 45 − 56
    ("result", GARDE_45, -6, "target_oudlers"),  # 45 − 51
    ("result", PETITE_LOST, 3, "target_oudlers"),  # 44 − 41
    ("result", GARDE_45, 9, "target_oudlers"),  # 45 − 36
    ("contract", GARDE_45, 33, "multiplied_margin_only"),  # 25 + 2 × 4
    ("contract", GARDE_45, 8, "forgot_25"),  # 4 × 2
    ("contract", GARDE_45, 29, "forgot_multiplier"),  # 25 + 4
    ("contract", SANS_PAB, 66, "wrong_multiplier"),  # (25 + 8) × 2, a garde's multiplier for a garde sans
    ("contract", GARDE_45, 116, "wrong_multiplier"),  # (25 + 4) × 4
    ("contract", GARDE_45, 174, "wrong_multiplier"),  # (25 + 4) × 6
    ("contract", GARDE_45, -58, "sign_slip"),
    ("petit_au_bout", SANS_PAB, 10, "petit_au_bout_not_multiplied"),  # 10, not 10 × 4 = 40
    ("petit_au_bout", PAB_TO_LOSER, 40, "petit_au_bout_to_winner"),  # the defence took it: −40
    ("petit_au_bout", SANS_PAB, -40, "petit_au_bout_side"),
    ("poignee", SANS_POIGNEE, -20, "poignee_wrong_side"),
    ("poignee", SANS_POIGNEE, 80, "poignee_multiplied"),  # 20 × 4
    ("poignee", SANS_POIGNEE, 40, "poignee_doubled"),
    ("chelem", CHELEM_ANNOUNCED, 200, "chelem_value"),  # 200 is for an unannounced chelem
    ("chelem", CHELEM_UNANNOUNCED, 400, "chelem_value"),  # 400 is for an announced one
    ("chelem", CHELEM_FAILED, 200, "chelem_failed"),  # it costs the attack 200: −200
    ("chelem", CHELEM_DEFENCE, 200, "chelem_side"),  # the defence's: −200
    ("chelem", CHELEM_ANNOUNCED, 800, "chelem_multiplied"),  # 400 × 2
    ("chelem", CHELEM_ANNOUNCED, -400, "sign_slip"),
    ("per_defender", GARDE_45, -58, "sign_slip"),
    ("per_defender", GARDE_45, 33, "multiplied_margin_only"),
    ("per_defender", GARDE_45, 8, "forgot_25"),
    ("per_defender", GARDE_45, 29, "forgot_multiplier"),
    ("per_defender", GARDE_45, 116, "wrong_multiplier"),
    ("per_defender", SANS_PAB, 142, "petit_au_bout_not_multiplied"),  # 132 + 10
    ("per_defender", SANS_PAB, 92, "petit_au_bout_side"),  # 132 − 40
    ("per_defender", PAB_TO_LOSER, 156, "petit_au_bout_to_winner"),  # 116 + 40
    ("per_defender", SANS_POIGNEE, 112, "poignee_wrong_side"),  # 132 − 20
    ("per_defender", SANS_POIGNEE, 212, "poignee_multiplied"),  # 132 + 20 × 4
    ("per_defender", SANS_POIGNEE, 172, "poignee_doubled"),  # 132 + 40
    ("per_defender", CHELEM_ANNOUNCED, 342, "chelem_value"),  # 142 + 200
    ("per_defender", CHELEM_FAILED, 288, "chelem_failed"),  # 88 + 200
    ("per_defender", CHELEM_ANNOUNCED, 942, "chelem_multiplied"),  # 142 + 800
    ("taker", GARDE_45, 58, "taker_per_defender"),  # one defender's payment, not 3 × 58 = 174
    ("taker", GARDE_45, 232, "taker_share"),  # 4 × 58
    ("taker", GARDE_45, 116, "taker_share"),  # 2 × 58
    ("taker", HALF, -78, "taker_share"),  # 3 × −26 with 3 players, not 2 × −26
    ("taker", THREE_WON, 90, "taker_share"),  # 3 × 30 with 3 players, not 2 × 30
    ("taker", PETITE_LOST, -32, "taker_per_defender"),  # what one defender receives, not 3 × −32 = −96
    ("taker", PETITE_LOST, -128, "taker_share"),  # 4 × −32
    ("taker", PETITE_LOST, -64, "taker_share"),  # 2 × −32
    ("taker", FIVE_ALONE_LOST, -120, "alone_share"),  # 2 × −60, not 4 × −60
    ("taker", FIVE_ALONE_LOST, -180, "alone_share"),  # 3 × −60
    ("taker", FIVE_ALONE_LOST, -300, "alone_share"),  # 5 × −60
    ("taker", FIVE_ALONE, 120, "alone_share"),  # 2 × 60, not 4 × 60
    ("taker", FIVE_ALONE, 180, "alone_share"),  # 3 × 60
    ("taker", FIVE_ALONE, 300, "alone_share"),  # 5 × 60
    ("taker", FIVE, 180, "five_split"),  # 3 × 60 as with 4 players
    ("taker", FIVE, 240, "five_split"),  # 4 × 60 as alone
    ("taker", FIVE, 90, "house_split"),  # 1.5 × 60
    ("taker", GARDE_45, -174, "score_sign"),
    ("partner", FIVE, 120, "five_split"),  # the taker's 2 × 60
    ("partner", FIVE, 90, "house_split"),
    ("partner", FIVE, -60, "score_sign"),
    ("defender", GARDE_45, 58, "score_sign"),  # a defender of a won garde writes −58
    ("defender", PETITE_LOST, -32, "score_sign"),  # the taker lost: each defender gets +32
    ("defender", GARDE_45, -174, "defender_taker_share"),
]


@pytest.mark.parametrize(("field", "deal", "given", "slip_id"), CASES)
def test_each_slip_is_named(field, deal, given, slip_id):
    s = score_deal(**deal)
    slip = find(field, s, given, amount=False)
    assert slip is not None and slip.id == slip_id
    assert diagnose(field, s, given, amount=False).startswith(f"{given:g} is ")


def test_every_row_of_the_table_is_tested_and_has_a_source():
    hit = {id(find(field, score_deal(**deal), given, amount=False)) for field, deal, given, _ in CASES}
    untested = [(x.field, x.id, x.wrong) for x in SLIPS if id(x) not in hit]
    assert not untested
    assert {x.source for x in SLIPS} == {"RULES.md", "score form"}
    assert {x.field for x in SLIPS if not x.signed} == {"target", "counted"}


def test_the_rules_md_example_is_said_in_full():
    """RULES.md: "A guard won by 5 scores 25 + 2×5 = 35": wrong, (25 + 5) × 2 = 60."""
    s = score_deal(players=4, contract="garde", taker_points=46, oudlers=2)
    assert diagnose("per_defender", s, 35) == "35 is 25 + 2 × 5 instead of (25 + 5) × 2 = 60"


def test_form_only_slips_say_the_right_number():
    s = score_deal(**HALF)
    assert diagnose("counted", s, 41) == ("41 is 40.5 with the half point given to the attack instead of 40: the "
                                          "half point goes to the side that wins (the defence)")
    s = score_deal(**FIVE)
    assert diagnose("taker", s, 180) == ("180 is 60 × 3 instead of 60 × 2 = 120: with 5 players the taker takes × 2 "
                                         "and the partner × 1, not × 3 as with 4")
    s = score_deal(**GARDE_45)
    assert diagnose("contract", s, 116) == "116 is (25 + 4) × 4, the multiplier of another contract instead of " \
                                           "(25 + 4) × 2 = 58: a garde multiplies by 2, not 4"


def test_right_answers_and_unknown_numbers_name_no_slip():
    for deal in (GARDE_45, SANS_PAB, PAB_TO_LOSER, SANS_POIGNEE, PETITE_LOST, CHELEM_ANNOUNCED, CHELEM_FAILED,
                 CHELEM_DEFENCE, HALF, FIVE, FIVE_ALONE):
        s = score_deal(**deal)
        for field in ("target", "per_defender", "taker", "defender"):
            for amount in (True, False):
                assert diagnose(field, s, getattr(s, field), amount=amount) is None
                assert diagnose(field, s, 12345, amount=amount) is None
    # A petite has no multiplier to forget.
    s = score_deal(**PETITE_LOST)
    assert find("per_defender", s, 25 + 7) is None and find("per_defender", s, 7).id == "forgot_25"


def test_a_lesson_asks_the_contract_and_the_total_as_an_amount():
    """"What does each defender pay?" of a lost petite (−32 from the taker's side): 32 is right, and the
    slips are named on the amount (25 + 7 − 25 = 7: the 25 forgotten)."""
    s = score_deal(**PETITE_LOST)
    assert diagnose("per_defender", s, 32) is None and diagnose("per_defender", s, -32) is None
    assert find("per_defender", s, 7).id == find("per_defender", s, -7).id == "forgot_25"
    assert diagnose("margin", s, 7) is None and find("result", s, 7, amount=False).id == "result_sign"


# The lesson path (a scoring check's ``verify: {score_deal: ...}``) and the score form (generated questions,
# Check a deal) must name the same slip for the same wrong number: the course says each thing one way.
SAME_SLIP = [
    # (asked, deal, the learner's number, the slip both paths name), each worked out by hand
    ("per_defender", GARDE_45, 33, "multiplied_margin_only"),  # 25 + 2 × 4, not (25 + 4) × 2 = 58
    ("per_defender", GARDE_45, 8, "forgot_25"),  # 4 × 2
    ("per_defender", GARDE_45, 29, "forgot_multiplier"),  # 25 + 4
    ("per_defender", SANS_PAB, 142, "petit_au_bout_not_multiplied"),  # 132 + 10, not 132 + 40
    ("per_defender", PAB_TO_LOSER, 156, "petit_au_bout_to_winner"),  # 116 + 40, not 116 − 40
    ("per_defender", SANS_POIGNEE, 112, "poignee_wrong_side"),  # 132 − 20
    ("per_defender", SANS_POIGNEE, 212, "poignee_multiplied"),  # 132 + 20 × 4
    ("per_defender", SANS_POIGNEE, 172, "poignee_doubled"),  # 132 + 40
    ("target", GARDE_45, 51, "target_oudlers"),  # the target with 1 oudler
    ("taker", GARDE_45, 58, "taker_per_defender"),
    ("taker", GARDE_45, 232, "taker_share"),  # 4 × 58
    ("taker", GARDE_45, -174, "score_sign"),
    ("taker", FIVE, 180, "five_split"),
    ("partner", FIVE, 90, "house_split"),
    ("defender", GARDE_45, 58, "score_sign"),
]


@pytest.mark.parametrize(("asked", "deal", "given", "slip_id"), SAME_SLIP)
def test_the_lesson_and_the_score_form_name_the_same_slip(asked, deal, given, slip_id):
    from tutor.content import CheckStep
    from tutor.quiz.scoreform import mistakes_for, score_params
    from tutor.ui.learn.lesson import slip_for_check

    s = score_deal(**deal)
    assert find(asked, s, given).id == slip_id  # the table the lesson checks read
    said = diagnose(asked, s, given)
    step = CheckStep.model_validate({"kind": "check", "question": "How much?", "verify": {"score_deal": {"ask": asked,
                                                                                                       **deal}}})
    assert slip_for_check(step, given) == f"{said[0].upper()}{said[1:]}."  # what the lesson shows
    params = score_params(deal["players"], deal["contract"], deal["taker_points"], deal["oudlers"],
                          petit_au_bout=deal.get("petit_au_bout"), poignees=deal.get("poignees", ()),
                          alone=deal.get("alone", False))
    form = mistakes_for(params, asked, given)  # the score form's field, same number, same slip, same sentence
    assert form == (slip_id, said)


def test_a_lost_contract_is_said_as_the_taker_paying():
    """A petite lost by 7 (PETITE_LOST): each defender receives 32 and the taker pays 3 × 32 = 96."""
    s = score_deal(**PETITE_LOST)
    said = diagnose("taker", s, -32, amount=False)
    assert "what each defender receives" in said and "3 × 32 = 96" in said and "pays" not in said.split("instead")[0]
    assert "the taker pays 3 defenders" in diagnose("taker", s, -128, amount=False)
    assert diagnose("defender", s, -32, amount=False).endswith("each defender receives 32 and scores it")
    won = score_deal(**GARDE_45)
    assert "what each defender pays" in diagnose("taker", won, 58, amount=False)
    assert "the taker is paid by 3 defenders" in diagnose("taker", won, 232, amount=False)


@pytest.mark.parametrize("deal", [GARDE_45, SANS_PAB, PAB_TO_LOSER, SANS_POIGNEE, PETITE_LOST, CHELEM_ANNOUNCED,
                                  CHELEM_FAILED, CHELEM_DEFENCE, HALF, FIVE, FIVE_ALONE, THREE_WON, FIVE_ALONE_LOST])
def test_every_slip_sentence_says_who_pays_as_the_deal_went(deal):
    """When the total per defender is + the defenders pay, when − they receive (a garde won with a failed
    chelem, CHELEM_FAILED, is −112): no sentence says the other."""
    s = score_deal(**deal)
    wrong_way = ("receives", "pays the", "taker pays", "taker's loss") if s.per_defender > 0 else (
        "each defender pays", "is paid by", "defenders' payments", "what they pay")
    for slip in SLIPS:
        given = slip.value(s)
        if given is None or find(slip.field, s, given, amount=False) is not slip:
            continue
        said = diagnose(slip.field, s, given, amount=False)
        assert not any(w in said for w in wrong_way), (slip.field, slip.id, said)


def test_the_issues_lost_petite_is_said_as_received_in_english_and_french():
    """Issue 38's deal: a petite lost by 2 (39 points, 2 oudlers, target 41): −(25 + 2) = −27 a defender, who each
    receive 27; the taker pays 3 × 27 = 81. A taker's score of −27 is what each defender receives, never pays;
    the won garde beside it (GARDE_45) is what each defender pays."""
    from tutor.i18n import using
    lost = score_deal(players=4, contract="petite", taker_points=39, oudlers=2)
    won = score_deal(**GARDE_45)
    assert (lost.per_defender, lost.taker, won.per_defender) == (-27, -81, 58)
    said = diagnose("taker", lost, -27, amount=False)
    assert said.startswith("-27 is what each defender receives") and "pays" not in said
    with using("fr"):
        said = diagnose("taker", lost, -27, amount=False)
        assert "reçoit chaque défenseur" in said and "paie" not in said, said
        assert "paie chaque défenseur" in diagnose("taker", won, 58, amount=False)
