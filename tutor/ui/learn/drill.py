"""The Drill: endless generated questions on the chosen skills, with instant feedback and a streak."""

from __future__ import annotations

import random

import streamlit as st

from ...i18n import N_, _
from ...quiz import KINDS
from ...quiz.adapt import next_level
from ...quiz.registry import KIND_LABELS
from ..common.learner import drill_mastery, track_answer
from ..common.safe import query_choice, query_int, query_seed
from ..common.text import say
from ..quiz.question import question_block

LEVELS = {1: N_("1 · easy"), 2: N_("2 · harder"), 3: N_("3 · tricky")}
SETTINGS = {"drill_kinds": ["legal"], "drill_players": 4, "drill_difficulty": 1, "drill_adapt": True}


def kind_label(kind: str) -> str:
    """A drill's skill as the learner reads it, in their language."""
    return _(KIND_LABELS[kind])


def _new_question(kinds: list[str]) -> None:
    rng = random.Random()
    st.session_state["drill_kind"] = rng.choice(kinds)
    st.session_state["drill_seed"] = rng.randrange(1, 10**6)


def _open_link() -> None:
    """A shared link (``?kind=score&seed=42&players=3&difficulty=2``) sets up that very question, once.

    Runs before the widgets exist, so it may set their values; the link's skill joins the chosen ones.
    """
    kind, seed = query_choice("kind", [k for k in KIND_LABELS if k in KINDS]), query_seed()
    if kind is None or seed is None:
        return  # no link, or one with a seed that is not one (out of range, "²"): the page opens as usual
    players, difficulty = query_int("players", 3, 5), query_int("difficulty", 1, 3)
    link = (kind, str(seed), str(players), str(difficulty))
    if st.session_state.get("drill_link") == link:
        return  # already applied, or written by this page for its own question
    st.session_state["drill_link"] = link
    st.session_state["drill_kind"], st.session_state["drill_seed"] = kind, seed
    if kind not in st.session_state["drill_kinds"]:
        st.session_state["drill_kinds"] = [*st.session_state["drill_kinds"], kind]
    for name, value in (("players", players), ("difficulty", difficulty)):
        if value is not None:
            st.session_state[f"drill_{name}"] = value


def _share_link(kind: str, seed: int, players: int, difficulty: int) -> None:
    """Keep the question in the URL, so copying the address shares it."""
    link = (kind, str(seed), str(players), str(difficulty))
    st.session_state["drill_link"] = link
    st.query_params.update(kind=kind, seed=seed, players=players, difficulty=difficulty)


