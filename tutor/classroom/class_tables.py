"""Tables for a class (issue 36, point 6): the teacher seats the learners of a class quiz at several tables at once.

The learners who joined the quiz (its roster) are seated at tables of 3, 4 or 5, by hand or shuffled
(``shuffled``); every seat is a learner or a bot: the teacher hosts the tables from the teacher page
(``Teaching``) and does not play. Each learner's class token finds their seat (``seat_of``) and gets them a seat
token there (``seat_token``): no second code to type, no PIN (the class's PIN brings the class page back).
Nobody joins a class's table with its code (``TableStore.join`` refuses).

In **duplicate** every table deals the same deals in the same order: deal ``n`` has the seed and dealer
``duplicate_deal(seed, n, players)`` at every table, so the same seat holds the same hand at every table, and the
ranking (``ranking``, the class duplicate's ``duplicate_stats.ranking``) compares each seat's score with the scores
of the same seat at the other tables (the FFT's topage). Every deal played at a class table is kept in its
history, for the teacher's reviews and the ranking.

>>> seating = shuffled([11, 12, 13, 14, 15], tables=2, size=3, seed=1)
>>> [len(t) for t in seating], sorted(p for t in seating for p in t if p), [t.count(None) for t in seating]
([3, 3], [11, 12, 13, 14, 15], [0, 1])
>>> (s0, d0), (s1, d1) = duplicate_deal(7, 0, 4), duplicate_deal(7, 1, 4)
>>> duplicate_deal(7, 0, 4) == (s0, d0), d1 == (d0 + 1) % 4
(True, True)
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..db import name_key, utcnow
from ..db.classroom import ClassPlayer
from ..db.together import ClassSeat, ClassTable, PlaySeat, PlayTable
from ..engine import Deal, Phase
from ..engine.actions import parse_action
from ..engine.words import N_, Text
from ..practice import together
from ..practice.table import LEVELS
from ..progress.db import StoreError, writing
from ..progress.hashing import token_hash
from .codes import new_code
from .duplicate_stats import Standing
from .duplicate_stats import ranking as _ranking
from .store import ClassStore
from .table_records import Outcome, Snapshot, TableError, Teaching
from .tables import TableStore, clean_quiet

MAX_TABLES = 20  # tables one class opens at once
SIZES = (3, 4, 5)
NO_PIN = "class"  # a class seat's PIN hash: no PIN matches it (the Class page brings the seat back)


@dataclass(frozen=True)
class MySeat:
    """Where a learner of the class sits: the table, its number in the class, the seat (None: waiting for one),
    and the names at the table seat by seat ("" for a bot)."""

    table_id: int
    person_id: int
    number: int
    seat: int | None
    names: tuple[str, ...]


# ---------------------------------------------------------------- seating, pure


def tables_needed(learners: int, size: int) -> int:
    """How many tables of ``size`` seat ``learners`` (at least one).

    >>> tables_needed(9, 4), tables_needed(8, 4), tables_needed(0, 3)
    (3, 2, 1)
    """
    return max(1, math.ceil(learners / size))


def in_order(learners: Sequence[int], *, tables: int, size: int) -> list[list[int | None]]:
    """The learners in their order, to the tables in turn (as evenly as they go), the seats left to bots (None): the
    seating a teacher changes by hand.

    >>> in_order([1, 2, 3, 4, 5], tables=2, size=3)
    [[1, 3, 5], [2, 4, None]]
    """
    _fits(len(learners), tables, size)
    return [(list(learners[t::tables]) + [None] * size)[:size] for t in range(tables)]


def _fits(learners: int, tables: int, size: int) -> None:
    if size not in SIZES:
        raise TableError(Text(N_("A table has 3, 4 or 5 seats.")))
    if not 1 <= tables <= MAX_TABLES:
        raise TableError(Text(N_("A class opens 1 to {most} tables at once."), most=MAX_TABLES))
    if learners > tables * size:
        raise TableError(Text(N_("{n} learners need more than {seats} seats: add a table."), n=learners,
                              seats=tables * size))


def shuffled(learners: Sequence[int], *, tables: int, size: int, seed=None) -> list[list[int | None]]:
    """The learners dealt at random to ``tables`` tables of ``size`` seats, as evenly as they go (a table has at
    most one learner more than another), each table's learners in random seats and bots (None) in the rest."""
    rng = random.Random(seed)
    people = list(learners)
    rng.shuffle(people)
    out = in_order(people, tables=tables, size=size)
    for seats in out:
        rng.shuffle(seats)
    return out


