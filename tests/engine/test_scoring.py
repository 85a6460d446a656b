"""Scoring: the FFT's worked examples, hand-computed 3- and 5-player cases, and properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import TarotError, misere_scores, score_deal


# The five worked examples of RULES.md (FFT p.9), 4 players: value per defender and the taker's score.
@pytest.mark.parametrize("kwargs,per_defender,taker", [
    (dict(contract="garde", taker_points=49, oudlers=2, poignees=["simple"], petit_au_bout="attack"), 106, 318),
    (dict(contract="garde_sans", taker_points=45, oudlers=2, petit_au_bout="defence"), 76, 228),   # won by 4
    (dict(contract="petite", taker_points=34, oudlers=2, poignees=["simple"], petit_au_bout="attack"), -42, -126),
    (dict(contract="garde", taker_points=52, oudlers=2, poignees=["simple"]), 92, 276),            # won by 11
    (dict(contract="garde", taker_points=87, oudlers=2, poignees=["simple"], petit_au_bout="attack",
          chelem="announced_made"), 582, 1746),
])
def test_fft_worked_examples(kwargs, per_defender, taker):
    s = score_deal(players=4, **kwargs)
    assert s.per_defender == per_defender
    assert s.defender == -per_defender
    assert s.taker == taker
    assert s.partner is None
    assert s.total() == 0


def test_breakdown_steps_are_data_and_sentences():
    s = score_deal(players=4, contract="garde", taker_points=49, oudlers=2, poignees=["simple"],
                   petit_au_bout="attack")
    assert [st.key for st in s.steps] == ["points", "target", "margin", "contract", "petit_au_bout",
                                          "poignee_simple", "per_defender", "shares"]
    assert s.step("target").value == 41
    assert s.step("margin").value == 8
    assert s.step("contract").value == 66 and "(25 + 8) × 2" in s.step("contract").text
    assert s.step("petit_au_bout").value == 20
    assert "+66 + 20 + 20 = +106: each defender pays 106" in s.step("per_defender").text


# Hand-computed: 3 players (taker ×2, half point to the winning side).
@pytest.mark.parametrize("kwargs,per_defender", [
    (dict(contract="garde", taker_points=40.5, oudlers=2), -52),      # counts 40, lost by 1: (25+1)×2
    (dict(contract="garde", taker_points=41.5, oudlers=2), 52),       # counts 42, won by 1
    (dict(contract="petite", taker_points=56, oudlers=0), 25),        # juste fait
    (dict(contract="garde_sans", taker_points=36, oudlers=3, poignees=["double"]), 130),  # 25×4 + 30
    (dict(contract="garde_contre", taker_points=30.5, oudlers=1, petit_au_bout="defence"), -336),  # 46×6 + 60
    (dict(contract="petite", taker_points=50.5, oudlers=1), -26),     # counts 50, lost by 1
    (dict(contract="garde", taker_points=36.5, oudlers=3, poignees=["simple"]), 72),  # counts 37: 26×2 + 20
])
def test_three_players(kwargs, per_defender):
    s = score_deal(players=3, **kwargs)
    assert s.per_defender == per_defender
    assert s.taker == 2 * per_defender
    assert s.defender == -per_defender
    assert s.total() == 0


# Hand-computed: 5 players (taker ×2 and partner ×1, or taker ×4 alone).
@pytest.mark.parametrize("kwargs,taker,partner,defender", [
    (dict(contract="garde", taker_points=45, oudlers=1), -124, -62, 62),          # lost by 6: 31×2
    (dict(contract="petite", taker_points=50.5, oudlers=2), 70, 35, -35),         # counts 51, won by 10
    (dict(contract="garde", taker_points=61, oudlers=2, alone=True), 360, None, -90),
    (dict(contract="garde", taker_points=40.5, oudlers=2), -104, -52, 52),        # counts 40, lost by 1
    (dict(contract="garde_sans", taker_points=91, oudlers=3, poignees=["triple"], chelem="made", alone=True),
     2240, None, -560),                                                            # 80×4 + 40 + 200
    (dict(contract="garde_contre", taker_points=41, oudlers=2, petit_au_bout="defence"), 180, 90, -90),  # 150-60
])
def test_five_players(kwargs, taker, partner, defender):
    s = score_deal(players=5, **kwargs)
    assert (s.taker, s.partner, s.defender) == (taker, partner, defender)
    assert s.total() == 0


@pytest.mark.parametrize("kwargs,per_defender", [
    # Petit au bout lost by a winning taker: garde won by 4, 58 - 20.
    (dict(contract="garde", taker_points=45, oudlers=2, petit_au_bout="defence"), 38),
    # Chelem announced and failed, contract still won by 10: 70 - 200.
    (dict(contract="garde", taker_points=51, oudlers=2, chelem="announced_failed"), -130),
    # The defence takes every trick in a garde contre: lost by 56, (81)×6 + 200.
    (dict(contract="garde_contre", taker_points=0, oudlers=0, chelem="defence"), -686),
    # Both sides show a poignée: both go to the winner of the deal.
    (dict(contract="garde", taker_points=52, oudlers=2, poignees=["simple", "double"]), 122),
    # A poignée shown when the taker loses goes to the defence, whoever showed it.
    (dict(contract="garde", taker_points=40, oudlers=2, poignees=["triple"]), -92),
    # Unannounced chelem.
    (dict(contract="petite", taker_points=91, oudlers=3, chelem="made", petit_au_bout="attack"), 290),
])
def test_four_player_hand_computed(kwargs, per_defender):
    s = score_deal(players=4, **kwargs)
    assert s.per_defender == per_defender
    assert s.taker == 3 * per_defender
    assert s.total() == 0


def test_juste_fait_is_won():
    s = score_deal(players=4, contract="petite", taker_points=41, oudlers=2)
    assert s.won and s.margin == 0 and s.per_defender == 25
    assert "juste fait" in s.step("margin").text


def test_multiplier_applies_to_the_whole_not_just_the_margin():
    s = score_deal(players=4, contract="garde", taker_points=46, oudlers=2)  # won by 5
    assert s.per_defender == 60  # (25 + 5) × 2, not 25 + 5 × 2 = 35


def test_string_and_enum_inputs():
    from tutor.engine import Contract
    a = score_deal(players=4, contract=Contract.GARDE_SANS, taker_points=50, oudlers=1)
    b = score_deal(players=4, contract="garde sans", taker_points=50, oudlers=1)
    assert a.per_defender == b.per_defender == -(25 + 1) * 4
    # False reads as "none" for the optional entries.
    c = score_deal(players=4, contract="garde", taker_points=50, oudlers=1, petit_au_bout=False, chelem=False)
    assert c.per_defender == -(25 + 1) * 2
    # A player count given as text still gets the 5-player shares.
    s = score_deal(players="5", contract="garde", taker_points=51, oudlers=2)
    assert (s.taker, s.partner, s.defender, s.total()) == (140, 70, -70, 0)
    for bad in (True, 4.5, "four"):
        with pytest.raises(TarotError, match="3, 4 or 5"):
            score_deal(players=bad, contract="garde", taker_points=51, oudlers=2)


@pytest.mark.parametrize("kwargs,words", [
    (dict(players=4, contract="garde", taker_points=95, oudlers=2), "between 0 and 91"),
    (dict(players=4, contract="garde", taker_points=-1, oudlers=2), "between 0 and 91"),
    (dict(players=4, contract="garde", taker_points=40.5, oudlers=2), "always whole"),
    (dict(players=3, contract="garde", taker_points=40.25, oudlers=2), "half points"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=4), "oudlers"),
    (dict(players=4, contract="garde", taker_points=10, oudlers=3), "impossible"),
    (dict(players=4, contract="grande", taker_points=40, oudlers=2), "unknown contract"),
    (dict(players=6, contract="garde", taker_points=40, oudlers=2), "3, 4 or 5"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, alone=True), "5-player"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, poignees=["quadruple"]), "poignée"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, chelem="maybe"), "chelem"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, petit_au_bout="north"), "attack"),
    (dict(players=4, contract="garde", taker_points=91, oudlers=3, chelem="made", petit_au_bout="defence"),
     "cannot have"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=0, petit_au_bout="attack"), "at least 1 oudler"),
    (dict(players=4, contract="garde", taker_points=60, oudlers=3, petit_au_bout="defence"), "all 3 oudlers"),
    # A chelem decides the contract: the side with every trick cannot miss (or, for the defence, allow) it.
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, chelem="made"), "cannot fall short"),
    (dict(players=4, contract="garde", taker_points=40, oudlers=2, chelem="announced_made"), "cannot fall short"),
    (dict(players=4, contract="garde_sans", taker_points=41, oudlers=2, chelem="defence"), "cannot reach"),
])
def test_impossible_entries_get_a_clear_message(kwargs, words):
    with pytest.raises(TarotError, match=words):
        score_deal(**kwargs)


def test_by_seat_and_misere_house_rule():
    s = score_deal(players=5, contract="garde", taker_points=51, oudlers=2)  # won by 10: 70
    assert s.by_seat(2, 4) == [-70, -70, 140, -70, 70]
    assert misere_scores(4, [1], enabled=True) == [-10, 30, -10, -10]
    with pytest.raises(TarotError, match="house rule"):
        misere_scores(4, [1])


@given(
    players=st.sampled_from([3, 4, 5]),
    contract=st.sampled_from(["petite", "garde", "garde_sans", "garde_contre"]),
    oudlers=st.integers(0, 3),
    halves=st.integers(0, 182),
    pab=st.sampled_from([None, "attack", "defence"]),
    poignees=st.lists(st.sampled_from(["simple", "double", "triple"]), max_size=2),
    chelem=st.sampled_from([None, "announced_made", "made", "announced_failed", "defence"]),
    alone=st.booleans(),
)
def test_scores_always_sum_to_zero(players, contract, oudlers, halves, pab, poignees, chelem, alone):
    points = halves / 2
    if players == 4:
        points = float(int(points))
    try:
        s = score_deal(players=players, contract=contract, taker_points=points, oudlers=oudlers,
                       petit_au_bout=pab, poignees=poignees, chelem=chelem, alone=alone and players == 5)
    except TarotError:
        return  # impossible combinations are refused, not scored
    assert s.total() == 0
    assert s.won == (s.counted_points >= s.target)
    # The per-defender value is rebuilt exactly from the steps.
    parts = [st.value for st in s.steps if st.key in ("contract", "petit_au_bout", "chelem")
             or st.key.startswith("poignee")]
    assert sum(parts) == s.per_defender
