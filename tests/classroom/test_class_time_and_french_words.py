"""Issue 37, smaller points: the dashboard's time in minutes and seconds (813.1 s was shown as "813.1"), and the
French class CSV naming each question's type and skill in French words, not the ids ``own``, ``scoring``,
``excuse``, ``bidding``."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from tutor import i18n
from tutor.classroom import stats
from tutor.classroom.store import Mark, Player, Tallies

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_the_time_is_in_minutes_and_seconds():
    # by hand: 813.1 s = 13 x 60 + 33.1; 59.6 s rounds to a whole minute; 3725 s = 1 h 2 min 5 s
    assert [stats.duration(s) for s in (813.1, 33.3, 59.6, 60, 3725, None)] == [
        "13 min 33 s", "33 s", "1 min 0 s", "1 min 0 s", "1 h 2 min", "—"]
    with i18n.using("fr"):
        assert stats.duration(813.1) == "13 min 33 s"


def test_the_dashboard_shows_the_time_in_minutes_and_seconds():
    quiz = SimpleNamespace(questions=[object()])
    t = Tallies(learners=(("Ann", 1, 1, 1.0, T0, T0 + timedelta(seconds=813.1), 1),), questions={})
    (row,) = stats.learner_table(quiz, t, {(1, 0): 1.0})
    assert row["time"] == "13 min 33 s" and "time (s)" not in row
    with i18n.using("fr"):
        (row,) = stats.learner_table(quiz, t, {(1, 0): 1.0})
    assert row["temps"] == "13 min 33 s"


def test_the_french_csv_names_types_and_skills_in_french_the_english_keeps_the_ids():
    quiz = SimpleNamespace(questions=[SimpleNamespace(kind="own", skill="scoring"),
                                      SimpleNamespace(kind="excuse", skill="excuse"),
                                      SimpleNamespace(kind="bidding", skill="bidding")])
    players = [Player(1, 1, "Ann", "t1", T0, None)]
    marks = [Mark(1, n, "a", True, 1.0, T0 + timedelta(seconds=n)) for n in range(3)]
    rows = list(csv.reader(io.StringIO(stats.to_csv(quiz, players, marks, french=True).removeprefix("\ufeff")),
                           delimiter=";"))
    assert [(r[2], r[3]) for r in rows[1:]] == [
        ("Question du professeur", "La marque d’une donne"),
        ("L’Excuse et le dernier pli", "L’Excuse\u00a0: à qui elle revient, l’échange, le dernier pli"),
        ("Les enchères", "Les enchères\u00a0: les contrats, l’ordre de parole, monter sur une enchère")]
    ids = {"own", "scoring", "excuse", "bidding"}
    assert not ids & {c for r in rows[1:] for c in r[2:4]}
    english = list(csv.reader(io.StringIO(stats.to_csv(quiz, players, marks))))
    assert [(r[2], r[3]) for r in english[1:]] == [("own", "scoring"), ("excuse", "excuse"), ("bidding", "bidding")]
