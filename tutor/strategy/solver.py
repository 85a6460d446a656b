"""The double-dummy solver: the best play when every remaining card is known.

For each legal card of the seat to play it gives the taker's final score for the deal (what
``score_deal(...).taker`` says at the end) when both sides then play perfectly: the attack
maximises it, the defence minimises it. Ties in score are broken by card points (the attack wants
more, the defence fewer), so the attack's final points are well defined too.

The search is alpha-beta with a transposition table on bitmasks, at the start of each trick.
It is exact: low cards of one kind that lie next to each other among the cards still in play and
sit in one hand are interchangeable (nothing can tell them apart), so only one of them is searched.
The final position is scored by the engine's ``score_deal`` itself, after the engine's half-point rule.

>>> from tutor.strategy.position import Position
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

from ..engine.cards import CARDS, Card
from ..engine.errors import TarotError
from ..engine.play import KIND_MASKS, legal_mask, trick_state
from ..engine.scoring import score_deal, settle_half_point
from .position import Position, PositionError
from .tricks import ATTACK_ONLY, DEFENCE_ONLY, KIND, POINTS2, RANK, settle_trick, sweep_of

# The exact range: at most this many cards in the hands (6, 4 and 4 tricks). bench/solver.py measured
# these as the deepest whose slowest position took under 1 s of CPU (medians 0.04, 0.01, 0.04 s).
EXACT_CARDS = {3: 18, 4: 16, 5: 20}
INF = 10**9
SCALE = 256  # value = taker score * SCALE + attack half points (always below 256)
PETIT_INDEX = 56
# Cards worth a half point and not an oudler: neighbours among them are interchangeable.
_PLAIN_LOW = tuple(POINTS2[i] == 1 and not CARDS[i].is_oudler for i in range(78))
_BELOW = tuple((1 << i) - 1 for i in range(78))
_KIND_MASK = tuple(KIND_MASKS[KIND[i]] for i in range(78))


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
        raise PositionError("the deal is over: there is no card left to play")
    if limit and not in_exact_range(position):
        raise BeyondRange(
            f"this position has {position.cards_left} cards left; the solver is exact up to "
            f"{EXACT_CARDS[position.players]} with {position.players} players (use --estimate for an estimate)")
    start = time.perf_counter()
    search = _Search(position)
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
        raise PositionError("the first trick of a 5-player deal depends on the called king, which a position "
                            "does not give: start from the second trick")
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
    search = _Search(p)
    seat = p.to_play
    led, top = trick_state(p.trick)
    legal = legal_mask(p.masks[seat], led, top) if p.trick else p.masks[seat]
    return CARDS[search._moves(legal, len(p.trick), seat, led, top, None)[0]]


def value(position: Position) -> CardValue:
    """The position's value with perfect play (the best card's)."""
    return solve(position).value


def _card_value(v: int) -> CardValue:
    score, points2 = divmod(v, SCALE)
    return CardValue(score, points2 / 2)


class _Search:
    """Alpha-beta over the rest of the deal; values are ``taker score * SCALE + attack half points``."""

    def __init__(self, p: Position):
        self.p = p
        self.n = n = p.players
        self.att = tuple(p.is_attack(s) for s in range(n))
        self.hands = list(p.masks)
        self.tc = [c.index for c in p.trick] + [0] * (n - len(p.trick))
        self.base2 = int(round(p.attack_points * 2))
        self.base_oudlers = p.attack_oudlers
        self.sweep0 = sweep_of(p.attack_tricks, p.defence_tricks)
        self.pprev0 = _petit_previous(p)
        self.tt: dict = {}
        self.leaf_cache: dict = {}
        self.nodes = 0
        self.seats = {lead: [(lead + i) % n for i in range(n)] for lead in range(n)}

    # ------------------------------------------------------------ root

    def root_values(self) -> dict:
        p = self.p
        seat = p.to_play
        led, top = trick_state(p.trick)
        legal = legal_mask(self.hands[seat], led, top) if p.trick else self.hands[seat]
        out = {}
        for i in self._moves(legal, len(p.trick), seat, led, top, None, collapse=False):
            out[CARDS[i]] = self._after(seat, i, p.leader, len(p.trick), led, top, 0, 0, self.sweep0, self.pprev0,
                                        p.tricks_left, -INF, INF)
        return out

    def principal_line(self, first: Card) -> list[tuple[int, Card]]:
        """A perfect line of play from the root, starting with ``first``, to the end of the deal."""
        line = []
        pos, card = self.p, first
        while True:
            line.append((pos.to_play, card))
            pos = pos.play(card)
            if pos.cards_left == 0:
                return line
            values = _Search(pos).root_values()
            pick = max if pos.is_attack(pos.to_play) else min
            card = pick(sorted(values, key=lambda c: c.sort_key), key=values.__getitem__)

    # ------------------------------------------------------------ search

    def _after(self, seat, i, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        """Value after ``seat`` plays card ``i`` as the ``ntrick``-th card of the trick."""
        hands = self.hands
        hand = hands[seat]
        hands[seat] = hand ^ (1 << i)
        self.tc[ntrick] = i
        k = KIND[i]
        if k == 4:
            if RANK[i] > top:
                top = RANK[i]
            if led < 0:
                led = 4
        elif led < 0 and k != 5:
            led = k
        if ntrick + 1 == self.n:
            v = self._finish(leader, pts, oud, sweep, pprev, left, alpha, beta)
        else:
            v = self._node(leader, ntrick + 1, led, top, pts, oud, sweep, pprev, left, alpha, beta)
        hands[seat] = hand
        return v

    def _node(self, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        self.nodes += 1
        key = None
        tt_move = None
        if ntrick == 0:
            key = (*self.hands, leader, pts, oud, sweep, pprev if left == 1 else 0)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, tt_move = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        a0, b0 = alpha, beta
        seat = (leader + ntrick) % self.n
        hand = self.hands[seat]
        legal = legal_mask(hand, led, top) if ntrick else hand
        maximise = self.att[seat]
        best = -INF if maximise else INF
        best_move = None
        for i in self._moves(legal, ntrick, seat, led, top, tt_move):
            v = self._after(seat, i, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta)
            if maximise:
                if v > best:
                    best, best_move = v, i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best, best_move = v, i
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            if best <= a0:
                self.tt[key] = (-INF, best, best_move)
            elif best >= b0:
                self.tt[key] = (best, INF, best_move)
            else:
                self.tt[key] = (best, best, best_move)
        return best

    def _finish(self, leader, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        """The trick is full: settle it, then go on with the next one (or score the deal)."""
        seats = self.seats[leader]
        last = left == 1
        out = settle_trick(self.tc, seats, self.att, last, sweep)
        pts += out.points2
        oud += out.oudlers
        petit_here = PETIT_INDEX in self.tc
        win_att = self.att[out.winner]
        if last:
            if petit_here:
                pab = "attack" if win_att else "defence"
            elif out.excuse_won and pprev:
                pab = "attack" if pprev == 1 else "defence"
            else:
                pab = None
            return self._leaf(pts, oud, pab, out.sweep)
        nprev = (1 if win_att else 2) if petit_here else 0
        saved, self.tc = self.tc, [0] * self.n  # the next trick must not overwrite this one's cards
        v = self._node(out.winner, 0, -1, 0, pts, oud, out.sweep, nprev, left - 1, alpha, beta)
        self.tc = saved
        return v

    def _leaf(self, pts, oud, pab, sweep) -> int:
        key = (pts, oud, pab, sweep)
        v = self.leaf_cache.get(key)
        if v is None:
            v = self.leaf_cache[key] = self._score(pts, oud, pab, sweep)
        return v

    def _score(self, pts, oud, pab, sweep) -> int:
        p = self.p
        points2 = self.base2 + pts
        oudlers = self.base_oudlers + oud
        if sweep & ATTACK_ONLY:
            chelem = "announced_made" if p.chelem_announced else "made"
        elif p.chelem_announced:
            chelem = "announced_failed"
        elif sweep & DEFENCE_ONLY:
            chelem = "defence"
        else:
            chelem = None
        counted = settle_half_point(p.players, points2 / 2, oudlers)[0]
        try:
            score = score_deal(players=p.players, contract=p.contract, taker_points=counted, oudlers=oudlers,
                               petit_au_bout=pab, poignees=p.poignees, chelem=chelem, alone=p.alone)
        except TarotError as err:
            raise PositionError(f"taken does not fit the cards left: {err}") from None
        return score.taker * SCALE + points2

    def _moves(self, legal, ntrick, seat, led, top, tt_move, collapse=True) -> list[int]:
        """The cards to search, one per class of interchangeable cards, likely best first."""
        live = 0
        for h in self.hands:
            live |= h
        for j in range(ntrick):
            live |= 1 << self.tc[j]
        out = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            if _PLAIN_LOW[i]:
                below = live & _BELOW[i] & _KIND_MASK[i]
                if below:
                    j = below.bit_length() - 1
                    if legal >> j & 1 and _PLAIN_LOW[j] and collapse:
                        continue  # the next card down is the same card for every purpose
            out.append(i)
        if len(out) > 1:
            out.sort(key=self._order_key(ntrick, seat, led, top))
            if tt_move in out:
                out.remove(tt_move)
                out.insert(0, tt_move)
        return out

    def _order_key(self, ntrick, seat, led, top):
        if ntrick == 0:
            return lambda i: (-RANK[i], -POINTS2[i])
        # Following: when an opponent is winning, try winning cards first; else give points.
        cards = self.tc[:ntrick]
        seats = self.seats[(seat - ntrick) % self.n][:ntrick]
        want = 4 if top else led
        w = max((j for j in range(ntrick) if KIND[cards[j]] == want), key=lambda j: RANK[cards[j]], default=0)
        partner_winning = self.att[seats[w]] == self.att[seat]
        if partner_winning:
            return lambda i: (-POINTS2[i], RANK[i])
        return lambda i: (-(KIND[i] == 4 or KIND[i] == led), -POINTS2[i], RANK[i])


def _petit_previous(p: Position) -> int:
    """The camp (1 attack, 2 defence) that won the Petit in the previous trick, as far as it can matter:
    the Excuse wins the last trick only for a camp that won every trick, that one included."""
    if not p.petit_in_previous_trick:
        return 0
    return 1 if p.defence_tricks == 0 else 2 if p.attack_tricks == 0 else 0


__all__ = ["solve", "estimate", "value", "Solution", "CardValue", "BeyondRange", "EXACT_CARDS", "in_exact_range"]
