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
    Phase,
    PlayCard,
    RuleSet,
    SeatView,
    ShowPoignee,
    callable_cards,
    parse_action,
    poignee_options,
    poignee_to_show,
    random_action,
)
from ..engine.deal import DealtCards, is_petit_sec

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


def run_auction(deal: Deal, rng: random.Random, *, taker: int | None = None,
                contract: Contract | None = None) -> None:
    """A plausible auction that ends with ``taker`` (random if None) holding ``contract``."""
    players = deal.players
    if taker is None:
        taker = rng.randrange(players)
    contract = contract or pick_contract(rng)
    while deal.phase is Phase.BIDDING:
        seat = deal.to_act
        bid = None
        if seat == taker:
            bid = contract
        elif not any(s == taker for s, _ in deal.auction.bids):
            open_below = [c for c in deal.auction.open_bids() if c < contract]
            if open_below and rng.random() < 0.3:
                bid = rng.choice(open_below)
        deal.bid(seat, bid)


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
    """A deal (new unless given) taken through the auction, the call and the écart."""
    deal = deal or new_deal(players, rng)
    run_auction(deal, rng, taker=taker, contract=contract)
    if deal.phase is Phase.CALLING:
        call_card(deal, rng, alone=alone)
    if deal.phase is Phase.ECART:
        deal.apply(random_action(deal, rng))
    return deal


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
    for _ in range(deals):
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
    ready_to_play(players, rng, deal=deal, taker=seat, contract=contract or pick_contract(rng), alone=False)
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
    return ready_to_play(players, rng, deal=deal, taker=seat, alone=True,
                         contract=rng.choice((Contract.GARDE_SANS, Contract.GARDE_CONTRE)))


def chelem_hold(deal: Deal) -> tuple:
    """The cards a chelem taker keeps for the end: the Petit, then the Excuse (played last)."""
    mine = deal.hands[deal.taker]
    return tuple(c for c in (PETIT, EXCUSE) if mine & c.bit)


# Keep every trump back, the Petit last: trumps then fall only when they must, and the Petit
# usually reaches the last trick.
PETIT_LAST = tuple(t for t in TRUMPS if t is not PETIT) + (PETIT,)


def petit_deal(players: int, rng: random.Random) -> Deal:
    """A deal likely to end with the Petit in the last trick (play it out with ``hold=PETIT_LAST``)."""
    deal = biased_deal(players, rng, rng.randrange(players), trumps=rng.randint(6, 9), petit=True)
    return ready_to_play(players, rng, deal=deal)


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
        return "you"
    if seat == view.taker:
        return "the taker"
    if view.partner is not None and seat == view.partner:
        return "the partner"
    if view.players < 5 or view.partner is not None or (view.seat == view.taker and view.called is not None
                                                        and view.called in view.hand):
        return "a defender"
    return ""


def seat_name(view: SeatView, seat: int) -> str:
    """'seat 2 (the taker)', 'seat 3 (you)', 'seat 4'."""
    role = seat_role(view, seat)
    return f"seat {seat} ({role})" if role else f"seat {seat}"


def table_context(deal: Deal, *, you: int | None = None) -> dict:
    """What the table picture needs (``tutor.engine.seats.table_picture``): players, dealer, and who you are."""
    out = {"players": deal.players, "dealer": deal.dealer}
    if you is not None:
        out["you"] = you
    if deal.taker is not None:
        out["taker"] = deal.taker
    return out
