"""The teacher area: unlock with the passphrase, set a class quiz (code, link and QR code), lead it
(self-paced, or teacher-paced question by question), present it on a projector, and read the dashboard
(learners, questions, skills) with a CSV download.

Locked unless ``TUTOR_TEACHER_PASSPHRASE_HASH`` is set (environment or Streamlit secrets); each wrong
passphrase makes the next try wait longer, in this session and (for sessions that have failed) on the
whole server, counted in the database (``passphrase.gate``).

After the right passphrase the browser keeps a signed, expiring token in a cookie
(``tutor.classroom.signin``), so a reload in front of the class does not lock the teacher out. The
token is never in the address: the projected page's address is visible to the whole room. "Lock the
teacher area" ends the token on the server (``signin.end``), not only in this browser.
"""

from __future__ import annotations

import contextlib
import math
from datetime import UTC, datetime, timedelta

import streamlit as st

from ...classroom import address, passphrase, signin
from ...classroom.store import OWN, ClassError, ClassStore, QuizInfo
from ...i18n import N_, _, ngettext
from ...progress import StoreError
from ...quiz import KINDS
from ..common.learner import _secrets, session_key, store
from ..common.safe import plain, query_int
from . import class_tables, duplicate_board, own_questions
from .class_board import dashboard, roster
from .classroom import class_store, retry_button
from .projector import projector

UNLOCKED = "teacher_unlocked"
LOCKED_HERE = "teacher_locked_here"  # this tab locked the area: its cookie no longer signs it in
COOKIE_TODO = "teacher_cookie_todo"  # ("set", token) or ("clear", "") for the next run to hand the browser
PRESENT = "teacher_present"
PRESENT_PARAM = "present"  # query parameter: the quiz on the projector, so a reload keeps presenting it
SCREEN_PARAM = "screen"  # query parameter: the clean projector window of that quiz (no controls on it)
# The projector window: no sidebar (its controls, the page list), no toolbar; only the projected view.
CLEAN = """<style>
[data-testid=stSidebar], [data-testid=stSidebarCollapsedControl], [data-testid=stHeader],
[data-testid=stToolbar] { display: none !important; }
</style>"""
TIMERS = (None, 10, 15, 20, 30, 45, 60, 90, 120)  # seconds per question offered (QUESTION_TIMER_SECONDS)

HOW_TO = N_("""The teacher area is locked: no teacher passphrase is set on this server.

To set one, make its hash and put it in the configuration (the passphrase itself is never stored):

```bash
tarot-tutor teacher-hash          # asks for the passphrase twice, prints scrypt$...
export TUTOR_TEACHER_PASSPHRASE_HASH='scrypt$...'
```

or add `TUTOR_TEACHER_PASSPHRASE_HASH = "scrypt$..."` to `.streamlit/secrets.toml`, then restart the app.""")


def render() -> None:
    stored = passphrase.configured_hash(secrets_=_secrets())
    if not stored:
        st.title(_("Teacher"))
        st.warning(_(HOW_TO))
        return
    _hand_cookie()
    # This session's token (after the passphrase), else the browser's cookie (a reload). It is checked on
    # every run, so an expired token, a new passphrase or "Sign out everywhere" locks open tabs too.
    token = st.session_state.get(UNLOCKED) or ("" if st.session_state.get(LOCKED_HERE) else _cookie())
    verdict = _valid(token, stored)
    if verdict is None:  # a blip of the database is not a sign-out: the token is kept for the next run
        st.title(_("Teacher"))
        st.error(_("The database is not answering, so your sign-in cannot be checked. You are still signed in: "
                   "try again in a moment."))
        retry_button("teacher_retry_signin")
        return
    if not verdict:
        st.session_state.pop(UNLOCKED, None)
        st.title(_("Teacher"))
        _unlock(stored)
        return
    st.session_state[UNLOCKED] = token
    cs = class_store()
    if cs is None:
        return
    try:
        _area(cs)
    except StoreError as err:
        st.error(plain(err))
        retry_button("teacher_retry")


