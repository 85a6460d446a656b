"""Dealing: the sizes of hands, dog and packets, who speaks first, who deals next, where the dog's cards
may go, the Petit sec and the misdeal. Every answer comes from the engine (``tutor.engine.deal``).

The builders take the situation explicitly, so the generator (a seeded situation) and the dealing
puzzles (a written one, ``solvers.py``) ask the same question the same way. Seats are shown 1 to N in
play order; a choice's key is the engine's seat index.
"""

from __future__ import annotations

import random

from ...engine import (
    EXCUSE,
    PETIT,
    Auction,
    DealEnd,
    RuleSet,
    dog_slot_verdict,
    is_petit_sec,
    next_deal_after,
    packet_count,
    sort_cards,
)
from ...engine.seats import seat_label
from ...engine.words import N_
from ...i18n import _, ngettext
from ...i18n.words import say
from ..positions import biased_deal
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines

ASKS = ("sizes", "first", "next_dealer", "dog", "petit_sec", "misdeal")
BY_DIFFICULTY = {1: ("sizes", "first"), 2: ("next_dealer", "dog"), 3: ("petit_sec", "misdeal")}
SIZES = ("hand_size", "dog_size", "packet_size", "packets")
SIZE_WORDS = {"hand_size": N_("How many cards does each player get?"),
              "dog_size": N_("How many cards go to the dog?"),
              "packet_size": N_("How many cards are in each packet the dealer hands out?"),
              "packets": N_("How many packets does the dealer hand out to the players (the dog's cards aside)?")}
END_WORDS = {DealEnd.PLAYED: N_("the deal was played to the end"),
             DealEnd.ALL_PASS: N_("everyone passed, so the deal was cancelled"),
             DealEnd.PETIT_SEC: N_("a player showed the Petit sec, so the deal was cancelled"),
             DealEnd.MISDEAL: N_("the dealer made a mistake while dealing (a misdeal)")}
END_RULES = {DealEnd.PLAYED: ("deal_turn",), DealEnd.ALL_PASS: ("all_pass", "deal_turn"),
             DealEnd.PETIT_SEC: ("petit_sec", "deal_turn"), DealEnd.MISDEAL: ("misdeal",)}


def seat(s: int) -> str:
    """A seat as the learner reads it: numbered from 1 in play order."""
    return say(seat_label(s, capital=True))


def table_line(players: int, dealer: int) -> str:
    order = " → ".join(_("{seat} (dealer)").format(seat=seat(s)) if s == dealer else seat(s) for s in range(players))
    return _("Seats in play order, counter-clockwise: {order} → back to {first}.").format(order=order, first=seat(0))


def size_value(players: int, field: str) -> int:
    return packet_count(players) if field == "packets" else getattr(RuleSet.for_players(players), field)


def sizes_fields(players: int, field: str) -> dict:
    answer = size_value(players, field)
    mistakes = [[size_value(n, field), "other_table", _("that is the number for {n} players").format(n=n)]
                for n in (3, 4, 5) if n != players and size_value(n, field) != answer]
    mistakes = list({m[0]: m for m in mistakes}.values())
    r = RuleSet.for_players(players)
    why = _("With **{players} players** each player gets **{hand}** cards, the dog has **{dog}**, and the cards go "
            "out in packets of **{packet}**: {players} × {hand} = {dealt} cards in {packets} packets, plus {dog} for "
            "the dog = 78.").format(players=players, hand=r.hand_size, dog=r.dog_size, packet=r.packet_size,
                                    dealt=players * r.hand_size, packets=packet_count(players))
    return dict(answer_type=AnswerType.NUMBER, answer=answer, grader="number", rules=("deal_sizes",),
                context={"number_mistakes": mistakes, "field": field},
                explanation=f"{why}\n\n{rule_lines(['deal_sizes'])}")


def seat_choices(players: int) -> tuple[Choice, ...]:
    return tuple(Choice(str(s), seat(s)) for s in range(players))


def first_fields(players: int, dealer: int) -> dict:
    first = Auction(players, dealer).to_speak
    left = (dealer - 1) % players
    why_not = {str(dealer): ["dealer_first", _("the dealer speaks last, not first")]}
    if left != first:
        why_not[str(left)] = ["wrong_direction", _("{seat} sits on the dealer's left; play goes counter-clockwise, "
                                                   "so the dealer's right comes first").format(seat=seat(left))]
    why = _("{first} sits on the dealer's right, the next seat in play order after {dealer}: {first} speaks first "
            "and leads the first trick; the dealer speaks last.").format(first=seat(first), dealer=seat(dealer))
    return dict(answer_type=AnswerType.CHOICE, answer=str(first), choices=seat_choices(players), grader="choice",
                rules=("deal_turn",), context={"why_not": why_not, "dealer": dealer},
                explanation=f"{why}\n\n{rule_lines(['deal_turn'])}")


