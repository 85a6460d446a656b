"""Issue 12, points 9 and 10: generated deals are ones a sensible player bids, and hints say true things.

Plausibility rule (``tutor.quiz.positions.plausible``): the taker's hand before the dog is worth the
contract by the bots' own count (``wanted_contract``) and holds trumps: at least 7 / 5 / 4 of them with
3 / 4 / 5 players, one 16 or higher (or two oudlers). Why: the bots' count alone rates long plain suits
so highly that a hand with five small trumps "takes", which no club player would do; and a contract
above what the hand is worth (a garde contre with no trump) teaches the wrong picture of bidding.
"""

from __future__ import annotations

import itertools
import re

import pytest

from tutor.engine import EXCUSE, PETIT, TRUMPS, Deal, Phase, PlayCard, legal_plays, parse_cards, trick_winner
from tutor.practice import decide
from tutor.quiz import generate
from tutor.quiz.positions import plausible, replay

KINDS_WITH_DEALS = ("count", "target", "legal", "winner", "ecart", "poignee", "score", "five", "excuse",
                    "bidding")


@pytest.mark.parametrize("kind", KINDS_WITH_DEALS)
def test_generated_deals_have_plausible_takers(kind):
    checked = 0
    for seed, players, difficulty in itertools.product(range(30), (3, 4, 5), (1, 2, 3)):
        if kind == "five" and players != 5:
            continue
        q = generate(kind, seed, players=players, difficulty=difficulty)
        if "deal" not in q.context:
            continue
        deal = replay(q.context["deal"])
        if deal.taker is None:
            continue
        hand = deal.dealt.hands[deal.taker]
        trumps = sum(1 for c in hand if c.is_trump)
        where = (kind, seed, players, difficulty, deal.contract.value, " ".join(c.code for c in hand))
        assert plausible(hand, deal.contract, players), where
        assert not (deal.contract.value == "garde_contre" and trumps == 0), where
        assert not (deal.contract.value == "petite" and trumps <= 2), where
        checked += 1
    assert checked >= (5 if kind == "bidding" else 20)  # most bidding questions stop mid-auction


def test_the_plausibility_rule_rejects_the_issue_examples():
    five_small = parse_cards("KH QH 3H 4H 5H 6H 7H 8H 9H 10H 1S 2S T2 T3 T4 T5 T6 EX")
    assert not plausible(five_small, "petite", 4)
    no_trump = parse_cards("KH QH CH JH KS QS CS JS KD QD CD JD KC QC CC JC 10H 10S")
    assert not plausible(no_trump, "garde_contre", 4)
    two_trumps = parse_cards("T21 T20 KH QH CH KS QS CS KD QD 10D 9D 8D 7D KC 2C 3C 4C")
    assert not plausible(two_trumps, "petite", 4)


def test_ecart_puzzles_have_plausible_takers():
    """Hand-written écart puzzles give the taker's hand with the dog: the cards kept after the bots' écart
    must be a hand a sensible player takes with."""
    from pathlib import Path

    from tutor.practice import choose_ecart
    from tutor.quiz.puzzles import load_puzzles
    for pz in load_puzzles(Path(__file__).resolve().parents[2] / "puzzles"):
        if pz.kind != "ecart":
            continue
        players = pz.players or 4
        hand = parse_cards(pz.position["hand"])
        kept = [c for c in hand if c not in choose_ecart(hand, players=players)]
        assert plausible(kept, "petite", players), pz.id


# ---------------------------------------------------------------- 10. hints that are true


def cheaper(a, b) -> bool:
    """``a`` is cheaper to give away than ``b``, as a learner counts: fewer points; at equal points a plain card
    before a trump, and a lower rank of the same sort before a higher one."""
    if a.points != b.points:
        return a.points < b.points
    if a.is_trump != b.is_trump:
        return not a.is_trump
    return a.rank < b.rank


