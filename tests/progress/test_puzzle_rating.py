"""The puzzle rating: Glickman's published Glicko-2 example, updates on solved / failed / revealed puzzles, and
the rating kept in the progress store (SQLite, and PostgreSQL with TUTOR_TEST_DATABASE_URL)."""

import math
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tutor.progress.rating import (
    MAX_RD,
    MIN_RD,
    PUZZLE_RATINGS,
    Rating,
    after_puzzle,
    expected_score,
    nearest,
    update,
)

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": a 1500 / 200 / 0.06 player beats a 1400 (RD 30), loses to a
    1550 (RD 100) and to a 1700 (RD 300), with tau 0.5. Published: mu' = -0.2069, phi' = 0.8722,
    sigma' = 0.05999, so r' = 1464.06 and RD' = 151.52 (the paper rounds each step to 4 decimals)."""
    r = update(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert round((r.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(r.rd / 173.7178, 4) == 0.8722
    assert abs(r.volatility - 0.05999) < 0.00001  # 0.0599960 here
    assert abs(r.rating - 1464.06) < 0.02 and round(r.rd, 2) == 151.52


def test_the_examples_intermediate_quantities():
    # Step 3 and 4 of the paper: v = 1.7785, delta = -0.4834 (on the Glicko-2 scale).
    mu, phi = 0.0, 200 / 173.7178
    g = [1 / math.sqrt(1 + 3 * (rd / 173.7178) ** 2 / math.pi ** 2) for rd in (30, 100, 300)]
    assert [round(x, 4) for x in g] == [0.9955, 0.9531, 0.7242]
    e = [expected_score(Rating(1500, 200), r, rd) for r, rd in ((1400, 30), (1550, 100), (1700, 300))]
    assert [round(x, 3) for x in e] == [0.639, 0.432, 0.303]
    v = 1 / sum(gj * gj * ej * (1 - ej) for gj, ej in zip(g, e))
    assert abs(v - 1.7785) < 0.001  # the paper's rounded E values give 1.7785
    assert abs(v * sum(gj * (s - ej) for gj, ej, s in zip(g, e, (1, 0, 0))) - -0.4834) < 0.001
    assert mu == 0 and phi > 1  # the player's own start on that scale


def test_no_game_only_widens_the_deviation():
    r = update(Rating(1500, 200, 0.06), [])
    assert r.rating == 1500 and round(r.rd, 2) == round(173.7178 * math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2), 2)


def test_solved_raises_failed_lowers_and_harder_puzzles_count_more():
    new = Rating()
    easy_win, hard_win = after_puzzle(new, 1, True), after_puzzle(new, 3, True)
    easy_loss, hard_loss = after_puzzle(new, 1, False), after_puzzle(new, 3, False)
    assert easy_win.rating > 1500 and hard_win.rating > easy_win.rating
    assert hard_loss.rating < 1500 and easy_loss.rating < hard_loss.rating
    assert all(r.rd < new.rd for r in (easy_win, hard_win, easy_loss, hard_loss))  # every game teaches something


@given(st.lists(st.tuples(st.sampled_from((1, 2, 3)), st.booleans()), max_size=40))
def test_ratings_stay_bounded(results):
    r = Rating()
    for stars, solved in results:
        r = after_puzzle(r, stars, solved)
        assert MIN_RD <= r.rd <= MAX_RD
        assert 0 < r.volatility < 1
        assert -1000 < r.rating < 4000


def test_next_puzzle_is_the_nearest_in_rating():
    candidates = [("easy", 1), ("mid", 2), ("hard", 3)]
    assert nearest(candidates, 1250) == "easy"
    assert nearest(candidates, 1700) == "hard"
    assert nearest(candidates, PUZZLE_RATINGS[2] + 10) == "mid"


# ---------------------------------------------------------------- in the store


def test_store_rates_first_attempts_only(store):
    me = store.default_learner()
    assert store.puzzle_rating(me.id) == (Rating(), 0)
    first = store.record_puzzle(me.id, "p1", solved=True, credit=1.0, answer="KH", at=T0, difficulty=2)
    assert first == after_puzzle(Rating(), 2, True)
    # Trying the same puzzle again is kept as an attempt but not rated.
    assert store.record_puzzle(me.id, "p1", solved=False, credit=0.0, at=T0 + timedelta(minutes=1),
                               difficulty=2) is None
    rated, count = store.puzzle_rating(me.id)
    assert count == 1 and math.isclose(rated.rating, first.rating) and math.isclose(rated.rd, first.rd)
    # A failed puzzle (or a solution shown first, saved the same way) lowers it from there.
    second = store.record_puzzle(me.id, "p2", solved=False, credit=0.0, answer="(solution shown)",
                                 at=T0 + timedelta(minutes=2), difficulty=1)
    assert math.isclose(second.rating, after_puzzle(first, 1, False).rating)
    rated, count = store.puzzle_rating(me.id)
    assert count == 2 and math.isclose(rated.rating, second.rating) and rated.rating < first.rating
    # Without a difficulty (an old caller) nothing is rated; the attempts are all kept.
    assert store.record_puzzle(me.id, "p3", solved=True, credit=1.0, at=T0 + timedelta(minutes=3)) is None
    assert store.puzzle_rating(me.id)[1] == 2
    assert set(store.puzzles_solved(me.id)) == {"p1", "p3"}


def test_ratings_are_per_learner(store):
    me, ana = store.default_learner(), store.create_learner("Ana")
    store.record_puzzle(me.id, "p1", solved=True, credit=1.0, at=T0, difficulty=3)
    assert store.puzzle_rating(ana.id) == (Rating(), 0)
    store.record_puzzle(ana.id, "p1", solved=False, credit=0.0, at=T0, difficulty=3)  # her first try: rated
    assert store.puzzle_rating(ana.id)[0].rating < 1500 < store.puzzle_rating(me.id)[0].rating
