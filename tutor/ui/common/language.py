"""The language of every page, chosen per learner (issue 28) and kept in the address.

``setup()`` runs at the top of every run (``streamlit_app.py``, before ``st.navigation``) and picks, first
found: ``?lang=fr|en`` in the address (a shared link opens in its language); the language this session
chose before (moving to another page empties the address, so it is put back); the saved language of the
learner; the browser's (``st.context.locale``, then its Accept-Language header); English. Anything else in
``?lang=`` (a list, a script, 10 kB) is dropped quietly.

The sidebar switch (English / Français) puts the choice in the address and, when a learner is known,
saves it with their profile (``Store.set_language``). The language lives in this session's state and in
the thread of its run (``tutor.i18n.use``), so two learners on one server each read their own; callbacks
and timed fragments, which run before or without ``setup()``, read it from the session (``set_fallback``).
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ... import i18n
from ...i18n import LANGUAGES, _
from ...progress import Store
from . import learner as lr

QUERY = "lang"  # the address's parameter
CHOSEN = "ui_lang_chosen"  # session key: the language the address or the switch chose in this session
CURRENT = "ui_lang"  # session key: the language of this session's last run
SAVED = "ui_lang_saved"  # session key: (learner id, their saved language), read once per learner
SWITCH = "ui_lang_switch"  # the sidebar switch's key
MAX_QUERY = 8  # longer ?lang= values are not a language code: not even looked at


def from_address(values: list[str]) -> str | None:
    """The language of ``?lang=``: one value, a supported code in any case; otherwise None.

    >>> from_address(["fr"]), from_address(["EN"]), from_address(["fr", "en"]), from_address(["<script>"])
    ('fr', 'en', None, None)
    >>> from_address([]), from_address(["fr-FR"]), from_address(["x" * 10_000])
    (None, None, None)
    """
    if len(values) != 1 or not isinstance(values[0], str) or len(values[0]) > MAX_QUERY:
        return None
    code = values[0].strip().lower()
    return code if code in LANGUAGES else None


def decide(address: str | None, chosen: str | None, saved: str | None, locale: str | None,
           accept: str | None = None) -> str:
    """The language of a run: the address, this session's choice, the learner's saved one, the browser's
    (its locale, then its Accept-Language list), English.

    >>> decide(None, None, None, "fr-FR"), decide("en", None, "fr", "fr-FR"), decide(None, None, "fr", "en-US")
    ('fr', 'en', 'fr')
    >>> decide(None, None, None, "de-DE", "de-DE,fr;q=0.8"), decide(None, None, None, None)
    ('fr', 'en')
    """
    for code in (address, chosen, saved):
        if code in LANGUAGES:
            return code
    return i18n.choose(locale, accept)


def _browser() -> tuple[str | None, str | None]:
    """(locale, Accept-Language) of the browser; None for what it did not send."""
    try:
        locale = st.context.locale
    except Exception:  # an old client, or no browser at all
        locale = None
    try:
        accept = st.context.headers.get("Accept-Language")
    except Exception:
        accept = None
    return locale, accept


def _learner() -> int | None:
    """The learner of this session, as the learning pages find them: on a shared server only one signed in
    (a guest has no profile to read); on a personal database the most recent one."""
    who = st.session_state.get(lr.LEARNER)
    if who is not None:
        return who[0]
    if lr.shared_server() and lr.signed_in() is None:
        return None
    return lr.learner_id()


def _saved(lid: int | None) -> str | None:
    """The saved language of learner ``lid``, read once per session and learner."""
    if lid is None:
        return None
    box = st.session_state.get(SAVED)
    if box is None or box[0] != lid:
        info = lr.guarded(Store.learner, lid)
        box = st.session_state[SAVED] = (lid, info.language if info is not None else None)
    return box[1]


def _address() -> str | None:
    """``?lang=`` when it names a language; a bad value is removed from the address, without a word."""
    values = st.query_params.get_all(QUERY)
    code = from_address(values)
    if values and code is None:
        del st.query_params[QUERY]
    return code


def setup() -> str:
    """Decide this run's language, keep it in the address when chosen, and build the text in it."""
    address = _address()
    if address is not None:
        st.session_state[CHOSEN] = address
    chosen = st.session_state.get(CHOSEN)
    if address is None and chosen in LANGUAGES:
        st.query_params[QUERY] = chosen  # a move to another page emptied the address: a shared link keeps it
    saved = _saved(_learner()) if chosen is None else None
    code = i18n.use(decide(address, chosen, saved, *_browser()))
    st.session_state[CURRENT] = code
    return code


def _switched() -> None:
    code = st.session_state.get(SWITCH)
    if code not in LANGUAGES:
        return
    st.session_state[CHOSEN] = code
    st.query_params[QUERY] = code
    lid = _learner()
    if lid is not None and lr.guarded(lambda s, *a: s.set_language(*a) or True, lid, code, write=True, default=False):
        st.session_state[SAVED] = (lid, code)


def switch() -> None:
    """English / Français in the sidebar, showing this run's language."""
    code = i18n.language()
    if st.session_state.get(SWITCH) != code:
        st.session_state[SWITCH] = code
    st.sidebar.segmented_control(_("Language"), list(LANGUAGES), format_func=LANGUAGES.__getitem__, key=SWITCH,
                                 required=True, on_change=_switched)


def _session_language() -> str | None:
    """This session's language, for a callback or a fragment run (None outside a Streamlit run)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return st.session_state.get(CURRENT)


i18n.set_fallback(_session_language)
