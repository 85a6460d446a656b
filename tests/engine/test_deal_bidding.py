"""Dealing, the dealer draw, petit sec, the auction, the écart, the king call and announcements."""

import pytest

from tutor.engine import (
    CARDS,
    Auction,
    Contract,
    IllegalAction,
    RuleSet,
    call_outcome,
    callable_cards,
    check_discard,
    check_poignee,
    choose_dealer,
    deal_cards,
    dog_outcome,
    is_legal_discard,
    is_petit_sec,
    parse_cards,
    poignee_options,
    poignee_to_show,
    verify_call,
)
from tutor.engine.deal import draw_rank


@pytest.mark.parametrize("players,hand,dog,packet", [(3, 24, 6, 4), (4, 18, 6, 3), (5, 15, 3, 3)])
def test_rule_tables(players, hand, dog, packet):
    r = RuleSet.for_players(players)
    assert (r.hand_size, r.dog_size, r.packet_size) == (hand, dog, packet)
    assert r.players * r.hand_size + r.dog_size == 78


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(40))
def test_deal_follows_the_fft_procedure(players, seed):
    rules = RuleSet.for_players(players)
    d = deal_cards(players, dealer=seed % players, seed=seed)
    assert all(len(h) == rules.hand_size for h in d.hands)
    assert len(d.dog) == rules.dog_size
    everything = [c for h in d.hands for c in h] + list(d.dog)
    assert sorted(c.index for c in everything) == list(range(78))
    packets = players * rules.hand_size // rules.packet_size
    # Dog cards are laid between packets, never before the first or after the last card.
    assert all(1 <= s < packets for s in d.dog_slots)
    assert len(set(d.dog_slots)) == rules.dog_size
    assert 4 <= d.cut <= 74
    assert d == deal_cards(players, dealer=seed % players, seed=seed)


def test_deal_from_a_given_pack_puts_packets_in_order():
    # Dealt from a known pack, the first packet goes to the dealer's right (seat 1 when seat 0 deals).
    d = deal_cards(4, dealer=0, seed=1, pack=list(CARDS))
    rest = [c for c in CARDS[d.cut:] + CARDS[:d.cut]]
    assert d.hands[1][:3] == tuple(rest[:3])
    assert rest[0] not in d.dog and rest[-1] not in d.dog


def test_petit_sec():
    assert is_petit_sec(parse_cards("T1 KH 2S 3S"))
    assert not is_petit_sec(parse_cards("T1 EX 2S"))
    assert not is_petit_sec(parse_cards("T1 T5 2S"))
    assert not is_petit_sec(parse_cards("T5 2S"))


def test_dealer_draw_lowest_card_and_suit_priority():
    assert draw_rank(CARDS[3 * 14]) < draw_rank(CARDS[2 * 14]) < draw_rank(CARDS[0])  # 1C < 1D < 1S
    assert draw_rank(parse_cards("KS")[0]) < draw_rank(parse_cards("T1")[0])  # trumps beat suit cards
    for seed in range(200):
        draw = choose_dealer(4, seed=seed)
        finals = [d[-1] for d in draw.draws]
        assert all(not c.is_excuse for c in finals)
        assert min(finals, key=draw_rank) == finals[draw.dealer]
        for d in draw.draws:
            assert all(c.is_excuse for c in d[:-1])  # only an Excuse is redrawn


def test_auction_rules():
    a = Auction(players=4, dealer=3)
    assert a.to_speak == 0  # dealer's right speaks first
    a.bid(0, "petite")
    with pytest.raises(IllegalAction, match="higher"):
        a.verify_bid(1, "petite")
    with pytest.raises(IllegalAction, match="turn"):
        a.verify_bid(2, "garde")
    a.bid(1, None)
    assert [c.value for c in a.open_bids()] == ["garde", "garde_sans", "garde_contre"]
    a.bid(2, "garde_sans")
    a.bid(3, "pass")
    assert a.finished and a.taker == 2 and a.contract is Contract.GARDE_SANS
    with pytest.raises(IllegalAction, match="over"):
        a.verify_bid(0, "garde_contre")


def test_all_pass_means_redeal():
    a = Auction(players=3, dealer=0)
    for seat in (1, 2, 0):
        a.bid(seat, None)
    assert a.all_passed and a.taker is None


def test_dog_by_contract():
    assert "taken into the taker's hand" in dog_outcome("garde")
    assert "counts for the taker" in dog_outcome("garde_sans")
    assert "counts for the defence" in dog_outcome("garde_contre")


HAND = parse_cards("KH QH 3H 4H 5H 6H 7H 8H 9H 10H 1S 2S 3S 4S 5S 6S 7S 8S T2 T3 T4 T5 T6 EX")


