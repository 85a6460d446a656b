"""Reachable positions: seeded deals played forward with legal actions, never random card soup.

A question's position is cut from a real deal: dealt by the engine (or, for rare hands such as a
poignée, a random deal biased towards them), bid, called, discarded and played with legal actions
only. ``provenance(deal)`` records how to rebuild it and ``replay`` rebuilds it, so a test (or a
teacher) can check that the hand, the trick and the cards played are exactly the deal's.

>>> import random
>>> deal = ready_to_play(4, random.Random(1))
>>> deal.phase.value, deal.taker is not None
('playing', True)
>>> again = replay(provenance(deal))
>>> [again.hand(s) == deal.hand(s) for s in range(4)]
[True, True, True, True]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import (
    CARDS,
    EXCUSE,
    PETIT,
    TRUMPS,
    Card,
    Contract,
    Deal,
    Discard,
    Phase,
    PlayCard,
    RuleSet,
    SeatView,
    ShowPoignee,
    callable_cards,
    parse_action,
    poignee_options,
    poignee_to_show,
)
from ..engine.bidding import Auction
from ..engine.deal import DealtCards, is_petit_sec
from ..engine.seats import seat_label
from ..engine.words import N_
from ..i18n import _
from ..i18n.words import say

# The bots' own bidding and écart: generated deals are bid the way the practice bots bid.
from ..strategy.bots.handcount import choose_bid, choose_ecart, wanted_contract

CONTRACT_WEIGHTS = ((Contract.PETITE, 4), (Contract.GARDE, 4), (Contract.GARDE_SANS, 1), (Contract.GARDE_CONTRE, 1))
KINGS = tuple(c for c in CARDS if c.is_king)


def pick_contract(rng: random.Random, above: Contract | None = None) -> Contract:
    """A contract, the low ones more often, strictly above ``above``."""
    options = [(c, w) for c, w in CONTRACT_WEIGHTS if above is None or c > above]
    return rng.choices([c for c, _ in options], [w for _, w in options])[0]


def new_deal(players: int, rng: random.Random) -> Deal:
    """A freshly dealt, seeded deal (redealt while someone has the Petit sec)."""
    while True:
        deal = Deal.new(players, seed=rng.randrange(2**31), dealer=rng.randrange(players))
        if deal.phase is Phase.BIDDING:
            return deal


def biased_deal(players: int, rng: random.Random, seat: int, *, trumps: int, excuse: bool = False,
                kings: int | None = None, petit: bool | None = None) -> Deal:
    """A random deal in which ``seat`` holds exactly ``trumps`` trumps (and the Excuse if ``excuse``).

    Used for hands too rare to wait for (poignées, an écart that must include a trump); every other
    card is dealt at random, so the deal is one a shuffle can produce.
    """
    rules = RuleSet.for_players(players)
    while True:
        pool_trumps = list(TRUMPS)
        if petit is not None:
            pool_trumps.remove(PETIT)
        chosen = rng.sample(pool_trumps, trumps - (1 if petit else 0)) + ([PETIT] if petit else [])
        hand = chosen + ([EXCUSE] if excuse else [])
        plain = [c for c in CARDS if c.kind < 4]
        if kings is not None:
            hand += rng.sample(KINGS, kings)
            plain = [c for c in plain if not c.is_king]
        hand += rng.sample(plain, rules.hand_size - len(hand))
        rest = [c for c in CARDS if c not in set(hand)]
        rng.shuffle(rest)
        hands: list[tuple[Card, ...]] = []
        for s in range(players):
            if s == seat:
                hands.append(tuple(hand))
            else:
                hands.append(tuple(rest[:rules.hand_size]))
                rest = rest[rules.hand_size:]
        if any(is_petit_sec(h) for h in hands):
            continue
        dealer = rng.randrange(players)
        dealt = DealtCards(players, dealer, tuple(hands), tuple(rest), 0, ())
        return Deal(dealt, rules=rules)


# A taker needs trumps: at least this many (5 of 18 cards, scaled to the hand), one of them 16 or higher
# or two oudlers. The bots' count alone rates long plain suits highly enough to take with five small trumps.
MIN_TRUMPS = {3: 7, 4: 5, 5: 4}
BIG_TRUMP = 16


def plausible(hand, contract, players: int) -> bool:
    """Would a sensible player take ``contract`` with ``hand`` (before the dog)? The bots' count must rate the
    hand at least that contract (``wanted_contract``, e.g. 4 players: 40 petite, 56 garde, 71 garde sans, 81
    garde contre), and the hand needs trumps: ``MIN_TRUMPS`` of them, one 16 or higher (or two oudlers).

    >>> from tutor.engine import parse_cards as P
    >>> plausible(P("T2 T3 5S 6S 7S 8S 9S 2C 3C 4C 5C 6C 7D 8D 9D 2H 3H 4H"), Contract.PETITE, 4)
    False
    >>> hand = P("T21 T18 T15 T12 T9 T5 EX KH QH 8H 5H KS 2S 4C 6D 7D 8D 9D")
    >>> plausible(hand, Contract.PETITE, 4), plausible(hand, Contract.GARDE, 4)
    (True, False)
    """
    hand = list(hand)
    want = wanted_contract(hand, players=players)
    trumps = [c for c in hand if c.is_trump]
    oudlers = sum(1 for c in hand if c.is_oudler)
    return (want is not None and want >= Contract.parse(contract) and len(trumps) >= MIN_TRUMPS[players]
            and (any(c.rank >= BIG_TRUMP for c in trumps) or oudlers >= 2))


def run_auction(deal: Deal, rng: random.Random, *, taker: int | None = None,
                contract: Contract | None = None) -> bool:
    """The bots' own auction (``choose_bid``); False, with the deal left as it is, when nobody would take.

    With ``taker``, that seat takes ``contract`` (default: what its hand is worth), only if its hand is worth
    it (``plausible``); the others bid as the bots do, below it. ``rng`` is kept for the callers' streams.
    """
    players = deal.players
    if taker is not None:
        hand = deal.hand(taker)
        contract = contract or wanted_contract(hand, players=players)
        if contract is None or not plausible(hand, contract, players):
            return False
    bids = []
    auction = Auction(players, deal.dealer)
    while not auction.finished:
        seat = auction.to_speak
        if taker is not None and seat == taker:
            bid = contract
        else:
            bid = choose_bid(deal.hand(seat), players=players, open_bids=auction.open_bids())
            if taker is not None and bid is not None and bid >= contract:
                bid = None  # the chosen taker outbids them
        auction.bid(seat, bid)
        bids.append((seat, bid))
    if auction.all_passed or (taker is not None and auction.taker != taker):
        return False
    if not plausible(deal.hand(auction.taker), auction.contract, players):
        return False  # the bots would take, but with too few trumps
    for seat, bid in bids:
        deal.bid(seat, bid)
    return True


def call_card(deal: Deal, rng: random.Random, *, alone: bool | None = None) -> None:
    """5 players: the taker calls a card, usually a king they do not hold."""
    hand = deal.hand(deal.taker)
    options = callable_cards(hand)
    elsewhere = [c for c in options if c not in hand]
    if alone is None:
        alone = rng.random() < 0.12
    mine = [c for c in options if c in hand]
    if alone and mine:
        pick = rng.choice(mine)
    elif alone and any(c in deal.dog for c in options):
        pick = rng.choice([c for c in options if c in deal.dog])
    else:
        pick = rng.choice(elsewhere or options)
    deal.call(deal.taker, pick)


def ready_to_play(players: int, rng: random.Random, *, deal: Deal | None = None, taker: int | None = None,
                  contract: Contract | None = None, alone: bool | None = None) -> Deal:
    """A deal (new unless given) taken through the bots' auction, the call and the écart.

    A new deal is redealt until someone would take (and, with ``taker`` or ``contract``, until that seat's
    hand is worth it). A given deal whose hands the bots would not bid on raises ``NoTaker``.
    """
    for _try in range(400):
        d = deal or new_deal(players, rng)
        seat = taker
        if seat is None and contract is not None:  # who would take it: the strongest hand worth it
            worth = [s for s in range(players) if plausible(d.hand(s), contract, players)]
            seat = rng.choice(worth) if worth else None
            if seat is None:
                if deal is not None:
                    break
                continue
        if run_auction(d, rng, taker=seat, contract=contract):
            break
        if deal is not None:
            break
    else:
        d = None
    if d is None or d.phase is Phase.BIDDING:
        raise NoTaker("no seat of this deal would take" + (f" a {contract.french}" if contract else ""))
    deal = d
    if deal.phase is Phase.CALLING:
        call_card(deal, rng, alone=alone)
    if deal.phase is Phase.ECART:
        deal.apply(Discard(deal.taker, tuple(choose_ecart(deal.hand(deal.taker), players=players))))
    return deal


class NoTaker(Exception):
    """The bots would not bid this deal (or not the contract asked for): draw another one."""


_SUIT_MASKS = tuple(sum(c.bit for c in CARDS if c.kind == k) for k in range(5))


def ruffing_lead(deal: Deal, rng: random.Random, legal: list[Card]) -> Card | None:
    """A lead in the suit that the most other players must trump (void in it, holding trumps).

    Steers a playout towards trumping, overtrumping and undertrumping, with legal cards only.
    """
    seat = deal.to_act
    others = [deal.hands[s] for s in range(deal.players) if s != seat]
    best, best_n = [], 0
    for c in legal:
        if c.kind >= 4:
            continue
        n = sum(1 for h in others if not h & _SUIT_MASKS[c.kind] and h & _SUIT_MASKS[4])
        if n > best_n:
            best, best_n = [c], n
        elif n == best_n and n:
            best.append(c)
    return rng.choice(best) if best else None


def choose_card(deal: Deal, rng: random.Random, hold=(), lead=(), steer=None) -> Card:
    """A random legal card for the seat to act.

    ``hold`` cards are kept back while another card is legal, then released in their order;
    a ``lead`` card is led as soon as its holder leads a trick; ``steer(deal, rng, legal)`` may
    choose the lead (see ruffing_lead).
    """
    legal = deal.legal_cards()
    if not deal.trick:
        first = [c for c in legal if c in lead]
        if first:
            return first[0]
        if steer is not None:
            pick = steer(deal, rng, legal)
            if pick is not None:
                return pick
    keep = [c for c in legal if c not in hold]
    if keep:
        return rng.choice(keep)
    return next((c for c in hold if c in legal), None) or rng.choice(legal)


def play_card(deal: Deal, rng: random.Random, *, hold=(), lead=(), steer=None, poignee: float = 0.0) -> None:
    """Play one card for the seat to act; before a first card, show a poignée with chance ``poignee``."""
    seat = deal.to_act
    if poignee and seat not in deal.has_played and not any(s == seat for s, _, _ in deal.poignees):
        hand = deal.hand(seat)
        levels = poignee_options(hand, players=deal.players)
        if levels and rng.random() < poignee:
            deal.apply(ShowPoignee(seat, tuple(poignee_to_show(hand, levels[-1], players=deal.players))))
    deal.apply(PlayCard(seat, choose_card(deal, rng, hold, lead, steer)))


def play_out(deal: Deal, rng: random.Random, *, hold=(), lead=(), steer=None, poignee: float = 0.0) -> Deal:
    """Play the deal to its end."""
    while deal.phase is Phase.PLAYING:
        play_card(deal, rng, hold=hold, lead=lead, steer=steer, poignee=poignee)
    return deal


@dataclass(frozen=True)
class Spot:
    """A position found in a deal: the view of the seat to act, what ``wanted`` saw, and how to replay it."""

    view: SeatView
    facts: object
    provenance: dict


def find_spot(players: int, rng: random.Random, wanted: Callable[[Deal], object], *, deals: int = 30,
              hold=(), lead=(), steer=None, make: Callable[[random.Random], Deal] | None = None) -> Spot | None:
    """A decision point where ``wanted(deal)`` is true, at a random point of a seeded deal.

    A start is drawn among the deal's card plays; the first wanted point at or after it is taken,
    else the first one before it. Up to ``deals`` deals are tried.
    """
    for _try in range(deals):
        deal = make(rng) if make else ready_to_play(players, rng)
        start = rng.randrange(deal.players * deal.rules.tricks)
        first: Spot | None = None
        n = 0
        while deal.phase is Phase.PLAYING:
            facts = wanted(deal)
            if facts:
                spot = Spot(deal.view(deal.to_act), facts, provenance(deal))
                if n >= start:
                    return spot
                first = first or spot
            play_card(deal, rng, hold=hold, lead=lead, steer=steer)
            n += 1
        if first is not None:
            return first
    return None


def chelem_deal(players: int, rng: random.Random, *, taker_excuse: bool = True, petit: bool = True,
                announce: bool = False, contract: Contract | None = None) -> Deal:
    """A deal in which the taker takes every trick, ready to play out.

    The taker holds the highest trumps (with 3 players every trump and kings), so every lead and every
    ruff wins; ``petit`` and ``taker_excuse`` give the taker the Petit and the Excuse, which the
    playout keeps for the end (see ``chelem_hold``). With ``announce`` the taker announces the chelem.
    """
    rules = RuleSet.for_players(players)
    seat = rng.randrange(players)
    while True:
        hand = ([EXCUSE] if taker_excuse else []) + ([PETIT] if petit else [])
        high = [c for c in reversed(TRUMPS) if c is not PETIT]
        hand += high[:rules.hand_size - len(hand)]
        if len(hand) < rules.hand_size:
            hand += rng.sample(KINGS, rules.hand_size - len(hand))
        rest = [c for c in CARDS if c not in set(hand)]
        rng.shuffle(rest)
        hands, pos = [], 0
        for s in range(players):
            if s == seat:
                hands.append(tuple(hand))
            else:
                hands.append(tuple(rest[pos:pos + rules.hand_size]))
                pos += rules.hand_size
        if not any(is_petit_sec(h) for h in hands):
            break
    deal = Deal(DealtCards(players, rng.randrange(players), tuple(hands), tuple(rest[pos:]), 0, ()), rules=rules)
    if contract is not None and not plausible(hand, contract, players):
        contract = None  # bid what the hand is worth instead
    ready_to_play(players, rng, deal=deal, taker=seat, contract=contract, alone=False)
    if announce:
        deal.declare_chelem(seat)
    return deal


def defence_chelem_deal(players: int, rng: random.Random) -> Deal:
    """A deal in which the defence takes every trick, ready to play out (any legal play will do).

    The taker holds the lowest plain cards and no trump, and bids a garde sans or a garde contre, so
    there is no dog to pick up. Every other card beats the taker's: a defender wins the first trick and
    the taker never leads again. With 5 players a king is in the dog and the taker calls it, playing
    alone. It is a contrived hand, but every action in it is legal.
    """
    rules = RuleSet.for_players(players)
    seat = rng.randrange(players)
    plain = sorted((c for c in CARDS if c.kind < 4), key=lambda c: (c.rank, rng.random()))
    hand = plain[:rules.hand_size]
    rest = [c for c in CARDS if c not in set(hand)]
    while True:
        rng.shuffle(rest)
        dog, others = rest[:rules.dog_size], rest[rules.dog_size:]
        if players == 5 and not any(c.is_king for c in dog):
            continue
        hands = [tuple(hand)] + [tuple(others[i * rules.hand_size:(i + 1) * rules.hand_size])
                                 for i in range(players - 1)]
        hands = hands[players - seat:] + hands[:players - seat]  # the taker's hand at ``seat``
        if not any(is_petit_sec(h) for h in hands):
            break
    deal = Deal(DealtCards(players, rng.randrange(players), tuple(hands), tuple(dog), 0, ()), rules=rules)
    # The one contrived auction: no sensible player takes this hand, so its deal is never shown (the score
    # question keeps only the numbers).
    contract = rng.choice((Contract.GARDE_SANS, Contract.GARDE_CONTRE))
    while deal.phase is Phase.BIDDING:
        deal.bid(deal.to_act, contract if deal.to_act == seat else None)
    if deal.phase is Phase.CALLING:
        call_card(deal, rng, alone=True)
    return deal


def chelem_hold(deal: Deal) -> tuple:
    """The cards a chelem taker keeps for the end: the Petit, then the Excuse (played last)."""
    mine = deal.hands[deal.taker]
    return tuple(c for c in (PETIT, EXCUSE) if mine & c.bit)


# Keep every trump back, the Petit last: trumps then fall only when they must, and the Petit
# usually reaches the last trick.
PETIT_LAST = tuple(t for t in TRUMPS if t is not PETIT) + (PETIT,)


def taken(make: Callable[[], Deal], rng: random.Random, players: int, **kw) -> Deal:
    """``make()`` deals until the bots' auction finds a taker for one (see ``ready_to_play``)."""
    for _try in range(200):
        try:
            return ready_to_play(players, rng, deal=make(), **kw)
        except NoTaker:
            continue
    raise NoTaker("no deal with a taker in 200 tries")  # pragma: no cover