def _area(cs: ClassStore) -> None:
    screen = query_int(SCREEN_PARAM, 1, 2**31 - 1)
    if screen is not None and (quiz := {q.id: q for q in cs.quizzes()}.get(screen)) is not None:
        st.html(CLEAN)  # the projector window: the projected view only, no sidebar and its controls
        projector(cs, quiz.id, _link(quiz.code))
        return
    _present_from_address()
    if st.session_state.get(PRESENT) and (quiz := _pick(cs.quizzes())) is not None:
        _present_toggle()
        _keep_present_in_address(quiz.id)
        st.sidebar.link_button(_("Open the projector window"), f"?{SCREEN_PARAM}={quiz.id}",
                               icon=":material/open_in_new:",
                               help=_("A second window showing only the projected view, for the projector; these "
                                      "controls stay in this one. A reload keeps it."))
        _pace(cs, quiz, st.sidebar)
        revealed = _reveal_button(cs, quiz)
        _top_button(cs, quiz, revealed)
        _address_note(st.sidebar)
        projector(cs, quiz.id, _link(quiz.code))
        return
    _keep_present_in_address(None)
    st.title(_("Teacher"))
    top1, top2 = st.columns(2)
    if top1.button(_("Lock the teacher area"), key="teacher_lock", help=_("Sign out on this browser")):
        _lock()
    if top2.button(_("Sign out everywhere"), key="teacher_rotate",
                   help=_("Every browser signed in as the teacher must type the passphrase again")):
        s = store()
        if s is not None:
            signin.rotate(s.engine)
        _lock()
    quizzes = cs.quizzes()
    if _create(cs, first=not quizzes) or duplicate_board.create_form(cs, first=not quizzes):
        quizzes = cs.quizzes()  # read again: the quiz just set is on the list
    quiz = _pick(quizzes)
    if quiz is None:
        st.info(_("No class quiz yet: set one above."))
    else:
        _board(cs, quiz)
    own_questions.section(cs)


def _board(cs: ClassStore, quiz: QuizInfo) -> None:
    """The chosen quiz: its controls, its dashboard and its learners."""
    _present_toggle()
    st.caption(_("Turn on **Present** in the sidebar to show the join code and its QR code on a projector."))
    if quiz.duplicate:  # everyone plays the same deals: its own dashboard
        duplicate_board.controls(cs, quiz, _link(quiz.code))
        duplicate_board.dashboard(cs, quiz.id)
    else:
        _controls(cs, quiz)
        dashboard(cs, quiz.id)
    roster(cs, quiz.id)
    class_tables.section(cs, quiz)  # the quiz's learners seated at tables where they play each other


def _present_from_address() -> None:
    """A reload (F5) of the projected page keeps presenting the same quiz: ``?present=<quiz id>`` is in the
    address (only an id: the address is visible to the room, so never a token or an answer)."""
    if PRESENT in st.session_state:
        return
    shown = query_int(PRESENT_PARAM, 1, 2**31 - 1)
    if shown is not None:
        st.session_state[PRESENT] = True
        st.session_state["teacher_pick"] = shown  # _pick falls back to another quiz if it is gone


def _keep_present_in_address(quiz_id: int | None) -> None:
    want = None if quiz_id is None else str(quiz_id)
    if st.query_params.get(PRESENT_PARAM) != want:
        if want is None:
            del st.query_params[PRESENT_PARAM]
        else:
            st.query_params[PRESENT_PARAM] = want


def _reveal_button(cs: ClassStore, quiz: QuizInfo) -> int | None:
    """In a paced question, the projector shows the right answer and how the class answered only once
    the teacher asks: the question revealed, or None. Kept with the quiz, so every projector window shows
    it; moving the class hides it again."""
    if not (quiz.paced and 0 <= quiz.current < len(quiz.questions)):
        return None
    shown = quiz.revealed == quiz.current
    if st.sidebar.button(_("Hide the answer") if shown else _("Show the answer"), key="teacher_reveal",
                         help=_("On the projector: the right answer and how many chose what")):
        cs.show(quiz.id, revealed=None if shown else quiz.current, top_after=None)
        st.rerun()
    return quiz.current if shown else None


