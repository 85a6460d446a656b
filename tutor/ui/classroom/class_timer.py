"""The timer on a learner's page in a teacher-paced class quiz: the time left on the class's question,
counted down every second (a small fragment that reads no database: the question's start came with
the page), and, once it is up, a clear message in place of the answer form. The store refuses a late
answer by itself (``Reason.TIME_UP``, the server's clock): this page only says so before it is sent.
"""

from __future__ import annotations

import streamlit as st

from ...classroom.store import QuizInfo
from ...db import utcnow
from ...i18n import _
from . import stage

TICK = 1  # seconds between two redraws of the time left


def time_up(quiz: QuizInfo) -> bool:
    """Show the time left on the class's question; True (with the message) when it is up."""
    left = quiz.time_left(utcnow())
    if left is None:
        return False
    if left <= 0:
        st.warning(_("Time is up for question {n}: answers are no longer taken. The next question comes here when "
                     "your teacher moves on.").format(n=quiz.current + 1))
        return True

    @st.fragment(run_every=TICK)
    def tick() -> None:
        now_left = quiz.time_left(utcnow())
        if not now_left:
            st.rerun()  # the whole page: the form gives way to the message
        st.html(_STYLE + stage.timer(now_left, quiz.timer))
    tick()
    return False


# The learner's timer is smaller than the projector's: a phone's screen.
_STYLE = """<style>
.tt-timer { text-align: center; }
.tt-timer-n { font: 700 2rem/1 ui-monospace, monospace; }
.tt-timer-bar { height: .6rem; border-radius: .3rem; background: rgba(128,128,128,.2); overflow: hidden;
  margin-top: .3rem; }
.tt-timer-bar > div { height: 100%; background: #1e88e5; animation-name: tt-shrink;
  animation-timing-function: linear; animation-fill-mode: forwards; }
@keyframes tt-shrink { to { width: 0; } }
</style>"""
