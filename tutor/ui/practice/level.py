"""Which table the learner practises at: the Beginner table (the frozen reference bots) or the Club table
(today's bots, the default). The choice is kept with the profile (``Store.set_table_level``), read once a
session, and a deal's link carries it (``?table=beginner``) so a shared deal is played against the same bots.
A change takes effect from the next deal, as a change of table size does.
"""

from __future__ import annotations

import streamlit as st

from ...i18n import N_, _
from ...practice.table import DEFAULT_LEVEL, LEVELS
from ...progress import Store
from ..common import learner as lr

QUERY = "table"
KEY = "pr_level"  # the widget's value: the table chosen for the next deal
SAVED = "pr_level_saved"  # (learner id, saved level or None), read once a session and learner
NAMES = {"beginner": N_("Beginner table"), "club": N_("Club table")}
HELP = N_("At the Beginner table the bots play simply, as the first practice bots did; at the Club table they play "
          "what the course teaches: they count their hand before bidding, make the taker trump and draw trumps. "
          "Hints and the review are the same at both.")


def from_address() -> str | None:
    """``?table=`` when it names a table; anything else is ignored."""
    value = st.query_params.get(QUERY)
    return value if value in LEVELS else None


def saved() -> str | None:
    """The current learner's kept table, read once a session and learner."""
    lid = lr.learner_id()
    if lid is None:
        return None
    box = st.session_state.get(SAVED)
    if box is None or box[0] != lid:
        info = lr.guarded(Store.learner, lid)
        box = st.session_state[SAVED] = (lid, info.table_level if info is not None else None)
    return box[1]


def wanted() -> str:
    """The table for the next deal: the one chosen on this page, else the link's, else the profile's."""
    return st.session_state.get(KEY) or from_address() or saved() or DEFAULT_LEVEL


def _chosen() -> None:
    level = st.session_state.get(KEY)
    lid = lr.learner_id()
    if level in LEVELS and lid is not None and lr.guarded(
            lambda s, *a: s.set_table_level(*a) or True, lid, level, write=True, default=False):
        st.session_state[SAVED] = (lid, level)


def choice(container, now: str) -> str:
    """The table picker; ``now``: the table of the deal in play. Returns the table chosen for the next deal."""
    st.session_state.setdefault(KEY, wanted())  # widget state is dropped while another page shows
    level = container.segmented_control(_("Bots"), list(LEVELS), key=KEY, required=True, on_change=_chosen,
                                        format_func=lambda lv: _(NAMES[lv]), help=_(HELP))
    if level != now:
        st.info(_("**The {table} from the next deal on.** This deal finishes at the {now}.").format(
            table=_(NAMES[level]).lower(), now=_(NAMES[now]).lower()), icon=":material/smart_toy:")
    return level