def petit_deal(players: int, rng: random.Random) -> Deal:
    """A deal likely to end with the Petit in the last trick (play it out with ``hold=PETIT_LAST``)."""
    return taken(lambda: biased_deal(players, rng, rng.randrange(players), trumps=rng.randint(6, 9), petit=True),
                 rng, players)


def provenance(deal: Deal) -> dict:
    """JSON-able data that rebuilds ``deal`` as it stands now (see ``replay``)."""
    out: dict = {"players": deal.players, "dealer": deal.dealer}
    if deal.seed is not None:
        out["seed"] = deal.seed
    else:
        out["hands"] = [" ".join(c.code for c in h) for h in deal.dealt.hands]
        out["dog"] = " ".join(c.code for c in deal.dealt.dog)
    out["log"] = [str(a) for a in deal.log]
    return out


def replay(data: dict) -> Deal:
    """Rebuild a deal from ``provenance``: every action is checked again by the engine."""
    from ..engine import parse_cards
    players = int(data["players"])
    if "seed" in data:
        deal = Deal.new(players, seed=data["seed"], dealer=data["dealer"])
    else:
        hands = tuple(tuple(parse_cards(h)) for h in data["hands"])
        dealt = DealtCards(players, int(data["dealer"]), hands, tuple(parse_cards(data["dog"])), 0, ())
        deal = Deal(dealt)
    for action in data["log"]:
        deal.apply(parse_action(action))
    return deal


def seat_role(view: SeatView, seat: int) -> str:
    """How ``view.seat`` knows ``seat``: 'you', 'the taker', 'the partner', 'a defender', or '' (unknown)."""
    if seat == view.seat:
        return N_("you")
    if seat == view.taker:
        return N_("the taker")
    if view.partner is not None and seat == view.partner:
        return N_("the partner")
    if view.players < 5 or view.partner is not None or (view.seat == view.taker and view.called is not None
                                                        and view.called in view.hand):
        return N_("a defender")
    return ""


def seat_name(view: SeatView, seat: int) -> str:
    """'seat 2 (the taker)', 'seat 3 (you)', 'seat 4'."""
    role = seat_role(view, seat)
    return f"{say(seat_label(seat))} ({_(role)})" if role else say(seat_label(seat))


def table_context(deal: Deal, *, you: int | None = None) -> dict:
    """What the table picture needs (``tutor.engine.seats.table_picture``): players, dealer, and who you are."""
    out = {"players": deal.players, "dealer": deal.dealer}
    if you is not None:
        out["you"] = you
    if deal.taker is not None:
        out["taker"] = deal.taker
    return out
