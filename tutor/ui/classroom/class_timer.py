"""The timer on a learner's page in a teacher-paced class quiz: the time left on the class's question,
counted down in the browser (a small custom component, v2), and, once it is up, a clear message in place of
the answer form. The store refuses a late answer by itself (``Reason.TIME_UP``, the server's clock): this
page only says so before it is sent.

The browser counts the seconds: a class of thirty phones on a timed question costs the server nothing a second
(a fragment redrawn every second cost thirty reruns a second), and a phone redraws only the number. When the
count reaches 0 the component asks for one rerun (its trigger value ``up``), and the page puts the message in
place of the form.
"""

from __future__ import annotations

import streamlit as st

from ...classroom.store import QuizInfo
from ...db import utcnow
from ...i18n import _, ngettext

HTML = '<div class="tt-timer" role="timer"></div>'
# The learner's timer is smaller than the projector's: a phone's screen.
CSS = """
.tt-timer { text-align: center; }
.tt-timer-n { font: 700 2rem/1 ui-monospace, monospace; }
.tt-timer-bar { height: .6rem; border-radius: .3rem; background: rgba(128,128,128,.2); overflow: hidden;
  margin-top: .3rem; }
.tt-timer-bar > div { height: 100%; background: #1e88e5; animation-name: tt-shrink;
  animation-timing-function: linear; animation-fill-mode: forwards; }
.tt-timer-up { font-weight: 700; }
@keyframes tt-shrink { to { width: 0; } }
"""
# Drawn again only for a new question (``token``); a rerun of the page for anything else keeps the count going.
JS = """
export default function ({ data, parentElement, setTriggerValue }) {
  const box = parentElement.querySelector(".tt-timer");
  const d = Array.isArray(data) ? data[0] : data;
  if (!box || !d) return;
  if (box.__tt && box.__tt.token === d.token) return;
  if (box.__tt) clearInterval(box.__tt.id);
  const end = Date.now() + d.left * 1000;  // the wall clock: it runs on while a phone sleeps
  const say = (n) => (n === 0 ? d.zero : n === 1 ? d.one : d.other).replace("{n}", String(n));
  box.textContent = "";
  const num = document.createElement("div");
  num.className = "tt-timer-n";
  const bar = document.createElement("div");
  bar.className = "tt-timer-bar";
  const fill = document.createElement("div");
  fill.style.width = `${d.width}%`;
  fill.style.animationDuration = `${d.left}s`;  // the bar runs down smoothly by itself
  bar.appendChild(fill);
  box.append(num, bar);
  const state = (box.__tt = { token: d.token, id: 0, shown: -1 });
  const tick = () => {
    const n = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    if (n === state.shown) return;
    state.shown = n;
    if (n > 0) {
      num.textContent = `${n} s`;
      box.setAttribute("aria-label", say(n));
      return;
    }
    clearInterval(state.id);
    box.removeAttribute("aria-label");
    box.textContent = "";
    const up = document.createElement("div");
    up.className = "tt-timer-up";
    up.textContent = d.up;
    box.appendChild(up);
    setTriggerValue("up", d.token);  // one rerun: the form gives way to the message
  };
  tick();
  state.id = setInterval(tick, 250);
}
"""

_mount = st.components.v2.component("tarot_tutor.class_timer", html=HTML, css=CSS, js=JS)


def timer_data(quiz: QuizInfo, left: float) -> dict:
    """What the browser counts down from: the seconds left now, the bar's width, and the words it says (the
    count's sentence for 0, 1 and more seconds, in the page's language)."""
    zero, one, other = (ngettext("{n} second left", "{n} seconds left", n) for n in (0, 1, 2))
    width = max(0.0, min(100.0, 100 * left / quiz.timer)) if quiz.timer else 0.0
    return {"token": f"{quiz.id}-{quiz.current}", "left": round(left, 2), "width": round(width, 1),
            "zero": zero, "one": one, "other": other, "up": _("Time is up")}


def time_up(quiz: QuizInfo) -> bool:
    """Show the time left on the class's question; True (with the message) when it is up."""
    left = quiz.time_left(utcnow())
    if left is None:
        return False
    if left <= 0:
        st.warning(_("Time is up for question {n}: answers are no longer taken. The next question comes here when "
                     "your teacher moves on.").format(n=quiz.current + 1))
        return True
    # In a list: a dict's top-level values would each be scanned for a dataframe (see table_component).
    _mount(key=f"class_timer_{quiz.id}_{quiz.current}", data=[timer_data(quiz, left)], on_up_change=_nothing)
    return False


def _nothing() -> None:
    """The count reached 0: the rerun it asks for is all there is to do."""
