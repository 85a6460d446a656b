"""Five players: the called card, playing alone, and sharing the score (``five``).

Positions are 5-player deals: the taker's hand and the dog as the taker sees them, or the
score of a played deal to share between the taker, the partner and the defenders.
"""

from __future__ import annotations

import random

from ...engine import (
    CARDS,
    Contract,
    Phase,
    callable_cards,
    score_deal,
    sort_cards,
)
from ...engine.seats import seat_label
from ...engine.words import N_
from ...i18n import _
from ...i18n.words import card_short, say
from ..positions import biased_deal, new_deal, plausible, play_out, provenance, ready_to_play, run_auction
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..scoreform import describe, form_answer, form_fields, score_params
from ..text import cap, md

ASKS = ("partner", "call", "shares")
BY_DIFFICULTY = {1: ("partner",), 2: ("call", "partner"), 3: ("shares", "call")}
FACES = tuple(sort_cards(c for c in CARDS if c.kind < 4 and c.rank >= 11))
PARTNER_CHOICES = (Choice("partner", N_("Whoever holds the called card is your secret partner (2 against 3)")),
                   Choice("alone", N_("You play alone (1 against 4)")),
                   Choice("call_again", N_("You must call another card")),
                   Choice("redeal", N_("The deal is cancelled and dealt again")))
# A face card's rank, with its article, in the learner's language (genders differ in French).
A_RANK = {13: N_("a queen"), 12: N_("a knight"), 11: N_("a jack")}
HOLD_ALL = {13: N_("you hold all four kings"), 12: N_("you hold all four kings and queens"),
            11: N_("you hold all four kings, queens and knights")}


@generator("five", "five-players", N_("5 players: the called card, the partner, sharing the score"), players=(5,),
           options={"ask": ASKS})
def five_question(rng: random.Random, p: Params):
    ask = p.get("ask") or rng.choice(BY_DIFFICULTY[p.difficulty])
    return {"partner": _partner, "call": _call, "shares": _shares}[ask](rng, p)


def _partner(rng: random.Random, p: Params):
    case = rng.choice(("partner", "self", "dog"))
    contract = rng.choice((Contract.PETITE, Contract.GARDE))
    found = None
    while found is None:
        deal = new_deal(5, rng)
        for taker in rng.sample(range(5), 5):  # a seat whose hand is worth the contract and fits the case
            hand = deal.hand(taker)
            options = callable_cards(hand)
            pick = {"partner": [c for c in options if c not in hand and c not in deal.dog],
                    "self": [c for c in options if c in hand],
                    "dog": [c for c in options if c in deal.dog]}[case]
            if pick and plausible(hand, contract, 5) and run_auction(deal, rng, taker=taker, contract=contract):
                found = taker
                break
    called = rng.choice(pick)
    deal.call(taker, called)
    dog = sort_cards(deal.dog)
    answer = "partner" if deal.partner is not None else "alone"
    if case == "self":
        why = _("You called {card} from your own hand: you have no partner and play alone.").format(
            card=card_short(called))
    elif case == "dog":
        why = _("{card} turned up in the dog: nobody holds it, so you play alone.").format(card=cap(card_short(called)))
    else:
        why = _("{card} is neither in your hand nor in the dog, so another player holds it: they are your partner, "
                "though nobody knows who until it is played.").format(card=cap(card_short(called)))
    rules = ("call_king", "partner", "alone")
    why_not = {"call_again": ["call_once", _("the call stands; calling your own king or one in the dog means "
                                             "playing alone")],
               "redeal": ["no_redeal", _("the deal goes on; the taker plays alone or with the holder of the card")],
               "alone": ["partner", _("someone else holds the called card, so you have a partner")],
               "partner": ["alone", why]}
    del why_not[answer]
    prompt = _("**5 players.** You are the taker, with a {contract}. Before the dog is turned up you call {card}. "
               "Then the dog is shown: {dog}.").format(contract=deal.contract.french, card=card_short(called),
                                                         dog=md(dog)) + "\n\n" + _("**Who is your partner?**")
    return make_question(p, prompt=prompt, cards={_("Your hand"): tuple(hand), _("The dog"): tuple(dog)},
                         answer_type=AnswerType.CHOICE, answer=answer,
                         choices=tuple(Choice(c.key, _(c.label)) for c in PARTNER_CHOICES),
                         explanation=f"{why}\n\n{rule_lines(rules)}", rules=rules, grader="choice",
                         context={"hand": " ".join(c.code for c in hand), "dog": " ".join(c.code for c in dog),
                                  "called": called.code, "why_not": why_not, "deal": provenance(deal)},
                         tags=(case,))


