"""Choose the écart (``good_ecart``): the taker's hand with the dog; pick the best écart.

Graded by the rules first (an illegal écart scores 0, with the engine's reason), then **by play**
(``tutor.strategy.advisor.by_play``): a bounded set of sensible écarts (the bots', the principles' best, and for each
set of suits that can be emptied, the rest filled with the most points, the kings' guards kept, or the
smallest cards) is played out on the same ``SAMPLES`` deals of the cards the taker cannot see, by the advisor's
rollout. Every écart whose paired gap to the best is within its 95% interval is a best one (full credit); an
écart within ``HALF_GAP`` points a deal of the best gets half; the learner's own écart, when it is not a
candidate, is played out on the very same deals when it is graded. A position with fewer than 3 candidates
is drawn again (nothing to choose).
"""

from __future__ import annotations

import random

from ...engine import RuleSet, format_cards, sort_cards, trumps_needed
from ...i18n import N_, _, ngettext, pgettext
from ...i18n.words import card_short, say
from ...strategy.advisor.by_play import ecart_key, grade_ecart_against, grade_ecarts
from ...strategy.bots.ecart_score import _smallest_trumps, card_reasons, score_ecart
from ...strategy.bots.principles import PRINCIPLES
from ..answers import read_cards
from ..check import _feedback, grader
from ..positions import provenance, replay
from ..question import AnswerType
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import md
from .ecart import ecart_position

RULES = ("ecart_king", "ecart_oudler", "ecart_trump")
PLAY_SAMPLES = 48  # deals each candidate is played out on (about 1.5 s of CPU for a position)
SAMPLES = PLAY_SAMPLES  # what the generator uses (tests lower it)
HALF_GAP = 20  # an écart this close to the best (points a deal, for you) gets half credit
SHOWN = 6  # candidates listed in the feedback (the learner's own is always added)
PRINCIPLE_IDS = ("make-voids", "bank-points", "keep-kings", "guard-or-void", "no-trumps-in-ecart")


def codes(cards) -> str:
    return " ".join(c.code for c in cards)


def _rows(ctx: dict, mine: dict | None = None) -> str:
    """The candidates played out, best first: the mean score for you and the gap to the best."""
    lines = [_("| écart | for you, a deal | behind the best |"), "|---|---|---|"]
    rows = ctx["graded"][:SHOWN]
    if mine is not None and all(r["ecart"] != mine["ecart"] for r in rows):
        rows = [*rows, mine]
    for r in rows:
        you = " " + _("(yours)") if mine is not None and r["ecart"] == mine["ecart"] else ""
        gap = pgettext("ecart", "best") if r["gap"] == 0 else _("tied (within the noise)") if r["tie"] else \
            f"{r['gap']:.0f} ± {r['ci']:.0f}"
        lines.append(f"| {md(read_cards(r['ecart']))}{you} | {r['own']:+.0f} | {gap} |")
    return "\n".join(lines)


def how_graded(ctx: dict) -> str:
    return _("**How it is graded:** each écart above was played out on the same {samples} deals of the cards you "
             "cannot see (the practice bots at every seat, to the last card), you taking the {contract}. Écarts "
             "whose gap to the best is within the 95% noise of those deals are all right; one within {half} points "
             "a deal of the best gets half credit. The principles ({principles}) say why a good écart is good; the "
             "play-outs say which one is best here.").format(
        samples=ctx["samples"], contract=ctx["contract"], half=HALF_GAP,
        principles=", ".join(_(PRINCIPLES[p].name) for p in PRINCIPLE_IDS))


def reason_lines(hand, ecart, players: int) -> str:
    """Each card of the écart with why it is there, and the principle's name, one per line."""
    smallest = _smallest_trumps(hand, trumps_needed(list(hand), RuleSet.for_players(players).dog_size))
    return "\n".join(_("- {card}: {why} ({principle}).").format(card=card_short(c), why=why,
                                                                  principle=_(PRINCIPLES[pid].name))
                     for c, why, pid in card_reasons(hand, ecart, smallest))


def _makes_void(hand, ecart) -> bool:
    held = {c.kind for c in hand if c.kind < 4}
    return len({c.kind for c in hand if c.kind < 4 and c not in ecart}) < len(held)


def _graded_rows(advice) -> list[dict]:
    return [{"ecart": codes(o.key), "own": round(o.own_score, 1), "gap": round(o.gap, 1),
             "ci": round(o.gap_ci, 1), "tie": o.key in advice.ties} for o in advice.options]


