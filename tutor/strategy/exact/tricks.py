"""One finished trick, counted for the attack: the winner, the points and oudlers won, the Excuse's fate.

This is the engine's count (``tutor.engine.piles.count_attack`` and ``Deal._do_play``) done one trick
at a time on card indices, so the solver can add it up as it searches. The Excuse rules are the
engine's: its owner keeps it and hands over a half-point card; in the last trick it changes camp,
except that it wins the last trick for a side that took every trick before (a chelem), and stays
with its owner against a chelem. Tests check the sum against ``Deal.result()`` on played deals.

>>> from tutor.engine import parse_cards
>>> att = (True, False, False, False)
>>> t = settle_trick([c.index for c in parse_cards("KH 2H EX 3H")], [0, 1, 2, 3], att, False, BOTH)
>>> t.winner, t.points2, t.oudlers   # the attack wins KH 2H 3H and a half point for the Excuse
(0, 12, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import CARDS, EXCUSE_INDEX, EXCUSE_KIND, TRUMP_KIND
from ...engine.piles import EXCHANGE_POINTS

# Which camps have won no trick so far: a chelem is still possible for them.
ATTACK_ONLY = 1  # the defence has won no trick
DEFENCE_ONLY = 2  # the attack has won no trick
BOTH = ATTACK_ONLY | DEFENCE_ONLY  # no trick over yet

POINTS2 = tuple(int(c.points * 2) for c in CARDS)  # card points in half points
OUDLER = tuple(1 if c.is_oudler else 0 for c in CARDS)
KIND = tuple(c.kind for c in CARDS)
RANK = tuple(c.rank for c in CARDS)
EXCHANGE2 = int(EXCHANGE_POINTS * 2)
EXCUSE2 = POINTS2[EXCUSE_INDEX]


def sweep_of(attack_tricks: int, defence_tricks: int) -> int:
    """The sweep flags after these tricks."""
    return (ATTACK_ONLY if defence_tricks == 0 else 0) | (DEFENCE_ONLY if attack_tricks == 0 else 0)


def swept(sweep: int, attack: bool) -> bool:
    """True when that camp has won every trick so far (vacuously, before any trick)."""
    return bool(sweep & (ATTACK_ONLY if attack else DEFENCE_ONLY))


@dataclass(frozen=True)
class TrickOutcome:
    winner: int  # seat
    points2: int  # half points won by the attack in this trick (Excuse exchange included)
    oudlers: int  # oudlers won by the attack
    excuse_won: bool  # the Excuse won the last trick of a chelem
    sweep: int  # the sweep flags after this trick


def settle_trick(cards: list[int], seats: list[int], att: tuple[bool, ...], last: bool, sweep: int) -> TrickOutcome:
    """Count one full trick (card indices in play order, their seats) for the attack."""
    exc = cards.index(EXCUSE_INDEX) if EXCUSE_INDEX in cards else -1
    owner_att = att[seats[exc]] if exc >= 0 else False
    excuse_wins = last and exc >= 0 and swept(sweep, owner_att)
    if excuse_wins:
        w = exc
    else:
        led, top = -1, 0
        for i in cards:
            k = KIND[i]
            if led < 0 and k != EXCUSE_KIND:
                led = k
            if k == TRUMP_KIND and RANK[i] > top:
                top = RANK[i]
        want = TRUMP_KIND if top else led
        w, best = -1, -1
        for j, i in enumerate(cards):
            if KIND[i] == want and RANK[i] > best:
                w, best = j, RANK[i]
    winner = seats[w]
    win_att = att[winner]
    points2 = oudlers = 0
    if win_att:
        for i in cards:
            if i != EXCUSE_INDEX:
                points2 += POINTS2[i]
                oudlers += OUDLER[i]
    new_sweep = sweep & (ATTACK_ONLY if win_att else DEFENCE_ONLY)
    if exc >= 0:
        if excuse_wins:
            goes_att = owner_att
        elif last and not swept(new_sweep, win_att):
            goes_att = not owner_att  # the last trick: the Excuse changes camp, no card comes back
        else:
            goes_att = owner_att
            if win_att != owner_att:  # the owner keeps it and hands over a half-point card
                points2 += -EXCHANGE2 if owner_att else EXCHANGE2
        if goes_att:
            points2 += EXCUSE2
            oudlers += 1
    return TrickOutcome(winner, points2, oudlers, excuse_wins, new_sweep)
