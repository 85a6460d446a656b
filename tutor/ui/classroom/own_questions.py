"""The teacher's own questions, on the Teacher page: write one (a form, or YAML in the lessons' check format),
preview it as learners will see it with the engine's verdict, save it to the bank, and edit or delete it;
and, in the form that sets a quiz, pick bank questions to include.

Checking is ``tutor.quiz.own.read_own`` (the lessons' checker): a refused question shows every reason and
cannot be saved. The preview is the drill's question renderer (``render_question``), so the teacher can
answer it too.
"""

from __future__ import annotations

import hashlib

import streamlit as st

from ...classroom.bank import BankError, OwnEntry, QuestionBank
from ...classroom.store import ClassStore
from ...content.verify import QuizContext
from ...i18n import _
from ...limits import MAX_OWN_QUESTION_BYTES, MAX_TITLE_CHARS
from ...quiz import Question
from ...quiz.own import ANSWER_TYPES, OwnCheck, form_source, read_own
from ..common.data import LESSONS, course
from ..common.safe import TEXT_LIMIT, plain
from ..quiz.question import render_question

YAML_BOX = "own_yaml"  # the paste box (Edit puts a bank question's YAML in it)
DRAFT = "own_draft"  # the text last previewed: re-checked on every run until it is saved or dropped
EDITING = "own_editing"  # the bank id being edited, or None for a new question
DELETING = "own_deleting"  # the bank id waiting for "Yes, delete"
SAVED = "own_saved"  # the name just saved, said once
NEXT_YAML = "own_next_yaml"  # what the paste box holds on the next run (a widget's value is set before it is drawn)

EXAMPLE = """title: Garde won by 4
question: "A garde: the attack has 45 points with 2 oudlers, no bonus. What does each defender pay?"
answer: 58
verify: {score_deal: {players: 4, contract: garde, taker_points: 45, oudlers: 2, ask: per_defender}}
explain: "Won by 4 (45 - 41): (25 + 4) x 2 = 58."
"""


@st.cache_resource(show_spinner=False)
def checker() -> QuizContext:
    """What the lessons are checked with: the glossary (for the words queries) and the measured numbers."""
    from ...content.measures import load_measures
    return QuizContext(glossary=course().glossary, measures=load_measures(LESSONS)[0])


def bank_of(cs: ClassStore) -> QuestionBank:
    return QuestionBank(cs.engine, cs.where)


def _checked(text: str) -> OwnCheck:
    """The verdict on ``text``, kept for this session (a verify block may ask the solver: seconds)."""
    cache = st.session_state.setdefault("own_checks", {})
    if text not in cache:
        if len(cache) > 20:
            cache.clear()
        with st.spinner(_("Checking your question with the engine…")):
            cache[text] = read_own(text, checker())
    return cache[text]


# -- setting a quiz ----------------------------------------------------------------------------------


def picker(cs: ClassStore) -> tuple[list[Question], bool]:
    """Inside the form that sets a quiz: the bank questions to include (in the order picked), and whether to mix
    them among the generated ones. Nothing when the bank is empty."""
    entries = {e.id: e for e in bank_of(cs).entries()}
    if not entries:
        st.caption(_("Your own questions can be included too: write them under **Your own questions**, below."))
        return [], False
    picked = st.multiselect(_("From your bank"), list(entries), format_func=lambda i: entries[i].name,
                            help=_("Included whole, in the order you pick them. Leave the kinds empty for a quiz "
                                   "of your own questions only."), placeholder=_("Choose options"))
    mix = st.checkbox(_("Mix them among the generated questions"),
                      help=_("Otherwise they come first, in the order picked"))
    return [entries[i].question for i in picked if i in entries], bool(mix)


# -- writing, previewing and keeping questions -----------------------------------------------------


def section(cs: ClassStore) -> None:
    st.header(_("Your own questions"))
    st.caption(_("Write a question, with cards and a verify block the engine checks, in the format of the lessons' "
                 "checks. Preview shows it as learners will see it, with the engine's verdict; a question whose "
                 "stated answer the engine disagrees with cannot be saved."))
    if NEXT_YAML in st.session_state:
        st.session_state[YAML_BOX] = st.session_state.pop(NEXT_YAML)
    bank = bank_of(cs)
    editing = st.session_state.get(EDITING)
    if editing is not None:
        entry = bank.get(editing)
        if entry is None:
            st.session_state[EDITING] = None
        else:
            c1, c2 = st.columns([3, 1], vertical_alignment="center")
            c1.info(_("Editing **{name}**: change its YAML below, preview it, then save the changes.").format(
                name=plain(entry.name)))
            if c2.button(_("Stop editing"), key="own_stop"):
                _drop_draft()
                st.rerun()
    form_tab, yaml_tab = st.tabs([_("Write it in a form"), _("Paste YAML")])
    with form_tab:
        _form()
    with yaml_tab:
        _paste()
    draft = st.session_state.get(DRAFT)
    if draft:
        _preview(bank, draft)
    _bank(bank)


def _drop_draft() -> None:
    st.session_state[EDITING] = None
    st.session_state[DRAFT] = None
    st.session_state[NEXT_YAML] = ""


