"""Guided hands: every file validates, plays to its end with its decisions, and bad files name their line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engine import EXCUSE, PETIT, Phase
from tutor.practice.guided import check_guided_file, load_guided, read_guided_file
from tutor.practice.guided_run import GuidedRun

ROOT = Path(__file__).resolve().parents[2]
GUIDED = ROOT / "puzzles" / "guided"
HANDS, PROBLEMS = load_guided(GUIDED)
BY_ID = {h.id: h for h in HANDS}


def test_the_guided_hands_load_cleanly_and_cover_the_themes():
    assert PROBLEMS == []
    assert len(HANDS) >= 6
    assert {"hunting-the-petit", "saving-the-petit", "excuse-before-the-last-trick", "petit-au-bout",
            "defence-poignee", "five-player-partner"} <= set(BY_ID)
    assert all(h.decisions() for h in HANDS), "every guided hand asks the learner at least one decision"


def test_each_theme_really_happens_in_its_deal():
    pab = BY_ID["petit-au-bout"].finished_deal().result()
    assert pab.petit_au_bout == "attack"
    hunt = BY_ID["hunting-the-petit"].finished_deal()
    petit_trick = next(t for t in hunt.tricks if PETIT in t.cards)
    assert hunt.camp(petit_trick.winner) == "attack" and petit_trick.seats[petit_trick.cards.index(PETIT)] != 0
    save = BY_ID["saving-the-petit"].finished_deal()
    assert save.camp(next(t for t in save.tricks if PETIT in t.cards).winner) == "defence"
    poignee = BY_ID["defence-poignee"].finished_deal()
    assert poignee.poignees[0][0] == 0 and poignee.camp(0) == "defence" and not poignee.result().score.won
    five = BY_ID["five-player-partner"].finished_deal()
    assert five.players == 5 and five.partner == 0
    ex = BY_ID["excuse-before-the-last-trick"].finished_deal()
    assert EXCUSE not in ex.tricks[-1].cards and EXCUSE in ex.tricks[-2].cards


@pytest.mark.parametrize("gid", sorted(BY_ID))
def test_a_guided_hand_is_played_to_its_end(gid):
    hand = BY_ID[gid]
    run = GuidedRun.start(hand)
    decisions = wrong_tried = 0
    while not run.finished:
        want = run.expected()
        assert want is not None
        legal = run.deal.legal_cards(hand.seat)
        moment = run.decision()
        if moment is not None:
            decisions += 1
            assert moment in run.revealed()  # the question is on screen before the answer
            others = [c for c in legal if c is not want]
            if others:
                v = run.try_card(others[0])
                assert not v.ok and v.kind == "wrong" and v.message == moment.wrong
                wrong_tried += 1
            illegal = [c for c in run.deal.hand(hand.seat) if c not in legal]
            if illegal:
                v = run.try_card(illegal[0])
                assert not v.ok and v.kind == "illegal"
                assert v.message == run.deal.explain(hand.seat, illegal[0]).reason
        elif len(legal) > 1:
            v = run.try_card(next(c for c in legal if c is not want))
            assert not v.ok and v.kind == "script" and want.name in v.message
        assert run.try_card(want).ok  # the retry
    assert decisions == len(hand.decisions())
    assert wrong_tried == run.mistakes
    assert run.revealed() == list(hand.moments)
    assert run.deal.result().seat_scores == hand.finished_deal().result().seat_scores


def test_play_to_decision_stops_at_each_decision():
    hand = BY_ID["hunting-the-petit"]
    run = GuidedRun.start(hand)
    run.play_to_decision()
    assert run.decision() is not None and run.trick_number == 4
    run.try_card(run.expected())
    run.play_to_decision()
    assert run.trick_number == 5 and run.decision().expect.rank == 19
    run.try_card(run.expected())
    run.play_to_decision()
    assert run.finished and run.deal.phase is Phase.DONE


def test_moments_are_revealed_at_their_trick_and_card():
    hand = BY_ID["hunting-the-petit"]
    run = GuidedRun.start(hand)
    shown = run.revealed()
    assert [m.trick for m in shown] == [1]
    run.play_to_decision()  # trick 4: the decision, and the comment on trick 2's 20
    assert {(m.trick, m.expect is not None) for m in run.revealed()} == {(1, False), (2, False), (4, True)}
    assert all(m.card is None for m in run.revealed() if m.trick == 4 and m.expect is None)


# ---------------------------------------------------------------- validation


def variant(tmp_path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a guided hand with one text change, and the line of the change."""
    text = (GUIDED / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    d = tmp_path / "guided"
    d.mkdir(exist_ok=True)
    p = d / f"{name}.yaml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p, line


def problems(path) -> list[str]:
    return [str(p) for p in check_guided_file(path)]


def test_an_illegal_card_names_its_trick_line_and_the_rule(tmp_path):
    # Trick 3 of the hunt: KS JS T3 2S. Playing the 2 of spades' owner out of order breaks the suit rule.
    p, line = variant(tmp_path, "hunting-the-petit", "  - KS JS T3 2S", "  - KS JS 2C T3")
    out = problems(p)
    assert len(out) == 1
    assert out[0].startswith(f"{p}:{line}: guided hand 'hunting-the-petit': trick 3, seat 0 plays 2C:")
    assert "trump" in out[0]


def test_a_bad_card_code_is_named(tmp_path):
    p, line = variant(tmp_path, "petit-au-bout", "dog: 3H 9D", "dog: 3h 9D")
    assert problems(p) == [f"{p}:{line}: guided hand 'petit-au-bout': dog: not a card code: '3h' (did you mean 3H?)"]


def test_an_incomplete_deal_is_a_problem(tmp_path):
    p, _ = variant(tmp_path, "petit-au-bout", "  - KC 8S 8H T1", "")
    out = problems(p)
    assert any("the deal is not complete: 17 tricks of 18" in o for o in out)


def test_moments_must_name_tricks_and_cards_that_exist(tmp_path):
    p, line = variant(tmp_path, "petit-au-bout", "    card: JC\n", "    card: KS\n")
    assert problems(p) == [f"{p}:{line - 1}: guided hand 'petit-au-bout': moment: KS is not played in trick 17 "
                           "(EX JC CS 7H)"]
    p, line = variant(tmp_path, "petit-au-bout", "  - trick: 15\n", "  - trick: 19\n")
    assert problems(p) == [f"{p}:{line}: guided hand 'petit-au-bout': moment: there is no trick 19 "
                           "(the deal has 18)"]
    p, line = variant(tmp_path, "petit-au-bout", "    expect: EX\n", "    expect: T1\n")
    assert problems(p) == [f"{p}:{line - 1}: guided hand 'petit-au-bout': moment: the learner (seat 0) plays EX "
                           "in trick 17, not T1"]


def test_cards_dealt_twice_and_a_wrong_auction_are_problems(tmp_path):
    p, _ = variant(tmp_path, "petit-au-bout", "dog: 3H 9D 1H JD 6S KH", "dog: 3H 9D 1H JD 6S T20")
    assert any("78 cards once each; twice: T20" in o for o in problems(p))
    p, line = variant(tmp_path, "petit-au-bout", "auction: [pass, petite, pass, pass]",
                      "auction: [pass, garde, petite, pass]")
    out = problems(p)
    assert len(out) == 1 and out[0].startswith(f"{p}:{line}:") and "must be higher" in out[0]


def test_the_check_command_validates_guided_hands(tmp_path):
    bad, line = variant(tmp_path, "petit-au-bout", "  - trick: 15\n", "  - trick: 0\n")
    cmd = [sys.executable, "-m", "tutor", "check", str(bad.parent)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1
    assert f"{bad}:{line}: guided hand 'petit-au-bout': moment: there is no trick 0" in out.stdout
    good = subprocess.run([sys.executable, "-m", "tutor", "check", "puzzles"], capture_output=True, text=True, cwd=ROOT)
    assert good.returncode == 0 and "0 problems" in good.stdout
    assert int(good.stdout.split("checked ")[1].split()[0]) == len(list((ROOT / "puzzles").glob("*.yaml"))) + len(HANDS)


def test_read_guided_file_reports_unknown_fields(tmp_path):
    p, line = variant(tmp_path, "petit-au-bout", "tags: [", "colour: red\ntags: [")
    hand, out = read_guided_file(p)
    assert hand is None and out[0].line == line and "unknown field 'colour'" in out[0].message


def test_the_three_and_five_player_hands_show_what_they_say():
    """Issue 12, point 14: a 3-player hand and two more 5-player hands, each checked against its deal."""
    three = BY_ID["three-players-half-point"].finished_deal()
    r = three.result()
    assert three.players == 3 and three.taker == 0
    assert (r.attack_points, r.oudlers, r.score.target, r.score.won, r.score.margin) == (40.5, 2, 41, False, 1)
    petit = next(t for t in three.tricks if PETIT in t.cards)
    assert petit.winner == 0 and petit.card_of(0) == PETIT  # the Petit saved, by the learner
    calling = BY_ID["five-players-calling-a-king"].finished_deal()
    assert calling.players == 5 and calling.taker == 0 and calling.partner == 4
    assert calling.called.code == "KS" and calling.result().score.won
    defending = BY_ID["five-players-defending-a-garde-sans"].finished_deal()
    assert defending.players == 5 and defending.camp(2) == "defence" and defending.partner == 1
    assert defending.contract.value == "garde_sans" and defending.result().petit_au_bout == "attack"
    assert sum(1 for h in HANDS if h.players == 5) >= 3 and any(h.players == 3 for h in HANDS)