def test_ecart_legal_and_illegal():
    assert is_legal_discard(HAND, parse_cards("3H 4H 5H 6H 7H 8H"))
    v = check_discard(HAND, parse_cards("KH 4H 5H 6H 7H 8H"))
    assert not v and v.rules == ["king"]
    v = check_discard(HAND, parse_cards("EX 4H 5H 6H 7H 8H"))
    assert not v and "oudler" in v.rules
    v = check_discard(HAND, parse_cards("T2 4H 5H 6H 7H 8H"))
    assert not v and v.rules == ["trump"]
    v = check_discard(HAND, parse_cards("4H 5H 6H 7H 8H"))
    assert not v and "count" in v.rules
    v = check_discard(HAND, parse_cards("4H 5H 6H 7H 8H 9D"))
    assert not v and "not_in_hand" in v.rules


def test_ecart_trump_when_unavoidable_is_shown():
    # 24 cards: 4 kings, 3 low suit cards, 15 trumps, the 21 and the Excuse.
    hand = parse_cards("KH KS KD KC 2H 3H 4H T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T21 EX")
    v = check_discard(hand, parse_cards("2H 3H 4H T2 T3 T4"))
    assert v and v.trumps_needed == 3 and [str(c) for c in v.shown] == ["T4", "T3", "T2"]
    v = check_discard(hand, parse_cards("2H 3H T5 T2 T3 T4"))
    assert not v  # kept a suit card (4H) while discarding a fourth trump


def test_five_player_call():
    assert [str(c) for c in callable_cards(parse_cards("KS 2H"))] == ["KS", "KH", "KD", "KC"]
    assert len(callable_cards(parse_cards("KS KH KD KC"))) == 8  # kings (alone) or queens
    assert [str(c) for c in callable_cards(parse_cards("KS KH KD KC QS QH QD QC"))][-4:] == ["CS", "CH", "CD", "CC"]
    with pytest.raises(IllegalAction, match="king"):
        verify_call(parse_cards("KS 2H"), "QH")
    with pytest.raises(IllegalAction):
        verify_call(parse_cards("KS 2H"), "T21")
    seat, why = call_outcome("KH", taker_hand=parse_cards("KH 2S"), dog=[], hands={})
    assert seat is None and "alone" in why
    seat, why = call_outcome("KH", taker_hand=parse_cards("2S"), dog=parse_cards("KH 3C 4C"), hands={})
    assert seat is None and "dog" in why
    seat, _ = call_outcome("KH", taker_hand=parse_cards("2S"), dog=[], hands={3: parse_cards("KH 5D")})
    assert seat == 3


@pytest.mark.parametrize("players,trumps,excuse,options", [
    (4, 10, False, ["simple"]),
    (4, 9, True, ["simple"]),       # the Excuse stands in for the tenth
    (4, 9, False, []),
    (4, 13, False, ["simple", "double"]),
    (4, 15, False, ["simple", "double", "triple"]),
    (3, 12, False, []),             # 3 players need 13, not 10
    (3, 13, False, ["simple"]),
    (3, 18, False, ["simple", "double", "triple"]),
    (5, 8, False, ["simple"]),
    (5, 12, True, ["simple", "double", "triple"]),
])
def test_poignee_options(players, trumps, excuse, options):
    hand = parse_cards(" ".join(f"T{n}" for n in range(2, 2 + trumps)) + (" EX" if excuse else ""))
    assert poignee_options(hand, players=players) == options


def test_poignee_show_rules():
    hand = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX KH")
    ok = poignee_to_show(hand, "simple", players=4)
    assert len(ok) == 10 and all(c.is_trump for c in ok)
    assert check_poignee(hand, ok, players=4).level == "simple"
    # The Excuse may not stand in while a trump stays hidden.
    bad = parse_cards("T3 T4 T5 T6 T7 T8 T9 T10 T11 EX")
    v = check_poignee(hand, bad, players=4)
    assert not v and "no other trump" in v.reasons[0]
    # Exactly the threshold: 11 trumps is not a poignée.
    v = check_poignee(hand, parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"), players=4)
    assert not v and "exactly" in v.reasons[0]
    # With nine trumps and the Excuse, the Excuse completes the show.
    nine = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX 2H")
    assert check_poignee(nine, nine[:10], players=4).level == "simple"


def test_misere_is_a_house_rule_off_by_default():
    from tutor.engine import Deal, misere_kind
    assert RuleSet.for_players(4).misere is False
    assert RuleSet.for_players(4, misere=True).misere is True
    assert misere_kind(parse_cards("2H 3H QS")) == "trumps"
    assert misere_kind(parse_cards("2H T3 10S")) == "honours"
    assert misere_kind(parse_cards("2H EX")) is None
    d = Deal.new(4, seed=1, dealer=2)
    assert d.next_deal(seed=2).dealer == 3
    assert d.next_deal(seed=2, misdeal=True).dealer == 2
