"""Checking answers: tolerant input, partial credit, and the learner's mistake named."""

import pytest

from tutor.engine import EXCUSE, Card, parse_cards
from tutor.i18n import using
from tutor.quiz import AnswerType, Feedback, check_answer, generate
from tutor.quiz.puzzles import load_puzzles
from tutor.quiz.scoreform import SHARES_ONLY

PUZZLES = {p.id: p for p in load_puzzles("puzzles")}


def puzzle(pid):
    return PUZZLES[pid].to_question()


def other_notation(card: Card) -> str:
    """The card in another notation the parser reads: '21', 'excuse', 'R♥', 'Kn♠', '10♦'."""
    if card.is_excuse:
        return "excuse"
    if card.is_trump:
        return str(card.rank)
    return {14: "R", 13: "D", 12: "Kn", 11: "V"}.get(card.rank, str(card.rank)) + card.suit.symbol


def test_alternative_notation_and_order_get_full_credit():
    for seed in range(40):
        q = generate("legal", seed)
        for raw in (" ".join(c.code.lower() for c in reversed(q.answer)),
                    ", ".join(other_notation(c) for c in q.answer),
                    [c.code for c in q.answer], list(q.answer)):
            fb = check_answer(q, raw)
            assert fb.correct and fb.credit == 1.0, (raw, fb.message)


def test_french_card_names():
    q = puzzle("follow-suit-any-card")  # KH 3H EX
    assert check_answer(q, "roi de cœur, 3 de cœur, l'excuse").correct


def test_numbers_with_or_without_a_sign():
    q = puzzle("half-point-goes-to-the-defence")  # -1
    for raw in ("-1", "−1", " -1 ", -1, -1.0, "-1,0"):
        assert check_answer(q, raw).correct, raw
    q = puzzle("half-point-goes-to-the-attack")  # +1
    for raw in ("1", "+1", 1):
        assert check_answer(q, raw).correct
    q = puzzle("count-the-oudlers")
    assert check_answer(q, "14,5").correct and check_answer(q, "14.5 points").correct


def test_choices_by_key_number_label_or_card():
    q = puzzle("ecart-no-king")
    assert check_answer(q, "king").correct
    assert check_answer(q, 2).correct  # the second choice
    assert check_answer(q, "NOT LEGAL: IT HOLDS A KING").correct
    assert not check_answer(q, "legal").correct
    q = puzzle("the-petit-wins")
    for raw in ("T1", "t1", "1", "petit", "le petit"):
        assert check_answer(q, raw).correct, raw
    q = puzzle("highest-bid-takes")  # seat 3: keys are seat numbers as learners count them, from 1
    assert check_answer(q, 3).correct and check_answer(q, "3").correct and check_answer(q, "seat 3").correct
    assert not check_answer(q, "seat 2").correct


@pytest.mark.parametrize("raw", ["banana", "", "T22", "KH KH?", None, {"x": 1}])
def test_garbage_gives_feedback_not_an_exception(raw):
    for q in (puzzle("must-overtrump"), puzzle("juste-fait"), puzzle("ecart-no-king"), puzzle("count-the-court"),
              puzzle("ecart-pick-with-trumps"), puzzle("poignee-show-with-excuse")):
        fb = check_answer(q, raw)
        assert isinstance(fb, Feedback)
        assert not fb.correct and fb.credit == 0
        assert fb.message


def test_cards_outside_the_hand_are_refused_clearly():
    fb = check_answer(puzzle("must-overtrump"), "T21")
    assert "not among the cards" in fb.message


# ---------------------------------------------------------------- legal: the rule behind each wrong card


def test_partial_credit_for_card_sets():
    q = puzzle("follow-suit-any-card")  # KH 3H EX
    fb = check_answer(q, "KH 3H")
    assert not fb.correct and fb.credit == pytest.approx(2 / 3)
    assert "excuse_always" in fb.mistakes and "Excuse can always be played" in fb.message
    fb = check_answer(q, "KH 3H EX 5S")
    assert fb.credit == pytest.approx(3 / 4) and "must_follow_suit" in fb.mistakes
    assert "5♠: hearts were led and you hold hearts, so you must follow hearts." in fb.message


