"""The table drawing beside a question names its seats in the learner's language: on a French page "Joueur 3",
as its caption says, never the English "Seat 3" (seen in the browser on a puzzle, issue 38's screenshots)."""

from __future__ import annotations

from apptest_helpers import french_page

from tutor.ui.common.data import puzzles


def test_a_french_puzzle_draws_its_table_with_french_seat_names():
    puzzle = next(p for p in puzzles() if p.to_question().context.get("table"))
    at = french_page("puzzles", puzzle=puzzle.id)
    assert not at.exception
    pictures = [m.value for m in at.markdown if "<svg" in m.value or "<img" in m.value]
    drawn = "".join(pictures)
    assert "Joueur 1" in drawn and "Seat 1" not in drawn and "Seat " not in drawn
