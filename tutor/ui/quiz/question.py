"""One quiz question on screen: the prompt, the cards, an answer widget, and the feedback.

Used by lesson checks that name a generator, by the Drill and by Puzzles.
"""

from __future__ import annotations

import streamlit as st

from ...engine import Card, card
from ...i18n import DEFAULT, N_, _, language, percent
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


def question_block(kind: str, *, seed: int, params: dict, key: str, once: bool = False):
    """Generate (cached) and show a question; returns the Feedback once answered, else None."""
    return render_question(load_question(kind, seed, params), key, once=once)


def render_question(q: Question, key: str, *, once: bool = False):
    """The question and its feedback; ``once``: answered once (a lesson's check), so after an answer the
    cards are shown without the table or the form. The raw answer is kept in ``{key}_given``."""
    with st.container(border=True):
        st.markdown(minus(q.prompt))
        fb = st.session_state.get(f"{key}_feedback")
        if once and fb is not None:
            show_question_table(q.context)
            show_card_groups(q.cards)
            show_feedback(q, fb, key=key)
            return fb
        on_table = answered_by_table(q)
        view = question_view(q, token=key) if on_table else None
        # One picture of the table: the card table when it draws the seats, else the drawing.
        show_question_table(q.context, drawn=not (view is not None and view.seats))
        if on_table:  # the cards are clicked on the table; one answer, one rerun
            cards = card_table(view, key=f"{key}_table")
            if cards is not None and not _refused(q, cards):
                st.session_state[f"{key}_given"] = answer_of(q, cards)
                st.session_state[f"{key}_feedback"] = check_answer(q, answer_of(q, cards))
        else:
            show_card_groups(q.cards)
        with st.form(f"qform_{key}", border=False):
            raw = answer_widget(q, key)
            sent = st.form_submit_button(_("Check what I typed") if on_table else _("Check my answer"),
                                         type="secondary" if on_table else "primary")
        if sent:
            if raw in (None, "", [], {}) or (isinstance(raw, dict) and not any(str(v).strip() for v in raw.values())):
                st.info(_("Give an answer first."))
            elif isinstance(raw, dict) and not all(str(v).strip() for v in raw.values()):
                # A half-filled score form is not an answer: grading it would spend the lesson's first try.
                st.info(_("Fill in every step first."))
            elif _refused(q, raw):
                pass
            else:
                st.session_state[f"{key}_given"] = raw
                st.session_state[f"{key}_feedback"] = check_answer(q, raw)
        fb = st.session_state.get(f"{key}_feedback")
        if fb is not None:
            show_feedback(q, fb, key=key)
        return fb


def _refused(q: Question, cards) -> bool:
    """A card that may not be played, in a drill that is not about legality: said, and not an answer (the
    learner tries again; nothing is counted)."""
    said = refusal(q, cards) if isinstance(cards, list | tuple) and all(isinstance(c, Card) for c in cards) else None
    if said:
        st.warning(said, icon=":material/block:")
    return bool(said)


def answer_widget(q: Question, key: str):
    """The typed answer (the fallback, for questions answered on the card table) or the question's widget."""
    t = q.answer_type
    if t is AnswerType.PICK_CARDS:
        single = q.context.get("pick_one") or q.grader == "one_card"
        return typed_cards(key, single=bool(single))
    if answered_by_table(q):  # a choice among cards ("which card wins?"): the card, typed
        return st.text_input(_("…or type the card"), key=f"{key}_typed", placeholder=_("e.g. T21 or KH"),
                             help=_("Any notation works: KH, R♥, roi de cœur, 21, Excuse"))
    if t is AnswerType.CHOICE:
        choices = shown_choices(q)  # in a seeded order: the right answer's place tells nothing
        labels = [c.label for c in choices]
        picked = st.radio(_("Your answer"), labels, index=None, key=f"{key}_choice")
        return None if picked is None else choices[labels.index(picked)].key
    if t is AnswerType.NUMBER:
        return st.text_input(_("Your answer"), key=f"{key}_number", placeholder=_("a number, e.g. 42 or -42"),
                             max_chars=TEXT_LIMIT)
    st.caption(sign_convention())
    values = {}
    # One row of two per pair of steps, so the fields keep the order of the steps when the columns stack on a
    # phone and when Tab moves from field to field.
    for row in form_rows(q.fields):
        cols = st.columns(2)
        for col, f in zip(cols, row):
            values[f.key] = col.text_input(f.label, key=f"{key}_f_{f.key}", help=f.hint or None,
                                                 max_chars=TEXT_LIMIT)
    return values


def form_rows(fields, width: int = 2) -> list[tuple]:
    """The form's fields in rows of ``width``, in the order of the steps.

    >>> form_rows("abcde")
    [('a', 'b'), ('c', 'd'), ('e',)]
    """
    fields = tuple(fields)
    return [fields[i:i + width] for i in range(0, len(fields), width)]


def show_feedback(q: Question, fb, *, key: str | None = None) -> None:
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
    if key is not None:
        show_lines(q, fb, key)


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
