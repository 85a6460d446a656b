"""A line of play cut into tricks: what the card table shows step by step (issue 24, "Showing the play").

A solver line is a run of (seat, card) from a position; a learner reads it a trick at a time, each
trick's cards in front of the seats that played them (the cards already on the table included), who
won it, and the hands left after it. Pure: the UI's stepper only draws these.

>>> from tutor.engine import parse_card as P
>>> p = Position.parse('''
... players: 3
... contract: petite
... taker: 1
... hands: {1: KH 2H, 2: 3H 4H, 3: T1 5H}
... trick: {leader: 1, cards: ""}
... taken: {attack_points: 50, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 10}
... ''')
>>> ts = line_tricks(p, [(0, P("KH")), (1, P("3H")), (2, P("5H")), (0, P("2H")), (1, P("4H")), (2, P("T1"))])
>>> [(t.number, [c.code for _, c in t.plays], t.winner) for t in ts]
[(23, ['KH', '3H', '5H'], 0), (24, ['2H', '4H', 'T1'], 2)]
>>> ts[0].hands_after[0], ts[-1].attack_points
((Card('2H'),), 55.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...engine import PETIT, Card
from .position import Position


@dataclass(frozen=True)
class LineTrick:
    number: int  # the trick's number in the deal, from 1
    leader: int  # the seat that led it (from 0)
    plays: tuple[tuple[int, Card], ...]  # (seat, card) in the order played, the cards already on the table first
    winner: int | None  # the seat that won it (from 0); None when the line stops inside the trick
    hands_after: tuple[tuple[Card, ...], ...]  # every seat's cards once the trick is played
    attack_points: float  # the attack's card points once the trick is played


def line_tricks(position: Position, line: Iterable[tuple[int, Card]]) -> list[LineTrick]:
    """``line`` (seats from 0, each card legal in turn) from ``position``, one ``LineTrick`` per trick."""
    pos = position
    out: list[LineTrick] = []
    plays = [((pos.leader + i) % pos.players, c) for i, c in enumerate(pos.trick)]
    leader = pos.leader
    for seat, card in line:
        if seat != pos.to_play:
            raise ValueError(f"seat {seat + 1} plays out of turn: seat {pos.to_play + 1} is to play")
        plays.append((seat, card))
        pos = pos.play(card)
        if not pos.trick:
            out.append(LineTrick(pos.attack_tricks + pos.defence_tricks, leader, tuple(plays), pos.leader,
                                 pos.hands, pos.attack_points))
            plays, leader = [], pos.leader
    if plays:
        out.append(LineTrick(pos.attack_tricks + pos.defence_tricks + 1, leader, tuple(plays), None, pos.hands,
                             pos.attack_points))
    return out


def petit_saved(position: Position, line: Iterable[tuple[int, Card]]) -> bool | None:
    """Does the side holding the Petit win the trick it falls in, along ``line``? None if it is not played."""
    holder = next((s for s, h in enumerate(position.hands) if PETIT in h), None)
    if holder is None:
        return None
    for t in line_tricks(position, line):
        if any(c is PETIT for _, c in t.plays) and t.winner is not None:
            return position.is_attack(t.winner) == position.is_attack(holder)
    return None


__all__ = ["LineTrick", "line_tricks", "petit_saved"]
