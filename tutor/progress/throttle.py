"""Slow-downs kept in the database: wrong passphrases and PINs, and join attempts.

Each try is counted *before* the secret is checked, in the same write transaction that checks the
wait (the rows are locked: ``BEGIN IMMEDIATE`` on SQLite, ``SELECT … FOR UPDATE`` on PostgreSQL), so
tries that arrive together take turns and every one after the first sees the wait. A right answer
then takes its try back (``Gate.succeeded``). The counts live in the ``throttles`` table, so a
restart does not reset them, and they decay: the score halves every ``half_life`` seconds.

Two counters per try: this browser session's, and a shared one (all sessions, or all tries at one
learner's name). A session waits ``first_wait * 2**(score - free)`` seconds after its own tries (at
most ``max_wait``). The shared score makes only sessions that have already failed wait: a session
that has not failed is never locked out by somebody else's guessing.

>>> rule = Rule(half_life=600, first_wait=1, max_wait=60)
>>> [rule.wait_after(n) for n in (0, 1, 2, 3, 10)]
[0.0, 1.0, 2.0, 4.0, 60.0]
>>> round(decayed(8.0, 1200, 600), 3)
2.0
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..db import utcnow
from ..db.progress import Throttle
from .db import StoreError, writing


@dataclass(frozen=True)
class Rule:
    half_life: float  # seconds for a score to halve
    first_wait: float  # seconds to wait once the score reaches ``free``
    max_wait: float
    free: float = 1.0  # tries before any wait
    cap: float = math.inf  # shared score from which sessions that have failed must wait

    def wait_after(self, score: float) -> float:
        if score < self.free:
            return 0.0
        return float(min(self.max_wait, self.first_wait * 2.0 ** (score - self.free)))


def decayed(score: float, elapsed: float, half_life: float) -> float:
    return score * 0.5 ** (max(0.0, elapsed) / half_life)


def _guarded(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc
    return wrapper


class Gate:
    """One kind of try (``name``) under one ``Rule``, counted in the database of ``engine``.
    Database failures come out as ``StoreError``."""

    def __init__(self, engine: Engine, name: str, rule: Rule, where: str = "the database"):
        self.engine, self.name, self.rule, self.where = engine, name, rule, where

    def _keys(self, session: str, target: str | None) -> tuple[str, str]:
        shared = f"{self.name}:all" if target is None else f"{self.name}:to:{target}"
        return f"{self.name}:session:{session}"[:200], shared[:200]

    @_guarded
    def begin(self, session: str, target: str | None = None, now: datetime | None = None) -> float:
        """0.0 when this try may go ahead (it is counted now); else the seconds to wait (not counted)."""
        with writing(self.engine) as conn:
            return self.begin_in(conn, session, target, now)

    def begin_in(self, conn, session: str, target: str | None = None, now: datetime | None = None) -> float:
        """``begin`` inside the caller's write transaction (one transaction for the try and what it does)."""
        given = now
        mine_key, shared_key = self._keys(session, target)
        rule = self.rule
        rows = _locked(conn, sorted({mine_key, shared_key}), given or utcnow())
        now = given or utcnow()  # read the clock once the rows are ours (waiting for them takes time)
        mine, shared = rows[mine_key], rows[shared_key]
        mine_score = decayed(mine.score, (now - mine.at).total_seconds(), rule.half_life)
        shared_score = decayed(shared.score, (now - shared.at).total_seconds(), rule.half_life)
        wait = (mine.until - now).total_seconds()
        if wait <= 0 and mine_score >= 0.5 and shared_score >= rule.cap:
            # until the shared score has decayed below the cap
            wait = rule.half_life * math.log2(shared_score / rule.cap) + 1.0
        if wait > 0:
            return wait
        mine_score += 1
        conn.execute(update(Throttle).where(Throttle.key == mine_key).values(
            score=mine_score, at=now, until=now + timedelta(seconds=rule.wait_after(mine_score))))
        if shared_key != mine_key:
            conn.execute(update(Throttle).where(Throttle.key == shared_key).values(
                score=shared_score + 1, at=now, until=now))
        # Forget counters that have decayed to nothing (keeps the table small).
        old = now - timedelta(seconds=20 * rule.half_life)
        conn.execute(delete(Throttle).where(Throttle.key.like(f"{self.name}:%"), Throttle.at < old,
                                            Throttle.until < now))
        return 0.0

    @_guarded
    def succeeded(self, session: str, target: str | None = None, now: datetime | None = None) -> None:
        """The try was right: this session starts clean, and the shared count takes the try back."""
        now = now or utcnow()
        mine_key, shared_key = self._keys(session, target)
        with writing(self.engine) as conn:
            rows = _locked(conn, sorted({mine_key, shared_key}), now)
            shared = rows[shared_key]
            left = decayed(shared.score, (now - shared.at).total_seconds(), self.rule.half_life) - 1
            conn.execute(delete(Throttle).where(Throttle.key == mine_key))
            if shared_key != mine_key:
                conn.execute(update(Throttle).where(Throttle.key == shared_key).values(score=max(0.0, left), at=now))

    @_guarded
    def wait(self, session: str, target: str | None = None, now: datetime | None = None) -> float:
        """The seconds this session would wait now (read only, for messages)."""
        now = now or utcnow()
        mine_key, _ = self._keys(session, target)
        with self.engine.connect() as conn:
            until = conn.execute(select(Throttle.until).where(Throttle.key == mine_key)).scalar()
        return 0.0 if until is None else max(0.0, (until - now).total_seconds())


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
