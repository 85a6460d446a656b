"""Export and import of one learner's progress as JSON."""

import json
from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress import AnswerRecord
from tutor.progress.transfer import export_learner, import_learner

T0 = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)


def _fill(store):
    ana = store.create_learner("Ana")
    store.record_answer(ana.id, AnswerRecord("legal-play", "legal", 11, {"players": 5, "difficulty": 2}, "T16 EX",
                                             False, 0.5, 21.0, True, "drill"), at=T0)
    store.record_answer(ana.id, AnswerRecord("scoring", "score", 12, {"players": 4}, "198", True, 1.0), at=T0)
    store.finish_lesson(ana.id, "the-deck", at=T0)
    store.record_puzzle(ana.id, "overtrump-1", solved=True, credit=1.0, answer="T9", seconds=30.0, at=T0,
                        difficulty=2)
    store.set_review(ana.id, True, now=T0)
    return ana


def test_export_then_import_gives_the_same_progress(store):
    ana = _fill(store)
    data = json.loads(json.dumps(export_learner(store, ana.id)))  # through real JSON text
    assert data["learner"]["name"] == "Ana" and data["learner"]["review_enabled"] is True
    assert len(data["answers"]) == 2 and data["answers"][0]["params"] == {"players": 5, "difficulty": 2}
    copy = import_learner(store, json.dumps(data), name="Ana at the club")
    assert copy.name == "Ana at the club" and copy.review_enabled

    def shape(lid):
        return ([(a.skill, a.kind, a.seed, a.params, a.answer, a.correct, a.credit, a.seconds, a.hints_used,
                  a.source, a.answered_at) for a in store.answers(lid)],
                store.lessons_done(lid), store.puzzles_solved(lid),
                [(c.skill, c.due, c.reviews) for c in store.review_cards(lid)], store.puzzle_rating(lid))
    assert shape(copy.id) == shape(ana.id)
    assert store.puzzle_rating(copy.id)[1] == 1 and store.puzzle_rating(copy.id)[0].rating > 1500
    assert shape(ana.id)[0][0][-1] == T0


def test_a_file_from_before_the_rating_still_imports(store):
    ana = _fill(store)
    data = export_learner(store, ana.id)
    del data["puzzle_rating"]
    copy = import_learner(store, data, name="Ana before ratings")
    assert store.puzzle_rating(copy.id)[1] == 0


def test_import_under_a_taken_name_is_refused_and_changes_nothing(store):
    ana = _fill(store)
    data = export_learner(store, ana.id)
    with pytest.raises(ValueError, match="already a learner called “Ana”"):
        import_learner(store, data)
    assert [p.name for p in store.learners()] == ["Ana"]


@pytest.mark.parametrize(("raw", "message"), [
    (b"{not json", "not a JSON file"),
    (json.dumps({"hello": 1}), "not a Tarot Tutor progress file"),
    (json.dumps([1, 2]), "not a Tarot Tutor progress file"),
])
def test_files_that_are_not_progress_files(store, raw, message):
    with pytest.raises(ValueError, match=message):
        import_learner(store, raw)
    assert store.learners() == []


def test_a_bad_row_is_named_and_nothing_is_half_imported(store):
    ana = _fill(store)
    data = export_learner(store, ana.id)
    data["answers"][1]["credit"] = 7  # credit runs from 0 to 1
    with pytest.raises(ValueError, match=r"answers\.1\.credit.*Nothing was imported"):
        import_learner(store, data, name="Bob")
    data["answers"][1]["credit"] = 1
    data["answers"][0]["answered_at"] = "2026-04-01T18:00:00"  # no time zone: refused, times are UTC
    with pytest.raises(ValueError, match=r"answers\.0\.answered_at"):
        import_learner(store, data, name="Bob")
    assert [p.name for p in store.learners()] == ["Ana"]
    assert store.count_answers() == 2


def test_import_keeps_utc_instants(store):
    ana = _fill(store)
    data = export_learner(store, ana.id)
    data["answers"][0]["answered_at"] = "2026-04-01T20:00:00+02:00"
    copy = import_learner(store, data, name="Cy")
    assert store.answers(copy.id)[0].answered_at == T0
    assert store.answers(copy.id)[0].answered_at - T0 == timedelta(0)
