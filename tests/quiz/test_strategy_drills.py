"""The three strategy drills: what would you bid?, choose the écart, the best card.

Each verdict is checked against a computation made here independently: a brute-force minimax over the
engine's own ``Deal`` for the best card, every legal écart tried for the écart, the per-deal scores
recomputed for the bid. The estimator runs with a small number of deals (``SAMPLES`` patched) to keep
the tests quick; the grading rules do not depend on it.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategy_helpers import brute

from tutor.engine import Contract, PlayCard, check_discard, parse_cards
from tutor.engine.ecart import discardable
from tutor.quiz import KINDS, check_answer, generate
from tutor.quiz.kinds import contract as contract_kind
from tutor.quiz.kinds.ecart import legal_example
from tutor.quiz.positions import replay
from tutor.skills import STRATEGY_SKILLS
from tutor.strategy import Position, estimate_bids, in_exact_range, solve
from tutor.strategy.bidding.contracts import TOLERANCE, grade, open_options, verdict
from tutor.strategy.bots.ecart_score import ROWS, _units, best_ecart, score_ecart
from tutor.strategy.bots.handcount import count_steps, hand_strength
from tutor.strategy.bots.principles import PRINCIPLES

P = parse_cards
STRATEGY_KINDS = {"contract": "contract-choice", "good_ecart": "ecart-strategy", "best_card": "endgames",
                  "attack_card": "attack-play", "defence_card": "defence-play"}


@pytest.fixture(autouse=True)
def _quick_ecart_play_outs(monkeypatch):
    """"Choose the écart" plays each candidate out on SAMPLES deals (about 1.5 s of CPU a question); the many
    questions made here use 8. (Not in conftest: the course, loaded once per module, makes its questions with
    the real number, and a test regenerates them to compare.)"""
    from tutor.quiz.kinds import good_ecart
    monkeypatch.setattr(good_ecart, "SAMPLES", 8)


@pytest.fixture
def few_deals():
    """The bid drill's estimate with 12 deals (conftest's ``_quick_bid_estimate``): checked here, since the
    tests below count on it."""
    assert contract_kind.SAMPLES == 12


def test_the_strategy_kinds_train_the_strategy_skills():
    for kind, skill in STRATEGY_KINDS.items():
        assert KINDS[kind].skill == skill and skill in STRATEGY_SKILLS


# ---------------------------------------------------------------- the hand count, step by step


def test_count_steps_by_hand():
    # Chavey's scale, 4 players: 6 trumps with the Excuse (12), T21 and T16 big (+2 each, no run), the 21 (10),
    # the Excuse (8), the Petit as the 6th trump (7), KH QH together 10, KS 6; clubs void (6), diamonds
    # singleton (3); hearts 5 long (5); spades 6 long (7): 78.
    hand = P("T21 T16 T9 T5 T1 EX KH QH 8H 5H 2H KS 9S 7S 6S 4S 2S 3D")
    steps = dict(count_steps(hand, players=4).lines())
    assert steps == {"6 trumps (the Excuse among them), 2 points each": 12, "2 big trumps (16 to 21), 2 more each": 4,
                     "the 21": 10, "the Excuse": 8, "the Petit, with 6 trumps": 7, "spades: the king": 6,
                     "spades: 6 cards, a long suit": 7, "hearts: king and queen together": 10,
                     "hearts: 5 cards, a long suit": 5, "diamonds: a singleton (with 5 or more trumps)": 3,
                     "clubs: a void (with 5 or more trumps)": 6}
    assert sum(steps.values()) == 78 == hand_strength(hand, players=4)
    # The project's first scale on the same hand: 71 (kept for the comparison, bench/handcount_scales.py).
    assert hand_strength(hand, players=4, scale="tutor") == 71


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from((3, 4, 5)))
def test_count_steps_add_up_to_the_hand_strength(seed, players):
    from tutor.engine import Deal
    hand = Deal.new(players, seed=seed).dealt.hands[0]
    steps = count_steps(hand, players=players).lines()
    assert math.isclose(sum(p for _, p in steps), hand_strength(hand, players=players), abs_tol=1e-9)
    assert all(p for _, p in steps) and all("_" not in label for label, _ in steps)


# ---------------------------------------------------------------- what would you bid?


def test_bid_verdict_ties_and_neighbours_by_hand():
    # Garde: +100 on every deal; garde sans: mean 0 but spread (±400): its gap of 100 has a standard error
    # of 400/sqrt(4)... the paired differences are 500, -300, 500, -300: mean 100, sd 461.9, half-width
    # t95(3) * 461.9 / 2 = 3.182 * 461.9 / 2 = 735.0 > 100 (Student's t on 3 degrees of freedom), so a tie.
    scores = {Contract.PETITE: (50,) * 4, Contract.GARDE: (100,) * 4, Contract.GARDE_SANS: (-400, 400, -400, 400),
              Contract.GARDE_CONTRE: (-900,) * 4}
    v = verdict(scores, open_options([]))
    assert v.best is Contract.GARDE
    assert v.ties == (Contract.GARDE, Contract.GARDE_SANS)
    diffs = [500, -300, 500, -300]
    half = 3.182446305284263 * statistics.stdev(diffs) / 2  # the table's t quantile, 95% two-sided, df 3
    assert v.gap[Contract.GARDE_SANS] == pytest.approx((100, half))
    assert v.grade(Contract.PETITE) == "neighbour"  # next to garde, 50 behind: within the tolerance of 50
    assert v.grade(None) == "wrong" and v.grade(Contract.GARDE_CONTRE) == "wrong"
    assert [v.credit(o) for o in v.options] == [0.0, 0.5, 1.0, 1.0, 0.0]
    # Pass is best when nothing is expected to score: the neighbour is then the lowest open contract.
    low = {c: (-60,) * 4 for c in Contract}
    v = verdict(low, open_options([None, Contract.PETITE]))
    assert v.best is None and v.options == (None, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
    assert v.grade(Contract.GARDE) == "wrong"  # 60 behind: beyond the tolerance
    assert grade(v.options, Contract.GARDE, None, (None,), TOLERANCE) == "neighbour"


def test_the_estimate_keeps_only_deals_that_fit_the_earlier_bids():
    hand = P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D")
    seen = []

    def given(hands):
        seen.append(hands)
        return parse_cards("T1")[0] in hands[1]  # seat 2 holds the Petit
    e = estimate_bids(hand, players=4, seat=0, samples=3, rng=random.Random(1), given=given)
    assert e.samples == 3 and len(e.scores[Contract.GARDE]) == 3
    assert sum(1 for h in seen if parse_cards("T1")[0] in h[1]) == 3  # exactly the three deals played
    with pytest.raises(Exception, match="fits"):
        estimate_bids(hand, players=4, samples=1, rng=random.Random(1), given=lambda hands: False)


@pytest.mark.parametrize("players,difficulty,seed", [(4, 1, 3), (3, 2, 5), (5, 3, 8)])
def test_bid_question_matches_an_independent_estimate(few_deals, players, difficulty, seed):
    q = generate("contract", seed, players=players, difficulty=difficulty)
    assert generate("contract", seed, players=players, difficulty=difficulty).to_dict() == q.to_dict()
    ctx = q.context
    hand, seat = P(ctx["hand"]), ctx["seat"]
    bids = [None if b == "pass" else Contract(b) for b in ctx["bids"]]
    assert len(bids) == seat and hand_strength(hand, players=players) == pytest.approx(ctx["strength"], abs=0.05)
    # The earlier bids are the bots' bids on that deal, and every option left is open after them.
    top = max((b for b in bids if b is not None), default=None)
    assert [c.key for c in q.choices] == ["pass"] + [c.value for c in Contract if top is None or c > top]
    # The numbers again, from the estimator called here with the question's own deals.
    e = estimate_bids(hand, players=players, seat=seat, samples=12, rng=random.Random(ctx["estimate_seed"]),
                      given=contract_kind.fits(bids, players, seat))
    expected = {"pass": statistics.fmean(e.scores[None]),  # passing valued by play on the same deals
                **{c.value: statistics.fmean(e.scores[c]) for c in Contract}}
    for key, row in ctx["options"].items():
        assert row["expected"] == pytest.approx(expected[key], abs=0.051)
    best = max(ctx["options"], key=lambda k: (expected[k], -list(ctx["options"]).index(k)))
    assert q.answer == best
    # The grades by the stated rules: best and ties 1, a neighbour within the tolerance 0.5, else 0.
    keys = list(ctx["options"])
    for key in keys:
        fb = check_answer(q, key)
        gap = expected[best] - expected[key]
        want = 1.0 if key == best or key in ctx["ties"] else \
            0.5 if abs(keys.index(key) - keys.index(best)) == 1 and gap <= TOLERANCE else 0.0
        assert fb.credit == want, (key, fb.message)
        assert "from 12 deals" in fb.message and "expected score" in fb.message
        assert f"Your hand counts {ctx['strength']:g}" in fb.message
        assert "garde_sans" not in fb.message and "garde_contre" not in fb.message
    assert "| your hand count | points |" in q.explanation and "Estimated from 12 deals" in q.explanation


def test_bid_question_reads_any_wording_and_refuses_nonsense(few_deals):
    from tutor.quiz.order import shown_choices
    q = generate("contract", 3, players=4, difficulty=1)
    # The options are shown as the scale they are, lowest first, whichever is right.
    assert [c.label for c in shown_choices(q)][:3] == ["Pass", "Petite", "Garde"]
    label = next(c.label for c in q.choices if c.key == q.answer)
    assert check_answer(q, label).credit == 1.0
    assert check_answer(q, "<b>garde</b> pls").credit == 0.0
    assert not check_answer(q, "x" * 10_000).correct


# ---------------------------------------------------------------- choose the écart


def all_legal(hand, players):
    """Every legal écart: the plain cards' combinations (or, when trumps must go, every plain card and each
    choice of trumps); the engine confirms each one."""
    n = 3 if players == 5 else 6
    plain = discardable(hand)
    if len(plain) >= n:
        pool, fixed = plain, []
    else:
        pool, fixed = [c for c in hand if c.is_trump and not c.is_oudler], plain
        n -= len(plain)
    out = [tuple(fixed) + e for e in itertools.combinations(pool, n)]
    assert all(check_discard(hand, list(e), players=players).legal for e in out)
    return out


def test_ecart_by_hand_void_beats_points_and_illegal_says_the_rule():
    # 5 players, dog 3: clubs 4C 3C (no king) can be emptied; QD is a lone queen in a suit with its king.
    hand = P("T21 T19 T15 T12 T8 T6 T3 KH JH 7H 2H KD QD 4C 3C 9S 8S KS")
    assert {str(c) for c in best_ecart(hand, 5)} == {"QD", "4C", "3C"}  # void in clubs (10) + QD (3.5) + 1
    best = score_ecart(hand, P("QD 4C 3C"), players=5)
    assert (best.total, best.credit) == (14.5, 1.0)
    no_void = score_ecart(hand, P("QD JH 4C"), players=5)   # 3.5 + 1.5 + 0.5 points, no void: 5.5 / 14.5
    assert no_void.total == 5.5 and no_void.credit == round(5.5 / 14.5, 2) == 0.38
    assert {c.code: pid for c, _, pid in no_void.cards} == {"QD": "bank-points", "JH": "bank-points",
                                                            "4C": "make-voids"}
    bad = score_ecart(hand, P("KD 4C 3C"), players=5)
    assert not bad.legal and bad.credit == 0 and "king" in bad.reasons[0]


def test_ecart_trumps_when_forced_the_smallest():
    # 4 players, 24 cards with the dog: trumps everywhere; three plain non-king cards, so three trumps must go.
    hand = P("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4 T2 EX KH KS 4C 3D")
    best = best_ecart(hand, 4)
    assert set(best) == set(P("4C 3D T2 T4 T5 T6"))  # both plain cards, then the four smallest trumps
    s = score_ecart(hand, P("4C 3D T2 T4 T5 T20"), players=4)
    assert s.legal and s.credit < 1 and "bigger than needed" in dict((c.code, w) for c, w, _ in s.cards)["T20"]


@pytest.mark.parametrize("players", [5, 4])
def test_best_ecart_is_the_best_of_every_legal_ecart(players):
    rng = random.Random(players)
    from tutor.quiz.kinds.ecart import ecart_position
    for seed in range(6 if players == 5 else 2):
        deal = ecart_position(players, random.Random(seed + rng.randrange(100)), heavy=False)
        hand = list(deal.view(deal.taker).hand)
        smallest = frozenset(sorted((c for c in hand if c.is_trump and not c.is_oudler),
                                    key=lambda c: c.rank)[:max(0, (3 if players == 5 else 6) -
                                                              len(discardable(hand)))])
        value = {e: sum(u * pts for u, (_, _, pts) in zip(_units(hand, e, smallest), ROWS))
                 for e in all_legal(hand, players)}
        top = max(value.values())
        assert score_ecart(hand, best_ecart(hand, players), players=players).total == pytest.approx(top)
        for e, v in list(value.items())[:40]:
            s = score_ecart(hand, e, players=players)
            assert s.credit == (1.0 if v >= top - 1e-9 else round(v / top, 2))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from((3, 4, 5)), difficulty=st.sampled_from((1, 2, 3)))
def test_every_ecart_question_has_a_legal_best_ecart(seed, players, difficulty):
    q = generate("good_ecart", seed, players=players, difficulty=difficulty)
    hand = P(q.context["hand"])
    assert check_discard(hand, list(q.answer), players=players).legal
    assert len(q.answer) == q.context["ecart_size"]
    assert check_answer(q, [c.code for c in q.answer]).credit == 1.0
    size = q.context["ecart_size"]
    plain = sorted(legal_example(hand, size), key=lambda c: (c.points, c.rank))[:size]
    fb = check_answer(q, [c.code for c in plain])
    assert 0 <= fb.credit <= 1 and ("Right" in fb.message or "A best écart" in fb.message)
    deal = replay(q.context["deal"])
    assert set(deal.hand(deal.taker)) == set(hand)


# ---------------------------------------------------------------- the best card


def test_best_card_by_hand_keep_the_petit_for_the_end():
    # The solver's own example, worked by hand: T7 then T1 brings the Petit au bout (+10 per defender × 3).
    p = Position.parse("""
