"""Best card, single dummy: decide on what you can see, graded by the advisor.

``seat_card`` (endgames): a real deal played by the practice bots into its second half, stopped at a
seat's turn (either side). The learner sees only that seat's view: their hand, the trick, the last trick,
the contract and the roles they know (the dog if it was shown); never another hand. The advisor
(``advise_card`` on that view, ``DRILL_BUDGET_MS``, seed 1: the Hint's verdict at the table) values every
legal card on sampled deals of the unseen cards; every card in its tie set is right. A position whose
verdict ties every legal card is drawn again (and, in the first tries, one that leaves fewer than two cards
outside the tie set).
"""

from __future__ import annotations

import random

from ...engine import Deal, Phase, card
from ...engine.seats import seat_label
from ...i18n import N_, _, ngettext
from ...i18n.words import card_short, say
from ...strategy.advisor.advise import HINT_BUDGET_MS, advise_card
from ...strategy.bots.policy import decide
from ...strategy.bots.principles import PRINCIPLES
from ...strategy.exact.solver import EXACT_CARDS
from ..check import _feedback, grader
from ..positions import provenance, ready_to_play
from ..question import AnswerType
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import cap, md, plural
from .endgame import card_refused

RULES = ("follow_suit", "trick_winner")
DRILL_BUDGET_MS = HINT_BUDGET_MS  # the same verdict as the Hint at the table: under a second a question
SEED = 1
# Tricks left when the question starts, by difficulty: later is easier (more cards seen, fewer unknowns).
# Difficulty 3 is beyond the solver's exact range (the bots play each sampled deal out first).
TRICKS = {3: {1: (3, 4), 2: (5, 6), 3: (9, 10)}, 4: {1: (3, 4), 2: (4, 5), 3: (8, 9)},
          5: {1: (3, 4), 2: (4,), 3: (6, 7)}}
# Just inside the solver's range each sampled deal is solved exactly at a high cost (the advisor solves at
# least ten): positions with this many cards or fewer below the edge are drawn again.
EDGE = 5


def role(deal: Deal, seat: int) -> str:
    """The seat's own role: a called partner knows it holds the called king."""
    if seat == deal.taker:
        return _("the taker")
    return _("the called partner") if seat == deal.partner else _("a defender")


def seat_deal(players: int, rng: random.Random, tricks_left: int) -> Deal | None:
    deal = ready_to_play(players, rng)
    total = deal.rules.tricks
    mid = rng.randrange(players)
    while deal.phase is Phase.PLAYING and (len(deal.tricks) < total - tricks_left
                                           or len(deal.tricks) == total - tricks_left and len(deal.trick) < mid):
        deal.apply(decide(deal.view(deal.to_act)).action)
    return deal if deal.phase is Phase.PLAYING else None


def find_position(players: int, difficulty: int, rng: random.Random):
    """(deal, advice): a position where the advisor tells cards apart (not all tied)."""
    for tries in range(60):
        deal = seat_deal(players, rng, rng.choice(TRICKS[players][difficulty]))
        if deal is None:
            continue
        view = deal.view(deal.to_act)
        left = deal.rules.hand_size * players - len(view.played)
        if len(view.legal) < 3 or EXACT_CARDS[players] - EDGE < left <= EXACT_CARDS[players]:
            continue
        advice = advise_card(view, budget_ms=DRILL_BUDGET_MS, seed=SEED)
        # Two cards outside the tie set make a clear question; after many tries, one will do.
        if len(view.legal) - len(advice.ties) >= (2 if tries < 20 else 1):
            return deal, advice
    raise AssertionError("no position found")  # pragma: no cover


def tricks_text(view) -> str:
    """Every trick played, one line each, seats counted from 1 (what the seat has seen)."""
    def who(s: int) -> str:
        return _("{seat} (you)").format(seat=say(seat_label(s))) if s == view.seat else say(seat_label(s))
    return "\n".join(f"{i}. " + _("{plays}: {winner}").format(
        plays=", ".join(f"{who(s)} {card_short(c)}" for s, c in zip(t.seats, t.cards)),
        winner=say(seat_label(t.winner))) for i, t in enumerate(view.tricks, 1))


def values_table(values: dict, ties: list[str]) -> str:
    """Each legal card (code -> [your mean score, gap to the best, the gap's margin]) with its verdict."""
    lines = [_("| card | your score on average | verdict |"), "|---|---|---|"]
    for code, (own, gap, margin) in values.items():
        verdict = _("**best**") if code in ties else _("{gap} points worse (±{margin})").format(
            gap=f"{gap:.0f}", margin=f"{margin:.0f}")
        lines.append(f"| {card_short(card(code))} | {own:+.0f} | {verdict} |")
    return "\n".join(lines)


