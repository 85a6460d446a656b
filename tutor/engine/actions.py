"""The actions of a deal, as frozen records. A deal is the list of its actions (its log)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import TarotError
from .rules import Contract


@dataclass(frozen=True)
class Bid:
    seat: int
    contract: Contract | None  # None is a pass

    def __str__(self) -> str:
        return f"{self.seat}:bid:{self.contract.value if self.contract else 'pass'}"


@dataclass(frozen=True)
class CallKing:
    """5 players: the taker calls a card (a king, or lower when holding all four)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:call:{self.card}"


@dataclass(frozen=True)
class Discard:
    """The taker's écart after taking the dog (petite and garde)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.seat}:ecart:{format_cards(self.cards).replace(' ', ',')}"


@dataclass(frozen=True)
class DeclareChelem:
    """The taker announces a chelem before the first card; they then lead the first trick."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:chelem"


@dataclass(frozen=True)
class ShowPoignee:
    """A poignée shown just before the player's first card."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.seat}:poignee:{format_cards(self.cards).replace(' ', ',')}"


@dataclass(frozen=True)
class DeclareMisere:
    """House rule (not FFT), only at a table that enables it: a misère declared before one's first card.

    ``kind`` is "trumps" (no trump, no Excuse) or "honours" (no face card, no oudler).
    """

    seat: int
    kind: str

    def __str__(self) -> str:
        return f"{self.seat}:misere:{self.kind}"


@dataclass(frozen=True)
class PlayCard:
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:play:{self.card}"


Action = Bid | CallKing | Discard | DeclareChelem | ShowPoignee | DeclareMisere | PlayCard


def parse_action(text: str) -> Action:
    """Parse the text form of an action, e.g. ``2:play:KH`` or ``0:bid:garde``.

    >>> parse_action("0:bid:pass"), str(parse_action("1:ecart:2H,3H"))
    (Bid(seat=0, contract=None), '1:ecart:2H,3H')
    """
    try:
        seat_s, kind, *rest = text.strip().split(":")
        seat = int(seat_s)
    except ValueError:
        raise TarotError(f"not an action: {text!r} (write it like 2:play:KH or 0:bid:garde)") from None
    arg = rest[0] if rest else ""
    if kind == "bid":
        return Bid(seat, None if arg in ("pass", "") else Contract.parse(arg))
    if kind == "call":
        return CallKing(seat, parse_card(arg))
    if kind == "ecart":
        return Discard(seat, tuple(parse_cards(arg)))
    if kind == "chelem":
        return DeclareChelem(seat)
    if kind == "poignee":
        return ShowPoignee(seat, tuple(parse_cards(arg)))
    if kind == "misere":
        return DeclareMisere(seat, arg)
    if kind == "play":
        return PlayCard(seat, parse_card(arg))
    raise TarotError(f"unknown action {text!r}")
