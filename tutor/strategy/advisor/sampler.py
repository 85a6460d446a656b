"""Deal the cards one seat cannot see, from that seat's view only (``SeatView``), never from the ``Deal``.

A sample places every unseen card in a hand or in the hidden pile (the hidden dog, or an écart the seat
did not make), consistently with everything the seat knows:

- its own hand, and every card played (by whom);
- the dog when it was shown: a dog card not played is in the taker's hand or in the écart;
- the taker's own écart (the taker only), and the trumps shown in the écart (everyone);
- an écart holds no king, no oudler and no trump that was not shown, and a taker who put a trump there
  kept no suit card but kings;
- the poignées shown (those exact cards, in that hand until played);
- the voids revealed by play: a seat that did not follow is void in the suit led, and one that neither
  followed nor trumped has no trump either; a seat that played a trump under the highest trump of the
  trick holds no trump above it (it had to overtrump if it could);
- the hand sizes, which are public;
- a poignée shown with the Excuse: no other trump in that hand; a queen called: the taker held every king;
- the deal was not cancelled: no hand held the Petit sec.

The bids (and the poignées not shown) are a **policy filter**: the other seats are the practice bots,
so a sample is kept only if the bots' bidding (``bidding.choose_bid``) gives the bids that were made,
their call (``choose_call``) the king called, and a seat that played its first card without showing a
poignée had none to show (the bots always show one). That filter is tried ``POLICY_TRIES`` times; when
no try passes (an unusual bid, a human at the table), the first sample that meets the hard facts is used
and flagged (``Sample.fits_policy``).

Everything here reads the view, so two deals that look the same from a seat give the same samples for
the same seed.

>>> import random
>>> from tutor.engine import Deal
>>> d = Deal.new(4, seed=3, dealer=0)
>>> s = Sampler(d.view(1)).draw(random.Random(0))
>>> s.hands[1] == d.hands[1], [h.bit_count() for h in s.hands], len(s.pile)
(True, [18, 18, 18, 18], 6)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...engine import (
    Bid,
    CallKing,
    Card,
    Contract,
    Deal,
    DeclareChelem,
    DeclareMisere,
    Discard,
    DogFate,
    Phase,
    PlayCard,
    RuleSet,
    SeatView,
    ShowPoignee,
    poignee_options,
)
from ...engine.cards import CARDS, EXCUSE_KIND, TRUMP_KIND
from ...engine.deal import DealtCards, is_petit_sec
from ..bots.bidding import choose_bid
from ..bots.handcount import choose_call

HARD_TRIES = 6  # placements tried before the hard facts are given up as impossible (then None)
# Placements that only broke "no Petit sec" (checked after placing): a seat that played the Petit with no other
# trump seen must hold one of the few unseen trumps, which a random placement often misses. Cheap to retry.
PETIT_SEC_TRIES = 200
GREEDY_TRIES = 3  # quick greedy placements before the careful one (which cannot fail when a placement exists)
POLICY_TRIES = 12  # samples tried for one that fits the bots' bids and poignées (then the first one is used)
_NO_ECART = sum(c.bit for c in CARDS if c.is_trump or c.is_oudler or c.is_king)  # what an écart cannot hold
_TRUMP_BITS = {r: sum(c.bit for c in CARDS if c.is_trump and c.rank > r) for r in range(22)}
_KIND_BITS = {k: sum(c.bit for c in CARDS if c.kind == k) for k in range(6)}


@dataclass(frozen=True)
class Sample:
    """One way the unseen cards may lie: every seat's hand now (bitmasks), the hidden pile (the dog, or the
    écart with an exchange), the deal as it was dealt, and whether the bots' bids and poignées fit it."""

    hands: tuple[int, ...]
    pile: tuple[Card, ...]
    dealt: DealtCards
    ecart: tuple[Card, ...]  # the taker's écart (empty without an exchange, or before it)
    fits_policy: bool
    tries: int = 1  # placements made to find it (the advisor counts them as work)


