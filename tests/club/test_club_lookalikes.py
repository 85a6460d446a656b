"""Issue 39: a club game's and a tournament's players cannot be two names that draw alike, nor hold
invisible or formatting characters."""

from __future__ import annotations

import pytest

from tutor.club import duplicate_csv
from tutor.club.duplicate_setup import make_setup
from tutor.club.game import GameError, check_players
from tutor.engine import TarotError


@pytest.mark.parametrize("twin", ["Ann\u0430", "ANNA", "\u0410nna"])
def test_two_players_who_look_alike_are_refused(twin):
    with pytest.raises(GameError, match="two players"):
        check_players(["Anna", "Bo", twin, "Cy"])
    assert check_players(["Anna", "Bo", "Anne", "Cy"])  # another name


@pytest.mark.parametrize("name", ["Bo\u200b", "\u202eoB", "B\u00ado", "Bo\ufe0f"])
def test_invisible_characters_are_refused_in_a_player_name(name):
    with pytest.raises(GameError):
        check_players(["Anna", name, "Cy", "Di"])


def test_a_tournament_refuses_lookalike_and_hidden_names():
    def lines(second: str):
        return [["Anna", "Eve"], [second, "Fay"], ["Cy", "Gus"], ["Di", "Hal"]]
    assert make_setup(2, 2, per_round=1, lines=lines("Bo"))
    with pytest.raises(TarotError, match="named twice"):
        make_setup(2, 2, per_round=1, lines=lines("Ann\u0430"))
    with pytest.raises(TarotError, match="invisible"):
        make_setup(2, 2, per_round=1, lines=lines("B\u202eo"))


def test_a_tournament_csv_refuses_a_hidden_name():
    good = duplicate_csv.to_csv(())  # the header the app writes
    with pytest.raises(duplicate_csv.DuplicateError, match="invisible"):
        duplicate_csv._name("B\u200bo", "N", 2)
    assert good
