"""The page's hook on ``tutor.workload``: expensive work runs through ``limited``, and a refusal is
said on the page ("The server is busy: try again in N s") instead of being worked on."""

from __future__ import annotations

import streamlit as st

from ...workload import Busy, guard
from . import learner as lr


def limited(say, work, *args, stop: bool = False):
    """(True, ``work(*args)``) as one piece of this session's work; when refused, ``say`` why (and
    ``stop`` the page) and (False, None)."""
    try:
        with guard(lr.session_key()):
            return True, work(*args)
    except Busy as busy:
        say(str(busy))
        if stop:
            st.stop()
        return False, None