class Sampler:
    """The facts of one view, worked out once; ``draw`` deals one sample (None when none fits)."""

    def __init__(self, view: SeatView):
        self.view = view
        n = self.players = view.players
        rules = self.rules = RuleSet.for_players(n)
        me, taker = view.seat, view.taker
        self.pile_at = pile = n  # the hidden pile as one more place
        exchange = view.contract is not None and view.contract.dog is DogFate.TAKER_EXCHANGES
        self.in_ecart_phase = view.phase is Phase.ECART
        # The écart exists (made or to make) only with an exchange, after the call.
        self.exchanged = exchange and view.phase not in (Phase.BIDDING, Phase.CALLING, Phase.ECART)
        played = [0] * n
        firsts: dict[int, bool] = {}
        void = [0] * n  # cards a seat cannot hold now (bitmask)
        for cards, seats in [(t.cards, t.seats) for t in view.tricks] + [(view.trick, view.trick_seats)]:
            led, top = None, 0
            for c, s in zip(cards, seats):
                played[s] |= c.bit
                firsts.setdefault(s, True)
                if led is None:
                    if c.kind != EXCUSE_KIND:
                        led = c.kind
                        top = c.rank if c.is_trump else 0
                    continue
                if c.kind == EXCUSE_KIND or c.kind == led:
                    if c.is_trump:
                        if c.rank < top:
                            void[s] |= _TRUMP_BITS[top]  # played under: no trump above the top then
                        top = max(top, c.rank)
                    continue
                void[s] |= _KIND_BITS[led]
                if c.kind != TRUMP_KIND:
                    void[s] |= _KIND_BITS[TRUMP_KIND]
                elif c.rank < top:
                    void[s] |= _TRUMP_BITS[top]
                else:
                    top = c.rank
        self.played = played
        gone = 0
        for m in played:
            gone |= m
        fixed = [0] * (n + 1)
        fixed[me] = sum(c.bit for c in view.hand)
        for s, shown in view.poignees:
            fixed[s] |= sum(c.bit for c in shown) & ~gone
            if any(c.is_excuse for c in shown):
                void[s] |= _KIND_BITS[TRUMP_KIND]  # the Excuse stands in only for a seat with no other trump
        if view.called is not None and view.called.rank < 14 and taker != me:
            # A queen (knight, jack) is called only by a taker holding every card of the ranks above.
            above = sum(c.bit for c in CARDS if c.kind < 4 and c.rank > view.called.rank)
            for s in range(n):
                if s != taker:
                    void[s] |= above
            void[taker] |= view.called.bit
        fixed[pile] |= sum(c.bit for c in view.ecart_trumps)
        if view.ecart:
            fixed[pile] |= sum(c.bit for c in view.ecart)
        self.dog = sum(c.bit for c in view.dog) if view.dog else 0
        self.dog_cards = tuple(view.dog or ())
        room = [rules.hand_size - played[s].bit_count() for s in range(n)] + [rules.dog_size]
        if self.in_ecart_phase:
            room[taker] += rules.dog_size
            room[pile] = 0
        known = gone
        for s in range(n + 1):
            known |= fixed[s]
            room[s] -= fixed[s].bit_count()
        self.fixed, self.room = fixed, room
        # Where each unseen card may be: a mask of places (bit p for place p).
        every = (1 << (n + 1)) - 1
        places: dict[int, int] = {}
        for c in CARDS:
            if known & c.bit:
                continue
            ok = every & ~(1 << me)
            for s in range(n):
                if void[s] & c.bit:
                    ok &= ~(1 << s)
            if (view.called is not None and view.called.rank < 14 and c.kind < 4 and c.rank > view.called.rank
                    and taker != me):
                ok &= ~(1 << pile)
            if view.called is c and c.rank < 14 and self.exchanged:
                ok &= ~(1 << pile)  # in the écart, it would have been the taker's when calling
            if self.dog & c.bit:  # a dog card shown: in the taker's hand, or in the écart
                ok &= (1 << taker) | (1 << pile) if self.exchanged else 1 << taker
            if self.exchanged and _NO_ECART & c.bit:
                ok &= ~(1 << pile)
            elif self.exchanged and view.ecart_trumps and c.kind < 4:
                ok &= ~(1 << taker)  # a trump went to the écart: the taker kept no plain suit card
            places[c.index] = ok
        self.places = places
        self.firsts = firsts
        self.poignee_seats = {s for s, _ in view.poignees}

    # ------------------------------------------------------------ drawing

    def draw(self, rng: random.Random) -> Sample | None:
        """One sample: the first of ``POLICY_TRIES`` that fits the bots' bids and poignées too, else the first
        that fits the hard facts (flagged), else None."""
        first = None
        for k in range(1, POLICY_TRIES + 1):
            s = self._place(rng)
            if s is None:
                break
            if self._fits_policy(s):
                return replace(s, tries=k)
            if first is None:
                first = s
        return None if first is None else replace(first, fits_policy=False, tries=POLICY_TRIES)

    def _place(self, rng: random.Random) -> Sample | None:
        """Place every unseen card: a quick greedy pass first (most constrained cards first, places weighted by
        their room), then, when it keeps failing, a careful pass that checks each step can still be completed."""
        n = self.players
        items = list(self.places.items())
        k = petit_sec = 0
        while k < HARD_TRIES:
            careful = k >= GREEDY_TRIES
            k += 1
            left = list(self.room)
            where = list(self.fixed)
            keyed = sorted(items, key=lambda kv: (kv[1].bit_count(), rng.random()))
            counts: dict[int, int] = {}
            for _, mask in keyed:
                counts[mask] = counts.get(mask, 0) + 1
            if careful and not _feasible(counts, left):
                return None  # no placement at all: the facts contradict each other
            ok = True
            for i, mask in keyed:
                opts = [p for p in range(n + 1) if mask >> p & 1 and left[p] > 0]
                if careful:
                    counts[mask] -= 1
                    rng.shuffle(opts)
                    opts.sort(key=lambda p: -left[p] * rng.random())
                    opts = [p for p in opts if _feasible_after(counts, left, p)][:1]
                if not opts:
                    ok = False
                    break
                p = rng.choices(opts, weights=[left[q] for q in opts])[0] if len(opts) > 1 else opts[0]
                where[p] |= 1 << i
                left[p] -= 1
            if not ok:
                continue
            sample = self._sample(where)
            if sample is not None:
                return sample
            if petit_sec < PETIT_SEC_TRIES:  # a Petit sec: the placement was sound, try again at the same step
                petit_sec += 1
                k -= 1
        return None

    def _sample(self, where: list[int]) -> Sample | None:
        view, n = self.view, self.players
        hands = tuple(where[:n])
        pile = where[self.pile_at]
        dealt = [hands[s] | self.played[s] for s in range(n)]
        ecart = ()
        if self.exchanged:
            dealt[view.taker] = (dealt[view.taker] | pile) & ~self.dog
            dog = self.dog_cards
            # The écart in the order the seat saw it (its own), else its shown trumps first.
            ecart = view.ecart or (view.ecart_trumps + tuple(c for c in CARDS if pile & c.bit and not c.is_trump))
        elif self.in_ecart_phase:
            dealt[view.taker] &= ~self.dog
            dog = self.dog_cards
        else:
            dog = tuple(c for c in CARDS if pile & c.bit)
        dealt_hands = tuple(tuple(c for c in CARDS if m & c.bit) for m in dealt)
        if any(is_petit_sec(h) for h in dealt_hands):
            return None  # that deal would have been cancelled
        dc = DealtCards(n, view.dealer, dealt_hands, dog, 0, ())
        return Sample(hands, tuple(c for c in CARDS if pile & c.bit), dc, ecart, True)

    def _fits_policy(self, s: Sample) -> bool:
        """Would the bots have bid as the table did, and shown the poignées they had (the seat's own
        choices aside)?"""
        view, n = self.view, self.players
        taker = view.taker
        if view.called is not None and taker != view.seat and choose_call(s.dealt.hands[taker]) != view.called:
            return False
        highest = None
        for seat, bid in view.bids:
            if seat != view.seat and seat not in view.barred:
                open_bids = [c for c in Contract if highest is None or c > highest]
                if choose_bid(s.dealt.hands[seat], players=n, open_bids=open_bids) != bid:
                    return False
            if bid is not None:
                highest = bid
        for seat in self.firsts:
            if seat != view.seat and seat not in self.poignee_seats:
                held = [c for c in CARDS if (s.hands[seat] | self.played[seat]) & c.bit]
                if poignee_options(held, players=n):
                    return False
        return True


