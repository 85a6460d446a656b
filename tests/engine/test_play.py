"""Legal plays, their reasons, and the trick winner."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_rules import reference_legal

from tutor.engine import (
    CARDS,
    PlayRule,
    explain_all,
    explain_play,
    explain_winner,
    legal_plays,
    parse_card,
    parse_cards,
    trick_winner,
)


def codes(cards):
    return [str(c) for c in cards]


# ---------------------------------------------------------------- hand-made positions

@pytest.mark.parametrize("hand,trick,legal", [
    ("KH 3H 5S T4 EX", "", "KH 3H 5S T4 EX"),                 # leading: anything
    ("KH 3H 5S T4 EX", "10H", "KH 3H EX"),                    # follow suit, need not go higher
    ("5S T4 T16 EX", "10H", "T4 T16 EX"),                     # void: must trump
    ("5S T4 T16 EX", "10H T14", "T16 EX"),                    # must overtrump
    ("5S T4 T6 EX", "10H T14", "T4 T6 EX"),                   # cannot overtrump: undertrump
    ("5S 7D QC", "10H T14", "5S 7D QC"),                      # no suit, no trump: discard anything
    ("KH T2 T18", "T9", "T18"),                               # trump led: higher trump
    ("KH T2 T8", "T9", "T2 T8"),                              # trump led, cannot go higher
    ("KH 2S", "T9", "KH 2S"),                                 # trump led, no trump: anything
    ("KH 2S T5", "EX", "KH 2S T5"),                           # Excuse led: next card sets the suit
    ("KH 2S T5", "EX 3S", "2S"),                              # ... here spades
    ("KH T5 T12", "EX T8", "T12"),                            # Excuse then trump: overtrump
    ("2S T3", "KH T10 T20", "T3"),                            # void, trumps in: undertrump with the 3
    ("EX", "KH", "EX"),                                       # the Excuse alone is always playable
    ("2H 3H EX T21", "KH T1", "2H 3H EX"),                    # trump in the trick does not lift following suit
])
def test_legal_plays_positions(hand, trick, legal):
    assert codes(legal_plays(parse_cards(hand), parse_cards(trick))) == legal.split()
    assert codes(legal_plays(hand, trick)) == legal.split()  # strings are accepted too


def test_must_overtrump_even_when_partner_is_winning():
    # Partner's 20 is winning; we hold the 21: we must play it. Legality never asks who is winning.
    legal = legal_plays(parse_cards("T21 T3 5D"), parse_cards("KH T20"))
    assert codes(legal) == ["T21"]
    v = explain_play("T21 T3 5D", "KH T20", "T3")
    assert not v.legal and v.rule is PlayRule.MUST_OVERTRUMP and "partner" in v.reason


@pytest.mark.parametrize("hand,trick,card,rule,words", [
    ("KH 3H T4", "10H", "T4", PlayRule.FOLLOW_SUIT, "you must follow hearts"),
    ("5S T4 T16", "10H", "5S", PlayRule.MUST_TRUMP, "You have no hearts"),
    ("5S T4 T16", "10H T14", "5S", PlayRule.MUST_TRUMP, "above the 14"),
    ("5S T4 T16", "10H T14", "T4", PlayRule.MUST_OVERTRUMP, "you hold the 16"),
    ("KH T2 T18", "T9", "KH", PlayRule.TRUMP_LED, "must play a trump"),
    ("KH T2 T18", "T9", "T2", PlayRule.MUST_OVERTRUMP, "Trumps were led"),
    ("KH 3H", "10H", "QS", PlayRule.NOT_IN_HAND, "do not hold"),
])
def test_illegal_cards_name_their_rule(hand, trick, card, rule, words):
    v = explain_play(hand, trick, card)
    assert not v.legal
    assert v.rule is rule
    assert words in v.reason


def test_legal_cards_have_reasons_too():
    assert explain_play("5S T4 T6", "10H T14", "T4").rule is PlayRule.UNDERTRUMP
    assert explain_play("5S 7D", "10H T14", "7D").rule is PlayRule.DISCARD
    assert explain_play("KH EX", "10H", "EX").rule is PlayRule.EXCUSE


def test_five_player_first_lead_may_not_open_the_called_suit():
    hand = parse_cards("KH 3H 5H 2S T4")
    legal = legal_plays(hand, [], called_king="KH", first_trick=True)
    assert codes(legal) == ["KH", "2S", "T4"]  # the called king itself may lead
    v = explain_play(hand, [], "3H", called_king="KH", first_trick=True)
    assert v.rule is PlayRule.FIRST_LEAD_CALLED_SUIT and not v.legal
    # Only the first trick's lead is restricted.
    assert codes(legal_plays(hand, [], called_king="KH")) == codes(hand)
    assert codes(legal_plays(hand, ["2H"], called_king="KH", first_trick=True)) == ["KH", "3H", "5H"]


@pytest.mark.parametrize("trick,winner", [
    ("10H KH 2H", 1),            # highest of the suit led
    ("10H KS 2H", 0),            # another suit never wins
    ("10H T1 KH", 1),            # any trump beats the suit
    ("10H T1 T2", 2),            # highest trump
    ("EX 2H KH T1", 3),          # Excuse led: next card sets suit, trump wins
    ("EX 2H KH", 2),
    ("KD EX QD", 0),             # the Excuse never wins
    ("T21 EX", 0),
])
def test_trick_winner(trick, winner):
    assert trick_winner(parse_cards(trick)) == winner


def test_excuse_wins_only_when_told_chelem():
    assert trick_winner("EX 2H 3H T1") == 3
    assert trick_winner("EX 2H 3H T1", excuse_wins=True) == 0


def test_explain_winner_mentions_the_excuse():
    i, why = explain_winner("KD EX QD")
    assert i == 0 and "Excuse never wins" in why


# ---------------------------------------------------------------- properties

@st.composite
def positions(draw):
    """A hand and a partial trick drawn from one shuffled deck (no card twice)."""
    seed = draw(st.integers(0, 10**9))
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    n_hand = draw(st.integers(1, 18))
    n_trick = draw(st.integers(0, 4))
    return deck[:n_hand], deck[n_hand:n_hand + n_trick]


@settings(max_examples=600)
@given(positions())
def test_legal_plays_matches_the_plain_reference(pos):
    hand, trick = pos
    legal = legal_plays(hand, trick)
    assert legal, "never empty"
    assert set(legal) <= set(hand)
    assert set(legal) == set(reference_legal(hand, trick))
    # Every verdict agrees with the list.
    for v in explain_all(hand, trick):
        assert v.legal == (v.card in legal), v
        assert v.reason


def test_explain_rejects_unknown_card_text():
    from tutor.engine import CardParseError
    with pytest.raises(CardParseError):
        explain_play("KH", "", "KX")
    assert parse_card("KH") in legal_plays("KH", "")
