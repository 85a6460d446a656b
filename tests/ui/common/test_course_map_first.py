"""A new install's first page does not wait for the course check (issue 38): the course map is drawn from the
lessons as read, the check against the engine runs once, after the page (``check_soon``) or when a lesson page
asks for it, and every page after that gets the one checked course, also from the disk in the next process."""

from __future__ import annotations

import pytest

from tutor.content.lessons import load_course
from tutor.ui.common import data


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty cache, and every check counted."""
    monkeypatch.setenv("TUTOR_CACHE_DIR", str(tmp_path / "cache"))
    checks = []
    real = data._load_course

    def counted(lang):
        checks.append(lang)
        return real(lang)
    monkeypatch.setattr(data, "_load_course", counted)
    data.course.clear()
    yield checks
    data.course.clear()


def test_the_map_of_a_new_install_is_the_lessons_as_read_without_the_check(fresh):
    shown = data.course_map()
    assert fresh == []  # nothing checked for the map
    checked = data.course()
    assert fresh == ["en"]
    # The same lessons, in the same order, with what the map shows; only the check's findings differ.
    assert [(x.id, x.title, x.summary, x.skills, x.minutes, x.number) for x in shown.lessons] == \
        [(x.id, x.title, x.summary, x.skills, x.minutes, x.number) for x in checked.lessons]
    assert data.course_map() is checked and data.course() is checked and fresh == ["en"]  # checked once


def test_the_check_started_after_the_page_is_the_one_every_page_then_gets(fresh):
    data.course_map()
    check = data._check("en")
    check.DELAY = 0.01
    data.check_soon()
    data.check_soon()  # a second page's end: not a second check
    course = data.course()  # waits for the thread's check rather than checking again
    assert check.future.done() and fresh == ["en"] and data.course_map() is course


def test_the_next_process_reads_the_checked_course_from_the_disk(fresh):
    data.course()
    data.course.clear()  # as a new process: the checked course comes back from the disk, not checked again
    assert data._check("en").done() and data.course_map().ids == data.course().ids and fresh == ["en"]


def test_the_unchecked_read_is_the_checked_course_minus_the_engine_checks():
    """``verify=False`` leaves out only the engine's findings: on the shipped lessons (which pass the check) the
    lessons as read and the checked ones are the same lessons, with no problem either way."""
    quick, full = load_course(data.LESSONS, lang="fr", verify=False), load_course(data.LESSONS, lang="fr")
    assert quick.ids == full.ids and not quick.problems and not full.problems
    assert [x.title for x in quick.lessons] == [x.title for x in full.lessons]


def test_a_check_that_fails_says_so_and_the_next_page_checks_again(fresh, monkeypatch):
    import threading
    real = data._load_course
    calls = []

    def broken_once(lang):
        calls.append(lang)
        if len(calls) == 1:
            raise OSError("the lessons' folder went away")
        return real(lang)
    monkeypatch.setattr(data, "_load_course", broken_once)
    got = []

    def ask():
        try:
            got.append(data.course())
        except OSError as err:
            got.append(err)
    t = threading.Thread(target=ask, daemon=True)
    t.start()
    t.join(120)
    assert not t.is_alive(), "the page that ran the failing check waits for ever"
    assert isinstance(got[0], OSError)
    assert data.course().lessons and calls == ["en", "en"]  # tried again, and checked
