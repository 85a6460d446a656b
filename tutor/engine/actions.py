"""The actions of a deal, as frozen records. A deal is the list of its actions (its log)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import TarotError
from .rules import Contract
from .words import N_, Text, card_word, joined


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


# Each action in words, in the second person (the learner: "You play") and the third ("Anna plays"): message
# ids the text layer says in the learner's language (the engine stays language-free).
_SAYS = {
    "pass": (N_("You pass"), N_("{who} passes")),
    "bid": (N_("You bid {contract}"), N_("{who} bids {contract}")),
    "call": (N_("You call {card.the_name}"), N_("{who} calls {card.the_name}")),
    "ecart": (N_("You make the écart"), N_("{who} makes the écart")),  # the écart stays hidden, except its trumps
    "chelem": (N_("You announce a chelem"), N_("{who} announces a chelem")),
    "poignee": (N_("You show a poignée of {n}: {cards}"), N_("{who} shows a poignée of {n}: {cards}")),
    "trumps": (N_("You declare a misère of trumps (house rule)"), N_("{who} declares a misère of trumps (house rule)")),
    "honours": (N_("You declare a misère of honours (house rule)"),
                N_("{who} declares a misère of honours (house rule)")),
    "play": (N_("You play {card.the_name}"), N_("{who} plays {card.the_name}")),
}


def action_text(action: Action, name=None, you: int | None = None) -> Text:
    """One action in words, for a learner: ``name(seat)`` names the seat (default: "Seat 1" .. "Seat N"); the
    seat ``you`` (or a seat named "You") speaks in the second person. A ``Text``: English, said in the learner's
    language by the text layer.

    >>> action_text(Bid(0, None)), action_text(PlayCard(2, parse_card("KH")), {2: "Anna"}.get)
    ('Seat 1 passes', 'Anna plays the king of hearts')
    >>> action_text(PlayCard(0, parse_card("KH")), {0: "You"}.get), action_text(Bid(1, None), you=1)
    ('You play the king of hearts', 'You pass')
    >>> action_text(ShowPoignee(3, tuple(parse_cards("T21 T20 EX"))), {3: "Bruno"}.get)
    'Bruno shows a poignée of 3: trump 21, trump 20, the Excuse'
    """
    from .seats import seat_label
    who = (name or (lambda s: seat_label(s, capital=True)))(action.seat)
    second = action.seat == you or who == "You"

    def says(what: str, **params) -> Text:  # "You play", "Anna plays"
        mine, theirs = _SAYS[what]
        return Text(mine, **params) if second else Text(theirs, who=who, **params)
    if isinstance(action, Bid):
        return says("pass") if action.contract is None else says("bid", contract=action.contract.french)
    if isinstance(action, CallKing):
        return says("call", card=action.card)
    if isinstance(action, Discard):
        return says("ecart")
    if isinstance(action, DeclareChelem):
        return says("chelem")
    if isinstance(action, ShowPoignee):
        return says("poignee", n=len(action.cards), cards=joined(card_word(c) for c in action.cards))
    if isinstance(action, DeclareMisere):
        if action.kind in _SAYS:
            return says(action.kind)
        return Text(f"{who} declare{'' if second else 's'} a misère of {action.kind} (house rule)")
    return says("play", card=action.card)
