"""Replay my mistakes and spaced review: questions regenerated from their kind, seed and parameters.

Both record their answers (source ``replay`` or ``review``), so a mistake put right leaves the list
and a reviewed skill moves to its next due date.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import streamlit as st

from ...i18n import DEFAULT, _, language, ngettext
from ...progress import Store
from ...progress.review import RATING_LABELS
from ...quiz import KINDS
from ...quiz.rules import RULES
from ..common import learner as lr
from ..common.text import say, skill_name
from ..quiz.question import load_question, render_question

MAX_LISTED = 100


def _question(kind: str, seed, params: dict, key: str, source: str) -> None:
    """Show one regenerated question with a rule hint, and record the first answer."""
    try:
        q = load_question(kind, int(seed), params)
    except Exception as err:  # a kind or option that this version no longer has
        st.warning(_("This question can no longer be made ({error}).").format(error=err))
        return
    hint_key = f"{key}_hint"
    if st.session_state.get(f"{key}_feedback") is None and q.rules:
        if st.button(_("Hint: which rule decides it?"), key=f"{key}_hintbtn"):
            st.session_state[hint_key] = True
        if st.session_state.get(hint_key):
            st.info(RULES.get(q.rules[0], q.rules[0]), icon=":material/lightbulb:")
    # Saved before the verdict is drawn (graded in the callback): a run cut short after it loses nothing.
    lr.track_answer(key, st.session_state.get(f"{key}_feedback"), kind=kind, seed=int(seed), params=params,
                    skill=q.skill, source=source, hints_used=bool(st.session_state.get(hint_key)))
    render_question(q, key)


def render_replay() -> None:
    mistakes = lr.cached("mistakes", lambda s, lid: s.answers(lid, wrong_only=True), default=[])
    fixed = lr.cached("fixed", Store.fixed_mistakes, default=set())
    if not mistakes:
        st.info(_("No mistakes saved yet. Wrong answers from the Drill and Review come back here to try again."))
        return
    c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
    skills = sorted({m.skill for m in mistakes})
    skill = c1.selectbox(_("Skill"), ["all", *skills], format_func=lambda s: _("All skills") if s == "all" else
                         skill_name(s), key="replay_skill")
    hide = c2.toggle(_("Hide the ones I have put right"), value=True, key="replay_hide")
    shown = [m for m in mistakes if (skill == "all" or m.skill == skill) and not (hide and m.id in fixed)]
    more = " " + _("(the oldest {n} are listed)").format(n=MAX_LISTED) if len(shown) > MAX_LISTED else ""
    st.caption(ngettext("{n} mistake, oldest first", "{n} mistakes, oldest first", len(shown)).format(n=len(shown))
               + more + " · " + ngettext("{n} put right since", "{n} put right since", len(fixed)).format(n=len(fixed)))
    if not shown:
        st.success(_("Nothing left to replay here. Well done!"))
        return
    shown = shown[:MAX_LISTED]  # the oldest ones: a list of thousands would only slow the page down
    ids = [m.id for m in shown]
    label = {m.id: _("{date} · {skill} · you answered “{answer}”").format(
        date=_date(m.answered_at), skill=skill_name(m.skill), answer=m.answer or "?") for m in shown}
    # The pick lives in Session State only (no index=): giving both logs a Streamlit warning.
    wkey = f"replay_pick_{skill}_{hide}"
    if st.session_state.get(wkey) not in ids:
        current = st.session_state.get("replay_id")
        st.session_state[wkey] = current if current in ids else ids[0]
    pick = st.selectbox(_("Mistake"), ids, format_func=label.get, key=wkey)
    st.session_state["replay_id"] = pick
    m = next(x for x in shown if x.id == pick)
    rounds = st.session_state.setdefault("replay_round", {})
    key = f"replay_{m.id}_{rounds.get(m.id, 0)}"
    _question(m.kind, m.seed, dict(m.params or {}), key, "replay")
    pos = ids.index(pick)
    if pos + 1 < len(ids):
        st.button(_("Next mistake →"), type="primary", key="replay_next", on_click=_pick, args=(wkey, ids[pos + 1]))


def _pick(wkey: str, mistake_id: int) -> None:
    """Before the rerun, so the selectbox is drawn with its new value."""
    st.session_state[wkey] = st.session_state["replay_id"] = mistake_id


def render_review() -> None:
    lid = lr.learner_id()
    info = lr.guarded(Store.learner, lid) if lid is not None else None
    if info is None:
        st.info(_("Spaced review needs the progress database, which is not available right now."))
        return
    st.markdown(_("Spaced review brings a skill back just before you would forget it."))
    with st.expander(_("How it works")):
        st.markdown(_("It uses **FSRS**, a memory model that predicts, from your answers, how likely you are to "
                      "still get a skill right, and schedules the skill for when that drops under 90%."))
    on = st.toggle(_("Use spaced review"), value=info.review_enabled, key=f"review_on_{lid}",
                   help=_("On: each skill you practise gets a review date. Off: nothing is scheduled."))
    if on != info.review_enabled:
        if lr.guarded(lambda s, *a: s.set_review(*a) or True, lid, on, write=True, default=False):
            lr.switch_learner(lid, info.name)  # refresh the cached views
            st.rerun()
        st.warning(_("The change could not be saved, so spaced review stays as it was."))
        on = info.review_enabled
    if not on:
        st.caption(_("Spaced review is off: nothing is scheduled. Turn it on to get a due date for every skill you "
                     "have practised."))
        return
    st.caption(_("Spaced review is on."))
    cards, due = _due()
    now = datetime.now(UTC)
    if not cards:
        st.info(_("No skill to review yet: answer a question in the Drill and its skill gets a review date."))
        return
    active = st.session_state.get("review_active") and st.session_state.get("review_q")
    count = st.empty()  # filled in after the question, whose answer may move a card
    if due and not active and st.button(_("Review now →"), type="primary", key="review_start"):
        start_review(due)
        st.rerun()
    if active:
        _review_question()
        cards, due = _due()
    if due:
        count.markdown("**" + ngettext("{n} skill due now.", "{n} skills due now.", len(due)).format(n=len(due))
                       + "**")
    elif not active:
        count.success(_("Nothing is due. Come back at the next date below."))
    st.subheader(_("Your schedule"))
    for c in cards:
        with st.container(border=True):
            when = _("due now") if c.is_due(now) else _("due {when}").format(when=_relative(c.due - now))
            last = " · " + _("last: {rating}").format(rating=_(RATING_LABELS[c.last_rating])) if c.last_rating else ""
            reviews = ngettext("{n} review", "{n} reviews", c.reviews).format(n=c.reviews)
            st.markdown(f"**{skill_name(c.skill)}** · {when} · {reviews}{last}")
            st.caption(say(c.why(now, when=_moment, day=_day)))


def due_skills() -> list:
    """The review cards due now that have questions (for the course map's offer)."""
    return _due()[1]


def start_review(due) -> None:
    st.session_state["review_active"] = True
    _next_review(due)


def _due():
    """(every review card, the due ones that have questions), fresh after each saved answer."""
    cards = lr.cached("cards", Store.review_cards, default=[])
    now = datetime.now(UTC)
    return cards, [c for c in cards if c.is_due(now) and _kinds_for(c.skill)]


def _kinds_for(skill: str) -> list[str]:
    return [k for k, g in KINDS.items() if g.skill == skill]


def _next_review(due) -> None:
    rng = random.Random()
    skill = rng.choice(due).skill
    st.session_state["review_q"] = (rng.choice(_kinds_for(skill)), rng.randrange(1, 10**6))


def _review_question() -> None:
    kind, seed = st.session_state["review_q"]
    gen = KINDS[kind]
    key = f"review_{kind}_{seed}"
    with st.container(border=True):
        st.caption(_("Review · {skill}").format(skill=skill_name(gen.skill)))
        _question(kind, seed, {"players": 4 if 4 in gen.players else gen.players[-1]}, key, "review")
        if not st.session_state.get(f"{key}_saved"):
            return
        due = _due()[1]
        if due:
            if st.button(_("Next review question →"), type="primary", key="review_next"):
                _next_review(due)
                st.rerun()
        else:
            st.success(_("All caught up: nothing else is due."))
            if st.button(_("Done"), key="review_done"):
                st.session_state["review_active"] = False
                st.rerun()


def _relative(delta) -> str:
    """'in 5 min', 'in 3 h', 'in 4 days'."""
    minutes = delta.total_seconds() / 60
    if minutes < 90:
        return _("in {n} min").format(n=max(1, round(minutes)))
    if minutes < 36 * 60:
        return _("in {n} h").format(n=round(minutes / 60))
    days = round(minutes / 1440)
    return ngettext("in {n} days", "in {n} days", days).format(n=days)


def _date(when) -> str:
    """'05 Mar 2025' in English, '05 mars 2025' in French (the month's name by Babel)."""
    if language() == DEFAULT:
        return f"{when:%d %b %Y}"
    from babel.dates import format_date
    return format_date(when, "dd MMM y", locale=language())


def _moment(when) -> str:
    """'05 Mar 2025 14:30 UTC' in English, '5 mars 2025 14:30 UTC' in French."""
    if language() == DEFAULT:
        return when.strftime("%d %b %Y %H:%M UTC")
    from babel.dates import format_datetime
    return format_datetime(when, "d MMM y HH:mm", tzinfo=UTC, locale=language()) + " UTC"


def _day(when) -> str:
    """'05 Mar' in English, '5 mars' in French."""
    if language() == DEFAULT:
        return f"{when:%d %b}"
    from babel.dates import format_date
    return format_date(when, "d MMMM", locale=language())
