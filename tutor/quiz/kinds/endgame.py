"""Best card: an endgame with every hand shown, graded by the double-dummy solver.

``best_card`` (endgames: the last 2 to 4 tricks, either side), ``attack_card`` (attack-play: you are
the taker or the partner) and ``defence_card`` (defence-play: you defend), these two with a clear theme
(``tutor.strategy.review.themes``: the Petit, the Excuse or loading a partner's trick, not plain counting).
The position is a real deal played by the practice bots down to the solver's exact range
(``in_exact_range``); a position where every legal card yields the same, or with one legal card, is
drawn again. Every card that ties the best score for your side is right; the feedback shows what each
legal card yields and the solver's line of play after the best one, seats counted from 1, and names
the principle it illustrates.
"""

from __future__ import annotations

import random

from ...engine import Deal, Phase, card, explain_play, format_cards
from ...engine.seats import seat_label
from ...i18n import N_, _, ngettext
from ...i18n.words import card_short, say
from ...strategy import Position, in_exact_range, solve
from ...strategy.bots.policy import decide
from ...strategy.bots.principles import PRINCIPLES
from ...strategy.review.themes import theme
from ..answers import read_cards
from ..check import _feedback, grader
from ..positions import provenance, ready_to_play
from ..question import AnswerType, fmt, signed
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import cap, plural

RULES = ("follow_suit", "trick_winner")
# Tricks left when the question starts, by difficulty (capped by the solver's exact range).
TRICKS = {"best_card": {1: (2,), 2: (3,), 3: (3, 4)}, "attack_card": {1: (3,), 2: (3, 4), 3: (4,)},
          "defence_card": {1: (3,), 2: (3, 4), 3: (4,)}}
SIDE = {"best_card": None, "attack_card": "attack", "defence_card": "defence"}
# Bot deals tried before giving up: a side's drill skips the other side's positions and those where every card
# scores the same (with 3 players the attack is one seat in three).
TRIES = 200


def role(deal: Deal, seat: int) -> str:
    """'the taker', 'the partner' or 'a defender' (every hand is shown, so every role is known)."""
    if seat == deal.taker:
        return _("the taker")
    return _("the partner") if seat == deal.partner else _("a defender")


def seat_words(deal: Deal, seat: int, you: int) -> str:
    """'seat 2 (you, the taker)', 'seat 3 (a defender)'."""
    who = _("you, {role}").format(role=role(deal, seat)) if seat == you else role(deal, seat)
    return f"{say(seat_label(seat))} ({who})"


def endgame_deal(players: int, rng: random.Random, tricks_left: int, side: str | None) -> Deal | None:
    """A bot-played deal stopped with ``tricks_left`` tricks to go, some cards into the trick, the seat to
    play on ``side`` (or either); None when this deal does not give one."""
    deal = ready_to_play(players, rng)
    total = deal.rules.tricks
    mid = rng.randrange(players)
    while deal.phase is Phase.PLAYING and (len(deal.tricks) < total - tricks_left
                                           or len(deal.tricks) == total - tricks_left and len(deal.trick) < mid):
        deal.apply(decide(deal.view(deal.to_act)).action)
    if deal.phase is not Phase.PLAYING:
        return None
    if side is not None and deal.camp(deal.to_act) != side:
        return None
    return deal


def find_endgame(kind: str, players: int, difficulty: int, rng: random.Random):
    """(deal, position, solution): a position in exact range where the choice matters."""
    for tries in range(TRIES):
        left = rng.choice(TRICKS[kind][difficulty])
        deal = endgame_deal(players, rng, left, SIDE[kind])
        if deal is None:
            continue
        pos = Position.from_deal(deal)
        if not in_exact_range(pos) or len(pos.legal()) < 2:
            continue
        sol = solve(pos, line=True)
        if len(sol.best) == len(sol.cards):
            continue  # every card yields the same: nothing to learn here
        if SIDE[kind] is not None and theme(pos, sol) == "count-tricks" and tries < 40:
            continue  # an attack or defence drill wants a position whose theme is clear (the Petit, the Excuse…)
        return deal, pos, sol
    raise AssertionError("no endgame found")  # pragma: no cover


