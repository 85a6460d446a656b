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
from ...engine.announce import RANK_WORDS
from ...engine.seats import seat_label
from ..positions import biased_deal, new_deal, plausible, play_out, provenance, ready_to_play, run_auction
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..scoreform import describe, form_answer, form_fields, score_params
from ..text import md

ASKS = ("partner", "call", "shares")
BY_DIFFICULTY = {1: ("partner",), 2: ("call", "partner"), 3: ("shares", "call")}
FACES = tuple(sort_cards(c for c in CARDS if c.kind < 4 and c.rank >= 11))
PARTNER_CHOICES = (Choice("partner", "Whoever holds the called card is your secret partner (2 against 3)"),
                   Choice("alone", "You play alone (1 against 4)"),
                   Choice("call_again", "You must call another card"),
                   Choice("redeal", "The deal is cancelled and dealt again"))


@generator("five", "five-players", "5 players: the called card, the partner, sharing the score", players=(5,),
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
        why = f"You called {called.short} from your own hand: you have no partner and play alone."
    elif case == "dog":
        why = f"{called.short} turned up in the dog: nobody holds it, so you play alone."
    else:
        why = (f"{called.short} is neither in your hand nor in the dog, so another player holds it: they are your "
               "partner, though nobody knows who until it is played.")
    rules = ("call_king", "partner", "alone")
    why_not = {"call_again": ["call_once", "the call stands; calling your own king or one in the dog means "
                              "playing alone"],
               "redeal": ["no_redeal", "the deal goes on; the taker plays alone or with the holder of the card"],
               "alone": ["partner", "someone else holds the called card, so you have a partner"],
               "partner": ["alone", why]}
    del why_not[answer]
    prompt = (f"**5 players.** You are the taker, with a {deal.contract.french}. Before the dog is "
              f"turned up you call {called.short}. Then the dog is shown: {md(dog)}.\n\n**Who is your partner?**")
    return make_question(p, prompt=prompt, cards={"Your hand": tuple(hand), "The dog": tuple(dog)},
                         answer_type=AnswerType.CHOICE, answer=answer, choices=PARTNER_CHOICES,
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
                msg = ("call_own_king", "you may call a king you hold yourself; you then play alone") if c in hand \
                    else ("call_any_king", "any king may be called")
            else:
                msg = ("call_lower", f"you hold every card of the ranks above, so you may call a {RANK_WORDS[c.rank]} "
                       "you do not hold")
            notes[c.code] = {"missing": list(msg)}
        elif c in hand:
            notes[c.code] = {"extra": ["call_own_card", f"a {RANK_WORDS[c.rank]} you hold may never be called: you "
                                       "call yourself only with a king of your own"]}
        else:
            what = {13: "a queen only with all four kings", 12: "a knight only with all four kings and queens",
                    11: "a jack only with all four kings, queens and knights"}[c.rank]
            mid = "call_queen_early" if c.rank == 13 and not kings_all else "call_too_low"
            notes[c.code] = {"extra": [mid, f"you may call {what}"]}
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
    why = f"You may call any of the {md(options)}"
    if lower:
        word = RANK_WORDS[lower[0].rank]
        held = [c for c in hand if c.kind < 4 and c.rank == lower[0].rank]
        why += (f": you hold all four {'kings' if word == 'queen' else 'kings and queens'}, so also a {word} "
                "you do not hold")
        if held:
            why += f" (never {md(held)}, which you hold)"
    why += "."
    if mine:
        why += f" Calling {md(mine)}, which you hold, means playing alone."
    rules = ("call_king", "alone")
    prompt = (f"**5 players.** You are the taker, with a {deal.contract.french}. "
              "Before the dog is turned up you call a card. **Which cards may you call?** Pick all of them.")
    return make_question(p, prompt=prompt, cards={"Your hand": tuple(hand)}, answer_type=AnswerType.PICK_CARDS,
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
    pays = "pays" if s.per_defender >= 0 else "receives"
    side = "alone (1 against 4)" if s.alone else f"with {seat_label(deal.partner)} as partner (2 against 3)"
    shown_by = [deal.camp(seat) for seat, _cards, _level in deal.poignees]
    prompt = (f"**Share the score.** {describe(params, shown_by)} The taker, {seat_label(deal.taker)}, played {side}. "
              f"The sum per defender is **{abs(s.per_defender)}**: each defender {pays} it.\n\n"
              "What does each player score?")
    rules = ("alone", "shares") if s.alone else ("partner", "shares")
    explanation = f"{s.steps[-1].text}\n\n{rule_lines(rules)}"
    return make_question(p, prompt=prompt, answer_type=AnswerType.SCORE_FORM, answer=answer,
                         fields=form_fields(keys), explanation=explanation, rules=rules, grader="score_form",
                         context={"score": params, "deal": provenance(deal)}, tags=("alone",) if s.alone else ())
