"""An endgame position where every remaining card is known: the solver's input.

Seats are numbered from 0 here, as in the engine's ``Deal``; the text format (YAML or JSON, for
``tarot-tutor solve`` and puzzle files) numbers them 1..players in play order, as learners do.

>>> p = Position.parse('''
... players: 4
... contract: garde
... taker: 1
... hands: {1: KH 3H, 2: QH T2, 3: 4S 9H, 4: 7D 8D}
... trick: {leader: 2, cards: ""}
... taken: {attack_points: 61.5, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 4}
... ''')
>>> p.to_play, p.tricks_left, [str(c) for c in p.legal()]
(1, 2, ['T2', 'QH'])
>>> Position.parse(p.dump()) == p
True
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from ...engine import (
    PETIT,
    CardParseError,
    Contract,
    Deal,
    DogFate,
    Phase,
    RuleSet,
    TarotError,
    card_points,
    count_oudlers,
    format_cards,
    parse_cards,
    sort_cards,
)
from ...engine.cards import CARDS, Card, from_mask, points_text
from ...engine.play import legal_mask, trick_state
from ...engine.rules import DECK_POINTS
from ...engine.scoring import POIGNEE_BONUS
from ...engine.words import N_, NP_, Text, counted
from ...limits import MAX_DIGITS, MAX_NAME_CHARS, MAX_POSITION_BYTES, parse_int, short_repr
from .tricks import settle_trick, sweep_of

FIELDS = ("players", "contract", "taker", "partner", "hands", "trick", "taken", "poignees", "chelem",
          "petit_in_previous_trick")
TAKEN_FIELDS = ("attack_points", "attack_oudlers", "attack_tricks", "defence_tricks")


class PositionError(TarotError):
    """A position no deal can reach, or a file that does not describe one (one line, for the learner)."""


@dataclass(frozen=True)
class Position:
    """Every remaining card, the trick in progress and what each side has already won.

    ``attack_points`` and ``attack_oudlers`` count everything the attack has won so far: its tricks,
    the écart or the dog as the contract gives it, and the exchange of an Excuse already played.
    ``petit_in_previous_trick`` matters only for the last trick: when the Excuse wins it (a chelem),
    a Petit played in the trick before counts as au bout.
    """

    players: int
    contract: Contract
    taker: int
    partner: int | None
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    attack_points: float = 0.0
    attack_oudlers: int = 0
    attack_tricks: int = 0
    defence_tricks: int = 0
    poignees: tuple[str, ...] = ()
    chelem_announced: bool = False
    petit_in_previous_trick: bool = False
    masks: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sort_cards(h)) for h in self.hands))
        object.__setattr__(self, "trick", tuple(self.trick))
        object.__setattr__(self, "poignees", tuple(self.poignees))
        object.__setattr__(self, "masks", tuple(sum(c.bit for c in h) for h in self.hands))
        _validate(self)

    # ------------------------------------------------------------ facts

    @property
    def rules(self) -> RuleSet:
        return RuleSet.for_players(self.players)

    @property
    def to_play(self) -> int:
        """The seat (from 0) whose turn it is."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def cards_left(self) -> int:
        """Cards still in the hands."""
        return sum(len(h) for h in self.hands)

    @property
    def alone(self) -> bool:
        return self.players == 5 and self.partner is None

    def is_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def legal(self) -> list[Card]:
        """The legal cards of the seat to play, in display order."""
        mask = legal_mask(self.masks[self.to_play], *trick_state(self.trick))
        return sort_cards(from_mask(mask))

    def play(self, card: Card) -> Position:
        """The position after ``card`` is played (it must be legal); a full trick is settled."""
        if card not in self.legal():
            raise PositionError(Text(N_("{card} is not a legal card for seat {seat} here"), card=card,
                                      seat=self.to_play + 1))
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not card)
        trick = self.trick + (card,)
        if len(trick) < self.players:
            return _replace(self, hands=tuple(hands), trick=trick)
        seats = [(self.leader + i) % self.players for i in range(self.players)]
        att = tuple(self.is_attack(s) for s in range(self.players))
        last = self.tricks_left == 1
        sweep = sweep_of(self.attack_tricks, self.defence_tricks)
        out = settle_trick([c.index for c in trick], seats, att, last, sweep)
        won_by_attack = att[out.winner]
        return _replace(
            self, hands=tuple(hands), trick=(), leader=out.winner,
            attack_points=self.attack_points + out.points2 / 2, attack_oudlers=self.attack_oudlers + out.oudlers,
            attack_tricks=self.attack_tricks + won_by_attack, defence_tricks=self.defence_tricks + (not won_by_attack),
            petit_in_previous_trick=PETIT in trick)

    # ------------------------------------------------------------ text form

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position from its YAML or JSON text (seats 1..players).

        For text the app wrote; ``tarot-tutor solve`` reads a file through the content loader
        (``tutor.content.yamlio``), which refuses nesting and alias bombs before building anything.
        """
        if len(text) > MAX_POSITION_BYTES:
            raise PositionError(Text(N_("the position is larger than the {kb} KB allowed"),
                                      kb=f"{MAX_POSITION_BYTES // 1024:,}"))
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            raise PositionError(Text(N_("the position is not valid YAML or JSON (line {line})"), line=mark.line + 1)
                                if mark else Text(N_("the position is not valid YAML or JSON"))) from None
        except (ValueError, RecursionError):  # an int of 5,000 digits; brackets nested 1,000 deep
            raise PositionError(Text(N_("the position is not valid YAML or JSON: a number or a nesting too large"))) \
                from None
        return cls.from_mapping(data)

    @classmethod
    def from_mapping(cls, data) -> Position:
        """A position from the mapping of the text format (seats 1..players)."""
        if not isinstance(data, Mapping):
            raise PositionError(Text(N_("a position is a mapping: players, contract, taker, hands, trick, taken, …")))
        unknown = [k for k in data if k not in FIELDS]
        if unknown:
            raise PositionError(Text(N_("unknown field {name}; the fields are {fields}"), name=short_repr(unknown[0]),
                                     fields=", ".join(FIELDS)))
        for key in ("players", "contract", "taker", "hands"):
            if key not in data:
                raise PositionError(Text(N_("the position needs '{key}'"), key=key))
        players = data["players"]
        if type(players) is not int or players not in (3, 4, 5):
            raise PositionError(Text(N_("players is 3, 4 or 5, not {value}"), value=short_repr(players)))
        if not isinstance(data["contract"], str) or len(data["contract"]) > MAX_NAME_CHARS:
            raise PositionError(Text(N_("contract is petite, garde, garde_sans or garde_contre, not {value}"),
                                     value=short_repr(data["contract"])))
        contract = Contract.parse(data["contract"])
        taker = _seat(data["taker"], players, N_("taker is a seat from 1 to {players}, not {value}"))
        partner = None if data.get("partner") is None else \
            _seat(data["partner"], players, N_("partner is a seat from 1 to {players}, not {value}"))
        if partner is not None and players != 5:
            raise PositionError(Text(N_("only a 5-player taker has a partner: use partner: null")))
        if partner == taker:
            raise PositionError(Text(N_("the partner is another seat than the taker (null when the taker plays "
                                        "alone)")))
        raw = data["hands"]
        if not isinstance(raw, Mapping):
            raise PositionError(Text(N_("hands maps each seat (1..players) to its cards, e.g. 1: KH 3H T5")))
        hands: list[tuple[Card, ...]] = [()] * players
        given = set()
        for key, value in raw.items():
            seat = _seat(key, players, N_("a seat in hands is a seat from 1 to {players}, not {value}"))
            given.add(seat)
            hands[seat] = tuple(_cards(value, Text(N_("the hand of seat {seat}"), seat=seat + 1)))
        missing = [s + 1 for s in range(players) if s not in given]
        if missing:
            raise PositionError(Text(N_("hands: seat {seat} is missing (give every seat, even an empty hand as \"\")"),
                                     seat=missing[0]))
        trick = data.get("trick") or {}
        if not isinstance(trick, Mapping) or "leader" not in trick:
            raise PositionError(Text(N_("trick is {{leader: seat, cards: \"…\"}}, the cards in play order from the "
                                        "leader")))
        leader = _seat(trick["leader"], players,
                       N_("the trick's leader is a seat from 1 to {players}, not {value}"))
        cards = tuple(_cards(trick.get("cards") or "", Text(N_("the trick"))))
        taken = data.get("taken") or {}
        if not isinstance(taken, Mapping):
            raise PositionError(Text(N_("taken is {{attack_points: …, attack_oudlers: …, attack_tricks: …, "
                                        "defence_tricks: …}}")))
        bad = [k for k in taken if k not in TAKEN_FIELDS]
        if bad:
            raise PositionError(Text(N_("unknown field {name} in taken; use {fields}"), name=short_repr(bad[0]),
                                     fields=", ".join(TAKEN_FIELDS)))
        poignees = data.get("poignees") or []
        if isinstance(poignees, str):
            poignees = [poignees]
        # Each player shows one poignée at most.
        if (not isinstance(poignees, list) or len(poignees) > players
                or any(not isinstance(p, str) or p not in POIGNEE_BONUS for p in poignees)):
            raise PositionError(Text(N_("poignees lists the poignées already shown (at most {players}): "
                                        "simple, double or triple"), players=players))
        chelem = data.get("chelem")
        if chelem is not None and chelem != "announced":
            raise PositionError(Text(N_("chelem is null or announced, not {value}"), value=short_repr(chelem)))
        tricks = RuleSet.for_players(players).tricks
        return cls(
            players=players, contract=contract, taker=taker, partner=partner, hands=tuple(hands), leader=leader,
            trick=cards, attack_points=_number(taken.get("attack_points", 0), "attack_points", DECK_POINTS, half=True),
            attack_oudlers=int(_number(taken.get("attack_oudlers", 0), "attack_oudlers", 3)),
            attack_tricks=int(_number(taken.get("attack_tricks", 0), "attack_tricks", tricks)),
            defence_tricks=int(_number(taken.get("defence_tricks", 0), "defence_tricks", tricks)),
            poignees=tuple(poignees), chelem_announced=chelem == "announced",
            petit_in_previous_trick=bool(data.get("petit_in_previous_trick", False)))

    def to_mapping(self) -> dict:
        """The text format as a plain mapping (seats 1..players)."""
        out = {
            "players": self.players, "contract": self.contract.value, "taker": self.taker + 1,
            "partner": None if self.partner is None else self.partner + 1,
            "hands": {s + 1: format_cards(h) for s, h in enumerate(self.hands)},
            "trick": {"leader": self.leader + 1, "cards": format_cards(self.trick)},
            "taken": {"attack_points": self.attack_points, "attack_oudlers": self.attack_oudlers,
                      "attack_tricks": self.attack_tricks, "defence_tricks": self.defence_tricks},
            "poignees": list(self.poignees), "chelem": "announced" if self.chelem_announced else None,
        }
        if self.petit_in_previous_trick:
            out["petit_in_previous_trick"] = True
        return out

    def dump(self) -> str:
        """The canonical YAML text (``Position.parse`` reads it back)."""
        return yaml.safe_dump(self.to_mapping(), sort_keys=False, allow_unicode=True)

    def to_json(self) -> str:
        return json.dumps(self.to_mapping())

    # ------------------------------------------------------------ from a deal

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        """The position of a deal in play, with every hand known (the solver's view, not a seat's)."""
        if deal.phase is not Phase.PLAYING:
            raise PositionError(Text(N_("a position is taken from a deal in play")))
        n = deal.players
        att = tuple(deal.camp(s) == "attack" for s in range(n))
        points2, oudlers = _dog_share(deal)
        sweep = sweep_of(0, 0)
        last_trick = deal.rules.tricks - 1
        for k, t in enumerate(deal.tricks):
            out = settle_trick([c.index for c in t.cards], list(t.seats), att, k == last_trick, sweep)
            points2 += out.points2
            oudlers += out.oudlers
            sweep = out.sweep
        attack_tricks = sum(1 for t in deal.tricks if att[t.winner])
        return cls(
            players=n, contract=deal.contract, taker=deal.taker, partner=deal.partner,
            hands=tuple(tuple(deal.hand(s)) for s in range(n)),
            leader=deal.trick_seats[0] if deal.trick_seats else deal.leader, trick=tuple(deal.trick),
            attack_points=points2 / 2, attack_oudlers=oudlers, attack_tricks=attack_tricks,
            defence_tricks=len(deal.tricks) - attack_tricks,
            poignees=tuple(level for _, _, level in deal.poignees), chelem_announced=deal.chelem_announced,
            petit_in_previous_trick=bool(deal.tricks) and PETIT in deal.tricks[-1].cards)


def _dog_share(deal: Deal) -> tuple[int, int]:
    """Half points and oudlers the attack holds before any trick: the écart, or the dog in a garde sans."""
    fate = deal.contract.dog
    pile = deal.ecart if fate is DogFate.TAKER_EXCHANGES else deal.dog if fate is DogFate.TAKER_KEEPS_HIDDEN else ()
    return int(card_points(list(pile)) * 2), count_oudlers(list(pile))


def _replace(p: Position, **changes) -> Position:
    values = {k: getattr(p, k) for k in Position.__dataclass_fields__ if k != "masks"}
    values.update(changes)
    return Position(**values)


def _seat(value, players: int, refusal: str) -> int:
    """A seat 1..players (an int, a whole float or ASCII digits) as a seat from 0; anything else is refused
    with ``refusal`` (a message id with ``{players}`` and ``{value}``)."""
    if isinstance(value, float) and value.is_integer():  # 2.0; never .inf or nan (int() of them raises)
        value = int(value)
    seat = parse_int(value, 1, players)
    if seat is None:
        raise PositionError(Text(refusal, players=players, value=short_repr(value)))
    return seat - 1


def _cards(value, what: Text) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # a hand of one bare trump number
    if isinstance(value, list):
        # Each item one card: a nested list (an alias bomb) is never turned into text.
        if len(value) > len(CARDS) or any(isinstance(v, bool) or not isinstance(v, str | int) for v in value):
            raise PositionError(Text(N_("{what}: give at most {n} cards, each as a code, e.g. KH 3H T5"), what=what,
                                     n=len(CARDS)))
        value = [str(v) for v in value]
    elif not isinstance(value, str):
        raise PositionError(Text(N_("{what}: give the cards as codes separated by spaces, e.g. KH 3H T5"), what=what))
    try:
        cards = parse_cards(value)
    except CardParseError as err:
        raise PositionError(Text(N_("{what}: {problem}"), what=what, problem=err.args[0])) from None
    if len(cards) > len(CARDS):
        raise PositionError(Text(N_("{what}: {n:,} cards, but the deck has {deck}"), what=what, n=len(cards),
                                 deck=len(CARDS)))
    return cards


def _number(value, what: str, high: float, *, half: bool = False) -> float:
    """A number in 0..high (whole, or in half points with ``half``); .inf, nan and 5,000 digits are refused."""
    x = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        x = float(value) if abs(value) <= 10**6 else None  # float() of 10**400 raises
    elif isinstance(value, str) and len(value) <= MAX_DIGITS:
        with contextlib.suppress(ValueError):
            x = float(value)
    if x is None or not 0 <= x <= high:  # nan compares false
        raise PositionError(Text(N_("taken: {field} is a number from 0 to {high}, not {value}"), field=what, high=high,
                                 value=short_repr(value)))
    if half and (x * 2) % 1 or not half and x % 1:
        raise PositionError(Text(N_("taken: {field} cannot be {value} (points go in half points)") if half else
                                 N_("taken: {field} cannot be {value}"), field=what, value=short_repr(value)))
    return x


def _card_list(cards) -> Text:
    """Cards as the file writes them in English ("3H KH"), by their names in the learner's language."""
    out = Text("{card}", card=cards[0])
    for c in cards[1:]:
        out = NP_("cards", "{a} {b}", a=out, b=Text("{card}", card=c))
    return out


