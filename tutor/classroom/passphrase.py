"""The teacher passphrase: kept only as a salted scrypt hash, checked in constant time, and every
wrong try slows down the next ones: in this browser session, and past a few recent failures every
try at the teacher area from any session, except a session that has unlocked it before (``check``).
The tries are counted in the database (``tutor.progress.throttle``).

Make a hash with ``tarot-tutor teacher-hash`` and put it in ``TUTOR_TEACHER_PASSPHRASE_HASH``
(an environment variable, or a key in ``.streamlit/secrets.toml``).

>>> h = make_hash("correct horse", salt=bytes(16))
>>> h.startswith("scrypt$16384$8$1$")
True
>>> verify("correct horse", h), verify("wrong horse", h), verify("x", "not a hash")
(True, False, False)
>>> [RULE.wait_after(n) for n in (1, 2, 7, 8)]
[1.0, 2.0, 60.0, 60.0]
>>> [AREA_RULE.wait_after(n) for n in (4, 5, 6, 12)]
[0.0, 1.0, 2.0, 60.0]
"""

from __future__ import annotations

import os

from sqlalchemy.engine import Engine

from ..progress.hashing import N, P, R, make_hash, verify
from ..progress.throttle import POLICIES, Gate

__all__ = ["AREA_RULE", "ENV_VAR", "MAX_WAIT", "N", "P", "R", "RULE", "check", "configured_hash", "gate",
           "make_hash", "verify"]

ENV_VAR = "TUTOR_TEACHER_PASSPHRASE_HASH"
# The club organiser's passphrase (score sheets and seasons on a shared server); unset, the teacher's.
ORGANISER_VAR = "TUTOR_ORGANISER_PASSPHRASE_HASH"
# Wait 1, 2, 4 … s after each wrong try of a session, at most a minute; past 4 recent failures on the
# whole server, every try waits 1, 2, 4 … s (at most a minute); failures halve every 10 minutes.
RULE = POLICIES["teacher"].session
AREA_RULE = POLICIES["teacher"].target
MAX_WAIT = max(RULE.max_wait, AREA_RULE.max_wait)  # seconds: the longest slow-down


def gate(engine: Engine, where: str = "the database", role: str = "teacher") -> Gate:
    """The passphrase tries counted in the database of ``engine`` (the target: the teacher area, or the
    club's data for ``role="organiser"``)."""
    return Gate(engine, role, where=where)


def check(g: Gate, session: str, typed: str, stored: str, now=None) -> tuple[bool, float]:
    """(right, wait): the try is counted, then ``typed`` checked against ``stored``; a wait above 0 means
    it was not checked. A right passphrase takes its try back and makes ``session`` the owner's."""
    wait = g.begin(session, None, now)
    if wait > 0:
        return False, wait
    if verify(typed, stored):
        g.succeeded(session, None, now)
        return True, 0.0
    return False, 0.0


def configured_hash(environ=None, secrets_=None, var: str = ENV_VAR) -> str:
    """The hash from the environment, else from Streamlit secrets; '' when none is set."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets_ or {}):
        value = str(source.get(var, "") or "").strip()
        if value:
            return value
    return ""


def organiser_hash(environ=None, secrets_=None) -> str:
    """The club organiser's hash: ``TUTOR_ORGANISER_PASSPHRASE_HASH``, else the teacher's (one person
    often runs both); '' when neither is set.

    >>> organiser_hash({ENV_VAR: "scrypt$t"}), organiser_hash({ENV_VAR: "scrypt$t", ORGANISER_VAR: "scrypt$o"})
    ('scrypt$t', 'scrypt$o')
    """
    return configured_hash(environ, secrets_, ORGANISER_VAR) or configured_hash(environ, secrets_)