def _safe(deal: Deal, seat: int, card) -> bool:
    """True when no seat of the other camp still to play could beat ``card`` in the current trick."""
    trick = list(deal.trick) + [card]
    seats = list(deal.trick_seats) + [seat]
    for s in range((seat + 1) % deal.players, seat + deal.players):
        s %= deal.players
        if s in seats or len(seats) == deal.players:
            break
        if deal.camp(s) != deal.camp(seat):
            for c in legal_plays(deal.hand(s), trick):
                if trick_winner(trick + [c]) == len(trick):
                    return False
    return True


def check_hint(deal: Deal, seat: int, card, reason: str) -> list[str]:
    """Every claim of ``reason`` that is false in this position (checked with the true hands)."""
    view = deal.view(seat)
    legal = [c for c in view.legal if c is not EXCUSE]
    hand = list(view.hand)
    bad = []
    length = {k: sum(1 for c in hand if c.kind == k) for k in range(4)}
    says_cheapest = any(w in reason for w in ("use the cheapest", "play your cheapest card",
                                              "follow with your cheapest"))
    if says_cheapest and any(cheaper(c, card) for c in legal):
        bad.append("cheapest")
    if "cheapest card that wins" in reason:
        winners = [c for c in legal if trick_winner(list(deal.trick) + [c]) == len(deal.trick)]
        if card not in winners or any(cheaper(c, card) for c in winners):
            bad.append("cheapest that wins")
    if "the cheapest card that no trump still out can beat" in reason:
        seen = set(hand) | set(view.played) | set(view.ecart_trumps) | {c for _, cs in view.poignees for c in cs}
        top_out = max((c.rank for c in TRUMPS if c not in seen), default=0)
        holding = [c for c in legal if c.is_trump and c.rank > top_out]
        if card not in holding or any(cheaper(c, card) for c in holding):
            bad.append("cheapest that holds")
    if "Lead your cheapest card" in reason:
        others = [c for c in legal if c is not PETIT]
        if any(cheaper(c, card) for c in others):
            bad.append("cheapest lead")
    m = re.search(r"your longest suit \((\d+) cards\)", reason)
    if m and (length[card.kind] != int(m.group(1)) or int(m.group(1)) != max(length.values())):
        bad.append("longest")
    m = re.search(r"longest suit you may lead now \((\d+) cards\)", reason)
    if m:
        leadable = {c.kind for c in legal if c.kind < 4}
        if length[card.kind] != int(m.group(1)) or int(m.group(1)) != max(length[k] for k in leadable):
            bad.append("longest you may lead")
    if "trick is safe" in reason:
        w = trick_winner(list(deal.trick))
        if not _safe(deal, deal.trick_seats[w], deal.trick[w]) or deal.camp(deal.trick_seats[w]) != deal.camp(seat):
            bad.append("safe")
    if "lowest" in reason:
        bad.append("unchecked claim 'lowest'")  # no hint says it; a new one must be checked here first
    return bad


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_hint_claim_holds_in_its_position(players):
    checked = 0
    for seed in range(90 if players == 4 else 60):
        deal = Deal.new(players, seed=seed, dealer=seed % players)
        while deal.phase not in (Phase.DONE, Phase.CANCELLED):
            seat = deal.to_act
            move = decide(deal.view(seat))
            if isinstance(move.action, PlayCard):
                bad = check_hint(deal, seat, move.card, move.reason)
                assert not bad, (seed, seat, bad, move.reason, [c.code for c in deal.hand(seat)],
                                 [c.code for c in deal.trick])
                checked += 1
            elif "longest" in move.reason:  # the call: "your longest suit (N cards)"
                hand = deal.hand(seat)
                m = re.search(r"\((\d+) cards\)", move.reason)
                length = {k: sum(1 for c in hand if c.kind == k) for k in range(4)}
                assert m and length[move.action.card.kind] == int(m.group(1)), move.reason
                if "your longest suit" in move.reason:
                    assert int(m.group(1)) == max(length.values()), move.reason
            deal.apply(move.action)
    assert checked > 500