def next_dealer_fields(players: int, dealer: int, end: DealEnd) -> dict:
    nxt = next_deal_after(players, dealer, end)
    why_not = {}
    for s in range(players):
        if s == nxt.dealer:
            continue
        if s == dealer:
            why_not[str(s)] = ["same_dealer", _("the same dealer deals again only after a misdeal")]
        elif nxt.dealer == dealer:
            why_not[str(s)] = ["misdeal_passes", _("after a misdeal the deal does not pass on: the same dealer "
                                                   "deals again")]
        elif s == (dealer - 1) % players:
            why_not[str(s)] = ["wrong_direction", _("the deal passes to the right, the next seat in play order, "
                                                    "not to the left")]
    if end is DealEnd.MISDEAL:
        why = _("After a misdeal {dealer} deals again, and may not bid on that new deal; {first} speaks "
                "first.").format(dealer=seat(dealer), first=seat(nxt.speaks_first))
    else:
        why = _("{end}: the deal passes to the right, to {next}, the next seat in play order after {dealer}.").format(
            end=_(END_WORDS[end]).capitalize(), next=seat(nxt.dealer), dealer=seat(dealer))
    rules = END_RULES[end]
    return dict(answer_type=AnswerType.CHOICE, answer=str(nxt.dealer), choices=seat_choices(players),
                grader="choice", rules=rules, context={"why_not": why_not, "end": end.value, "dealer": dealer},
                explanation=f"{why}\n\n{rule_lines(rules)}")


DOG_CHOICES = (Choice("yes", N_("Yes: a dog card may go between two packets")),
               Choice("first", N_("No: the first card of the pack never goes to the dog")),
               Choice("last", N_("No: the last card of the pack never goes to the dog")))


def _said(choices) -> tuple[Choice, ...]:
    return tuple(Choice(c.key, _(c.label)) for c in choices)


def dog_fields(players: int, after: int) -> dict:
    ok, reason = dog_slot_verdict(players, after)
    total = packet_count(players)
    answer = "yes" if ok else ("first" if after == 0 else "last")
    reason = say(reason)
    why_not = {c.key: ["dog_slot", reason] for c in DOG_CHOICES if c.key != answer}
    why = f"{reason[0].upper()}{reason[1:]}. " + _(
        "The dealer hands out {total} packets; the dog's {dog} cards go in one at a time, after any packet but the "
        "last, and never before the first.").format(total=total, dog=RuleSet.for_players(players).dog_size)
    return dict(answer_type=AnswerType.CHOICE, answer=answer, choices=_said(DOG_CHOICES), grader="choice",
                rules=("dog_building",), context={"why_not": why_not, "after": after},
                explanation=f"{why}\n\n{rule_lines(['dog_building'])}")


PETIT_CHOICES = (Choice("cancel", N_("Yes: it is a Petit sec; the deal is cancelled before the bidding")),
                 Choice("other_trump", N_("No: the Petit is not the only trump")),
                 Choice("excuse", N_("No: the Excuse goes with the Petit")),
                 Choice("no_petit", N_("No: this hand has no Petit")))


def petit_sec_fields(hand) -> dict:
    hand = sort_cards(hand)
    trumps = [c for c in hand if c.is_trump]
    if is_petit_sec(hand):
        answer, why = "cancel", _("The Petit is the only trump and the Excuse is not there: a Petit sec. The "
                                  "player must show it, the deal is cancelled and the next dealer deals.")
    elif PETIT not in hand:
        answer, why = "no_petit", _("There is no Petit in this hand, so there is nothing to declare.")
    elif len(trumps) > 1:
        answer, why = "other_trump", ngettext("Besides the Petit this hand holds {n} other trump: the Petit is not "
                                              "alone.", "Besides the Petit this hand holds {n} other trumps: the "
                                              "Petit is not alone.", len(trumps) - 1).format(n=len(trumps) - 1)
    else:
        answer, why = "excuse", _("The Petit is the only trump, but the Excuse is with it: that is not a Petit sec.")
    why_not = {c.key: ["petit_sec", why] for c in PETIT_CHOICES if c.key != answer}
    return dict(answer_type=AnswerType.CHOICE, answer=answer, choices=_said(PETIT_CHOICES), grader="choice",
                rules=("petit_sec",), cards={_("Your hand"): tuple(hand)}, context={"why_not": why_not},
                explanation=f"{why}\n\n{rule_lines(['petit_sec'])}")


def misdeal_choices(players: int, dealer: int) -> tuple[Choice, ...]:
    nxt = (dealer + 1) % players
    return (Choice("same_barred", _("{dealer} deals again, and may not bid on that deal").format(dealer=seat(dealer))),
            Choice("same_bids", _("{dealer} deals again, and bids as usual").format(dealer=seat(dealer))),
            Choice("next", _("{next}, on the dealer's right, deals the new deal").format(next=seat(nxt))),
            Choice("next_barred", _("{next} deals the new deal, and {dealer} may not bid").format(
                next=seat(nxt), dealer=seat(dealer))))


