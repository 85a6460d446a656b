"""What would you bid? (``contract``): a hand, your seat and the bids so far; choose Pass or an open contract.

The hand and the earlier bids come from one seeded deal: the players before you bid as the practice bots
do (``choose_bid``). The verdict comes from the bidding estimator (``estimate_bids``): ``SAMPLES`` deals of
the cards you cannot see, kept only when the earlier players would have bid as they did, played out by
the bots with you taking and the others passing, each chance calibrated on the advisor's own play as taker.
``tutor.strategy.bidding.contracts`` grades the choice: the best expected score is right, and so is an option tied
with it within the estimate's noise (95%); a neighbour of the best within ``TOLERANCE`` points is half right.
A hand whose verdict is a tie is drawn again once.

The estimate costs about ``SAMPLES`` × 1 ms of CPU, so a question takes a fraction of a second to make; the app
makes it once per position, behind a spinner, and keeps it (``st.cache_data``). ``estimate_for`` keeps
the last estimates in this process too, so a question asked again (Replay, review) costs nothing.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...engine import Contract, RuleSet, TarotError, sort_cards
from ...engine.seats import seat_label
from ...i18n import N_, _, language, percent
from ...i18n.words import say
from ...strategy import estimate_bids
from ...strategy.bidding.advice import SAMPLES as BID_SAMPLES
from ...strategy.bidding.contracts import (
    CREDIT,
    TOLERANCE,
    earlier_bids,
    fits,
    grade,
    open_options,
    option_name,
    verdict,
)
from ...strategy.bots.handcount import count_steps, hand_strength, thresholds
from ...strategy.bots.principles import PRINCIPLES
from ..answers import read_choice
from ..check import _feedback, grader
from ..positions import biased_deal
from ..question import AnswerType, Choice, signed
from ..registry import Params, generator, make_question
from ..rules import rule_lines

SAMPLES = BID_SAMPLES  # 80 deals per estimate, as the Practice hint: about 0.1 s of CPU; the tie test keeps
# the verdicts honest at this size
RULES = ("multiplier", "dog_fate", "outbid")
# Trumps in your hand (out of 18 cards; scaled to the hand size), by difficulty: clear hands (few trumps or
# many) first, then the close calls around the garde, then the big contracts. Strong hands are too rare in
# plain deals (a hand worth a garde is about 1 in 100), so the hand is dealt with that many trumps.
TRUMPS = {1: (3, 4, 10, 11), 2: (6, 7, 8), 3: (9, 10, 11, 12)}
KEY = {None: "pass", **{c: c.value for c in Contract}}


def threshold_words(players: int = 4) -> str:
    """'petite from 40, garde 56, garde sans 71, garde contre 81': the bots' thresholds at this table size."""
    return ", ".join((_("{contract} from {need}") if i == 0 else "{contract} {need}").format(
        contract=option_name(c).lower(), need=need) for i, (need, c) in enumerate(sorted(thresholds(players))))


def said_option(option) -> str:
    """'Pass' / « Passe », 'Garde sans': an option as the learner's language names it."""
    return _(option_name(option))


def key_option(key: str):
    return None if key == "pass" else Contract(key)


@lru_cache(maxsize=64)
def estimate_for(hand: tuple, players: int, seat: int, bids: tuple, samples: int, seed: int):
    """The estimate for one position (kept: an immutable result of immutable inputs)."""
    return estimate_bids(hand, players=players, seat=seat, samples=samples, rng=random.Random(seed),
                         given=fits(list(bids), players, seat))


def _position(rng: random.Random, players: int, difficulty: int):
    """(hands, seat, bids): a seeded deal with your hand at ``seat`` (seat 0 speaks first), the earlier seats'
    bids, and at least Pass and two contracts still open."""
    size = RuleSet.for_players(players).hand_size
    for _try in range(300):
        seat = rng.randrange(players)
        trumps = round(rng.choice(TRUMPS[difficulty]) * size / 18)
        hands = biased_deal(players, rng, seat, trumps=trumps, excuse=rng.random() < 0.4).dealt.hands
        bids = earlier_bids(hands, players, seat)
        # Pass and two contracts at least; an earlier garde sans or more is too rare to sample deals for.
        if len(open_options(bids)) >= 3 and all(b is None or b <= Contract.GARDE for b in bids):
            return hands, seat, bids
    raise AssertionError("no bidding position found")  # pragma: no cover


