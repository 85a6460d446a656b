"""Issue 39: with “Anna” in a quiz, names that draw like hers are refused (they would take her place on
the dashboard and the projector, and a right-to-left override would turn the CSV around)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tutor.classroom import roster
from tutor.classroom.store import ClassError, ClassStore, Reason

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HIDDEN = ["Anna\u200b", "\u202eannA", "A\u00adnna", "Anna\u2060", "\u202bAnna\u202c", "\u202eevil\u202c",
          "Anna\ufe0f", "Anna\u2066"]
LOOKALIKES = ["Ann\u0430", "\u0410nna", "ANNA", "Ａｎｎａ"]  # Cyrillic а, Cyrillic А, upper case, full width


@pytest.fixture
def quiz(store):
    cs = ClassStore(store.engine, store.where)
    quiz = cs.create(title="Week 4", kinds=["count"], count=1, seed=5, now=T0)
    cs.join(quiz.code, "Anna", now=T0)
    return cs, quiz


@pytest.mark.parametrize("name", HIDDEN)
def test_invisible_and_direction_characters_are_refused(quiz, name):
    cs, q = quiz
    with pytest.raises(ClassError) as err:
        cs.join(q.code, name, now=T0)
    assert err.value.reason is Reason.BAD_INPUT and "invisible or formatting" in str(err.value)


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_name_that_looks_like_annas_is_taken(quiz, name):
    cs, q = quiz
    with pytest.raises(ClassError) as err:
        cs.join(q.code, name, now=T0)
    assert err.value.reason is Reason.NAME_TAKEN


def test_other_names_still_join_and_a_rename_cannot_make_a_lookalike(quiz):
    cs, q = quiz
    for name in ("Anne", "Ana", "Léa", "Lea", "Zoé Martin", "Μαρία", "Мария"):  # accents and scripts of their own
        cs.join(q.code, name, now=T0)
    _, bo = cs.join(q.code, "Bo", now=T0)
    with pytest.raises(ClassError) as err:
        roster.rename(cs, q.id, bo.id, "Ann\u0430")
    assert err.value.reason is Reason.NAME_TAKEN
    with pytest.raises(ClassError):
        roster.rename(cs, q.id, bo.id, "B\u200bo")
    assert roster.rename(cs, q.id, bo.id, "BO") == "BO"  # their own name in another case is theirs
