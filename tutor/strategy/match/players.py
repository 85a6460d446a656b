"""Who sits at a duplicate table: a policy named on the command line, for the seat measured or for the others.

A **player** decides for one seat from that seat's view only (``move(view, seed)``: the action, and the deal's
seed, which the advisor seeds its samples with). It is told when a deal starts and ends for a seat it plays
(``begin``, ``end``), and closed when the match is over. The names a match takes:

- ``advisor``: the advisor (``advisor_move``, its budget a decision);
- ``bots``, ``reference``, any name of ``bots.POLICIES``: that bot policy;
- ``cmd:PROGRAM ARGS``: an outside program speaking the seat protocol (``protocol``), one process per seat it
  plays among the others, one for the seat measured.

>>> Cast.parse("cmd:python3 my_bot.py --fast").program
['python3', 'my_bot.py', '--fast']
>>> Cast.parse("bots").program is None and Cast.parse("reference").name
'reference'
"""

from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass

from ...engine import Action, Bid, Deal, Phase, PlayCard, SeatView, ShowPoignee, poignee_options, poignee_to_show
from ...engine.errors import TarotError
from ...engine.rules import Contract
from ...i18n import _
from ..advisor.advise import advise_actions, advise_card
from ..bots import POLICIES
from ..bots.policy import choose_play, decide

PROGRAM = "cmd:"


def advisor_move(view: SeatView, budget_ms: float, seed: int) -> Action:
    """The advisor's action for the seat whose view this is (the bot's when it is tied with the best). It sees
    only that view: the samples it plays on are dealt from what the seat may know."""
    seat = view.seat
    bot = decide(view).action
    if view.phase is Phase.BIDDING and seat not in view.barred:
        top = max((b for _s, b in view.bids if b is not None), default=None)
        options = [None] + [c for c in Contract if top is None or c > top]
        branches = {("pass" if o is None else o.value): Bid(seat, o) for o in options}
        mine = "pass" if bot.contract is None else bot.contract.value
        a = advise_actions(view, branches, budget_ms=budget_ms, seed=seed, prefer=mine)
        return branches[a.pick]
    if view.phase is Phase.PLAYING:
        first = not view.tricks and seat not in view.trick_seats
        levels = poignee_options(list(view.hand), players=view.players) if first else []
        if levels and not any(s == seat for s, _c in view.poignees):
            shown = ShowPoignee(seat, tuple(poignee_to_show(list(view.hand), levels[-1], players=view.players)))
            card = PlayCard(seat, choose_play(view)[0])
            a = advise_actions(view, {"show": (shown, card), "hide": card}, budget_ms=budget_ms, seed=seed)
            return shown if a.tied("show") else card  # the bots show: keep that unless hiding is better
        if len(view.legal) < 2:
            return bot
        a = advise_card(view, budget_ms=budget_ms, seed=seed)
        return PlayCard(seat, a.pick)  # the best mean (the bot's card when it scores the same)
    return bot


class Policy:
    """A bot policy (``POLICIES``): its move for the view, nothing else to start or stop."""

    def __init__(self, name: str):
        self.name = name
        self.decide = POLICIES[name]
        self.faults: Counter = Counter()

    def move(self, view: SeatView, seed: int) -> Action:
        return self.decide(view).action

    def begin(self, seat: int, deal: Deal, board: int) -> None:
        pass

    def end(self, seat: int, deal: Deal) -> None:
        pass

    def close(self) -> None:
        pass


class Advisor(Policy):
    """The advisor, at ``budget_ms`` a decision; the bots' move when no sampled deal fits the view."""

    def __init__(self, budget_ms: float):
        self.name, self.budget_ms, self.faults = "advisor", budget_ms, Counter()

    def move(self, view: SeatView, seed: int) -> Action:
        try:
            return advisor_move(view, self.budget_ms, seed)
        except ValueError:  # no sample fits what the seat saw (should not happen): the bot's move
            return decide(view).action


@dataclass(frozen=True)
class Cast:
    """One side of a match as named on the command line (``advisor``, a bot policy or ``cmd:PROGRAM``)."""

    name: str
    program: list[str] | None = None

    @classmethod
    def parse(cls, text: str) -> Cast:
        """The cast named ``text``; a TarotError names the choices when it is none of them."""
        text = text.strip()
        if text.startswith(PROGRAM):
            try:
                argv = shlex.split(text[len(PROGRAM):])
            except ValueError as err:
                raise TarotError(_("cannot read the program's command line {text!r}: {why}").format(
                    text=text, why=err)) from None
            if not argv:
                raise TarotError(_("'cmd:' needs a program after it, e.g. 'cmd:python3 my_bot.py'"))
            return cls(text, argv)
        if text != "advisor" and text not in POLICIES:
            raise TarotError(_("unknown player {text!r}: choose from {choices}").format(
                text=text, choices=", ".join(["advisor", *POLICIES, "cmd:PROGRAM"])))
        return cls(text)

    def __hash__(self) -> int:
        return hash(self.name)


@dataclass(frozen=True)
class Lineup:
    """Who plays: the seat measured (``seat``) and the others; the advisor's budget, the programs' time limit
    per decision (seconds) and where their standard error goes (None: passed through)."""

    seat: str = "advisor"
    others: str = "bots"
    budget_ms: float = 300
    time_limit: float = 2.0
    stderr: str | None = None

    @property
    def default(self) -> bool:
        return self.seat == "advisor" and self.others == "bots"


class Seating:
    """The players of one lineup in one process, started when first needed and kept for the whole match:
    ``measured`` plays the seat being measured, ``other(seat)`` each other seat."""

    def __init__(self, lineup: Lineup):
        self.lineup = lineup
        self._measured = None
        self._others: dict[int, Policy] = {}

    def _make(self, text: str):
        cast = Cast.parse(text)
        if cast.program is not None:
            from .protocol import Program
            return Program(cast.program, time_limit=self.lineup.time_limit, stderr=self.lineup.stderr)
        if cast.name == "advisor":
            return Advisor(self.lineup.budget_ms)
        return Policy(cast.name)

    @property
    def measured(self):
        if self._measured is None:
            self._measured = self._make(self.lineup.seat)
        return self._measured

    def other(self, seat: int):
        """The player of another seat: one shared policy object, or one program process per seat."""
        if Cast.parse(self.lineup.others).program is None:
            seat = 0
        if seat not in self._others:
            self._others[seat] = self._make(self.lineup.others)
        return self._others[seat]

    def faults(self) -> dict:
        """What the programs did wrong, by kind, over both sides (``measured`` and ``others``)."""
        out: dict = {"seat": {}, "others": {}}
        if self._measured is not None:
            out["seat"] = dict(self._measured.faults)
        total: Counter = Counter()
        for p in self._others.values():
            total.update(p.faults)
        out["others"] = dict(total)
        return out

    def close(self) -> None:
        for p in [self._measured, *self._others.values()]:
            if p is not None:
                p.close()
        self._measured, self._others = None, {}


_TABLES: dict[Lineup, Seating] = {}


def seating_for(lineup: Lineup) -> Seating:
    """This process's players for ``lineup`` (boards played in other processes start their own)."""
    if lineup not in _TABLES:
        _TABLES[lineup] = Seating(lineup)
    return _TABLES[lineup]


def close_seatings() -> None:
    """Stop every program this process started (the end of a match)."""
    while _TABLES:
        _TABLES.popitem()[1].close()


__all__ = ["advisor_move", "Policy", "Advisor", "Cast", "Lineup", "Seating", "seating_for", "close_seatings"]
