"""Duplicate tournaments kept in the database (migration ``0016``): a reload or another device reopens one.

A tournament is its whole set-up (``tutor.club.duplicate_setup.setup_to_dict``: players, étuis card by card,
movement), its state and one row per marque entered (étui, table). Every write raises the tournament's
``version``, which the pages on other devices watch. The ranking is never stored: it is worked out from the
marques (``tutor.club.duplicate.rank``), the same as the command line's.

Several devices enter marques at once, table by table. An entry names the marque its page showed for that
étui and table (``seen``: None when the page showed none): it is written only when the stored one is still
that, else refused with ``StaleMarque`` (nothing written) and the page shows the fresh state. The same marque
typed on two devices is one row, never two: the second entry finds it there and changes nothing.

>>> from tutor.club.duplicate_setup import make_setup
>>> from tutor.progress import Store
>>> duplicates = DuplicateStore(Store.open("sqlite://"))
>>> tid = duplicates.create(make_setup(2, 2, per_round=1, seed=3), "Friday")
>>> t = duplicates.enter(tid, 1, 1, 56, seen=None)
>>> t.marques, t.version, len(t.results())
({(1, 1): 56}, 2, 1)
>>> duplicates.enter(tid, 1, 1, 60, seen=None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tutor.progress.duplicate_store.StaleMarque: The marque of étui 1 at table 1 was entered on another device...
>>> duplicates.enter(tid, 1, 1, 60, seen=56).marques
{(1, 1): 60}
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update

from ..club.duplicate import Result
from ..club.duplicate_setup import Setup, setup_from_dict, setup_to_dict
from ..db import utcnow
from ..db.progress import DuplicateMarque, DuplicateTournament
from ..limits import MAX_DUPLICATE_SCORE
from .db import writing
from .records import _guarded
from .store import Store, clean_name

NAME_MAX = 120
STATES = ("open", "closed")  # open: marques may be entered; closed: the organiser ended the tournament


class TournamentGone(ValueError):
    """A tournament that is no longer saved (deleted on this device or another)."""

    def __init__(self) -> None:
        super().__init__("This tournament is no longer saved (it was deleted).")


class TournamentClosed(ValueError):
    """A marque for a tournament the organiser closed."""

    def __init__(self) -> None:
        super().__init__("This tournament is closed: its marques can no longer change.")


class NotPlayed(ValueError):
    """A marque for an étui and table that do not meet in this tournament's movement, or out of range."""


class StaleMarque(ValueError):
    """An entry made on a page older than the stored marque: refused, nothing written. ``stored`` is the
    marque as stored now (None: none), ``tried`` the one refused."""

    def __init__(self, etui: int, table: int, stored: int | None, tried: int | None) -> None:
        self.etui, self.table, self.stored, self.tried = etui, table, stored, tried
        super().__init__(f"The marque of étui {etui} at table {table} was entered on another device since this "
                         f"page showed it ({stored if stored is not None else 'now none'}), so yours "
                         f"({tried if tried is not None else 'none'}) was not saved.")


@dataclass(frozen=True)
class TournamentInfo:
    """One line of the list of tournaments."""

    id: int
    name: str
    tables: int
    rounds: int
    entered: int
    total: int
    state: str
    updated_at: datetime


@dataclass(frozen=True)
class SavedTournament:
    id: int
    name: str
    setup: Setup
    marques: dict  # (étui, table) -> marque
    state: str
    version: int
    created_at: datetime
    updated_at: datetime

    def results(self) -> list[Result]:
        """Every marque entered, as the ranking's results (in the order they are played)."""
        return [Result(e, table, players, self.setup.etui(e).taker, self.marques[e, table])
                for e, table, players in self.setup.plays() if (e, table) in self.marques]

    @property
    def total(self) -> int:
        return len(self.setup.plays())


def clean_tournament_name(name: str) -> str:
    """A tournament's name on one line; ValueError with a sentence when it cannot be one.

    >>> clean_tournament_name("  Friday   duplicate ")
    'Friday duplicate'
    """
    return clean_name(name, what="A tournament's name", empty="Give the tournament a name first.",
                      longest=NAME_MAX)


