"""The poignée: the biggest one a hand may show, a show to judge, or the cards to show (``poignee``).

Hands with a poignée are rare, so the deal gives one seat a number of trumps near a threshold
(with or without the Excuse); the question is asked just before that seat's first card.
"""

from __future__ import annotations

import random

from ...engine import RuleSet, check_poignee, poignee_options, poignee_to_show
from ...engine.words import N_
from ...i18n import _
from ...i18n.words import say
from ..positions import biased_deal, find_spot, taken
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import cap, md, plural

MODES = ("level", "judge", "pick")
LEVEL_CHOICES = (Choice("none", N_("None")), Choice("simple", N_("A simple poignée")),
                 Choice("double", N_("A double poignée")), Choice("triple", N_("A triple poignée")))
JUDGE_CHOICES = (Choice("legal", N_("Legal")),
                 Choice("count", N_("Not legal: it must show exactly the number of trumps of a poignée")),
                 Choice("excuse", N_("Not legal: the Excuse may not stand in while a trump stays hidden")))
ORDER = ("none", "simple", "double", "triple")
# "a {level} poignée", in the learner's language.
A_LEVEL = {"simple": N_("a simple poignée"), "double": N_("a double poignée"), "triple": N_("a triple poignée")}


def _said(choices) -> tuple[Choice, ...]:
    return tuple(Choice(c.key, _(c.label)) for c in choices)


def poignee_hand(p: Params, rng: random.Random, *, excuse_case: bool):
    """A hand near a poignée threshold, just before its first card: (view, provenance)."""
    rules = RuleSet.for_players(p.players)
    level = rng.choice(list(rules.poignee_thresholds))
    need = rules.poignee_thresholds[level]
    excuse = excuse_case or rng.random() < 0.3
    trumps = need - 1 if excuse_case else need + rng.choice((-1, 0, 0, 1, 2))
    trumps = max(1, min(trumps, 21, rules.hand_size - excuse))
    seat = rng.randrange(p.players)
    deal = taken(lambda: biased_deal(p.players, rng, seat, trumps=trumps, excuse=excuse), rng, p.players)
    spot = find_spot(p.players, rng, lambda d: d.to_act == seat and seat not in d.has_played, deals=1,
                     make=lambda _r: deal)
    return spot.view, spot.provenance


def hand_facts(hand, players: int) -> str:
    rules = RuleSet.for_players(players)
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: -c.rank)
    ex = any(c.is_excuse for c in hand)
    th = rules.poignee_thresholds
    line = (_("You hold {n_trumps} and the Excuse.") if ex else _("You hold {n_trumps}.")).format(
        n_trumps=plural(len(trumps), "trump")) + " " + _(
        "With {players} players a poignée shows exactly {simple} (simple), {double} (double) or {triple} (triple) "
        "trumps.").format(players=players, simple=th["simple"], double=th["double"], triple=th["triple"])
    if ex:
        line += " " + _("The Excuse counts as a trump only to replace the last one, when no other trump is left to "
                        "show.")
    return line


def level_why_not(hand, players: int, best: str) -> dict:
    rules = RuleSet.for_players(players)
    trumps = sum(1 for c in hand if c.is_trump)
    ex = any(c.is_excuse for c in hand)
    with_ex = trumps + ex
    out = {}
    four = RuleSet.for_players(4).poignee_thresholds
    for key in ORDER:
        if key == best:
            continue
        if ORDER.index(key) > ORDER.index(best):
            need = rules.poignee_thresholds[key]
            if players != 4 and with_ex >= four[key]:
                out[key] = ["poignee_thresholds", _("with {players} players {level} needs {need} trumps; {four} is "
                                                    "the 4-player number").format(
                    players=players, level=_(A_LEVEL[key]), need=need, four=four[key])]
            else:
                out[key] = ["poignee_too_few", (
                    _("{level} needs {need} trumps with {players} players, and you have {have} counting the Excuse")
                    if ex else _("{level} needs {need} trumps with {players} players, and you have {have}")).format(
                    level=_(A_LEVEL[key]), need=need, players=players, have=with_ex)]
        elif ex and trumps < rules.poignee_thresholds[best] <= with_ex:
            out[key] = ["poignee_excuse_counts", _("the Excuse may stand in for the missing trump, since no other "
                                                   "trump is left to show")]
        else:
            need = rules.poignee_thresholds[best]
            out[key] = ["poignee_bigger", _("with {have} you may show {level} ({need} trumps)").format(
                have=with_ex, level=_(A_LEVEL[best]), need=need)]
    return out


