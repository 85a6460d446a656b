"""The advisor: exact where every card is known by inference, seeded, cached, anytime, paired ties."""

from __future__ import annotations

import pytest

from tutor.engine import Card, Deal, Phase, PlayCard, ShowPoignee, parse_card, poignee_options, poignee_to_show
from tutor.strategy.advisor.advise import MIN_SAMPLES, advise_actions, advise_card, rollout
from tutor.strategy.advisor.sampler import Sampler
from tutor.strategy.bots.policy import decide
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve


def bots_until(players: int, seed: int, stop) -> Deal:
    d = Deal.new(players, seed=seed, dealer=seed % players)
    while d.phase not in (Phase.DONE, Phase.CANCELLED) and not stop(d):
        d.apply(decide(d.view(d.to_act)).action)
    return d


def test_known_by_inference_the_advisor_is_the_solver():
    """3 players, seed 577, trick 23: the taker (seat 2, a garde with one oudler, 37.5 points so far) to play.
    Every card it cannot see has one place (voids and its own écart tell it all), so every sample is the true
    deal: the advisor must give the solver's values on the true deal. Worked by hand: seat 3 led the Excuse and
    seat 1 the queen of hearts; the taker has neither hearts nor trumps, so the queen wins whichever card he
    throws, and seat 1's king of hearts, trumped by seat 3's 11, takes the last trick too. The taker ends on 37.5
    of the 51 he needs, 14 short with the half point: -(25 + 14) x 2 for the garde x 2 defenders = -156 for the jack
    of spades and the 9 of clubs alike, so both are tied. (Seed 236, the deal used before, is passed out by today's
    bots; on this one they bid a petite until their thresholds came down.)"""
    d = bots_until(3, 577, lambda d: len(d.tricks) == 22 and len(d.trick) == 2)
    view = d.view(d.to_act)
    assert d.to_act == d.taker == 1
    assert all(m.bit_count() == 1 for m in Sampler(view).places.values())
    truth = solve(Position.from_deal(d))
    a = advise_card(view, budget_ms=5, seed=3)
    assert a.exact and a.samples >= MIN_SAMPLES
    assert {o.key: o.taker_score for o in a.options} == {c: v.taker_score for c, v in truth.cards.items()}
    assert {o.key: o.taker_score for o in a.options} == {parse_card("JS"): -156, parse_card("9C"): -156}
    assert set(a.ties) == {parse_card("JS"), parse_card("9C")}
    assert all(o.gap == 0 and o.gap_ci == 0 for o in a.options)


def last_to_play_with_a_sure_king() -> tuple[Deal, Card, Card]:
    """A bot-played 4-player deal where the seat to play is last in a heart-led trick (say) that an
    opponent wins with a queen, no trump in it, and the seat holds that suit's king and a low card."""
    for seed in range(200):
        found = []

        def stop(d: Deal, found=found) -> bool:
            if d.phase is not Phase.PLAYING or len(d.trick) != d.players - 1 or not d.tricks:
                return False
            led = d.trick[0]
            if led.kind > 3 or any(c.is_trump for c in d.trick):
                return False
            top = max((c for c in d.trick if c.kind == led.kind), key=lambda c: c.rank)
            winner = d.trick_seats[d.trick.index(top)]
            seat = d.to_act
            if top.rank != 13 or d.camp(winner) == d.camp(seat):
                return False
            legal = d.legal_cards(seat)
            king = next((c for c in legal if c.is_king and c.kind == led.kind), None)
            low = [c for c in legal if c.kind == led.kind and c.rank < 10]
            if king and low:
                found.append((king, low[0]))
                return True
            return False
        d = bots_until(4, seed, stop)
        if found:
            return d, *found[0]
    raise AssertionError("no such position in 200 deals")


def test_a_card_that_throws_away_a_sure_trick_is_not_advised():
    """Last to play, the opponents winning with the queen: the king wins the trick for sure; a low card gives
    the queen's and the king's points away (the king may fall later too). The king must come out ahead."""
    d, king, low = last_to_play_with_a_sure_king()
    a = advise_card(d.view(d.to_act), budget_ms=400, seed=0)
    assert a.option(king).own_score > a.option(low).own_score
    assert a.best == king or a.tied(king)


def test_seeded_cached_and_anytime():
    # Two tricks before the solver's exact range (6 with 4 players): each sample is a cheap rollout.
    d = bots_until(4, 7, lambda d: len(d.tricks) == 10 and d.phase is Phase.PLAYING)  # a deal the bots take
    view = d.view(d.to_act)
    small = advise_card(view, budget_ms=10, seed=2)
    assert small == advise_card(view, budget_ms=10, seed=2)  # the same answer (the cache, and the seed)
    bigger = advise_card(view, budget_ms=60, seed=2)
    assert bigger.samples > small.samples and bigger.work_us >= 60_000
    # Every option has its samples, its interval and its paired gap to the best; the best is tied with itself.
    assert {o.key for o in small.options} == set(view.legal)
    assert all(o.samples <= small.samples and o.gap >= 0 for o in small.options)  # pruned options: fewer
    assert small.options[0].key == small.best and small.best in small.ties


