"""Class quiz, learner side: join with a code (or a ``?code=`` link) and a display name, answer the
questions with the Drill's widgets, see the result at the end, and the explanations once the teacher
allows them. The session holds only this learner's secret token: nothing here can show another
learner's answers.

The token is also kept in the page address (``?code=…&me=…``): a reload, or a tab closed and opened
again from the history, comes back to the same place instead of asking to join under a name that is
already taken. A learner who lost that address comes back under their name with the PIN shown when
they joined, or by asking the teacher, who lets them in from the dashboard; this page waits for that.

In a teacher-paced quiz the page shows the question the class is on and follows the teacher: it looks
every few seconds and moves on by itself (``st.fragment(run_every=…)``).
"""

from __future__ import annotations

import streamlit as st

from ...classroom import roster
from ...classroom.question_language import in_language
from ...classroom.store import ClassError, ClassStore, Reason, display_name
from ...i18n import N_, _, language, number, pgettext
from ...progress import StoreError
from ...quiz import AnswerType
from ..common.learner import retry, session_key, store
from ..common.safe import plain, query_text
from ..common.widgets import show_card_groups
from ..quiz.question import answer_widget, show_answer
from ..table.question_views import answer_of, answered_by_table, given_words, question_view
from ..table.table_component import card_table
from .class_seat import offer
from .class_timer import time_up

TOKEN = "class_token"  # session key: this learner's token for the quiz they joined
ME = "me"  # query parameter: the same token, so a reload keeps the learner's place
PIN = "class_pin"  # session key: the PIN shown once at joining (never in the address; the store keeps only its hash)
PIN_NOTED = "class_pin_noted"  # session key: the learner pressed "Got it" under their PIN
WAITING = "class_waiting"  # session key: (secret, name) while the teacher has not let this learner back in
FOLLOW = 3  # seconds between two looks at the teacher's pace
# Material icons with their words (an emoji is an empty box without an emoji font)
MARKS = {"right": N_(":material/check: right"), "part": N_(":material/contrast: partly right"),
         "wrong": N_(":material/close: wrong"), "none": N_(":material/remove: not answered")}


def class_store() -> ClassStore | None:
    """The class quizzes on the progress database; None (and a message) when it cannot be opened."""
    s = store()
    if s is None:
        st.error(_("The class quizzes need the database, and it cannot be opened right now. "
                   "Ask your teacher, then press Try again."))
        return None
    return ClassStore(s.engine, s.where)


def retry_button(key: str) -> None:
    """The Try again button that database messages ask for: forget the failure and run the page again."""
    if st.button(_("Try again"), key=key, type="primary"):
        retry()
        st.rerun()


def render() -> None:
    st.title(_("Class quiz"))
    cs = class_store()
    if cs is None:
        retry_button("class_retry_open")
        return
    token = st.session_state.get(TOKEN) or query_text(ME, 200) or None
    try:
        if token:
            _take(cs, token)
        elif st.session_state.get(WAITING):
            _wait(cs)
        else:
            _join(cs)
    except StoreError as err:
        st.error(plain(err))
        retry_button("class_retry")


def _join(cs: ClassStore) -> None:
    st.markdown(_("Type the code your teacher gave you and the name to show on the class results. "
                  "No account needed."))
    code_given = query_text("code", 12)
    with st.form("class_join"):
        code = st.text_input(_("Quiz code"), value=code_given, max_chars=12, placeholder=_("e.g. 8K7HXN"))
        name = st.text_input(_("Your name"), max_chars=40, placeholder=_("e.g. Ana L."))
        go = st.form_submit_button(_("Join the quiz"), type="primary")
    if go:
        try:
            quiz, player = cs.join(code, name, session=session_key())
        except ClassError as err:
            st.error(plain(err))
            return
        _remember(player.token, quiz.code)
        st.session_state[PIN] = player.pin
        st.session_state.pop(PIN_NOTED, None)
        st.rerun()
    _come_back(cs, code_given)


