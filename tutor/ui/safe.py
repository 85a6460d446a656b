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

from ..limits import MAX_SEED, MAX_TEXT_INPUT, parse_int

# Markdown, HTML, GitHub's autolinks and Streamlit's own syntax (":red[...]", ":material/x:", "$x$").
_ALWAYS = frozenset("\\`*_[]()!<>#|{}~:$&")
_LEADING = frozenset("+-=>")  # a list item or a quote, at the start of a line
# An invisible word joiner (U+2060). Streamlit's Markdown (remark-gfm) turns ``www.x``, ``http://x``
# and ``a@x.y`` into links *after* reading backslash escapes, so escaping cannot stop it: a joiner
# inside ``www.``, ``://`` and before ``@`` does (its patterns match only those exact characters).
JOINER = "\u2060"


def unlinked(text: str) -> str:
    """``text`` with a word joiner where Markdown would start a link: after ``www`` before its dot,
    after the ``:`` of ``://``, before ``@``. It looks the same."""
    out = []
    for i, ch in enumerate(text):
        if ch == "@" or (ch == "." and text[max(0, i - 3):i].lower() == "www"):
            out.append(JOINER)
        out.append(ch)
        if ch == ":" and text[i + 1:i + 3] == "//":
            out.append(JOINER)
    return "".join(out)


def plain(text) -> str:
    """``text`` escaped for ``st.markdown`` and widget labels: it shows exactly as typed.

    Markdown's backslash escape goes before every character that could start markup (links,
    images, HTML tags, emphasis, code, Streamlit's ``:color[...]`` and ``:icon:``, ``$`` maths),
    before a ``.`` inside a word (``www.host.org`` would become a link) or after a leading number
    (``1. Ann`` would become a list), and before a leading ``+ - = >``. Line breaks become spaces.
    Ordinary punctuation (commas, full stops, apostrophes) is left alone. A web or mail address gets
    invisible joiners, so it is never made a link (``unlinked``).
    """
    text = unlinked(" ".join(str(text).splitlines()).strip())
    out = []
    for i, ch in enumerate(text):
        if (ch in _ALWAYS or (i == 0 and ch in _LEADING)
                or (ch == "." and ((i + 1 < len(text) and not text[i + 1].isspace()) or text[:i].isdigit()))):
            out.append("\\")
        out.append(ch)
    return "".join(out)


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
