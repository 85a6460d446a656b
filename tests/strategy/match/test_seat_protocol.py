"""The seat protocol: a whole match against a small outside program (tests/fixtures/seat_program.py), its wrong
answers counted and replaced, and nothing shown to it that its seat may not see."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tutor.engine import Deal, Phase, parse_action
from tutor.strategy.bots.policy import decide
from tutor.strategy.match.boards import board_seed, play_board, run_match, seat_score
from tutor.strategy.match.players import Lineup, close_seatings
from tutor.strategy.match.protocol import FAULTS, legal_actions

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PROGRAM = ROOT / "tests" / "fixtures" / "seat_program.py"


def program(*args: str) -> str:
    return f"cmd:{sys.executable} {PROGRAM} {' '.join(args)}"


def messages(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def test_a_whole_match_against_a_program_is_played_and_scored_like_any_other(tmp_path):
    """Two boards, the program in each seat in turn: every decision it was asked came back legal (no fault),
    and each seat's gain is its score with the program there minus the bots' in the same seat, replayed here
    from the logs the program was sent."""
    log = tmp_path / "seen.jsonl"
    lineup = Lineup(seat=program("--seed", "5", "--log", str(log)))
    out = run_match(3, 2, 9, lineup=lineup)
    assert out["boards"] == 2 and out["deals"] == 6
    faults = out["faults"]["seat"]
    assert faults["decisions"] > 2 * 3 * 8 and all(faults[k] == 0 for k in FAULTS)
    seen = messages(log)
    assert seen[0]["type"] == "hello" and seen[0]["protocol"] == 1 and seen[-1] == {"type": "bye"}
    deals = [m for m in seen if m["type"] == "deal"]
    results = [m for m in seen if m["type"] == "result"]
    assert [(d["board"], d["seat"]) for d in deals] == [(b, s) for b in range(2) for s in range(3)]
    gains = []
    for d, r in zip(deals, results):
        s = board_seed(9, d["board"])
        mine = Deal.new(3, seed=s, dealer=s % 3)
        for text in r["log"]:
            mine.apply(parse_action(text))  # the log the program was sent is the deal played
        assert mine.phase in (Phase.DONE, Phase.CANCELLED) and seat_score(mine, d["seat"]) == r["score"]
        gains.append(r["score"] - seat_score(play_board(3, s, lineup=Lineup()), d["seat"]))
    decided = [m for m in seen if m["type"] == "decide"]
    assert all(m["legal"] or m["view"]["phase"] == "ecart" for m in decided)
    assert out["gain_per_deal"] == round(sum(gains) / 6, 2)


def test_a_seeded_match_with_a_program_is_reproducible():
    lineup = Lineup(seat=program("--seed", "2"), others="reference")
    assert run_match(3, 2, 4, lineup=lineup) == run_match(3, 2, 4, lineup=lineup)


def test_wrong_answers_are_counted_and_replaced_by_the_bots_move(tmp_path):
    """The program's first seven decisions go wrong in known ways (see the fixture): one not JSON, one for
    another seat, one late, one with chatter before a good answer, three unreadable; each bad one is counted by
    kind and the deal goes on with the bots' move instead (the match ends normally)."""
    out = run_match(3, 1, 10, lineup=Lineup(seat=program("--mode", "bad"), time_limit=1.0))  # deals the bots play
    faults = out["faults"]["seat"]
    assert faults["malformed"] == 4 and faults["illegal"] == 1 and faults["late"] == 1 and faults["gone"] == 0
    assert out["deals"] == 3


def test_a_wrong_answer_gives_the_bots_move(tmp_path):
    """Replaced means replaced by exactly the bots' move: the first decision of a deal answered with garbage
    is the bots' bid there."""
    log = tmp_path / "seen.jsonl"
    lineup = Lineup(seat=program("--mode", "bad", "--log", str(log)), time_limit=1.0)
    s = board_seed(9, 0)
    deal = play_board(3, s, advisor_seat=0, lineup=lineup)
    close_seatings()
    first = next(m for m in messages(log) if m["type"] == "decide")
    fresh = Deal.new(3, seed=s, dealer=s % 3)
    while fresh.to_act != 0:
        fresh.apply(deal.log[len(fresh.log)])
    assert deal.log[len(fresh.log)] == decide(fresh.view(0)).action
    assert first["view"]["hand"] == [c.code for c in fresh.view(0).hand]


