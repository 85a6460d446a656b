"""The Progress page: mastery per skill, a chart over time, lessons, puzzles and the streak; replaying
mistakes and spaced review (``replay.py``); profiles, export and import.

One page with a view switcher (kept in the URL, e.g. ``/progress?view=replay``) so only the view on
screen is computed.
"""

from __future__ import annotations

import json
from datetime import datetime

import streamlit as st

from ...i18n import N_, _, language, ngettext
from ...progress import Store, StoreError
from ...progress.mastery import daily, local_day, plain_words, streak
from ...progress.transfer import export_learner, import_learner
from ...quiz import KINDS
from ..common import learner as lr
from ..common.data import course, puzzles
from ..common.safe import plain, query_choice
from ..common.text import say, skill_name
from ..common.widgets import download
from .puzzles import rating_text
from .replay import render_replay, render_review

VIEWS = {"mastery": N_("Mastery"), "replay": N_("Replay my mistakes"), "review": N_("Spaced review"),
         "profile": N_("Profile")}
# A skill -> the drill kind that trains it (the first kind registered for it).
DRILL_KIND = {}
for _kind, _gen in KINDS.items():
    DRILL_KIND.setdefault(_gen.skill, _kind)


def render() -> None:
    st.title(_("Your progress"))
    lr.saving_notice()
    st.caption(_("Learner: **{name}** · change it under Profile").format(name=plain(lr.learner_name())))
    wanted = query_choice("view", VIEWS, "mastery")
    view = st.segmented_control(_("View"), list(VIEWS), default=wanted,
                                format_func=lambda v: _(VIEWS[v]), key="progress_view", label_visibility="collapsed")
    view = view or "mastery"
    st.query_params["view"] = view
    {"mastery": render_mastery, "replay": render_replay, "review": render_review, "profile": render_profile}[view]()


def render_mastery() -> None:
    lid = lr.learner_id()
    hours = lr.cached("hours", Store.answer_hours, default=[])
    lessons = lr.done("lessons")
    solved = lr.done("puzzles")
    other = lr.cached("activity", Store.activity_times, default=[])
    tz = lr.viewer_tz()
    days = {local_day(t, tz) for t, _, _ in hours} | {local_day(t, tz) for t in other}
    today = local_day(datetime.now().astimezone(), tz)
    c = course()
    m1, m2, m3, m4 = st.columns(4)
    m1.metric(_("Answers"), sum(row[1] for row in hours))
    m2.metric(_("Lessons done"), f"{len(lessons & set(c.ids))} / {len(c.lessons)}")
    m3.metric(_("Puzzles solved"), f"{len(solved)} / {len(puzzles())}")
    m4.metric(_("Streak"), _days(streak(days, today)), help=_("Days in a row with an answer, a lesson or a puzzle."))
    rated = lr.puzzle_rating()
    if rated is not None and rated[1]:
        st.caption(rating_text(*rated) + ". " + _("It moves with each new puzzle you solve or miss (Glicko-2, as on "
                                                  "chess puzzle sites)."))
    if lid is None or not hours:
        st.info(_("Answer a few questions in the Drill and your mastery of each skill appears here."))
        return
    _mastery_table()
    _chart(hours, tz)


def _mastery_table() -> None:
    m = lr.mastery()
    rows = []
    for skill in DRILL_KIND:
        s = m.get(skill)
        rows.append({"Skill": skill_name(skill), "How it is going": say(plain_words(s)) if s else _("not tried yet"),
                     "Accuracy": round(100 * s.accuracy) if s else None,
                     "Confidence": round(100 * s.confidence) if s else 0, "Recent answers": s.recent if s else 0,
                     "_skill": skill})
    rows.sort(key=lambda r: (r["Recent answers"] == 0, r["Confidence"]))
    st.subheader(_("Your skills"))
    st.caption(_("In plain words, from your last answers of each skill; the one to practise most comes first."))
    st.dataframe([{_("Skill"): r["Skill"], _("How it is going"): r["How it is going"]} for r in rows],
                 hide_index=True, width="stretch")
    with st.expander(_("The statistics behind it")):
        st.caption(_("Accuracy over your last answers of each skill (at most 20). Confidence is the lowest accuracy "
                     "those answers still support at 95% (the Wilson lower bound): a few lucky answers give a low "
                     "confidence, so they never count as mastery."))
        columns = {"Skill": _("Skill"), "Accuracy": _("Accuracy"), "Confidence": _("Confidence"),
                   "Recent answers": _("Recent answers")}
        st.dataframe([{columns[k]: v for k, v in r.items() if k in columns} for r in rows],
                     hide_index=True, width="stretch", column_config={
                         columns["Accuracy"]: st.column_config.ProgressColumn(format="%d%%", min_value=0,
                                                                              max_value=100),
                         columns["Confidence"]: st.column_config.ProgressColumn(format="%d%%", min_value=0,
                                                                                max_value=100)})
    weakest = rows[0]
    label = _("Practise next: {skill} →").format(skill=skill_name(weakest["_skill"]))
    if st.button(label, type="primary", key="progress_next"):
        st.session_state["drill_kinds"] = [DRILL_KIND[weakest["_skill"]]]
        st.switch_page("tutor/ui/pages/drill.py")


