"""What a deal shows: its phase, a trick, what one seat may see of it (``SeatView``, the only thing bots and
quizzes are given) and its result. ``Deal`` (in ``state``) builds them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import Card
from .rules import Contract
from .scoring import DealScore


class Phase(enum.Enum):
    BIDDING = "bidding"
    CALLING = "calling"  # 5 players: the taker calls a king
    ECART = "ecart"  # petite / garde: the taker has the dog and discards
    PLAYING = "playing"
    DONE = "done"
    CANCELLED = "cancelled"  # petit sec or everyone passed: redeal


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int  # the seat that won it

    def card_of(self, seat: int) -> Card:
        return self.cards[self.seats.index(seat)]


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: its own hand and everything shown at the table."""

    seat: int
    players: int
    phase: Phase
    hand: tuple[Card, ...]
    to_act: int | None
    dealer: int
    bids: tuple
    taker: int | None
    contract: Contract | None
    called: Card | None
    partner: int | None  # known to everyone only once the called card is played (and to the partner)
    dog: tuple[Card, ...] | None  # None while it is hidden
    ecart: tuple[Card, ...] | None  # only the taker sees their own écart
    ecart_trumps: tuple[Card, ...]  # trumps discarded are shown to all
    poignees: tuple  # (seat, cards) shown so far
    chelem_announced: bool
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    legal: tuple[Card, ...]
    miseres: tuple = ()  # (seat, kind) declared so far (house rule)
    barred: frozenset = frozenset()  # seats that may only pass: the dealer of a misdeal's redeal

    @property
    def trick_number(self) -> int:
        return len(self.tricks)

    @property
    def played(self) -> list[Card]:
        return [c for t in self.tricks for c in t.cards] + list(self.trick)


@dataclass
class DealResult:
    """The end of a deal: the attack's pile counted, the bonuses found, and the score."""

    attack_points: float
    oudlers: int
    petit_au_bout: str | None
    chelem: str | None
    poignees: tuple[str, ...]
    attack_tricks: int
    score: DealScore
    seat_scores: list[int]  # with any misère (house rule) added in
    notes: list[str] = field(default_factory=list)
    miseres: tuple = ()  # (seat, kind) declared (house rule)