def bids_text(bids: list) -> str:
    if not bids:
        return _("You speak first.")
    said = [(_("{seat} passed") if b is None else _("{seat} bid a {contract}")).format(
        seat=say(seat_label(s, capital=True)), contract=option_name(b).lower() if b is not None else "")
        for s, b in enumerate(bids)]
    return ("\u202f; " if language() == "fr" else "; ").join(said) + "."


@generator("contract", "contract-choice", N_("What would you bid? The best expected score"))
def contract_question(rng: random.Random, p: Params):
    chosen = None
    for _try in range(6):
        hands, seat, bids = _position(rng, p.players, p.difficulty)
        hand = tuple(sort_cards(hands[seat]))
        estimate_seed = rng.randrange(2**31)
        try:
            est = estimate_for(hand, p.players, seat, tuple(bids), SAMPLES, estimate_seed)
        except TarotError:  # no deal of the unseen cards fits the earlier bids often enough: another hand
            continue
        v = verdict(est.scores, open_options(bids))
        tie_again = chosen is not None  # a tie gets one more draw, then is graded as a tie
        chosen = hand, seat, bids, est, v, estimate_seed
        if len(v.ties) == 1 or tie_again:
            break
    if chosen is None:  # pragma: no cover - six hands whose earlier bids no sampled deal fits
        raise AssertionError("no bidding position found")
    hand, seat, bids, est, v, estimate_seed = chosen
    options = v.options
    steps = count_steps(hand, players=p.players).lines()
    prompt = (_("**{players} players.** You are {seat} ({k} of {players} to speak).").format(
        players=p.players, seat=say(seat_label(seat)), k=seat + 1) + f" {bids_text(bids)}\n\n"
        + _("**What would you bid?** Choose the contract with the best expected score, or pass."))
    rows = {KEY[o]: {"expected": round(v.expected[o], 1), "gap": round(v.gap[o][0], 1),
                     "noise": round(v.gap[o][1], 1)} for o in options}
    for o in options:
        if o is not None:
            e = est.contracts[o]
            rows[KEY[o]].update(chance=round(e.chance, 3), low=round(e.low, 3), high=round(e.high, 3))
    ctx = {"hand": " ".join(c.code for c in hand), "players": p.players, "seat": seat,
           "bids": [KEY[b] for b in bids], "options": rows, "best": KEY[v.best],
           "ties": [KEY[o] for o in v.ties], "samples": est.samples, "estimate_seed": estimate_seed,
           "steps": [[say(label), round(points, 2)] for label, points in steps],
           "strength": round(hand_strength(hand, players=p.players), 1),
           "table": {"players": p.players, "dealer": p.players - 1, "you": seat},
           "principles": ["hand-count", "best-expected-score"],
           "ordered_choices": True}  # shown as the scale they are: Pass, Petite, Garde, Garde sans, Garde contre
    explanation = explain(ctx)
    return make_question(p, prompt=prompt, cards={_("Your hand"): hand}, answer_type=AnswerType.CHOICE,
                         answer=KEY[v.best], choices=tuple(Choice(KEY[o], said_option(o)) for o in options),
                         explanation=explanation, rules=RULES, grader="contract", context=ctx,
                         tags=("tie",) if len(v.ties) > 1 else ())


def estimate_table(ctx: dict) -> str:
    """One row per option: the chance to make it (95% interval), the expected score, the gap to the best."""
    lines = [_("| bid | makes it (95% interval) | expected score |"), "|---|---|---|"]
    for key, row in ctx["options"].items():
        name = said_option(key_option(key))
        if key == ctx["best"]:
            name = _("**{name}** (best)").format(name=name)
        elif key in ctx["ties"]:
            name = _("{name} (tied)").format(name=name)
        chance = (_("{chance} ({low}–{high})").format(chance=percent(row["chance"]), low=percent(row["low"]),
                                                      high=percent(row["high"])) if "chance" in row
                  else _("you do not play"))
        lines.append(f"| {name} | {chance} | {signed(round(row['expected']))} |")
    return "\n".join(lines)


