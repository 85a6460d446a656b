"""Join codes: 6 characters a class can read off a board without mistakes.

No 0/O, no 1/I/L (L is left out too: in many fonts a lowercase l is a 1). 31 symbols, so
31**6, about 890 million codes; ``secrets`` picks them so a code cannot be guessed from another.

>>> len(new_code()), set(new_code()) <= set(ALPHABET)
(6, True)
>>> clean_code(" abc-def ")
'ABCDEF'
>>> clean_code("AB0DEF") is None  # 0 is never in a code
True
"""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def clean_code(text: str) -> str | None:
    """The code as typed, upper-cased, spaces and dashes dropped; None when it cannot be a code."""
    code = "".join(ch for ch in str(text or "").upper() if ch not in " -\t")
    return code if len(code) == LENGTH and set(code) <= set(ALPHABET) else None
