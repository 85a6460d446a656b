"""The Excuse and the last trick: who keeps what, petit au bout, and the chelem (``excuse``).

Every answer is read from the engine's count of a played deal: where the Excuse ended up, who
has the petit au bout, which chelem was made. Chelem deals give the taker the top trumps.
"""

from __future__ import annotations

import random

from ...engine import EXCUSE, PETIT, Contract
from ...engine.seats import seat_label
from ...engine.words import N_
from ...i18n import _
from ...i18n.words import say
from ..positions import (
    PETIT_LAST,
    chelem_deal,
    chelem_hold,
    petit_deal,
    play_out,
    provenance,
    ready_to_play,
    table_context,
)
from ..question import AnswerType, Choice, fmt
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import cap, named, trick_text

ASKS = ("kept", "last", "petit_au_bout", "chelem_excuse", "chelem_petit", "chelem_points", "chelem_bonus")
BY_DIFFICULTY = {1: ("kept",), 2: ("last", "petit_au_bout", "kept"),
                 3: ("chelem_excuse", "chelem_petit", "chelem_points", "chelem_bonus", "petit_au_bout")}
FATE_CHOICES = (Choice("kept", N_("Its owner's side keeps it, and gives the trick's winners a low card (worth "
                                   "0.5)")),
                Choice("changes", N_("It changes side: it goes to the other camp, whichever side won the trick, "
                                     "and no low card is given back")),
                Choice("wins", N_("It wins the trick")))
BONUS_CHOICES = (Choice("400", N_("+400 for the attack")), Choice("200", N_("+200 for the attack")),
                 Choice("-200", N_("The attack pays 200 to each defender")), Choice("0", N_("Nothing: no bonus")))
SIDE = {"attack": N_("the attack"), "defence": N_("the defence")}


def _said(choices) -> tuple[Choice, ...]:
    return tuple(Choice(c.key, _(c.label)) for c in choices)


def _namer(deal):
    def name(s: int) -> str:
        side = _("the taker") if s == deal.taker else _("the partner") if s == deal.partner else _("a defender")
        return f"{say(seat_label(s))} ({side})"
    return name


def _excuse_fate(deal, trick) -> str:
    """Where the engine's count put the Excuse of ``trick``: 'kept', 'changes' or 'wins'."""
    owner = trick.seats[trick.cards.index(EXCUSE)]
    if trick.winner == owner:
        return "wins"
    pile, _points, _notes = deal.attack_pile()
    to = "attack" if EXCUSE in pile else "defence"
    return "kept" if to == deal.camp(owner) else "changes"


def _fate_question(rng: random.Random, p: Params, last: bool):
    for _try in range(60):
        deal = play_out(ready_to_play(p.players, rng), rng, hold=(EXCUSE,) if last else ())
        if last:  # the Excuse in the last trick, outside a chelem, whichever side wins the trick
            found = [t for t in deal.tricks[-1:] if EXCUSE in t.cards and t.winner != t.seats[t.cards.index(EXCUSE)]]
        else:
            found = [t for t in deal.tricks[:-1] if EXCUSE in t.cards
                     and deal.camp(t.seats[t.cards.index(EXCUSE)]) != deal.camp(t.winner)]
        if found:
            trick = rng.choice(found)
            break
    n = deal.tricks.index(trick)
    name = _namer(deal)
    owner = trick.seats[trick.cards.index(EXCUSE)]
    answer = _excuse_fate(deal, trick)
    side, won_by = deal.camp(owner), deal.camp(trick.winner)
    if answer == "kept":
        why = _("The Excuse never wins a trick, but it stays with its owner: {side} keeps it and hands {won_by} a "
                "low card worth 0.5 in exchange.").format(side=_(SIDE[side]), won_by=_(SIDE[won_by]))
        rules = ("excuse_kept", "excuse_never_wins")
    else:
        other = "defence" if side == "attack" else "attack"
        why = (_("This is the last trick, so the Excuse changes side: {side} played it and it goes to {other}, "
                 "although {side} won the trick.") if won_by == side else
               _("This is the last trick, so the Excuse changes side: {side} played it and it goes to "
                 "{other}.")).format(side=_(SIDE[side]), other=_(SIDE[other]))
        rules = ("excuse_last_trick",)
    why_not = fate_why_not(answer)
    total = len(deal.tricks)
    played = trick_text(trick, name)
    prompt = ((_("**{players} players**, trick {k} of {total} (the last).") if n == total - 1 else
               _("**{players} players**, trick {k} of {total}.")).format(players=p.players, k=n + 1, total=total)
              + " " + _("{plays}. {winner} wins the trick.").format(plays=cap(played), winner=cap(name(trick.winner)))
              + "\n\n" + _("**What happens to the Excuse?**"))
    return make_question(p, prompt=prompt, cards={_("The trick"): trick.cards}, answer_type=AnswerType.CHOICE,
                         answer=answer, choices=_said(FATE_CHOICES), explanation=f"{why}\n\n{rule_lines(rules)}",
                         rules=rules, grader="choice",
                         context={"why_not": why_not, "trick_number": n + 1, "deal": provenance(deal),
                                  "table": table_context(deal)})


