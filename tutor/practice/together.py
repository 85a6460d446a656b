"""A table of people playing together: seats held by humans (a name) or bots (a level), one deal at a time.

Pure: the state is frozen (the seats, the deal's seed, dealer and action log, a version, the scores of the
deals already played), so a store can keep it as rows and every process rebuilds the same ``Deal`` from its
seed and log. The engine decides what is legal; the version refuses a stale page or a double tap.

>>> t = new_table([human("Ana"), bot("club"), bot("club"), bot("beginner")], seed=5, dealer=0)
>>> t.version, deal_of(t).dealer, len(t.log)
(0, 0, 0)
>>> t = advance_bots(t); deal_of(t).to_act in (0, None)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import Action, Deal, Phase, TarotError
from ..engine.deal import next_deal_after
from ..engine.words import N_, Text
from .class_deals import log_text, parse_log
from .table import LEVELS, OVER, bot_for


@dataclass(frozen=True)
class Seat:
    """A human's seat (``name``) or a bot's (``level``, one of ``LEVELS``)."""

    name: str = ""
    level: str = ""

    @property
    def is_bot(self) -> bool:
        return not self.name


def human(name: str) -> Seat:
    name = " ".join(str(name).split())
    if not name:
        raise TarotError(Text(N_("Please give a name to sit at the table.")))
    return Seat(name=name)


def bot(level: str = "club") -> Seat:
    if level not in LEVELS:
        raise TarotError(Text(N_("There is no such bot level.")))
    return Seat(level=level)


@dataclass(frozen=True)
class TableState:
    """One table at one moment. ``version`` counts every accepted action (and each new deal)."""

    seats: tuple[Seat, ...]
    seed: int
    dealer: int
    log: tuple[Action, ...] = ()
    version: int = 0
    scores: tuple[tuple[int, ...], ...] = ()  # one row per deal already played (cancelled deals score 0)

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str = ""


class Refused(TarotError):
    """An action the table refused; ``str(err)`` says why in a sentence a player can read."""


def new_table(seats, *, seed: int, dealer: int = 0) -> TableState:
    seats = tuple(seats)
    if len(seats) not in (3, 4, 5):
        raise TarotError(Text(N_("A table has 3, 4 or 5 seats.")))
    names = [s.name.casefold() for s in seats if not s.is_bot]
    if len(names) != len(set(names)):
        raise TarotError(Text(N_("Two players at one table need two different names.")))
    if not 0 <= dealer < len(seats):
        raise TarotError(Text(N_("The dealer must sit at the table.")))
    return TableState(seats, seed, dealer)


def deal_of(state: TableState) -> Deal:
    """The deal in play, replayed from its seed and log (the engine is the only judge of the rules)."""
    return Deal.replay(state.players, state.seed, state.log, dealer=state.dealer)


def finished(state: TableState) -> bool:
    return deal_of(state).phase in OVER


def can_act(state: TableState, seat: int, action: Action, version: int, deal: Deal | None = None) -> Verdict:
    """Whether ``seat`` may play ``action`` on the table it saw at ``version``, and if not why. ``deal``: the
    state's deal already replayed (a store's cache); it is judged on a copy and never changed."""
    if version != state.version:
        return Verdict(False, Text(N_("The table has moved on since your screen was drawn: here it is again.")))
    if not 0 <= seat < state.players:
        return Verdict(False, Text(N_("There is no such seat at this table.")))
    if getattr(action, "seat", None) != seat:
        return Verdict(False, Text(N_("You can only act for your own seat.")))
    d = deal_of(state) if deal is None else deal.copy()
    if d.phase in OVER:
        return Verdict(False, Text(N_("This deal is over.")))
    try:
        d.apply(action)  # on a fresh replay: the state itself never changes
    except TarotError as err:
        return Verdict(False, str(err))
    return Verdict(True)


def act(state: TableState, seat: int, action: Action, version: int, deal: Deal | None = None) -> TableState:
    """The table after ``seat`` plays ``action``; ``Refused`` (with the reason) when it may not."""
    verdict = can_act(state, seat, action, version, deal)
    if not verdict.ok:
        raise Refused(verdict.reason)
    return replace(state, log=state.log + (action,), version=state.version + 1)


def bot_to_act(state: TableState) -> int | None:
    """The bot seat whose turn it is, or None (a human's turn, or the deal is over)."""
    seat = deal_of(state).to_act
    return seat if seat is not None and state.seats[seat].is_bot else None


def advance_bots(state: TableState, limit: int = 500, deal: Deal | None = None) -> TableState:
    """Bots play while it is a bot's turn; each sees only its own seat's view. ``deal``: the state's deal
    already replayed; it is played on (the caller's copy)."""
    d = deal_of(state) if deal is None else deal
    log, version = list(state.log), state.version
    for _ in range(limit):
        seat = d.to_act
        if d.phase in OVER or seat is None or not state.seats[seat].is_bot:
            break
        action = bot_for(state.seats[seat].level)(d.view(seat)).action
        d.apply(action)
        log.append(action)
        version += 1
    return replace(state, log=tuple(log), version=version)


def deal_scores(state: TableState, d: Deal | None = None) -> tuple[int, ...]:
    """Each seat's score for the deal in play (``d``, when already replayed), once it is over (a cancelled deal
    scores 0 for everyone)."""
    d = deal_of(state) if d is None else d
    if d.phase is Phase.CANCELLED:
        return (0,) * state.players
    return tuple(int(s) for s in d.result().seat_scores)


def totals(state: TableState) -> tuple[int, ...]:
    """Running totals over the deals already played, seat by seat (they always sum to 0)."""
    return tuple(sum(row[i] for row in state.scores) for i in range(state.players))


def next_deal(state: TableState, seed: int, dealer: int | None = None) -> TableState:
    """After a finished deal: its scores go on the sheet and the next dealer deals (the deal passes on), or
    ``dealer`` when given (a class duplicate: every table deals the same deal, whoever dealt before)."""
    d = deal_of(state)  # replayed once for the check, the dealer and the scores
    if d.phase not in OVER:
        raise Refused(Text(N_("The deal is not finished yet.")))
    if dealer is None:
        dealer = next_deal_after(state.players, state.dealer, "played" if d.phase is Phase.DONE else "all_pass").dealer
    elif not 0 <= dealer < state.players:
        raise Refused(Text(N_("The dealer must sit at the table.")))
    return TableState(state.seats, seed, dealer, (), state.version + 1, state.scores + (deal_scores(state, d),))


def stand_in(state: TableState, seat: int, level: str) -> TableState:
    """A bot at ``level`` plays a quiet human's seat for the rest of the deal (the store gives the seat back at
    the next deal)."""
    if state.seats[seat].is_bot:
        raise Refused(Text(N_("A bot already plays this seat.")))
    seats = state.seats[:seat] + (bot(level),) + state.seats[seat + 1:]
    return replace(state, seats=seats, version=state.version + 1)


def with_seat(state: TableState, seat: int, who: Seat) -> TableState:
    """A seat given to a bot or to someone who arrives: between deals only (no card played yet)."""
    if state.log:
        raise Refused(Text(N_("A seat can change hands only between deals.")))
    seats = state.seats[:seat] + (who,) + state.seats[seat + 1:]
    new_table(seats, seed=state.seed, dealer=state.dealer)  # the same checks as a new table
    return replace(state, seats=seats, version=state.version + 1)


def renamed(state: TableState, seats: tuple[Seat, ...]) -> TableState:
    """The same seats under new names (a learner renamed on the class roster), at any moment of a deal: a new
    version, so every page at the table draws the names again."""
    if [s.is_bot for s in seats] != [s.is_bot for s in state.seats]:
        raise Refused(Text(N_("A seat can change hands only between deals.")))
    return replace(state, seats=tuple(seats), version=state.version + 1)


def to_dict(state: TableState) -> dict:
    """The state as JSON-ready data (a store's row): the actions as their codes, one line."""
    return {"seats": [{"name": s.name, "level": s.level} for s in state.seats], "seed": state.seed,
            "dealer": state.dealer, "log": log_text(state.log), "version": state.version,
            "scores": [list(row) for row in state.scores]}


def from_dict(data: dict) -> TableState:
    """``to_dict`` read back.

    >>> t = advance_bots(new_table([bot("club")] * 4, seed=3))
    >>> from_dict(to_dict(t)) == t
    True
    """
    return TableState(tuple(Seat(name=s.get("name", ""), level=s.get("level", "")) for s in data["seats"]),
                      int(data["seed"]), int(data["dealer"]), tuple(parse_log(data.get("log", ""))),
                      int(data["version"]), tuple(tuple(int(x) for x in row) for row in data.get("scores", ())))
