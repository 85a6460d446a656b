"""The écart: judge a proposed écart, or pick a legal one (``ecart``).

The position is the taker's hand with the dog taken in, from a real auction. Hands that must
discard a trump are too rare to wait for, so some deals give the taker a trump-heavy hand.
"""

from __future__ import annotations

import random

from ...engine import (
    Contract,
    Deal,
    Phase,
    RuleSet,
    check_discard,
    discardable,
    sort_cards,
    trumps_needed,
)
from ...engine.words import N_
from ...i18n import _, ngettext
from ...i18n.words import say
from ..positions import biased_deal, call_card, new_deal, provenance, run_auction
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import md, plural

CHOICES = (Choice("legal", N_("Legal")), Choice("king", N_("Not legal: it holds a king")),
           Choice("oudler", N_("Not legal: it holds an oudler")),
           Choice("trump", N_("Not legal: it holds a trump that could be avoided")),
           Choice("count", N_("Not legal: it has the wrong number of cards")))
RULE_OF = {"king": "ecart_king", "oudler": "ecart_oudler", "trump": "ecart_trump", "count": "ecart_count"}
WHAT = {"king": N_("because of a king"), "oudler": N_("because of an oudler"),
        "trump": N_("because of an avoidable trump"), "count": N_("because of the wrong number of cards")}


def choices() -> tuple[Choice, ...]:
    """The verdicts, in the learner's language."""
    return tuple(Choice(c.key, _(c.label)) for c in CHOICES)


def ecart_position(players: int, rng: random.Random, *, heavy: bool) -> Deal:
    """A deal at the écart: the taker holds the dog. ``heavy``: the taker must discard a trump."""
    rules = RuleSet.for_players(players)
    for _try in range(80):
        taker = rng.randrange(players)
        if heavy:
            if players == 3:  # 24 cards: every trump, and kings or the Excuse
                kings, excuse, plain = rng.choice(((2, True), (3, False))) + (0,)
            else:
                kings, excuse, plain = rng.randint(1, 3), rng.random() < 0.5, rng.randint(0, 1)
            trumps = rules.hand_size - kings - excuse - plain
            deal = biased_deal(players, rng, taker, trumps=trumps, excuse=excuse, kings=kings)
            if trumps_needed(list(deal.dealt.hands[taker]) + list(deal.dog), rules.dog_size) == 0:
                continue
        else:
            deal = new_deal(players, rng)
        if not run_auction(deal, rng, taker=taker, contract=rng.choice((Contract.PETITE, Contract.GARDE))):
            continue  # the taker's hand is not worth it (see positions.plausible)
        if deal.phase is Phase.CALLING:
            call_card(deal, rng)
        if deal.phase is Phase.ECART:
            return deal
    raise AssertionError("no écart position found")  # pragma: no cover


def legal_example(hand, dog_size: int, rng: random.Random | None = None) -> list:
    """A legal écart: low suit cards first, then the unavoidable trumps (lowest, never an oudler)."""
    pool = sorted(discardable(hand), key=lambda c: (c.points, c.rank))
    need = trumps_needed(hand, dog_size)
    if rng is not None and not need:
        return rng.sample(pool, dog_size)
    trumps = sorted((c for c in hand if c.is_trump and not c.is_oudler), key=lambda c: c.rank)
    return (pool[:dog_size] if not need else pool + trumps[:need])


def _candidate(want: str, hand, n: int, rng: random.Random):
    """An écart from ``hand`` breaking only the rule ``want`` (or legal); None when impossible."""
    base = legal_example(hand, n, rng)
    kings = [c for c in hand if c.is_king]
    oudlers = [c for c in hand if c.is_oudler]
    spare_trumps = [c for c in hand if c.is_trump and not c.is_oudler and c not in base]
    plain = [c for c in base if not c.is_trump]
    if want == "legal":
        return base
    if want == "count":
        extra = [c for c in discardable(hand) if c not in base]
        if extra and rng.random() < 0.5:
            return base + [rng.choice(extra)]
        return base[:-1] if len(base) > 1 else None
    swap = {"king": kings, "oudler": oudlers, "trump": spare_trumps}[want]
    if not swap or not plain:
        return None
    out = list(base)
    out[out.index(rng.choice(plain))] = rng.choice(swap)
    return out


def explain_hand(hand, n: int) -> str:
    pool = sort_cards(discardable(hand))
    need = trumps_needed(hand, n)
    text = _("Your hand with the dog has {n_cards} other than kings: {cards}.").format(
        n_cards=plural(len(pool), "suit card"), cards=md(pool)) + " "
    if need:
        return text + _("That is fewer than the {n} cards of the écart, so all of them go, with {n_trumps} (never "
                        "the 21, the Petit or the Excuse), shown to the defence.").format(
            n=n, n_trumps=plural(need, "trump"))
    return text + _("The écart takes any {n} of them; no king, no oudler, and no trump, since one can be "
                    "avoided.").format(n=n)


