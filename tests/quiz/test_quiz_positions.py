"""Property tests: generated positions are reachable and consistent.

Every position is replayed from its provenance (each action checked again by the engine); the
cards shown are the replayed deal's; no card appears twice; hand sizes fit the trick number.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import CARDS, EXCUSE, Phase, RuleSet, parse_cards
from tutor.quiz import KINDS, generate
from tutor.quiz.kinds.play import RUFFING, SITUATIONS, situation
from tutor.quiz.positions import find_spot, provenance, ready_to_play, replay, ruffing_lead

seeds = st.integers(min_value=0, max_value=2**31 - 1)
players = st.sampled_from((3, 4, 5))
levels = st.sampled_from((1, 2, 3))


def check_consistent(deal, seat):
    """No card twice anywhere; every seat's hand fits the tricks it has played."""
    rules = deal.rules
    seen = []
    for s in range(deal.players):
        seen += deal.hand(s)
    seen += [c for t in deal.tricks for c in t.cards] + list(deal.trick) + list(deal.ecart)
    if deal.contract is None or deal.contract.dog.name != "TAKER_EXCHANGES":
        seen += list(deal.dog)
    assert len(seen) == len(set(seen)) == 78
    for s in range(deal.players):
        played = len(deal.tricks) + (1 if s in deal.trick_seats else 0)
        extra = rules.dog_size if deal.phase is Phase.ECART and s == deal.taker else 0
        assert len(deal.hand(s)) == rules.hand_size - played + extra
    assert len(deal.trick) < deal.players


@settings(max_examples=120, deadline=None)
@given(seed=seeds, n=players, difficulty=levels)
def test_legal_positions_are_reachable_and_consistent(seed, n, difficulty):
    q = generate("legal", seed, players=n, difficulty=difficulty)
    deal = replay(q.context["deal"])  # raises if any action were illegal
    seat = q.context["seat"]
    assert deal.phase is Phase.PLAYING and deal.to_act == seat
    check_consistent(deal, seat)
    view = deal.view(seat)
    assert q.cards["Your hand"] == view.hand
    assert q.cards.get("Trick so far", ()) == view.trick
    hand = set(view.hand)
    assert not hand & set(view.played)
    assert len(view.hand) == deal.rules.hand_size - view.trick_number


@settings(max_examples=80, deadline=None)
@given(seed=seeds, kind=st.sampled_from(sorted(KINDS)), difficulty=levels, data=st.data())
def test_every_position_replays(seed, kind, difficulty, data):
    n = data.draw(st.sampled_from(KINDS[kind].players))
    q = generate(kind, seed, players=n, difficulty=difficulty)
    if "deal" not in q.context:
        return  # a question about a contract or a score, with no cards dealt
    deal = replay(q.context["deal"])
    assert deal.players == n
    for label, cards in q.cards.items():
        assert len(set(cards)) == len(cards), label
        assert set(cards) <= set(CARDS)
    if kind in ("ecart",):
        assert deal.phase is Phase.ECART
        assert set(q.cards["Your hand, the dog taken in"]) == set(deal.hand(deal.taker))
    if kind in ("count", "target", "winner", "excuse", "score"):
        assert deal.phase is Phase.DONE
        check_consistent(deal, None)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, n=players, wanted=st.sampled_from(SITUATIONS))
def test_find_spot_finds_what_it_reports(seed, n, wanted):
    if wanted == "first_lead" and n != 5:
        return
    rng = random.Random(seed)
    excuse = (EXCUSE,) if wanted == "excuse_led" else ()
    spot = find_spot(n, rng, lambda d: situation(d) if wanted in situation(d) else None, hold=excuse, lead=excuse,
                     steer=ruffing_lead if wanted in RUFFING else None, deals=60)
    assert spot is not None
    deal = replay(spot.provenance)
    assert wanted in situation(deal) and spot.facts == situation(deal)
    assert deal.view(deal.to_act) == spot.view


@settings(max_examples=40, deadline=None)
@given(seed=seeds, n=players)
def test_provenance_round_trip(seed, n):
    deal = ready_to_play(n, random.Random(seed))
    again = replay(provenance(deal))
    assert [again.hand(s) for s in range(n)] == [deal.hand(s) for s in range(n)]
    assert again.log == deal.log and again.dog == deal.dog
    assert RuleSet.for_players(n).hand_size == len(parse_cards(" ".join(c.code for c in again.hand(0)))) or \
        again.taker == 0
