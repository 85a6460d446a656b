"""The teacher's roster and coming back without the address.

The teacher renames or removes a learner (``rename``, ``remove``). A learner who lost the page's
address comes back under their name in one of two ways, and either way gets a new secret token (the
old address stops working):

- with the short PIN shown to them when they joined (``rejoin_with_pin``). The PIN is kept as a
  salted scrypt hash (6 digits since issue 39; older quizzes' 4-digit ones still work), and tries are
  counted before checking (``throttle.POLICIES["class_pin"]``): per browser session; per name in the
  quiz whatever the session (past 5 recent tries at one name, every try at it waits 1, 2, 4 … s, at
  most 5 minutes); per quiz, whatever the name (past 10: the names are on the projector, so an
  attacker spreads guesses over all of them); and per server, whatever the quiz (past 20). The session
  that joined or came back under that name skips those waits. A wrong name and a wrong PIN get one
  message, and once the quiz's links have expired (the end of its class day) no PIN is checked;
- by asking the teacher (``ask_to_rejoin``): the waiting browser keeps a secret whose SHA-256 is
  kept with the request, and a short code made from it (``request_code``) is shown both on the
  waiting page and to the teacher, who lets the one in front of them in (``answer_request``); the
  waiting page then collects its token (``claim``). Every request is kept: a later one for the same
  name never replaces an earlier one, and the teacher sees how many there are and from when. The
  asker is told the same whether or not somebody has that name.

>>> PIN_TARGET.wait_after(4), PIN_TARGET.wait_after(5), PIN_TARGET.wait_after(20)
(0.0, 1.0, 300.0)
>>> pin_targets(7, "Anna")
('7:anna', ('quiz:7', 'server'))
>>> request_code("secret") == request_code("secret"), len(request_code("secret"))
(True, 4)
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..db import name_key, utcnow
from ..db.classroom import ClassPlayer, ClassRejoin
from ..progress.db import writing
from ..progress.hashing import dummy, token_hash, verify
from ..progress.throttle import POLICIES, Gate
from .class_tables import renamed_in
from .codes import ALPHABET
from .lookalike import taken_in_quiz
from .store import ClassError, ClassStore, Player, QuizInfo, Reason, display_name, pin_target

PIN_TARGET = POLICIES["class_pin"].target
MAX_WAITING = 200  # requests waiting in one quiz: a flood of them stops here (the teacher turns them down)


@dataclass(frozen=True)
class Request:
    """A request to come back: its id, the learner it names (None: nobody of that name has joined),
    the name asked for, when, whether the teacher has let it in, and the code on the asker's screen."""

    id: int
    player_id: int | None
    name: str
    at: datetime
    approved: bool
    code: str


def pin_targets(quiz_id: int, name: str) -> tuple[str, tuple[str, str]]:
    """What a class PIN try is counted against: the name in the quiz (``pin_target``), and the wider
    targets of ``POLICIES["class_pin"]``: the whole quiz, the whole server."""
    return pin_target(quiz_id, name), (f"quiz:{quiz_id}", "server")


def pin_gate(cs: ClassStore) -> Gate:
    return cs.pin_gate()


def request_code(secret: str) -> str:
    """The 4-character code a waiting page shows and the teacher sees next to its request."""
    return _code_of(token_hash(str(secret)))