class DuplicateStore:
    """The duplicate tournaments of the progress database (shared by everyone using it, like the club's games)."""

    def __init__(self, store: Store):
        self.store = store

    @property
    def where(self) -> str:  # named in StoreError messages by the shared ``_guarded``
        return self.store.where

    @_guarded
    def create(self, setup: Setup, name: str, now: datetime | None = None) -> int:
        """Save a new tournament with no marque; its id."""
        name = clean_tournament_name(name)
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            return conn.execute(insert(DuplicateTournament).values(
                name=name, setup=setup_to_dict(setup), state="open", version=1, created_at=now, updated_at=now)
            ).inserted_primary_key[0]

    @_guarded
    def load(self, tid: int) -> SavedTournament | None:
        """The tournament as stored, or None. A set-up that cannot be read raises TarotError."""
        with self.store.engine.connect() as conn:
            return _read(conn, tid)

    @_guarded
    def version(self, tid: int) -> int | None:
        """The stored version (None when it is gone): one small read, for a page watching other devices."""
        with self.store.engine.connect() as conn:
            return conn.execute(select(DuplicateTournament.version).where(DuplicateTournament.id == tid)).scalar()

    @_guarded
    def enter(self, tid: int, etui: int, table: int, marque: int | None, *, seen: int | None,
              now: datetime | None = None) -> SavedTournament:
        """Write étui ``etui``'s marque at ``table`` (None: take it away), if the stored one is still ``seen``;
        the fresh tournament. ``StaleMarque`` when another device changed it since, ``TournamentGone``,
        ``TournamentClosed``, ``NotPlayed``: in every case nothing is written."""
        if marque is not None and not -MAX_DUPLICATE_SCORE <= int(marque) <= MAX_DUPLICATE_SCORE:
            raise NotPlayed(f"A marque is between -{MAX_DUPLICATE_SCORE} and {MAX_DUPLICATE_SCORE}.")
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            version = _bump(conn, tid, now)  # locks the row: entries from several devices queue up
            head = conn.execute(select(DuplicateTournament.setup, DuplicateTournament.state)
                                .where(DuplicateTournament.id == tid)).first()
            if head.state != "open":
                raise TournamentClosed
            plays = {(e, t) for e, t, _p in setup_from_dict(head.setup).plays()}
            if (etui, table) not in plays:
                raise NotPlayed(f"Table {table} does not play étui {etui} in this tournament.")
            slot = (DuplicateMarque.tournament_id == tid, DuplicateMarque.etui == etui,
                    DuplicateMarque.table_no == table)
            stored = conn.execute(select(DuplicateMarque.marque).where(*slot)).scalar()
            if stored != seen:
                if stored == marque:  # the same marque typed on another device: already there, once
                    return _read(conn, tid)
                raise StaleMarque(etui, table, stored, marque)
            if marque is None:
                conn.execute(delete(DuplicateMarque).where(*slot))
            elif stored is None:
                conn.execute(insert(DuplicateMarque).values(tournament_id=tid, etui=etui, table_no=table,
                                                            marque=int(marque), version=version, entered_at=now))
            else:
                conn.execute(update(DuplicateMarque).where(*slot).values(marque=int(marque), version=version))
            return _read(conn, tid)

    @_guarded
    def set_state(self, tid: int, state: str, now: datetime | None = None) -> SavedTournament:
        """Close a tournament (no marque changes any more) or open it again."""
        if state not in STATES:
            raise ValueError(f"A tournament is {' or '.join(STATES)}, not {state!r}.")
        with writing(self.store.engine) as conn:
            _bump(conn, tid, now or utcnow(), state=state)
            return _read(conn, tid)

    @_guarded
    def tournaments(self) -> list[TournamentInfo]:
        """Every saved tournament, the most recently changed first."""
        count = (select(DuplicateMarque.tournament_id, func.count().label("n"))
                 .group_by(DuplicateMarque.tournament_id).subquery())
        q = (select(DuplicateTournament, func.coalesce(count.c.n, 0))
             .outerjoin(count, count.c.tournament_id == DuplicateTournament.id)
             .order_by(DuplicateTournament.updated_at.desc(), DuplicateTournament.id.desc()))
        with self.store.engine.connect() as conn:
            rows = conn.execute(q).all()
        out = []
        for r in rows:
            s = r.setup if isinstance(r.setup, dict) else {}
            tables, rounds, per_round = s.get("tables", 0), s.get("rounds", 0), s.get("per_round", 0)
            out.append(TournamentInfo(r.id, r.name, tables, rounds, r[-1], tables * rounds * per_round, r.state,
                                      r.updated_at))
        return out

    @_guarded
    def delete(self, tid: int) -> bool:
        """Remove a tournament and its marques; False when there was none."""
        with writing(self.store.engine) as conn:
            conn.execute(delete(DuplicateMarque).where(DuplicateMarque.tournament_id == tid))
            return conn.execute(delete(DuplicateTournament).where(DuplicateTournament.id == tid)).rowcount > 0


def _bump(conn, tid: int, now: datetime, **values) -> int:
    """Raise the tournament's version (its row stays locked until the transaction ends); the new version."""
    found = conn.execute(update(DuplicateTournament).where(DuplicateTournament.id == tid)
                         .values(version=DuplicateTournament.version + 1, updated_at=now, **values)
                         .returning(DuplicateTournament.version)).scalar()
    if found is None:
        raise TournamentGone
    return found


def _read(conn, tid: int) -> SavedTournament | None:
    head = conn.execute(select(DuplicateTournament).where(DuplicateTournament.id == tid)).first()
    if head is None:
        return None
    rows = conn.execute(select(DuplicateMarque.etui, DuplicateMarque.table_no, DuplicateMarque.marque)
                        .where(DuplicateMarque.tournament_id == tid)).all()
    return SavedTournament(head.id, head.name, setup_from_dict(head.setup), {(e, t): m for e, t, m in rows},
                           head.state, head.version, head.created_at, head.updated_at)