def cost_words(cost: int, attack: bool) -> str:
    """'the taker scores 20 less' (attack) or 'the taker scores 20 more' (defence)."""
    return (_("the taker scores {cost} less") if attack else _("the taker scores {cost} more")).format(cost=cost)


def values_table(values: dict, best: list[str]) -> str:
    """Each legal card (code -> [taker score, attack points], best first) with its verdict, as a table: a card
    that is not best is "N points worse" (the taker's score N lower for the attack, N higher for the defence)."""
    top = values[best[0]][0]
    lines = [_("| card | taker's score | attack's points | verdict |"), "|---|---|---|---|"]
    for code, (score, points) in values.items():
        cost = abs(top - score)
        verdict = _("**best**") if code in best else _("{cost} points worse").format(cost=cost)
        lines.append(f"| {card_short(card(code))} | {signed(score)} | {fmt(points)} | {verdict} |")
    return "\n".join(lines)


def line_text(sol, players: int, you: int, deal: Deal) -> str:
    """The solver's line, one trick per line, seats counted from 1."""
    rows, first = [], len(deal.tricks) + 1
    start = len(deal.trick)
    # The cards already in the trick start its line, so each line is a whole trick.
    trick = [f"{say(seat_label(s))} {card_short(c)}" for s, c in zip(deal.trick_seats, deal.trick)]
    for k, (seat, played) in enumerate(sol.line):
        who = _("{seat} (you)").format(seat=say(seat_label(seat))) if seat == you else say(seat_label(seat))
        trick.append(f"{who} {card_short(played)}")
        if (start + k + 1) % players == 0:
            rows.append("- " + _("Trick {k}: {cards}").format(k=first + len(rows), cards=", ".join(trick)))
            trick = []
    if trick:
        rows.append("- " + _("Trick {k}: {cards}").format(k=first + len(rows), cards=", ".join(trick)))
    return "\n".join(rows)


def make_endgame(kind: str, rng: random.Random, p: Params):
    deal, pos, sol = find_endgame(kind, p.players, p.difficulty, rng)
    you = pos.to_play
    attack = pos.is_attack(you)
    view = deal.view(you)
    total = deal.rules.tricks
    head = _("**{players} players, {contract}.** Every hand is shown. You are {you}, to play to trick {k} of "
             "{total}. So far the attack has won {points} card points and {n_oudlers}, dog or écart included "
             "({n_tricks} to the attack, {defence} to the defence).").format(
        players=p.players, contract=deal.contract.french, you=seat_words(deal, you, you), k=len(deal.tricks) + 1,
        total=total, points=fmt(pos.attack_points), n_oudlers=plural(pos.attack_oudlers, "oudler"),
        n_tricks=plural(pos.attack_tricks, "trick"), defence=pos.defence_tricks)
    prompt = head + "\n\n" + (_("**Which card is best?** Your side wants the highest final score for the taker, "
                                 "with perfect play from everyone after your card.") if attack else
                               _("**Which card is best?** Your side wants the lowest final score for the taker, "
                                 "with perfect play from everyone after your card."))
    cards = {_("Your hand"): tuple(view.hand)}
    if deal.trick:
        cards[_("Trick so far")] = tuple(deal.trick)
    for s in range(p.players):
        if s != you:
            cards[f"{say(seat_label(s, capital=True))} ({role(deal, s)})"] = tuple(deal.hand(s))
    best = sol.best
    values = {c.code: [v.taker_score, v.attack_points] for c, v in sol.cards.items()}
    principle = PRINCIPLES[theme(pos, sol)]  # the principle the verdict illustrates
    explanation = (_("Each legal card, with perfect play after it (the solver tried every line): the taker's final "
                     "score for the deal and the attack's card points.") + "\n\n"
                   + values_table(values, [c.code for c in best]) + "\n\n"
                   + _("A perfect line after {card}:").format(card=card_short(best[0]))
                   + f"\n\n{line_text(sol, p.players, you, deal)}"
                   + f"\n\n**{_(principle.name)}.** {_(principle.says)}\n\n" + rule_lines(RULES))
    ctx = {"deal": provenance(deal), "seat": you, "pick_one": True, "open_hands": True, "values": values,
           "attack": attack, "line": [[s, c.code] for s, c in sol.line], "principles": [principle.id],
           "trick": " ".join(c.code for c in deal.trick), "hand": " ".join(c.code for c in view.hand),
           "position": pos.to_mapping()}
    return make_question(p, prompt=prompt, cards=cards, answer_type=AnswerType.PICK_CARDS, answer=tuple(best),
                         pool=tuple(view.hand), explanation=explanation, rules=RULES, grader="best_card",
                         context=ctx, tags=("attack" if attack else "defence", f"{pos.tricks_left}_tricks"))