def _form() -> None:
    with st.form("own_form"):
        title = st.text_input(_("Name in your bank (optional)"), max_chars=MAX_TITLE_CHARS)
        prompt = st.text_area(_("Question"), max_chars=2000, placeholder=_("e.g. A garde: the attack has 45 points "
                                                                         "with 2 oudlers. What does each defender "
                                                                         "pay?"))
        kind = st.selectbox(_("The answer is"), list(ANSWER_TYPES), format_func=lambda t: _(ANSWER_TYPES[t]))
        choices = st.text_area(_("Choices, one a line (for a choice)"), max_chars=2000)
        answer = st.text_input(_("Right answer"), max_chars=TEXT_LIMIT,
                               help=_("A number, one of the choices as written, or cards like T16 EX"))
        c1, c2 = st.columns(2)
        cards = c1.text_input(_("Cards shown (optional)"), max_chars=TEXT_LIMIT, help=_("Cards like KH 10D T21 EX"))
        pool = c2.text_input(_("Cards to pick from (cards answers)"), max_chars=TEXT_LIMIT,
                             help=_("Only when the verify block does not give them (its hand, its trick)"))
        verify = st.text_area(_("Verify block (the engine checks your answer)"), max_chars=4000,
                              placeholder="score_deal: {players: 4, contract: garde, taker_points: 45, oudlers: 2, "
                                          "ask: per_defender}",
                              help=_("One engine query, as in the lessons' checks (README: Lessons and "
                                     "`tarot-tutor check`). Leave it empty only when your explanation gives the "
                                     "reason."))
        explain = st.text_area(_("Explanation (optional with a verify block)"), max_chars=4000)
        go = st.form_submit_button(_("Preview"), type="primary", key="own_form_preview")
    if go:
        source, problems = form_source(prompt=prompt, answer_type=kind, answer=answer, choices=choices,
                                       explain=explain, cards=cards, pool=pool, verify=verify, title=title)
        if problems:
            st.session_state[DRAFT] = None
            for p in problems:
                st.error(plain(p))
            return
        st.session_state[DRAFT] = source


def _paste() -> None:
    st.session_state.setdefault(YAML_BOX, "")
    with st.form("own_paste"):
        st.text_area(_("One question in the lessons' check format"), key=YAML_BOX, height=180,
                     max_chars=MAX_OWN_QUESTION_BYTES, placeholder=EXAMPLE)
        go = st.form_submit_button(_("Preview"), type="primary", key="own_paste_preview")
    if go:
        st.session_state[DRAFT] = st.session_state.get(YAML_BOX) or ""


def _preview(bank: QuestionBank, draft: str) -> None:
    st.subheader(_("Preview"))
    checked = _checked(draft)
    if not checked.ok:
        st.error(_("Refused: this question cannot be saved.") + "\n\n"
                 + "\n".join(f"- {plain(p)}" for p in checked.problems))
        return
    st.success(plain(checked.verdict))
    st.caption(_("As learners will see it (you may answer it: nothing is recorded)."))
    key = "own_preview_" + hashlib.sha256(draft.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    render_question(checked.question, key)
    with st.expander(_("As YAML")):
        st.code(draft, language="yaml")
    editing = st.session_state.get(EDITING)
    label = _("Save the changes") if editing is not None else _("Save to my bank")
    if st.button(label, key="own_save", type="primary"):
        try:
            entry = bank.save(draft, ctx=checker(), entry_id=editing)
        except BankError as err:
            for p in err.problems:
                st.error(plain(p))
            return
        _drop_draft()
        st.session_state[SAVED] = entry.name
        st.rerun()


def _bank(bank: QuestionBank) -> None:
    st.subheader(_("Your bank"))
    saved = st.session_state.pop(SAVED, None)
    if saved is not None:
        st.success(_("Saved to your bank: **{name}**.").format(name=plain(saved)))
    entries = bank.entries()
    if not entries:
        st.info(_("No question of your own yet: write one above."))
        return
    for n, e in enumerate(entries, start=1):
        _entry(bank, n, e)


def _entry(bank: QuestionBank, n: int, e: OwnEntry) -> None:
    q = e.question
    with st.container(border=True):
        c1, c2, c3 = st.columns([6, 1, 1], vertical_alignment="center")
        c1.markdown(_("**{n}. {name}** · answer: {answer}").format(n=n, name=plain(e.name), answer=q.answer_text))
        if c2.button(_("Edit"), key=f"own_edit_{e.id}"):
            st.session_state[EDITING] = e.id
            st.session_state[NEXT_YAML] = e.source
            st.session_state[DRAFT] = e.source
            st.rerun()
        if c3.button(_("Delete"), key=f"own_delete_{e.id}"):
            st.session_state[DELETING] = e.id
        if st.session_state.get(DELETING) == e.id:
            st.warning(_("Delete **{name}** from your bank? Quizzes already set keep their copy.").format(
                name=plain(e.name)))
            d1, d2 = st.columns(2)
            if d1.button(_("Yes, delete"), key=f"own_yes_{e.id}", type="primary"):
                bank.delete(e.id)
                st.session_state[DELETING] = None
                if st.session_state.get(EDITING) == e.id:
                    _drop_draft()
                st.rerun()
            if d2.button(_("Keep it"), key=f"own_keep_{e.id}"):
                st.session_state[DELETING] = None
                st.rerun()
