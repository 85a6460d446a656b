"""Hand evaluation for the bots: how strong is a hand, which contract to bid, what to discard, which king to call.

A simple count of the kind club players teach (points for oudlers, trumps, kings and long suits),
scaled to the hand size so 3, 4 and 5 players share one table of thresholds.

>>> from tutor.engine import parse_cards as P
>>> strong = P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D")
>>> weak = P("2H 3H 4H T2 T3 5S 6S 7S 8S 9S 2C 3C 4C 5C 6C 7D 8D 9D")
>>> hand_strength(strong, players=4) > 56 > 41 > hand_strength(weak, players=4)
True
>>> choose_bid(strong, players=4, open_bids=["petite", "garde", "garde_sans", "garde_contre"]).value
'garde'
>>> taker = P("KH QH 3H 4S 5S 6S 7S 8S 9S T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17")
>>> [str(c) for c in choose_ecart(taker, players=4)]  # a void in spades; hearts keep their king
['9S', '8S', '7S', '6S', '5S', '4S']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine import EXCUSE, PETIT, TRUMP_21, Card, Contract, RuleSet, callable_cards, check_discard
from ..engine.ecart import discardable, trumps_needed

# Points of the count, per feature (a 4-player, 18-card hand).
ONE_TRUMP = 2
BIG_TRUMP = 1  # extra for each trump from 16 to 20
OUDLER_POINTS = {TRUMP_21: 10, EXCUSE: 8}
PETIT_BY_TRUMPS = ((7, 9), (6, 7), (5, 5))  # the Petit is worth more the more trumps guard it
FACE = {14: 6, 13: 3, 12: 2, 11: 1}  # king, queen, knight, jack
KING_QUEEN = 1  # a king with its queen (a "mariage")
LONG_SUIT = {5: 5, 6: 7, 7: 9}  # 8 and more: 9 plus 2 per card
VOID, SINGLETON = 6, 3  # only worth something with trumps to cut with

# Strength -> the highest contract a bot will bid (4-player scale).
THRESHOLDS = ((81, Contract.GARDE_CONTRE), (71, Contract.GARDE_SANS), (56, Contract.GARDE), (41, Contract.PETITE))


def _petit_value(trumps: int) -> int:
    return next((v for need, v in PETIT_BY_TRUMPS if trumps >= need), 0)


def hand_strength(hand: Sequence[Card], *, players: int = 4) -> float:
    """The count of a hand, scaled to an 18-card hand (so the thresholds fit every table size)."""
    trumps = [c for c in hand if c.is_trump]
    n = len(trumps)
    score = n * ONE_TRUMP + sum(BIG_TRUMP for c in trumps if 16 <= c.rank <= 20)
    score += sum(OUDLER_POINTS.get(c, 0) for c in hand)
    if PETIT in hand:
        score += _petit_value(n)
    by_suit = Counter(c.kind for c in hand if c.kind < 4)
    ranks = {(c.kind, c.rank) for c in hand if c.kind < 4}
    for kind in range(4):
        length = by_suit.get(kind, 0)
        score += sum(v for r, v in FACE.items() if (kind, r) in ranks)
        if (kind, 14) in ranks and (kind, 13) in ranks:
            score += KING_QUEEN
        score += LONG_SUIT.get(length, 9 + 2 * (length - 7) if length > 7 else 0)
        if n >= 4:
            score += VOID if length == 0 else SINGLETON if length == 1 else 0
    return score * 18 / RuleSet.for_players(players).hand_size


SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
FACE_NAMES = {14: "king", 13: "queen", 12: "knight", 11: "jack"}


def count_steps(cards: Sequence[Card], players: int = 4) -> list[tuple[str, float]]:
    """The hand count step by step: (label, points) pairs that add up to ``hand_strength``.

    The same table as ``hand_strength``, one line per thing counted (lines worth nothing are left out);
    with 3 or 5 players a last line scales the count to an 18-card hand.

    >>> from tutor.engine import parse_cards as P
    >>> hand = P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D")
    >>> steps = count_steps(hand, 4)
    >>> steps[:3]
    [('9 trumps, 2 each', 18), ('2 big trumps (16 to 20), 1 more each', 2), ('the 21', 10)]
    >>> sum(p for _, p in steps) == hand_strength(hand, players=4)
    True
    """
    trumps = [c for c in cards if c.is_trump]
    n = len(trumps)
    steps: list[tuple[str, float]] = [(f"{n} trump{'s' if n != 1 else ''}, {ONE_TRUMP} each", n * ONE_TRUMP)]
    big = sum(1 for c in trumps if 16 <= c.rank <= 20)
    steps.append((f"{big} big trump{'s' if big != 1 else ''} (16 to 20), {BIG_TRUMP} more each", big * BIG_TRUMP))
    steps += [("the 21" if c is TRUMP_21 else "the Excuse", OUDLER_POINTS[c]) for c in cards if c in OUDLER_POINTS]
    if PETIT in cards:
        steps.append((f"the Petit with {n} trumps", _petit_value(n)))
    by_suit = Counter(c.kind for c in cards if c.kind < 4)
    ranks = {(c.kind, c.rank) for c in cards if c.kind < 4}
    for kind in range(4):
        suit, length = SUIT_NAMES[kind], by_suit.get(kind, 0)
        steps += [(f"{FACE_NAMES[r]} of {suit}", v) for r, v in FACE.items() if (kind, r) in ranks]
        if (kind, 14) in ranks and (kind, 13) in ranks:
            steps.append((f"king and queen of {suit} together", KING_QUEEN))
        steps.append((f"long suit: {length} {suit}", LONG_SUIT.get(length, 9 + 2 * (length - 7) if length > 7 else 0)))
        if n >= 4:
            steps.append((f"void in {suit}" if length == 0 else f"singleton in {suit}",
                          VOID if length == 0 else SINGLETON if length == 1 else 0))
    steps = [(label, points) for label, points in steps if points]
    raw = sum(p for _, p in steps)
    size = RuleSet.for_players(players).hand_size
    if size != 18:  # the thresholds are for 18 cards
        steps.append((f"scaled from {size} cards to 18 (× 18/{size})", raw * 18 / size - raw))
    return steps


def wanted_contract(hand: Sequence[Card], *, players: int = 4) -> Contract | None:
    """The highest contract this hand is worth, or None (pass)."""
    s = hand_strength(hand, players=players)
    return next((c for need, c in THRESHOLDS if s >= need), None)


def choose_bid(hand: Sequence[Card], *, players: int, open_bids: Sequence) -> Contract | None:
    """Bid the contract the hand is worth when it is still open, else pass (None)."""
    want = wanted_contract(hand, players=players)
    if want is None:
        return None
    # Bid what the hand is worth; a lower contract would only be outbid by someone weaker.
    return want if want in [Contract.parse(c) for c in open_bids] else None


def choose_ecart(hand: Sequence[Card], *, players: int) -> list[Card]:
    """A legal, sensible écart from the taker's hand (dog included).

    Short suits without their king go first (to make voids, les coupes), the high cards of those
    suits before the low ones (their points are safe in the écart); a trump only when unavoidable.
    """
    size = RuleSet.for_players(players).dog_size
    pool = discardable(list(hand))
    length = Counter(c.kind for c in hand if c.kind < 4)
    kings = {c.kind for c in hand if c.is_king}
    # Suits without a king, shortest first; a suit with its king is kept (the king wants guards).
    order = sorted(pool, key=lambda c: (c.kind in kings, length[c.kind], c.kind, -c.points, -c.rank))
    chosen = order[:size]
    need = trumps_needed(list(hand), size)
    if need:
        low_trumps = sorted((c for c in hand if c.is_trump and not c.is_oudler), key=lambda c: c.rank)
        chosen = pool + low_trumps[:need]
    verdict = check_discard(list(hand), chosen, players=players)
    assert verdict.legal, verdict.reasons  # the rule above is the rule of the écart; a failure is a bug
    return chosen


def choose_call(hand: Sequence[Card]) -> Card:
    """5 players: call the king of the suit where the hand is longest (it guards the partner's lead).

    With all four kings the engine offers queens too; a card the hand does not hold is preferred.
    """
    options = callable_cards(list(hand))
    missing = [c for c in options if c not in hand] or options
    length = Counter(c.kind for c in hand if c.kind < 4)
    top = max(c.rank for c in missing)  # a king before a queen
    return max((c for c in missing if c.rank == top), key=lambda c: (length[c.kind], -c.kind))
