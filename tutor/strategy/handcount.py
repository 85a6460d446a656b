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
from dataclasses import dataclass

from ..engine import EXCUSE, PETIT, SUITS, TRUMP_21, Card, Contract, RuleSet, callable_cards, check_discard
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


@dataclass(frozen=True)
class CountStep:
    """One line of the hand count: what it is for, in the learner's words, and its points."""

    label: str
    points: float


@dataclass(frozen=True)
class HandCount:
    """The itemised count of a hand: each step, the raw sum, and the total scaled to an 18-card hand."""

    steps: tuple[CountStep, ...]
    raw: int
    hand_size: int

    def __iter__(self):  # the labelled steps, in order: ``for step in count_steps(hand)``
        return iter(self.steps)

    @property
    def total(self) -> float:
        return self.raw * 18 / self.hand_size

    @property
    def contract(self) -> Contract | None:
        """The highest contract the count reaches (None: pass)."""
        return next((c for need, c in THRESHOLDS if self.total >= need), None)

    def lines(self) -> tuple[tuple[str, float], ...]:
        """The steps as (label, points) that add up to ``total``: a last line scales a 3- or 5-player hand.

        >>> from tutor.engine import parse_cards as P
        >>> count_steps(P("T21 T18 T14 T11 T7 T4 T1 EX KH QH 8H 5H KS 4S 9C"), players=5).lines()[-1]
        ('scaled from 15 cards to 18 (× 18 / 15)', 13.4)
        """
        rows = tuple((s.label, s.points) for s in self.steps if s.points)
        if self.hand_size == 18:
            return rows
        scaled = f"scaled from {self.hand_size} cards to 18 (× 18 / {self.hand_size})"
        return (*rows, (scaled, round(self.total - self.raw, 2)))

    def explain(self) -> str:
        """The count in one paragraph, each step with its points (lessons and hints say the same).

        >>> from tutor.engine import parse_cards as P
        >>> count_steps(P("T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S QD 7D 3C JC")).explain()[:60]
        'The count: 7 trumps, 2 points each: 14; 1 big trump (16 to 2'
        """
        items = "; ".join(f"{s.label}: {s.points:g}" for s in self.steps)
        scaled = "" if self.hand_size == 18 else (f", scaled to 18 cards: {self.raw} × 18 / {self.hand_size} = "
                                                  f"{round(self.total, 2):g}")
        return f"The count: {items}. Total {self.raw}{scaled}. {threshold_text(self.total)}"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def count_steps(hand: Sequence[Card], *, players: int = 4) -> HandCount:
    """The hand count step by step: the one place the count is made (``hand_strength`` adds it up).

    >>> from tutor.engine import parse_cards as P
    >>> hc = count_steps(P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D"), players=4)
    >>> for s in hc.steps: print(f"{s.label}: {s.points:g}")
    9 trumps, 2 points each: 18
    2 big trumps (16 to 20), 1 more each: 2
    the 21: 10
    the Excuse: 8
    spades: the king: 6
    hearts: the king: 6
    hearts: the queen: 3
    hearts: king and queen together: 1
    diamonds: a singleton (with 4 or more trumps): 3
    clubs: a singleton (with 4 or more trumps): 3
    >>> hc.total, hc.contract.value
    (60.0, 'garde')
    """
    trumps = [c for c in hand if c.is_trump]
    n = len(trumps)
    steps: list[CountStep] = []

    def add(label: str, points: int) -> None:
        steps.append(CountStep(label, points))

    if n:
        add(f"{_plural(n, 'trump', 'trumps')}, {ONE_TRUMP} points each", n * ONE_TRUMP)
    big = sum(1 for c in trumps if 16 <= c.rank <= 20)
    if big:
        add(f"{_plural(big, 'big trump', 'big trumps')} (16 to 20), {BIG_TRUMP} more each", big * BIG_TRUMP)
    for oudler, points in OUDLER_POINTS.items():
        if oudler in hand:
            add("the 21" if oudler == TRUMP_21 else "the Excuse", points)
    if PETIT in hand:
        v = _petit_value(n)
        guard = f"with {_plural(n, 'trump', 'trumps')}"
        add(f"the Petit, {guard}" + ("" if v else f" (it needs at least {PETIT_BY_TRUMPS[-1][0]} to count)"), v)
    by_suit = Counter(c.kind for c in hand if c.kind < 4)
    ranks = {(c.kind, c.rank) for c in hand if c.kind < 4}
    for kind in range(4):
        suit = SUITS[kind].english
        length = by_suit.get(kind, 0)
        for r, v in FACE.items():
            if (kind, r) in ranks:
                add(f"{suit}: the {_FACE_NAMES[r]}", v)
        if (kind, 14) in ranks and (kind, 13) in ranks:
            add(f"{suit}: king and queen together", KING_QUEEN)
        long = LONG_SUIT.get(length, 9 + 2 * (length - 7) if length > 7 else 0)
        if long:
            add(f"{suit}: {length} cards, a long suit", long)
        if length == 0:
            add(f"{suit}: a void" + (" (with 4 or more trumps)" if n >= 4 else " (worth nothing with fewer than "
                                     "4 trumps to cut with)"), VOID if n >= 4 else 0)
        elif length == 1:
            add(f"{suit}: a singleton" + (" (with 4 or more trumps)" if n >= 4 else " (worth nothing with fewer "
                                          "than 4 trumps)"), SINGLETON if n >= 4 else 0)
        elif not long and not any((kind, r) in ranks for r in FACE):
            add(f"{suit}: {length} cards, nothing", 0)
    return HandCount(tuple(steps), sum(int(s.points) for s in steps), RuleSet.for_players(players).hand_size)