@generator("poignee", "poignee", N_("Which poignée a hand may show, and how"), options={"mode": MODES})
def poignee_question(rng: random.Random, p: Params):
    mode = p.get("mode") or {1: "level", 2: "level", 3: rng.choice(("judge", "pick", "level"))}[p.difficulty]
    excuse_case = p.difficulty >= 2 and rng.random() < 0.5
    view, prov = poignee_hand(p, rng, excuse_case=excuse_case or mode == "judge" and rng.random() < 0.5)
    hand = view.hand
    options = poignee_options(hand, players=p.players)
    if mode != "level" and not options:
        mode = "level"
    ctx = {"hand": " ".join(c.code for c in hand), "players": p.players, "deal": prov}
    head = _("**{players} players.** You are about to play your first card.").format(players=p.players)
    cards = {_("Your hand"): hand}
    facts = hand_facts(hand, p.players)
    rules = ["poignee_threshold"] + (["poignee_excuse"] if any(c.is_excuse for c in hand) else [])
    if mode == "level":
        best = options[-1] if options else "none"
        ctx["why_not"] = level_why_not(hand, p.players, best)
        verdict = (f"**{_('No poignée') if best == 'none' else cap(_(A_LEVEL[best]))}.**" +
                   (" " + _("You would show {cards}.").format(cards=md(poignee_to_show(hand, best, players=p.players)))
                    if options else ""))
        return make_question(p, prompt=head + "\n\n" + _("**What is the biggest poignée you may show?**"),
                             cards=cards, answer_type=AnswerType.CHOICE, answer=best, choices=_said(LEVEL_CHOICES),
                             explanation=f"{verdict}\n\n{facts}\n\n{rule_lines(rules)}", rules=tuple(rules),
                             grader="choice", context=ctx)
    level = rng.choice(options)
    need = RuleSet.for_players(p.players).poignee_thresholds[level]
    right = poignee_to_show(hand, level, players=p.players)
    rules.append("poignee_exact")
    if mode == "pick":
        ctx.update(level=level, need=need)
        return make_question(p, prompt=head + "\n\n" + _("**Pick the cards to show for {level}.**").format(
                                 level=_(A_LEVEL[level])), cards=cards,
                             answer_type=AnswerType.PICK_CARDS, answer=tuple(right), pool=hand,
                             explanation=_("Show exactly {need} cards, for example {cards}: any {need} of your "
                                           "trumps will do, the Excuse only in place of a missing one.").format(
                                 need=need, cards=md(right)) + f"\n\n{facts}\n\n{rule_lines(rules)}",
                             rules=tuple(rules), grader="poignee_show", context=ctx)
    shown, answer = _proposal(hand, right, rng)
    verdict = check_poignee(hand, shown, players=p.players)
    why = (" ".join(say(r) for r in verdict.reasons) if verdict.reasons
           else _("It shows exactly {need} cards, as it must.").format(need=need))
    ctx["shown"] = " ".join(c.code for c in shown)
    ctx["why_not"] = {c.key: ["poignee_judge", why] for c in JUDGE_CHOICES if c.key != answer}
    return make_question(p, prompt=head + "\n\n" + _("You announce a poignée and show {cards}. **Is this show "
                                                       "legal?**").format(cards=md(shown)),
                         cards={**cards, _("Shown"): tuple(shown)}, answer_type=AnswerType.CHOICE, answer=answer,
                         choices=_said(JUDGE_CHOICES), explanation=(_("**Legal.**") if answer == "legal" else
                                                                    _("**Not legal.**"))
                         + f" {why}\n\n{facts}\n\n{rule_lines(rules)}", rules=tuple(rules), grader="choice",
                         context=ctx)


def _proposal(hand, right, rng: random.Random):
    """A show that is legal, one trump too many, or the Excuse in place of a held trump."""
    hidden = sorted((c for c in hand if c.is_trump and c not in right), key=lambda c: -c.rank)
    ex = next((c for c in hand if c.is_excuse), None)
    wants = ["legal"] + (["count"] if hidden else []) + (["excuse"] if hidden and ex and ex not in right else [])
    want = rng.choice(wants)
    if want == "count":
        return right + [hidden[0]], "count"
    if want == "excuse":
        return right[:-1] + [ex], "excuse"
    return list(right), "legal"