def test_overtrump_even_your_partner():
    q = puzzle("overtrump-your-partner")
    fb = check_answer(q, "T12 EX")
    assert "must_overtrump_partner" in fb.mistakes
    assert "you must overtrump with a higher trump (you hold the 19), even if your partner is winning" in fb.message
    fb = check_answer(q, "9H")
    assert "must_overtrump_partner" in fb.mistakes
    assert "9♥: you have no spades: you must trump, and above the 17 already played. Your partner winning the trick " \
           "changes nothing." in fb.message


def test_undertrump_missed():
    fb = check_answer(puzzle("undertrump-when-you-cannot-beat"), "T8")
    assert fb.mistakes == ("undertrump_allowed",) and "undertrump" in fb.message


def test_must_trump_when_void():
    fb = check_answer(puzzle("void-must-trump"), "5S T4 T16")
    assert fb.mistakes == ("must_trump",) and "you must trump" in fb.message


def test_an_illegal_card_is_said_once_with_the_reason_for_this_trick():
    """Issue 38: "5♠: you must trump when you have none of the suit led. You have no diamonds: you must trump."
    said the rule twice; the line is now the reason alone, after the card (hearts led, no heart in the hand)."""
    fb = check_answer(puzzle("void-must-trump"), "5S T4 T16")
    line = next(x for x in fb.message.splitlines() if x.startswith("- 5♠"))
    assert line == "- 5♠: you have no hearts: you must trump."
    with using("fr"):
        q = {p.id: p for p in load_puzzles("puzzles")}["void-must-trump"].to_question()
        fb = check_answer(q, "5S T4 T16")
    assert fb.message.endswith("- 5♠\u00a0: vous n’avez pas de cœur\u00a0: vous devez couper.")


def test_excuse_led_next_card_sets_the_suit():
    fb = check_answer(puzzle("excuse-led-you-set-the-suit"), "KH")
    assert "excuse_led_sets_suit" in fb.mistakes


def test_first_lead_in_the_called_suit():
    fb = check_answer(puzzle("five-first-lead-called-suit"), "QH 3S 9C T4")
    assert "first_lead_called_suit" in fb.mistakes and "called suit" in fb.message


def test_generated_legal_mistakes_use_the_engine_verdicts():
    for seed in range(30):
        q = generate("legal", seed, difficulty=3)
        illegal = [c for c in q.pool if c not in q.answer]
        if illegal:
            fb = check_answer(q, list(q.answer) + illegal[:1])
            assert 0 < fb.credit < 1 and fb.mistakes and illegal[0].short.lower() in fb.message.lower()
        if len(q.answer) > 1:
            fb = check_answer(q, list(q.answer)[1:])
            assert 0 < fb.credit < 1 and "You left out" in fb.message


# ---------------------------------------------------------------- choices and numbers


def test_wrong_choices_are_explained():
    fb = check_answer(puzzle("knight-beats-jack"), "JD")
    assert fb.mistakes == ("knight_rank",) and "between the queen and the jack" in fb.message
    fb = check_answer(puzzle("excuse-led-winner"), "EX")
    assert fb.mistakes == ("excuse_never_wins",)
    fb = check_answer(puzzle("off-suit-king-loses"), "KH")
    assert fb.mistakes == ("off_suit",)
    fb = check_answer(puzzle("poignee-three-players-excuse"), "double")
    assert fb.mistakes == ("poignee_thresholds",) and "13" in fb.message
    fb = check_answer(puzzle("ecart-unavoidable-trump"), "trump")
    assert fb.mistakes == ("unavoidable_trump",)