_FACE_NAMES = {14: "king", 13: "queen", 12: "knight", 11: "jack"}


def hand_strength(hand: Sequence[Card], *, players: int = 4) -> float:
    """The count of a hand, scaled to an 18-card hand (so the thresholds fit every table size)."""
    return count_steps(hand, players=players).total


_CONTRACT_WORDS = {Contract.PETITE: "a petite", Contract.GARDE: "a garde", Contract.GARDE_SANS: "a garde sans",
                   Contract.GARDE_CONTRE: "a garde contre"}


def shown_count(total: float) -> str:
    """A count as the learner reads it: never rounded across a threshold (40.8 is not "41").

    >>> shown_count(38), shown_count(40.8), shown_count(50.25), shown_count(41.0625)
    ('38', '40.8', '50.25', '41.06')
    """
    return f"{total:g}" if total == round(total, 2) else f"{total:.2f}"


def threshold_text(total: float) -> str:
    """Where a count stands against the bidding thresholds, in one sentence.

    >>> threshold_text(38)
    'Counts 38, under the 41 a petite needs: pass.'
    >>> threshold_text(60)
    'Counts 60: enough for a garde (56), under the 71 a garde sans needs.'
    >>> threshold_text(90.5)
    'Counts 90.5: enough for a garde contre (81).'
    """
    shown = shown_count(total)
    up = sorted(THRESHOLDS)  # lowest first
    reached = [(need, c) for need, c in up if total >= need]
    nxt = next(((need, c) for need, c in up if total < need), None)
    if not reached:
        return f"Counts {shown}, under the {nxt[0]} {_CONTRACT_WORDS[nxt[1]]} needs: pass."
    need, c = reached[-1]
    more = f", under the {nxt[0]} {_CONTRACT_WORDS[nxt[1]]} needs" if nxt else ""
    return f"Counts {shown}: enough for {_CONTRACT_WORDS[c]} ({need}){more}."


def count_scale() -> tuple[tuple[str, str], ...]:
    """The points of the count, as (what, points) rows in the learner's words, read from the tables above.

    >>> dict(count_scale())["each trump"]
    '2'
    """
    petit = ", ".join(f"{v} with {need}+ trumps" for need, v in PETIT_BY_TRUMPS)
    long = ", ".join(f"{n} cards: {v}" for n, v in LONG_SUIT.items())
    names = {TRUMP_21: "the 21", EXCUSE: "the Excuse"}
    return (("each trump", f"{ONE_TRUMP}"),
            ("each big trump (16 to 20)", f"{BIG_TRUMP} more"),
            *((names[c], f"{v}") for c, v in OUDLER_POINTS.items()),
            ("the Petit", f"{petit}; 0 with fewer (it would be caught)"),
            *((f"a {_FACE_NAMES[r]}", f"{v}") for r, v in FACE.items()),
            ("a king with its queen", f"{KING_QUEEN} more"),
            ("a long suit", f"{long}; 2 more for each card after 7"),
            ("a void (only with 4 or more trumps)", f"{VOID}"),
            ("a singleton (only with 4 or more trumps)", f"{SINGLETON}"),
            ("the bidding thresholds", ", ".join(f"{_CONTRACT_WORDS[c][2:]} {need}" for need, c in sorted(THRESHOLDS))),
            ("a 24-card (3 players) or 15-card (5 players) hand", "scaled to 18 cards: × 18 / 24 or × 18 / 15"))


def wanted_contract(hand: Sequence[Card], *, players: int = 4) -> Contract | None:
    """The highest contract this hand is worth, or None (pass)."""
    return count_steps(hand, players=players).contract


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
