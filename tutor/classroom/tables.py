"""Tables where people play each other, kept in the database (issue 36): every action goes through here.

A host opens a table (``open``) and gets a short join code (the class quiz's, ``codes``); others join with a name
(``join``). Each person holds a seat token, signed with the tables' own server key (``SEAT_KEY``: the teacher's
"Sign out everywhere" makes a new teacher key and must not end the players' seats) and kept only as its SHA-256,
and a PIN shown once (scrypt-hashed, tried under the class PIN's slow-downs: ``throttle``) to come back from
another phone (``rejoin``).

An action (``act``) is judged on the state read from the database by ``together.can_act`` with the version the
player's page showed, then written only if the stored version is still the one read (``UPDATE … WHERE version =
:read``, in one write transaction): of two taps racing from two phones or two app processes, exactly one is
accepted, and the other is refused with a sentence and the fresh table. The replayed ``Deal`` of each (table,
version) is cached in the process, so judging an action does not replay the deal each time.

Between deals (``started`` false: before the host starts the deal) the host moves a seat to a bot (``to_bot``) or
gives a bot's seat to someone waiting (``give_seat``); during a deal, once a player whose turn it is has been quiet
for the host's quiet time, the host may let a bot play that seat until the deal ends (``stand_in``).
"""

from __future__ import annotations

import math
import random
import secrets
from datetime import datetime

from itsdangerous import BadData, BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..db import name_key, utcnow
from ..db.together import ClassTable, PlaySeat, PlayTable
from ..engine import Action, Deal, TarotError
from ..engine.words import N_, Text
from ..practice import together
from ..practice.table import LEVELS
from ..progress.db import StoreError, writing
from ..progress.hashing import dummy, make_hash, token_hash, verify
from ..progress.throttle import POLICIES, Gate
from .codes import clean_code, new_code
from .signin import signing_key
from .store import display_name, new_pin
from .table_records import (
    Me,
    Outcome,
    Person,
    Snapshot,
    TableError,
    Teaching,
    cached,  # noqa: F401 (read from here by the tests and the page)
    deal_at,
    remember,
)

SALT = "table-seat"
SEAT_KEY = "table_seats"  # the name of the seat tokens' signing key in ``server_secrets``
TOKEN_DAYS = 30  # a seat token opens its seat for a month (a club's table lasts an evening)
MAX_WAITING = 20  # people waiting for a seat at one table
QUIET_RANGE = (10, 3600)  # the host's quiet time, in seconds
PIN_POLICY = POLICIES["class_pin"]  # a table's PIN is guessed like a class's: the same slow-downs


def clean_quiet(seconds) -> int | None:
    """The host's quiet time in seconds within ``QUIET_RANGE``, or None (no quiet player is replaced)."""
    if seconds in (None, "", 0):
        return None
    value = int(seconds)
    if not QUIET_RANGE[0] <= value <= QUIET_RANGE[1]:
        raise TableError(Text(N_("The quiet time is {low} to {high} seconds."), low=QUIET_RANGE[0],
                              high=QUIET_RANGE[1]))
    return value


