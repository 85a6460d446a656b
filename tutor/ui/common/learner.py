"""The app's link to the progress store: who is learning, saving answers, and saying so when saving is off.

The store is opened once per process and database URL (``st.cache_resource``), failures included, so
a broken database costs one attempt, not one per rerun. When opening or a write fails, the session
stops saving, every page keeps working, and ``saving_notice()`` says why with a Try again button.
A write that failed for a reason that can pass (a lock, a full disk, a server away) is kept, and the
next write tries again by itself, the kept ones first, so nothing answered meanwhile is lost.

On a shared server (``shared_server()``) a visitor is a guest until they sign in: with their name and
the PIN they set, or, when the server configures it, with an OpenID Connect provider (``st.login``,
an ``[auth]`` section in ``.streamlit/secrets.toml``), whose identity then is the learner.
"""

from __future__ import annotations

import os
import secrets
import time
from datetime import UTC, tzinfo
from zoneinfo import ZoneInfo

import streamlit as st

from ...db import utcnow
from ...i18n import _
from ...progress import AnswerRecord, Problem, Store, StoreError, database_url
from ...progress.db import PASSING
from ...progress.mastery import RECENT, Mastery, mastery_by_skill, plain_words
from ...progress.store import DEFAULT_NAME, REVEALED
from ...skills import SKILLS
from .safe import plain
from .text import say

DOWN = "progress_down"  # session key: the message while this session is not saving
DOWN_KIND = "progress_down_kind"  # session key: the Problem behind it
PENDING = "progress_pending"  # session key: writes that failed for a passing reason, to send again
PENDING_MAX = 500
SESSION = "session_key"  # session key: a random id for this browser session (throttles count per session)
LEARNER = "progress_learner"  # session key: (id, name) of the learner
REV = "progress_rev"  # session key: bumped on every write, so cached reads refresh
RESCUE = "progress_rescue"  # session key: Try again after damage found while reading salvages the file
RESCUED = "progress_rescued"  # session key: what that salvage kept and lost, for the notice


def _secrets() -> dict:
    try:
        if st.secrets.load_if_toml_exists():
            return {k: st.secrets[k] for k in st.secrets if isinstance(st.secrets[k], str)}
    except Exception:  # a malformed secrets file must not stop the app; the default store is used
        pass
    return {}


@st.cache_resource(show_spinner=False, max_entries=16)
def _open(url: str) -> tuple[Store | None, str]:
    try:
        return Store.open(url), ""
    except StoreError as err:
        return None, err.args[0]  # its sentence (a Text), said in the learner's language


def store() -> Store | None:
    """The store for reading, or None when it cannot be opened; notes when this session cannot save."""
    url = database_url(secrets=_secrets())
    if st.session_state.pop(RESCUE, False):  # Try again after damage found while reading: salvage it now
        try:
            rescued = Store.open(url, rescue=True)
            st.session_state[RESCUED] = rescued.notice
            rescued.close()
        except StoreError as err:
            st.session_state[DOWN] = err.args[0]
        _open.clear()
    opened, problem = _open(url)
    if opened is None or opened.read_only:
        st.session_state.setdefault(DOWN, problem or opened.read_only)
    return opened


def session_key() -> str:
    """A random id for this browser session: wrong passphrases, PINs and join tries are counted per session."""
    return st.session_state.setdefault(SESSION, secrets.token_hex(16))


def retry() -> None:
    """Forget the failure: the next access opens the database again (a damaged file is backed up then).
    On a personal database the learner is looked up again too (a fresh file does not have this
    session's profile); on a shared server the learner stays signed in."""
    _open.clear()
    st.session_state.pop(DOWN, None)
    if st.session_state.pop(DOWN_KIND, None) is Problem.CORRUPT:
        st.session_state[RESCUE] = True
        st.session_state.pop("progress_notice_seen", None)
    if not shared_server():
        st.session_state.pop(LEARNER, None)
    _forget_reads()


def _failed(err: StoreError) -> None:
    st.session_state[DOWN] = err.args[0]
    st.session_state[DOWN_KIND] = err.problem
    if err.problem is Problem.CORRUPT:
        _open.clear()  # Try again reopens, which backs the file up


