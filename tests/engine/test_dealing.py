"""Dealing (issue 12, point 14): the engine's facts on packets, the dog's cards and the next deal, the
`dealing` quiz kind built on them, and the dealing puzzles."""

from __future__ import annotations

import pytest

from tutor.content.yamlio import load_text
from tutor.engine import RuleSet, TarotError, deal_cards, dog_slot_verdict, next_deal_after, packet_count
from tutor.quiz import RULES, check_answer, generate
from tutor.quiz.puzzles import check_puzzles


@pytest.mark.parametrize("players,packets", [(3, 18), (4, 24), (5, 25)])
def test_packets_and_the_dog_add_up_to_the_pack(players, packets):
    r = RuleSet.for_players(players)
    assert packet_count(players) == packets
    assert packets * r.packet_size + r.dog_size == 78
    # The FFT forbids the first and the last card of the pack in the dog.
    assert dog_slot_verdict(players, 0)[0] is False and dog_slot_verdict(players, packets)[0] is False
    assert all(dog_slot_verdict(players, k)[0] for k in range(1, packets))
    with pytest.raises(TarotError):
        dog_slot_verdict(players, packets + 1)


@pytest.mark.parametrize("seed", range(30))
def test_real_deals_never_put_the_first_or_last_card_in_the_dog(seed):
    for players in (3, 4, 5):
        d = deal_cards(players, dealer=seed % players, seed=seed)
        assert all(dog_slot_verdict(players, k)[0] for k in d.dog_slots)


def test_the_next_deal():
    # Played, all pass, Petit sec: the deal passes to the right (the next seat in play order).
    for end in ("played", "all_pass", "petit_sec"):
        assert next_deal_after(4, 3, end).dealer == 0 and next_deal_after(4, 3, end).barred is None
        assert next_deal_after(5, 1, end).dealer == 2
    # A misdeal: the same dealer deals again and may not bid on that deal (FFT p.5).
    n = next_deal_after(3, 2, "misdeal")
    assert (n.dealer, n.barred, n.speaks_first) == (2, 2, 0)
    with pytest.raises(TarotError, match="a deal ends played, all_pass, petit_sec, misdeal, not 'storm'"):
        next_deal_after(4, 0, "storm")
    with pytest.raises(TarotError):
        next_deal_after(4, 4, "played")


def test_the_deal_sizes_rule_says_what_the_tables_hold():
    parts = RULES["deal_sizes"].rstrip(".").split("; ")
    for n, part in zip((3, 4, 5), parts, strict=True):
        r = RuleSet.for_players(n)
        assert part.startswith(f"{n} players: {r.hand_size} ")
        assert f"a dog of {r.dog_size}, packets of {r.packet_size}" in part


def test_every_ask_of_the_dealing_kind_at_every_table():
    seen = set()
    for players in (3, 4, 5):
        for seed in range(60):
            q = generate("dealing", seed, players=players)
            seen.add((q.rules[0], q.answer_type.value))
            assert "Seat 0" not in q.prompt + q.explanation + " ".join(c.label for c in q.choices)
            assert check_answer(q, q.answer if q.answer_type.value == "choice" else str(q.answer)).correct
    assert {r for r, _ in seen} >= {"deal_sizes", "deal_turn", "dog_building", "petit_sec", "misdeal", "all_pass"}


def test_a_wrong_misdeal_answer_names_the_rule():
    q = generate("dealing", 3, players=4, ask="misdeal")
    fb = check_answer(q, "same_bids")
    assert not fb.correct and "may not bid" in fb.message


def test_a_dealing_puzzle_with_a_wrong_solution_is_reported():
    doc = load_text("""
- id: wrong-dealer
  title: Wrong dealer
  kind: dealing
  ask: next_dealer
  tags: [dealing]
  difficulty: 1
  position: {dealer: 1, end: misdeal}
  question: Who deals?
  solution: "2"
""", "x.yaml")
    _, problems = check_puzzles(doc, "x.yaml")
    assert [str(p) for p in problems] == [
        "x.yaml:10: puzzle 'wrong-dealer': stated answer 2 but the engine says 1 (Seat 2)"]
