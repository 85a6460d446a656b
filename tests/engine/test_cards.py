"""Cards: codes, parsing in every notation we accept, points and names."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import (
    CARDS,
    DECK,
    CardParseError,
    card_points,
    count_oudlers,
    pair_count,
    parse_card,
    parse_cards,
    sort_cards,
)


def test_deck_has_78_distinct_cards_and_91_points():
    assert len(DECK) == 78
    assert len({c.code for c in DECK}) == 78
    assert card_points(DECK) == 91
    assert count_oudlers(DECK) == 3
    assert sum(1 for c in DECK if c.is_trump) == 21
    assert sum(1 for c in DECK if c.is_king) == 4


@pytest.mark.parametrize("code,points", [
    ("KH", 4.5), ("QS", 3.5), ("CD", 2.5), ("JC", 1.5), ("10H", 0.5), ("1C", 0.5),
    ("T21", 4.5), ("T1", 4.5), ("EX", 4.5), ("T20", 0.5), ("T2", 0.5),
])
def test_points_table(code, points):
    assert parse_card(code).points == points


@pytest.mark.parametrize("text,code", [
    ("KH", "KH"), ("kh", "KH"), ("R♥", "KH"), ("Roi de cœur", "KH"), ("roi de coeur", "KH"),
    ("king of hearts", "KH"), ("K♥", "KH"), ("CS", "CS"), ("cavalier de pique", "CS"),
    ("knight of spades", "CS"), ("10D", "10D"), ("10 de carreau", "10D"), ("1C", "1C"),
    ("as de trèfle", "1C"), ("D♠", "QS"), ("Dame de pique", "QS"), ("V♦", "JD"),
    ("21", "T21"), ("T21", "T21"), ("t7", "T7"), ("atout 7", "T7"), ("Petit", "T1"),
    ("Excuse", "EX"), ("ex", "EX"), ("l'Excuse", "EX"),
])
def test_parse_accepts_every_notation(text, code):
    assert str(parse_card(text)) == code


@pytest.mark.parametrize("bad", ["KX", "T22", "22", "0H", "11H", "", "hello", "T0", "ZZ"])
def test_parse_rejects_with_the_token_named(bad):
    with pytest.raises(CardParseError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value) or "empty" in str(err.value)


def test_parse_cards_splits_on_spaces_and_commas_and_long_names():
    assert [str(c) for c in parse_cards("KH, 10d  R♠ excuse")] == ["KH", "10D", "KS", "EX"]
    assert [str(c) for c in parse_cards("roi de cœur, atout 5, 2H")] == ["KH", "T5", "2H"]
    with pytest.raises(CardParseError, match="'QX'"):
        parse_cards("KH QX")


def test_canonical_code_round_trips_for_every_card():
    for c in CARDS:
        assert parse_card(str(c)) is c
        assert parse_card(str(c).lower()) is c
        if not (c.is_trump and c.rank == 1):
            assert parse_card(c.name) is c  # long English names: "king of hearts", "trump 7", "the Excuse"
        if c.suit is not None:
            assert parse_card(c.french_name) is c
        assert eval(repr(c), {"Card": lambda code: parse_card(code)}) is c


def test_cards_are_immutable_and_hashable():
    kh = parse_card("KH")
    with pytest.raises(AttributeError):
        kh.rank = 3
    assert {kh: 1}[parse_card("roi de cœur")] == 1


def test_names_in_english_and_french():
    assert parse_card("CS").name == "knight of spades"
    assert parse_card("CS").french_name == "cavalier de pique"
    assert parse_card("T1").name.startswith("the Petit")
    assert parse_card("EX").french_name == "l'Excuse"


def test_rank_order_king_queen_knight_jack():
    ranks = [parse_card(c).rank for c in ("KH", "QH", "CH", "JH", "10H", "1H")]
    assert ranks == sorted(ranks, reverse=True)


def test_display_order_puts_trumps_first_high_to_low():
    shown = sort_cards(parse_cards("2H EX T1 KS T21 QD"))
    assert [str(c) for c in shown] == ["T21", "T1", "EX", "KS", "2H", "QD"]


def test_pair_counting_matches_half_point_counting():
    pile = parse_cards("KH 2H QS 3S 4S 5S T21 JD")
    groups = pair_count(pile)
    assert sum(v for _, v in groups) == card_points(pile) == 4.5 + .5 + 3.5 + .5 + .5 + .5 + 4.5 + 1.5


@given(st.lists(st.sampled_from(CARDS), unique=True))
def test_pair_count_equals_card_points_for_any_pile(pile):
    assert sum(v for _, v in pair_count(pile)) == card_points(pile)


@given(st.permutations(CARDS))
def test_any_split_of_the_deck_sums_to_91(deck):
    assert card_points(deck[:30]) + card_points(deck[30:]) == 91


def test_cards_pickle_to_the_same_interned_value():
    import copy
    import pickle
    for c in CARDS:
        assert pickle.loads(pickle.dumps(c)) is c
        assert copy.deepcopy([c])[0] is c


def test_piles_may_be_given_as_one_string_of_codes_like_hands():
    from tutor.engine import count_oudlers
    assert card_points("KH 2H QS") == card_points(["KH", "2H", "QS"]) == 8.5
    assert count_oudlers("T21 EX KH T1") == 3
    assert sum(v for _, v in pair_count("KH 2H 3H")) == 5.5