def _come_back(cs: ClassStore, code_given: str) -> None:
    """Back under one's name without the address: with the PIN, or by asking the teacher."""
    with (st.expander(_("Already joined, but lost the page? Come back under your name")),
          st.form("class_rejoin", border=False)):
        code = st.text_input(_("Code of the quiz"), value=code_given, max_chars=12, key="class_rejoin_code")
        name = st.text_input(_("Name you joined with"), max_chars=40, key="class_rejoin_name")
        pin = st.text_input(_("Your PIN"), max_chars=12, type="password", key="class_rejoin_pin",
                            help=_("The PIN shown to you when you joined"))
        c1, c2 = st.columns(2)
        with_pin = c1.form_submit_button(_("Come back with my PIN"), type="primary")
        ask = c2.form_submit_button(_("Ask my teacher to let me in"))
    if not (with_pin or ask):
        return
    try:
        if with_pin:
            quiz, player = roster.rejoin_with_pin(cs, code, name, pin, session_key())
            _remember(player.token, quiz.code)
            st.session_state.update({PIN: str(pin or "").strip(), PIN_NOTED: True})  # known: for Show my PIN
        else:
            secret = roster.ask_to_rejoin(cs, code, name, session=session_key())
            st.session_state[WAITING] = (secret, display_name(name))  # the name as the store kept it
    except ClassError as err:
        st.error(plain(err))
        return
    st.rerun()


def _wait(cs: ClassStore) -> None:
    secret, name = st.session_state[WAITING]
    st.info(_("Your request to come back as {name} is with your teacher. Show them this code: **{code}**. "
              "Keep this page open: it goes on by itself once they let you in.").format(
        name=plain(name), code=roster.request_code(secret)))
    if st.button(_("Stop waiting"), key="class_stop_waiting"):
        st.session_state.pop(WAITING, None)
        st.rerun()

    @st.fragment(run_every=FOLLOW)
    def look() -> None:
        try:
            got = roster.claim(cs, secret)
        except ClassError as err:
            st.session_state.pop(WAITING, None)
            st.error(plain(err))
            return
        if got is not None:
            quiz, player = got
            st.session_state.pop(WAITING, None)
            _remember(player.token, quiz.code)
            st.rerun()
    look()


def _remember(token: str, code: str) -> None:
    """Keep the token in the session and the address; only what changed is written (this runs on
    every rerun of the quiz, and each write to the address is sent to the browser)."""
    st.session_state[TOKEN] = token
    for name, value in ((ME, token), ("code", code)):
        if st.query_params.get(name) != value:
            st.query_params[name] = value


def _forget() -> None:
    st.session_state.pop(TOKEN, None)
    st.session_state.pop(PIN, None)
    st.session_state.pop(PIN_NOTED, None)
    st.query_params.pop(ME, None)


def _follow(cs: ClassStore, token: str, seen: tuple) -> None:
    """Look at the teacher's pace and this learner's name every few seconds; a change (next question,
    closing, a rename by the teacher) redraws the page."""
    @st.fragment(run_every=FOLLOW)
    def look() -> None:
        try:
            now = cs.watch(token)
        except StoreError:
            return
        if now is not None and now != seen:
            st.rerun()
    look()


def _pin() -> None:
    """The PIN to come back with: shown once after joining, until "Got it", then folded away under
    "Show my PIN". Only this session has it (the quiz keeps a hash): after a reload, say how to get back in."""
    pin = st.session_state.get(PIN)
    if pin and not st.session_state.get(PIN_NOTED):
        st.info(_("Your PIN is **{pin}**. Note it down now: if you lose this page, the Class page lets you back in "
                  "with your name and this PIN.").format(pin=pin))
        if st.button(_("Got it"), key="class_pin_got_it", type="primary"):
            st.session_state[PIN_NOTED] = True
            st.rerun()
        return
    with st.expander(_("Show my PIN")):
        if pin:
            st.markdown(_("Your PIN is **{pin}**.").format(pin=pin))
        else:
            st.markdown(_("This page no longer knows your PIN: it was shown once, when you joined, and the quiz keeps "
                          "it only in a form nobody can read back. This page's address keeps your place. If you "
                          "lose it, open **Class**, unfold “Already joined, but lost the page?” and press **Ask my "
                          "teacher to let me in**."))


