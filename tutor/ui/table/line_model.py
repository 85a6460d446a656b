"""A line of play on the card table, one trick per step (issue 24): what the stepper shows, pure.

Each step is a whole trick (``tutor.strategy.exact.lines``): its cards in front of the seats that played them,
every hand as it is once the trick is played, the winner named, and the trick in words under the table
(seats counted from 1, cards by name, never by code).

>>> from tutor.strategy import Position
>>> from tutor.engine import parse_card as P
>>> p = Position.parse('''
... players: 3
... contract: petite
... taker: 1
... hands: {1: KH 2H, 2: 3H 4H, 3: T1 5H}
... trick: {leader: 1, cards: ""}
... taken: {attack_points: 50, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 10}
... ''')
>>> steps = line_steps(p, [(0, P("KH")), (1, P("3H")), (2, P("5H")), (0, P("2H")), (1, P("4H")), (2, P("T1"))])
>>> steps[0].words
'Trick 23: you (seat 1) K♥, seat 2 3♥, seat 3 5♥. You win it.'
>>> steps[1].view.trick_label, [c.code for c in steps[1].view.hand]
('Trick 24 of 24: seat 3 wins', [])
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Card
from ...i18n import _
from ...strategy.exact.lines import LineTrick, line_tricks
from ..common.text import card_short
from .table_model import Seat, TableView, role_word, seat_label, you_at, your_hand


@dataclass(frozen=True)
class LineStep:
    trick: LineTrick
    view: TableView  # the table once the trick is played (mode "view": nothing to click)
    words: str  # the trick in words, for the caption and for screen readers


def _who(seat: int, you: int, *, capital: bool = False) -> str:
    if seat == you:
        return you_at(seat) if capital else _("you (seat {n})").format(n=seat + 1)
    return seat_label(seat) if capital else _lower(seat_label(seat))


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def trick_words(t: LineTrick, you: int) -> str:
    """"Trick 16: seat 3 trump 19, you (seat 4) K♥, …. Seat 3 wins it." (``Card.short``, the course's way)"""
    plays = ", ".join(f"{_who(s, you)} {card_short(c)}" for s, c in t.plays)
    if t.winner is None:
        return _("Trick {n}: {plays}.").format(n=t.number, plays=plays)
    won = _("You win it.") if t.winner == you else _("{who} wins it.").format(who=_who(t.winner, you, capital=True))
    return _("Trick {n}: {plays}.").format(n=t.number, plays=plays) + f" {won}"


def line_steps(position, line: list[tuple[int, Card]], *, you: int | None = None) -> list[LineStep]:
    """One step per trick of ``line`` (seats from 0) from ``position`` (a ``tutor.strategy.Position``);
    ``you`` is the learner's seat (the seat to play by default), drawn at the bottom of the table."""
    you = position.to_play if you is None else you
    n = position.players
    total = position.attack_tricks + position.defence_tricks + position.tricks_left

    def role(s: int) -> str:
        return "taker" if s == position.taker else "partner" if s == position.partner else "defence"

    out = []
    for t in line_tricks(position, line):
        names = [you_at(s) if s == you else seat_label(s) for s in range(n)]
        seats = tuple(Seat(names[s], role(s), cards_left=len(t.hands_after[s]), you=s == you) for s in range(n))
        others = [(you + k) % n for k in range(1, n)]
        groups = tuple((f"{seat_label(s)} ({role_word(role(s))})", tuple(t.hands_after[s])) for s in others)
        of_total = _("Trick {n} of {total}").format(n=t.number, total=total)
        won = "" if t.winner is None else (_(": you win") if t.winner == you else
                                           _(": {who} wins").format(who=_lower(seat_label(t.winner))))
        view = TableView(mode="view", hand=tuple(t.hands_after[you]), seats=seats, trick=t.plays, groups=groups,
                         hand_label=your_hand(you, role(you)), trick_label=of_total + won)
        out.append(LineStep(t, view, trick_words(t, you)))
    return out


__all__ = ["LineStep", "line_steps", "trick_words"]
