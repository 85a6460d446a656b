"""Bidding: the multiplier and the dog of a contract, the bids still open, and who becomes the taker.

Auctions are real ones: each seat speaks once, in turn from the dealer's right, and only legal
bids are made (sometimes everyone passes).
"""

from __future__ import annotations

import random

from ...engine import Auction, Contract, DogFate, dog_outcome
from ...engine.seats import seat_label
from ...engine.words import N_
from ...i18n import _
from ...i18n.words import say
from ..positions import new_deal, pick_contract, plausible, provenance
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines

ASKS = ("multiplier", "dog", "open", "taker")
BY_DIFFICULTY = {1: ("multiplier", "dog"), 2: ("open", "dog"), 3: ("taker", "open")}
DOG_CHOICES = (Choice(DogFate.TAKER_EXCHANGES.name.lower(), N_("The taker takes it into the hand and makes an écart")),
               Choice(DogFate.TAKER_KEEPS_HIDDEN.name.lower(), N_("It stays face down and counts for the taker")),
               Choice(DogFate.DEFENCE_KEEPS_HIDDEN.name.lower(), N_("It stays face down and counts for the defence")))
CONTRACT_NAMES = {c: c.french.split(" (")[0] for c in Contract}


def random_auction(deal, rng: random.Random, *, stop: int | None = None) -> None:
    """Each seat passes or outbids at random (everyone may pass); stop after ``stop`` speakers."""
    while not deal.auction.finished and (stop is None or len(deal.auction.bids) < stop):
        seat = deal.to_act
        options = deal.auction.open_bids()
        highest = deal.auction.highest
        bid = pick_contract(rng, highest[1] if highest else None) if options and rng.random() < 0.45 else None
        if bid is not None and not plausible(deal.hand(seat), bid, deal.players):
            bid = None  # a sensible player passes rather than bid what the hand is not worth
        deal.bid(seat, bid)


def auction_text(auction: Auction) -> str:
    lines = []
    for i, (seat, bid) in enumerate(auction.bids):
        note = " " + _("(on the dealer's right, speaks first)") if i == 0 else ""
        lines.append(_("{k}. {seat}: **{bid}**").format(k=i + 1, seat=say(seat_label(seat, capital=True)) + note,
                                                       bid=CONTRACT_NAMES[bid] if bid else _("pass")))
    return "\n".join(lines)


def open_label(contracts) -> str:
    names = [CONTRACT_NAMES[c] for c in contracts]
    return _("Pass only") if not names else _("Pass, {contracts}").format(contracts=", ".join(names))


MULTIPLIER_MISTAKES = {
    Contract.GARDE_SANS: [[3, "multiplier_order", N_("garde sans multiplies by 4")]],
    Contract.GARDE_CONTRE: [[8, "pousse_scale", N_("×8 is the 'pousse' house scale; the FFT garde contre multiplies "
                                                   "by 6")],
                            [5, "multiplier_order", N_("garde contre multiplies by 6")]],
    Contract.GARDE: [[1.5, "multiplier_order", N_("a garde doubles: ×2")]],
    Contract.PETITE: [[0, "multiplier_order", N_("a petite counts once: ×1")]],
}


def dog_why_not(contract: Contract) -> dict:
    why = {DogFate.TAKER_EXCHANGES: N_("only petite and garde let the taker take the dog and make an écart"),
           DogFate.TAKER_KEEPS_HIDDEN: N_("in a garde sans the dog stays hidden but counts for the taker"),
           DogFate.DEFENCE_KEEPS_HIDDEN: N_("in a garde contre the dog stays hidden and counts for the defence")}
    return {f.name.lower(): ["dog_fate", _(why[contract.dog])] for f in DogFate if f is not contract.dog}


def open_why_not(a: Auction, choices, index: int) -> dict:
    """Why each other set of bids is wrong, for the seat to speak."""
    highest = a.highest
    why_not = {}
    for k, c in enumerate(choices):
        if k == index:
            continue
        if highest and k == index - 1:
            why_not[c.key] = ["outbid_equal", _("{contract} has been bid already: a bid must be higher, equal is "
                                                "not enough").format(contract=CONTRACT_NAMES[highest[1]])]
        elif k < index:
            why_not[c.key] = ["outbid_every", _("a bid must be higher than every earlier bid, not only the last "
                                                "speaker's")]
        else:
            why_not[c.key] = ["outbid_skip", _("any higher contract is open: you may skip levels")]
    return why_not


def taker_why_not(a: Auction, choices, answer: str) -> dict:
    highest = a.highest
    first_bidder = next((s for s, b in a.bids if b is not None), None)
    why_not = {}
    for c in choices:
        if c.key == answer:
            continue
        if c.key == "nobody":
            why_not[c.key] = ["taker", _("someone bid, so the deal is played")]
        elif not highest:
            why_not[c.key] = ["all_pass", _("everyone passed: nobody takes, and the next dealer deals")]
        elif int(c.key) - 1 == first_bidder:  # keys are the seats as learners count them, from 1
            why_not[c.key] = ["first_bidder", _("a later, higher bid replaces the first one")]
        else:
            why_not[c.key] = ["taker", _("the taker is the highest bidder")]
    return why_not


