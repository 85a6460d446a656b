"""The écart and the king call graded by play (``tutor.strategy.advisor.by_play``), and the hand count per table size.

Play-outs are costly, so each test plays a handful of candidates on few deals; the cases are chosen so the
verdict is far beyond the noise (or, for lesson 19's model, checked at the drill's own setting).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.engine import Contract, parse_cards
from tutor.quiz import check_answer, generate
from tutor.quiz.kinds import good_ecart
from tutor.strategy.advisor.by_play import (
    MAX_CANDIDATES,
    ecart_candidates,
    ecart_key,
    grade_calls,
    grade_ecart_against,
    grade_ecarts,
    taker_deal,
)
from tutor.strategy.bots.handcount import MIN_TRUMPS, count_steps, hand_strength, thresholds

P = parse_cards
LESSONS = Path(__file__).resolve().parents[3] / "lessons"


def _lesson19_model():
    """Lesson 19's model écart, read from the lesson (its first ``discard`` example)."""
    doc = yaml.safe_load((LESSONS / "19-ecart-strategy.yaml").read_text(encoding="utf-8"))
    ex = next(s["example"] for s in doc["steps"] if s.get("kind") == "example" and
              s["example"].get("kind") == "discard")
    return P(ex["hand"]), P(ex["discard"])


# ---------------------------------------------------------------- the écart


def test_lesson_19s_model_ecart_is_among_the_best_the_drill_rates():
    hand, model = _lesson19_model()
    view = taker_deal(hand[:18], 4, Contract.GARDE, dog=hand[18:]).view(0)
    a = grade_ecarts(view, extra=[model], samples=good_ecart.PLAY_SAMPLES, seed=0)
    # Lesson 19 keeps K♠ Q♠ together (a queen behind her own king is protected). Banking the queen instead may score
    # as well (with the bots banking their Petit, the best mean does), never better beyond the noise: the model
    # écart ties with the best.
    assert ecart_key(model) in a.ties


def test_a_candidate_graded_later_is_played_on_the_same_deals():
    """Paired: the best écart's values are the same whether it is graded with every candidate or alone
    against one more écart, so a learner's écart is compared deal by deal."""
    hand, _ = _lesson19_model()
    view = taker_deal(hand[:18], 4, Contract.GARDE, dog=hand[18:]).view(0)
    every = grade_ecarts(view, samples=6, seed=3)
    other = next(o.key for o in every.options if o.key != every.best)
    again = grade_ecart_against(view, other, every.best, samples=6, seed=3)
    assert again.option(every.best).own_score == every.option(every.best).own_score
    assert again.option(other).own_score == every.option(other).own_score


def test_the_candidates_are_legal_bounded_and_keep_the_kings():
    hand, model = _lesson19_model()
    cands = ecart_candidates(hand, 4, extra=[model])
    assert len(cands) <= MAX_CANDIDATES + 1 and ecart_key(model) in cands
    assert all(len(c) == 6 and not any(x.is_king or x.is_trump or x.is_oudler for x in c) for c in cands)
    assert len(set(cands)) == len(cands)


def test_the_drill_rejects_a_king_and_accepts_its_own_best():
    q = generate("good_ecart", 6, players=5, difficulty=1)
    assert check_answer(q, [c.code for c in q.answer]).credit == 1.0
    hand = q.context["hand"].split()
    king = next(c for c in hand if c.startswith("K"))
    others = [c for c in hand if not c.startswith(("K", "T", "EX"))][:q.context["ecart_size"] - 1]
    fb = check_answer(q, [king, *others])
    assert fb.credit == 0 and "king" in fb.message
    # Every écart tied with the best is right; one out of the tie set far behind gets nothing.
    for row in q.context["graded"]:
        fb = check_answer(q, row["ecart"].split())
        assert fb.credit == (1.0 if row["tie"] else 0.5 if row["gap"] <= good_ecart.HALF_GAP else 0.0)


# ---------------------------------------------------------------- the king call