# A Vega-Lite spec written out: st.line_chart would build it through altair, whose schema checks cost
# ~40 ms a chart on every rerun. Bars: answers per day; line: accuracy that day.
CHART = {
    "height": 240,
    "encoding": {"x": {"field": "day", "type": "temporal", "title": None}},
    "layer": [
        {"mark": {"type": "bar", "opacity": 0.35},
         "encoding": {"y": {"field": "answers", "type": "quantitative", "title": "answers"},
                      "tooltip": [{"field": "day", "type": "temporal"}, {"field": "answers"}]}},
        {"mark": {"type": "line", "point": True},
         "encoding": {"y": {"field": "accuracy", "type": "quantitative", "title": "accuracy %",
                            "scale": {"domain": [0, 100]}},
                      "tooltip": [{"field": "day", "type": "temporal"}, {"field": "accuracy"}]}},
    ],
    "resolve": {"scale": {"y": "independent"}},
}


def _chart(hours, tz) -> None:
    series = daily(hours, tz)
    st.subheader(_("Over time"))
    st.caption(_("Answers per day (bars) and the share right that day (line)."))
    rows = [{"day": d.isoformat(), "answers": n, "accuracy": round(100 * a)} for d, n, a in series]
    st.vega_lite_chart({**_titled(CHART), "data": {"values": rows}}, width="stretch")


def _titled(chart: dict) -> dict:
    """The chart with its axis and tooltip titles in the learner's language (the data's field names stay as they
    are); in French the dates are written day/month, since the chart's own month names are English."""
    french = language() == "fr"
    day = {"field": "day", "type": "temporal", "title": _("day"), **({"format": "%d/%m/%Y"} if french else {})}
    bars, line = chart["layer"]
    bars = {**bars, "encoding": {**bars["encoding"], "y": {**bars["encoding"]["y"], "title": _("answers")},
                                 "tooltip": [day, {"field": "answers", "title": _("answers")}]}}
    line = {**line, "encoding": {**line["encoding"], "y": {**line["encoding"]["y"], "title": _("accuracy %")},
                                 "tooltip": [day, {"field": "accuracy", "title": _("accuracy")}]}}
    x = {**chart["encoding"]["x"], **({"axis": {"format": "%d/%m"}} if french else {})}
    return {**chart, "encoding": {**chart["encoding"], "x": x}, "layer": [bars, line]}


def render_profile() -> None:
    s = lr.store()
    if s is None:
        st.info(_("Profiles need the progress database, which is not available right now (see above)."))
        return
    if lr.shared_server():
        _shared_profile(s)
        return
    people = lr.guarded(Store.learners, default=[])
    lid = lr.learner_id()
    names = {p.id: p.name for p in people}
    if names:
        picked = st.selectbox(_("Who is learning?"), list(names), index=list(names).index(lid) if lid in names else 0,
                              format_func=lambda i: lr.shown_name(names[i]),
                              key=f"progress_who_{lid}")  # a new widget per learner
        if picked != lid:
            lr.switch_learner(picked, names[picked])
            st.rerun()
    with st.form("progress_new", border=True):
        name = st.text_input(_("New learner"), placeholder=_("a name, no password needed"), max_chars=40)
        if st.form_submit_button(_("Create and switch")):
            _create(s, name)
    _export_import(s, lid, names.get(lid, ""))
    st.caption(_("Progress is saved in {where}. Set TUTOR_DATABASE_URL to use another database.").format(
        where=s.where))


