"""The projector view of a class quiz: what the whole room sees, with no controls on it (they stay in
the sidebar). Before the start: the join code, large, with the QR code of the join address and the
names of those who joined, large (a grid of chips, with the count); in a teacher-paced quiz, the
question the class is on, its options and its cards, large enough to read from the back of a room
(never its answer, until the teacher presses Show the answer), the time left when the quiz has a timer,
and how many have answered; between questions, the top five when the teacher shows it (names with scores
never otherwise); at the end, the podium (unless the teacher switched it off). Redrawn every few seconds,
every second while a timer runs.
"""

from __future__ import annotations

import streamlit as st

from ...classroom import stats
from ...classroom.qr import join_qr_png
from ...classroom.question_language import in_language
from ...classroom.store import ClassStore, QuizInfo
from ...db import utcnow
from ...i18n import N_, _, language, ngettext
from ...progress import StoreError
from ...quiz.order import shown_choices
from ...quiz.question import AnswerType
from ..common.safe import plain
from ..common.widgets import show_card_groups
from . import stage

REFRESH = 2  # seconds
TICK = 1  # seconds: the redraw while a question's timer runs
LETTERS = "ABCDEFGHIJ"
CARD_WIDTH = 120  # px: a card read from the back of a classroom on a 1920 x 1080 projector
HOW = {AnswerType.NUMBER: N_("Answer on your phone: a number."),
       AnswerType.PICK_CARDS: N_("Answer on your phone: pick the cards."),
       AnswerType.SCORE_FORM: N_("Answer on your phone: fill in the score, line by line.")}


@st.cache_data(show_spinner=False, max_entries=64)
def qr_png(link: str) -> bytes:
    return join_qr_png(link)


# The projected part has no controls: not even the toolbar Streamlit puts on an image or a table. Its text
# is large (a projected 16 px is unreadable past the third row): the question at 36 px, headings at 48 px,
# the joined names at 36 px (``stage``).
STYLE = stage.CSS + """<style>
[data-testid=stMain] [data-testid=stElementToolbar], .st-key-projector [data-testid=stHeaderActionElements] {
  display: none; }
.st-key-projector [data-testid=stMarkdownContainer] p,
.st-key-projector [data-testid=stMarkdownContainer] li { font-size: 2.25rem; line-height: 1.3; }
.st-key-projector [data-testid=stMarkdownContainer] h2 { font-size: 3rem; }
.st-key-projector [data-testid=stMarkdownContainer] h3 { font-size: 2.5rem; }
.st-key-projector [data-testid=stCaptionContainer] { font-size: 1.5rem; }
.st-key-projector img.tt-card { object-fit: contain; }  /* Streamlit draws an image no larger than its own size */
/* Steady while it redraws itself: Streamlit greys what a run is redrawing (opacity .33), a flicker on the wall */
.st-key-projector [data-stale=true], [data-stale=true]:has(.st-key-projector) { opacity: 1 !important;
  transition: none !important; }
</style>"""


def projector(cs: ClassStore, quiz_id: int, link: str) -> None:
    """What the teacher put on show is read with the quiz at every redraw (``revealed``: the question whose
    answer is on show; ``top_after``: the question after which the top five is), and checked against the
    question the class is on, so every window follows the presenter's and moving on hides them."""
    st.html(STYLE)
    timed = bool(cs.quiz(quiz_id).timer)

    @st.fragment(run_every=TICK if timed else REFRESH)
    def view() -> None:
        try:
            quiz = cs.quiz(quiz_id)
            tallies = cs.tallies(quiz_id)
        except StoreError as err:
            st.error(plain(err))
            return
        n = len(quiz.questions)
        revealed, top = quiz.revealed, quiz.top_after
        with st.container(key="projector"):
            if quiz.paced and 0 <= quiz.current < n and top == quiz.current and quiz.leaderboard:
                _top(quiz, tallies)
            elif quiz.paced and 0 <= quiz.current < n:
                _question(quiz, tallies, revealed == quiz.current)
            elif quiz.finished:
                _end(quiz, tallies)
            else:
                _join(quiz, tallies, link)
    view()


def _big_code(code: str, size: str = "min(11vw, 7rem)") -> None:
    # The code has only letters and digits from codes.ALPHABET: nothing to escape.
    st.html(f'<div role="heading" aria-level="1" aria-label="{_("Join code {code}").format(code=" ".join(code))}" '
            f'style="font: 700 {size}/1.1 ui-monospace, monospace; letter-spacing: .12em; '
            f'text-align: center">{code}</div>')


def _join(quiz: QuizInfo, tallies, link: str) -> None:
    st.markdown(f"## {plain(quiz.title)}")
    _big_code(quiz.code)
    # The QR code and the address on the left; the joined names take the wider right part of the screen.
    left, right = st.columns([2, 3])
    with left:
        st.image(qr_png(link), caption=_("Scan to join"), width=360, output_format="PNG")
        st.markdown(_("Open **Class** and type the code, or scan the QR code. The address:"))
        st.markdown(f"`{link}`")
    with right, st.container(key="projector_names"):  # large: each learner finds their name from their seat
        st.html(stage.lobby([name for name, *_ in tallies.learners]))


def _question(quiz: QuizInfo, tallies, reveal: bool) -> None:
    i = quiz.current
    q = in_language(quiz.questions[i], language())
    answered = tallies.questions.get(i, (0, 0))[0]
    left = quiz.time_left(utcnow())
    if left is None:
        st.markdown("## " + _("Question {n} of {total}").format(n=i + 1, total=len(quiz.questions)))
    else:
        head, clock = st.columns([3, 1], vertical_alignment="center")
        head.markdown("## " + _("Question {n} of {total}").format(n=i + 1, total=len(quiz.questions)))
        with clock:
            st.html(stage.timer(left, quiz.timer))
    st.markdown(q.prompt)
    show_card_groups(q.cards, width=CARD_WIDTH)
    view = stats.question_views(quiz, tallies)[i] if reveal else None
    if q.answer_type is AnswerType.CHOICE and q.choices:
        _choices(q, view)
    elif view is not None:
        st.markdown(_("**Right answer:** {answer}").format(answer=plain(q.answer_text)))
    else:
        st.caption(_(HOW.get(q.answer_type, N_("Answer on your phone."))))
    st.markdown(_("**{answered} of {total}** have answered · code **{code}**").format(
        answered=answered, total=len(tallies.learners), code=quiz.code))


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
                text += " · " + ngettext("{n} learner", "{n} learners", who).format(n=who)
                text += _(" · **right answer**") if c.key == q.answer else ""
            st.markdown(text)


def _top(quiz: QuizInfo, tallies) -> None:
    """The top five after the question the class is on (the teacher asked for it), its heading and list as one."""
    title = _("Top five after question {n}").format(n=quiz.current + 1)
    st.html(stage.titled(title, stage.board(stats.leaders(tallies))))


def _end(quiz: QuizInfo, tallies) -> None:
    st.markdown("## " + _("{title}: the end").format(title=plain(quiz.title)))
    if not (quiz.podium and tallies.learners):
        st.markdown(_("Thank you! {n} learners took part.").format(n=len(tallies.learners)))
        return
    st.html(stage.podium(stats.steps(tallies)))
