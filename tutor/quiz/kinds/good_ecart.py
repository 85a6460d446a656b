"""Choose the écart (``good_ecart``): the taker's hand with the dog; pick the best écart.

Graded by the rules first (an illegal écart scores 0, with the engine's reason), then by the scored table
of principles in ``tutor.strategy.ecart_score`` (voids made, points banked, the smallest trumps when
trumps must go; kings kept by the rules): the credit is your écart's points over the best écart's. A
position where the lowest-point legal écart already scores the best is drawn again (nothing to choose).
"""

from __future__ import annotations

import random

from ...engine import format_cards, sort_cards
from ...strategy.ecart_score import ROWS, best_ecart, score_ecart
from ...strategy.principles import PRINCIPLES
from ..answers import read_cards
from ..check import _feedback, grader
from ..positions import provenance
from ..question import AnswerType
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import md
from .ecart import ecart_position, legal_example

RULES = ("ecart_king", "ecart_oudler", "ecart_trump")


def score_table(score, *, yours: bool = True) -> str:
    """The principles' table: per row, what your écart earns and what the best one earns."""
    head = "| principle | your écart | best écart |\n|---|---|---|" if yours else \
        "| principle | best écart |\n|---|---|"
    lines = [head]
    for r in score.rows:
        if not (r.got or r.best):
            continue  # no trump to give up: the row says nothing
        if yours:
            lines.append(f"| {r.name}: {r.unit} | {r.got:g} → {r.points:g} pts | {r.best:g} → {r.best_points:g} pts |")
        else:
            lines.append(f"| {r.name}: {r.unit} | {r.best:g} → {r.best_points:g} pts |")
    total = f"| **Total** | **{score.total:g}** | **{score.best_total:g}** |" if yours else \
        f"| **Total** | **{score.best_total:g}** |"
    return "\n".join([*lines, total])


def reason_lines(score) -> str:
    """Each card of the écart with why it is there, and the principle's name, one per line."""
    return "\n".join(f"- {c.short}: {why} ({PRINCIPLES[pid].name})." for c, why, pid in score.cards)


def how_scored() -> str:
    units = ", ".join(f"{PRINCIPLES[pid].name}: {pts} per {unit.split(' ', 1)[0].rstrip('s')} "
                      f"({unit})" for pid, unit, pts in ROWS)
    return (f"**How it is scored:** {units}. Kings and oudlers always stay (the rules; "
            f"{PRINCIPLES['keep-kings'].name}). Your credit is your écart's points over the best écart's.")


@generator("good_ecart", "ecart-strategy", "Choose the best écart")
def good_ecart_question(rng: random.Random, p: Params):
    deal = None
    for _ in range(40):
        heavy = p.difficulty == 3 and rng.random() < 0.5
        try:
            deal = ecart_position(p.players, rng, heavy=heavy)
        except AssertionError:  # 80 deals without a taker worth it: rare, draw again
            continue
        hand = list(deal.view(deal.taker).hand)
        n = deal.rules.dog_size
        best = best_ecart(hand, p.players)
        top = score_ecart(hand, best, players=p.players)
        plain = sorted(legal_example(hand, n), key=lambda c: (c.points, c.rank))[:n]
        low = score_ecart(hand, plain, players=p.players)
        if not top.rows[2].best and low.legal and low.total >= top.total:
            continue  # the cheapest écart is already the best: nothing to choose
        if p.difficulty == 1 and not top.rows[0].best:
            continue  # level 1: a void to make
        break
    if deal is None:  # pragma: no cover - 40 draws of 80 deals each without a taker worth it
        raise AssertionError("no écart position found")
    dog = sort_cards(deal.dog)
    head = (f"**{p.players} players.** You took a {deal.contract.french} (×{deal.contract.multiplier}); the dog "
            f"({md(dog)}) is now in your hand. **Choose the best écart of {n} cards** for the play ahead.")
    explanation = (f"A best écart: {md(best)}.\n\n{score_table(top, yours=False)}\n\n{reason_lines(top)}"
                   f"\n\n{how_scored()}\n\n{rule_lines(RULES)}")
    ctx = {"hand": " ".join(c.code for c in hand), "players": p.players, "ecart_size": n,
           "dog": " ".join(c.code for c in dog), "deal": provenance(deal),
           "principles": [pid for pid, _, _ in ROWS] + ["keep-kings"]}
    return make_question(p, prompt=head, cards={"Your hand, the dog taken in": tuple(hand), "The dog": tuple(dog)},
                         answer_type=AnswerType.PICK_CARDS, answer=tuple(best), pool=tuple(hand),
                         explanation=explanation, rules=RULES, grader="ecart_principles", context=ctx,
                         tags=("trump_needed",) if top.rows[2].best else ())


@grader("ecart_principles")
def grade_ecart_principles(q, raw):
    """Illegal: 0 and the rules' reasons. Legal: the scored table, each card's reason, credit = points / best."""
    given = read_cards(raw)
    ctx = q.context
    hand = read_cards(ctx["hand"])
    score = score_ecart(hand, given, players=int(ctx["players"]))
    shown = format_cards(sort_cards(given))
    if not score.legal:
        return _feedback(q, 0.0, "Not a legal écart: " + " ".join(score.reasons),
                         [f"ecart_{r}" for r in score.rule_ids], shown)
    reasons = reason_lines(score)
    table = score_table(score)
    show = (f"\n\nThe trump{'s' if len(score.shown) > 1 else ''} {md(score.shown)} must be shown."
            if score.shown else "")
    if score.credit >= 1.0:
        return _feedback(q, 1.0, f"Right! A best écart by the principles.\n\n{table}\n\n{reasons}{show}", (), shown)
    missed = [r.principle for r in score.rows if r.points < r.best_points]
    head = (f"Legal, and worth {score.total:g} of the best écart's {score.best_total:g} points "
            f"({round(score.credit * 100)}%). A best écart: {md(score.best)}.")
    return _feedback(q, score.credit, f"{head}\n\n{table}\n\n{reasons}{show}", [f"missed_{m}" for m in missed],
                     shown)