def _top_button(cs: ClassStore, quiz: QuizInfo, revealed: int | None) -> int | None:
    """With the top five switched on: once the answer is on show, the teacher may put the five best
    scores on the projector (names with scores: never before they ask); the question, or None."""
    if not quiz.leaderboard or revealed is None:
        return None
    shown = quiz.top_after == quiz.current
    if st.sidebar.button(_("Back to the question") if shown else _("Show the top five"), key="teacher_top_button",
                         help=_("On the projector: the five best scores so far, with names")):
        cs.show(quiz.id, revealed=quiz.current, top_after=None if shown else quiz.current)
        st.rerun()
    return quiz.current if shown else None


def _present_toggle() -> bool:
    return st.sidebar.toggle(
        _("Present"), key=PRESENT, help=_("The projector view: the join code, the QR code and, when you lead the "
                                          "quiz, the question. The controls stay here in the sidebar."))


# -- signing in --------------------------------------------------------------------------------------


def _valid(token: str, stored: str) -> bool | None:
    """True for a token this server signed for this passphrase, not yet expired; None when the database
    cannot say (it is down or busy)."""
    if not token:
        return False
    s = store()
    if s is None:
        return None
    try:
        return signin.valid(s.engine, token, stored, signin.hours(secrets_=_secrets()))
    except Exception:  # the database is down or busy: not a reason to sign the teacher out
        return None


def _cookie() -> str:
    """The sign-in cookie the browser sent when this session began ('' without one)."""
    with contextlib.suppress(Exception):  # no browser behind the session (e.g. a test run)
        return str(st.context.cookies.get(signin.COOKIE) or "")
    return ""


def _hand_cookie() -> None:
    """Give the browser the token (or take it back) with a one-off script: a cookie is the only place
    the page can keep it that the projector does not show."""
    todo = st.session_state.pop(COOKIE_TODO, None)
    if todo is None:
        return
    what, token = todo
    age = signin.hours(secrets_=_secrets()) * 3600 if what == "set" else 0
    st.html(f"<script>document.cookie = '{signin.COOKIE}={token}; Max-Age={age}; Path=/; SameSite=Strict'"
            " + (location.protocol === 'https:' ? '; Secure' : '');</script>", unsafe_allow_javascript=True)


def _lock() -> None:
    """Sign out on this browser: the token ends on the server too, so a copy of the cookie opens nothing."""
    token, s = st.session_state.get(UNLOCKED), store()
    if token and s is not None:
        with contextlib.suppress(Exception):  # the database is down: the cookie is still cleared below
            signin.end(s.engine, token, passphrase.configured_hash(secrets_=_secrets()),
                       signin.hours(secrets_=_secrets()))
    st.session_state.pop(UNLOCKED, None)
    st.session_state[LOCKED_HERE] = True
    st.session_state[COOKIE_TODO] = ("clear", "")
    st.rerun()


def _unlock(stored: str) -> None:
    with st.form("teacher_unlock"):
        typed = st.text_input(_("Teacher passphrase"), type="password")
        go = st.form_submit_button(_("Unlock"), type="primary")
    if not go:
        return
    s = store()
    if s is None:
        st.error(_("The teacher area needs the database (it counts wrong passphrases), and it cannot be opened "
                   "right now: see the message on the Progress page."))
        return
    gate = passphrase.gate(s.engine, s.where)
    me = session_key()
    try:
        right, wait = passphrase.check(gate, me, typed, stored)  # counted before checking: tries take turns
        if wait > 0:
            st.error(_("Too many wrong passphrases: wait {n} s before trying again.").format(n=math.ceil(wait)))
            return
        if right:
            token = signin.make_token(signin.signing_key(s.engine), stored)
            st.session_state[UNLOCKED] = token
            st.session_state.pop(LOCKED_HERE, None)
            st.session_state[COOKIE_TODO] = ("set", token)
            st.rerun()
    except StoreError as err:
        st.error(str(err))
        retry_button("teacher_retry")
        return
    st.error(_("Wrong passphrase. Each wrong try makes the next one wait longer."))


# -- setting and leading a quiz ----------------------------------------------------------------------


