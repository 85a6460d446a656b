"""The learner's puzzle rating: Glicko-2 (Glickman), as on chess puzzle sites.

Each rated puzzle attempt is one rating period with one game: the learner "plays" the puzzle and wins
when it is solved, loses when it is failed or its solution was shown first. Only the first attempt at a
puzzle is rated (trying again after seeing the answer proves nothing).

A puzzle's rating is **fixed** by its difficulty (``PUZZLE_RATINGS``): a personal database holds one
or a few learners, far too few attempts to move a puzzle's rating reliably, and fixed ratings keep
every learner's number on one scale. Their deviation is small (``PUZZLE_RD``): they are known.

We implement the system from Glickman's "Example of the Glicko-2 system" (2013) instead of using the
``glicko2`` package: its last release computes the volatility step with the rating where the paper has
the deviation, and it is a mutable class; this is forty lines of pure functions, and a test reproduces
the paper's worked example.

>>> r = update(Rating(), [(PUZZLE_RATINGS[2], PUZZLE_RD, 1.0)])   # a new learner solves a 2-star puzzle
>>> round(r.rating), round(r.rd), r.rating > 1500
(1675, 249, True)
>>> expected_score(Rating(1500, 60), 1500, 60)
0.5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's factor between the Glicko scale and its own
TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 0.000001  # the convergence tolerance of the volatility step
START = (1500.0, 350.0, 0.06)  # an unrated learner
MIN_RD, MAX_RD = 45.0, 350.0  # a learner's rating keeps moving a little; never less known than a newcomer
PUZZLE_RATINGS = {1: 1200.0, 2: 1500.0, 3: 1800.0}  # by difficulty (one, two or three stars)
PUZZLE_RD = 60.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the usual scale: rating, deviation (RD) and volatility."""

    rating: float = START[0]
    rd: float = START[1]
    volatility: float = START[2]

    @property
    def low(self) -> float:
        """The bottom of the 95% interval (rating - 2 RD)."""
        return self.rating - 2 * self.rd

    @property
    def high(self) -> float:
        return self.rating + 2 * self.rd


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, rating: float, rd: float) -> float:
    """The chance (Glicko-2's E) that ``player`` beats, here solves, an opponent (a puzzle)."""
    return _e((player.rating - 1500) / SCALE, (rating - 1500) / SCALE, rd / SCALE)


def update(player: Rating, games: list[tuple[float, float, float]], tau: float = TAU, *,
           clamp: bool = False) -> Rating:
    """The rating after one rating period: ``games`` are (opponent rating, opponent RD, score 0/0.5/1).

    Steps 1-8 of Glickman's example; with no game only the deviation grows (step 6). ``clamp`` keeps
    the deviation between ``MIN_RD`` and ``MAX_RD`` (the app's setting; the paper has no bounds)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.volatility
    if not games:
        new = Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
        return _clamped(new) if clamp else new
    opp = [((r - 1500) / SCALE, rd / SCALE, s) for r, rd, s in games]
    v = 1 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in opp)  # step 3
    total = sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
    delta = v * total  # step 4
    sigma2 = _volatility(delta, phi, v, sigma, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)  # step 6
    phi2 = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    mu2 = mu + phi2 * phi2 * total
    new = Rating(SCALE * mu2 + 1500, SCALE * phi2, sigma2)  # step 8
    return _clamped(new) if clamp else new


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = big_c, fc
    return math.exp(big_a / 2)


def _clamped(r: Rating) -> Rating:
    return Rating(r.rating, min(MAX_RD, max(MIN_RD, r.rd)), r.volatility)


def puzzle_rating(difficulty: int) -> float:
    """A puzzle's (fixed) rating from its stars.

    >>> puzzle_rating(1), puzzle_rating(3)
    (1200.0, 1800.0)
    """
    return PUZZLE_RATINGS[difficulty]


def after_puzzle(player: Rating, difficulty: int, solved: bool) -> Rating:
    """The learner's rating after one rated attempt (solved, or failed / solution shown).

    >>> new = Rating()
    >>> after_puzzle(new, 1, False).rating < 1500 < after_puzzle(new, 3, True).rating
    True
    """
    return update(player, [(puzzle_rating(difficulty), PUZZLE_RD, 1.0 if solved else 0.0)], clamp=True)


def nearest(candidates, rating: float) -> str | None:
    """The id of the candidate puzzle whose rating is nearest the learner's; ties go to the first in list
    order (the page lists them from the one after the current puzzle, so "next" moves on).
    ``candidates`` are (id, difficulty) in list order.

    >>> nearest([("a", 1), ("b", 2), ("c", 3)], 1450)
    'b'
    >>> nearest([("a", 2), ("b", 2), ("c", 2)], 1500)
    'a'
    >>> nearest([], 1500) is None
    True
    """
    items = list(candidates)
    if not items:
        return None
    return min(items, key=lambda it: abs(puzzle_rating(it[1]) - rating))[0]