def checked(seating: Sequence[Sequence[int | None]], roster: Mapping[int, str], *, duplicate: bool = False
            ) -> list[list[int | None]]:
    """The seating (a list of tables, each a list of learner ids or None for a bot) as it may be opened, or
    ``TableError`` saying what is wrong with it."""
    seating = [list(t) for t in seating]
    if not 1 <= len(seating) <= MAX_TABLES:
        raise TableError(Text(N_("A class opens 1 to {most} tables at once."), most=MAX_TABLES))
    seen: set[int] = set()
    for n, table in enumerate(seating, start=1):
        if len(table) not in SIZES:
            raise TableError(Text(N_("A table has 3, 4 or 5 seats.")))
        people = [p for p in table if p is not None]
        if not people:
            raise TableError(Text(N_("Table {n} has only bots: seat a learner there or open one table fewer."), n=n))
        for p in people:
            if p not in roster:
                raise TableError(Text(N_("Only the learners who joined this class quiz can be seated.")))
            if p in seen:
                raise TableError(Text(N_("{name} is seated twice."), name=roster[p]))
            seen.add(p)
    if duplicate and len({len(t) for t in seating}) > 1:
        raise TableError(Text(N_("In duplicate every table has the same number of seats.")))
    return seating


def duplicate_deal(seed: int, number: int, players: int) -> tuple[int, int]:
    """The seed and dealer of deal ``number`` (from 0) of a class duplicate, the same at every table: the deal
    passes to the next seat each time, whatever happened at a table (everyone passing included)."""
    first = random.Random(f"class-duplicate:{seed}").randrange(players)
    return random.Random(f"class-duplicate:{seed}:{number}").randrange(10**6), (first + number) % players


# ---------------------------------------------------------------- the deals played and the ranking, pure


def played(snap: Snapshot) -> list[tuple[Deal, tuple[str, ...]]]:
    """Every deal played to its end at a class table, in order: the deal and the names seat by seat ("" for a
    bot); the deal on the table counts once it is over."""
    out = []
    for last in snap.history:
        d = Deal.replay(snap.state.players, last["seed"], [parse_action(a) for a in last["log"].split()],
                        dealer=last["dealer"])
        out.append((d, tuple(last.get("seats", ()))))
    if snap.started and snap.over:
        out.append((snap.deal, tuple(s.name for s in snap.state.seats)))
    return out


def results(snaps: Sequence[Snapshot]) -> dict[tuple, tuple[int, bool]]:
    """For the duplicate ranking: (who, (deal, seat)) -> (score, in attack). ``who`` is a learner's name, or
    ("bot", table number, seat) for a bot's seat; a seat's score is compared with the same seat's at the other
    tables, which held the same hand. A deal everyone passed scores 0, in defence."""
    out: dict[tuple, tuple[int, bool]] = {}
    for snap in snaps:
        for n, (d, names) in enumerate(played(snap)):
            scores = _scores(d)
            for seat in range(d.players):
                name = names[seat] if seat < len(names) else ""
                who = name if name else ("bot", snap.number, seat)
                out[(who, (n, seat))] = (scores[seat], d.phase is Phase.DONE and d.camp(seat) == "attack")
    return out


def _scores(d: Deal) -> tuple[int, ...]:
    if d.phase is Phase.CANCELLED:
        return (0,) * d.players
    return tuple(int(s) for s in d.result().seat_scores)


def ranking(snaps: Sequence[Snapshot], bot_name: Callable[[int, int], str]) -> list[Standing]:
    """The class duplicate's ranking of everyone who played a deal at the class's tables (bots included, named
    by ``bot_name(table number, seat)``): each deal's note is the topage among the same seat at every table."""
    found = results(snaps)
    names = {who: who if isinstance(who, str) else bot_name(who[1], who[2]) for who, _ in found}
    return _ranking(0, found, names)