@generator("good_ecart", "ecart-strategy", N_("Choose the best écart"))
def good_ecart_question(rng: random.Random, p: Params):
    chosen = None
    for _try in range(40):
        heavy = p.difficulty == 3 and rng.random() < 0.5
        try:
            deal = ecart_position(p.players, rng, heavy=heavy)
        except AssertionError:  # 80 deals without a taker worth it: rare, draw again
            continue
        view = deal.view(deal.taker)
        play_seed = rng.randrange(2**31)
        advice = grade_ecarts(view, samples=SAMPLES, seed=play_seed)
        if len(advice.options) < 3:
            continue  # nothing to choose
        if p.difficulty == 1 and not any(_makes_void(view.hand, k) for k in advice.ties):
            continue  # level 1: a best écart makes a void
        chosen = deal, view, advice, play_seed
        break
    if chosen is None:  # pragma: no cover - 40 draws of 80 deals each without a taker worth it
        raise AssertionError("no écart position found")
    deal, view, advice, play_seed = chosen
    hand = list(view.hand)
    n = deal.rules.dog_size
    best = advice.best
    dog = sort_cards(deal.dog)
    head = _("**{players} players.** You took a {contract} (×{multiplier}); the dog ({dog}) is now in your hand. "
             "**Choose the best écart of {n} cards** for the play ahead.").format(
        players=p.players, contract=deal.contract.french, multiplier=deal.contract.multiplier, dog=md(dog), n=n)
    ctx = {"hand": codes(hand), "players": p.players, "ecart_size": n, "dog": codes(dog), "deal": provenance(deal),
           "contract": deal.contract.french, "samples": advice.samples, "play_seed": play_seed,
           "graded": _graded_rows(advice), "principles": list(PRINCIPLE_IDS)}
    explanation = (_("A best écart: {cards}.").format(cards=md(best))
                   + f"\n\n{_rows(ctx)}\n\n{reason_lines(hand, best, p.players)}"
                   f"\n\n{how_graded(ctx)}\n\n{rule_lines(RULES)}")
    forced = any(c.is_trump for c in best)
    return make_question(p, prompt=head, cards={_("Your hand, the dog taken in"): tuple(hand),
                                                _("The dog"): tuple(dog)},
                         answer_type=AnswerType.PICK_CARDS, answer=tuple(best), pool=tuple(hand),
                         explanation=explanation, rules=RULES, grader="ecart_by_play", context=ctx,
                         tags=("trump_needed",) if forced else ())


def grade_mine(ctx: dict, given) -> dict:
    """The learner's écart as a row of the table: a candidate already played out, or played out now on the same
    deals against the best."""
    key = codes(ecart_key(given))
    row = next((r for r in ctx["graded"] if r["ecart"] == key), None)
    if row is not None:
        return row
    deal = replay(ctx["deal"])
    view = deal.view(deal.taker)
    best = read_cards(ctx["graded"][0]["ecart"])
    a = grade_ecart_against(view, given, best, samples=int(ctx["samples"]), seed=int(ctx["play_seed"]))
    o = a.option(ecart_key(given))
    gap = max(0.0, round(o.gap if a.best != o.key else -a.option(ecart_key(best)).gap, 1))
    return {"ecart": key, "own": round(o.own_score, 1), "gap": gap, "ci": round(o.gap_ci, 1),
            "tie": o.key in a.ties}


@grader("ecart_by_play")
def grade_ecart_by_play(q, raw):
    """Illegal: 0 and the rules' reasons. Legal: tied with the best 1, within HALF_GAP a deal 0.5, else 0; the
    candidates' table and each card's reason always."""
    given = read_cards(raw)
    ctx = q.context
    hand = read_cards(ctx["hand"])
    score = score_ecart(hand, given, players=int(ctx["players"]))
    shown = format_cards(sort_cards(given))
    if not score.legal:
        return _feedback(q, 0.0, _("Not a legal écart: {reasons}").format(
            reasons=" ".join(say(r) for r in score.reasons)),
                         [f"ecart_{r}" for r in score.rule_ids], shown)
    mine = grade_mine(ctx, given)
    table = _rows(ctx, mine)
    reasons = reason_lines(hand, given, int(ctx["players"]))
    show = ("\n\n" + ngettext("The trump {cards} must be shown.", "The trumps {cards} must be shown.",
                               len(score.shown)).format(cards=md(score.shown)) if score.shown else "")
    if mine["gap"] == 0 or mine["tie"]:
        return _feedback(q, 1.0, _("Right! A best écart by play: {own} a deal for you on average.").format(
            own=f"{mine['own']:+.0f}") + f"\n\n{table}\n\n{reasons}{show}", (), shown)
    credit = 0.5 if mine["gap"] <= HALF_GAP else 0.0
    best = read_cards(ctx["graded"][0]["ecart"])
    head = _("Legal, and {gap} points a deal behind the best écart (± {ci}), played out on the same {samples} "
             "deals. A best écart: {cards}.").format(gap=f"{mine['gap']:.0f}", ci=f"{mine['ci']:.0f}",
                                                     samples=ctx["samples"], cards=md(best))
    return _feedback(q, credit, f"{head}\n\n{table}\n\n{reasons}{show}", ["missed_best_ecart_by_play"], shown)