def _num(x: float) -> str:
    return f"{x:g}" if language() == "en" else f"{x:g}".replace(".", ",")


def how_estimated(ctx: dict) -> str:
    return _("Estimated from {samples} deals: the cards you cannot see dealt at random, keeping only deals where "
             "the players before you would have bid as they did; each deal played out by the practice bots, you "
             "taking and the others passing; each chance is then calibrated on how often the advisor, playing the "
             "taker's cards against the bots, made that contract (measured on thousands of deals). Passing scores 0 "
             "for you. Two bids whose gap is within the estimate's noise (95%) are a tie and both count as right; "
             "the bid next to the best (Pass, Petite, Garde, Garde sans, Garde contre) counts half when its expected "
             "score is within {tolerance} points of the best.").format(samples=ctx["samples"], tolerance=TOLERANCE)


def count_table(ctx: dict) -> str:
    lines = [_("| your hand count | points |"), "|---|---|"]
    lines += [f"| {label} | {_num(points)} |" for label, points in ctx["steps"]]
    lines.append(_("| **total** ({thresholds}) | **{strength}** |").format(
        thresholds=threshold_words(int(ctx["players"])), strength=_num(ctx["strength"])))
    return "\n".join(lines)


def explain(ctx: dict) -> str:
    best = PRINCIPLES["best-expected-score"]
    count = PRINCIPLES["hand-count"]
    return (f"{estimate_table(ctx)}\n\n{how_estimated(ctx)}\n\n**{_(count.name)}.** {_(count.says)}\n\n"
            f"{count_table(ctx)}\n\n**{_(best.name)}.** {_(best.says)} "
            + _("A garde scores twice a petite, won or lost, so when a petite is expected to win, a garde is expected "
                "to win twice as much.") + f"\n\n{rule_lines(RULES)}")


@grader("contract")
def grade_contract(q, raw):
    """Full credit for the best expected score or a tie with it; half for a close neighbour; the table always."""
    key = read_choice(raw, q.choices)
    ctx = q.context
    rows, best = ctx["options"], ctx["best"]
    name, best_name = said_option(key_option(key)), said_option(key_option(best))
    table = estimate_table(ctx)
    words = threshold_words(int(ctx["players"]))
    note = _("Estimated from {samples} deals. Your hand counts {strength} ({thresholds}): the count step by step and "
             "how the estimate is made are under “Show me why”.").format(
        samples=ctx["samples"], strength=_num(ctx["strength"]), thresholds=words)
    mine, top = rows[key]["expected"], rows[best]["expected"]
    verdict_ = grade(list(rows), key, best, ctx["ties"], rows[key]["gap"])
    if verdict_ == "best":
        return _feedback(q, 1.0, _("Right! {name} has the best expected score ({top}).").format(
            name=name, top=signed(round(top))) + f"\n\n{table}\n\n{note}", (), name)
    if verdict_ == "tie":
        return _feedback(q, CREDIT["tie"], _("Right! {name} ({mine}) is tied with {best} ({top}) within the "
                                             "estimate's noise.").format(name=name, mine=signed(round(mine)),
                                                                         best=best_name, top=signed(round(top)))
                         + f"\n\n{table}\n\n{note}", (), name)
    keys = list(rows)
    gap = top - mine
    if verdict_ == "neighbour":
        return _feedback(q, CREDIT["neighbour"], _("Close: {name} is next to the best bid, {best}, and only {gap} "
                                                   "points behind it on average (within {tolerance}: half "
                                                   "credit).").format(name=name, best=best_name, gap=round(gap),
                                                                      tolerance=TOLERANCE)
                         + f"\n\n{table}\n\n{note}", ["near_contract"], name)
    text = (_("Not the best: {name} is too high: it loses too often. {best} is expected to score {top}, {name} "
              "{mine}.") if keys.index(key) > keys.index(best) else
            _("Not the best: {name} is too low: it leaves points. {best} is expected to score {top}, {name} "
              "{mine}.")).format(name=name, best=best_name, top=signed(round(top)), mine=signed(round(mine)))
    return _feedback(q, 0.0, f"{text}\n\n{table}\n\n{note}",
                     ["overbid" if keys.index(key) > keys.index(best) else "underbid"], name)

