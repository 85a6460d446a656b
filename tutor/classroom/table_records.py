"""What a table read from the database looks like (``Snapshot``, ``Person``, ``Me``, ``Outcome``), its refusals
(``TableError``), and the replayed deal of each (table, version) kept in the process (``deal_at``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

from ..engine import Deal, TarotError
from ..practice import together
from ..practice.table import OVER

CACHE_SIZE = 256  # replayed deals kept per process (one per table and version)


class TableError(TarotError):
    """A refusal a player can read (``str(err)``: a ``Text`` the page says in their language)."""


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    seat: int | None  # None: waiting for a seat
    host: bool
    stand_in: bool  # a bot plays their seat until the deal ends


@dataclass(frozen=True)
class Snapshot:
    """A table as read at one version. ``deal`` is the cached replay: read it, never change it."""

    id: int
    code: str
    host: str
    level: str
    started: bool
    quiet_seconds: int | None
    acted_at: datetime
    state: together.TableState
    deal: Deal
    people: tuple[Person, ...]
    last: dict | None
    quiz_id: int | None = None  # a class's table (``tutor.classroom.class_tables``): the teacher hosts it
    number: int | None = None  # its number in the class
    duplicate_seed: int | None = None  # a class duplicate's seed: every table deals the same deals
    history: tuple = ()  # a class table: every deal played at it (seed, dealer, log, seats)

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def over(self) -> bool:
        return self.deal.phase in OVER

    def person_at(self, seat: int) -> Person | None:
        return next((p for p in self.people if p.seat == seat), None)

    @property
    def waiting(self) -> tuple[Person, ...]:
        return tuple(p for p in self.people if p.seat is None)


@dataclass(frozen=True)
class Teaching:
    """The teacher hosting a class's table from the teacher page (signed in there): in place of a host's seat
    token for the host's actions, and only at a class's table."""

    table_id: int


@dataclass(frozen=True)
class Me:
    """Who a seat token belongs to."""

    table_id: int
    person: Person

    @property
    def seat(self) -> int | None:
        return self.person.seat


@dataclass(frozen=True)
class Outcome:
    """What became of an action: accepted or not (``reason`` says why not), and the table as it now is."""

    ok: bool
    reason: str
    table: Snapshot


_CACHE: OrderedDict = OrderedDict()
_LOCK = threading.Lock()


def deal_at(table_id: int, code: str, state: together.TableState) -> Deal:
    """The state's deal, replayed once per (table, version) in this process."""
    key = (table_id, code, state.version)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    d = together.deal_of(state)
    remember(key, d)
    return d


def remember(key, d: Deal) -> None:
    with _LOCK:
        _CACHE[key] = d
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def cached(table_id: int, code: str, version: int) -> bool:
    """Whether this process holds the replayed deal of the table at ``version`` (for tests)."""
    with _LOCK:
        return (table_id, code, version) in _CACHE
