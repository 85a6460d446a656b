"""The projector view of a class quiz: what the whole room sees, with no controls on it (they stay in
the sidebar). Before the start: the join code, large, with the QR code of the join address and who has
joined; in a teacher-paced quiz, the question the class is on (never its answer) and how many have
answered; at the end, the podium (unless the teacher switched it off). Redrawn every few seconds.
"""

from __future__ import annotations

import streamlit as st

from ..classroom import stats
from ..classroom.qr import join_qr_png
from ..classroom.store import ClassStore, QuizInfo
from ..progress import StoreError
from .safe import plain
from .widgets import show_card_groups

REFRESH = 2  # seconds
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


@st.cache_data(show_spinner=False, max_entries=64)
def qr_png(link: str) -> bytes:
    return join_qr_png(link)


# The projected part has no controls: not even the toolbar Streamlit puts on an image or a table.
NO_TOOLBARS = "<style>[data-testid=stMain] [data-testid=stElementToolbar] { display: none; }</style>"


def projector(cs: ClassStore, quiz_id: int, link: str) -> None:
    st.html(NO_TOOLBARS)
    @st.fragment(run_every=REFRESH)
    def view() -> None:
        try:
            quiz = cs.quiz(quiz_id)
            tallies = cs.tallies(quiz_id)
        except StoreError as err:
            st.error(plain(err))
            return
        n = len(quiz.questions)
        if quiz.paced and 0 <= quiz.current < n:
            _question(quiz, tallies)
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
        st.markdown("Nobody has joined yet." if not names else f"**{len(names)} joined:** " + ", ".join(names))


def _question(quiz: QuizInfo, tallies) -> None:
    i = quiz.current
    q = quiz.questions[i]
    answered, _right = tallies.questions.get(i, (0, 0))
    st.markdown(f"## Question {i + 1} of {len(quiz.questions)}")
    st.markdown(q.prompt)
    show_card_groups(q.cards, width=80)
    st.markdown(f"**{answered} of {len(tallies.learners)}** have answered · code **{quiz.code}**")


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
