"""The teacher passphrase: kept only as a salted scrypt hash, checked in constant time, and every
failed attempt makes the next one wait longer, for this browser session and for the whole server.

Make a hash with ``tarot-tutor teacher-hash`` and put it in ``TUTOR_TEACHER_PASSPHRASE_HASH``
(an environment variable, or a key in ``.streamlit/secrets.toml``).

>>> h = make_hash("correct horse", salt=bytes(16))
>>> h.startswith("scrypt$16384$8$1$")
True
>>> verify("correct horse", h), verify("wrong horse", h), verify("x", "not a hash")
(True, False, False)
>>> t = Throttle(); t.failed(now=100.0); t.failed(now=100.0); t.wait(now=101.0)
1.0
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from dataclasses import dataclass

ENV_VAR = "TUTOR_TEACHER_PASSPHRASE_HASH"
N, R, P = 2**14, 8, 1  # scrypt cost: about 16 MB and a few tens of ms per attempt
MAX_WAIT = 60.0  # seconds: the longest slow-down


def make_hash(passphrase: str, salt: bytes | None = None) -> str:
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(passphrase.encode(), salt=salt, n=N, r=R, p=P, dklen=32)
    return f"scrypt${N}${R}${P}${salt.hex()}${digest.hex()}"


def verify(passphrase: str, stored: str) -> bool:
    """True when ``passphrase`` matches the stored hash; a malformed hash never matches."""
    try:
        name, n, r, p, salt, want = str(stored).strip().split("$")
        if name != "scrypt":
            return False
        got = hashlib.scrypt(str(passphrase).encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                             dklen=len(bytes.fromhex(want)), maxmem=2**26)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, bytes.fromhex(want))


def configured_hash(environ=None, secrets_=None) -> str:
    """The hash from the environment, else from Streamlit secrets; '' when none is set."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets_ or {}):
        value = str(source.get(ENV_VAR, "") or "").strip()
        if value:
            return value
    return ""


@dataclass
class Throttle:
    """Failed attempts and when the next one is allowed: wait 2**(failures - 1) s, at most MAX_WAIT."""

    failures: int = 0
    until: float = 0.0

    def __post_init__(self):
        self._lock = threading.Lock()

    def wait(self, now: float) -> float:
        return max(0.0, self.until - now)

    def failed(self, now: float) -> None:
        with self._lock:
            self.failures += 1
            self.until = now + min(MAX_WAIT, 2.0 ** (self.failures - 1))

    def succeeded(self) -> None:
        with self._lock:
            self.failures, self.until = 0, 0.0


GLOBAL = Throttle()  # shared by every session of this server: guessing from many tabs is slowed too