def _validate(p: Position) -> None:
    """Refuse a position no deal can reach, with one sentence saying why."""
    n = p.players
    rules = RuleSet.for_players(n)
    if not isinstance(p.contract, Contract):
        object.__setattr__(p, "contract", Contract.parse(p.contract))
    if len(p.hands) != n:
        raise PositionError(Text(N_("a {n}-player position has {n} hands, not {k}"), n=n, k=len(p.hands)))
    for refusal, seat in ((N_("the taker is a seat from 1 to {n}"), p.taker),
                          (N_("the trick's leader is a seat from 1 to {n}"), p.leader)):
        if not 0 <= seat < n:
            raise PositionError(Text(refusal, n=n))
    if p.partner is not None and (n != 5 or p.partner == p.taker or not 0 <= p.partner < n):
        raise PositionError(Text(N_("only a 5-player taker has a partner, another seat than the taker's")))
    every = [c for h in p.hands for c in h] + list(p.trick)
    twice = sorted((c for c, k in Counter(every).items() if k > 1), key=lambda c: c.index)  # linear, any size
    if twice:
        raise PositionError(Text(N_("{cards} is given twice: each card exists once"), cards=_card_list(twice)))
    if len(p.trick) >= n:
        raise PositionError(Text(N_("a trick in progress has fewer than {n} cards, not {k}"), n=n, k=len(p.trick)))
    # Seats that played to the trick hold one card fewer than the others.
    played = {(p.leader + i) % n for i in range(len(p.trick))}
    left = len(p.hands[p.leader]) + (1 if p.trick else 0)
    for s in range(n):
        want = left - (s in played)
        if len(p.hands[s]) != want:
            raise PositionError(counted(
                len(p.hands[s]),
                N_("seat {seat} holds {n} card, but with the trick as given it must hold {want} "
                   "(every seat holds as many cards, less one for those who played to the trick)"),
                N_("seat {seat} holds {n} cards, but with the trick as given it must hold {want} "
                   "(every seat holds as many cards, less one for those who played to the trick)"),
                seat=s + 1, want=want))
    if left > rules.tricks:
        raise PositionError(Text(N_("with {n} players a hand has at most {most} cards"), n=n, most=rules.tricks))
    # Each card of the trick must have been legal, from the hand it came from.
    for i, c in enumerate(p.trick):
        seat = (p.leader + i) % n
        hand = p.masks[seat] | c.bit
        if not legal_mask(hand, *trick_state(p.trick[:i])) & c.bit:
            legal = sort_cards(from_mask(legal_mask(hand, *trick_state(p.trick[:i]))))
            raise PositionError(Text(N_("the trick cannot happen: seat {seat} played {card} but had to play {cards}"),
                                     seat=seat + 1, card=c, cards=_card_list(legal)))
    # What the sides have won must fit the cards that are gone.
    gone = [c for c in CARDS if c not in set(every)]
    if p.attack_tricks < 0 or p.defence_tricks < 0 or p.attack_tricks + p.defence_tricks != rules.tricks - left:
        done = rules.tricks - left
        raise PositionError(counted(
            done, N_("taken: {n} trick is over (with {left} left), so attack_tricks + defence_tricks must be {want}, "
                     "not {got}"),
            N_("taken: {n} tricks are over (with {left} left), so attack_tricks + defence_tricks must be {want}, "
               "not {got}"), left=left, want=done, got=p.attack_tricks + p.defence_tricks))
    gone_oudlers = count_oudlers(gone)
    if not 0 <= p.attack_oudlers <= gone_oudlers:
        raise PositionError(Text(N_("taken: attack_oudlers is between 0 and {most} (the oudlers already played or "
                                    "in the dog), not {n}"), most=gone_oudlers, n=p.attack_oudlers))
    gone_points = card_points(gone)
    low = max(0.0, 4.5 * p.attack_oudlers - 0.5)
    high = gone_points - 4.5 * (gone_oudlers - p.attack_oudlers) + 0.5
    if not low <= p.attack_points <= high:
        raise PositionError(counted(
            p.attack_oudlers,
            N_("taken: with {n} oudler won, the attack's points are between {low} and {high} (the cards already "
               "played or in the dog), not {points}"),
            N_("taken: with {n} oudlers won, the attack's points are between {low} and {high} (the cards already "
               "played or in the dog), not {points}"),
            low=points_text(low), high=points_text(high), points=points_text(p.attack_points)))
    if p.petit_in_previous_trick and (PETIT in every or p.attack_tricks + p.defence_tricks == 0):
        raise PositionError(Text(N_("petit_in_previous_trick: the Petit is still in play, or no trick is over yet")))
