"""The teacher area: unlock with the passphrase, set a class quiz (code and link), open or close it,
allow the explanations, and read the dashboard (learners, questions, skills) with a CSV download.

Locked unless ``TUTOR_TEACHER_PASSPHRASE_HASH`` is set (environment or Streamlit secrets); each wrong
passphrase makes the next try wait longer, in this session and (for sessions that have failed) on the
whole server, counted in the database (``passphrase.gate``).
"""

from __future__ import annotations

import contextlib
import math
from datetime import UTC, datetime, timedelta

import streamlit as st

from ..classroom import passphrase, stats
from ..classroom.store import ClassError, ClassStore, QuizInfo
from ..progress import StoreError
from ..quiz import KINDS
from .classroom import class_store, retry_button
from .learner import _secrets, session_key, store
from .safe import plain
from .widgets import download

UNLOCKED = "teacher_unlocked"

HOW_TO = """The teacher area is locked: no teacher passphrase is set on this server.

To set one, make its hash and put it in the configuration (the passphrase itself is never stored):

```bash
tarot-tutor teacher-hash          # asks for the passphrase twice, prints scrypt$...
export TUTOR_TEACHER_PASSPHRASE_HASH='scrypt$...'
```

or add `TUTOR_TEACHER_PASSPHRASE_HASH = "scrypt$..."` to `.streamlit/secrets.toml`, then restart the app."""


def render() -> None:
    st.title("Teacher")
    stored = passphrase.configured_hash(secrets_=_secrets())
    if not stored:
        st.warning(HOW_TO)
        return
    if not st.session_state.get(UNLOCKED):
        _unlock(stored)
        return
    cs = class_store()
    if cs is None:
        return
    if st.button("Lock the teacher area", key="teacher_lock"):
        st.session_state.pop(UNLOCKED, None)
        st.rerun()
    try:
        _create(cs)
        _dashboard(cs)
    except StoreError as err:
        st.error(plain(err))
        retry_button("teacher_retry")


def _unlock(stored: str) -> None:
    with st.form("teacher_unlock"):
        typed = st.text_input("Teacher passphrase", type="password")
        go = st.form_submit_button("Unlock", type="primary")
    if not go:
        return
    s = store()
    if s is None:
        st.error("The teacher area needs the database (it counts wrong passphrases), and it cannot be opened "
                 "right now: see the message on the Progress page.")
        return
    gate = passphrase.gate(s.engine, s.where)
    me = session_key()
    try:
        wait = gate.begin(me)  # counts this try before checking it: tries sent together take turns
        if wait > 0:
            st.error(f"Too many wrong passphrases: wait {math.ceil(wait)} s before trying again.")
            return
        if passphrase.verify(typed, stored):
            gate.succeeded(me)
            st.session_state[UNLOCKED] = True
            st.rerun()
    except StoreError as err:
        st.error(str(err))
        retry_button("teacher_retry")
        return
    st.error("Wrong passphrase. Each wrong try makes the next one wait longer.")


def _create(cs: ClassStore) -> None:
    with st.expander("Set a new class quiz", expanded=not cs.quizzes()):
        with st.form("teacher_create"):
            title = st.text_input("Title", max_chars=80, placeholder="e.g. Year 9 · counting")
            kinds = st.multiselect("Kinds of question", list(KINDS), format_func=lambda k: f"{k}: {KINDS[k].summary}")
            c1, c2, c3 = st.columns(3)
            players = c1.selectbox("Players", ["any", 3, 4, 5])
            difficulty = c2.selectbox("Difficulty", [1, 2, 3])
            count = c3.number_input("Questions", min_value=1, max_value=50, value=10)
            has_deadline = st.checkbox("Deadline")
            d1, d2 = st.columns(2)
            day = d1.date_input("Deadline day (UTC)", value=datetime.now(UTC).date() + timedelta(days=7))
            hour = d2.time_input("Deadline time (UTC)", value=datetime.now(UTC).time().replace(second=0, microsecond=0))
            go = st.form_submit_button("Set the quiz", type="primary")
        if go:
            deadline = datetime.combine(day, hour, tzinfo=UTC) if has_deadline else None
            try:
                quiz = cs.create(title=title, kinds=kinds, count=int(count), difficulty=int(difficulty),
                                 players=None if players == "any" else int(players), deadline=deadline)
            except ClassError as err:
                st.error(plain(err))
                return
            st.session_state["teacher_quiz"] = quiz.id
            st.success(f"Quiz set. Code: **{quiz.code}**. Learners open the Class page and type it, or use the link:")
            st.code(_link(quiz.code), language=None)