def test_known_wrong_numbers():
    q = puzzle("count-the-court")  # 14: four low cards
    assert check_answer(q, 16).mistakes == ("low_card_one",)
    assert check_answer(q, 12).mistakes == ("low_card_zero",)
    q = puzzle("count-the-oudlers")
    assert check_answer(q, 2.5).mistakes == ("oudler_low",)
    q = puzzle("target-from-the-pile")  # 41 with the 21 and the Excuse
    fb = check_answer(q, 51)
    assert fb.mistakes == ("excuse_oudler",) and "the Excuse is an oudler" in fb.message
    q = puzzle("half-point-goes-to-the-defence")  # -1 with 40.5
    assert check_answer(q, -0.5).mistakes == ("half_point",)
    assert check_answer(q, 0).mistakes == ("half_point",)
    assert check_answer(q, 1).mistakes == ("sign",)
    q = puzzle("multiplier-garde-contre")
    assert check_answer(q, 8).mistakes == ("pousse_scale",)


# ---------------------------------------------------------------- score forms


def form(q, **changes):
    answer = dict(q.answer)
    answer.update(changes)
    return answer


def test_score_form_right_in_any_notation():
    q = puzzle("fft-garde-with-everything")
    assert check_answer(q, q.answer).correct
    text = "; ".join(f"{k}: {'+' if v > 0 else ''}{v}" for k, v in q.answer.items())
    assert check_answer(q, text).correct
    assert check_answer(q, {k: str(v) for k, v in q.answer.items()}).correct
    assert check_answer(q, form(q, result="won by 8")).correct
    slip = check_answer(q, form(q, per_defender=-106))  # one sign convention: a sign slip is a mistake
    assert not slip.correct and "sign_slip" in slip.mistakes and "each defender pays it" in slip.message
    assert check_answer(q, {f.label: v for f, v in zip(q.fields, q.answer.values())}).correct  # by label
    assert check_answer(q, "\n".join(f"{f.label}: {v}" for f, v in zip(q.fields, q.answer.values()))).correct


def test_multiplied_only_the_margin():
    q = puzzle("guard-won-by-five")  # garde won by 5
    fb = check_answer(q, form(q, contract=35))
    assert "multiplied_margin_only" in fb.mistakes
    assert "35 is 25 + 2 × 5 instead of (25 + 5) × 2 = 60" in fb.message
    assert 0 < fb.credit < 1
    assert fb.fields["contract"] is False and fb.fields["target"] is not False


def test_a_slip_carried_through_costs_one_step():
    q = puzzle("guard-won-by-five")
    wrong = form(q, contract=35, per_defender=35, taker=105, defender=-35)
    fb = check_answer(q, wrong)
    assert fb.credit == pytest.approx((len(q.fields) - 1) / len(q.fields))
    assert "follows from your earlier steps" in fb.message
    only_total = check_answer(q, form(q, per_defender=35, taker=105, defender=-35))
    assert only_total.credit == fb.credit and only_total.mistakes  # a wrong total, then shares that follow
    two = check_answer(q, form(q, contract=35, per_defender=35, taker=140, defender=-35))
    assert two.credit == pytest.approx((len(q.fields) - 2) / len(q.fields))


def test_forgot_the_25_and_the_multiplier():
    q = puzzle("guard-won-by-five")
    assert "forgot_25" in check_answer(q, form(q, contract=10)).mistakes
    assert "forgot_multiplier" in check_answer(q, form(q, contract=30)).mistakes


def test_poignee_goes_to_the_side_that_won_the_deal():
    q = puzzle("defence-poignee-taker-wins")
    fb = check_answer(q, form(q, poignee=-20))
    assert "poignee_wrong_side" in fb.mistakes and "the poignée goes to the side that won the deal" in fb.message
    q = puzzle("fft-garde-with-everything")
    assert "poignee_multiplied" in check_answer(q, form(q, poignee=40)).mistakes


