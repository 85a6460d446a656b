"""The checked course kept on disk between processes (tutor/ui/common/kept_course.py): read back only when the
lessons, the code and the language are the same, only from a file nobody else may write, and a damaged or
missing file only costs a new check."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from pydantic import BaseModel

from tutor.content.lessons import load_course
from tutor.content.measures import Measures
from tutor.ui.common import kept_course as kc

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    where = tmp_path / "cache"
    monkeypatch.setenv("TUTOR_CACHE_DIR", str(where))
    return where


@pytest.fixture
def lessons(tmp_path):
    d = tmp_path / "lessons"
    d.mkdir()
    (d / "01-a.yaml").write_text("id: a\n", encoding="utf-8")
    return d


def counting(value):
    calls = []

    def load():
        calls.append(1)
        return value
    return load, calls


def test_a_second_process_reads_the_course_back_instead_of_checking_it(cache, lessons):
    load, calls = counting({"lessons": ["a"]})
    assert kc.kept_course(lessons, "en", load) == {"lessons": ["a"]}
    assert kc.kept_course(lessons, "en", load) == {"lessons": ["a"]}  # from the file: load not called again
    assert len(calls) == 1
    kept = list(cache.iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("course-en-") and kept[0].stat().st_mode & 0o777 == 0o600


def test_a_changed_lesson_another_language_or_a_new_file_checks_it_again(cache, lessons):
    load, calls = counting("course")
    kc.kept_course(lessons, "en", load)
    kc.kept_course(lessons, "fr", load)  # its own file and key
    assert len(calls) == 2
    (lessons / "01-a.yaml").write_text("id: a\ntitle: changed\n", encoding="utf-8")
    kc.kept_course(lessons, "en", load)
    assert len(calls) == 3
    (lessons / "fr").mkdir()
    (lessons / "fr" / "01-a.yaml").write_text("title: changé\n", encoding="utf-8")  # a translation is read too
    kc.kept_course(lessons, "en", load)
    assert len(calls) == 4
    kc.kept_course(lessons, "en", load)
    assert len(calls) == 4


def test_the_key_follows_the_package_code_and_not_the_pages(lessons, monkeypatch, tmp_path):
    package = tmp_path / "tutor"
    (package / "engine").mkdir(parents=True)
    (package / "ui").mkdir()
    (package / "engine" / "rules.py").write_text("X = 1\n")
    (package / "ui" / "page.py").write_text("Y = 1\n")
    monkeypatch.setattr(kc, "PACKAGE", package)
    before = kc.course_key(lessons, "en")
    (package / "ui" / "page.py").write_text("Y = 2\n")
    assert kc.course_key(lessons, "en") == before
    (package / "engine" / "rules.py").write_text("X = 2\n")
    assert kc.course_key(lessons, "en") != before
    assert kc.course_key(lessons, "fr") != kc.course_key(lessons, "en")


def test_a_file_others_may_write_is_never_read(cache, lessons):
    load, calls = counting("mine")
    kc.kept_course(lessons, "en", load)
    (kept,) = cache.iterdir()
    # What another user could have put there: it must not be unpickled.
    kept.write_bytes(pickle.dumps((kc.course_key(lessons, "en"), "theirs")))
    os.chmod(kept, 0o666)
    assert kc.kept_course(lessons, "en", load) == "mine"
    assert len(calls) == 2
    os.chmod(cache, 0o777)
    assert kc.kept_course(lessons, "en", load) == "mine"  # a folder others may write: not read either
    assert len(calls) == 3


@pytest.mark.parametrize("damage", [b"", b"not a pickle", pickle.dumps("no key")[:-3], pickle.dumps(("k", "v"))])
def test_a_damaged_or_stale_file_only_costs_a_new_check(cache, lessons, damage):
    load, calls = counting("fresh")
    kc.kept_course(lessons, "en", load)
    (kept,) = cache.iterdir()
    kept.write_bytes(damage)
    assert kc.kept_course(lessons, "en", load) == "fresh"
    assert kc.kept_course(lessons, "en", load) == "fresh"  # written again whole, then read back
    assert len(calls) == 2


def test_no_cache_dir_checks_every_time_and_writes_nothing(monkeypatch, lessons, tmp_path):
    monkeypatch.setenv("TUTOR_CACHE_DIR", "off")
    load, calls = counting("c")
    kc.kept_course(lessons, "en", load)
    kc.kept_course(lessons, "en", load)
    assert len(calls) == 2


def test_a_cache_that_cannot_be_written_still_gives_the_course(monkeypatch, lessons, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    monkeypatch.setenv("TUTOR_CACHE_DIR", str(blocked / "cache"))
    load, calls = counting("c")
    assert kc.kept_course(lessons, "en", load) == "c"
    assert len(calls) == 1 and not list(tmp_path.glob(".*.tmp"))


def test_the_real_course_read_back_teaches_exactly_what_was_checked(cache):
    lessons = ROOT / "lessons"
    fresh = kc.kept_course(lessons, "fr", lambda: load_course(lessons, lang="fr"))
    back = kc.kept_course(lessons, "fr", lambda: pytest.fail("checked again instead of read back"))
    assert back is not fresh and back.ids == fresh.ids and back.problems == fresh.problems
    assert back.ids and not back.problems
    for a, b in zip(fresh.lessons, back.lessons):
        assert (a.title, a.summary, a.number, a.skills) == (b.title, b.summary, b.number, b.skills)
        for sa, sb in zip([*a.steps, *a.quiz], [*b.steps, *b.quiz]):
            assert alike(sa, sb)


def alike(a, b) -> bool:
    """Equal field by field, the checker's private fields too (a measurements table compares by its data)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Measures):
        return vars(a) == vars(b)
    if isinstance(a, BaseModel):
        fields = [*type(a).model_fields, *(a.__pydantic_private__ or {})]
        return all(alike(getattr(a, k), getattr(b, k)) for k in fields)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(alike(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(alike(a[k], b[k]) for k in a)
    return a == b