def test_calling_your_own_king_plays_alone_and_loses_here():
    # Lesson 20: the king of hearts is in the hand; calling it means one against four with a modest garde.
    hand = P("T20 T17 T13 T9 T6 T2 EX KH 7H QC JC 9C 6C 3C 8S")
    a = grade_calls(taker_deal(hand, 5, Contract.GARDE).view(0), samples=12, seed=0)
    assert {o.key.code for o in a.options} == {"KH", "KS", "KD", "KC"}
    assert a.best.code != "KH" and P("KH")[0] not in a.ties
    assert a.option(P("KH")[0]).gap > 100


# ---------------------------------------------------------------- the hand count per table size


@pytest.mark.parametrize("cards,players,chavey,tutor", [
    # Chavey's own published example (a garde at 60): 6 trumps with the Excuse 12, T21 T19 big 4, the 21 10,
    # the Petit as the 6th trump 7, the Excuse 8; KH 6, CH 2, hearts 5 long 5; JD 1; QC 3, CC 2. The first count:
    # 5 trumps 10, T19 1, the 21 10, the Excuse 8, the Petit with 5 trumps 5, then the same suits 19: 53.
    ("T21 T19 T12 T6 T1 EX KH CH 10H 8H 1H JD 8D QC CC 7C 6S 4S", 4, 60, 53),
    # His second example (pass at 34): 7 trumps 14, T20 T18 big 4; KH 6; KD QD 10.
    ("T20 T18 T14 T13 T9 T8 T6 KH 10H 5H 4H KD QD 7C 8C 8S 7S 5S", 4, 34, 32),
    # The hand: 6 trumps 12, five big trumps 10 and in a run 5, the 21 10; two kings 12: 49
    # (the first count: 12 + 4 + 10 + 12 = 38).
    ("T21 T20 T19 T18 T17 T2 KH KS 9H 7H 4H 8S 6S 5D 3D 2D 9C 4C", 4, 49, 38),
    # 5 players, 15 cards, not scaled: 8 trumps with the Excuse 16, T21 T18 big 4, the 21 10, the Excuse 8,
    # the Petit 9; KS 6, KH QH 10; a void in diamonds 6 and a singleton club 3: 72.
    ("T21 T18 T14 T11 T7 T4 T1 EX KH QH 8H 5H KS 4S 9C", 5, 72, 67),
])
def test_counts_worked_by_hand_under_both_scales(cards, players, chavey, tutor):
    hand = P(cards)
    assert hand_strength(hand, players=players) == chavey == count_steps(hand, players=players).total
    assert hand_strength(hand, players=players, scale="tutor") == tutor


def test_the_thresholds_belong_to_each_table_size():
    # The same 5-player count of 72 reaches a garde sans there (65), and would be a garde sans with 4 (71) too,
    # but a 3-player hand needs 93.
    assert [n for n, _ in thresholds(4)] == [81, 71, 56, 40]
    assert thresholds(5)[-1][0] < thresholds(4)[-1][0] < thresholds(3)[-1][0]
    five = count_steps(P("T21 T18 T14 T11 T7 T4 T1 EX KH QH 8H 5H KS 4S 9C"), players=5)
    assert five.contract is Contract.GARDE_SANS


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hand_without_trumps_never_reaches_a_petite(players):
    from tutor.engine.cards import CARDS
    size = {3: 24, 4: 18, 5: 15}[players]
    # All the court cards first (the count's richest plain cards), then the low cards: no trump at all.
    plain = sorted((c for c in CARDS if c.kind < 4), key=lambda c: (-c.rank, c.kind))[:size]
    hc = count_steps(plain, players=players)
    assert hc.trumps == 0 and hc.total >= thresholds(players)[-1][0]  # the honours alone pass the threshold
    assert hc.contract is None and "trumps" in hc.verdict()


def test_the_minimum_of_trumps_counts_the_excuse():
    hand = P("T21 T20 T19 EX KH QH JH KS QS CS KD QD CD KC QC CC 2H 3H")  # 3 trumps and the Excuse: 4
    hc = count_steps(hand, players=4)
    assert hc.trumps == 4 < MIN_TRUMPS[4] and hc.contract is None