def render() -> None:
    st.title(_("Drill"))
    st.caption(_("Fresh questions on each skill, checked by the rules engine. Share a question by its seed."))
    kinds = [k for k in KIND_LABELS if k in KINDS]
    # Streamlit forgets a widget's value while another page is shown: keep a copy, so a trip to the
    # rules reference and back finds the same skills and the same question.
    for name, default in SETTINGS.items():
        if name not in st.session_state:
            st.session_state[name] = st.session_state.get(f"kept_{name}", default)
    _open_link()
    change = st.session_state.pop("drill_level_change", None)
    if change:  # decided after the last answer; applied here, before the selectbox is drawn
        st.session_state["drill_difficulty"] = change[0]
    c1, c2, c3 = st.columns([3, 1, 1])
    chosen = c1.multiselect(_("Skills"), kinds, format_func=kind_label, key="drill_kinds",
                            placeholder=_("Choose options"))
    players = c2.selectbox(_("Players"), (3, 4, 5), key="drill_players")
    difficulty = c3.selectbox(_("Difficulty"), (1, 2, 3), format_func=lambda v: _(LEVELS[v]), key="drill_difficulty")
    adapt = st.toggle(_("Adapt the difficulty to my answers"), key="drill_adapt",
                      help=_("Up a level after three right in a row, down after two misses in a row."))
    for name in SETTINGS:
        st.session_state[f"kept_{name}"] = st.session_state[name]
    if not chosen:
        st.info(_("Choose at least one skill to drill."))
        return
    if st.session_state.get("drill_kind") not in chosen:
        _new_question(chosen)

    kind, seed = st.session_state["drill_kind"], st.session_state["drill_seed"]
    allowed = KINDS[kind].players
    if players not in allowed:  # e.g. the called king needs 5 players
        st.caption(_("{skill} questions are for {players} players.").format(
            skill=kind_label(kind), players=_(" or ").join(map(str, allowed))))
        players = allowed[-1]
    _share_link(kind, seed, players, difficulty)
    streak = st.session_state.get("drill_streak", 0)
    # The streak line and the mastery line sit above the question but are filled in after the answer is
    # counted, so one answer is one run of the page (no second run just to redraw them).
    stats = st.empty()
    st.caption(_("{skill} · seed **{seed}** · {players} players · difficulty {difficulty} · "
                 "copy the page address to share this question").format(
        skill=kind_label(kind), seed=seed, players=players, difficulty=difficulty))
    if change and change[1]:
        st.info(say(change[1]), icon=":material/trending_up:" if change[0] > change[2] else ":material/trending_down:")
    mastery_line = st.container()
    key = f"drill_{kind}_{seed}_{players}_{difficulty}"
    params = {"players": players, "difficulty": difficulty}
    # Saved before the verdict is drawn (the answer was graded in the submit's callback): a run cut short
    # after the verdict (a quick "Next question", a page closed) must not lose the answer.
    track_answer(key, st.session_state.get(f"{key}_feedback"), kind=kind, seed=seed, params=params,
                 skill=KINDS[kind].skill)
    fb = question_block(kind, seed=seed, params=params, key=key, next_action=_next_button(chosen))
    # Counted once per question; changing the players or the difficulty makes a new question.
    scored = st.session_state.setdefault("drill_scored", set())
    if fb is not None and key not in scored:
        scored.add(key)
        st.session_state["drill_answered"] = st.session_state.get("drill_answered", 0) + 1
        if fb.correct:
            st.session_state["drill_right"] = st.session_state.get("drill_right", 0) + 1
            st.session_state["drill_streak"] = streak + 1
        else:
            st.session_state["drill_streak"] = 0
        if st.session_state.get("drill_recent_level") != difficulty:  # the learner chose another level
            st.session_state["drill_recent"], st.session_state["drill_recent_level"] = [], difficulty
        recent = st.session_state.setdefault("drill_recent", [])
        recent.append(bool(fb.correct))
        if adapt:
            level, why = next_level(difficulty, recent)
            if level != difficulty:
                st.session_state["drill_recent"] = []
                st.session_state["drill_pending"] = (level, why, difficulty)
    # One line, not three metrics: on a phone the question stays near the top.
    answered, right = st.session_state.get("drill_answered", 0), st.session_state.get("drill_right", 0)
    streak_now = _("Streak {n}").format(n=st.session_state.get("drill_streak", 0))
    stats.markdown(f":orange-badge[:material/local_fire_department: {streak_now}] · "
                   + _("{answered} answered · {right} right").format(answered=answered, right=right))
    with mastery_line:
        drill_mastery(KINDS[kind].skill)
    if fb is None:  # answered, the "Next question" button is drawn under the verdict (``_next_button``)
        st.button(_("Skip: another question →"), key="drill_next", on_click=_next_question, args=(chosen,))


def _next_question(chosen: list[str]) -> None:
    """The next question (a callback: the page is then drawn once, with it)."""
    # A level change waits for the next question, so the learner first reads their feedback.
    if "drill_pending" in st.session_state:
        st.session_state["drill_level_change"] = st.session_state.pop("drill_pending")
    _new_question(chosen)


def _next_button(chosen: list[str]):
    """The next action once a question is answered: primary, right under the verdict."""
    return lambda: st.button(_("Next question →"), type="primary", key="drill_next", on_click=_next_question,
                             args=(chosen,))
