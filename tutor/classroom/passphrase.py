"""The teacher passphrase: kept only as a salted scrypt hash, checked in constant time, and every
wrong try slows down the next ones: in this browser session, and (for sessions that have failed)
across the whole server. The tries are counted in the database (``tutor.progress.throttle``).

Make a hash with ``tarot-tutor teacher-hash`` and put it in ``TUTOR_TEACHER_PASSPHRASE_HASH``
(an environment variable, or a key in ``.streamlit/secrets.toml``).

>>> h = make_hash("correct horse", salt=bytes(16))
>>> h.startswith("scrypt$16384$8$1$")
True
>>> verify("correct horse", h), verify("wrong horse", h), verify("x", "not a hash")
(True, False, False)
>>> [RULE.wait_after(n) for n in (1, 2, 7, 8)]
[1.0, 2.0, 60.0, 60.0]
"""

from __future__ import annotations

import os

from sqlalchemy.engine import Engine

from ..progress.hashing import N, P, R, make_hash, verify
from ..progress.throttle import Gate, Rule

__all__ = ["ENV_VAR", "MAX_WAIT", "N", "P", "R", "RULE", "configured_hash", "gate", "make_hash", "verify"]

ENV_VAR = "TUTOR_TEACHER_PASSPHRASE_HASH"
MAX_WAIT = 60.0  # seconds: the longest slow-down
# Wait 1, 2, 4 … s after each wrong try of a session, at most a minute; failures halve every 10 minutes;
# once the whole server has about 10 recent failures, sessions that failed wait for them to decay.
RULE = Rule(half_life=600.0, first_wait=1.0, max_wait=MAX_WAIT, free=1.0, cap=10.0)


def gate(engine: Engine, where: str = "the database") -> Gate:
    """The passphrase tries counted in the database of ``engine``."""
    return Gate(engine, "teacher", RULE, where)


def configured_hash(environ=None, secrets_=None) -> str:
    """The hash from the environment, else from Streamlit secrets; '' when none is set."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets_ or {}):
        value = str(source.get(ENV_VAR, "") or "").strip()
        if value:
            return value
    return ""