def call_notes(hand, options) -> dict:
    kings_all = all(any(c.kind == s and c.rank == 14 for c in hand) for s in range(4))
    notes = {}
    for c in FACES:
        if c in options:
            if c.rank == 14:
                msg = ("call_own_king", _("you may call a king you hold yourself; you then play alone")) \
                    if c in hand else ("call_any_king", _("any king may be called"))
            else:
                msg = ("call_lower", _("you hold every card of the ranks above, so you may call {rank} you do not "
                                       "hold").format(rank=_(A_RANK[c.rank])))
            notes[c.code] = {"missing": list(msg)}
        elif c in hand:
            notes[c.code] = {"extra": ["call_own_card", _("{rank} you hold may never be called: you call yourself "
                                                          "only with a king of your own").format(
                rank=_(A_RANK[c.rank]))]}
        else:
            what = {13: N_("you may call a queen only with all four kings"),
                    12: N_("you may call a knight only with all four kings and queens"),
                    11: N_("you may call a jack only with all four kings, queens and knights")}[c.rank]
            mid = "call_queen_early" if c.rank == 13 and not kings_all else "call_too_low"
            notes[c.code] = {"extra": [mid, _(what)]}
    return notes


def _call(rng: random.Random, p: Params):
    four_kings = rng.random() < 0.45
    while True:
        taker = rng.randrange(5)
        deal = biased_deal(5, rng, taker, trumps=rng.randint(4, 8), kings=4) if four_kings else new_deal(5, rng)
        if run_auction(deal, rng, taker=taker):
            break
    assert deal.phase is Phase.CALLING
    hand = deal.hand(taker)
    options = callable_cards(hand)
    mine = [c for c in options if c in hand]
    lower = [c for c in options if c.rank < 14]
    if lower:
        rank = lower[0].rank
        held = [c for c in hand if c.kind < 4 and c.rank == rank]
        why = (_("You may call any of the {cards}: {hold_all}, so also {rank} you do not hold (never {held}, which "
                 "you hold).") if held else
               _("You may call any of the {cards}: {hold_all}, so also {rank} you do not hold.")).format(
            cards=md(options), hold_all=_(HOLD_ALL[rank if rank == 13 else 12]), rank=_(A_RANK[rank]), held=md(held))
    else:
        why = _("You may call any of the {cards}.").format(cards=md(options))
    if mine:
        why += " " + _("Calling {cards}, which you hold, means playing alone.").format(cards=md(mine))
    rules = ("call_king", "alone")
    prompt = _("**5 players.** You are the taker, with a {contract}. Before the dog is turned up you call a card. "
               "**Which cards may you call?** Pick all of them.").format(contract=deal.contract.french)
    return make_question(p, prompt=prompt, cards={_("Your hand"): tuple(hand)}, answer_type=AnswerType.PICK_CARDS,
                         answer=tuple(sort_cards(options)), pool=FACES,
                         explanation=f"{why}\n\n{rule_lines(rules)}", rules=rules, grader="cards",
                         context={"hand": " ".join(c.code for c in hand), "card_notes": call_notes(hand, options),
                                  "deal": provenance(deal)}, tags=("four_kings",) if lower else ())


def _shares(rng: random.Random, p: Params):
    deal = play_out(ready_to_play(5, rng, alone=rng.random() < 0.35), rng)
    r = deal.result()
    params = score_params(5, deal.contract, r.attack_points, r.oudlers, petit_au_bout=r.petit_au_bout,
                          poignees=list(r.poignees), chelem=r.chelem, alone=r.score.alone)
    s = score_deal(**params)
    keys = ("taker", "partner", "defender") if s.partner is not None else ("taker", "defender")
    answer = form_answer(params, keys)
    taker = say(seat_label(deal.taker))
    played = (_("The taker, {taker}, played alone (1 against 4).").format(taker=taker) if s.alone else
              _("The taker, {taker}, played with {partner} as partner (2 against 3).").format(
                  taker=taker, partner=say(seat_label(deal.partner))))
    sum_line = (_("The sum per defender is **{sum}**: each defender pays it.") if s.per_defender >= 0 else
                _("The sum per defender is **{sum}**: each defender receives it.")).format(sum=abs(s.per_defender))
    shown_by = [deal.camp(seat) for seat, _cards, _level in deal.poignees]
    prompt = (_("**Share the score.** {deal}").format(deal=describe(params, shown_by)) + f" {played} {sum_line}\n\n"
              + _("What does each player score?"))
    rules = ("alone", "shares") if s.alone else ("partner", "shares")
    explanation = f"{say(s.steps[-1].text)}\n\n{rule_lines(rules)}"
    return make_question(p, prompt=prompt, answer_type=AnswerType.SCORE_FORM, answer=answer,
                         fields=form_fields(keys), explanation=explanation, rules=rules, grader="score_form",
                         context={"score": params, "deal": provenance(deal)}, tags=("alone",) if s.alone else ())