def fate_why_not(answer: str) -> dict:
    why_not = {"wins": ["excuse_never_wins", _("the Excuse never wins a trick, except as the last card of a "
                                               "chelem")],
               "changes": ["excuse_kept", _("before the last trick, the Excuse stays with its owner's side")],
               "kept": ["excuse_last_trick", _("in the last trick the Excuse changes side: it goes to the other "
                                               "camp, whichever side won the trick")]}
    del why_not[answer]
    return why_not


def pab_why_not(side: str | None, winner_side: str | None, mult: int, chelem: bool) -> dict:
    """Why each other petit au bout choice is wrong; ``winner_side`` won the deal (None if unknown)."""
    answer = side or "none"
    multiplied = _("the petit au bout is multiplied: 10 × {mult}").format(mult=mult)
    why_not = {"none": (["petit_au_bout_chelem", _("when the Excuse wins the last trick of a chelem, the Petit in "
                                                   "the trick before counts as au bout")] if chelem else
                        ["petit_in_last", _("the Petit is in the last trick: that is the petit au bout")]),
               "attack_10": ["petit_au_bout_not_multiplied", multiplied],
               "defence_10": ["petit_au_bout_not_multiplied", multiplied]}
    if side:
        other = "defence" if side == "attack" else "attack"
        if other == winner_side:
            why_not[other] = ["petit_au_bout_to_winner", _("the petit au bout goes to the side that won the last "
                                                           "trick with the Petit, whatever the result of the deal")]
        else:
            why_not[other] = ["petit_au_bout_side", _("{side} won the trick with the Petit in it").format(
                side=_(SIDE[side]))]
    else:
        for key in ("attack", "defence", "attack_10", "defence_10"):
            why_not[key] = ["no_petit_au_bout", _("the Petit is not in the last trick")]
    return {k: v for k, v in why_not.items() if k != answer}


def pab_choices(mult: int) -> tuple[Choice, ...]:
    out = [Choice("attack", _("The attack: +{bonus} per defender (10 × {mult})").format(bonus=10 * mult, mult=mult)),
           Choice("defence", _("The defence: −{bonus} per defender (10 × {mult}), each defender receives it").format(
               bonus=10 * mult, mult=mult))]
    if mult > 1:
        out += [Choice("attack_10", _("The attack: +10 per defender")),
                Choice("defence_10", _("The defence: −10 per defender, each defender receives it"))]
    return tuple(out) + (Choice("none", _("Nobody: there is no petit au bout")),)


