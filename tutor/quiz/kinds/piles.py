"""Counting a pile, and the target it sets: the ``count`` and ``target`` quizzes.

Piles are the cards of real tricks, the dog, or the attack's pile at the end of a played deal.
"""

from __future__ import annotations

import math
import random

from ...engine import Card, card_points, count_oudlers, pair_count, sort_cards, target_points
from ...i18n import N_, _, ngettext
from ...i18n.words import card_short
from ..positions import play_out, provenance, ready_to_play
from ..question import AnswerType, fmt, signed
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import md, plural


def count_working(pile: list[Card]) -> str:
    """The pair count of a pile, written out, then the card-by-card check."""
    groups = pair_count(pile)
    lines = [f"- {' + '.join(card_short(c) for c in g)} = {fmt(v)}" for g, v in groups]
    by_value: dict[float, int] = {}
    for c in pile:
        by_value[c.points] = by_value.get(c.points, 0) + 1
    tally = " + ".join(f"{n} × {fmt(v)}" for v, n in sorted(by_value.items(), reverse=True))
    total = card_points(pile)
    return (_("Count in pairs, a high card with a low card, and two low cards as 1:") + "\n\n" + "\n".join(lines)
            + "\n\n" + _("Total **{total}** (card by card: {tally} = {total}).").format(total=fmt(total), tally=tally))


def count_mistakes(pile: list[Card]) -> list[list]:
    """Known wrong totals for a pile, with what went wrong."""
    total = card_points(pile)
    low = sum(1 for c in pile if c.points == 0.5)
    oudlers = count_oudlers(pile)
    out = []
    if low:
        out.append([total + 0.5 * low, "low_card_one", _("each low card is worth 0.5, so two of them make 1 point")])
        out.append([total - 0.5 * low, "low_card_zero", _("low cards count too, 0.5 each")])
    if oudlers:
        out.append([total - 4 * oudlers, "oudler_low", _("the oudlers (21, the Petit, the Excuse) are worth 4.5 each")])
    faces = [c for c in pile if c.kind < 4 and c.rank in (12, 13)]
    if faces:  # queen 3.5 and knight 2.5 swapped or both taken as 3
        swapped = total + sum(1 if c.rank == 12 else -1 for c in faces)
        if swapped != total:
            out.append([swapped, "face_values", _("queens are worth 3.5 and knights 2.5")])
    if low % 2 and low > 1:
        out.append([total + 0.5, "odd_low_card", _("an odd low card left over is worth 0.5, not 1")])
    seen, unique = set(), []
    for row in out:
        if row[0] != total and row[0] not in seen:
            seen.add(row[0])
            unique.append(row)
    return unique


def result_parts(points: float, oudlers: int) -> tuple[int, list, list, str]:
    """(signed result, known wrong results, extra rule ids, worked line) for a pile of ``points``.

    >>> result_parts(40.5, 2)[0], result_parts(41.5, 2)[0], result_parts(41, 2)[0]
    (-1, 1, 0)
    """
    target = target_points(oudlers)
    won = points >= target
    counted = math.ceil(points) if won else math.floor(points)
    answer = counted - target
    rules = []
    mistakes = [[counted - target_points(k), "target_oudlers",
                 _("that uses the target for {n_oudlers}; the pile holds {oudlers}").format(
                     n_oudlers=plural(k, "oudler"), oudlers=oudlers)]
                for k in range(4) if k != oudlers and counted - target_points(k) != answer]
    if counted != points:
        rules.append("half_point")
        wrong = (math.floor(points) if won else math.ceil(points)) - target
        mistakes.insert(0, [wrong, "half_point", (
            _("the half point goes to the side that wins (the attack), so {points} counts as {counted}") if won else
            _("the half point goes to the side that wins (the defence), so {points} counts as {counted}")).format(
                points=fmt(points), counted=counted)])
        mistakes.insert(0, [points - target, "half_point", _("the result is a whole number: the half point goes "
                                                             "to the side that wins")])
    if answer == 0:
        rules.append("juste_fait")
    res = ((_("juste fait: won by 0") if answer == 0 else _("won by {n}").format(n=answer)) if answer >= 0
           else _("lost by {n}").format(n=-answer))
    line = (_("{points} counts as {counted} (the half point goes to the winning side)") if counted != points
            else _("{points} counts as {counted}")).format(points=fmt(points), counted=fmt(counted)) \
        + f": {fmt(counted)} − {target} = {signed(answer)}, {res}."
    return answer, mistakes, rules, line


def _finished(p: Params, rng: random.Random):
    return play_out(ready_to_play(p.players, rng), rng)