def test_the_rollout_values_a_finished_line_as_the_engine_scores_it():
    """The rollout plays the bots to the last card: its scores are the engine's when the bots play on."""
    d = bots_until(4, 7, lambda d: len(d.tricks) == 15 and d.phase is Phase.PLAYING and not d.trick)
    taker_score, points, own = rollout(d.copy(), d.taker)
    while d.phase is Phase.PLAYING:
        d.apply(decide(d.view(d.to_act)).action)
    r = d.result()
    assert (taker_score, points, own) == (r.score.taker, r.attack_points, r.seat_scores[d.taker])


def test_generic_branches_a_poignee_shown_or_hidden():
    """The generic entry: a poignée shown or kept hidden, each branch then rolled out on the same deals."""
    for seed in range(100):
        d = bots_until(4, seed, lambda d: d.phase is Phase.PLAYING and not d.has_played.__contains__(d.to_act)
                       and bool(poignee_options(d.hand(d.to_act), players=4)))
        if d.phase is Phase.PLAYING:
            break
    seat = d.to_act
    view = d.view(seat)
    shown = tuple(poignee_to_show(list(view.hand), "simple", players=4))
    card = PlayCard(seat, view.legal[0])
    a = advise_actions(view, {"show": (ShowPoignee(seat, shown),), "hide": card}, budget_ms=30, seed=1)
    assert {o.key for o in a.options} == {"show", "hide"} and a.samples >= MIN_SAMPLES
    assert all(o.samples == a.samples for o in a.options)


def test_refuses_a_view_with_nothing_to_play():
    d = Deal.new(4, seed=3, dealer=0)
    with pytest.raises(ValueError):
        advise_card(d.view(0))


def test_an_exact_verdict_is_never_made_on_a_few_deals():
    """At the edge of the solver's range a solve is dear, and a budget of 1 ms would buy 2 samples: two sampled
    deals that agree give a gap interval 0 wide, so a card could be called worse on two deals. A card solved
    exactly is judged on at least MIN_EXACT_SAMPLES deals, and with fewer deals every card is tied."""
    from tutor.strategy.advisor import advise as advisor
    from tutor.strategy.exact.solver import EXACT_CARDS

    def at_edge(d: Deal) -> bool:
        return d.phase is Phase.PLAYING and len(d.trick) == 1 and Position.from_deal(d).cards_left <= EXACT_CARDS[4] \
            and len(d.legal_cards(d.to_act)) > 1  # a choice to judge

    d = bots_until(4, 13, at_edge)  # a deal the bots take (seed 11 is passed out since their bids rose)
    a = advise_card(d.view(d.to_act), budget_ms=1, seed=2)
    assert a.exact and a.samples >= advisor.MIN_EXACT_SAMPLES == advisor.DECISIVE_SAMPLES
    few = advisor._verdict(d.view(d.to_act), {c: [(10.0, 40.0, 10.0 if c == a.best else 0.0)] * 3
                                              for c in (o.key for o in a.options)},
                           [o.key for o in a.options], 3, True, 0, 0)
    assert set(few.ties) == {o.key for o in a.options}  # 3 exact deals: nothing told apart


# ---------------------------------------------------------------- the FFT's lead signal among tied cards

def _defender_to_lead(hand_codes: str, seat_is_taker: bool = False):
    """A real 4-player view in play, with the hand and the trick replaced: seat 1 to open a trick."""
    import dataclasses

    from tutor.engine import Bid, Contract, parse_cards
    d = Deal.new(4, seed=11, dealer=3)
    taker = 1 if seat_is_taker else 2
    for s in range(4):
        d.apply(Bid(s, Contract.GARDE_SANS if s == taker else None))
    view = d.view(d.to_act)
    return dataclasses.replace(view, seat=1, hand=tuple(parse_cards(hand_codes)), trick=(), trick_seats=())


def test_a_defender_s_tied_low_lead_follows_the_fft_signal():
    from tutor.strategy.advisor.advise import signalled_lead
    c = parse_card
    with_king = _defender_to_lead("KC 8C 3C 2H")
    without = _defender_to_lead("JC 8C 3C 2H")
    # Holding the king: a card from the ace to the 5 (the lowest tied one) promises it.
    assert signalled_lead(with_king, (c("8C"), c("3C"), c("2H")), c("8C")) == c("3C")
    # Without king or queen: a 6 to 10 denies them, even though the 3 was the pick.
    assert signalled_lead(without, (c("3C"), c("8C")), c("3C")) == c("8C")
    # Only the cards rated alike are considered: an untied 8 is never chosen over the advisor's 3.
    assert signalled_lead(without, (c("3C"), c("2H")), c("3C")) == c("3C")
    # An honour, a trump, or another suit's card is left as it is.
    assert signalled_lead(with_king, (c("KC"), c("3C")), c("KC")) == c("KC")
    # The taker does not signal, nor does a defender following to a trick.
    taker = _defender_to_lead("JC 8C 3C 2H", seat_is_taker=True)
    assert signalled_lead(taker, (c("3C"), c("8C")), c("3C")) == c("3C")
    import dataclasses
    following = dataclasses.replace(without, trick=(c("5H"),), trick_seats=(0,))
    assert signalled_lead(following, (c("3C"), c("8C")), c("3C")) == c("3C")
