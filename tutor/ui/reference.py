"""Rules reference: a searchable summary of the FFT rules, and the French–English glossary."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import streamlit as st

SUMMARY = Path(__file__).with_name("rules_summary.md")


@lru_cache(maxsize=1)
def sections() -> list[tuple[str, str]]:
    """(heading, body) pairs from the summary file."""
    out: list[tuple[str, str]] = []
    for block in SUMMARY.read_text(encoding="utf-8").split("\n## "):
        head, _, body = block.lstrip("# ").partition("\n")
        out.append((head.strip(), body.strip()))
    return out


def search(query: str) -> list[tuple[str, str]]:
    """Sections whose heading or text contains every word of the query (accents and case ignored).

    >>> [h for h, _ in search("excuse last trick")][:1]
    ['Playing a trick']
    """
    words = [w for w in _fold(query).split() if w]
    return [(h, b) for h, b in sections() if all(w in _fold(h + " " + b) for w in words)]


def _fold(text: str) -> str:
    import unicodedata
    text = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def render() -> None:
    st.title("Rules reference")
    st.caption("The rules we teach: the French Tarot Federation's official rules (FFT, 2012).")
    query = st.text_input("Search the rules", placeholder="e.g. overtrump, poignée, dog, half point",
                          key="ref_query")
    found = search(query) if query.strip() else sections()
    if not found:
        st.info(f"Nothing in the rules mentions “{query}”. Try a single word, like *trump* or *chien*.")
    for head, body in found:
        with st.expander(head, expanded=bool(query.strip())):
            st.markdown(body)
    _glossary(query)


def _glossary(query: str) -> None:
    from .data import glossary
    try:
        terms = glossary()
    except Exception as err:  # a broken glossary must not take the rules page down
        st.warning(f"The glossary could not be loaded: {err}")
        return
    if not terms:
        return
    st.subheader("Glossary: French – English")
    q = _fold(query)
    rows = [t for t in terms if not q or q in _fold(" ".join(str(v) for v in t.values()))]
    if rows:
        st.table([{"French": t.get("french", ""), "English": t.get("english", ""),
                   "Meaning": t.get("definition", "")} for t in rows])