def _pab_question(rng: random.Random, p: Params, chelem: bool):
    for _try in range(60):
        if chelem:
            deal = chelem_deal(p.players, rng, taker_excuse=True, petit=True, announce=rng.random() < 0.5)
            play_out(deal, rng, hold=chelem_hold(deal))
        else:
            deal = play_out(petit_deal(p.players, rng), rng, hold=PETIT_LAST)
        r = deal.result()
        last, before = deal.tricks[-1], deal.tricks[-2]
        if chelem and r.chelem in ("made", "announced_made") and PETIT in before.cards and EXCUSE in last.cards:
            break
        if not chelem and PETIT in last.cards:
            break
    mult = deal.contract.multiplier
    side = r.petit_au_bout
    answer = side or "none"
    name = _namer(deal)
    winner_side = "attack" if r.score.won else "defence"
    shown = (before, last) if chelem else (last,)
    lines = []
    for t in shown:
        k = deal.tricks.index(t) + 1
        played = trick_text(t, name)
        lines.append((_("Trick {k} (the last): {plays}; {winner} wins it.") if t is last else
                      _("Trick {k}: {plays}; {winner} wins it.")).format(k=k, plays=played, winner=name(t.winner)))
    table = _("**{players} players**, a {contract} (×{mult})").format(players=p.players, contract=deal.contract.french,
                                                                      mult=mult)
    head = (_("{table}; the attack took every trick.") if chelem else
            _("{table}. The taker won the deal.") if r.score.won else _("{table}. The taker lost the deal.")).format(
        table=table)
    prompt = head + "\n\n" + "\n\n".join(lines) + "\n\n" + _("**Who scores the petit au bout, and how much?**")
    why_not = pab_why_not(side, winner_side, mult, chelem)
    if chelem:
        why = _("The Excuse, led by the taker, won the last trick of the chelem, so the Petit in the trick before "
                "counts as au bout: the attack scores 10 × {mult} = {bonus} per defender.").format(mult=mult,
                                                                                                  bonus=10 * mult)
        rules = ("petit_au_bout_chelem", "excuse_chelem", "petit_au_bout")
    else:
        why = _("The Petit is in the last trick, won by {side}: {side} scores 10 × {mult} = {bonus} per defender, "
                "whether the deal was won or lost.").format(side=_(SIDE[side]), mult=mult, bonus=10 * mult)
        rules = ("petit_au_bout",)
    return make_question(p, prompt=prompt, cards={_("Trick {k}").format(k=deal.tricks.index(t) + 1): t.cards
                                                  for t in shown},
                         answer_type=AnswerType.CHOICE, answer=answer, choices=pab_choices(mult),
                         explanation=f"{why}\n\n{rule_lines(rules)}", rules=rules, grader="choice",
                         context={"why_not": why_not, "deal": provenance(deal)},
                         tags=("chelem",) if chelem else ())


