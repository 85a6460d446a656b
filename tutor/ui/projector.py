"""The projector view of a class quiz: what the whole room sees, with no controls on it (they stay in
the sidebar). Before the start: the join code, large, with the QR code of the join address and the
names of those who joined, large; in a teacher-paced quiz, the question the class is on, its options
and its cards, large enough to read from the back of a room (never its answer, until the teacher
presses Show the answer) and how many have answered; at the end, the podium (unless the teacher
switched it off). Redrawn every few seconds.
"""

from __future__ import annotations

import streamlit as st

from ..classroom import stats
from ..classroom.qr import join_qr_png
from ..classroom.store import ClassStore, QuizInfo
from ..progress import StoreError
from ..quiz.order import shown_choices
from ..quiz.question import AnswerType
from .safe import plain
from .widgets import show_card_groups

REFRESH = 2  # seconds
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}
LETTERS = "ABCDEFGHIJ"
CARD_WIDTH = 120  # px: a card read from the back of a classroom on a 1920 x 1080 projector
HOW = {AnswerType.NUMBER: "Answer on your phone: a number.",
       AnswerType.PICK_CARDS: "Answer on your phone: pick the cards.",
       AnswerType.SCORE_FORM: "Answer on your phone: fill in the score, line by line."}


@st.cache_data(show_spinner=False, max_entries=64)
def qr_png(link: str) -> bytes:
    return join_qr_png(link)


# The projected part has no controls: not even the toolbar Streamlit puts on an image or a table. Its text
# is large (a projected 16 px is unreadable past the third row): the question at 36 px, headings at 48 px,
# the joined names at 48 px.
STYLE = """<style>
[data-testid=stMain] [data-testid=stElementToolbar] { display: none; }
.st-key-projector [data-testid=stMarkdownContainer] p,
.st-key-projector [data-testid=stMarkdownContainer] li { font-size: 2.25rem; line-height: 1.3; }
.st-key-projector [data-testid=stMarkdownContainer] h2 { font-size: 3rem; }
.st-key-projector [data-testid=stMarkdownContainer] h3 { font-size: 2.5rem; }
.st-key-projector_names [data-testid=stMarkdownContainer] p { font-size: 3rem; line-height: 1.25; }
.st-key-projector [data-testid=stCaptionContainer] { font-size: 1.5rem; }
.st-key-projector img.tt-card { object-fit: contain; }  /* Streamlit draws an image no larger than its own size */
</style>"""


def projector(cs: ClassStore, quiz_id: int, link: str, revealed: int | None = None) -> None:
    """``revealed``: the question (0-based) whose answer the teacher chose to show; checked against the
    question the class is on at every redraw, so moving on (from any tab) hides the answer."""
    st.html(STYLE)

    @st.fragment(run_every=REFRESH)
    def view() -> None:
        try:
            quiz = cs.quiz(quiz_id)
            tallies = cs.tallies(quiz_id)
        except StoreError as err:
            st.error(plain(err))
            return
        n = len(quiz.questions)
        with st.container(key="projector"):
            if quiz.paced and 0 <= quiz.current < n:
                _question(quiz, tallies, revealed == quiz.current)
            elif quiz.finished:
                _end(quiz, tallies)
            else:
                _join(quiz, tallies, link)
    view()


def _big_code(code: str, size: str = "min(11vw, 7rem)") -> None:
    # The code has only letters and digits from codes.ALPHABET: nothing to escape.
    st.html(f'<div role="heading" aria-level="1" aria-label="Join code {" ".join(code)}" '
            f'style="font: 700 {size}/1.1 ui-monospace, monospace; letter-spacing: .12em; '
            f'text-align: center">{code}</div>')


def _join(quiz: QuizInfo, tallies, link: str) -> None:
    st.markdown(f"## {plain(quiz.title)}")
    _big_code(quiz.code)
    left, right = st.columns([2, 3], vertical_alignment="center")
    with left:
        st.image(qr_png(link), caption="Scan to join", width=360, output_format="PNG")
    with right:
        st.markdown("Open **Class** and type the code, or scan the QR code. The address:")
        st.markdown(f"`{link}`")
        names = [plain(name) for name, *_ in tallies.learners]
        with st.container(key="projector_names"):  # large: each learner finds their name from their seat
            st.markdown("Nobody has joined yet." if not names else f"**{len(names)} joined:** " + ", ".join(names))


def _question(quiz: QuizInfo, tallies, reveal: bool) -> None:
    i = quiz.current
    q = quiz.questions[i]
    answered, _right = tallies.questions.get(i, (0, 0))
    st.markdown(f"## Question {i + 1} of {len(quiz.questions)}")
    st.markdown(q.prompt)
    show_card_groups(q.cards, width=CARD_WIDTH)
    view = stats.question_views(quiz, tallies)[i] if reveal else None
    if q.answer_type is AnswerType.CHOICE and q.choices:
        _choices(q, view)
    elif view is not None:
        st.markdown(f"**Right answer:** {plain(q.answer_text)}")
    else:
        st.caption(HOW.get(q.answer_type, "Answer on your phone."))
    st.markdown(f"**{answered} of {len(tallies.learners)}** have answered · code **{quiz.code}**")


def _choices(q, view) -> None:
    """The options as the learners' phones list them, two a row, each with its letter; once revealed, how
    many chose each and which is right."""
    counts = {p.label: p.count for p in view.picks} if view is not None else {}
    choices = shown_choices(q)
    cols = st.columns(2)
    for n, c in enumerate(choices):
        with cols[n % 2].container(border=True):
            text = f"**{LETTERS[n] if n < len(LETTERS) else n + 1}.** {plain(c.label)}"
            if view is not None:
                who = counts.get(c.label, 0)
                text += f" · {who} learner{'' if who == 1 else 's'}"
                text += " · **right answer**" if c.key == q.answer else ""
            st.markdown(text)


def _end(quiz: QuizInfo, tallies) -> None:
    st.markdown(f"## {plain(quiz.title)}: the end")
    places = stats.podium(tallies) if quiz.podium else []
    if not places:
        st.markdown(f"Thank you! {len(tallies.learners)} learners took part.")
        return
    cols = st.columns(len(places))
    for col, p in zip(cols, places, strict=True):
        with col.container(border=True):
            st.markdown(f"### {PLACES[p.place]}")
            st.markdown(f"**{plain(p.name)}**")
            st.markdown(f"{stats.one_place(p.score)} points")