def _shared_profile(s: Store) -> None:
    """A shared server: nobody's name is listed; a guest signs in with name and PIN (or the server's
    sign-in), or makes a profile with a PIN. Nothing here opens another learner's progress."""
    lid = lr.learner_id()
    if lid is None:
        _sign_in(s)
        return
    name = lr.learner_name()
    ident = lr.signed_in()
    c1, c2 = st.columns([3, 1], vertical_alignment="center")
    c1.text(_("Signed in as {name}").format(name=name)
            + (" " + _("(through this server's sign-in)") if ident else ""))  # plain text
    if c2.button(_("Sign out"), key="profile_sign_out"):
        lr.sign_out()
        if ident:
            st.logout()
        st.rerun()
    if not ident:
        has_pin = lr.guarded(Store.has_pin, lid, default=True)
        with st.expander(_("Change my PIN") if has_pin else _("Set a PIN (needed to come back to this profile)"),
                         expanded=not has_pin), st.form("profile_pin"):
            pin = st.text_input(_("New PIN"), type="password", max_chars=64)
            again = st.text_input(_("The same PIN again"), type="password", max_chars=64)
            if st.form_submit_button(_("Save the PIN")):
                if pin != again:
                    st.error(_("The two PINs differ: type the same PIN twice."))
                else:
                    try:
                        s.set_pin(lid, pin)
                        st.success(_("PIN saved. Sign in with your name and this PIN next time."))
                    except (ValueError, StoreError) as err:
                        st.error(str(err))
    _export_import(s, lid, name)


def _sign_in(s: Store) -> None:
    st.markdown(_("This app is shared with other learners, so nobody's name is listed here. Sign in to keep "
                  "your progress, or make a profile: a name and a PIN you choose (at least 4 characters)."))
    if lr.auth_configured() and st.button(_("Sign in with this server's account"), key="profile_login", type="primary"):
        st.login()
    c1, c2 = st.columns(2)
    with c1, st.form("profile_sign_in"):
        st.markdown(_("**Come back**"))
        name = st.text_input(_("Your name"), max_chars=40, key="sign_in_name")
        pin = st.text_input(_("Your PIN"), type="password", max_chars=64, key="sign_in_pin")
        if st.form_submit_button(_("Sign in"), type="primary"):
            try:
                info = s.sign_in(name, pin, lr.session_key())
            except (ValueError, StoreError) as err:
                st.error(str(err))
            else:
                lr.switch_learner(info.id, info.name)
                st.rerun()
    with c2, st.form("profile_new"):
        st.markdown(_("**New here**"))
        name = st.text_input(_("Pick a name"), max_chars=40, key="new_name")
        pin = st.text_input(_("Pick a PIN"), type="password", max_chars=64, key="new_pin")
        again = st.text_input(_("The same PIN again"), type="password", max_chars=64, key="new_pin_again")
        if st.form_submit_button(_("Make my profile")):
            if pin != again:
                st.error(_("The two PINs differ: type the same PIN twice."))
            else:
                _create(s, name, pin=pin)


def _create(s: Store, name: str, pin: str | None = None) -> None:
    if s.read_only:  # the saving note above says why; the store's own error would say it again
        st.error(_("New profiles are off while the progress database cannot be written."))
        return
    try:
        info = s.create_learner(name, pin=pin, session=lr.session_key() if pin is not None else None)
    except ValueError as err:  # the message may quote the name typed
        st.error(plain(err))
        return
    except StoreError as err:
        st.error(plain(err))
        return
    lr.switch_learner(info.id, info.name)
    st.rerun()


def _export_import(s: Store, lid: int | None, name: str) -> None:
    st.subheader(_("Move your progress"))
    if lid is not None:
        def export() -> str:  # run only when the button is pressed, on its own thread
            try:
                return json.dumps(export_learner(s, lid), indent=1, ensure_ascii=False)
            except StoreError as err:
                return json.dumps({"error": str(err)})
        download(st, _("Export my progress (JSON)"), export, file_name=f"tarot-tutor-{name or 'progress'}.json",
                 mime="application/json", key="progress_export")
    with st.form("progress_import", border=True):
        upload = st.file_uploader(_("Import a progress file"), type=["json"])
        as_name = st.text_input(_("Import as"), placeholder=_("the name in the file"), max_chars=40)
        if st.form_submit_button(_("Import as a new learner")):
            if upload is None:
                st.info(_("Choose a file first."))
                return
            try:
                info = import_learner(s, upload.getvalue(), name=as_name.strip() or None)
            except (ValueError, StoreError) as err:
                st.error(plain(err))
                return
            lr.switch_learner(info.id, info.name)
            st.success(_("Imported “{name}”.").format(name=plain(info.name)))


def _days(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)