def judge_why_not(verdict, got: str, hand, n: int) -> dict:
    """choice key -> [mistake id, message] for the wrong verdicts on a proposed écart."""
    if got == "legal":
        why_not = {"king": ["legal_ecart", _("the écart holds no king")],
                   "oudler": ["legal_ecart", _("the écart holds no oudler")],
                   "trump": ["legal_ecart", _("the écart holds no trump")],
                   "count": ["legal_ecart", _("the écart has exactly {n} cards, as it must").format(n=n)]}
        if verdict.shown:
            why_not["trump"] = ["unavoidable_trump", _("{cards} cannot be avoided here:").format(
                cards=md(verdict.shown)) + " " + explain_hand(hand, n)]
        return why_not
    reason = " ".join(say(r) for r in verdict.reasons)
    why_not = {"legal": [f"missed_{got}", reason]}
    for key in ("king", "oudler", "trump", "count"):
        if key != got and key not in verdict.rules:
            why_not[key] = ["wrong_reason", _("it is not legal, but {what}: {reason}").format(
                what=_(WHAT[got]), reason=reason)]
    return why_not


@generator("ecart", "ecart", N_("Judge an écart, or pick a legal one"), options={"mode": ("judge", "pick")})
def ecart_question(rng: random.Random, p: Params):
    mode = p.get("mode") or ("pick" if p.difficulty == 3 and rng.random() < 0.6 else "judge")
    heavy = p.difficulty == 3 and rng.random() < 0.5
    deal = ecart_position(p.players, rng, heavy=heavy)
    taker = deal.taker
    view = deal.view(taker)
    hand = list(view.hand)
    n = deal.rules.dog_size
    dog = sort_cards(deal.dog)
    head = _("**{players} players.** You took a {contract} (×{multiplier}); the dog ({dog}) is now in your hand, "
             "and you must lay aside an écart of {n} cards.").format(
        players=p.players, contract=deal.contract.french, multiplier=deal.contract.multiplier, dog=md(dog), n=n)
    ctx = {"hand": " ".join(c.code for c in hand), "players": p.players, "dog_size": n,
           "dog": " ".join(c.code for c in dog), "deal": provenance(deal)}
    cards = {_("Your hand, the dog taken in"): tuple(hand), _("The dog"): tuple(dog)}
    if mode == "pick":
        example = sort_cards(legal_example(hand, n))
        need = trumps_needed(hand, n)
        rules = ("ecart_count", "ecart_king", "ecart_oudler", "ecart_trump")
        explanation = (explain_hand(hand, n) + "\n\n" + _("For example: {cards}.").format(cards=md(example))
                       + "\n\n" + rule_lines(rules))
        return make_question(p, prompt=head + "\n\n" + _("**Pick a legal écart.**"), cards=cards,
                             answer_type=AnswerType.PICK_CARDS, answer=tuple(example), pool=tuple(hand),
                             explanation=explanation, rules=rules, grader="ecart",
                             context=ctx, tags=("trump_needed",) if need else ())
    levels = {1: ("legal", "king", "oudler", "count"), 2: ("legal", "king", "oudler", "trump", "count"),
              3: ("legal", "trump", "legal", "king", "oudler")}[p.difficulty]
    for want in rng.sample(levels, len(levels)) * 2:
        proposed = _candidate(want, hand, n, rng)
        if proposed is None:
            continue
        verdict = check_discard(hand, proposed, players=p.players)
        got = "legal" if verdict.legal else verdict.rules[0] if len(verdict.rules) == 1 else None
        if got == want:
            break
    proposed = sort_cards(proposed)
    why_not = judge_why_not(verdict, got, hand, n)
    rules = tuple(dict.fromkeys([RULE_OF.get(got, "ecart_count"), "ecart_king", "ecart_oudler", "ecart_trump"]))
    verdict_text = (_("**Legal.**") + (" " + ngettext("The trump {cards} must be shown to the defence.",
                                                      "The trumps {cards} must be shown to the defence.",
                                                      len(verdict.shown)).format(cards=md(verdict.shown))
                                       if verdict.shown else "")
                    if got == "legal" else _("**Not legal.**") + " " + " ".join(say(r) for r in verdict.reasons))
    explanation = f"{verdict_text}\n\n{explain_hand(hand, n)}\n\n{rule_lines(rules)}"
    ctx.update(proposed=" ".join(c.code for c in proposed), why_not=why_not)
    return make_question(p, prompt=head + "\n\n" + _("You propose the écart {cards}. **Is it legal?**").format(
                             cards=md(proposed)),
                         cards={**cards, _("Proposed écart"): tuple(proposed)}, answer_type=AnswerType.CHOICE,
                         answer=got, choices=choices(), explanation=explanation, rules=rules, grader="choice",
                         context=ctx, tags=("trump_needed",) if trumps_needed(hand, n) else ())