@generator("best_card", "endgames", N_("Endgames: the best card, every hand shown"))
def best_card_question(rng: random.Random, p: Params):
    return make_endgame("best_card", rng, p)


@generator("attack_card", "attack-play", N_("Attack: the best card, every hand shown"))
def attack_card_question(rng: random.Random, p: Params):
    return make_endgame("attack_card", rng, p)


@generator("defence_card", "defence-play", N_("Defence: the best card, every hand shown"))
def defence_card_question(rng: random.Random, p: Params):
    return make_endgame("defence_card", rng, p)


def card_refused(q, raw):
    """(a refusal, None) when ``raw`` is not one legal card of the question's hand (with the rule's reason),
    else (None, the card): the first step of every one-card grader."""
    cards = read_cards(raw)
    if len(cards) != 1:
        return _feedback(q, 0.0, _("Choose one card."), ["one_card"], format_cards(cards)), None
    c = cards[0]
    hand = read_cards(q.context["hand"])
    if c not in hand:
        return _feedback(q, 0.0, _("{card} is not in your hand.").format(card=cap(card_short(c))), ["not_in_hand"],
                         c.code), None
    if c.code not in q.context["values"]:
        why = explain_play(hand, read_cards(q.context.get("trick", "")), c)
        return _feedback(q, 0.0, _("{card} may not be played here: {why}").format(card=cap(card_short(c)),
                                                                                   why=say(why.reason)),
                         ["illegal_card"], c.code), None
    return None, c


@grader("best_card")
def grade_best_card(q, raw):
    """One card: right when it ties the best; an illegal card gets the rule's reason; else what it costs."""
    refused, c = card_refused(q, raw)
    if refused is not None:
        return refused
    ctx = q.context
    values = ctx["values"]
    best = [x.code for x in q.answer]
    others = [x for x in best if x != c.code]
    table = "\n\n" + values_table(values, best) + "\n\n" + _("The line of play is under “Show me why”.")
    if c.code in best:
        also = (" " + ngettext("{cards} ties with it.", "{cards} tie with it.", len(others)).format(
            cards=" ".join(f"`{x}`" for x in others))) if others else ""
        return _feedback(q, 1.0, _("Right! {card} gives the best result for your side.").format(card=card_short(c))
                         + f"{also}{table}", (), c.code)
    mine, top = values[c.code][0], values[best[0]][0]
    cost = abs(top - mine)
    names = _(" or ").join(f"`{x}`" for x in best)
    return _feedback(q, 0.0, _("Not the best: after {card} the taker scores {mine} with perfect play, after {names} "
                               "{top}: {cost}.").format(card=card_short(c), mine=signed(mine), names=names,
                                                        top=signed(top), cost=cost_words(cost, ctx["attack"]))
                     + table, ["worse_card"], c.code)