def _create(cs: ClassStore, first: bool) -> bool:
    """The form that sets a new quiz; True when it has just set one."""
    made = problem = None
    with st.expander(_("Set a new class quiz"), expanded=first):
        with st.form("teacher_create"):
            title = st.text_input(_("Title"), max_chars=80, placeholder=_("e.g. Year 9 · counting"))
            kinds = st.multiselect(_("Kinds of question"), list(KINDS),
                                   format_func=lambda k: f"{k}: {_(KINDS[k].summary)}", placeholder=_("Choose options"))
            own, mix = own_questions.picker(cs)
            c1, c2, c3 = st.columns(3)
            players = c1.selectbox(_("Players"), ["any", 3, 4, 5],
                                   format_func=lambda p: _("any") if p == "any" else str(p))
            difficulty = c2.selectbox(_("Difficulty"), [1, 2, 3])
            count = c3.number_input(_("Questions"), min_value=1, max_value=50, value=10,
                                    help=_("Generated questions, of the kinds picked; those from your bank come on "
                                           "top of them"))
            paced = st.checkbox(_("Teacher-paced"), help=_("You move the whole class to the next question, and the "
                                                            "projector shows it; otherwise each learner goes at "
                                                            "their pace"))
            e1, e2, e3 = st.columns(3)  # engagement, each optional (teacher-paced only)
            timer = e1.selectbox(_("Timer per question"), TIMERS,
                                 format_func=lambda t: _("none") if t is None else f"{t} s",
                                 help=_("Teacher-paced only. The projector and the phones show the time left; "
                                        "later answers are refused. You may move on before the time is up."))
            leaderboard = e2.checkbox(_("Top five between questions"),
                                      help=_("Teacher-paced only. Once you show an answer, you may put the five "
                                             "best scores, with names, on the projector"))
            podium = e3.checkbox(_("Podium at the end"), value=True,
                                 help=_("Teacher-paced only: the three best scores"))
            has_deadline = st.checkbox(_("Deadline"))
            d1, d2 = st.columns(2)
            day = d1.date_input(_("Deadline day (UTC)"), value=datetime.now(UTC).date() + timedelta(days=7))
            hour = d2.time_input(_("Deadline time (UTC)"),
                                 value=datetime.now(UTC).time().replace(second=0, microsecond=0))
            go = st.form_submit_button(_("Set the quiz"), type="primary")
        if go:
            deadline = datetime.combine(day, hour, tzinfo=UTC) if has_deadline else None
            try:
                quiz = cs.create(title=title, kinds=kinds, count=int(count), difficulty=int(difficulty),
                                 players=None if players == "any" else int(players), deadline=deadline,
                                 paced=bool(paced), own=own, mix=mix, timer=timer,
                                 leaderboard=bool(leaderboard), podium=bool(podium))
            except ClassError as err:
                problem = err
            else:
                st.session_state["teacher_quiz"] = quiz.id
                st.session_state["teacher_pick"] = quiz.id
                made = quiz
    if problem is not None:
        st.error(plain(problem))
    if made is not None:  # outside the expander, which the rerun may fold away
        st.success(_("Quiz set. Code: **{code}**. Learners open the Class page and type it, or use the link:").format(
            code=made.code))
        st.code(_link(made.code), language=None)
        own = sum(q.kind == OWN for q in made.questions)
        if own and own < len(made.questions):  # "Questions: 6" and 2 from the bank make 8: said, not a surprise
            st.info(_("The quiz has {total} questions: {made} generated and {own} from your bank.").format(
                total=len(made.questions), made=len(made.questions) - own, own=own))
    return made is not None


def _browser_url() -> str:
    """The address this browser shows for the page ('' without a browser, e.g. a test run)."""
    with contextlib.suppress(Exception):  # an older Streamlit without st.context.url: a relative link
        return st.context.url or ""
    return ""


def _address() -> address.JoinAddress:
    """Where the join link and QR code send learners: ``TUTOR_PUBLIC_URL``, else this browser's address."""
    return address.choose(address.configured(secrets_=_secrets()), _browser_url())


def _link(code: str) -> str:
    return _address().link(code)


def _address_note(where=st) -> None:
    """The address the QR code carries, and a warning (with the fix) when no phone can open it."""
    a = _address()
    if a.base:
        where.caption((_("The link and QR code send learners to **{base}** (set by {setting}).")
                       if a.source == "setting" else
                       _("The link and QR code send learners to **{base}** (the address of this page).")).format(
            base=a.base, setting=address.ENV_VAR))
    if a.problem:
        where.warning(a.problem)


