"""Who plays a match: the policies by name, the advisor seeing only its seat's view, and a recorded match going
on to the same figures."""

from __future__ import annotations

import pytest

from tutor.engine import SeatView, TarotError
from tutor.strategy.bots import POLICIES, policy, reference
from tutor.strategy.match import players as seated
from tutor.strategy.match.boards import board_seed, play_board, run_match, seat_score
from tutor.strategy.match.players import Cast, Lineup
from tutor.strategy.match.record import Record


def test_the_policies_by_name():
    assert POLICIES["bots"] is policy.decide and POLICIES["reference"] is reference.decide
    assert Cast.parse(" reference ").name == "reference" and Cast.parse("advisor").program is None
    assert Cast.parse("cmd:./my bot 'two words'").program == ["./my", "bot", "two words"]
    for bad in ("", "robots", "cmd:", "cmd:'unclosed"):
        with pytest.raises(TarotError):
            Cast.parse(bad)


def test_the_advisor_is_handed_its_seat_view_only(monkeypatch):
    """The advisor decides from ``SeatView`` of its own seat (never the Deal): every call is checked."""
    calls = []
    real = seated.advisor_move

    def spy(view, budget_ms, seed):
        assert isinstance(view, SeatView) and view.to_act == view.seat
        calls.append(view.seat)
        return real(view, budget_ms, seed)

    monkeypatch.setattr(seated, "advisor_move", spy)
    play_board(3, board_seed(4, 0), advisor_seat=1, budget_ms=2)
    assert calls and set(calls) == {1}


def test_a_lineup_of_bot_policies_scores_the_seat_against_the_others():
    """``--seat reference --others bots``: each gain is the reference bots' score in a seat minus the bots' in
    that seat, both worked out here by playing the boards."""
    lineup = Lineup(seat="reference", others="bots")
    out = run_match(4, 2, 5, lineup=lineup)
    gains = []
    for board in range(2):
        s = board_seed(5, board)
        base = play_board(4, s, lineup=Lineup(seat="bots", others="bots"))
        for seat in range(4):
            mine = play_board(4, s, advisor_seat=seat, lineup=lineup)
            gains.append(seat_score(mine, seat) - seat_score(base, seat))
    assert out["deals"] == 8 and out["gain_per_deal"] == round(sum(gains) / 8, 2)
    assert "faults" not in out  # no program in the lineup


def test_a_recorded_match_goes_on_to_the_same_figures(tmp_path):
    """Stopped after 2 boards of 3, then started again with the same file: only board 2 is played, and the
    figures are those of the whole match played at once; another lineup in the same file is left alone."""
    path = tmp_path / "match.jsonl"
    lineup = Lineup(seat="reference", budget_ms=2)
    run_match(3, 2, 7, lineup=lineup, record=Record(path, 3, 7, lineup))
    run_match(3, 1, 7, budget_ms=2, record=Record(path, 3, 7, Lineup(budget_ms=2)))  # the default lineup
    again = Record(path, 3, 7, lineup)
    assert sorted(again.done) == [0, 1]
    played = []
    out = run_match(3, 3, 7, lineup=lineup, record=again, on_board=lambda b, rows: played.append(b))
    assert played == [2] and out == run_match(3, 3, 7, lineup=lineup)
    assert sorted(Record(path, 3, 7, Lineup(budget_ms=2)).done) == [0]


def test_a_record_from_before_the_lineups_still_resumes(tmp_path):
    """bench/match.py's lines carry no lineup: they are the default one's (the advisor against the bots)."""
    path = tmp_path / "old.jsonl"
    path.write_text('{"players": 3, "seed": 7, "budget": 2, "board": 0, "rows": [[0, 0, 5, 0, "attack"]]}\n',
                    encoding="utf-8")
    assert sorted(Record(path, 3, 7, Lineup(budget_ms=2)).done) == [0]
    assert Record(path, 3, 7, Lineup(seat="bots", budget_ms=2)).done == {}
    path.write_text("not json\n", encoding="utf-8")
    with pytest.raises(TarotError):
        Record(path, 3, 7, Lineup())
