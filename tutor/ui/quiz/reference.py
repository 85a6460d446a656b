"""Rules reference: a searchable summary of the FFT rules, and the French–English glossary."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import streamlit as st

from ...i18n import DEFAULT, _, language
from ..common.safe import query_text

SUMMARY = Path(__file__).with_name("rules_summary.md")
# The summary in another language: rules_summary.<lang>.md, the same sections in the same order (a section's
# address, its slug, is the English heading's, so a shared link opens the same section in every language).
PAGE = "tutor/ui/pages/reference.py"

# Where each rule of a quiz explanation (tutor.quiz.RULES ids) is summarised, so an explanation can
# link to it. A table, not guesses from the words: a test checks every rule id and heading.
SECTION_OF_RULE = {
    **dict.fromkeys(("oudlers",), "The cards"),
    **dict.fromkeys(("deal_sizes", "deal_turn", "dog_building", "petit_sec", "misdeal"),
                    "Players, dealing and the dog"),
    **dict.fromkeys(("card_points", "pair_count"), "Card points"),
    **dict.fromkeys(("bid_order", "outbid", "taker", "all_pass", "dog_fate", "multiplier", "ecart_count",
                     "ecart_king", "ecart_oudler", "ecart_trump"), "Bidding"),
    **dict.fromkeys(("call_king", "partner", "alone", "first_lead_called_suit"), "Five players: the called king"),
    **dict.fromkeys(("poignee_threshold", "poignee_excuse", "poignee_exact"), "Announcements"),
    **dict.fromkeys(("lead", "follow_suit", "must_trump", "must_overtrump", "undertrump", "trump_led", "discard",
                     "excuse", "excuse_led", "trick_winner", "excuse_never_wins", "excuse_kept",
                     "excuse_last_trick", "excuse_chelem"), "Playing a trick"),
    **dict.fromkeys(("target", "juste_fait", "half_point", "petit_au_bout", "petit_au_bout_chelem",
                     "poignee_bonus", "chelem_bonus", "base", "per_defender", "shares"), "Scoring"),
}
# The sections a lesson on each skill (tutor.skills ids) links to.
SECTION_OF_SKILL = {
    "overview": "Players, dealing and the dog",
    "deck": "The cards", "ranks": "The cards", "counting": "Card points", "target": "Scoring",
    "dealing": "Players, dealing and the dog", "bidding": "Bidding", "ecart": "Bidding",
    "legal-play": "Playing a trick", "trick-winner": "Playing a trick", "excuse": "Playing a trick",
    "poignee": "Announcements", "chelem": "Announcements", "petit-au-bout": "Scoring", "scoring": "Scoring",
    "three-players": "Players, dealing and the dog", "five-players": "Five players: the called king",
    "club": "Scoring",
    "hand-judgement": "Bidding", "contract-choice": "Bidding", "ecart-strategy": "Bidding",
    "king-call": "Five players: the called king", "attack-play": "Playing a trick", "defence-play": "Playing a trick",
    "announcing": "Announcements", "endgames": "Playing a trick",
    "defending-together": "Playing a trick", "takers-trumps": "Playing a trick", "discards": "Playing a trick",
}


def summary_file(lang: str) -> Path:
    return SUMMARY if lang == DEFAULT else SUMMARY.with_name(f"rules_summary.{lang}.md")


@lru_cache(maxsize=4)
def _read(lang: str) -> tuple[tuple[str, str], ...]:
    """(heading, body) pairs from the summary file of ``lang``: English when it has none, or when its sections
    do not match the English ones one for one."""
    path = summary_file(lang)
    if not path.exists():
        return _read(DEFAULT) if lang != DEFAULT else ()
    out = []
    for block in path.read_text(encoding="utf-8").split("\n## "):
        head, _sep, body = block.lstrip("# ").partition("\n")
        out.append((head.strip(), body.strip()))
    if lang != DEFAULT and len(out) != len(_read(DEFAULT)):
        return _read(DEFAULT)
    return tuple(out)


def sections(lang: str | None = None) -> list[tuple[str, str]]:
    """(heading, body) pairs from the summary file, in ``lang`` (the current language by default)."""
    return list(_read(lang or language()))


def heading(english: str) -> str:
    """An English section heading (``SECTION_OF_RULE``'s) as the current language writes it."""
    local = sections()
    for i, (h, _body) in enumerate(_read(DEFAULT)):
        if h == english:
            return local[i][0]
    return english


def search(query: str) -> list[tuple[str, str]]:
    """Sections whose heading or text contains every word of the query (accents and case ignored). The English
    text is searched too, so an English tarot word finds its section in every language.

    >>> [h for h, _ in search("excuse last trick")][:1]
    ['Playing a trick']
    """
    words = [w for w in _fold(query).split() if w]
    english = _read(DEFAULT)
    return [(h, b) for (h, b), (eh, eb) in zip(sections(), english)
            if all(w in _fold(f"{h} {b} {eh} {eb}") for w in words)]


def slug(heading: str) -> str:
    """A section heading as a URL word: 'Five players: the called king' -> 'five-players-the-called-king'.

    >>> slug("Players, dealing and the dog")
    'players-dealing-and-the-dog'
    """
    return "-".join(_fold(heading).replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split())


def section_by_slug(word: str | None) -> tuple[str, str] | None:
    """The section (in the current language) whose English heading makes ``word``."""
    if not word:
        return None
    return next((local for local, (h, _b) in zip(sections(), _read(DEFAULT)) if slug(h) == word), None)


def linked_sections(*, rules=(), skills=()) -> list[str]:
    """The headings to link for a question's rule ids or a lesson's skills, in order, each once.

    >>> linked_sections(rules=["must_overtrump", "trick_winner", "base"])
    ['Playing a trick', 'Scoring']
    """
    found = [SECTION_OF_RULE.get(r) for r in rules] + [SECTION_OF_SKILL.get(s) for s in skills]
    return list(dict.fromkeys(h for h in found if h))


def reference_links(headings, *, label: str | None = None) -> None:
    """One link per (English) heading to that section of the Rules reference page."""
    label = label or _("Rules reference")
    for h in headings:
        st.page_link(PAGE, label=_("{label}: {section}").format(label=label, section=heading(h)),
                     icon=":material/gavel:", query_params={"section": slug(h)})


def _fold(text: str) -> str:
    import unicodedata
    text = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def render() -> None:
    st.title(_("Rules reference"))
    st.caption(_("The rules we teach: the French Tarot Federation's official rules (FFT, 2012)."))
    linked = section_by_slug(query_text("section"))
    if linked is not None:  # opened from a lesson or an explanation: that section first, open
        with st.container(border=True):
            st.subheader(linked[0])
            st.markdown(linked[1])
    query = st.text_input(_("Search the rules"), placeholder=_("e.g. overtrump, poignée, dog, half point"),
                          key="ref_query")
    found = search(query) if query.strip() else sections()
    if not found:
        st.info(_("Nothing in the rules mentions “{query}”. Try a single word, like *trump* or *chien*.").format(
            query=query))
    for head, body in found:
        with st.expander(head, expanded=bool(query.strip())):
            st.markdown(body)
    _glossary(query)


def _glossary(query: str) -> None:
    from ..common.data import glossary
    try:
        terms = glossary()
    except Exception as err:  # a broken glossary must not take the rules page down
        st.warning(_("The glossary could not be loaded: {error}").format(error=err))
        return
    if not terms:
        return
    st.subheader(_("Glossary: French – English"))
    q = _fold(query)
    rows = [t for t in terms if not q or q in _fold(" ".join(str(v) for v in t.values()))]
    if rows:
        st.table([{_("French"): t.get("french", ""), _("English"): t.get("english", ""),
                   _("Meaning"): t.get("definition", "")} for t in rows])