@generator("bidding", "bidding", N_("Contracts, the bids still open, the taker and the dog"), options={"ask": ASKS})
def bidding_question(rng: random.Random, p: Params):
    ask = p.get("ask") or rng.choice(BY_DIFFICULTY[p.difficulty])
    if ask in ("multiplier", "dog"):
        return _contract_question(rng, p, ask)
    deal = new_deal(p.players, rng)
    if ask == "open":
        random_auction(deal, rng, stop=rng.randrange(1, p.players))
        return _open_question(p, deal)
    random_auction(deal, rng)
    return _taker_question(p, deal)


def _contract_question(rng, p, ask):
    rng.randrange(p.players)  # was the taker's seat; drawn still so every seed keeps its question
    contract = pick_contract(rng) if rng.random() < 0.5 else rng.choice(list(Contract))
    ctx = {"contract": contract.value}
    name = CONTRACT_NAMES[contract]
    if ask == "multiplier":
        wrong = MULTIPLIER_MISTAKES[contract]
        ctx["number_mistakes"] = [[v, mid, _(msg)] for v, mid, msg in wrong]
        explanation = _("A **{name}** multiplies the contract by **{multiplier}**: petite ×1, garde ×2, garde sans "
                        "×4, garde contre ×6.").format(name=name, multiplier=contract.multiplier) + \
            f"\n\n{rule_lines(['multiplier'])}"
        return make_question(p, prompt=_("A player takes a **{name}**. By how much is the contract "
                                         "multiplied?").format(name=name),
                             answer_type=AnswerType.NUMBER, answer=contract.multiplier, explanation=explanation,
                             rules=("multiplier",), grader="number", context=ctx)
    answer = contract.dog.name.lower()
    ctx["why_not"] = dog_why_not(contract)
    explanation = f"{say(dog_outcome(contract))}\n\n{rule_lines(['dog_fate'])}"
    return make_question(p, prompt=_("A player takes a **{name}**. What happens to the dog?").format(name=name),
                         answer_type=AnswerType.CHOICE, answer=answer,
                         choices=tuple(Choice(c.key, _(c.label)) for c in DOG_CHOICES), explanation=explanation,
                         rules=("dog_fate",), grader="choice", context=ctx)


def open_choices():
    levels = list(Contract)
    return tuple(Choice(levels[i].value if i < len(levels) else "pass_only", open_label(levels[i:]))
                 for i in range(len(levels) + 1))


def _open_question(p, deal):
    a = deal.auction
    seat = a.to_speak
    open_now = a.open_bids()
    choices = open_choices()
    index = len(Contract) - len(open_now)
    answer = choices[index].key
    highest = a.highest
    why_not = open_why_not(a, choices, index)
    if highest:
        why = _("The highest bid so far is **{contract}** ({bidder}), so {seat} may pass or bid higher: "
                "{open}.").format(contract=CONTRACT_NAMES[highest[1]], bidder=say(seat_label(highest[0])),
                                  seat=say(seat_label(seat)), open=open_label(open_now).lower())
    else:
        why = _("Nobody has bid yet, so {seat} may pass or bid any contract.").format(seat=say(seat_label(seat)))
    explanation = f"{why}\n\n{rule_lines(['outbid', 'bid_order'])}"
    prompt = (_("**{players} players**, {dealer} dealt. The auction so far:").format(
        players=p.players, dealer=say(seat_label(deal.dealer))) + f"\n\n{auction_text(a)}\n\n"
              + _("{seat} speaks next. **Which bids may {who} make?**").format(
                  seat=say(seat_label(seat, capital=True)), who=say(seat_label(seat))))
    return make_question(p, prompt=prompt, answer_type=AnswerType.CHOICE, answer=answer, choices=choices,
                         explanation=explanation, rules=("outbid", "bid_order"), grader="choice",
                         context={"bids": _bids(a), "dealer": deal.dealer, "why_not": why_not,
                                  "deal": provenance(deal)})


def _taker_question(p, deal):
    a = deal.auction
    choices = tuple(Choice(str(s + 1), say(seat_label(s, capital=True))) for s in range(p.players)) + (
        Choice("nobody", _("Nobody: everyone passed, the deal is cancelled")),)
    highest = a.highest
    answer = str(highest[0] + 1) if highest else "nobody"
    why_not = taker_why_not(a, choices, answer)
    if highest:
        why = _("The highest bid is **{contract}**, by {seat}: {seat} is the taker.").format(
            contract=CONTRACT_NAMES[highest[1]], seat=say(seat_label(highest[0]))) + " " + say(dog_outcome(highest[1]))
        rules = ("taker", "outbid")
    else:
        why = _("Everyone passed: the deal is cancelled and the next dealer deals.")
        rules = ("all_pass",)
    explanation = f"{why}\n\n{rule_lines(rules)}"
    prompt = (_("**{players} players**, {dealer} dealt. The whole auction:").format(
        players=p.players, dealer=say(seat_label(deal.dealer))) + f"\n\n{auction_text(a)}\n\n"
        + _("**Who becomes the taker?**"))
    return make_question(p, prompt=prompt, answer_type=AnswerType.CHOICE, answer=answer, choices=choices,
                         explanation=explanation, rules=rules, grader="choice",
                         context={"bids": _bids(a), "dealer": deal.dealer, "why_not": why_not,
                                  "deal": provenance(deal)})


def _bids(a: Auction) -> list:
    return [[seat, bid.value if bid else "pass"] for seat, bid in a.bids]