def renamed_in(conn, player_id: int, name: str) -> None:
    """Inside the roster's rename (the same transaction): the learner's new name at their class table too: their
    place, the table's seats (a new version, so every page there draws it) and the deals already played, so the
    reviews and the duplicate ranking go on naming one learner."""
    row = conn.execute(select(PlaySeat.id, PlaySeat.table_id, PlaySeat.name)
                       .join(ClassSeat, ClassSeat.seat_id == PlaySeat.id)
                       .where(ClassSeat.player_id == player_id)).one_or_none()
    if row is None or row.name == name:
        return
    conn.execute(update(PlaySeat).where(PlaySeat.id == row.id).values(name=name, name_key=name_key(name)))
    table = conn.execute(select(PlayTable.state).where(PlayTable.id == row.table_id)).one()
    state = together.from_dict(table.state)
    seats = tuple(together.human(name) if s.name == row.name else s for s in state.seats)
    if seats != state.seats:
        state = together.renamed(state, seats)
        conn.execute(update(PlayTable).where(PlayTable.id == row.table_id)
                     .values(state=together.to_dict(state), version=state.version))
    history = conn.execute(select(ClassTable.history).where(ClassTable.table_id == row.table_id)).scalar_one()
    if history:
        conn.execute(update(ClassTable).where(ClassTable.table_id == row.table_id).values(history=[
            {**deal, "seats": [name if n == row.name else n for n in deal.get("seats", ())]} for deal in history]))


# ---------------------------------------------------------------- the store


