"""One quiz question on screen: the prompt, the cards, an answer widget, and the feedback.

Used by lesson checks that name a generator, by the Drill and by Puzzles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import streamlit as st

from ...engine import Card, TarotError, card, parse_cards
from ...i18n import DEFAULT, N_, _, language, percent, using
from ...i18n.typography import minus
from ...quiz import check_answer, generate
from ...quiz.kinds import contract as contract_kind
from ...quiz.order import shown_choices
from ...quiz.question import AnswerType, Question
from ...quiz.scoreform import sign_convention
from ...strategy.bots.principles import PRINCIPLES
from ..common.cards import card_name, cards_inline
from ..common.safe import TEXT_LIMIT
from ..common.widgets import show_card_groups, typed_cards
from ..table.question_views import answer_cards, answer_of, answered_by_table, question_view, refusal
from ..table.table_component import card_table
from ..table.table_view import show_question_table
from .into_view import into_view
from .reference import linked_sections, reference_links

# Kinds whose question takes a moment to make (the bidding estimator plays out many deals, the solver searches
# an endgame): made behind a spinner, once per position, then cached like every question.
SLOW_KINDS = {"contract": N_("Estimating each contract from {samples} deals played out…"),
              "best_card": N_("Solving the endgame…"), "attack_card": N_("Solving the endgame…"),
              "defence_card": N_("Solving the endgame…"), "seat_card": N_("Playing out the deals you cannot see…")}


@st.cache_data(show_spinner=False, max_entries=2000)
def cached_question(kind: str, seed: int, params: tuple, lang: str = DEFAULT) -> Question:
    """Generators run only when a new question is asked; a rerun reuses it. ``lang`` keys the cache: a question's
    words are made in the learner's language (the thread's, which the cached run shares)."""
    return generate(kind, seed, **dict(params))


def load_question(kind: str, seed: int, params: dict) -> Question:
    """The question (cached by kind, seed and parameters, i.e. by position), made behind a spinner when slow."""
    args = (kind, int(seed), tuple(sorted((params or {}).items())), language())
    if kind in SLOW_KINDS:
        with st.spinner(_(SLOW_KINDS[kind]).format(samples=contract_kind.SAMPLES)):
            return cached_question(*args)
    return cached_question(*args)


def question_block(kind: str, *, seed: int, params: dict, key: str, once: bool = False, next_action=None):
    """Generate (cached) and show a question; returns the Feedback once answered, else None."""
    return render_question(load_question(kind, seed, params), key, once=once, next_action=next_action)


def render_question(q: Question, key: str, *, once: bool = False, next_action: Callable[[], None] | None = None):
    """The question and its feedback; ``once``: answered once (a lesson's check), so after an answer the
    cards are shown without the table or the form. The raw answer is kept in ``{key}_given``.

    Otherwise, once answered the question is closed: the verdict, then ``next_action`` (the page's "Next
    question" button), sit right under the prompt and are scrolled on screen; the table below only shows the
    cards and the form is greyed out, so nothing invites a second answer."""
    with st.container(border=True):
        st.markdown(minus(q.prompt))
        fb = st.session_state.get(f"{key}_feedback")
        if once and fb is not None:
            show_question_table(q.context)
            show_card_groups(q.cards)
            show_feedback(q, fb, key=key)
            return fb
        verdict = st.container()  # the verdict and the next action, under the prompt: on the first screen
        on_table = answered_by_table(q)
        view = question_view(q, token=key) if on_table else None
        if view is not None and fb is not None:  # closed: the cards to look at, none to click
            view = replace(view, mode="view", pick_from="hand")
        # One picture of the table: the card table when it draws the seats, else the drawing.
        show_question_table(q.context, drawn=not (view is not None and view.seats))
        lang = language()  # the callbacks grade in the page's language
        if on_table:  # the cards are clicked on the table; graded in a callback: one answer, one run
            card_table(view, key=f"{key}_table",
                       on_answer=lambda cards: _take(q, key, answer_of(q, cards), lang))
        else:
            show_card_groups(q.cards)
        closed = fb is not None
        if closed:  # the answer given stays in the greyed-out widgets
            for name, value in st.session_state.get(f"{key}_kept", {}).items():
                st.session_state[name] = value
        with st.form(f"qform_{key}", border=False):
            answer_widget(q, key, disabled=closed)
            st.form_submit_button(_("Check what I typed") if on_table else _("Check my answer"),
                                  type="secondary" if on_table or closed else "primary", disabled=closed,
                                  on_click=lambda: _take(q, key, typed_answer(q, key), lang))
        notice = st.session_state.pop(f"{key}_notice", None)
        if notice is not None and notice[0] == "refused":
            st.warning(refusal(q, notice[1]), icon=":material/block:")
        elif notice is not None:
            st.info(_(notice[1]))
        if fb is not None:
            with verdict:
                show_verdict(q, fb)
                if next_action is not None:
                    next_action()
                into_view(key, key=f"{key}_into_view")
            show_lines(q, fb, key)
        return fb


def _take(q: Question, key: str, raw, lang: str) -> None:
    """An answer, graded in a callback before the page is drawn again, so that run draws the question closed.
    Not an answer (nothing given, a half-filled form, a card that may not be played): a notice, a second try."""
    if st.session_state.get(f"{key}_feedback") is not None:
        return  # closed: one answer
    empty = raw in (None, "", [], {}) or (isinstance(raw, dict) and not any(str(v).strip() for v in raw.values()))
    if empty:
        st.session_state[f"{key}_notice"] = ("info", N_("Give an answer first."))
    elif isinstance(raw, dict) and not all(str(v).strip() for v in raw.values()):
        # A half-filled score form is not an answer: grading it would spend the lesson's first try.
        st.session_state[f"{key}_notice"] = ("info", N_("Fill in every step first."))
    elif isinstance(raw, list | tuple) and all(isinstance(c, Card) for c in raw) and refusal(q, raw):
        # A card that may not be played, in a drill that is not about legality: said, nothing is counted.
        st.session_state[f"{key}_notice"] = ("refused", list(raw))
    else:
        with using(lang):
            st.session_state[f"{key}_feedback"] = check_answer(q, raw)
        st.session_state[f"{key}_given"] = raw
        st.session_state[f"{key}_kept"] = {name: st.session_state[name] for name in widget_keys(q, key)
                                           if name in st.session_state}


def typed_answer(q: Question, key: str):
    """The answer in the form's widgets (read from the session, in the submit's callback), as ``answer_widget``
    returns it: the cards typed, the choice's key, the number as typed, or the form's fields."""
    state = st.session_state
    if answered_by_table(q):
        text = str(state.get(f"{key}_typed") or "")
        if q.answer_type is not AnswerType.PICK_CARDS:
            return text
        try:
            return parse_cards(text) if text.strip() else []
        except TarotError:
            return []  # the field says why, when the page is drawn again
    if q.answer_type is AnswerType.CHOICE:
        choices = shown_choices(q)
        labels = [c.label for c in choices]
        picked = state.get(f"{key}_choice")
        return choices[labels.index(picked)].key if picked in labels else None
    if q.answer_type is AnswerType.NUMBER:
        return state.get(f"{key}_number")
    return {f.key: state.get(f"{key}_f_{f.key}", "") for f in q.fields}


def answer_widget(q: Question, key: str, *, disabled: bool = False):
    """The typed answer (the fallback, for questions answered on the card table) or the question's widget
    (``disabled``: the question is answered, the widget shows the answer given)."""
    t = q.answer_type
    if t is AnswerType.PICK_CARDS:
        single = q.context.get("pick_one") or q.grader == "one_card"
        return typed_cards(key, single=bool(single), disabled=disabled)
    if answered_by_table(q):  # a choice among cards ("which card wins?"): the card, typed
        return st.text_input(_("…or type the card"), key=f"{key}_typed", placeholder=_("e.g. T21 or KH"),
                             help=_("Any notation works: KH, R♥, roi de cœur, 21, Excuse"), disabled=disabled)
    if t is AnswerType.CHOICE:
        choices = shown_choices(q)  # in a seeded order: the right answer's place tells nothing
        labels = [c.label for c in choices]
        picked = st.radio(_("Your answer"), labels, index=None, key=f"{key}_choice", disabled=disabled)
        return None if picked is None else choices[labels.index(picked)].key
    if t is AnswerType.NUMBER:
        return st.text_input(_("Your answer"), key=f"{key}_number", placeholder=_("a number, e.g. 42 or -42"),
                             max_chars=TEXT_LIMIT, disabled=disabled)
    st.caption(sign_convention())
    values = {}
    # One row of two per pair of steps, so the fields keep the order of the steps when the columns stack on a
    # phone and when Tab moves from field to field.
    for row in form_rows(q.fields):
        cols = st.columns(2)
        for col, f in zip(cols, row):
            values[f.key] = col.text_input(f.label, key=f"{key}_f_{f.key}", help=f.hint or None,
                                                 max_chars=TEXT_LIMIT, disabled=disabled)
    return values


def widget_keys(q: Question, key: str) -> list[str]:
    """The session keys of the answer widgets ``answer_widget`` draws for ``q``."""
    return [f"{key}_{name}" for name in ("typed", "choice", "number")] + [f"{key}_f_{f.key}" for f in q.fields]


def form_rows(fields, width: int = 2) -> list[tuple]:
    """The form's fields in rows of ``width``, in the order of the steps.

    >>> form_rows("abcde")
    [('a', 'b'), ('c', 'd'), ('e',)]
    """
    fields = tuple(fields)
    return [fields[i:i + width] for i in range(0, len(fields), width)]


def show_feedback(q: Question, fb, *, key: str | None = None) -> None:
    """The verdict, the answer, why, and a best-card drill's lines on the table."""
    show_verdict(q, fb)
    if key is not None:
        show_lines(q, fb, key)


def show_verdict(q: Question, fb) -> None:
    """The verdict, the right answer when it was missed, and "Show me why" folded: short, to sit by the prompt."""
    message = minus(fb.message)  # one minus sign in what the learner reads (the engine writes "-27")
    if fb.correct:
        st.success(message or _("Right!"))
    elif fb.credit > 0:
        # On its own line: a message that ends in a list would take it as part of its last point.
        st.warning(f"{message}\n\n*" + _("Partly right: this answer counts for {share} of a right one.").format(
            share=percent(fb.credit)) + "*")
    else:
        st.error(message)
    # The answer is said once: in the verdict when it names it, else on its own line (cards as pictures).
    if not fb.correct and q.answer_text not in (fb.message or ""):
        show_answer(q)
    with st.expander(_("Show me why")):
        st.markdown(minus(fb.explanation or q.explanation))
        reference_links(linked_sections(rules=q.rules), label=_("Read the rule"))
        principle_links(q.context.get("principles") or ())


def show_lines(q: Question, fb, key: str) -> None:
    """A best-card drill's lines on the card table, trick by trick: "Show me" after a wrong card (the solver's
    line after it), and the perfect line."""
    ctx = q.context
    if not (ctx.get("position") and ctx.get("line")):
        return
    from ...strategy import Position
    from ..table.line_stepper import show_line, show_me
    pos = Position.from_mapping(ctx["position"])
    mine = next((c for c in pos.legal() if c.code == (fb.given or "").strip()), None)
    if not fb.correct and mine is not None:
        show_me(pos, mine, key=f"{key}_refute")
    best = [(int(s), card(c)) for s, c in ctx["line"]]
    show_line(pos, best, key=f"{key}_best",
              title=_("A perfect line, from {card}").format(card=card_name(best[0][1])))


def show_answer(q: Question, label: str | None = None) -> None:
    """The right answer: card pictures when it is cards (their names as alt text), else its words."""
    label = label or _("Answer")
    cards = answer_cards(q)
    if cards:
        st.markdown(_("**{label}:** {answer}").format(label=label, answer=cards_inline(cards, width=48)),
                    unsafe_allow_html=True)
    else:
        st.markdown(_("**{label}:** {answer}").format(label=label, answer=minus(q.answer_text)))


LESSON_PAGE = "tutor/ui/pages/lesson.py"


def show_principle(principle_id: str | None, *, from_start: bool = True) -> None:
    """The principle a hint, a review or a puzzle names, in the course's words, with a link to its lesson."""
    p = PRINCIPLES.get(principle_id or "")
    if p is None:  # the rules left no choice: nothing to teach
        return
    st.markdown(_("**Principle: {name}.** {says}").format(name=_(p.name), says=_(p.says)))
    principle_links([p.id], from_start=from_start)


def principle_links(ids, *, from_start: bool = True) -> None:
    """A link to the lesson that teaches each principle named (``tutor.strategy.bots.principles``), once per lesson,
    for the lessons the course has: at its first step, or (``from_start=False``) where the learner left it."""
    from ..common.data import course
    lessons = {lesson.id: lesson.title for lesson in course().lessons}
    start = {"step": "1"} if from_start else {}
    for lesson_id in dict.fromkeys(PRINCIPLES[i].lesson for i in ids if i in PRINCIPLES):
        if lesson_id in lessons:
            st.page_link(LESSON_PAGE, label=_("Lesson: {title}").format(title=lessons[lesson_id]),
                         icon=":material/school:", query_params={"lesson": lesson_id, **start})
