"""Issue 37: the presenter's controls were on the projected image (Present puts them in the sidebar, which the
projector shows). The presenter window now opens a clean projector window, ``/teacher?screen=<quiz id>``: the
projected view only (no sidebar, no control), following what the presenter does from their own window, and the
same after a reload."""

from __future__ import annotations

import os

import pytest
from apptest_helpers import refresh
from class_pages import HASH, button, main_text, page

from tutor.classroom import passphrase, signin
from tutor.classroom.store import ClassStore
from tutor.progress import Store
from tutor.ui.classroom import teacher as teacher_page


@pytest.fixture(autouse=True)
def _teacher_hash(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)


@pytest.fixture
def cs(monkeypatch):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    token = signin.make_token(signin.signing_key(s.engine), HASH)
    monkeypatch.setattr(teacher_page, "_cookie", lambda: token)  # the teacher's browser: both windows signed in
    yield ClassStore(s.engine)
    s.close()


def _controls(at) -> list[str]:
    """Every control on the page, wherever it is: buttons, toggles, select boxes, link buttons."""
    return ([b.label for b in at.button] + [t.label for t in at.toggle] + [s.label for s in at.selectbox]
            + [lb.proto.label for lb in at.get("link_button")])


def test_the_projector_window_shows_the_projected_view_only_and_follows_the_presenter(cs):
    quiz = cs.create(title="Counting", kinds=["count"], count=2, difficulty=1, paced=True)
    cs.join(quiz.code, "Ann")
    presenter = page("teacher", present=str(quiz.id))
    (link,) = [lb.proto for lb in presenter.sidebar.get("link_button")]
    assert link.label == "Open the projector window" and link.url == f"?screen={quiz.id}"

    screen = page("teacher", screen=str(quiz.id))
    assert not screen.exception
    assert _controls(screen) == []  # no Start, no Show the answer, no quiz picker, no Present
    styles = " ".join(h.proto.body for h in screen.get("html"))
    assert "[data-testid=stSidebar]" in styles and "display: none" in styles  # the app's own sidebar is hidden
    assert f"Join code {' '.join(quiz.code)}" in styles + " ".join(h.proto.body for h in screen.main.get("html"))

    button(presenter, "Start the quiz").click()
    presenter.run()
    screen = refresh(screen)  # its own redraw, every two seconds: no click on this window
    assert "Question 1 of 2" in main_text(screen) and "Right answer" not in main_text(screen)
    button(presenter, "Show the answer").click()
    presenter.run()
    screen = refresh(screen)
    assert "Right answer" in main_text(screen)

    again = page("teacher", screen=str(quiz.id))  # F5 on the projector window
    assert "Right answer" in main_text(again) and _controls(again) == []
    button(presenter, "Next question").click()
    presenter.run()
    again = refresh(again)
    assert "Question 2 of 2" in main_text(again) and "Right answer" not in main_text(again)


def test_an_unknown_quiz_in_the_address_falls_back_to_the_teacher_page(cs):
    at = page("teacher", screen="999")
    assert not at.exception and any(h.value == "Teacher" for h in at.title)
