"""The actions of a deal, as frozen records. A deal is the list of its actions (its log)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, cards_text, format_cards, parse_card, parse_cards
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


def action_text(action: Action, name=None) -> str:
    """One action in words, for a learner: ``name(seat)`` names the seat (default: "Seat 1" .. "Seat N").

    >>> action_text(Bid(0, None)), action_text(PlayCard(2, parse_card("KH")), {2: "Anna"}.get)
    ('Seat 1 passes', 'Anna plays the king of hearts')
    >>> action_text(PlayCard(0, parse_card("KH")), {0: "You"}.get)
    'You play the king of hearts'

    """
    from .seats import seat_label
    who = (name or (lambda s: seat_label(s, capital=True)))(action.seat)

    def says(verb: str) -> str:  # "You play", "Anna plays"
        return f"{who} {verb}" if who == "You" else f"{who} {verb}es" if verb.endswith("s") else f"{who} {verb}s"
    if isinstance(action, Bid):
        return says("pass") if action.contract is None else f"{says('bid')} {action.contract.french}"
    if isinstance(action, CallKing):
        return f"{says('call')} the {action.card.name}"
    if isinstance(action, Discard):
        return f"{says('make')} the écart"  # the écart stays hidden, except its trumps
    if isinstance(action, DeclareChelem):
        return f"{says('announce')} a chelem"
    if isinstance(action, ShowPoignee):
        return f"{says('show')} a poignée of {len(action.cards)}: {cards_text(action.cards)}"
    if isinstance(action, DeclareMisere):
        return f"{says('declare')} a misère of {action.kind} (house rule)"
    return f"{says('play')} the {action.card.name}"