def misdeal_fields(players: int, dealer: int) -> dict:
    nxt = next_deal_after(players, dealer, DealEnd.MISDEAL)
    same = nxt.dealer == dealer
    answer = ("same_barred" if nxt.barred == dealer else "same_bids") if same else \
        ("next_barred" if nxt.barred is not None else "next")
    why_not = {"same_bids": ["misdeal", _("the dealer who misdealt may not bid on the new deal")],
               "next": ["misdeal", _("after a misdeal the deal does not pass on: the same dealer deals again")],
               "next_barred": ["misdeal", _("the same dealer deals again; the deal does not pass on")],
               "same_barred": ["misdeal", _("that is what happens after a misdeal")]}
    why_not.pop(answer)
    why = _("A misdeal is redealt by the same dealer: {dealer} deals again, and may not bid on that deal. {first} "
            "still speaks first.").format(dealer=seat(nxt.dealer), first=seat(nxt.speaks_first))
    return dict(answer_type=AnswerType.CHOICE, answer=answer, choices=misdeal_choices(players, dealer),
                grader="choice", rules=("misdeal",), context={"why_not": why_not, "dealer": dealer},
                explanation=f"{why}\n\n{rule_lines(['misdeal'])}")


# ---------------------------------------------------------------- the generator


def _petit_hand(rng: random.Random, players: int):
    """A hand around the Petit: sec, with the Excuse, with another trump, or without it."""
    case = rng.choice(("sec", "sec", "excuse", "other", "none"))
    opts = {"sec": dict(trumps=1, petit=True), "excuse": dict(trumps=1, petit=True, excuse=True),
            "other": dict(trumps=rng.randint(2, 3), petit=True), "none": dict(trumps=rng.randint(1, 2), petit=False)}
    seat_ = rng.randrange(players)
    deal = biased_deal(players, rng, seat_, **opts[case]) if case != "sec" else None
    if deal is not None:
        return list(deal.dealt.hands[seat_])
    # biased_deal redeals a Petit sec by design: build the hand from it by swapping the only trump.
    deal = biased_deal(players, rng, seat_, trumps=1, petit=False)
    hand = [c for c in deal.dealt.hands[seat_] if not c.is_trump] + [PETIT]
    assert EXCUSE not in hand
    return hand


@generator("dealing", "dealing", N_("Dealing: sizes, who speaks and deals next, the dog's cards, Petit sec, misdeals"),
           options={"ask": ASKS})
def deal_question(rng: random.Random, p: Params):
    ask = p.get("ask") or rng.choice(BY_DIFFICULTY[p.difficulty])
    n = p.players
    dealer = rng.randrange(n)
    table = table_line(n, dealer)
    if ask == "sizes":
        field = rng.choice(SIZES)
        return _q(p, _("**{n} players.**").format(n=n) + " " + _(SIZE_WORDS[field]), sizes_fields(n, field))
    if ask == "first":
        return _q(p, _("**{n} players**, {dealer} deals.").format(n=n, dealer=seat(dealer)) + f"\n\n{table}\n\n"
                  + _("**Who speaks first in the bidding?**"), first_fields(n, dealer), table=dealer)
    if ask == "next_dealer":
        end = rng.choice(list(DealEnd))
        return _q(p, _("**{n} players**, {dealer} dealt, and {end}.").format(n=n, dealer=seat(dealer),
                                                                             end=_(END_WORDS[end]))
                  + f"\n\n{table}\n\n" + _("**Who deals next?**"), next_dealer_fields(n, dealer, end), table=dealer)
    if ask == "dog":
        total = packet_count(n)
        after = rng.choice([0, total, *rng.sample(range(1, total), 2)])
        where = (_("before handing out any packet") if after == 0 else
                 _("after the last packet") if after == total else
                 _("after packet {after} of {total}").format(after=after, total=total))
        return _q(p, _("**{n} players**: the dealer hands out {total} packets of {packet} and builds the dog of {dog} "
                       "on the way. **May the dealer lay a card in the dog {where}?**").format(
            n=n, total=total, packet=RuleSet.for_players(n).packet_size, dog=RuleSet.for_players(n).dog_size,
            where=where), dog_fields(n, after))
    if ask == "petit_sec":
        return _q(p, _("**{n} players.** The cards are dealt and you pick up this hand. **Must the deal be "
                       "cancelled?**").format(n=n), petit_sec_fields(_petit_hand(rng, n)))
    return _q(p, _("**{n} players**, {dealer} deals and hands out a packet of the wrong size: a misdeal.").format(
        n=n, dealer=seat(dealer)) + f"\n\n{table}\n\n" + _("**What happens now?**"), misdeal_fields(n, dealer),
        table=dealer)


def _q(p: Params, prompt: str, fields: dict, table: int | None = None):
    if table is not None:  # the question turns on who sits where: the page may draw the table
        fields = {**fields, "context": {**fields["context"], "table": {"players": p.players, "dealer": table}}}
    return make_question(p, prompt=prompt, **fields)
