"""The teacher's sign-in across reloads: a signed, expiring token, never the passphrase.

After the right passphrase the page hands the browser a token made with ``itsdangerous``
(``URLSafeTimedSerializer``): a random id, the time it was made and an HMAC signature. The page keeps it
in a cookie, not in the address: the Teacher page is shown on a projector, and an address is visible
to the whole class (and kept in the browser's history), while a cookie is not. The token grants only
the teacher area, for ``hours()`` (8 by default, ``TUTOR_TEACHER_SESSION_HOURS``, 1 to 72).

The signing key is a server secret: 32 random bytes made on first use and kept in the database
(table ``server_secrets``), never in the code. The salt includes a digest of the configured passphrase
hash, so setting a new passphrase signs every teacher out; "Sign out everywhere" (``rotate``) makes a
new key, which does the same. "Lock the teacher area" ends one token (``end``): its id is kept in
``teacher_signouts`` until it would have expired, and ``valid`` refuses it, so a copy of the cookie
replayed later no longer opens the area.

>>> key = "k" * 64
>>> token = make_token(key, "scrypt$1", now=1000.0)
>>> check_token(token, key, "scrypt$1", hours=8, now=1000.0 + 3600)
True
>>> check_token(token, key, "scrypt$1", hours=8, now=1000.0 + 9 * 3600)  # expired
False
>>> check_token(token, key, "scrypt$2", hours=8, now=1000.0)  # the passphrase changed
False
>>> check_token(token[:-2] + "xx", key, "scrypt$1", hours=8, now=1000.0)  # tampered with
False
"""

from __future__ import annotations

import os
import secrets
import time
from datetime import UTC, datetime, timedelta

from itsdangerous import BadData, URLSafeTimedSerializer
from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..db import utcnow
from ..db.classroom import ServerSecret, TeacherSignout
from ..limits import parse_int
from ..progress.db import writing
from ..progress.hashing import token_hash

COOKIE = "tutor_teacher"
COOKIES = {"teacher": COOKIE, "organiser": "tutor_organiser"}  # one cookie a role: signing out of one keeps the other
KEY_NAME = "teacher_signin"
HOURS_VAR = "TUTOR_TEACHER_SESSION_HOURS"
DEFAULT_HOURS = 8


def hours(environ=None, secrets_=None) -> int:
    """How long a sign-in lasts: the configured hours (1 to 72), else 8."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets_ or {}):
        value = parse_int(str(source.get(HOURS_VAR, "") or ""), 1, 72)
        if value is not None:
            return value
    return DEFAULT_HOURS


def _serializer(key: str, passphrase_hash: str, now: float | None, role: str = "teacher") -> URLSafeTimedSerializer:
    # The role is in the salt: an organiser's token never opens the teacher area, even with one passphrase.
    salt = f"{role}-signin:" + token_hash(passphrase_hash)[:16]
    s = URLSafeTimedSerializer(key, salt=salt)
    if now is not None:
        fixed = int(now)
        signer_class = s.signer

        class FixedSigner(signer_class):  # noqa: D401 - the signer's clock, for doctests and tests
            def get_timestamp(self):
                return fixed
        s.signer = FixedSigner
    return s


def make_token(key: str, passphrase_hash: str, now: float | None = None, role: str = "teacher") -> str:
    """A fresh token: a random id, signed with ``key``, stamped with the time."""
    return _serializer(key, passphrase_hash, now, role).dumps({"id": secrets.token_hex(8)})


def _token_id(token: str, key: str, passphrase_hash: str, hours: int, now: float | None = None,
              role: str = "teacher") -> str | None:
    """The id of a token this key signed for this passphrase less than ``hours`` ago; None for anything else."""
    if not token or not key or len(str(token)) > 400:
        return None
    try:
        payload = _serializer(key, passphrase_hash, now if now is not None else time.time(), role).loads(
            str(token), max_age=hours * 3600)
    except (BadData, ValueError, TypeError):
        return None
    found = payload.get("id") if isinstance(payload, dict) else None
    return found if isinstance(found, str) and 0 < len(found) <= 40 else None


def check_token(token: str, key: str, passphrase_hash: str, hours: int, now: float | None = None,
                role: str = "teacher") -> bool:
    """True for a token this key signed for this passphrase less than ``hours`` ago; False for anything else.

    >>> check_token(make_token("k" * 64, "h", role="organiser"), "k" * 64, "h", hours=8)  # another role's
    False
    """
    return _token_id(token, key, passphrase_hash, hours, now, role) is not None


def valid(engine: Engine, token: str, passphrase_hash: str, hours: int, now: float | None = None,
          role: str = "teacher") -> bool:
    """``check_token`` with the server's key, and the token not ended by a lock (``end``)."""
    found = _token_id(token, signing_key(engine), passphrase_hash, hours, now, role)
    if found is None:
        return False
    with engine.connect() as conn:
        return conn.execute(select(TeacherSignout.token_id).where(TeacherSignout.token_id == found)).first() is None


def end(engine: Engine, token: str, passphrase_hash: str, hours: int, now: float | None = None,
        role: str = "teacher") -> bool:
    """"Lock the teacher area": this token no longer signs anybody in, whoever holds a copy of it
    (kept until it would have expired). False when it was not a valid token."""
    found = _token_id(token, signing_key(engine), passphrase_hash, hours, now, role)
    if found is None:
        return False
    at = utcnow() if now is None else datetime.fromtimestamp(now, UTC)
    with writing(engine) as conn:
        conn.execute(delete(TeacherSignout).where(TeacherSignout.until < at))  # those expired anyway
        if conn.execute(select(TeacherSignout.token_id).where(TeacherSignout.token_id == found)).first() is None:
            conn.execute(TeacherSignout.__table__.insert().values(token_id=found, until=at + timedelta(hours=hours)))
    return True


def signing_key(engine: Engine, name: str = KEY_NAME) -> str:
    """A server signing key (the teacher's sign-in by default), made on first use (processes that start together
    agree on one)."""
    with engine.connect() as conn:
        value = conn.execute(select(ServerSecret.value).where(ServerSecret.name == name)).scalar()
    if value:
        return value
    try:
        with writing(engine) as conn:
            value = conn.execute(select(ServerSecret.value).where(ServerSecret.name == name)).scalar()
            if not value:
                value = secrets.token_hex(32)
                conn.execute(ServerSecret.__table__.insert().values(name=name, value=value, created_at=utcnow()))
    except IntegrityError:  # another process made it at the same moment: use theirs
        with engine.connect() as conn:
            value = conn.execute(select(ServerSecret.value).where(ServerSecret.name == name)).scalar()
    return value


def rotate(engine: Engine) -> str:
    """A new signing key: every teacher token signed so far stops working."""
    with writing(engine) as conn:
        conn.execute(delete(ServerSecret).where(ServerSecret.name == KEY_NAME))
    return signing_key(engine)
