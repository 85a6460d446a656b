"""Salted scrypt hashes for the secrets people type (the teacher passphrase, a learner's PIN), checked
in constant time; and SHA-256 for random tokens (long enough that a fast hash is safe).

>>> h = make_hash("correct horse", salt=bytes(16))
>>> h.startswith("scrypt$16384$8$1$")
True
>>> verify("correct horse", h), verify("wrong horse", h), verify("x", "not a hash")
(True, False, False)
>>> token_hash("abc")[:16]
'ba7816bf8f01cfea'
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets

N, R, P = 2**14, 8, 1  # scrypt cost: about 16 MB and a few tens of ms per attempt


def make_hash(secret: str, salt: bytes | None = None) -> str:
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(str(secret).encode(), salt=salt, n=N, r=R, p=P, dklen=32)
    return f"scrypt${N}${R}${P}${salt.hex()}${digest.hex()}"


def verify(secret: str, stored: str) -> bool:
    """True when ``secret`` matches the stored hash; a malformed hash never matches."""
    try:
        name, n, r, p, salt, want = str(stored).strip().split("$")
        if name != "scrypt":
            return False
        got = hashlib.scrypt(str(secret).encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                             dklen=len(bytes.fromhex(want)), maxmem=2**26)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, bytes.fromhex(want))


@functools.cache  # made on first use, not at import: one scrypt is 40 to 70 ms of every process's start
def dummy() -> str:
    """Checked against when a name is unknown, so that a wrong name costs the same time as a wrong PIN.

    >>> dummy() == make_hash("not a pin", salt=bytes(16))
    True
    """
    return make_hash("not a pin", salt=bytes(16))


def token_hash(token: str) -> str:
    """What the database keeps of a random token: its SHA-256, in hex."""
    return hashlib.sha256(str(token).encode()).hexdigest()