@generator("seat_card", "endgames", N_("The best card on what you can see (single dummy)"))
def seat_card_question(rng: random.Random, p: Params):
    deal, advice = find_position(p.players, p.difficulty, rng)
    you = deal.to_act
    view = deal.view(you)
    attack = deal.camp(you) == "attack"
    total = deal.rules.tricks
    head = _("**{players} players, {contract}.** You see only your hand and what has been played. You are {seat} "
             "({role}), to play to trick {k} of {total}; {n_tricks} played so far.").format(
        players=p.players, contract=deal.contract.french, seat=say(seat_label(you)), role=role(deal, you),
        k=len(deal.tricks) + 1, total=total, n_tricks=plural(len(deal.tricks), "trick"))
    seen = []
    if view.called is not None:
        seen.append(_("The called king is {card}; {seat} holds it.").format(
            card=card_short(view.called), seat=say(seat_label(view.partner)))
            if view.partner is not None and view.partner != you else
            _("The called king is {card}.").format(card=card_short(view.called)))
    if view.dog:
        seen.append(_("The dog, shown to everyone: {cards}.").format(cards=md(view.dog)))
    for s, shown in view.poignees:
        seen.append(_("{seat} showed a poignée: {cards}.").format(seat=cap(say(seat_label(s))), cards=md(shown)))
    if seen:
        head += "\n\n" + " ".join(seen)
    prompt = (head + "\n\n" + _("**Which card is best?** The best for your side on average over the deals you "
                                 "cannot see.")
              + "\n\n" + _("The tricks so far (who won each):") + "\n\n" + tricks_text(view))
    cards = {_("Your hand"): tuple(view.hand)}
    if deal.trick:
        cards[_("Trick so far")] = tuple(deal.trick)
    if view.dog:
        cards[_("The dog (shown)")] = tuple(view.dog)
    ties = [c.code for c in advice.ties]
    values = {o.key.code: [round(o.own_score, 1), round(o.gap, 1), round(o.gap_ci, 1)] for o in advice.options}
    principle = PRINCIPLES["count-tricks"]
    explanation = (_("Each legal card, valued on {samples} deals of the cards you cannot see that fit the bids and "
                     "the play so far, the rest of each deal played out: your score for the deal on average. A card "
                     "whose gap to the best is within the margin counts as best.").format(samples=advice.samples)
                   + "\n\n" + values_table(values, ties)
                   + f"\n\n**{_(principle.name)}.** {_(principle.says)}\n\n" + rule_lines(RULES))
    ctx = {"deal": provenance(deal), "seat": you, "pick_one": True, "values": values, "ties": ties,
           "attack": attack, "principles": [principle.id], "trick": " ".join(c.code for c in deal.trick),
           "hand": " ".join(c.code for c in view.hand), "samples": advice.samples}
    return make_question(p, prompt=prompt, cards=cards, answer_type=AnswerType.PICK_CARDS,
                         answer=tuple(card(c) for c in ties), pool=tuple(view.hand), explanation=explanation,
                         rules=RULES, grader="seat_card", context=ctx,
                         tags=("attack" if attack else "defence", "single_dummy"))


@grader("seat_card")
def grade_seat_card(q, raw):
    """One card: right when it is in the advisor's tie set; an illegal card gets the rule's reason."""
    refused, c = card_refused(q, raw)
    if refused is not None:
        return refused
    ctx = q.context
    values = ctx["values"]
    ties = ctx["ties"]
    table = "\n\n" + values_table(values, ties)
    if c.code in ties:
        others = [card_short(card(x)) for x in ties if x != c.code]
        also = (" " + ngettext("{cards} is as good.", "{cards} are as good.", len(others)).format(
            cards=cap(", ".join(others)))) if others else ""
        return _feedback(q, 1.0, _("Right! {card} is among the best on what you can see.").format(
            card=cap(card_short(c))) + f"{also}{table}", (), c.code)
    own, gap, margin = values[c.code]
    names = _(" or ").join(card_short(card(x)) for x in ties)
    return _feedback(q, 0.0, _("Not the best: {card} gives your side {own} on average, {gap} points less than "
                               "{names} (±{margin}).").format(card=card_short(c), own=f"{own:+.0f}", gap=f"{gap:.0f}",
                                                              names=names, margin=f"{margin:.0f}") + table,
                     ["worse_card"], c.code)
