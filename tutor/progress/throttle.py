"""Slow-downs kept in the database: wrong passphrases and PINs, and join attempts.

Each try is counted *before* the secret is checked, in the same write transaction that checks the
wait (the rows are locked: ``BEGIN IMMEDIATE`` on SQLite, ``SELECT … FOR UPDATE`` on PostgreSQL), so
tries that arrive together take turns and every one after the first sees the wait. A right answer
then takes its try back (``Gate.succeeded``). The counts live in the ``throttles`` table, so a
restart does not reset them and every process of the server sees the same ones, and they decay: a
score halves every ``half_life`` seconds.

Two counters per try (``POLICIES``, one row per kind of try):

- this browser session's: after its own tries it waits ``first_wait * 2**(score - free)`` seconds
  (at most ``max_wait``);
- the *target's*, whatever the session (this quiz and name, this learner, the teacher area): past
  ``free`` recent failures, every further try at that target waits, however new its session is, with
  the same growing and capped waits. A fresh session for each guess gains nothing.

The owner is never locked out by somebody else's guessing: a session that has proved to be the owner
(it signed in, joined or unlocked with the right secret: ``Gate.trust``) skips the target's wait for
``trust`` (it still has its own session's wait). A class learner can also ask the teacher.

>>> rule = Rule(half_life=600, first_wait=1, max_wait=60)
>>> [rule.wait_after(n) for n in (0, 1, 2, 3, 10)]
[0.0, 1.0, 2.0, 4.0, 60.0]
>>> round(decayed(8.0, 1200, 600), 3)
2.0
>>> [POLICIES["pin"].target.wait_after(n) for n in (4, 5, 6, 9, 20)]  # 4 free failures at one learner
[0.0, 1.0, 2.0, 16.0, 300.0]
>>> schedule(POLICIES["class_pin"].target, 40.0)  # failures at one learner possible in 40 s
10
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..db import utcnow
from ..db.progress import Throttle
from .db import StoreError, writing
from .hashing import token_hash


@dataclass(frozen=True)
class Rule:
    half_life: float  # seconds for a score to halve
    first_wait: float  # seconds to wait once the score reaches ``free``
    max_wait: float
    free: float = 1.0  # tries before any wait

    def wait_after(self, score: float) -> float:
        if score < self.free - 0.05:  # a count a few seconds old has decayed a hair below a whole try
            return 0.0
        return float(min(self.max_wait, self.first_wait * 2.0 ** (score - self.free)))


@dataclass(frozen=True)
class Policy:
    """How one kind of try is slowed down: per browser session, and per target whatever the session."""

    session: Rule
    target: Rule | None = None  # None: not counted per target (joining: a whole class joins at once)
    trust: timedelta = timedelta(0)  # how long a session that proved to be the owner skips the target's wait
    # wider targets, each counting every try at any of its targets (a class PIN: the whole quiz, then
    # the whole server), with their own rules; ``Gate.begin`` takes one key for each
    wider: tuple[Rule, ...] = ()


_PIN_SESSION = Rule(half_life=900.0, first_wait=1.0, max_wait=300.0, free=1.0)
_PIN_TARGET = Rule(half_life=900.0, first_wait=1.0, max_wait=300.0, free=5.0)
# Class PINs at any name of one quiz (the names are on the projector), and at any quiz of the server.
_QUIZ_PINS = Rule(half_life=900.0, first_wait=1.0, max_wait=300.0, free=10.0)
_SERVER_PINS = Rule(half_life=900.0, first_wait=1.0, max_wait=300.0, free=20.0)

# The table of slow-downs. Per session: 1, 2, 4 … s after each wrong try. Per target: 4 failures
# freely (a learner mistyping), then 1, 2, 4 … s before every further try from anywhere; 10 tries at
# most in the first 40 s, then one every few minutes (``schedule``).
POLICIES = {
    # a learner's profile PIN (Progress, on a shared server); target: the name
    "pin": Policy(_PIN_SESSION, _PIN_TARGET, trust=timedelta(days=30)),
    # a class learner's PIN (coming back without the address); target: the quiz and the name; wider:
    # the quiz (10 tries at once, then 1, 2, 4 … s: 15 in the first 40 s, whatever the names), and the
    # server (20 at once over all its quizzes, then the same waits)
    "class_pin": Policy(_PIN_SESSION, _PIN_TARGET, trust=timedelta(days=7), wider=(_QUIZ_PINS, _SERVER_PINS)),
    # the teacher passphrase; target: the teacher area
    "teacher": Policy(Rule(half_life=600.0, first_wait=1.0, max_wait=60.0, free=1.0),
                      Rule(half_life=600.0, first_wait=1.0, max_wait=60.0, free=5.0), trust=timedelta(hours=72)),
    # the club organiser's passphrase (score sheets on a shared server); target: the club's data
    "organiser": Policy(Rule(half_life=600.0, first_wait=1.0, max_wait=60.0, free=1.0),
                        Rule(half_life=600.0, first_wait=1.0, max_wait=60.0, free=5.0), trust=timedelta(hours=72)),
    # joining a class quiz and asking to come back: five tries freely, then 2, 4, 8 … s (at most a minute)
    "join": Policy(Rule(half_life=60.0, first_wait=2.0, max_wait=60.0, free=5.0)),
}


def decayed(score: float, elapsed: float, half_life: float) -> float:
    return score * 0.5 ** (max(0.0, elapsed) / half_life)


def schedule(rule: Rule, seconds: float, step: float = 0.01) -> int:
    """How many tries at one target fit in ``seconds`` when each is made as soon as its wait allows
    (the count every failure adds, decayed, as ``Gate.begin`` keeps it)."""
    t, score, tries, until = 0.0, 0.0, 0, 0.0
    last = 0.0
    while True:
        t = max(t, until)
        if t > seconds:
            return tries
        score = decayed(score, t - last, rule.half_life) + 1
        last, tries = t, tries + 1
        until = t + max(step, rule.wait_after(score))


def _guarded(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc
    return wrapper


class Gate:
    """One kind of try (``name``, a row of ``POLICIES`` unless ``policy`` is given), counted in the
    database of ``engine``. Database failures come out as ``StoreError``."""

    def __init__(self, engine: Engine, name: str, policy: Policy | None = None, where: str = "the database"):
        self.engine, self.name, self.where = engine, name, where
        self.policy = policy or POLICIES[name]

    def _keys(self, session: str, target: str | None) -> tuple[str, str]:
        aim = f"{self.name}:all" if target is None else f"{self.name}:to:{target}"
        return f"{self.name}:session:{session}"[:200], aim[:200]

    def _owner_key(self, session: str, target: str | None) -> str:
        return f"{self.name}:owner:{token_hash(session + chr(0) + self._keys(session, target)[1])[:48]}"

    @_guarded
    def begin(self, session: str, target: str | None = None, now: datetime | None = None,
              wider: tuple[str, ...] = ()) -> float:
        """0.0 when this try may go ahead (it is counted now); else the seconds to wait (not counted).
        ``wider``: the keys of the policy's wider targets (``Policy.wider``), one for each."""
        with writing(self.engine) as conn:
            return self.begin_in(conn, session, target, now, wider)

    def _aims(self, target: str | None, wider: tuple[str, ...]) -> list[tuple[str, Rule]]:
        """The target's counters and their rules: the target's own, then each wider one's."""
        if self.policy.target is None:
            return []
        aims = [(self._keys("", target)[1], self.policy.target)]
        if len(wider) != len(self.policy.wider):
            raise ValueError(f"{self.name}: {len(self.policy.wider)} wider targets, {len(wider)} given")
        return aims + [(f"{self.name}:wide:{key}"[:200], rule) for key, rule in zip(wider, self.policy.wider)]

    def begin_in(self, conn, session: str, target: str | None = None, now: datetime | None = None,
                 wider: tuple[str, ...] = ()) -> float:
        """``begin`` inside the caller's write transaction (one transaction for the try and what it does)."""
        given = now
        policy = self.policy
        mine_key = self._keys(session, target)[0]
        aims = [(key, rule) for key, rule in self._aims(target, wider) if key != mine_key]
        rows = _locked(conn, sorted({mine_key, *(key for key, _ in aims)}), given or utcnow())
        now = given or utcnow()  # read the clock once the rows are ours (waiting for them takes time)
        mine = rows[mine_key]
        wait = (mine.until - now).total_seconds()
        if aims and wait <= 0:
            aim_wait = max((rows[key].until - now).total_seconds() for key, _ in aims)
            if aim_wait > 0 and not self._trusted(conn, session, target, now):
                wait = aim_wait
        if wait > 0:
            return wait
        mine_score = decayed(mine.score, (now - mine.at).total_seconds(), policy.session.half_life) + 1
        conn.execute(update(Throttle).where(Throttle.key == mine_key).values(
            score=mine_score, at=now, until=now + timedelta(seconds=policy.session.wait_after(mine_score))))
        for key, rule in aims:
            aim = rows[key]
            aim_score = decayed(aim.score, (now - aim.at).total_seconds(), rule.half_life) + 1
            # an owner's try (made during the wait) never shortens it for the others
            until = max(aim.until, now + timedelta(seconds=rule.wait_after(aim_score)))
            conn.execute(update(Throttle).where(Throttle.key == key).values(score=aim_score, at=now, until=until))
        # Forget counters that have decayed to nothing, and owners' marks that have expired (a small table).
        longest = max([policy.session.half_life] + [rule.half_life for _, rule in aims])
        old = now - timedelta(seconds=20 * longest)
        conn.execute(delete(Throttle).where(Throttle.key.like(f"{self.name}:%"), Throttle.at < old,
                                            Throttle.until < now))
        return 0.0

    def _trusted(self, conn, session: str, target: str | None, now: datetime) -> bool:
        if not self.policy.trust:
            return False
        until = conn.execute(select(Throttle.until).where(Throttle.key == self._owner_key(session, target))).scalar()
        return until is not None and until > now

    @_guarded
    def succeeded(self, session: str, target: str | None = None, now: datetime | None = None,
                  wider: tuple[str, ...] = ()) -> None:
        """The try was right: this session starts clean and is the owner's (``trust``), and the
        target's counts take the try back."""
        now = now or utcnow()
        mine_key = self._keys(session, target)[0]
        aims = [(key, rule) for key, rule in self._aims(target, wider) if key != mine_key]
        with writing(self.engine) as conn:
            conn.execute(delete(Throttle).where(Throttle.key == mine_key))
            rows = _locked(conn, sorted(key for key, _ in aims), now) if aims else {}
            for key, rule in aims:
                aim = rows[key]
                left = max(0.0, decayed(aim.score, (now - aim.at).total_seconds(), rule.half_life) - 1)
                until = now + timedelta(seconds=rule.wait_after(left))
                conn.execute(update(Throttle).where(Throttle.key == key).values(score=left, at=now, until=until))
            self.trust_in(conn, session, target, now)

    @_guarded
    def trust(self, session: str, target: str | None = None, now: datetime | None = None) -> None:
        """Mark ``session`` as the owner of ``target`` (it joined or made the profile)."""
        with writing(self.engine) as conn:
            self.trust_in(conn, session, target, now)

    def trust_in(self, conn, session: str, target: str | None = None, now: datetime | None = None) -> None:
        """``trust`` inside the caller's write transaction."""
        if not self.policy.trust or not session:
            return
        now = now or utcnow()
        key = self._owner_key(session, target)
        _locked(conn, [key], now)
        conn.execute(update(Throttle).where(Throttle.key == key).values(at=now, until=now + self.policy.trust))

    @_guarded
    def wait(self, session: str, target: str | None = None, now: datetime | None = None,
             wider: tuple[str, ...] = ()) -> float:
        """The seconds this session would wait now (read only, for messages)."""
        now = now or utcnow()
        mine_key = self._keys(session, target)[0]
        aim_keys = [key for key, _ in self._aims(target, wider)]
        with self.engine.connect() as conn:
            untils = dict(conn.execute(select(Throttle.key, Throttle.until).where(
                Throttle.key.in_([mine_key, *aim_keys]))).all())
            waits = [(untils[mine_key] - now).total_seconds()] if mine_key in untils else []
            aims = [(untils[key] - now).total_seconds() for key in aim_keys if key in untils]
            if aims and not self._trusted(conn, session, target, now):
                waits += aims
        return max([0.0, *waits])


def _locked(conn, keys: list[str], now: datetime) -> dict:
    """The rows of ``keys``, made if missing, and locked until the transaction ends (keys sorted, so
    two transactions never wait for each other in a circle)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    conn.execute(insert(Throttle).values([{"key": k, "score": 0.0, "at": now, "until": now} for k in keys])
                 .on_conflict_do_nothing(index_elements=["key"]))
    rows = conn.execute(select(Throttle).where(Throttle.key.in_(keys)).order_by(Throttle.key).with_for_update())
    return {r.key: r for r in rows}