def _pick(quizzes: list[QuizInfo]) -> QuizInfo | None:
    if not quizzes:
        return None
    by_id = {q.id: q for q in quizzes}
    ids = list(by_id)
    if st.session_state.get("teacher_pick") not in by_id:
        chosen = st.session_state.get("teacher_quiz")
        st.session_state["teacher_pick"] = chosen if chosen in by_id else ids[0]
    pick = st.sidebar.selectbox(_("Quiz"), ids, format_func=lambda i: f"{by_id[i].code} · {by_id[i].title}"
                                + (_(" (duplicate)") if by_id[i].duplicate else ""),
                                key="teacher_pick")
    return by_id[pick]


def _controls(cs: ClassStore, quiz: QuizInfo) -> None:
    state = _("closed") if quiz.closed else (_("ended (deadline passed)") if not quiz.open_at(datetime.now(UTC))
                                             else _("open"))
    deadline = _(" · deadline {when} UTC").format(when=f"{quiz.deadline:%Y-%m-%d %H:%M}") if quiz.deadline else ""
    pace = _("teacher-paced") if quiz.paced else _("self-paced")
    extras = [_("timer {n} s").format(n=quiz.timer) if quiz.timer else "", _("top five") if quiz.leaderboard else "",
              _("podium") if quiz.paced and quiz.podium else ""]
    pace += "".join(f" · {e}" for e in extras if e)
    st.markdown(_("**{title}** · code `{code}` · {questions} · {pace} · {state}{deadline}").format(
        title=plain(quiz.title), code=quiz.code,
        questions=ngettext("{n} question", "{n} questions", len(quiz.questions)).format(n=len(quiz.questions)),
        pace=pace, state=state, deadline=deadline))
    st.code(_link(quiz.code), language=None)
    _address_note()
    c1, c2 = st.columns(2)
    if c1.button(_("Reopen the quiz") if quiz.closed else _("Close the quiz"), key="teacher_close"):
        cs.set_flags(quiz.id, closed=not quiz.closed)
        st.rerun()
    if c2.button(_("Hide the explanations") if quiz.explanations else _("Allow the explanations"), key="teacher_expl"):
        cs.set_flags(quiz.id, explanations=not quiz.explanations)
        st.rerun()
    _pace(cs, quiz, st)


def _pace(cs: ClassStore, quiz: QuizInfo, where) -> None:
    """The teacher-paced controls: start, next question, back one, and the podium switch."""
    tag = "side" if where is st.sidebar else "main"  # the same controls in the page or, presenting, the sidebar
    if not quiz.paced:
        return
    n = len(quiz.questions)
    if quiz.current < 0:
        where.markdown(_("The class waits for you to start."))
    elif quiz.finished:
        where.markdown(_("The quiz is over: the results are on show."))
    else:
        where.markdown(_("The class is on **question {n} of {total}**.").format(n=quiz.current + 1, total=n))
        if quiz.timer:
            where.caption(_("Timer: {n} s a question, from when you move the class. You may move on before it runs "
                            "out.").format(n=quiz.timer))
    b1, b2 = (where, where) if tag == "side" else where.columns(2)  # the narrow sidebar: one under the other
    if quiz.current < 0:
        label = _("Start the quiz")
    elif quiz.current >= n - 1:
        label = _("Show the results") if not quiz.finished else None
    else:
        label = _("Next question")
    if label and b1.button(label, key=f"teacher_next_{tag}", type="primary"):
        cs.move(quiz.id, quiz.current + 1)
        st.rerun()
    if quiz.current >= 0 and b2.button(_("Back one question"), key=f"teacher_back_{tag}"):
        cs.move(quiz.id, quiz.current - 1)
        st.rerun()
    podium = where.toggle(_("Podium at the end"), value=quiz.podium, key=f"teacher_podium_{quiz.id}_{tag}",
                          help=_("Show the three best scores when the quiz is over"))
    leaderboard = where.toggle(_("Top five between questions"), value=quiz.leaderboard,
                               key=f"teacher_leaderboard_{quiz.id}_{tag}",
                               help=_("Once an answer is on show, you may show the five best scores"))
    if podium != quiz.podium or leaderboard != quiz.leaderboard:
        cs.set_flags(quiz.id, podium=podium, leaderboard=leaderboard)
        st.rerun()