def _flush(s: Store) -> None:
    """Send the writes kept while saving was stopped, oldest first; a failure leaves the rest kept."""
    pending = st.session_state.get(PENDING) or []
    while pending:
        fn, args, kwargs = pending[0]
        fn(s, *args, **kwargs)
        pending.pop(0)


def guarded(fn, *args, default=None, write: bool = False, **kwargs):
    """Call ``fn(store, ...)``; on a StoreError stop saving for this session and return ``default``.

    A ``write`` while saving is stopped is tried anyway when the problem can pass (``PASSING``: a lock,
    a full disk, an unreachable server), after the writes kept from before; one that fails that way is
    kept to be sent again (pass ``at=`` so it keeps its time). Other problems (read-only, damaged, too
    new) skip writes until Try again."""
    s = store()
    if s is None:
        return default
    down = st.session_state.get(DOWN)
    if write and down and st.session_state.get(DOWN_KIND) not in PASSING:
        return default
    try:
        if write:
            _flush(s)
        result = fn(s, *args, **kwargs)
    except StoreError as err:
        _failed(err)
        if write and err.problem in PASSING:
            pending = st.session_state.setdefault(PENDING, [])
            if len(pending) < PENDING_MAX:
                pending.append((fn, args, kwargs))
        return default
    if write and down:
        st.session_state.pop(DOWN, None)
        st.session_state.pop(DOWN_KIND, None)
    return result


def shared_server() -> bool:
    """True when many people share this database: a server database (not SQLite), or
    ``TUTOR_SHARED_SERVER=1`` (environment or secrets). A new visitor then starts as a guest and picks
    their own name, instead of landing on the last active learner's progress."""
    secrets = _secrets()
    flag = os.environ.get("TUTOR_SHARED_SERVER") or secrets.get("TUTOR_SHARED_SERVER", "")
    if str(flag).strip().lower() in ("1", "true", "yes"):
        return True
    return not database_url(secrets=secrets).startswith("sqlite")


def auth_configured() -> bool:
    """True when ``.streamlit/secrets.toml`` has an ``[auth]`` section: sign-in with ``st.login`` is offered."""
    try:
        return bool(st.secrets.load_if_toml_exists() and "auth" in st.secrets)
    except Exception:
        return False


def signed_in() -> tuple[str, str] | None:
    """(identity, name) of the person signed in through ``st.login``, None when nobody is."""
    if not auth_configured():
        return None
    try:
        user = st.user.to_dict()
    except Exception:
        return None
    subject = user.get("sub") or user.get("email")
    if not user.get("is_logged_in") or not subject:
        return None
    identity = f"{user.get('iss', '')}|{subject}"[:255]
    return identity, str(user.get("name") or user.get("email") or _("Learner"))


def learner_id() -> int | None:
    """The current learner's id: on a personal database the most recently active one (or a new “Me”
    on a first visit); on a shared server only the one this session signed in as (with a PIN, or the
    identity of ``st.login``), a guest (None) until then."""
    who = st.session_state.get(LEARNER)
    if who is None:
        if shared_server():
            ident = signed_in()
            if ident is None:
                return None
            info = guarded(Store.learner_for_identity, *ident)
            if info is None:
                return None
            who = st.session_state[LEARNER] = (info.id, info.name)
            return who[0]
        info = guarded(Store.default_learner)
        if info is None:
            return None
        who = st.session_state[LEARNER] = (info.id, info.name)
    return who[0]


def shown_name(name: str) -> str:
    """A learner's name as the pages show it: the first profile, made as "Me", is "Moi" in French."""
    return _("Me") if name == DEFAULT_NAME else name


def learner_name() -> str:
    learner_id()
    who = st.session_state.get(LEARNER)
    return shown_name(who[1]) if who else _("Guest (not saved)")


def switch_learner(learner_id: int, name: str) -> None:
    st.session_state[LEARNER] = (learner_id, name)
    if not shared_server():  # a personal database reopens the last active learner: make it this one
        guarded(Store.touch_learner, learner_id, write=True)
    _forget_reads()


def sign_out() -> None:
    """Back to a guest (shared server): this session forgets the learner and what it read of them."""
    st.session_state.pop(LEARNER, None)
    st.session_state.pop(PENDING, None)
    _forget_reads()