def test_a_program_that_stops_loses_every_decision_left():
    out = run_match(3, 1, 9, lineup=Lineup(seat=program("--mode", "quit")))
    faults = out["faults"]["seat"]
    assert faults["gone"] == faults["decisions"] - 3 and faults["gone"] > 20
    assert faults["late"] + faults["malformed"] + faults["illegal"] == 0


def test_programs_in_the_other_seats_one_process_each(tmp_path):
    """``--others cmd:...``: one process per seat; its faults are counted on the others' side."""
    logs = tmp_path / "others.jsonl"
    out = run_match(3, 1, 9, lineup=Lineup(seat="bots", others=program("--log", str(logs))))
    assert set(out["faults"]) == {"others"} and out["faults"]["others"]["illegal"] == 0
    hellos = [m for m in messages(logs) if m["type"] == "hello"]
    assert len(hellos) == 3  # seats 0, 1 and 2 each have their own program


def _hidden(deal: Deal, seat: int) -> set[str]:
    """Every card ``seat`` may not see now, worked out from the deal itself: the others' hands, the dog and the
    écart, less what the table was shown (the called card, poignées, the dog turned up, the écart's trumps)
    and less, for the taker, its own écart."""
    unseen = {c for s in range(deal.players) if s != seat for c in deal.hand(s)} | set(deal.dog) | set(deal.ecart)
    shown = {c for _s, cards, _l in deal.poignees for c in cards} | {c for c in deal.ecart if c.is_trump}
    shown |= set(deal.dog) if deal.dog_visible() else set()
    shown |= {deal.called} if deal.called else set()
    shown |= set(deal.ecart) if seat == deal.taker else set()
    return {c.code for c in unseen - shown - set(deal.hand(seat))}


def _codes(message) -> set[str]:
    """Every word of a message that could be a card (actions split into their parts)."""
    words: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            for part in x.replace(",", ":").split(":"):
                words.add(part)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(message)
    return words


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_view_sent_holds_no_card_the_seat_cannot_see(tmp_path, players):
    """Each decision the program was sent, matched with the deal replayed to that moment: no hidden card is in
    it (but the kings a 5-player taker may call, named as its choices), its hand is ``Deal.view(seat)``'s, and
    its legal actions are all the engine accepts there."""
    log = tmp_path / "seen.jsonl"
    run_match(players, 1, 10, lineup=Lineup(seat=program("--seed", "1", "--log", str(log))))  # deals the bots play
    seen = messages(log)
    checked = 0
    for i, m in enumerate(seen):
        if m["type"] != "deal":
            continue
        seat, s = m["seat"], board_seed(10, m["board"])
        block = seen[i + 1:]
        block = block[:next(k for k, x in enumerate(block) if x["type"] == "result") + 1]
        log_played = [parse_action(t) for t in block[-1]["log"]]
        deal = Deal.new(players, seed=s, dealer=s % players)
        for asked in (x for x in block if x["type"] == "decide"):
            while deal.to_act != seat:  # the deal up to this seat's next decision
                deal.apply(log_played[len(deal.log)])
            named = asked["view"] if asked["view"]["phase"] == "calling" else asked  # a king to call is no sight
            assert not _codes(named) & _hidden(deal, seat)
            view = deal.view(seat)
            assert asked["view"]["hand"] == [c.code for c in view.hand]
            assert asked["view"]["to_act"] == seat and asked["legal"] == legal_actions(view)
            assert all(deal.can(parse_action(a)) for a in asked["legal"])
            deal.apply(log_played[len(deal.log)])
            checked += 1
    assert checked > 3 * 10


def test_boards_in_two_processes_start_a_program_each_and_add_up_their_faults():
    """``jobs=2``: each process playing boards starts its own program (a program keeps what it has seen, so the
    figures are those of one process only for a program that does not), and their faults are added up: the
    fixture's first seven decisions go wrong once in each process."""
    out = run_match(3, 2, 10, lineup=Lineup(seat=program("--mode", "bad"), time_limit=1.0), jobs=2)
    faults = out["faults"]["seat"]
    assert (faults["malformed"], faults["illegal"], faults["late"]) == (8, 2, 2) and out["boards"] == 2
