"""The poignée: the biggest one a hand may show, a show to judge, or the cards to show (``poignee``).

Hands with a poignée are rare, so the deal gives one seat a number of trumps near a threshold
(with or without the Excuse); the question is asked just before that seat's first card.
"""

from __future__ import annotations

import random

from ...engine import RuleSet, check_poignee, poignee_options, poignee_to_show
from ..positions import biased_deal, find_spot, taken
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import md, plural

MODES = ("level", "judge", "pick")
LEVEL_CHOICES = (Choice("none", "None"), Choice("simple", "A simple poignée"), Choice("double", "A double poignée"),
                 Choice("triple", "A triple poignée"))
JUDGE_CHOICES = (Choice("legal", "Legal"),
                 Choice("count", "Not legal: it must show exactly the number of trumps of a poignée"),
                 Choice("excuse", "Not legal: the Excuse may not stand in while a trump stays hidden"))
ORDER = ("none", "simple", "double", "triple")


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
    line = (f"You hold {plural(len(trumps), 'trump')}" + (" and the Excuse" if ex else "") + ". "
            f"With {players} players a poignée shows exactly {th['simple']} (simple), {th['double']} (double) or "
            f"{th['triple']} (triple) trumps.")
    if ex:
        line += " The Excuse counts as a trump only to replace the last one, when no other trump is left to show."
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
                out[key] = ["poignee_thresholds", f"with {players} players a {key} poignée needs {need} trumps; "
                            f"{four[key]} is the 4-player number"]
            else:
                out[key] = ["poignee_too_few", f"a {key} poignée needs {need} trumps with {players} players, and "
                            f"you have {with_ex}" + (" counting the Excuse" if ex else "")]
        elif ex and trumps < rules.poignee_thresholds[best] <= with_ex:
            out[key] = ["poignee_excuse_counts", "the Excuse may stand in for the missing trump, since no other "
                        "trump is left to show"]
        else:
            need = rules.poignee_thresholds[best]
            out[key] = ["poignee_bigger", f"with {with_ex} you may show a {best} poignée ({need} trumps)"]
    return out


@generator("poignee", "poignee", "Which poignée a hand may show, and how", options={"mode": MODES})
def poignee_question(rng: random.Random, p: Params):
    mode = p.get("mode") or {1: "level", 2: "level", 3: rng.choice(("judge", "pick", "level"))}[p.difficulty]
    excuse_case = p.difficulty >= 2 and rng.random() < 0.5
    view, prov = poignee_hand(p, rng, excuse_case=excuse_case or mode == "judge" and rng.random() < 0.5)
    hand = view.hand
    options = poignee_options(hand, players=p.players)
    if mode != "level" and not options:
        mode = "level"
    ctx = {"hand": " ".join(c.code for c in hand), "players": p.players, "deal": prov}
    head = f"**{p.players} players.** You are about to play your first card."
    cards = {"Your hand": hand}
    facts = hand_facts(hand, p.players)
    rules = ["poignee_threshold"] + (["poignee_excuse"] if any(c.is_excuse for c in hand) else [])
    if mode == "level":
        best = options[-1] if options else "none"
        ctx["why_not"] = level_why_not(hand, p.players, best)
        verdict = (f"**{'No poignée' if best == 'none' else 'A ' + best + ' poignée'}.**" +
                   (f" You would show {md(poignee_to_show(hand, best, players=p.players))}." if options else ""))
        return make_question(p, prompt=head + "\n\n**What is the biggest poignée you may show?**", cards=cards,
                             answer_type=AnswerType.CHOICE, answer=best, choices=LEVEL_CHOICES,
                             explanation=f"{verdict}\n\n{facts}\n\n{rule_lines(rules)}", rules=tuple(rules),
                             grader="choice", context=ctx)
    level = rng.choice(options)
    need = RuleSet.for_players(p.players).poignee_thresholds[level]
    right = poignee_to_show(hand, level, players=p.players)
    rules.append("poignee_exact")
    if mode == "pick":
        ctx.update(level=level, need=need)
        return make_question(p, prompt=head + f"\n\n**Pick the cards to show for a {level} poignée.**", cards=cards,
                             answer_type=AnswerType.PICK_CARDS, answer=tuple(right), pool=hand,
                             explanation=f"Show exactly {need} cards, for example {md(right)}: any {need} of your "
                             f"trumps will do, the Excuse only in place of a missing one.\n\n{facts}\n\n"
                             f"{rule_lines(rules)}",
                             rules=tuple(rules), grader="poignee_show", context=ctx)
    shown, answer = _proposal(hand, right, rng)
    verdict = check_poignee(hand, shown, players=p.players)
    why = " ".join(verdict.reasons) if verdict.reasons else f"It shows exactly {need} cards, as it must."
    ctx["shown"] = " ".join(c.code for c in shown)
    ctx["why_not"] = {c.key: ["poignee_judge", why] for c in JUDGE_CHOICES if c.key != answer}
    return make_question(p, prompt=head + f"\n\nYou announce a poignée and show {md(shown)}. **Is this show legal?**",
                         cards={**cards, "Shown": tuple(shown)}, answer_type=AnswerType.CHOICE, answer=answer,
                         choices=JUDGE_CHOICES, explanation=f"**{'Legal' if answer == 'legal' else 'Not legal'}.** "
                         f"{why}\n\n{facts}\n\n{rule_lines(rules)}", rules=tuple(rules), grader="choice", context=ctx)


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