players: 4
contract: petite
taker: 2
hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
trick: {leader: 2, cards: ""}
taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
""")
    # Either way the attack takes both tricks: 27 + (T7 JC CS QC = 8) + (T1 9C CH 7C = 8) = 43 points with
    # 2 oudlers, target 41, won by 2: (25 + 2) × 1 = 27 per defender, × 3 = 81. T7 first keeps the Petit for
    # the last trick: petit au bout, 10 more per defender: 37 × 3 = 111.
    q_values = {c.code: v.taker_score for c, v in solve(p).cards.items()}
    assert q_values == {"T7": 111, "T1": 81}


@pytest.mark.parametrize("kind,players,seed", [("best_card", 4, 1), ("best_card", 3, 2), ("best_card", 5, 3),
                                               ("attack_card", 4, 4), ("defence_card", 5, 5)])
def test_best_card_values_match_a_brute_force_over_the_engine(kind, players, seed):
    q = generate(kind, seed, players=players, difficulty=1)
    deal = replay(q.context["deal"])
    seat = q.context["seat"]
    assert deal.to_act == seat
    values = {}
    for c in deal.legal_cards(seat):
        d = deal.copy()
        d.apply(PlayCard(seat, c))
        values[c.code] = brute(d)
    assert values == {code: v[0] for code, v in q.context["values"].items()}
    pick = max if q.context["attack"] else min
    top = pick(values.values())
    assert {c.code for c in q.answer} == {code for code, v in values.items() if v == top}
    for code, v in values.items():
        fb = check_answer(q, code)
        assert fb.credit == (1.0 if v == top else 0.0), fb.message
        if v != top:
            assert f"{abs(top - v)} {'less' if q.context['attack'] else 'more'}" in fb.message
    if kind != "best_card":
        assert deal.camp(seat) == ("attack" if kind == "attack_card" else "defence")


def test_best_card_illegal_and_foreign_cards_are_explained():
    for seed in range(30):
        q = generate("best_card", seed, players=4, difficulty=2)
        hand = P(q.context["hand"])
        illegal = [c for c in hand if c.code not in q.context["values"]]
        if illegal:
            break
    fb = check_answer(q, illegal[0].code)
    assert fb.credit == 0 and "may not be played" in fb.message
    outside = next(c for c in P("KH KS KD KC T21 EX 2H") if c not in hand)
    assert not check_answer(q, outside.code).correct
    assert check_answer(q, " ".join(c.code for c in hand[:2])).message.startswith(("Choose one card", "I could not"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from((3, 4, 5)), difficulty=st.sampled_from((1, 2, 3)),
       kind=st.sampled_from(("best_card", "attack_card", "defence_card")))
def test_every_endgame_is_in_exact_range_with_a_best_card_and_a_full_line(seed, players, difficulty, kind):
    q = generate(kind, seed, players=players, difficulty=difficulty)
    pos = Position.from_mapping(q.context["position"])
    assert in_exact_range(pos)
    assert q.answer and set(q.answer) <= set(pos.legal()) and len(q.answer) < len(pos.legal())
    deal = replay(q.context["deal"])
    for seat, code in q.context["line"]:  # the solver's line plays legally to the end of the deal
        deal.apply(PlayCard(seat, P(code)[0]))
    assert deal.result().score.taker == q.context["values"][q.context["line"][0][1]][0]
    assert "Seat 0" not in q.explanation and "seat 0" not in q.explanation


# ---------------------------------------------------------------- replay and records


@pytest.mark.parametrize("kind", ["good_ecart", "best_card", "attack_card", "defence_card", "contract"])
def test_replay_regenerates_the_question_from_its_seed(few_deals, kind):
    q = generate(kind, 11, difficulty=1)
    assert generate(q.kind, q.seed, **q.params).to_dict() == q.to_dict()
    assert q.skill == STRATEGY_KINDS[kind]
    assert any(p.name in q.explanation for p in PRINCIPLES.values())  # the principle behind the verdict


@pytest.mark.parametrize("kind", ["good_ecart", "best_card", "contract"])
def test_a_stored_question_grades_like_the_generated_one(few_deals, kind):
    """A class quiz stores ``to_dict()`` and grades the copy: the same verdicts, credits and messages."""
    from tutor.quiz import Question
    q = generate(kind, 9, players=4, difficulty=2)
    copy = Question.from_dict(q.to_dict())
    answers = [c.key for c in q.choices] if kind == "contract" else \
        [q.answer[0].code, *list(q.context["values"])] if kind == "best_card" else \
        [[c.code for c in q.answer], [c.code for c in legal_example(P(q.context["hand"]), q.context["ecart_size"])]]
    for a in answers:
        assert check_answer(copy, a).to_dict() == check_answer(q, a).to_dict()


@pytest.mark.parametrize("kind", ["best_card", "attack_card", "defence_card"])
def test_the_theme_named_fits_the_position(kind):
    """The principle named after the solver's verdict is the table's (tutor.strategy.review.themes), checked by hand
    rules here: the Petit or the Excuse is in your hand and best or worst; or your side is winning the trick
    and a best card is your richest one."""
    from tutor.engine import EXCUSE, PETIT, trick_winner
    from tutor.strategy.bots.principles import for_side
    from tutor.strategy.exact.lines import petit_saved
    seen = set()
    for seed in range(12):
        q = generate(kind, seed, players=4, difficulty=1 + seed % 3)
        values = {P(c)[0]: v[0] for c, v in q.context["values"].items()}
        best = set(q.answer)
        worst = (min if q.context["attack"] else max)(values.values())
        theme = q.context["principles"][0]
        seen.add(theme)
        extreme = {c for c in values if c in best or values[c] == worst}
        pos = Position.from_mapping(q.context["position"])
        line = [(s, P(c)[0]) for s, c in q.context["line"]]
        attack = q.context["attack"]

        def side(pid, attack=attack):  # a taker's principle is the attack's row, a defender's the defence's
            return for_side(pid, attack=attack)
        if PETIT in extreme and petit_saved(pos, line) is not False:  # and the best line saves it
            assert theme == side("save-the-petit")
        elif EXCUSE in extreme:
            assert theme == side("excuse-timing")
        elif theme == side("charger"):
            winner = (pos.leader + trick_winner(pos.trick)) % 4
            assert pos.is_attack(winner) == pos.is_attack(pos.to_play)
            assert max(c.points for c in values) in {c.points for c in best}
        else:
            assert theme == "count-tricks"
        assert PRINCIPLES[theme].name in q.explanation
    assert len(seen) >= 2
    if kind != "best_card":  # the attack and defence drills have a clear theme
        assert "count-tricks" not in seen


def test_the_card_table_for_each_strategy_drill():
    """What the table shows (AppTest cannot drive the component): the écart asks for exactly its size; the
    best card is one card of your hand, with the other hands beside the table; a poignée is left as it was."""
    from tutor.ui.table.question_views import question_view
    from tutor.ui.table.table_model import read_answer
    q = generate("good_ecart", 6, players=5, difficulty=1)
    tv = question_view(q, token="e")
    assert tv.mode == "select" and tv.need == 3 and tv.answer_label == "Put these aside"
    assert read_answer({"cards": [c.code for c in q.answer], "token": "e"}, tv) == tuple(q.answer)
    assert read_answer({"cards": [c.code for c in q.answer][:2], "token": "e"}, tv) is None
    q = generate("best_card", 3, players=4, difficulty=1)
    tv = question_view(q, token="b")
    assert tv.mode == "pick" and set(tv.hand) == set(P(q.context["hand"]))
    labels = [label for label, _ in tv.groups]
    assert len(labels) == 3 and all(label.startswith("Seat ") and "Seat 0" not in label for label in labels)
    assert sum(len(cards) for _, cards in tv.groups) + len(tv.hand) == Position.from_mapping(
        q.context["position"]).cards_left
    assert [s.name for s in tv.seats].count("You") == 1
    poignee = generate("poignee", 3, players=4, difficulty=3, mode="pick")
    assert question_view(poignee, token="p").need is None  # its context's "need" is the trumps to show