class ClassTables:
    """A class quiz's tables, on the class store's database."""

    def __init__(self, cs: ClassStore):
        self.cs = cs
        self.ts = TableStore(cs.engine, cs.where)

    def _db(self, fn, *args):
        return self.ts._db(fn, *args)

    def roster(self, quiz_id: int) -> dict[int, str]:
        """The learners who joined the quiz, id -> name, in join order."""
        return {p.id: p.name for p in self.cs.results(quiz_id)[0]}

    def ids(self, quiz_id: int) -> list[int]:
        def run():
            with self.cs.engine.connect() as conn:
                return [t for (t,) in conn.execute(select(ClassTable.table_id).where(ClassTable.quiz_id == quiz_id)
                                                   .order_by(ClassTable.number))]
        return self._db(run)

    def tables(self, quiz_id: int) -> list[Snapshot]:
        """The quiz's tables, by number."""
        return [self.ts.table(t) for t in self.ids(quiz_id)]

    def versions(self, quiz_id: int) -> tuple[int, ...]:
        """Every table's version, by number: the one small read the dashboard repeats."""
        def run():
            with self.cs.engine.connect() as conn:
                return tuple(v for (v,) in conn.execute(
                    select(PlayTable.version).join(ClassTable, ClassTable.table_id == PlayTable.id)
                    .where(ClassTable.quiz_id == quiz_id).order_by(ClassTable.number)))
        return self._db(run)

    def open(self, quiz_id: int, seating, *, level: str = "club", duplicate: bool = False,
             quiet_seconds: int | None = 90, seed: int | None = None, now: datetime | None = None
             ) -> list[Snapshot]:
        """Open the quiz's tables as seated (see ``checked``), hosted by the teacher; in ``duplicate`` every table
        deals the same deals. Refused while the quiz has tables open (close them to seat the class again)."""
        now = now or utcnow()
        if level not in LEVELS:
            raise TableError(Text(N_("There is no such bot level.")))
        quiet = clean_quiet(quiet_seconds)
        roster = self.roster(quiz_id)
        seating = checked(seating, roster, duplicate=duplicate)
        seed = secrets.randbelow(10**6) if seed is None else int(seed)
        made = []
        for n, table in enumerate(seating, start=1):
            players = len(table)
            if duplicate:
                s, dealer = duplicate_deal(seed, 0, players)
            else:
                s = random.Random(f"class-table:{seed}:{n}").randrange(10**6)
                dealer = random.Random(s).randrange(players)
            state = together.new_table([together.human(roster[p]) if p is not None else together.bot(level)
                                        for p in table], seed=s, dealer=dealer)
            made.append((n, table, state))

        def run():
            for _try in range(20):  # a clash of table codes is rare; try again
                try:
                    with writing(self.cs.engine) as conn:
                        if conn.execute(select(ClassTable.table_id).where(ClassTable.quiz_id == quiz_id)).first():
                            raise TableError(Text(N_("This class's tables are already open: close them to seat "
                                                     "the class again.")))
                        ids = []
                        for n, table, state in made:
                            tid = conn.execute(insert(PlayTable).values(
                                code=new_code(), host="", players=state.players, level=level,
                                state=together.to_dict(state), version=state.version, started=False,
                                quiet_seconds=quiet, created_at=now, acted_at=now)).inserted_primary_key[0]
                            conn.execute(insert(ClassTable).values(table_id=tid, quiz_id=quiz_id, number=n,
                                                                   duplicate_seed=seed if duplicate else None,
                                                                   history=[]))
                            for seat, p in enumerate(table):
                                if p is None:
                                    continue
                                pid = conn.execute(insert(PlaySeat).values(
                                    table_id=tid, name=roster[p], name_key=name_key(roster[p]), seat=seat, host=False,
                                    token_hash=token_hash(secrets.token_urlsafe(24)), pin_hash=NO_PIN,
                                    joined_at=now)).inserted_primary_key[0]
                                conn.execute(insert(ClassSeat).values(seat_id=pid, player_id=p))
                            ids.append(tid)
                        return ids
                except IntegrityError:
                    continue
            raise StoreError.from_exception(RuntimeError("no free table code"), self.cs.where)
        return [self.ts.table(t) for t in self._db(run)]

    def close(self, quiz_id: int) -> int:
        """Close the quiz's tables (their deals and scores go with them); how many there were."""
        ids = self.ids(quiz_id)

        def run():
            with writing(self.cs.engine) as conn:
                seats = select(PlaySeat.id).where(PlaySeat.table_id.in_(ids))
                conn.execute(delete(ClassSeat).where(ClassSeat.seat_id.in_(seats)))
                conn.execute(delete(PlaySeat).where(PlaySeat.table_id.in_(ids)))
                conn.execute(delete(ClassTable).where(ClassTable.table_id.in_(ids)))
                conn.execute(delete(PlayTable).where(PlayTable.id.in_(ids)))
        if ids:
            self._db(run)
        return len(ids)

    # -- the teacher hosts -------------------------------------------------------------------------

    def _mine(self, quiz_id: int, table_id: int) -> Snapshot:
        snap = self.ts.table(table_id) if table_id in self.ids(quiz_id) else None
        if snap is None:
            raise TableError(Text(N_("That table is not one of this class's.")))
        return snap

    def start(self, quiz_id: int, table_id: int, version: int, now: datetime | None = None) -> Outcome:
        self._mine(quiz_id, table_id)
        return self.ts.start(Teaching(table_id), version, now)

    def next_deal(self, quiz_id: int, table_id: int, version: int, now: datetime | None = None) -> Outcome:
        """The next deal at one table: in duplicate, the class's next deal (the same at every table)."""
        snap = self._mine(quiz_id, table_id)
        seed = dealer = None
        if snap.duplicate_seed is not None:
            seed, dealer = duplicate_deal(snap.duplicate_seed, len(snap.state.scores) + 1, snap.state.players)
        return self.ts.next_deal(Teaching(table_id), version, now, seed=seed, dealer=dealer)

    def start_all(self, quiz_id: int, now: datetime | None = None) -> int:
        """Start the deal at every table waiting for it; how many started."""
        return sum(self.start(quiz_id, s.id, s.version, now).ok for s in self.tables(quiz_id) if not s.started)

    def next_all(self, quiz_id: int, now: datetime | None = None) -> int:
        """Deal the next hand at every table whose deal is over; how many."""
        return sum(self.next_deal(quiz_id, s.id, s.version, now).ok for s in self.tables(quiz_id)
                   if s.started and s.over)

    def stand_in(self, quiz_id: int, table_id: int, seat: int, version: int, now: datetime | None = None) -> Outcome:
        self._mine(quiz_id, table_id)
        return self.ts.stand_in(Teaching(table_id), seat, version, now)

    def to_bot(self, quiz_id: int, table_id: int, seat: int, version: int, now: datetime | None = None) -> Outcome:
        """Between deals, a learner's seat to a bot; the learner waits at that table for a seat."""
        self._mine(quiz_id, table_id)
        return self.ts.to_bot(Teaching(table_id), seat, version, now)

    def give_seat(self, quiz_id: int, table_id: int, seat: int, person_id: int, version: int,
                  now: datetime | None = None) -> Outcome:
        """Between deals, a bot's seat to a learner waiting at that table."""
        self._mine(quiz_id, table_id)
        return self.ts.give_seat(Teaching(table_id), seat, person_id, version, now)

    def unseated(self, quiz_id: int) -> dict[int, str]:
        """The learners of the quiz with no place at any of its tables (who joined late, or were left out)."""
        def run():
            with self.cs.engine.connect() as conn:
                return {p for (p,) in conn.execute(
                    select(ClassSeat.player_id).join(PlaySeat, PlaySeat.id == ClassSeat.seat_id)
                    .join(ClassTable, ClassTable.table_id == PlaySeat.table_id).where(ClassTable.quiz_id == quiz_id))}
        placed = self._db(run)
        return {p: name for p, name in self.roster(quiz_id).items() if p not in placed}

    def seat_learner(self, quiz_id: int, table_id: int, seat: int, player_id: int, version: int,
                     now: datetime | None = None) -> Outcome:
        """Between deals, a bot's seat at one of the class's tables to a learner of the quiz who has no place at
        any of them (one who joined late, or was left out)."""
        now = now or utcnow()
        snap = self._mine(quiz_id, table_id)
        name = self.unseated(quiz_id).get(player_id)
        if name is None:
            raise TableError(Text(N_("Only a learner of this quiz without a place at its tables can be seated.")))
        if snap.version != version:
            return self.ts._stale(table_id)
        if snap.started:
            raise TableError(Text(N_("A seat can change hands only between deals.")))
        if not 0 <= seat < snap.state.players or not snap.state.seats[seat].is_bot:
            raise TableError(Text(N_("Only a bot's seat can be given to someone waiting.")))
        state = together.with_seat(snap.state, seat, together.human(name))

        def run():
            try:
                with writing(self.cs.engine) as conn:
                    done = conn.execute(update(PlayTable).where(PlayTable.id == table_id,
                                                                PlayTable.version == snap.version).values(
                        state=together.to_dict(state), version=state.version, acted_at=now)).rowcount
                    if not done:
                        return False
                    pid = conn.execute(insert(PlaySeat).values(
                        table_id=table_id, name=name, name_key=name_key(name), seat=seat, host=False,
                        token_hash=token_hash(secrets.token_urlsafe(24)), pin_hash=NO_PIN,
                        joined_at=now)).inserted_primary_key[0]
                    conn.execute(insert(ClassSeat).values(seat_id=pid, player_id=player_id))
                    return True
            except IntegrityError as exc:  # the same learner seated at once from two tabs
                raise TableError(Text(N_("Only a learner of this quiz without a place at its tables can be "
                                         "seated."))) from exc
        if not self._db(run):
            return self.ts._stale(table_id)
        return Outcome(True, "", self.ts.table(table_id))

    # -- the learner -------------------------------------------------------------------------------

    def seat_of(self, class_token: str) -> MySeat | None:
        """Where the learner of this class token sits, or None (not seated, or no tables open)."""
        _quiz, player = self.cs.me(class_token)

        def run():
            with self.cs.engine.connect() as conn:
                return conn.execute(select(PlaySeat.id, PlaySeat.table_id, PlaySeat.seat, ClassTable.number)
                                    .join(ClassSeat, ClassSeat.seat_id == PlaySeat.id)
                                    .join(ClassTable, ClassTable.table_id == PlaySeat.table_id)
                                    .where(ClassSeat.player_id == player.id)).one_or_none()
        row = self._db(run)
        if row is None:
            return None
        snap = self.ts.table(row.table_id)
        return MySeat(row.table_id, row.id, row.number, row.seat, tuple(s.name for s in snap.state.seats))

    def placed(self, class_token: str) -> tuple[int, int | None] | None:
        """(table, seat) of the learner of this class token, or None: the one small read their Class page repeats
        to see the teacher seat them."""
        def run():
            with self.cs.engine.connect() as conn:
                return conn.execute(select(PlaySeat.table_id, PlaySeat.seat)
                                    .join(ClassSeat, ClassSeat.seat_id == PlaySeat.id)
                                    .join(ClassPlayer, ClassPlayer.id == ClassSeat.player_id)
                                    .where(ClassPlayer.token_hash == token_hash(str(class_token)))).one_or_none()
        row = self._db(run)
        return None if row is None else (row.table_id, row.seat)

    def seat_token(self, class_token: str) -> str:
        """A seat token at the learner's class table (the one they held before stops working)."""
        seat = self.seat_of(class_token)
        if seat is None:
            raise TableError(Text(N_("Your teacher has not seated you at a table yet.")))
        return self.ts.new_seat_token(seat.person_id)
