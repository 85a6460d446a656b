"""The seat-view sampler: every sampled deal respects every fact the seat knows, and nothing else is read.

Positions come from deals played by the bots (3, 4 and 5 players), cut at a random moment, seen from a
random seat. The facts are checked here independently of the sampler's own bookkeeping, and the sampled
deal replayed through the engine must show that seat exactly the same view.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Deal, DogFate, Phase, PlayCard, RuleSet
from tutor.engine.cards import CARDS, EXCUSE
from tutor.engine.deal import DealtCards, is_petit_sec
from tutor.strategy.advisor.sampler import Sampler, rebuild
from tutor.strategy.bots.policy import decide


def bot_deal(players: int, seed: int, cut: float) -> Deal | None:
    """A deal played by the bots from the bidding, stopped at ``cut`` (0..1) of its actions."""
    d = Deal.new(players, seed=seed, dealer=seed % players)
    full = Deal.new(players, seed=seed, dealer=seed % players)
    while full.phase not in (Phase.DONE, Phase.CANCELLED):
        full.apply(decide(full.view(full.to_act)).action)
    if full.phase is Phase.CANCELLED:
        return None
    for action in full.log[:int(cut * len(full.log))]:
        d.apply(action)
    return d if d.to_act is not None else None


def mask(cards) -> int:
    return sum(c.bit for c in cards)


def check_facts(view, hands: tuple[int, ...], pile: int, contract_exchange: bool) -> None:
    """Every fact of ``view`` holds on the placement (current hands as masks, the hidden pile as a mask)."""
    n = view.players
    rules = RuleSet.for_players(n)
    played = [0] * n
    for t in list(view.tricks) + [None]:
        cards, seats = (t.cards, t.seats) if t else (view.trick, view.trick_seats)
        led = None
        for c, s in zip(cards, seats):
            played[s] |= c.bit
            if led is None and c is not EXCUSE:
                led = c.kind
            elif led is not None and c is not EXCUSE and c.kind != led:
                assert not any(hands[s] & x.bit for x in CARDS if x.kind == led), "void in the suit led"
                if not c.is_trump:
                    assert not any(hands[s] & x.bit for x in CARDS if x.is_trump), "void in trumps"
    # Every card exactly once: hands, pile, played.
    total = pile
    for s in range(n):
        assert not total & hands[s]
        total |= hands[s]
    for s in range(n):
        assert not total & played[s]
        total |= played[s]
    assert total == (1 << 78) - 1
    assert hands[view.seat] == mask(view.hand)
    ecart_phase = view.phase is Phase.ECART
    for s in range(n):
        want = rules.hand_size - played[s].bit_count() + (rules.dog_size if ecart_phase and s == view.taker else 0)
        assert hands[s].bit_count() == want, "hand sizes are public"
    assert pile.bit_count() == (0 if ecart_phase else rules.dog_size)
    for s, shown in view.poignees:
        assert all((hands[s] | played[s]) & c.bit for c in shown), "a poignée shown stays in that hand"
    if view.dog is not None:
        for c in view.dog:
            where = hands[view.taker] | played[view.taker] | (pile if not ecart_phase else 0)
            assert where & c.bit, "a dog card shown is the taker's or in the écart"
    if contract_exchange and not ecart_phase and view.phase is not Phase.CALLING:
        ecart = [c for c in CARDS if pile & c.bit]
        assert not any(c.is_king or c.is_oudler for c in ecart)
        assert {c for c in ecart if c.is_trump} == set(view.ecart_trumps)
        if view.ecart:
            assert set(ecart) == set(view.ecart)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6), cut=st.floats(0.05, 0.98),
       who=st.integers(0, 4), draw_seed=st.integers(0, 1000))
def test_samples_respect_every_known_fact(players, seed, cut, who, draw_seed):
    d = bot_deal(players, seed, cut)
    if d is None:
        return
    seat = who % players
    view = d.view(seat)
    exchange = d.contract is not None and d.contract.dog is DogFate.TAKER_EXCHANGES
    # The facts hold for the true deal (the checks are right) ...
    true_pile = mask(d.ecart) if exchange and d.phase is Phase.PLAYING else (
        0 if d.phase is Phase.ECART else mask(d.dog))
    check_facts(view, tuple(d.hands), true_pile, exchange)
    # ... and for the sample, whose deal, replayed, shows the seat the very same view.
    s = Sampler(view).draw(random.Random(draw_seed))
    assert s is not None
    check_facts(view, s.hands, mask(s.pile), exchange)
    assert not any(is_petit_sec(h) for h in s.dealt.hands)
    again = rebuild(view, s)
    assert again.view(seat) == view
    assert tuple(again.hands) == s.hands


def test_the_bids_filter_keeps_the_bots_bids():
    """Samples fit the bots' bidding: each other seat's dealt hand gives the bid it made."""
    from tutor.engine import Contract
    from tutor.strategy.bots.bidding import choose_bid  # the bots' bid, which the filter checks
    fitted = 0
    for seed in range(80):  # the bots take fewer deals since their bids rose: more seeds for 10 fitted
        d = bot_deal(4, seed, 0.4)
        if d is None or d.phase is not Phase.PLAYING:
            continue
        view = d.view(d.to_act)
        s = Sampler(view).draw(random.Random(seed))
        if not s.fits_policy:
            continue
        fitted += 1
        highest = None
        for who, bid in view.bids:
            if who != view.seat:
                open_bids = [c for c in Contract if highest is None or c > highest]
                assert choose_bid(s.dealt.hands[who], players=4, open_bids=open_bids) == bid
            highest = bid or highest
    assert fitted >= 10


def swapped(d: Deal, seat: int) -> Deal | None:
    """The same deal with two unplayed suit cards of one suit swapped between two other seats' hands."""
    n = d.players
    others = [s for s in range(n) if s not in (seat, d.taker)]  # the taker's écart is in the log
    gone = mask(c for t in d.tricks for c in t.cards) | mask(d.trick)
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in d.dealt.hands[a]:
                if x.kind > 3 or gone & x.bit or x.is_king:
                    continue
                y = next((y for y in d.dealt.hands[b] if y.kind == x.kind and not gone & y.bit and not y.is_king),
                         None)
                if y is None:
                    continue
                hands = [list(h) for h in d.dealt.hands]
                hands[a] = [y if c is x else c for c in hands[a]]
                hands[b] = [x if c is y else c for c in hands[b]]
                dealt = DealtCards(n, d.dealer, tuple(tuple(h) for h in hands), d.dealt.dog, 0, ())
                e = Deal(dealt, rules=d.rules)
                for action in d.log:
                    e.apply(action)
                return e
    return None


