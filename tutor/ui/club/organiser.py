"""The club's organiser on a shared server: who may delete a game, change a deal entered more than a few
minutes ago (``tutor.limits.CLUB_TABLE_FIX_MINUTES``), and rename games and players on the Seasons page.

Signed in the way the teacher is (``tutor.classroom.passphrase`` and ``signin``, with the role
``"organiser"``): a passphrase kept only as a scrypt hash (``TUTOR_ORGANISER_PASSPHRASE_HASH``, else
the teacher's), each wrong try slowed down in the database (``throttle.POLICIES["organiser"]``), then a
signed, expiring token in a cookie of its own (``tutor_organiser``), so a reload keeps the organiser
signed in. Adding a deal to an open game stays open to the table. On a personal database (not
shared) there is no organiser: everything stays open, as before.
"""

from __future__ import annotations

import contextlib
import math
from datetime import datetime, timedelta

import streamlit as st

from ...classroom import passphrase, signin
from ...db import utcnow
from ...i18n import N_, _
from ...limits import CLUB_TABLE_FIX_MINUTES
from ...progress import StoreError
from ..common import learner as lr

ROLE = "organiser"
TOKEN = "organiser_token"  # session key: this session's token, after the passphrase or from the cookie
LOCKED_HERE = "organiser_locked_here"  # this tab signed out: its cookie no longer signs it in
COOKIE_TODO = "organiser_cookie_todo"  # ("set", token) or ("clear", "") for the next run to hand the browser

HOW_TO = N_("No organiser passphrase is set on this server. Make its hash with `tarot-tutor teacher-hash --for "
            "organiser` and set `{organiser}` (or the teacher's `{teacher}`), as an environment variable or in "
            "`.streamlit/secrets.toml`, then restart the app.")


def needed() -> bool:
    """True on a shared server: the club's data is everybody's, so some changes need the organiser."""
    return lr.shared_server()


def _stored() -> str:
    return passphrase.organiser_hash(secrets_=lr._secrets())


def _hours() -> int:
    return signin.hours(secrets_=lr._secrets())


def _cookie() -> str:
    with contextlib.suppress(Exception):  # no browser behind the session (a test run)
        return str(st.context.cookies.get(signin.COOKIES[ROLE]) or "")
    return ""


def signed_in() -> bool:
    """True when this session may make the organiser's changes: always on a personal database; on a
    shared server, with a valid organiser token (checked on every call: a new passphrase, an expired
    token or a sign-out elsewhere takes the right away)."""
    if not needed():
        return True
    stored = _stored()
    token = st.session_state.get(TOKEN) or ("" if st.session_state.get(LOCKED_HERE) else _cookie())
    s = lr.store()
    ok, unsure = False, s is None
    if stored and token and s is not None:
        try:
            ok = signin.valid(s.engine, token, stored, _hours(), role=ROLE)
        except Exception:  # the database is down or busy: not signed in for this run, the form says why
            unsure = True
    if ok:
        st.session_state[TOKEN] = token
    elif not unsure:  # only a verdict signs out: a blip of the database keeps the token for the next run
        st.session_state.pop(TOKEN, None)
    return ok


def recent(entered: datetime | None, now: datetime | None = None) -> bool:
    """True for a deal entered less than ``CLUB_TABLE_FIX_MINUTES`` ago: the table may still correct it."""
    return entered is not None and (now or utcnow()) - entered < timedelta(minutes=CLUB_TABLE_FIX_MINUTES)


def hand_cookie() -> None:
    """Give the browser the token (or take it back) with a one-off script, as the Teacher page does."""
    todo = st.session_state.pop(COOKIE_TODO, None)
    if todo is None:
        return
    what, token = todo
    age = _hours() * 3600 if what == "set" else 0
    st.html(f"<script>document.cookie = '{signin.COOKIES[ROLE]}={token}; Max-Age={age}; Path=/; SameSite=Strict'"
            " + (location.protocol === 'https:' ? '; Secure' : '');</script>", unsafe_allow_javascript=True)


def sign_in_form(what: str, key: str, *, duplicate: bool = False) -> None:
    """Why the change is refused here (``what``: what only the organiser can do, in the learner's language),
    and the organiser's passphrase form. ``duplicate``: said for a duplicate tournament, where what stays open
    is entering a new marque."""
    if duplicate:
        st.info(_("On this shared server only the club's organiser can {what}. Entering a new marque stays open "
                  "to every table.").format(what=what))
    else:
        st.info(_("On this shared server only the club's organiser can {what}. Adding a deal to an open game "
                  "stays open to the table.").format(what=what))
    stored = _stored()
    if not stored:
        st.warning(_(HOW_TO).format(organiser=passphrase.ORGANISER_VAR, teacher=passphrase.ENV_VAR))
        return
    with st.form(f"organiser_{key}"):
        typed = st.text_input(_("Organiser passphrase"), type="password", key=f"organiser_pass_{key}")
        go = st.form_submit_button(_("Sign in as the organiser"))
    if not go:
        return
    s = lr.store()
    if s is None:
        st.error(_("Signing in needs the database (it counts wrong passphrases), and it cannot be opened right now."))
        return
    try:
        right, wait = passphrase.check(passphrase.gate(s.engine, s.where, role=ROLE), lr.session_key(), typed,
                                       stored)
        if wait > 0:
            st.error(_("Too many wrong passphrases: wait {n} s before trying again.").format(n=math.ceil(wait)))
            return
        if right:
            token = signin.make_token(signin.signing_key(s.engine), stored, role=ROLE)
            st.session_state[TOKEN] = token
            st.session_state.pop(LOCKED_HERE, None)
            st.session_state[COOKIE_TODO] = ("set", token)
            st.rerun()
    except StoreError as err:
        st.error(str(err))
        return
    st.error(_("Wrong passphrase. Each wrong try makes the next one wait longer."))


def sign_out_button(key: str) -> None:
    """On a shared server, signed in: a button to sign out (the token ends on the server too)."""
    if not needed() or not st.session_state.get(TOKEN):
        return
    if st.button(_("Sign out (organiser)"), key=key, icon=":material/logout:"):
        token, s = st.session_state.pop(TOKEN, None), lr.store()
        if token and s is not None:
            with contextlib.suppress(Exception):
                signin.end(s.engine, token, _stored(), _hours(), role=ROLE)
        st.session_state[LOCKED_HERE] = True
        st.session_state[COOKIE_TODO] = ("clear", "")
        st.rerun()