class TableStore:
    """Tables on ``engine`` (a progress store's engine, migrated to 0019)."""

    def __init__(self, engine: Engine, where: str = "the database"):
        self.engine, self.where = engine, where

    def _db(self, fn, *args):
        try:
            return fn(*args)
        except (TarotError, StoreError):
            raise
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc

    # -- tokens ------------------------------------------------------------------------------------

    def _signer(self) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(signing_key(self.engine, SEAT_KEY), salt=SALT)

    def _payload(self, token: str):
        """The token's signed content. A token signed before the tables had their own key (with the teacher's) is
        still read, until the teacher's next "Sign out everywhere"; that key is read only for such a token, since
        every look of every phone at its table comes through here."""
        try:
            return self._signer().loads(token, max_age=TOKEN_DAYS * 86400)
        except SignatureExpired:
            raise
        except BadSignature:
            older = URLSafeTimedSerializer(signing_key(self.engine), salt=SALT)
            return older.loads(token, max_age=TOKEN_DAYS * 86400)

    def _new_token(self, table_id: int, signer: URLSafeTimedSerializer | None = None) -> str:
        return (signer or self._signer()).dumps({"t": table_id, "n": secrets.token_hex(8)})

    def me(self, token: str) -> Me:
        """The person a seat token belongs to; ``TableError`` for a token that is not one (or no longer one)."""
        bad = TableError(Text(N_("This seat's link does not open a seat any more: join again with your name "
                                 "and PIN.")))
        if not token or len(str(token)) > 300:
            raise bad
        try:
            payload = self._payload(str(token))
        except (BadData, ValueError, TypeError):
            raise bad from None
        def run():
            with self.engine.connect() as conn:
                return conn.execute(select(PlaySeat).where(PlaySeat.token_hash == token_hash(str(token)))).one_or_none()
        row = self._db(run)
        if row is None or not isinstance(payload, dict) or payload.get("t") != row.table_id:
            raise bad
        return Me(row.table_id, _person(row))

    # -- reading -----------------------------------------------------------------------------------

    def find(self, code: str) -> int:
        """The id of the table with this code (typed loosely); ``TableError`` when there is none."""
        cleaned = clean_code(code)
        def run():
            with self.engine.connect() as conn:
                return conn.execute(select(PlayTable.id).where(PlayTable.code == cleaned)).scalar()
        found = self._db(run) if cleaned else None
        if found is None:
            raise TableError(Text(N_("There is no table with the code {code}."), code=str(code or "").strip()[:12]))
        return found

    def table(self, table_id: int) -> Snapshot:
        def run():
            with self.engine.connect() as conn:
                row = conn.execute(select(PlayTable, ClassTable.quiz_id, ClassTable.number, ClassTable.duplicate_seed,
                                          ClassTable.history).outerjoin(ClassTable, ClassTable.table_id == PlayTable.id)
                                   .where(PlayTable.id == table_id)).one()
                people = conn.execute(select(PlaySeat).where(PlaySeat.table_id == table_id).order_by(PlaySeat.id))
                return row, tuple(_person(p) for p in people)
        row, people = self._db(run)  # the table's columns, then its class's (None for a table of friends)
        state = together.from_dict(row.state)
        return Snapshot(row.id, row.code, row.host, row.level, bool(row.started), row.quiet_seconds,
                        row.acted_at, state, deal_at(row.id, row.code, state), people, row.last, row.quiz_id,
                        row.number, row.duplicate_seed, tuple(row.history or ()))

    def version(self, table_id: int) -> int:
        """The table's version: the one small read a page repeats every second."""
        def run():
            with self.engine.connect() as conn:
                return conn.execute(select(PlayTable.version).where(PlayTable.id == table_id)).scalar()
        return self._db(run)

    # -- writing: only if the version read is still the stored one ---------------------------------

    def _write(self, snap: Snapshot, state: together.TableState, deal: Deal | None, now: datetime,
               seats: dict | None = None, history: list | None = None, **values) -> bool:
        """Store ``state`` (and ``values``) if the table is still at ``snap``'s version; the people's rows in
        ``seats`` (id -> columns) and a class table's ``history`` change in the same transaction. False when
        another write came first."""
        def run():
            with writing(self.engine) as conn:
                done = conn.execute(update(PlayTable).where(PlayTable.id == snap.id,
                                                            PlayTable.version == snap.version).values(
                    state=together.to_dict(state), version=state.version, acted_at=now, **values)).rowcount
                if done:
                    for pid, cols in (seats or {}).items():
                        conn.execute(update(PlaySeat).where(PlaySeat.id == pid, PlaySeat.table_id == snap.id)
                                     .values(**cols))
                    if history is not None:
                        conn.execute(update(ClassTable).where(ClassTable.table_id == snap.id).values(history=history))
                return bool(done)
        ok = self._db(run)
        if ok and deal is not None:
            remember((snap.id, snap.code, state.version), deal)
        return ok

    def _stale(self, table_id: int) -> Outcome:
        return Outcome(False, Text(N_("The table has moved on since your screen was drawn: here it is again.")),
                       self.table(table_id))

    # -- the host ----------------------------------------------------------------------------------

    def open(self, host: str, players: int, level: str = "club", *, quiet_seconds: int | None = 90,
             seed: int | None = None, now: datetime | None = None, session: str | None = None
             ) -> tuple[Snapshot, str, str]:
        """A new table with the host in the first seat and bots in the others: the table, the host's seat
        token and PIN."""
        now = now or utcnow()
        name = display_name(host)
        if level not in LEVELS:
            raise TableError(Text(N_("There is no such bot level.")))
        quiet = clean_quiet(quiet_seconds)
        seed = secrets.randbelow(10**6) if seed is None else int(seed)
        state = together.new_table([together.human(name)] + [together.bot(level)] * (int(players) - 1),
                                   seed=seed, dealer=random.Random(seed).randrange(int(players)))
        pin = new_pin()
        pin_hashed = make_hash(pin)
        signer = self._signer()  # the server's key read (or made) before the write transaction

        def run():
            for _try in range(20):  # a clash among ~890 million codes is rare; try another
                try:
                    with writing(self.engine) as conn:
                        tid = conn.execute(insert(PlayTable).values(
                            code=new_code(), host=name, players=state.players, level=level,
                            state=together.to_dict(state), version=state.version, started=False,
                            quiet_seconds=quiet, created_at=now, acted_at=now)).inserted_primary_key[0]
                        token = self._new_token(tid, signer)
                        conn.execute(insert(PlaySeat).values(table_id=tid, name=name, name_key=name_key(name), seat=0,
                                                             host=True, token_hash=token_hash(token),
                                                             pin_hash=pin_hashed, joined_at=now))
                        if session:
                            self._pin_gate().trust_in(conn, session, _pin_target(tid, name), now)
                        return tid, token
                except IntegrityError:
                    continue
            raise StoreError.from_exception(RuntimeError("no free table code"), self.where)
        tid, token = self._db(run)
        return self.table(tid), token, pin

    def _host(self, token: str | Teaching) -> tuple[Me | None, Snapshot]:
        if isinstance(token, Teaching):  # the teacher page, signed in: only a class's table
            snap = self.table(token.table_id)
            if snap.quiz_id is None:
                raise TableError(Text(N_("Only the host can do this.")))
            return None, snap
        me = self.me(token)
        if not me.person.host:
            raise TableError(Text(N_("Only the host can do this.")))
        return me, self.table(me.table_id)

    def _between_deals(self, snap: Snapshot) -> None:
        if snap.started:
            raise TableError(Text(N_("A seat can change hands only between deals.")))

    def start(self, token: str, version: int, now: datetime | None = None) -> Outcome:
        """The host starts the deal: the bots in turn play until a person's turn."""
        now = now or utcnow()
        _, snap = self._host(token)
        if snap.version != version or snap.started:
            return self._stale(snap.id)
        d = snap.deal.copy()
        moved = together.TableState(snap.state.seats, snap.state.seed, snap.state.dealer, snap.state.log,
                                    snap.version + 1, snap.state.scores)  # every page sees the start
        return self._outcome(snap, together.advance_bots(moved, deal=d), d, now, started=True)

    def next_deal(self, token: str | Teaching, version: int, now: datetime | None = None, seed: int | None = None,
                  dealer: int | None = None) -> Outcome:
        """The host, once the deal is over: its score goes on the sheet, the next dealer deals (``dealer``: a class
        duplicate's), the people a bot stood in for get their seats back; the host then starts it (seats may change
        hands before). A class table keeps every deal played in its history."""
        now = now or utcnow()
        _, snap = self._host(token)
        if snap.version != version or not snap.over:
            return self._stale(snap.id)
        state = together.next_deal(snap.state, secrets.randbelow(10**6) if seed is None else int(seed), dealer)
        back = {}
        for p in snap.people:
            if p.stand_in and p.seat is not None:
                state = together.with_seat(state, p.seat, together.human(p.name))
                back[p.id] = {"stand_in": False}
        last = {"seed": snap.state.seed, "dealer": snap.state.dealer, "log": together.to_dict(snap.state)["log"],
                "seats": [s.name for s in snap.state.seats]}
        history = None if snap.quiz_id is None else [*snap.history, last]
        return self._outcome(snap, state, None, now, seats=back, history=history, started=False, last=last)

    def to_bot(self, token: str, seat: int, version: int, now: datetime | None = None) -> Outcome:
        """The host gives a person's seat to a bot, between deals; the person waits for a seat."""
        now = now or utcnow()
        me, snap = self._host(token)
        if snap.version != version:
            return self._stale(snap.id)
        self._between_deals(snap)
        person = snap.person_at(seat)
        if person is None:
            raise TableError(Text(N_("A bot already plays this seat.")))
        if person.host:
            raise TableError(Text(N_("The host keeps their own seat.")))
        state = together.with_seat(snap.state, seat, together.bot(snap.level))
        return self._outcome(snap, state, None, now, seats={person.id: {"seat": None}})

    def give_seat(self, token: str, seat: int, person_id: int, version: int, now: datetime | None = None) -> Outcome:
        """The host gives a bot's seat to someone waiting, between deals."""
        now = now or utcnow()
        _, snap = self._host(token)
        if snap.version != version:
            return self._stale(snap.id)
        self._between_deals(snap)
        person = next((p for p in snap.waiting if p.id == person_id), None)
        if not 0 <= seat < snap.state.players or not snap.state.seats[seat].is_bot or person is None:
            raise TableError(Text(N_("Only a bot's seat can be given to someone waiting.")))
        state = together.with_seat(snap.state, seat, together.human(person.name))
        return self._outcome(snap, state, None, now, seats={person.id: {"seat": seat}})

    def quiet_for(self, snap: Snapshot, now: datetime | None = None) -> float:
        """How long the table has waited for its current move, in seconds."""
        return max(0.0, ((now or utcnow()) - snap.acted_at).total_seconds())

    def stand_in(self, token: str, seat: int, version: int, now: datetime | None = None) -> Outcome:
        """The host lets a bot play a quiet person's seat until the deal ends: only when it is that person's
        turn and the table has waited the host's quiet time for them."""
        now = now or utcnow()
        _, snap = self._host(token)
        if snap.version != version:
            return self._stale(snap.id)
        person = snap.person_at(seat)
        waited = self.quiet_for(snap, now)
        if (snap.quiet_seconds is None or person is None or person.stand_in or not snap.started or snap.over
                or snap.deal.to_act != seat):
            raise TableError(Text(N_("A bot can stand in only for the player whose turn it is, when the host has "
                                     "set a quiet time.")))
        if waited < snap.quiet_seconds:
            raise TableError(Text(N_("{name} has had {n} seconds so far; a bot may stand in after {quiet}."),
                                  name=person.name, n=int(waited), quiet=snap.quiet_seconds))
        d = snap.deal.copy()
        state = together.advance_bots(together.stand_in(snap.state, seat, snap.level), deal=d)
        return self._outcome(snap, state, d, now, seats={person.id: {"stand_in": True}})

    def _outcome(self, snap: Snapshot, state, deal, now, seats=None, history=None, **values) -> Outcome:
        if not self._write(snap, state, deal, now, seats, history, **values):
            return self._stale(snap.id)
        return Outcome(True, "", self.table(snap.id))

    # -- the players -------------------------------------------------------------------------------

    def join(self, code: str, name: str, *, now: datetime | None = None, session: str | None = None
             ) -> tuple[Snapshot, str, str]:
        """Sit at a table under a name: a bot's seat before the first deal starts, else the waiting list (the
        host gives a seat between deals). The table, the seat token and the PIN (shown once)."""
        now = now or utcnow()
        gate = Gate(self.engine, "join", where=self.where)
        if session is not None and (wait := self._db(gate.begin, session, None, now)) > 0:
            raise TableError(Text(N_("Too many tries: wait {wait} seconds and try again."), wait=math.ceil(wait)))
        tid = self.find(code)
        name = display_name(name)
        pin = new_pin()
        pin_hashed = make_hash(pin)
        for _try in range(50):  # another join or action came first: read the table again
            snap = self.table(tid)
            if snap.quiz_id is not None:
                raise TableError(Text(N_("This is a class's table: your teacher seats you there, and the Class page "
                                         "takes you to your seat.")))
            if any(name_key(p.name) == name_key(name) for p in snap.people):
                raise TableError(Text(N_("Somebody at this table already has the name {name}."), name=name))
            if len(snap.waiting) >= MAX_WAITING:
                raise TableError(Text(N_("Too many people are waiting for a seat at this table.")))
            free = [] if snap.started else [i for i, s in enumerate(snap.state.seats) if s.is_bot]
            seat = free[0] if free else None
            token = self._new_token(tid)
            state = together.with_seat(snap.state, seat, together.human(name)) if seat is not None else \
                together.TableState(snap.state.seats, snap.state.seed, snap.state.dealer, snap.state.log,
                                    snap.state.version + 1, snap.state.scores)
            row = {"table_id": tid, "name": name, "name_key": name_key(name), "seat": seat, "host": False,
                   "token_hash": token_hash(token), "pin_hash": pin_hashed, "joined_at": now}
            if self._join_write(snap, state, row, session, now):
                return self.table(tid), token, pin
        raise TableError(Text(N_("The table is very busy: try again in a moment.")))

    def _join_write(self, snap: Snapshot, state, row: dict, session: str | None, now: datetime) -> bool:
        def run():
            try:
                with writing(self.engine) as conn:
                    done = conn.execute(update(PlayTable).where(PlayTable.id == snap.id,
                                                                PlayTable.version == snap.version).values(
                        state=together.to_dict(state), version=state.version)).rowcount
                    if not done:
                        return False
                    conn.execute(insert(PlaySeat).values(**row))
                    if session:
                        self._pin_gate().trust_in(conn, session, _pin_target(snap.id, row["name"]), now)
                    return True
            except IntegrityError as exc:  # the unique name_key: the same name at the same moment
                raise TableError(Text(N_("Somebody at this table already has the name {name}."),
                                      name=row["name"])) from exc
        return self._db(run)

    def act(self, token: str, action: Action, version: int, now: datetime | None = None) -> Outcome:
        """A player's action on the table their page showed at ``version``: accepted when the engine finds it
        legal for their seat and the version is still the stored one; then the bots answer in turn."""
        now = now or utcnow()
        me = self.me(token)
        snap = self.table(me.table_id)
        if me.seat is None or me.person.stand_in:
            return Outcome(False, Text(N_("You have no seat in this deal.")), snap)
        if not snap.started:
            return Outcome(False, Text(N_("The deal has not started yet.")), snap)
        verdict = together.can_act(snap.state, me.seat, action, version, deal=snap.deal)
        if not verdict.ok:
            return Outcome(False, verdict.reason, snap)
        d = snap.deal.copy()
        d.apply(action)
        state = together.TableState(snap.state.seats, snap.state.seed, snap.state.dealer,
                                    snap.state.log + (action,), snap.state.version + 1, snap.state.scores)
        state = together.advance_bots(state, deal=d)
        return self._outcome(snap, state, d, now)

    # -- coming back -------------------------------------------------------------------------------

    def new_seat_token(self, person_id: int) -> str:
        """A new seat token for the person ``person_id`` (the old one stops working): for a class's table, where
        the learner's class token, checked by the caller, vouches for them instead of a PIN."""
        signer = self._signer()

        def run():
            with writing(self.engine) as conn:
                tid = conn.execute(select(PlaySeat.table_id).where(PlaySeat.id == person_id)).scalar()
                if tid is None:
                    return None
                token = self._new_token(tid, signer)
                conn.execute(update(PlaySeat).where(PlaySeat.id == person_id).values(token_hash=token_hash(token)))
                return token
        token = self._db(run)
        if token is None:
            raise TableError(Text(N_("Your seat at the class's table is gone: ask your teacher.")))
        return token

    def _pin_gate(self) -> Gate:
        return Gate(self.engine, "table_pin", policy=PIN_POLICY, where=self.where)

    def rejoin(self, code: str, name: str, pin: str, session: str, now: datetime | None = None) -> tuple[Me, str]:
        """Come back under ``name`` with the PIN shown at joining: a new seat token (the old one stops working).
        The try is counted before the PIN is checked, per session, per name at the table, per table and per
        server (the class PIN's slow-downs)."""
        now = now or utcnow()
        tid = self.find(code)
        name = display_name(name)
        gate, target = self._pin_gate(), _pin_target(tid, name)
        wider = (f"table:{tid}", "server")
        wait = self._db(gate.begin, session, target, now, wider)
        if wait > 0:
            raise TableError(Text(N_("Too many tries: wait {wait} seconds and try again."), wait=math.ceil(wait)))

        def find_row():
            with self.engine.connect() as conn:
                return conn.execute(select(PlaySeat).where(PlaySeat.table_id == tid,
                                                           PlaySeat.name_key == name_key(name))).one_or_none()
        row = self._db(find_row)
        if not (verify(str(pin or "").strip()[:40], row.pin_hash if row is not None else dummy()) and row is not None):
            raise TableError(Text(N_("This name and PIN do not match at this table.")))
        self._db(gate.succeeded, session, target, now, wider)
        token = self._new_token(tid)

        def run():
            with writing(self.engine) as conn:
                conn.execute(update(PlaySeat).where(PlaySeat.id == row.id).values(token_hash=token_hash(token)))
        self._db(run)
        return self.me(token), token


def _pin_target(table_id: int, name: str) -> str:
    return f"{table_id}:{name_key(name)}"


def _person(row) -> Person:
    return Person(row.id, row.name, row.seat, bool(row.host), bool(row.stand_in))
