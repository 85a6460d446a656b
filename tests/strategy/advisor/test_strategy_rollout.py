"""The lean rollout is the bots' card play: the same card as ``bots.choose_play`` in every position met, and
the engine's score at the end (random play included, so the Excuse's rules in the last trick are met)."""

from __future__ import annotations

import random

from tutor.engine import Deal, Phase, PlayCard, random_action
from tutor.strategy.advisor.advise import equivalent_cards
from tutor.strategy.advisor.rollout import Lean
from tutor.strategy.bots.policy import decide


def test_the_same_card_as_the_bots_in_every_position():
    moves = 0
    for players in (3, 4, 5):
        for seed in range(36):  # the bots pass more since their bid thresholds rose: more seeds, the same 3,000 moves
            d = Deal.new(players, seed=seed, dealer=seed % players)
            while d.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART):
                d.apply(decide(d.view(d.to_act)).action)
            if d.phase is not Phase.PLAYING:
                continue
            lean = Lean.from_deal(d)
            while d.phase is Phase.PLAYING:
                action = decide(d.view(d.to_act)).action
                if isinstance(action, PlayCard):
                    seat = d.to_act
                    if not lean.tricks and seat not in lean.shown_seats and seat not in lean.seats:
                        lean._poignee(seat)
                    assert lean._choose(seat) == action.card.index, (players, seed, len(d.tricks))
                    lean.play(action.card.index)
                    moves += 1
                d.apply(action)
            r = d.result()
            assert lean.score() == (r.score.taker, r.attack_points, r.seat_scores)
    assert moves > 3000


def test_scores_random_play_as_the_engine_does():
    """Random legal cards (the Excuse kept to the last trick, chelems tried by nobody): the lean score of the
    last position, played to its end, equals ``Deal.result``."""
    rng = random.Random(3)
    for k in range(300):
        players = 3 + k % 3
        d = Deal.new(players, seed=1000 + k, dealer=k % players)
        while d.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART):
            d.apply(decide(d.view(d.to_act)).action)
        if d.phase is not Phase.PLAYING:
            continue
        cut = rng.randrange(1, players * d.rules.tricks)
        for _ in range(cut):
            a = random_action(d, rng)
            d.apply(a)
        lean = Lean.from_deal(d)
        while d.phase is Phase.PLAYING:
            a = random_action(d, rng)
            lean.play(a.card.index)
            d.apply(a)
        r = d.result()
        assert lean.score() == (r.score.taker, r.attack_points, r.seat_scores)


def test_equivalent_cards_touch():
    d = Deal.new(4, seed=3, dealer=0)
    view = d.view(0)
    rep = equivalent_cards(view, list(view.hand))
    held = {c.index for c in view.hand}
    for c, r in rep.items():
        assert r.kind == c.kind and r.points == c.points and r.rank <= c.rank
        assert all(i in held for i in range(r.index, c.index + 1))  # nothing unseen between them
