"""How seats are named to a learner, and the picture of the table.

Inside the engine seats are 0..N-1 in play order, counter-clockwise. A learner never sees seat 0:
every text says ``seat 1`` .. ``seat N`` (the same order, counted from 1), and a question that turns
on who sits where shows the table: the seats around it in play order, the dealer marked.

>>> seat_label(0), seat_label(3, capital=True)
('seat 1', 'Seat 4')
>>> [p.label for p in table_picture(4, dealer=2).seats]
['Seat 1', 'Seat 2', 'Seat 3 (dealer)', 'Seat 4']
>>> table_picture(4, dealer=2).first_to_speak
3
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .words import N_, Text


def seat_label(seat: int, *, capital: bool = False) -> str:
    """The learner's name for engine seat ``seat``: counted from 1, in play order."""
    return Text(N_("Seat {n}") if capital else N_("seat {n}"), n=seat + 1)


@dataclass(frozen=True)
class SeatSpot:
    """One seat of the picture: where it sits (x, y in -1..1, y up) and what to write there."""

    seat: int
    name: str  # "Seat 2" or a practice name ("Anna")
    x: float
    y: float
    dealer: bool
    note: str = ""  # "you", "taker", ...

    @property
    def label(self) -> str:
        if self.dealer:
            return Text(N_("{name} (dealer, {note})") if self.note else N_("{name} (dealer)"), name=self.name,
                        note=self.note)
        return Text("{name} ({note})", name=self.name, note=self.note) if self.note else self.name


@dataclass(frozen=True)
class TablePicture:
    """The seats around the table, in play order (counter-clockwise), the dealer marked."""

    players: int
    dealer: int
    seats: tuple[SeatSpot, ...]

    @property
    def first_to_speak(self) -> int:
        """The player on the dealer's right speaks and leads first."""
        return (self.dealer + 1) % self.players

    def text(self) -> str:
        """One line, for plain-text output: 'Play goes counter-clockwise: Seat 1 → Seat 2 (dealer) → …'."""
        chain = self.seats[0].label
        for s in self.seats[1:]:
            chain = Text("{a} → {b}", a=chain, b=s.label)
        return Text(N_("Play goes counter-clockwise: {seats}."), seats=chain)


def seat_spots(players: int, *, bottom: int = 0) -> tuple[tuple[float, float], ...]:
    """Where each seat sits around the table seen from above: (x, y) on the unit circle, y up, in play order.

    The one seat geometry of the app: the table picture and the card table both place their seats from it.
    ``bottom`` (the learner, when there is one) sits at the bottom; counter-clockwise seen from above, each
    next seat in play order is a step to the right of the one before.

    >>> seat_spots(4)
    ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
    >>> seat_spots(4, bottom=2)[2], seat_spots(4, bottom=2)[3]
    ((0.0, -1.0), (1.0, 0.0))
    """
    out = []
    for seat in range(players):
        angle = -math.pi / 2 + 2 * math.pi * ((seat - bottom) % players) / players
        out.append((round(math.cos(angle), 3) + 0.0, round(math.sin(angle), 3) + 0.0))  # + 0.0: no -0.0
    return tuple(out)


def table_picture(players: int, dealer: int, *, names=None, notes: dict | None = None,
                  bottom: int = 0) -> TablePicture:
    """The table seen from above with ``bottom`` at the bottom; seats go counter-clockwise in play order.

    ``names`` (one per seat) replaces "Seat N"; ``notes`` maps a seat to a word ("you", "taker").
    """
    if not 0 <= dealer < players:
        raise ValueError(f"no seat {dealer + 1} at a {players}-player table")
    notes = notes or {}
    spots = []
    for seat, (x, y) in enumerate(seat_spots(players, bottom=bottom)):
        name = names[seat] if names else seat_label(seat, capital=True)
        spots.append(SeatSpot(seat, name, x, y, seat == dealer, notes.get(seat, "")))
    return TablePicture(players, dealer, tuple(spots))
