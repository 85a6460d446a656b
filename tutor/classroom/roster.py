"""The teacher's roster and coming back without the address.

The teacher renames or removes a learner (``rename``, ``remove``). A learner who lost the page's
address comes back under their name in one of two ways, and either way gets a new secret token (the
old address stops working):

- with the short PIN shown to them when they joined (``rejoin_with_pin``). The PIN is kept as a
  salted scrypt hash, and tries are counted before checking, like a learner's PIN on Progress
  (``PIN_RULE``: wait 1, 2, 4 … s per browser session, at most 5 minutes; about 10 recent failures at
  one name make every session that has failed wait); a wrong name and a wrong PIN get one message;
- by asking the teacher (``ask_to_rejoin``): the waiting browser keeps a secret whose SHA-256 is put
  on the learner's row; the teacher sees the request and lets it in (``answer_request``); the
  waiting page then collects its token (``claim``). A later request for the same name replaces it.

>>> PIN_RULE.wait_after(1), PIN_RULE.wait_after(3), PIN_RULE.wait_after(20)
(1.0, 4.0, 300.0)
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ..db import name_key, utcnow
from ..db.classroom import ClassPlayer
from ..progress.db import writing
from ..progress.hashing import DUMMY, token_hash, verify
from ..progress.store import PIN_RULE  # the same slow-down as a learner's PIN on Progress
from ..progress.throttle import Gate
from .store import ClassError, ClassStore, Player, QuizInfo, Reason, display_name


@dataclass(frozen=True)
class Request:
    """A learner asking to come back: who, since when, and whether the teacher has let them in."""

    player_id: int
    name: str
    at: datetime
    approved: bool


def pin_gate(cs: ClassStore) -> Gate:
    return Gate(cs.engine, "class_pin", PIN_RULE, cs.where)


def rename(cs: ClassStore, quiz_id: int, player_id: int, name: str) -> str:
    """Give a learner of ``quiz_id`` a new display name (unique in the quiz, any case); the name as kept."""
    name = display_name(name)

    def run():
        try:
            with writing(cs.engine) as conn:
                taken = conn.execute(select(ClassPlayer.id).where(
                    ClassPlayer.quiz_id == quiz_id, ClassPlayer.name_key == name_key(name),
                    ClassPlayer.id != player_id)).first()
                if taken:
                    raise ClassError(Reason.NAME_TAKEN, name=name)
                conn.execute(update(ClassPlayer).where(ClassPlayer.id == player_id, ClassPlayer.quiz_id == quiz_id)
                             .values(name=name, name_key=name_key(name)))
        except IntegrityError as exc:
            raise ClassError(Reason.NAME_TAKEN, name=name) from exc
    cs._db(run)
    return name


def remove(cs: ClassStore, quiz_id: int, player_id: int) -> None:
    """Take a learner and their answers out of the quiz (their address stops working)."""
    def run():
        with writing(cs.engine) as conn:
            conn.execute(delete(ClassPlayer).where(ClassPlayer.id == player_id, ClassPlayer.quiz_id == quiz_id))
    cs._db(run)


def _new_token(cs: ClassStore, player_id: int) -> str:
    token = secrets.token_urlsafe(24)

    def run():
        with writing(cs.engine) as conn:
            conn.execute(update(ClassPlayer).where(ClassPlayer.id == player_id).values(
                token_hash=token_hash(token), rejoin_hash=None, rejoin_at=None, rejoin_ok=False))
    cs._patient(run)
    return token


def _row(cs: ClassStore, quiz_id: int, name: str):
    def run():
        with cs.engine.connect() as conn:
            return conn.execute(select(ClassPlayer).where(
                ClassPlayer.quiz_id == quiz_id, ClassPlayer.name_key == name_key(name))).one_or_none()
    return cs._db(run)


def rejoin_with_pin(cs: ClassStore, code: str, name: str, pin: str, session: str,
                    now: datetime | None = None) -> tuple[QuizInfo, Player]:
    """Come back as ``name`` with the PIN shown at joining: a new token. The try is counted before the
    PIN is checked; a right PIN takes it back."""
    now = now or utcnow()
    quiz = cs.find(code)
    name = display_name(name)
    gate, target = pin_gate(cs), f"{quiz.id}:{name_key(name)}"
    wait = cs._patient(gate.begin, session, target, now)
    if wait > 0:
        raise ClassError(Reason.SLOW_DOWN_PIN, wait=math.ceil(wait))
    row = _row(cs, quiz.id, name)
    stored = row.pin_hash if row is not None and row.pin_hash else DUMMY
    if not (verify(str(pin or "").strip()[:40], stored) and row is not None and row.pin_hash):
        raise ClassError(Reason.WRONG_PIN)
    cs._db(gate.succeeded, session, target, now)
    token = _new_token(cs, row.id)
    return cs.me(token, now=now)


def ask_to_rejoin(cs: ClassStore, code: str, name: str, session: str | None = None,
                  now: datetime | None = None) -> str:
    """Ask the teacher to let ``name`` back in; the secret the waiting browser keeps to ``claim``.
    Counted like a join try (a tab cannot flood the teacher with requests)."""
    now = now or utcnow()
    gate = cs.join_gate()
    if session is not None and (wait := cs._patient(gate.begin, session, None, now)) > 0:
        raise ClassError(Reason.SLOW_DOWN, wait=math.ceil(wait))
    quiz = cs.find(code)
    name = display_name(name)
    row = _row(cs, quiz.id, name)
    if row is None:
        raise ClassError(Reason.NO_SUCH_NAME, name=name)
    secret = secrets.token_urlsafe(24)

    def run():
        with writing(cs.engine) as conn:
            conn.execute(update(ClassPlayer).where(ClassPlayer.id == row.id).values(
                rejoin_hash=token_hash(secret), rejoin_at=now, rejoin_ok=False))
    cs._patient(run)
    return secret


def requests(cs: ClassStore, quiz_id: int) -> list[Request]:
    """The requests to come back that wait for the teacher, oldest first."""
    def run():
        with cs.engine.connect() as conn:
            return [Request(r.id, r.name, r.rejoin_at, r.rejoin_ok) for r in conn.execute(
                select(ClassPlayer).where(ClassPlayer.quiz_id == quiz_id, ClassPlayer.rejoin_hash.is_not(None))
                .order_by(ClassPlayer.rejoin_at))]
    return cs._db(run)


def answer_request(cs: ClassStore, quiz_id: int, player_id: int, approve: bool) -> None:
    """The teacher lets the request in (the waiting page then collects its token), or turns it down."""
    values = {"rejoin_ok": True} if approve else {"rejoin_hash": None, "rejoin_at": None, "rejoin_ok": False}

    def run():
        with writing(cs.engine) as conn:
            conn.execute(update(ClassPlayer).where(ClassPlayer.id == player_id, ClassPlayer.quiz_id == quiz_id,
                                                   ClassPlayer.rejoin_hash.is_not(None)).values(**values))
    cs._db(run)


def claim(cs: ClassStore, secret: str, now: datetime | None = None) -> tuple[QuizInfo, Player] | None:
    """The waiting browser's turn: None while the teacher has not answered; the quiz and the learner
    (with a new token) once let in; ClassError REFUSED once turned down or replaced."""
    def run():
        with cs.engine.connect() as conn:
            return conn.execute(select(ClassPlayer).where(
                ClassPlayer.rejoin_hash == token_hash(str(secret)))).one_or_none()
    row = cs._db(run) if secret else None
    if row is None:
        raise ClassError(Reason.REFUSED)
    if not row.rejoin_ok:
        return None
    token = _new_token(cs, row.id)
    return cs.me(token, now=now)  # (``me`` never carries a PIN: it is shown once, at joining)