def _feasible(counts: dict[int, int], room: list[int]) -> bool:
    """Can cards grouped by where they may go (a place mask -> how many) fill the places' room exactly? Hall's
    condition: the cards that can only go into a set of places fit in that set's room.

    >>> _feasible({0b01: 2, 0b11: 1}, [2, 1]), _feasible({0b01: 3}, [2, 1])
    (True, False)
    """
    places = len(room)
    for subset in range(1, 1 << places):
        need = sum(k for m, k in counts.items() if k and m & ~subset == 0)
        if need > sum(room[p] for p in range(places) if subset >> p & 1):
            return False
    return True


def _feasible_after(counts: dict[int, int], room: list[int], p: int) -> bool:
    room = list(room)
    room[p] -= 1
    return _feasible(counts, room)


def draw(view: SeatView, rng: random.Random) -> Sample | None:
    """One sample of what ``view``'s seat cannot see (see ``Sampler``)."""
    return Sampler(view).draw(rng)


# ------------------------------------------------------------ the deal at the view's moment


def rebuild(view: SeatView, sample: Sample) -> Deal:
    """The deal on the sampled cards, with every public action of the view replayed up to its moment.

    The log is the view's: the bids, the call, the écart (the sample's), a chelem announced, then each card in
    play order, each seat's poignée or misère just before its first card."""
    d = Deal(sample.dealt, rules=RuleSet.for_players(view.players), misdealt=bool(view.barred))
    for seat, bid in view.bids:
        d.apply(Bid(seat, bid))
    if view.called is not None and view.phase is not Phase.CALLING:
        d.apply(CallKing(view.taker, view.called))
    if sample.ecart and view.phase not in (Phase.ECART,):
        d.apply(Discard(view.taker, sample.ecart))
    if view.chelem_announced:
        d.apply(DeclareChelem(view.taker))
    poignees = dict(view.poignees)
    miseres: dict[int, list[str]] = {}
    for seat, kind in view.miseres:
        miseres.setdefault(seat, []).append(kind)
    started: set[int] = set()

    def before_first(seat: int) -> None:
        if seat in started:
            return
        started.add(seat)
        if seat in poignees:
            d.apply(ShowPoignee(seat, tuple(poignees[seat])))
        for kind in miseres.get(seat, ()):
            d.apply(DeclareMisere(seat, kind))

    for cards, seats in [(t.cards, t.seats) for t in view.tricks] + [(view.trick, view.trick_seats)]:
        for c, seat in zip(cards, seats):
            before_first(seat)
            d.apply(PlayCard(seat, c))
    # Announcements made before a first card not yet played (the seat to act showed, then thinks).
    if view.phase is Phase.PLAYING:
        for seat in list(poignees) + list(miseres):
            if seat not in started:
                before_first(seat)
    return d


__all__ = ["Sampler", "Sample", "draw", "rebuild", "HARD_TRIES", "POLICY_TRIES"]