def _chelem(rng: random.Random, p: Params, ask: str):
    for _try in range(60):
        taker_ex = ask != "chelem_points"
        deal = chelem_deal(p.players, rng, taker_excuse=taker_ex, petit=rng.random() < 0.6,
                           announce=ask == "chelem_excuse" or rng.random() < 0.5,
                           contract=None if taker_ex else rng.choice((Contract.GARDE, Contract.GARDE_SANS)))
        play_out(deal, rng, hold=chelem_hold(deal))
        r = deal.result()
        played_ex = [t for t in deal.tricks[:-1] if EXCUSE in t.cards
                     and deal.camp(t.seats[t.cards.index(EXCUSE)]) == "defence"]
        if r.chelem in ("made", "announced_made") and (taker_ex or played_ex):
            break
    name = _namer(deal)
    mult = deal.contract.multiplier
    last = deal.tricks[-1]
    ctx = {"deal": provenance(deal)}
    head = _("**{players} players**, a {contract} (×{mult}).").format(players=p.players,
                                                                       contract=deal.contract.french, mult=mult) + " "
    announced = deal.chelem_announced
    if ask == "chelem_excuse":
        cards, seats = list(last.cards), list(last.seats)
        win = seats.index(last.winner)
        choices = tuple(Choice(c.code, f"{named(c)} — {name(s)}") for c, s in zip(cards, seats))
        ctx["why_not"] = {c.code: ["excuse_chelem", _("in a chelem the Excuse, played last, wins the last trick")]
                          for c in cards if c is not EXCUSE}
        rules = ("excuse_chelem", "excuse_never_wins")
        played = trick_text(last, name)
        prompt = (head + (_("The taker announced a chelem and has won every trick so far. In the last trick "
                            "{plays}.") if announced else
                          _("The taker did not announce a chelem and has won every trick so far. In the last trick "
                            "{plays}.")).format(plays=played) + "\n\n" + _("**Which card wins the last trick?**"))
        why = _("The taker's side has won every trick before, so the Excuse played in the last trick wins it: "
                "{seat} takes the last trick and the chelem is made.").format(seat=name(seats[win]))
        return make_question(p, prompt=prompt, cards={_("The last trick"): last.cards},
                             answer_type=AnswerType.CHOICE,
                             answer=cards[win].code, choices=choices, explanation=f"{why}\n\n{rule_lines(rules)}",
                             rules=rules, grader="choice", context=ctx, tags=("chelem",))
    if ask == "chelem_points":
        ex_trick = next(t for t in deal.tricks if EXCUSE in t.cards)
        k = deal.tricks.index(ex_trick) + 1
        points = r.attack_points
        ctx["number_mistakes"] = [[91, "excuse_defence_keeps", _("the defence played the Excuse before the last "
                                                                  "trick, so it keeps it: it counts for the defence "
                                                                  "even in a chelem")],
                                  [86.5, "excuse_exchange", _("the defence owes the attack a half point for its "
                                                              "Excuse, so the Excuse counts 4 for the defence: "
                                                              "91 − 4")]]
        prompt = (head + _("The attack took every trick. The Excuse was held by the defence, and {seat} played it "
                           "in trick {k}.").format(seat=name(ex_trick.seats[ex_trick.cards.index(EXCUSE)]), k=k)
                  + "\n\n" + _("**How many points does the attack count?**"))
        why = _("The Excuse stays with the defence, which played it before the last trick, and counts 4 points for "
                "it (4.5 less the half point it owes the attack). Every other card is the attack's: 91 − 4 = "
                "{points} points.").format(points=fmt(points))
        rules = ("excuse_kept", "card_points")
        return make_question(p, prompt=prompt, answer_type=AnswerType.NUMBER, answer=points,
                             explanation=f"{why}\n\n{rule_lines(rules)}", rules=rules, grader="number",
                             context=ctx, tags=("chelem",))
    answer = {"announced_made": "400", "made": "200"}[r.chelem]
    ctx["why_not"] = {"400": ["chelem_value", _("+400 is for a chelem announced and made")],
                      "200": ["chelem_value", _("+200 is for a chelem made without announcing it")],
                      "-200": ["chelem_failed", _("the attack pays 200 only when an announced chelem fails")],
                      "0": ["chelem_bonus", _("taking every trick always earns a bonus")]}
    del ctx["why_not"][answer]
    prompt = head + (_("The taker announced a chelem, and the attack took every trick.") if announced else
                     _("The taker did not announce a chelem, and the attack took every trick.")) + "\n\n" + \
        _("**What is the chelem bonus?**")
    why = (_("Announced and made: +400 per defender, never multiplied.") if answer == "400" else
           _("Made without announcing it: +200 per defender, never multiplied."))
    rules = ("chelem_bonus",)
    return make_question(p, prompt=prompt, answer_type=AnswerType.CHOICE, answer=answer,
                         choices=_said(BONUS_CHOICES),
                         explanation=f"{why}\n\n{rule_lines(rules)}", rules=rules, grader="choice", context=ctx,
                         tags=("chelem",))


@generator("excuse", "excuse", N_("The Excuse, the last trick, petit au bout and the chelem"), options={"ask": ASKS})
def excuse_question(rng: random.Random, p: Params):
    ask = p.get("ask") or rng.choice(BY_DIFFICULTY[p.difficulty])
    if ask in ("kept", "last"):
        return _fate_question(rng, p, last=ask == "last")
    if ask in ("petit_au_bout", "chelem_petit"):
        return _pab_question(rng, p, chelem=ask == "chelem_petit")
    return _chelem(rng, p, ask)