def _forget_reads() -> None:
    """Drop what this session read from the store (lessons and puzzles done, cached views)."""
    for key in [k for k in st.session_state if str(k).startswith(("done_", "progress_cache"))]:
        del st.session_state[key]
    _bump()


def _bump() -> None:
    st.session_state[REV] = st.session_state.get(REV, 0) + 1


def cached(name: str, fn, *args, default=None):
    """``fn(store, learner, *args)`` once per write: reruns that change nothing reuse the answer."""
    lid = learner_id()
    key = ("progress_cache", name, lid, st.session_state.get(REV, 0), args)
    box = st.session_state.setdefault("progress_cache", {})
    if key not in box:
        if lid is None:
            return default
        if len(box) > 32:
            box.clear()
        result = guarded(fn, lid, *args, default=None)
        if result is None:
            return default
        box[key] = result
    return box[key]


# -- writing -------------------------------------------------------------------------------------

def track_answer(key: str, fb, *, kind: str, seed, params: dict, skill: str, source: str = "drill",
                 hints_used: bool = False) -> None:
    """Call on every rerun after a question: notes when it was first shown, and saves its first answer."""
    if fb is None:
        st.session_state.setdefault(f"{key}_shown", time.monotonic())
        return
    if st.session_state.get(f"{key}_saved"):
        return
    st.session_state[f"{key}_saved"] = True
    shown = st.session_state.get(f"{key}_shown")
    seconds = round(time.monotonic() - shown, 1) if shown else None
    lid = learner_id()
    if lid is None:
        return
    rec = AnswerRecord(skill=skill, kind=kind, seed=seed, params=dict(params), answer=fb.given or "",
                       correct=fb.correct, credit=fb.credit, seconds=seconds, hints_used=hints_used, source=source)
    guarded(Store.record_answer, lid, rec, at=utcnow(), write=True)
    _bump()


def track_puzzle(puzzle_id: str, key: str, fb, difficulty: int | None = None) -> None:
    """Every answer to a puzzle is kept; a right one marks it solved (also for ``done("puzzles")``). The
    first attempt at a puzzle moves the learner's puzzle rating (``difficulty``: the puzzle's stars); the
    change is kept in ``{key}_rating`` for the page to say."""
    if fb is None:
        st.session_state.setdefault(f"{key}_shown", time.monotonic())
        st.session_state.pop(f"{key}_saved", None)
        return
    if st.session_state.get(f"{key}_saved") is fb:
        return
    st.session_state[f"{key}_saved"] = fb
    shown = st.session_state.pop(f"{key}_shown", None)
    seconds = round(time.monotonic() - shown, 1) if shown else None
    if fb.correct:
        st.session_state.setdefault("done_puzzles", set()).add(puzzle_id)
    lid = learner_id()
    if lid is not None:
        _rated(key, lid, puzzle_id, solved=fb.correct, credit=fb.credit,
               answer=fb.given or "", seconds=seconds, at=utcnow(), difficulty=difficulty)


def _rated(key: str, *args, **kwargs) -> None:
    """Record a puzzle attempt (``Store.record_puzzle``) and keep the rating before and after it."""
    before = puzzle_rating()
    new = guarded(Store.record_puzzle, *args, write=True, **kwargs)
    if new is not None and before is not None:
        st.session_state[f"{key}_rating"] = (before[0].rating, new.rating)
    _bump()


def reveal_puzzle(puzzle_id: str, key: str, difficulty: int | None = None) -> None:
    """"Show the solution" before any answer: saved as a failed attempt (it counts against the rating)."""
    st.session_state[f"{key}_revealed"] = True
    if st.session_state.get(f"{key}_saved") is not None or st.session_state.get(f"{key}_feedback") is not None:
        return  # already answered: its attempt is saved
    st.session_state[f"{key}_saved"] = "revealed"
    lid = learner_id()
    if lid is not None:
        _rated(key, lid, puzzle_id, solved=False, credit=0.0, answer=REVEALED,
               at=utcnow(), difficulty=difficulty)


def puzzle_rating():
    """(Rating, rated attempts) of the current learner, or None for a guest or without a store."""
    return cached("puzzle_rating", Store.puzzle_rating)


