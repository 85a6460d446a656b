"""What the card table shows and what its answer means: pure values, no Streamlit.

The card-table component (``table_component``) draws a ``TableView`` and sends back one answer, the
codes of the cards chosen. Everything a page decides (which seats, which trick, which cards may be
picked, how many) is built here from the engine's values, and the browser's answer is read back here,
so both are tested directly (AppTest cannot drive a custom component).

Seats are named as on the rest of the app: "You" for the learner, "Seat 2" … counted 1..N in play
order (counter-clockwise), never from 0.

>>> from tutor.engine import parse_cards
>>> t = TableView(mode="select", hand=tuple(parse_cards("KH 3H T4")), token="q1", need=2)
>>> read_answer({"cards": ["T4", "KH"], "token": "q1"}, t)
(Card('T4'), Card('KH'))
>>> read_answer({"cards": ["T4"], "token": "q1"}, t) is None   # the écart needs exactly 2
True
>>> read_answer({"cards": ["KH", "QS"], "token": "q1"}, t) is None   # not a card on offer
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Card, SeatView
from ...engine.seats import seat_spots
from ...i18n import N_, _, ngettext
from ..common.cards import card_data_uri, card_name

MODES = ("play", "select", "pick", "view")  # play one card at once; select several; pick one; look only


@dataclass(frozen=True)
class Seat:
    """One seat at the table, as the learner may know it."""

    name: str
    role: str = ""  # "taker", "partner", "defence" or "" (not known)
    dealer: bool = False
    turn: bool = False
    cards_left: int | None = None
    you: bool = False

    @property
    def marks(self) -> tuple[str, ...]:
        """The badges drawn under the name: 'dealer', 'taker', 'partner', 'to play'."""
        out = []
        if self.dealer:
            out.append("dealer")
        if self.role in ("taker", "partner"):
            out.append(self.role)
        if self.turn:
            out.append("to play")
        return tuple(out)


@dataclass(frozen=True)
class TableView:
    """Everything the component draws. ``seats`` are in play order (index = engine seat); ``trick`` and
    ``previous`` are (seat index, card) pairs in the order played; ``hand`` are the cards the learner acts
    on (``pick_from="trick"``: the trick's own cards are picked instead, e.g. "which card wins?")."""

    mode: str
    hand: tuple[Card, ...] = ()
    token: str = ""
    seats: tuple[Seat, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()
    previous: tuple[tuple[int, Card], ...] = ()
    previous_winner: int | None = None
    groups: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # other cards to see (a trick without seats…)
    marked: frozenset[Card] = field(default_factory=frozenset)  # ringed, e.g. the legal cards in practice
    dimmed: frozenset[Card] = field(default_factory=frozenset)
    need: int | None = None  # exactly this many cards (the écart)
    fresh: int = 0  # how many of the trick's last cards came from the bots since the learner's move
    pick_from: str = "hand"
    preselected: tuple[Card, ...] = ()  # chosen when the table first shows (a suggested poignée)
    hand_label: str = N_("Your hand")  # translated where the table is drawn (``to_data``)
    answer_label: str = N_("Check my answer")
    trick_label: str = ""

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")

    @property
    def choosable(self) -> tuple[Card, ...]:
        """The cards the learner may click."""
        if self.mode == "view":
            return ()
        return tuple(c for _, c in self.trick) if self.pick_from == "trick" else self.hand

    def to_data(self) -> dict:
        """JSON for the component: card pictures and names once each, seats with their places."""
        shown = [*self.hand, *(c for _, c in self.trick), *(c for _, c in self.previous),
                 *(c for _, cards in self.groups for c in cards)]
        places = seat_places(len(self.seats), you=next((i for i, s in enumerate(self.seats) if s.you), 0))
        return {
            "mode": self.mode, "token": self.token, "need": self.need, "fresh": self.fresh,
            "preselected": [c.code for c in self.preselected if c in self.hand],
            "pick_from": self.pick_from, "hand_label": _(self.hand_label) if self.hand_label else "",
            "answer_label": _(self.answer_label), "trick_label": self.trick_label,
            "cards": {c.code: {"name": card_name(c), "src": card_data_uri(c)} for c in dict.fromkeys(shown)},
            "hand": [c.code for c in self.hand],
            "marked": [c.code for c in self.hand if c in self.marked],
            "dimmed": [c.code for c in self.hand if c in self.dimmed],
            "seats": [{"name": s.name, "marks": list(s.marks), "mark_labels": [_(m) for m in s.marks],
                       "cards_left": s.cards_left, "left_label": _cards_left(s.cards_left), "you": s.you,
                       "x": x, "y": y, "tx": tx, "ty": ty}
                      for s, (x, y, tx, ty) in zip(self.seats, places)],
            "trick": [{"seat": s, "card": c.code} for s, c in self.trick],
            "previous": [{"seat": s, "card": c.code, "won": s == self.previous_winner} for s, c in self.previous],
            "groups": [{"label": label, "cards": [c.code for c in cards]} for label, cards in self.groups],
            "words": table_words(),
        }


def _cards_left(n: int | None) -> str | None:
    # English says "1 cards", as the table always has; French agrees ("1 carte").
    return None if n is None else ngettext("{n} cards", "{n} cards", n).format(n=n)


def table_words() -> dict[str, str]:
    """The card table's own words, in the learner's language ("{…}" filled in by the browser)."""
    return {
        "table": _("The table"), "played_by": _("{card}, played by {seat}"), "wins": _(", wins the trick"),
        "last_trick": _("Last trick"), "back": _("Back to this trick"), "show_last": _("Show the last trick"),
        "your_hand": _("Your hand"), "cards": _("Cards"),
        "choose_to_play": _("{label}: choose a card to play"), "choose_then_answer": _("{label}: choose, then answer"),
        "help_play": _("Click a card to play it, or use the arrow keys and Enter."),
        "help_choose": _("Click the cards (arrow keys and Space also choose), then Enter or the button answers."),
        "n_of_need": _("{n} of {need} chosen"), "n_chosen": _("{n} chosen"), "card_chosen": _("{card} chosen"),
        "choose_one": _("Choose one card"),
    }


# The seats' badges (``Seat.marks``), listed so that they are translated.
MARKS = (N_("dealer"), N_("taker"), N_("partner"), N_("to play"))
# A seat's side, as the groups' and hands' labels say it.
ROLES = {"taker": N_("taker"), "partner": N_("partner"), "defence": N_("defence")}


def role_word(role: str) -> str:
    """'taker', 'partner' or 'defence', in the learner's language."""
    return _(ROLES[role]) if role in ROLES else role


def you_at(seat: int) -> str:
    """'You (seat 3)', seats counted from 1."""
    return _("You (seat {n})").format(n=seat + 1)


def your_hand(seat: int, role: str) -> str:
    """'Your hand (seat 4, defence)'."""
    return _("Your hand (seat {n}, {role})").format(n=seat + 1, role=role_word(role))


def trick_number(n: int) -> str:
    return _("Trick {n}").format(n=n)


def seat_places(n: int, *, you: int = 0) -> list[tuple[float, float, float, float]]:
    """Where each seat sits (x, y in % of the table) and where its trick card lies (tx, ty).

    ``you`` sits at the bottom; play goes counter-clockwise, so the next seat is on the right.

    >>> [(round(x), round(y)) for x, y, _, _ in seat_places(4)]
    [(50, 88), (90, 50), (50, 12), (10, 50)]
    """
    # The engine's seat geometry (unit circle, y up), scaled to the table's box (y down).
    return [(round(50 + 40 * x, 1), round(50 - 38 * y, 1), round(50 + 19 * x, 1), round(50 - 17 * y, 1))
            for x, y in seat_spots(n, bottom=you)]


def seat_label(seat: int, you: int | None = None) -> str:
    """'Seat 3', counted from 1; the learner's own seat is 'You'.

    >>> seat_label(0), seat_label(2, you=2)
    ('Seat 1', 'You')
    """
    return _("You") if seat == you else _("Seat {n}").format(n=seat + 1)


def _role(view: SeatView, seat: int) -> str:
    if view.taker is None:
        return ""
    if seat == view.taker:
        return "taker"
    if view.partner is not None and seat == view.partner:
        return "partner"
    if view.players == 5 and view.partner is None:
        return ""  # the partner is secret until the called card is played
    return "defence"


def seats_of(view: SeatView, names: list[str] | None = None, hand_sizes=None, *, you: bool = True) -> tuple[Seat, ...]:
    """The seats as ``view.seat`` knows them; ``names`` default to 'You' / 'Seat k'."""
    names = names or [seat_label(s, view.seat if you else None) for s in range(view.players)]
    return tuple(Seat(names[s], _role(view, s), dealer=s == view.dealer, turn=view.to_act == s and you,
                      cards_left=None if hand_sizes is None else hand_sizes[s], you=you and s == view.seat)
                 for s in range(view.players))


def _plays(cards, seats) -> tuple[tuple[int, Card], ...]:
    return tuple(zip(seats, cards))


def play_view(view: SeatView, names: list[str], hand_sizes, *, token: str, fresh: int = 0,
              ring=None, hand_label: str = "Your hand") -> TableView:
    """The practice table (and guided hands): click a card of the hand to play it.

    ``ring`` are the cards to ring (default: the legal ones, when it is the learner's turn)."""
    mine = view.to_act == view.seat
    legal = frozenset(view.legal) if mine else frozenset()
    last = view.tricks[-1] if view.tricks else None
    return TableView(
        mode="play" if mine else "view", hand=view.hand, token=token,
        seats=seats_of(view, names, hand_sizes), trick=_plays(view.trick, view.trick_seats),
        previous=_plays(last.cards, last.seats) if last else (), previous_winner=last.winner if last else None,
        marked=frozenset(ring) if ring is not None else legal,
        dimmed=frozenset(c for c in view.hand if c not in legal) if mine else frozenset(),
        fresh=min(fresh, len(view.trick)), hand_label=hand_label, trick_label=trick_number(len(view.tricks) + 1))


def ecart_view(hand, size: int, *, token: str) -> TableView:
    """The écart: choose exactly ``size`` cards of the hand, then put them aside at once."""
    return TableView(mode="select", hand=tuple(hand), token=token, need=size, answer_label=_("Put these aside"))


def poignee_view(trumps, size: int, suggested=(), *, token: str) -> TableView:
    """A poignée: exactly ``size`` of the trumps (the Excuse standing in only when short), the suggested
    ones already chosen; the engine checks what is shown."""
    return TableView(mode="select", hand=tuple(trumps), token=token, need=size, preselected=tuple(suggested),
                     hand_label=_("Your trumps"), answer_label=_("Show the poignée"))


def bot_cards_since(trick_seats, learner: int) -> int:
    """How many cards of the current trick the bots played after the learner's last card: the ones the
    table brings in one at a time.

    >>> bot_cards_since((3, 0, 1, 2), learner=0)   # the learner was second: seats 1 and 2 followed
    2
    >>> bot_cards_since((2, 3), learner=0)         # a new trick: both its cards are the bots'
    2
    """
    seats = list(trick_seats)
    if learner in seats:
        return len(seats) - seats.index(learner) - 1
    return len(seats)


# ---------------------------------------------------------------- the answer sent back


def _seat_words() -> tuple[str, ...]:
    """How a seat's own card row begins ("Seat 2", in English and in the learner's language)."""
    return tuple({"Seat", _("Seat {n}").split("{")[0].strip() or "Seat"})


def read_answer(value, table: TableView) -> tuple[Card, ...] | None:
    """The cards the browser sent, if they make an answer to this very table; else None.

    A stale answer (another position's ``token``), a card not on offer, a repeat, or the wrong number
    of cards can only come from an old page or a tampered browser: it is ignored, nothing is lost."""
    if not isinstance(value, dict) or value.get("token") != table.token or not isinstance(value.get("cards"), list):
        return None
    offered = {c.code: c for c in table.choosable}
    codes = value["cards"]
    if not codes or len(set(map(str, codes))) != len(codes) or any(str(c) not in offered for c in codes):
        return None
    if table.mode in ("play", "pick") and len(codes) != 1:
        return None
    if table.need is not None and len(codes) != table.need:
        return None
    return tuple(offered[str(c)] for c in codes)
