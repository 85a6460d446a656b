"""Where everyone stands, and who deals: read off a sheet, as a club secretary does at the table.

Places follow the totals, highest first; players level on points share a place and the next place
is skipped (1, 1, 3), listed in seat order. The deal passes to the next seat after every deal
(play goes counter-clockwise, so "next" is the player on the dealer's right), counted from the seat
that dealt deal 1.

>>> [(s.place, s.name, s.total) for s in standings(("Ann", "Bob", "Cleo", "Dan"), (-70, 354, -70, -214))]
[(1, 'Bob', 354), (2, 'Ann', -70), (2, 'Cleo', -70), (4, 'Dan', -214)]
>>> dealer(("Ann", "Bob", "Cleo"), first=2, number=1), dealer(("Ann", "Bob", "Cleo"), first=2, number=3)
('Cleo', 'Bob')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    place: int  # from 1; equal totals share a place
    name: str
    total: int


def standings(players: Sequence[str], totals: Sequence[int]) -> tuple[Standing, ...]:
    """The ranking: highest total first, ties sharing a place (the next place skipped), in seat order."""
    order = sorted(range(len(players)), key=lambda i: -totals[i])  # stable: seat order among equals
    out: list[Standing] = []
    for rank, i in enumerate(order, 1):
        place = out[-1].place if out and out[-1].total == totals[i] else rank
        out.append(Standing(place, players[i], totals[i]))
    return tuple(out)


def dealer_seat(players: int, first: int, number: int) -> int:
    """The seat (from 0) that deals deal ``number`` (from 1), when seat ``first`` dealt deal 1.

    >>> [dealer_seat(4, 3, n) for n in (1, 2, 3, 4, 5)]
    [3, 0, 1, 2, 3]
    """
    return (first + number - 1) % players


def dealer(players: Sequence[str], first: int, number: int) -> str:
    """The name of who deals deal ``number``."""
    return players[dealer_seat(len(players), first, number)]


def first_dealer_for(players: int, next_seat: int, played: int) -> int:
    """The first dealer that makes seat ``next_seat`` deal after ``played`` deals: how a secretary
    corrects the dealer (a deal everyone passed is not on the sheet, but the deal still moved on).

    >>> first_dealer_for(4, next_seat=1, played=6), dealer_seat(4, 3, 7)
    (3, 1)
    """
    return (next_seat - played) % players
