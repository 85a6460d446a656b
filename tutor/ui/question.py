"""One quiz question on screen: the prompt, the cards, an answer widget, and the feedback.

Used by lesson checks that name a generator, by the Drill and by Puzzles.
"""

from __future__ import annotations

import streamlit as st

from ..quiz import check_answer, generate
from ..quiz.order import shown_choices
from ..quiz.question import AnswerType, Question
from .reference import linked_sections, reference_links
from .safe import TEXT_LIMIT
from .widgets import pick_cards, show_card_groups


@st.cache_data(show_spinner=False, max_entries=2000)
def cached_question(kind: str, seed: int, params: tuple) -> Question:
    """Generators run only when a new question is asked; a rerun reuses it."""
    return generate(kind, seed, **dict(params))


def question_block(kind: str, *, seed: int, params: dict, key: str):
    """Generate (cached) and show a question; returns the Feedback once answered, else None."""
    q = cached_question(kind, int(seed), tuple(sorted((params or {}).items())))
    return render_question(q, key)


def render_question(q: Question, key: str):
    with st.container(border=True):
        st.markdown(q.prompt)
        show_card_groups(q.cards)
        with st.form(f"qform_{key}", border=False):
            raw = answer_widget(q, key)
            sent = st.form_submit_button("Check my answer", type="primary")
        if sent:
            if raw in (None, "", [], {}) or (isinstance(raw, dict) and not any(str(v).strip() for v in raw.values())):
                st.info("Give an answer first.")
            else:
                st.session_state[f"{key}_feedback"] = check_answer(q, raw)
        fb = st.session_state.get(f"{key}_feedback")
        if fb is not None:
            show_feedback(q, fb)
        return fb


def answer_widget(q: Question, key: str):
    t = q.answer_type
    if t is AnswerType.PICK_CARDS:
        single = q.context.get("pick_one") or q.grader == "one_card"
        return pick_cards(list(q.pool), key=key, multi=not single,
                          label="Pick the card" if single else "Pick the cards")
    if t is AnswerType.CHOICE:
        choices = shown_choices(q)  # in a seeded order: the right answer's place tells nothing
        labels = [c.label for c in choices]
        picked = st.radio("Your answer", labels, index=None, key=f"{key}_choice")
        return None if picked is None else choices[labels.index(picked)].key
    if t is AnswerType.NUMBER:
        return st.text_input("Your answer", key=f"{key}_number", placeholder="a number, e.g. 42 or -42",
                             max_chars=TEXT_LIMIT)
    values = {}
    cols = st.columns(2)
    for i, f in enumerate(q.fields):
        values[f.key] = cols[i % 2].text_input(f.label, key=f"{key}_f_{f.key}", help=f.hint or None,
                                                max_chars=TEXT_LIMIT)
    return values


def show_feedback(q: Question, fb) -> None:
    if fb.correct:
        st.success(fb.message or "Right!")
    elif fb.credit > 0:
        st.warning(f"{fb.message} (credit {fb.credit:.0%})")
    else:
        st.error(fb.message)
    if not fb.correct:
        st.markdown(f"**Answer:** {q.answer_text}")
    with st.expander("Show me why", expanded=not fb.correct):
        st.markdown(fb.explanation or q.explanation)
        reference_links(linked_sections(rules=q.rules), label="Read the rule")
