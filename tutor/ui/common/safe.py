"""The pages' edge: query parameters read within their ranges, and user text shown as plain text.

Every query parameter a page reads goes through ``query_int`` or ``query_choice``: a value out of
range, too long, or with digits ``int`` refuses (``str.isdigit`` accepts "²") reads as absent, so
the page opens as if it had not been given. Every name a person typed (a learner, a player, a game,
a quiz title, an uploaded file's name) goes through ``plain`` before it reaches Markdown, so
``![p](http://host/x)`` or ``<img src=x>`` shows as those characters and fetches nothing, and
``www.evil.example``, ``https://evil.example`` or ``a@evil.example`` is never made a link
(``unlinked``).

>>> print(plain("![p](http://host/x)"), plain("<img src=x>"), plain("Ann-Marie O'Neil, 3rd."))
\\!\\[p\\]\\(http\\:\u2060//host/x\\) \\<img src=x\\> Ann-Marie O'Neil, 3rd.
>>> print(plain("1. www.a.org").replace(JOINER, "+"))
1\\. www+\\.a\\.org
>>> unlinked("Mail a@b.org, WWW.b.org").replace(JOINER, "+")
'Mail a+@b.org, WWW+.b.org'
"""

from __future__ import annotations

import streamlit as st

from ...limits import MAX_SEED, MAX_TEXT_INPUT, parse_int
from ...mdsafe import JOINER, plain, unlinked  # noqa: F401 - the pages import them from here


def query_int(name: str, lo: int, hi: int) -> int | None:
    """The query parameter ``name`` as an int in ``lo..hi``, or None (absent, unreadable, out of range)."""
    value = st.query_params.get(name)
    return parse_int(value, lo, hi) if isinstance(value, str) and len(value) <= 40 else None


def query_seed(name: str = "seed") -> int | None:
    """A seed from the address: 0 to MAX_SEED (it must fit the database's integer column)."""
    return query_int(name, 0, MAX_SEED)


def query_choice(name: str, allowed, default=None):
    """The query parameter ``name`` if it is one of ``allowed``, else ``default``."""
    value = st.query_params.get(name)
    return value if isinstance(value, str) and value in allowed else default


def query_text(name: str, limit: int = 80) -> str:
    """A free-text query parameter (an id, a code), cut to ``limit`` characters; "" when absent."""
    value = st.query_params.get(name)
    return value[:limit] if isinstance(value, str) else ""


TEXT_LIMIT = MAX_TEXT_INPUT  # max_chars for the pages' text boxes