def _link(code: str) -> str:
    base = ""
    with contextlib.suppress(Exception):  # an older Streamlit without st.context.url: a relative link
        base = (st.context.url or "").split("?")[0].rsplit("/", 1)[0]
    return f"{base}/class?code={code}"


def _dashboard(cs: ClassStore) -> None:
    quizzes = cs.quizzes()
    if not quizzes:
        st.info("No class quiz yet: set one above.")
        return
    by_id = {q.id: q for q in quizzes}
    chosen = st.session_state.get("teacher_quiz")
    ids = list(by_id)
    pick = st.selectbox("Quiz", ids, index=ids.index(chosen) if chosen in by_id else 0,
                        format_func=lambda i: f"{by_id[i].code} · {by_id[i].title}", key="teacher_pick")
    quiz = by_id[pick]
    _controls(cs, quiz)
    tallies = cs.tallies(quiz.id)  # counted in SQL: a rerun costs the same for 50 or 5,000 learners' answers
    st.subheader(f"Learners ({len(tallies.learners)})")
    st.dataframe([{"learner": r.name, "right": r.right, "answered": f"{r.answered}/{len(quiz.questions)}",
                   "score": r.score, "time (s)": r.seconds} for r in stats.learners_from(tallies)],
                 hide_index=True, width="stretch")
    st.subheader("Questions: where to re-teach")
    st.dataframe([{"question": r.number, "kind": r.kind, "skill": r.skill, "answers": r.answered,
                   "% right": r.percent_right,
                   "most common wrong answers": "; ".join(f"{a} ×{n}" for a, n in r.wrong)}
                  for r in stats.questions_from(quiz, tallies)], hide_index=True, width="stretch")
    st.subheader("Skills")
    st.dataframe([{"skill": r.skill, "answers": r.answered, "% right": r.percent_right}
                  for r in stats.skills_from(quiz, tallies)], hide_index=True, width="stretch")

    def csv_file() -> str:  # every answer is read only when the teacher asks for the file
        try:
            return stats.to_csv(quiz, *cs.results(quiz.id))
        except StoreError as err:
            return f"error\n{err}\n"
    download(st, "Download the answers (CSV)", csv_file,
             file_name=f"class-quiz-{quiz.code}.csv", mime="text/csv", key="teacher_csv")


def _controls(cs: ClassStore, quiz: QuizInfo) -> None:
    state = "closed" if quiz.closed else ("ended (deadline passed)" if not quiz.open_at(datetime.now(UTC)) else "open")
    deadline = f" · deadline {quiz.deadline:%Y-%m-%d %H:%M} UTC" if quiz.deadline else ""
    st.markdown(f"**{plain(quiz.title)}** · code `{quiz.code}` · {len(quiz.questions)} questions · {state}{deadline}")
    st.code(_link(quiz.code), language=None)
    c1, c2 = st.columns(2)
    if c1.button("Reopen the quiz" if quiz.closed else "Close the quiz", key="teacher_close"):
        cs.set_flags(quiz.id, closed=not quiz.closed)
        st.rerun()
    if c2.button("Hide the explanations" if quiz.explanations else "Allow the explanations", key="teacher_expl"):
        cs.set_flags(quiz.id, explanations=not quiz.explanations)
        st.rerun()