LOADERS = {
    "lessons": Store.lessons_done,
    "puzzles": Store.puzzles_solved,
}
SAVERS = {
    "lessons": Store.finish_lesson,
    "puzzles": lambda s, lid, key, at=None: s.record_puzzle(lid, key, solved=True, credit=1.0, at=at),
}


def done(kind: str) -> set:
    """What this learner finished (``lessons``, ``puzzles``): the database's record plus this session's."""
    seen = st.session_state.setdefault(f"done_{kind}", set())
    loaded = f"done_{kind}_loaded"
    lid = learner_id()
    if kind in LOADERS and lid is not None and st.session_state.get(loaded) != lid:
        stored = guarded(LOADERS[kind], lid)
        if stored is not None:
            seen.update(stored)
            st.session_state[loaded] = lid
    return seen


def remember_done(kind: str, key: str) -> None:
    """Mark ``key`` finished, saved once (a page may call this on every rerun)."""
    seen = done(kind)
    if key in seen:
        return
    seen.add(key)
    lid = learner_id()
    if kind in SAVERS and lid is not None:
        guarded(SAVERS[kind], lid, key, at=utcnow(), write=True)
        _bump()


# -- reading -------------------------------------------------------------------------------------

def mastery() -> dict[str, Mastery]:
    """Mastery per skill for the current learner (empty when nothing is saved)."""
    rows = cached("recent", Store.recent_credits, RECENT, default=[])
    return mastery_by_skill(rows)


def viewer_tz() -> tzinfo:
    """The browser's time zone (for days and the streak), UTC when unknown."""
    try:
        name = st.context.timezone
        return ZoneInfo(name) if name else UTC
    except Exception:
        return UTC


def saving_notice() -> None:
    """Say so when answers are not being saved (with Try again), or when a damaged file was replaced."""
    opened = store()
    problem = st.session_state.get(DOWN)
    if not problem and opened is not None and learner_id() is None and shared_server():
        st.info(_("This app is shared: sign in with your name and PIN (or make a profile) under "
                  "**Progress → Profile** so that your answers are saved."), icon=":material/person:")
        return
    if problem:
        with st.container(border=True):
            st.warning(_("**Not saving.** {problem} Everything else keeps working.").format(problem=say(problem)),
                       icon=":material/warning:")
            if st.button(_("Try again"), key="progress_retry"):
                retry()
                st.rerun()
    elif opened is not None and (notice := st.session_state.get(RESCUED) or opened.notice) and not (
            st.session_state.get("progress_notice_seen")):
        st.info(notice, icon=":material/support:")
        if st.button(_("Got it"), key="progress_notice_ok"):
            st.session_state["progress_notice_seen"] = True
            st.rerun()


def mastery_note(skills) -> str:
    """' · Card values and counting a pile, your recent answers: 3 right out of 3…' for the skills practised so far
    ('' for none):
    each skill by its learner-facing name (``tutor.skills.SKILLS``), never its id."""
    m = mastery()
    # Says what it counts: the skill's recent answers (drills and the lessons' questions), not one lesson's checks.
    marks = [_("{skill}, your recent answers: {words}").format(skill=_(SKILLS.get(s, s.replace('-', ' '))),
                                                              words=say(plain_words(m[s])))
             for s in skills if s in m]
    return " · " + " · ".join(marks) if marks else ""


def drill_mastery(skill: str) -> None:
    """One line under a drill question: this skill's mastery and the weakest skill so far."""
    saving_notice()
    m = mastery()
    here = m.get(skill)
    name = _(SKILLS.get(skill, skill))
    if here is None:
        st.caption(_("Mastery of “{skill}”: new, your first answer starts it (learner: {name}).").format(
            skill=name, name=plain(learner_name())))
        return
    line = _("“{skill}”: {words}").format(skill=name, words=say(plain_words(here)))
    weakest = min(m.values(), key=lambda x: x.confidence)
    if weakest.skill != skill and weakest.confidence < here.confidence:
        line += _(" · to practise most: “{skill}”").format(skill=_(SKILLS.get(weakest.skill, weakest.skill)))
    st.caption(line)