def test_petit_au_bout_side_and_multiplier():
    q = puzzle("petit-au-bout-lost-by-a-winning-taker")  # -40: the defence took it
    fb = check_answer(q, form(q, petit_au_bout=40))
    assert "petit_au_bout_to_winner" in fb.mistakes and "whatever the result" in fb.message
    assert "petit_au_bout_not_multiplied" in check_answer(q, form(q, petit_au_bout=-10)).mistakes
    fb = check_answer(q, form(q, per_defender=156))  # 116 + 40: the Petit given to the winner
    assert "petit_au_bout_to_winner" in fb.mistakes


def test_taker_share_and_sign():
    q = puzzle("fft-garde-with-everything")  # 106 per defender, 4 players
    fb = check_answer(q, form(q, taker=424))
    assert "taker_share" in fb.mistakes and "× 3, not × 4" in fb.message
    assert "score_sign" in check_answer(q, form(q, defender=106)).mistakes
    assert "score_sign" in check_answer(q, form(q, taker=-318)).mistakes
    q = puzzle("five-shares-with-partner")  # taker 140, partner 70
    assert "five_split" in check_answer(q, form(q, taker=210)).mistakes
    assert "house_split" in check_answer(q, form(q, taker=105, partner=105)).mistakes
    q = puzzle("five-shares-alone")
    assert "alone_share" in check_answer(q, form(q, taker=-90)).mistakes
    assert set(SHARES_ONLY) >= {f.key for f in q.fields}


def test_half_point_and_target_in_the_form():
    q = puzzle("half-point-three-players")  # 40.5 with 2 oudlers: counts 40, lost by 1
    fb = check_answer(q, form(q, counted=41))
    assert "half_point" in fb.mistakes
    fb = check_answer(q, form(q, target=51))
    assert "target_oudlers" in fb.mistakes and "1 oudler" in fb.message


def test_chelem_values():
    q = puzzle("chelem-announced-and-made")
    assert "chelem_value" in check_answer(q, form(q, chelem=200)).mistakes
    assert "chelem_multiplied" in check_answer(q, form(q, chelem=800)).mistakes
    q = puzzle("chelem-by-the-defence")
    assert "chelem_side" in check_answer(q, form(q, chelem=200)).mistakes


def test_form_names_the_first_wrong_step():
    q = puzzle("fft-garde-with-everything")
    fb = check_answer(q, form(q, result=-8, contract=35))
    assert "The first wrong step is **Won (+) or lost (−) by**" in fb.message
    fb = check_answer(q, {"target": 41})
    assert 0 < fb.credit < 1 and "missing" in fb.message


def test_generated_score_forms_partial_credit():
    for seed in range(30):
        q = generate("score", seed)
        assert q.answer_type is AnswerType.SCORE_FORM
        fb = check_answer(q, form(q, target=q.answer["target"] + 5))
        assert not fb.correct and 0 < fb.credit < 1
        assert fb.fields["target"] is False


def test_any_legal_ecart_or_poignee_show_is_right():
    q = puzzle("ecart-pick-with-trumps")
    assert check_answer(q, "JD 9D 5C 2C T9 T10").correct  # other trumps are fine too
    fb = check_answer(q, "JD 9D 5C 2C T1 T2")
    assert not fb.correct and "ecart_oudler" in fb.mistakes
    q = puzzle("poignee-show-with-excuse")
    fb = check_answer(q, "T17 T15 T14 T10 T8 T6 T5 T2 T1")
    assert not fb.correct and "exactly" in fb.message
    hand = parse_cards(q.context["hand"])
    assert EXCUSE in hand


def test_generated_score_prompt_names_the_side_of_each_poignee():
    """The prompt says who showed a poignée, so a defence poignée with a winning taker can be met."""
    from tutor.quiz.positions import replay

    sides = set()
    for seed in range(150):
        q = generate("score", seed, players=4, difficulty=2)
        if "deal" not in q.context or not q.context["score"]["poignees"]:
            continue
        deal = replay(q.context["deal"])
        for seat, _cards, _level in deal.poignees:
            assert f"poignée was shown by the {deal.camp(seat)}" in q.prompt
            sides.add(deal.camp(seat))
    assert sides == {"attack", "defence"}