def _take(cs: ClassStore, token: str) -> None:
    try:
        quiz, player = cs.me(token)
    except ClassError as err:
        _forget()
        st.warning(str(err) if err.reason is Reason.EXPIRED else
                   _("That quiz is no longer here (or the link is not a whole one). Join again with the code."))
        _join(cs)
        return
    _remember(token, quiz.code)
    done = {m.number: m for m in cs.my_answers(token)}
    total = len(quiz.questions)
    top, leave = st.columns([4, 1], vertical_alignment="center")
    top.caption(_("{title} · code {code} · playing as {name}. This page's address keeps your place: reload or "
                  "come back to it, but do not share it.").format(title=plain(quiz.title), code=quiz.code,
                                                                  name=plain(player.name)))
    if leave.button(_("Not you?"), key="class_leave",
                    help=_("Leave this quiz on this device, to join as someone else")):
        _forget()
        st.rerun()
    _pin()
    offer(cs, token)  # the table the teacher seated this learner at, if any
    if quiz.duplicate:  # everyone plays the same deals (``class_duplicate``)
        from .class_duplicate import play
        play(cs, token, quiz)
        return
    todo = [i for i in range(total) if i not in done]
    if quiz.paced and not quiz.closed:
        todo = _paced_turn(cs, token, quiz, done, player.name)
        if todo is None:
            return
    if not todo:
        _result(quiz, done)
        return
    if not quiz.open_at(_now()):
        st.error(plain(ClassError(Reason.CLOSED, title=quiz.title)) if quiz.closed else
                 _("The quiz “{title}” has ended: answers are no longer taken.").format(title=plain(quiz.title)))
        if done:
            _result(quiz, done)
        return
    n = todo[0]
    st.progress(len(done) / total if not quiz.paced else (n + 1) / total,
                text=_("Question {n} of {total}").format(n=n + 1, total=total))
    if quiz.paced and time_up(quiz):  # a timed question: the time left, or that it is up
        return
    q = in_language(quiz.questions[n], language())  # a generated question in this page's language
    key = f"class_{quiz.code}_{n}"
    clicked = None
    with st.container(border=True):
        st.markdown(q.prompt)
        on_table = answered_by_table(q)
        if on_table:  # the cards are clicked on the card table: one answer, one rerun
            cards = card_table(question_view(q, token=key), key=f"{key}_table")
            clicked = None if cards is None else answer_of(q, cards)
        else:
            show_card_groups(q.cards)
        if q.answer_type is AnswerType.CHOICE and not on_table:
            # Not in a form: a tap reaches the server at once, so the redraw that follows a new question (the
            # page following the teacher, a busy server's late run) cannot draw the options again without it.
            raw = answer_widget(q, key)
            sent = st.button(_("Send my answer"), type="primary", key=f"{key}_send")
        else:
            with st.form(f"class_q{n}", border=False):
                raw = answer_widget(q, key)
                sent = st.form_submit_button(_("Send what I typed") if on_table else _("Send my answer"),
                                             type="secondary" if on_table else "primary")
    if clicked is not None:
        sent, raw = True, clicked
    if sent:
        if raw in (None, "", [], {}) or (isinstance(raw, dict) and not any(str(v).strip() for v in raw.values())):
            st.info(_("Give an answer first."))
            return
        try:
            cs.answer(token, n, raw)
        except ClassError as err:
            st.error(plain(err))
            return
        st.rerun()
    st.caption(_("Your answers are saved as you go; the result comes at the end."))


def _paced_turn(cs: ClassStore, token: str, quiz, done: dict, name: str) -> list[int] | None:
    """The teacher leads: the question the class is on, if this learner has not answered it; None when
    there is nothing to answer now (the page says why and follows the teacher)."""
    if quiz.finished:
        return []
    _follow(cs, token, (quiz.current, quiz.closed, name, quiz.question_at))
    if quiz.current < 0:
        st.info(_("Your teacher will start the quiz in a moment: the first question comes here by itself."))
    elif quiz.current in done:
        st.success(_("Answer to question {n} saved. The next question comes here when your teacher moves on.").format(
            n=quiz.current + 1))
    else:
        return [quiz.current]
    return None


def _result(quiz, done: dict) -> None:
    total = len(quiz.questions)
    right = sum(m.correct for m in done.values())
    score = sum(m.credit for m in done.values())
    # Partial credit can make a third of a point: one decimal, never a raw float like 3.33333.
    extra = "" if score == right else _(" ({points} points, with partial credit)").format(
        points=number(round(score, 1)))
    st.subheader(_("Your result: {right} right out of {total}{extra}").format(right=right, total=total, extra=extra))
    for i, set_q in enumerate(quiz.questions):
        q, m = in_language(set_q, language()), done.get(i)
        mark = _(MARKS["none" if m is None else "right" if m.correct else "part" if m.credit > 0 else "wrong"])
        given = given_words(q, m.answer) if m else pgettext("answer", "none")
        st.markdown(_("**{n}.** {mark} · your answer: {given}").format(n=i + 1, mark=mark, given=given))
        if quiz.explanations:
            with st.expander(_("Question {n}: answer and why").format(n=i + 1)):
                st.markdown(q.prompt)
                show_answer(q)
                st.markdown(q.explanation)
    if not quiz.explanations:
        st.info(_("Your teacher will open the explanations later."))
        st.button(_("Check again"), key="class_refresh")


def _now():
    from ...db import utcnow
    return utcnow()