def test_the_sampler_never_reads_hidden_cards():
    """Two deals that look the same from a seat, with other hidden cards, give the same samples."""
    checked = 0
    for seed in range(30):
        d = bot_deal(4, seed, 0.5)
        if d is None or d.phase is not Phase.PLAYING:
            continue
        seat = d.to_act
        e = swapped(d, seat)
        if e is None:
            continue
        assert e.hands != d.hands and e.view(seat) == d.view(seat)
        a = [Sampler(d.view(seat)).draw(random.Random(7)) for _ in range(2)]
        b = [Sampler(e.view(seat)).draw(random.Random(7)) for _ in range(2)]
        assert [s.hands for s in a] == [s.hands for s in b]
        checked += 1
    assert checked >= 5


def test_a_seat_that_trumped_under_holds_no_higher_trump():
    """Seat 3 trumps a heart under seat 2's trump: it has no trump above that one, in every sample."""
    players = 4
    rng = random.Random(1)
    for seed in range(200):
        d = bot_deal(players, seed, 0.9)
        if d is None or d.phase is not Phase.PLAYING:
            continue
        for t in d.tricks:
            led = next((c.kind for c in t.cards if c is not EXCUSE), None)
            top = 0
            for c, s in zip(t.cards, t.seats):
                if c.is_trump and led != 4 and top and c.rank < top:
                    view = d.view((s + 1) % players)
                    for _ in range(3):
                        smp = Sampler(view).draw(rng)
                        assert not any(smp.hands[s] & x.bit for x in CARDS if x.is_trump and x.rank > top)
                    return
                if c.is_trump:
                    top = max(top, c.rank)
    raise AssertionError("no trick with a trump played under was found")