@generator("count", "counting", N_("Count the card points in a pile"))
def count_question(rng: random.Random, p: Params):
    deal = _finished(p, rng)
    tricks = deal.tricks
    if p.difficulty == 1:
        if rng.random() < 0.25:
            pile, where = list(deal.dog), _("the dog")
        else:
            k = rng.randrange(len(tricks))
            pile, where = list(tricks[k].cards), _("trick {n}").format(n=k + 1)
    else:
        n = rng.randint(2, 3) if p.difficulty == 2 else rng.randint(4, 6)
        k = rng.randrange(len(tricks) - n + 1)
        pile = [c for t in tricks[k:k + n] for c in t.cards]
        where = _("tricks {first} to {last}").format(first=k + 1, last=k + n)
    pile = sort_cards(pile) if p.difficulty == 3 else pile
    total = card_points(pile)
    explanation = count_working(pile) + "\n\n" + rule_lines(["card_points", "pair_count"])
    return make_question(
        p, prompt=_("How many card points are in this pile ({where} of a {players}-player deal)?").format(
            where=where, players=p.players),
        cards={_("Pile"): tuple(pile)}, answer_type=AnswerType.NUMBER, answer=total, explanation=explanation,
        rules=("card_points", "pair_count"), grader="number",
        context={"pile": " ".join(c.code for c in pile), "number_mistakes": count_mistakes(pile),
                 "deal": provenance(deal)})


def target_mistakes(oudlers: int, ex_in_pile: bool) -> list[list]:
    out = []
    for k in range(4):
        if k == oudlers:
            continue
        msg = ngettext("{target} is the target with {n_oudlers}; here there is {oudlers}",
                       "{target} is the target with {n_oudlers}; here there are {oudlers}", oudlers).format(
            target=target_points(k), n_oudlers=plural(k, "oudler"), oudlers=oudlers)
        mid = "target_oudlers"
        if ex_in_pile and k == oudlers - 1:
            mid, msg = "excuse_oudler", _("the Excuse is an oudler too, so there are {oudlers}, not {k}").format(
                oudlers=oudlers, k=k)
        out.append([target_points(k), mid, msg])
    return out


@generator("target", "target", N_("The target for a pile, or for a number of oudlers"))
def target_question(rng: random.Random, p: Params):
    deal = _finished(p, rng)
    pile, points, _notes = deal.attack_pile()
    pile = sort_cards(pile)
    oudlers = count_oudlers(pile)
    target = target_points(oudlers)
    held = [c for c in pile if c.is_oudler]
    ex = any(c.is_excuse for c in pile)
    rules = ["oudlers", "target"]
    ctx = {"deal": provenance(deal), "pile": " ".join(c.code for c in pile)}
    if p.difficulty == 1:
        cards = {_("Oudlers in the attack's pile"): tuple(held)} if held else {}
        prompt = (_("At the end of the deal the attack's pile holds {n_oudlers} ({cards}). How many points does the "
                    "attack need?") if held else _("At the end of the deal the attack's pile holds {n_oudlers}. How "
                                                   "many points does the attack need?")).format(
            n_oudlers=plural(oudlers, "oudler"), cards=md(held))
        answer, mistakes = target, target_mistakes(oudlers, ex)
    elif p.difficulty == 2:
        cards = {_("The attack's pile"): tuple(pile)}
        prompt = _("Here is the attack's pile at the end of the deal. How many points does it need to win?")
        answer, mistakes = target, target_mistakes(oudlers, ex)
    else:
        cards = {_("The attack's pile"): tuple(pile)}
        prompt = _("{players} players. The attack's pile (shown) counts **{points}** points. By how many points did "
                   "the attack win or lose? Answer +N for won by N, −N for lost by N.").format(
            players=p.players, points=fmt(points))
        answer, mistakes, more_rules, line = result_parts(points, oudlers)
        rules += more_rules
    lines = [_("The oudlers in the pile: {cards}, so {n_oudlers}.").format(cards=md(held),
                                                                        n_oudlers=plural(oudlers, "oudler"))
             if held else _("The pile holds no oudler (no 21, no Petit, no Excuse)."),
             _("With {n_oudlers} the target is **{target}**.").format(n_oudlers=plural(oudlers, "oudler"),
                                                                      target=target)]
    if p.difficulty == 3:
        lines.append(line)
    explanation = "\n\n".join(lines) + "\n\n" + rule_lines(rules)
    ctx["number_mistakes"] = mistakes
    return make_question(p, prompt=prompt, cards=cards, answer_type=AnswerType.NUMBER, answer=answer,
                         explanation=explanation, rules=tuple(rules), grader="number", context=ctx)