def _code_of(secret_hash: str) -> str:
    n = int(secret_hash[:16], 16)
    return "".join(ALPHABET[(n // len(ALPHABET) ** i) % len(ALPHABET)] for i in range(4))


def rename(cs: ClassStore, quiz_id: int, player_id: int, name: str) -> str:
    """Give a learner of ``quiz_id`` a new display name (unique in the quiz, any case); the name as kept."""
    name = display_name(name)

    def run():
        try:
            with writing(cs.engine) as conn:
                if taken_in_quiz(conn, quiz_id, name, except_id=player_id):
                    raise ClassError(Reason.NAME_TAKEN, name=name)
                done = conn.execute(update(ClassPlayer).where(ClassPlayer.id == player_id,
                                                              ClassPlayer.quiz_id == quiz_id)
                                    .values(name=name, name_key=name_key(name))).rowcount
                if done:
                    renamed_in(conn, player_id, name)  # and at their class table, if they sit at one
        except IntegrityError as exc:
            raise ClassError(Reason.NAME_TAKEN, name=name) from exc
    cs._db(run)
    return name


def remove(cs: ClassStore, quiz_id: int, player_id: int) -> None:
    """Take a learner and their answers out of the quiz (their address stops working)."""
    def run():
        with writing(cs.engine) as conn:
            conn.execute(delete(ClassRejoin).where(ClassRejoin.player_id == player_id, ClassRejoin.quiz_id == quiz_id))
            conn.execute(delete(ClassPlayer).where(ClassPlayer.id == player_id, ClassPlayer.quiz_id == quiz_id))
    cs._db(run)


def _new_token(cs: ClassStore, player_id: int) -> str:
    token = secrets.token_urlsafe(24)

    def run():
        with writing(cs.engine) as conn:
            conn.execute(update(ClassPlayer).where(ClassPlayer.id == player_id).values(token_hash=token_hash(token)))
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
    PIN is checked, per session and per name in the quiz; a right PIN takes it back and makes this
    session the name's owner."""
    now = now or utcnow()
    quiz = cs.find(code)
    name = display_name(name)
    if quiz.token_expired(now):  # nothing to win any more: no PIN is checked
        raise ClassError(Reason.EXPIRED, title=quiz.title)
    gate, (target, wider) = cs.pin_gate(), pin_targets(quiz.id, name)
    wait = cs._patient(gate.begin, session, target, now, wider)
    if wait > 0:
        raise ClassError(Reason.SLOW_DOWN_PIN, wait=math.ceil(wait))
    row = _row(cs, quiz.id, name)
    stored = row.pin_hash if row is not None and row.pin_hash else dummy()
    if not (verify(str(pin or "").strip()[:40], stored) and row is not None and row.pin_hash):
        raise ClassError(Reason.WRONG_PIN)
    cs._db(gate.succeeded, session, target, now, wider)
    token = _new_token(cs, row.id)
    return cs.me(token, now=now)


def ask_to_rejoin(cs: ClassStore, code: str, name: str, session: str | None = None,
                  now: datetime | None = None) -> str:
    """Ask the teacher to let ``name`` back in; the secret the waiting browser keeps to ``claim``.
    Counted like a join try (a tab cannot flood the teacher with requests). The request is kept
    whether or not somebody has that name, and the asker is answered the same either way."""
    now = now or utcnow()
    gate = cs.join_gate()
    if session is not None and (wait := cs._patient(gate.begin, session, None, now)) > 0:
        raise ClassError(Reason.SLOW_DOWN, wait=math.ceil(wait))
    quiz = cs.find(code)
    name = display_name(name)
    secret = secrets.token_urlsafe(24)

    def run():
        with writing(cs.engine) as conn:
            waiting = conn.execute(select(func.count()).select_from(ClassRejoin)
                                   .where(ClassRejoin.quiz_id == quiz.id)).scalar()
            if waiting >= MAX_WAITING:
                raise ClassError(Reason.TOO_MANY_REQUESTS)
            player = conn.execute(select(ClassPlayer.id).where(
                ClassPlayer.quiz_id == quiz.id, ClassPlayer.name_key == name_key(name))).scalar()
            conn.execute(insert(ClassRejoin).values(quiz_id=quiz.id, player_id=player, name=name,
                                                    secret_hash=token_hash(secret), at=now, approved=False))
    cs._patient(run)
    return secret


def requests(cs: ClassStore, quiz_id: int) -> list[Request]:
    """Every request to come back in the quiz, oldest first (a name may have several)."""
    def run():
        with cs.engine.connect() as conn:  # the learner's name as it is now, else the name asked for
            rows = conn.execute(select(ClassRejoin, ClassPlayer.name.label("now_called"))
                                .outerjoin(ClassPlayer, ClassPlayer.id == ClassRejoin.player_id)
                                .where(ClassRejoin.quiz_id == quiz_id).order_by(ClassRejoin.at, ClassRejoin.id))
            return [Request(r.id, r.player_id, r.now_called or r.name, r.at, r.approved, _code_of(r.secret_hash))
                    for r in rows]
    return cs._db(run)


def answer_request(cs: ClassStore, quiz_id: int, request_id: int, approve: bool) -> None:
    """The teacher lets one request in (its waiting page then collects a token; the other requests
    for the same learner are turned down), or turns it down. A request naming nobody cannot be let in."""
    def run():
        with writing(cs.engine) as conn:
            row = conn.execute(select(ClassRejoin).where(ClassRejoin.id == request_id,
                                                         ClassRejoin.quiz_id == quiz_id)).one_or_none()
            if row is None:
                return
            if not approve:
                conn.execute(delete(ClassRejoin).where(ClassRejoin.id == row.id))
            elif row.player_id is not None:
                conn.execute(delete(ClassRejoin).where(ClassRejoin.player_id == row.player_id,
                                                       ClassRejoin.id != row.id))
                conn.execute(update(ClassRejoin).where(ClassRejoin.id == row.id).values(approved=True))
    cs._db(run)


def turn_down_all(cs: ClassStore, quiz_id: int) -> int:
    """Turn down every request waiting in the quiz (a flood of them); how many there were."""
    def run():
        with writing(cs.engine) as conn:
            return conn.execute(delete(ClassRejoin).where(ClassRejoin.quiz_id == quiz_id,
                                                          ClassRejoin.approved.is_(False))).rowcount
    return cs._db(run)


def claim(cs: ClassStore, secret: str, now: datetime | None = None) -> tuple[QuizInfo, Player] | None:
    """The waiting browser's turn: None while the teacher has not answered; the quiz and the learner
    (with a new token) once let in; ClassError REFUSED once turned down (or another request for the
    same learner was let in)."""
    def run():
        with cs.engine.connect() as conn:
            return conn.execute(select(ClassRejoin).where(
                ClassRejoin.secret_hash == token_hash(str(secret)))).one_or_none()
    row = cs._db(run) if secret else None
    if row is None:
        raise ClassError(Reason.REFUSED)
    if not row.approved or row.player_id is None:
        return None

    def take():
        with writing(cs.engine) as conn:  # one claim per request: a second tab with the secret finds it gone
            return conn.execute(delete(ClassRejoin).where(ClassRejoin.id == row.id)).rowcount
    if not cs._patient(take):
        raise ClassError(Reason.REFUSED)
    token = _new_token(cs, row.player_id)
    return cs.me(token, now=now)  # (``me`` never carries a PIN: it is shown once, at joining)