def test_rebuild_plays_on_like_the_true_deal():
    """The rebuilt deal accepts the true deal's next card when the sample is the true deal's own cards."""
    d = bot_deal(4, 13, 0.6)  # a deal the bots take (seed 11 is passed out since their bids rose)
    assert d is not None and d.phase is Phase.PLAYING
    seat = d.to_act
    card = decide(d.view(seat)).card
    s = Sampler(d.view(seat)).draw(random.Random(0))
    again = rebuild(d.view(seat), s)
    assert again.can(PlayCard(seat, card))


def test_a_tight_placement_is_found():
    """Found in a match: 5 cards may go to seat 4 or the écart, 1 to the écart only, 7 to seats 1, 3 and 4,
    1 to seat 3; the écart needs 6, so all 5 must go there. A greedy pass often fails; the careful one not."""
    d = bot_deal(4, 7, 0.5)  # any deal in play: the places and room are set below
    sampler = Sampler(d.view(d.to_act))
    cards = [c for c in CARDS if c.index in sampler.places][:14]
    tight = [0b1101] * 7 + [0b11000] * 5 + [0b10000, 0b100]
    sampler.places = {c.index: m for c, m in zip(cards, tight)}
    sampler.room = [2, 0, 3, 3, 6]
    sampler.fixed = [0] * 5
    sampler.players = 4
    me = sampler.view.seat
    sampler.fixed[me] = 0
    sampler._sample = lambda where: where  # the placement itself
    for seed in range(20):
        where = sampler._place(random.Random(seed))
        assert where is not None
        assert [m.bit_count() for m in where] == [2, 0, 3, 3, 6]
        for c, m in zip(cards, tight):
            assert any(where[p] >> c.index & 1 for p in range(5) if m >> p & 1)


# A real position (the calibration bench, 4 players, seed 524284232): West (seat 1) played the Petit under a
# higher trump at trick 12 with no other trump seen, so the deal was only dealt if it still holds one of the
# three unseen trumps (else the Petit would have been sec). Random placements miss that about 3 times in 10;
# the sampler once gave up after six such misses and the advisor raised "no deal fits".
PETIT_PLAYED_LOG = (
    "0:bid:pass 1:bid:garde 2:bid:pass 3:bid:pass 1:ecart:8H,3H,10D,6D,7S,3S 0:play:3D "
    "1:poignee:T21,T20,T19,T18,T15,T13,T12,T11,T6,T3 1:play:T18 2:play:9D 3:play:1D 1:play:2C 2:play:9C "
    "3:play:JC 0:play:KC 0:play:5D 1:play:T19 2:play:JD 3:play:2D 1:play:4C 2:play:1C 3:play:10C 0:play:QC "
    "0:play:2H 1:play:T20 2:play:1H 3:play:7H 1:play:5C 2:play:T2 3:play:T5 0:play:3C 3:play:4S 0:play:5S "
    "1:play:EX 2:play:KS 2:play:2S 3:play:JS 0:play:6S 1:play:1S 3:play:4D 0:play:CD 1:play:T21 2:play:T4 "
    "1:play:6C 2:play:T9 3:play:T16 0:play:8C 3:play:9H 0:play:5H 1:play:T3 2:play:4H 1:play:7C 2:play:T14 "
    "3:play:T17 0:play:T1 3:play:7D 0:play:QD")


def test_a_seat_that_played_the_petit_alone_is_always_given_another_trump():
    from tutor.engine import parse_action
    from tutor.strategy.advisor.advise import advise_card

    d = Deal.new(4, seed=524284232, dealer=3)
    for text in PETIT_PLAYED_LOG.split():
        d.apply(parse_action(text))
    view = d.view(1)
    sampler = Sampler(view)
    rng = random.Random(0)
    late_trumps = mask(c for c in CARDS if c.is_trump and c.rank in (7, 8, 10))
    for _ in range(400):
        s = sampler.draw(rng)
        assert s is not None
        assert s.hands[0] & late_trumps  # seat 0 played the Petit: it kept another trump
        assert not any(is_petit_sec(h) for h in s.dealt.hands)
    assert advise_card(view, budget_ms=10, seed=524284232).pick in view.legal
