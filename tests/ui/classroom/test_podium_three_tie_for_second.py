"""Issue 37: with three learners tied for 2nd the podium showed an empty bronze step, as if someone were
missing. A step nobody stands on, with nobody below it, is not drawn; one above a learner keeps the shape."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from tutor.classroom import stats
from tutor.classroom.store import Tallies
from tutor.ui.classroom import stage

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def tallies(rows) -> Tallies:
    return Tallies(tuple((name, 3, 0, float(score), T0, T0 + timedelta(seconds=sec), i)
                         for i, (name, score, sec) in enumerate(rows)), {})


def labels(body: str) -> list[str]:
    return re.findall(r'<div class="tt-block tt-block-\d"[^>]*>(\w+)</div>', body)


def test_three_tied_for_second_leave_no_empty_bronze_step():
    # by hand: Ann 3 is 1st; Bob, Cleo, Dan 2 share 2nd; so nobody is 3rd
    body = stage.podium(stats.steps(tallies([("Ann", 3, 9), ("Bob", 2, 9), ("Cleo", 2, 8), ("Dan", 2, 7)])))
    assert labels(body) == ["2nd", "1st"] and "tt-empty" not in body and "tt-bronze" not in body
    assert body.count('class="tt-pname"') == 4


def test_an_empty_step_above_a_learner_keeps_the_podiums_shape():
    # two firsts and a third: the 2nd step stays, empty, between them
    body = stage.podium(stats.steps(tallies([("Ann", 3, 9), ("Bob", 3, 8), ("Cleo", 1, 9)])))
    assert labels(body) == ["2nd", "1st", "3rd"] and body.count("tt-empty") == 1


def test_two_learners_stand_on_two_steps():
    body = stage.podium(stats.steps(tallies([("Ann", 3, 9), ("Bob", 2, 9)])))
    assert labels(body) == ["2nd", "1st"]
