"""Deals for the strategy tests: played by the reference bots (and random cards) to a chosen number of tricks left,
and a plain brute-force minimax over the engine's own ``Deal`` as the reference."""

from __future__ import annotations

import random

from tutor.engine import Bid, CallKing, Deal, DeclareChelem, Phase, PlayCard, RuleSet
from tutor.engine.cards import CARDS, card
from tutor.engine.deal import DealtCards
from tutor.engine.state import random_action
from tutor.strategy.bots.reference import decide  # the frozen bots: these deals do not move when the bots improve


def brute(d: Deal, seen: set | None = None) -> int:
    """The taker's final score with perfect play, by trying every legal card (engine only)."""
    if d.phase is Phase.DONE:
        r = d.result()
        if seen is not None:
            seen.update(outcomes(d, r))
        return r.score.taker
    seat = d.to_act
    values = []
    for c in d.legal_cards(seat):
        e = d.copy()
        e.apply(PlayCard(seat, c))
        values.append(brute(e, seen))
    return max(values) if d.camp(seat) == "attack" else min(values)


def outcomes(d: Deal, r) -> set[str]:
    """Names of the special scoring cases a finished deal went through."""
    out = set()
    notes = " ".join(r.notes)
    if r.chelem:
        out.add(f"chelem_{r.chelem}")
    if r.petit_au_bout:
        out.add(f"petit_au_bout_{r.petit_au_bout}")
    if "won the last trick" in notes:
        out.add("excuse_wins_last")
    if "changed side" in notes:
        out.add("excuse_changes_camp")
    if "half-point card in exchange" in notes:
        out.add("excuse_exchange")
    if "trick before counts as au bout" in notes:
        out.add("petit_au_bout_second_to_last")
    if r.score.counted_points != r.attack_points:
        out.add("half_point")
    if r.poignees:
        out.add("poignee")
    return out


def play_to(d: Deal, left: int, rng: random.Random, *, mid: int = 0, bots: float = 0.7, keep=None) -> Deal:
    """Play (bots mostly, random cards sometimes) until ``left`` tricks remain and ``mid`` cards of the next.
    ``keep`` is a card its holder keeps for the endgame while they have another legal card."""
    total = d.rules.tricks
    while d.phase is not Phase.DONE and (len(d.tricks) < total - left
                                         or len(d.tricks) == total - left and len(d.trick) < mid):
        action = decide(d.view(d.to_act)).action if rng.random() < bots else random_action(d, rng)
        legal = d.legal_cards(d.to_act)
        if keep is not None and getattr(action, "card", None) is keep and len(legal) > 1:
            action = PlayCard(d.to_act, rng.choice([c for c in legal if c is not keep]))
        d.apply(action)
    return d


def random_deal(players: int, rng: random.Random) -> Deal:
    """A dealt deal with a taker (the bots bid; if all pass, someone takes a random contract)."""
    while True:
        d = Deal.new(players, seed=rng.randrange(10**9), dealer=rng.randrange(players))
        if d.phase is Phase.CANCELLED:
            continue
        while d.phase is Phase.BIDDING:
            a = decide(d.view(d.to_act)).action
            if a.contract is None and rng.random() < 0.3:
                a = random_action(d, rng)
            d.apply(a)
        if d.phase is Phase.CANCELLED:
            continue
        while d.phase in (Phase.CALLING, Phase.ECART):
            d.apply(decide(d.view(d.to_act)).action)
        return d


def stacked_deal(players: int, taker_cards: str, contract: str, rng: random.Random, *, chelem: bool = False,
                 called: str | None = None, partner_cards: str = "") -> Deal:
    """A deal where the taker (seat 0) holds ``taker_cards`` (and the partner, seat 1, ``partner_cards``),
    the rest dealt at random; the taker bids ``contract``, the others pass."""
    rules = RuleSet.for_players(players)
    mine = [card(c) for c in taker_cards.split()]
    theirs = [card(c) for c in partner_cards.split()]
    while True:  # deal again when someone has the Petit sec
        rest = [c for c in CARDS if c not in mine and c not in theirs]
        rng.shuffle(rest)
        need = rules.hand_size - len(mine)
        hands = [tuple(mine + rest[:need])]
        rest = rest[need:]
        for s in range(1, players):
            extra = theirs if s == 1 else []
            k = rules.hand_size - len(extra)
            hands.append(tuple(extra + rest[:k]))
            rest = rest[k:]
        d = Deal(DealtCards(players, players - 1, tuple(hands), tuple(rest), 0, ()), rules=rules)
        if d.phase is Phase.BIDDING:
            break
    while d.phase is Phase.BIDDING:
        d.apply(Bid(d.to_act, contract if d.to_act == 0 else None))
    if d.phase is Phase.CALLING:
        d.apply(CallKing(0, card(called)) if called else decide(d.view(0)).action)
    while d.phase is Phase.ECART:
        d.apply(decide(d.view(0)).action)
    if chelem:
        d.apply(DeclareChelem(0))
    return d
