"""Scoring a deal with the breakdown form (``score``).

The numbers come from played deals: the attack's points and oudlers, the petit au bout, the
poignées shown and the chelem are what the engine counted at the end of a real deal. A poignée,
a Petit kept to the last trick or a chelem is made likely by how the deal is dealt and played.
"""

from __future__ import annotations

import random

from ...engine import RuleSet, score_deal
from ...i18n import N_, _
from ...i18n.words import say
from ..positions import (
    PETIT_LAST,
    biased_deal,
    chelem_deal,
    chelem_hold,
    defence_chelem_deal,
    petit_deal,
    play_out,
    provenance,
    ready_to_play,
    taken,
)
from ..question import AnswerType
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..scoreform import describe, form_answer, form_fields, score_params

CHELEMS = ("announced_made", "made", "announced_failed", "defence")


def deal_params(deal) -> dict:
    """The score parameters of a finished deal, as its result counted them."""
    r = deal.result()
    return score_params(deal.players, deal.contract, r.attack_points, r.oudlers, petit_au_bout=r.petit_au_bout,
                        poignees=list(r.poignees), chelem=r.chelem, alone=r.score.alone)


def played(p: Params, rng: random.Random, *, bonus: bool):
    """A finished deal; with ``bonus``, one likely to have a poignée or a petit au bout."""
    players = p.players
    if not bonus:
        for _ in range(10):
            deal = play_out(ready_to_play(players, rng), rng)
            params = deal_params(deal)
            if not params["petit_au_bout"]:
                break
        return params, deal
    for _ in range(8):
        poignee = rng.random() < 0.6
        pab = not poignee or rng.random() < 0.5
        if poignee:
            need = RuleSet.for_players(players).poignee_thresholds["simple"]
            deal = taken(lambda need=need: biased_deal(players, rng, rng.randrange(players),
                                                       trumps=need + rng.randint(0, 3), excuse=rng.random() < 0.3),
                         rng, players)
        else:
            deal = petit_deal(players, rng)
        play_out(deal, rng, hold=PETIT_LAST if pab else (), poignee=1.0)
        params = deal_params(deal)
        if params["petit_au_bout"] or params["poignees"]:
            break
    return params, deal


def chelem_case(p: Params, rng: random.Random, kind: str):
    if kind in ("announced_made", "made"):
        for _ in range(10):
            deal = chelem_deal(p.players, rng, taker_excuse=rng.random() < 0.6, petit=rng.random() < 0.7,
                               announce=kind == "announced_made")
            play_out(deal, rng, hold=chelem_hold(deal))
            params = deal_params(deal)
            if params["chelem"] == kind:
                return params, deal
    if kind == "announced_failed":  # a real deal in which the taker announced a chelem, then lost a trick
        for _ in range(10):
            deal = ready_to_play(p.players, rng)
            deal.declare_chelem(deal.taker)
            play_out(deal, rng)
            params = deal_params(deal)
            if params["chelem"] == kind:
                return params, deal
    if kind == "defence":
        # A deal where the defence takes every trick needs a hand nobody would bid: keep only its numbers.
        deal = play_out(defence_chelem_deal(p.players, rng), rng)
        return deal_params(deal), None
    raise AssertionError(f"no {kind} chelem in ten deals")  # pragma: no cover


@generator("score", "scoring", N_("Score a deal step by step on the breakdown form"), options={"chelem": CHELEMS})
def score_question(rng: random.Random, p: Params):
    wanted = p.get("chelem")
    if wanted is None and p.difficulty == 3 and rng.random() < 0.35:
        wanted = rng.choice(CHELEMS)
    if wanted:
        params, deal = chelem_case(p, rng, wanted)
    else:
        params, deal = played(p, rng, bonus=p.difficulty >= 2)
    s = score_deal(**params)
    answer = form_answer(params)
    rules = ["target"] + (["half_point"] if "counted" in answer else []) + ["base"]
    rules += [r for k, r in (("petit_au_bout", "petit_au_bout"), ("poignee", "poignee_bonus"),
                             ("chelem", "chelem_bonus")) if k in answer]
    rules += ["per_defender", "shares"]
    explanation = "\n".join(f"- {say(st.text)}" for st in s.steps) + "\n\n" + rule_lines(rules)
    shown_by = [deal.camp(seat) for seat, _cards, _level in deal.poignees] if deal is not None else None
    prompt = _("**Score this deal.** {deal}\n\nFill in each step: + for the attack, − for the defence, per "
               "defender, then every player's score.").format(deal=describe(params, shown_by))
    ctx = {"score": params}
    if deal is not None:
        ctx["deal"] = provenance(deal)
    return make_question(p, prompt=prompt, answer_type=AnswerType.SCORE_FORM, answer=answer,
                         fields=form_fields(answer), explanation=explanation, rules=tuple(rules),
                         grader="score_form", context=ctx,
                         tags=tuple(k for k in ("counted", "petit_au_bout", "poignee", "chelem") if k in answer))
