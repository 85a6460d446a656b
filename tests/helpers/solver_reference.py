"""The solver as it was before the zero-window search (full-window alpha-beta, a table of exact values and
bounds per trick start, one low card per run): the reference the faster search must agree with, card for card.

It shares only the trick count (``tricks.settle_trick``, itself checked against ``Deal.result()``) and the
engine's ``score_deal`` with the solver; its search, bounds, move order and table are its own.
"""

from __future__ import annotations

from tutor.engine.cards import CARDS
from tutor.engine.play import KIND_MASKS, legal_mask, trick_state
from tutor.engine.scoring import score_deal, settle_half_point
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.tricks import ATTACK_ONLY, DEFENCE_ONLY, KIND, POINTS2, RANK, settle_trick, sweep_of

INF = 10**9
SCALE = 256
PETIT_INDEX = 56
_PLAIN_LOW = tuple(POINTS2[i] == 1 and not CARDS[i].is_oudler for i in range(78))
_BELOW = tuple((1 << i) - 1 for i in range(78))
_KIND_MASK = tuple(KIND_MASKS[KIND[i]] for i in range(78))


def reference_values(p: Position) -> dict:
    """Card -> (taker score, attack points) for every legal card, with perfect play afterwards."""
    values = _Search(p).root_values()
    return {c: (v // SCALE, (v % SCALE) / 2) for c, v in values.items()}


class _Search:
    def __init__(self, p: Position):
        self.p = p
        self.n = n = p.players
        self.att = tuple(p.is_attack(s) for s in range(n))
        self.hands = list(p.masks)
        self.tc = [c.index for c in p.trick] + [0] * (n - len(p.trick))
        self.base2 = int(round(p.attack_points * 2))
        self.base_oudlers = p.attack_oudlers
        self.sweep0 = sweep_of(p.attack_tricks, p.defence_tricks)
        self.pprev0 = 0 if not p.petit_in_previous_trick else (
            1 if p.defence_tricks == 0 else 2 if p.attack_tricks == 0 else 0)
        self.tt: dict = {}
        self.seats = {lead: [(lead + i) % n for i in range(n)] for lead in range(n)}

    def root_values(self) -> dict:
        p = self.p
        seat = p.to_play
        led, top = trick_state(p.trick)
        legal = legal_mask(self.hands[seat], led, top) if p.trick else self.hands[seat]
        out = {}
        m = legal
        while m:  # every legal card, no class shortcut at the root
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            out[CARDS[i]] = self._after(seat, i, p.leader, len(p.trick), led, top, 0, 0, self.sweep0, self.pprev0,
                                        p.tricks_left, -INF, INF)
        return out

    def _after(self, seat, i, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        hand = self.hands[seat]
        self.hands[seat] = hand ^ (1 << i)
        self.tc[ntrick] = i
        k = KIND[i]
        if k == 4:
            top = max(top, RANK[i])
            if led < 0:
                led = 4
        elif led < 0 and k != 5:
            led = k
        if ntrick + 1 == self.n:
            v = self._finish(leader, pts, oud, sweep, pprev, left, alpha, beta)
        else:
            v = self._node(leader, ntrick + 1, led, top, pts, oud, sweep, pprev, left, alpha, beta)
        self.hands[seat] = hand
        return v

    def _node(self, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        key = None
        if ntrick == 0:
            key = (*self.hands, leader, pts, oud, sweep, pprev if left == 1 else 0)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        seat = (leader + ntrick) % self.n
        legal = legal_mask(self.hands[seat], led, top) if ntrick else self.hands[seat]
        maximise = self.att[seat]
        best = -INF if maximise else INF
        for i in self._moves(legal, ntrick):
            v = self._after(seat, i, leader, ntrick, led, top, pts, oud, sweep, pprev, left, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            self.tt[key] = (-INF, best) if best <= a0 else (best, INF) if best >= b0 else (best, best)
        return best

    def _finish(self, leader, pts, oud, sweep, pprev, left, alpha, beta) -> int:
        last = left == 1
        out = settle_trick(self.tc, self.seats[leader], self.att, last, sweep)
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
            return self._score(pts, oud, pab, out.sweep)
        nprev = (1 if win_att else 2) if petit_here else 0
        saved, self.tc = self.tc, [0] * self.n
        v = self._node(out.winner, 0, -1, 0, pts, oud, out.sweep, nprev, left - 1, alpha, beta)
        self.tc = saved
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
        score = score_deal(players=p.players, contract=p.contract, taker_points=counted, oudlers=oudlers,
                           petit_au_bout=pab, poignees=p.poignees, chelem=chelem, alone=p.alone)
        return score.taker * SCALE + points2

    def _moves(self, legal, ntrick) -> list[int]:
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
                    if legal >> j & 1 and _PLAIN_LOW[j]:
                        continue
            out.append(i)
        return out
