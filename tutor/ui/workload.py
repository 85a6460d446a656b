"""The page's hook on ``tutor.workload``: expensive work runs inside ``busy_said``, and a refusal is
said on the page ("The server is busy: try again in N s") instead of being worked on."""

from __future__ import annotations

from contextlib import contextmanager

import streamlit as st

from ..workload import Busy, guard
from . import learner as lr


@contextmanager
def busy_said(say, stop: bool = False):
    """Run the block as one piece of this session's work; when refused, ``say`` why (and ``stop`` the page)."""
    try:
        with guard(lr.session_key()):
            yield
    except Busy as busy:
        say(str(busy))
        if stop:
            st.stop()
