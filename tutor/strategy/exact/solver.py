"""The double-dummy solver: the best play when every remaining card is known.

For each legal card of the seat to play it gives the taker's final score for the deal (what
``score_deal(...).taker`` says at the end) when both sides then play perfectly: the attack
maximises it, the defence minimises it. Ties in score are broken by card points (the attack wants
more, the defence fewer), so the attack's final points are well defined too.

The search (``search.py``) is zero-window alpha-beta (MTD(f)) with a transposition table of bounds on
bitmasks, at the start of each trick, and quick bounds from the points still in play. It is exact: low
cards of one kind that lie next to each other among the cards still in play and sit in one hand are
interchangeable (nothing can tell them apart), so only one of them is searched. The final position is
scored by the engine's ``score_deal`` itself, after the engine's half-point rule.

>>> from tutor.strategy.exact.position import Position
>>> p = Position.parse('''
... players: 4
... contract: petite
... taker: 2
... hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
... trick: {leader: 2, cards: ""}
... taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
... ''')
>>> s = solve(p, line=True)
>>> [(str(c), v.taker_score, v.attack_points) for c, v in s.cards.items()]  # keep the Petit for the end
[('T7', 111, 43.0), ('T1', 81, 43.0)]
>>> [str(c) for c in s.best], s.exact, " ".join(str(c) for _, c in s.line)
(['T7'], True, 'T7 JC CS QC T1 9C CH 7C')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ...engine.cards import CARDS, Card
from ...engine.play import legal_mask
from ...engine.words import N_, Text
from .position import Position, PositionError
from .search import SCALE, Search

# The exact range: at most this many cards in the hands (8, 6 and 5 tricks). bench/solver.py measured these
# as the deepest whose slowest of 20 bot-played positions took under 2 s of CPU (README "Speed and the exact
# range"; with 3 players the last 8 tricks since the canonical table keys and masters-first leads).
EXACT_CARDS = {3: 24, 4: 24, 5: 25}


class BeyondRange(PositionError):
    """The position has more cards than the solver can search exactly in good time."""


@dataclass(frozen=True)
class CardValue:
    """What one card yields with perfect play afterwards."""

    taker_score: int
    attack_points: float


@dataclass(frozen=True)
class Solution:
    """The solver's answer for the seat to play (``to_play`` counts from 0, like the engine's seats)."""

    position: Position
    to_play: int
    cards: dict  # Card -> CardValue, best card first for the side to play
    best: tuple[Card, ...]  # every card that ties for the best score, for the side to play
    exact: bool = True
    nodes: int = 0
    seconds: float = 0.0
    line: tuple[tuple[int, Card], ...] = field(default=())  # (seat, card): a perfect line after best[0]

    @property
    def value(self) -> CardValue:
        """The position's value: what the best card yields."""
        return self.cards[self.best[0]]

    def to_json(self) -> dict:
        """The stable JSON form of ``tarot-tutor solve --json`` (seats 1..players)."""
        return {"to_play": self.to_play + 1,
                "cards": {c.code: {"taker_score": v.taker_score, "attack_points": v.attack_points}
                          for c, v in self.cards.items()},
                "best": [c.code for c in self.best], "exact": self.exact}


def in_exact_range(position: Position) -> bool:
    return position.cards_left <= EXACT_CARDS[position.players]


def solve(position: Position, *, line: bool = False, limit: bool = True) -> Solution:
    """Every legal card's value with perfect play. Raises BeyondRange outside the exact range
    (unless ``limit=False``: exact still, but it may take very long)."""
    if position.cards_left == 0:
        raise PositionError(Text(N_("the deal is over: there is no card left to play")))
    if limit and not in_exact_range(position):
        raise BeyondRange(Text(
            N_("this position has {n} cards left; the solver is exact up to {most} with {players} players "
               "(use --estimate for an estimate)"),
            n=position.cards_left, most=EXACT_CARDS[position.players], players=position.players))
    start = time.perf_counter()
    search = Search(position)
    values = search.root_values()
    maximise = position.is_attack(position.to_play)
    order = sorted(values, key=lambda c: (-values[c] if maximise else values[c], c.sort_key))
    cards = {c: _card_value(values[c]) for c in order}
    top = cards[order[0]].taker_score
    best = tuple(c for c in order if cards[c].taker_score == top)
    pv = tuple(search.principal_line(best[0])) if line else ()
    return Solution(position, position.to_play, cards, best, True, search.nodes,
                    time.perf_counter() - start, pv)


def estimate(position: Position) -> Solution:
    """Beyond the exact range: each legal card, then plain play (the solver's move ordering: lead high,
    win a trick an opponent holds, load a partner's trick) down to the exact range, then the exact
    solver. Labelled ``exact=False``: it is a guess at perfect play, not a proof."""
    if in_exact_range(position):
        return solve(position)
    if position.players == 5 and position.attack_tricks + position.defence_tricks == 0:
        raise PositionError(Text(N_("the first trick of a 5-player deal depends on the called king, which a "
                                    "position does not give: start from the second trick")))
    start = time.perf_counter()
    values, nodes = {}, 0
    for card in position.legal():
        pos = position.play(card)
        while not in_exact_range(pos):
            pos = pos.play(_plain_card(pos))
        s = solve(pos)
        values[card] = s.value.taker_score * SCALE + int(s.value.attack_points * 2)
        nodes += s.nodes
    maximise = position.is_attack(position.to_play)
    order = sorted(values, key=lambda c: (-values[c] if maximise else values[c], c.sort_key))
    cards = {c: _card_value(values[c]) for c in order}
    best = tuple(c for c in order if cards[c].taker_score == cards[order[0]].taker_score)
    return Solution(position, position.to_play, cards, best, False, nodes, time.perf_counter() - start)


def _plain_card(p: Position) -> Card:
    """The card the solver's move ordering tries first (no search)."""
    search = Search(p)
    leader, ntrick, led, top, win, *_, left, live, _rem = search.root
    legal = legal_mask(p.masks[p.to_play], led, top) if ntrick else p.masks[p.to_play]
    return CARDS[search._moves(legal, leader, ntrick, led, top, win, live, search.tcs[left], -1)[0]]


def value(position: Position) -> CardValue:
    """The position's value with perfect play (the best card's)."""
    return solve(position).value


def _card_value(v: int) -> CardValue:
    score, points2 = divmod(v, SCALE)
    return CardValue(score, points2 / 2)


__all__ = ["solve", "estimate", "value", "Solution", "CardValue", "BeyondRange", "EXACT_CARDS", "in_exact_range"]
