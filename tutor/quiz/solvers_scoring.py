"""The position solvers of the deal's end: the poignée, the score, the five-player call and shares, the Excuse and
the last trick (they join the registry of ``solver_fields``; ``solvers`` imports them).
"""

from __future__ import annotations

from collections.abc import Callable

from ..content.cardcodes import strict_card, strict_cards
from ..engine import (
    EXCUSE,
    Contract,
    RuleSet,
    TarotError,
    call_outcome,
    callable_cards,
    check_poignee,
    count_attack,
    petit_au_bout,
    poignee_options,
    poignee_to_show,
    score_deal,
    sort_cards,
)
from ..engine.piles import excuse_wins_last
from ..engine.play import winner_index
from ..engine.seats import seat_label
from ..engine.views import Trick
from ..i18n import _
from ..i18n.words import card_short, say
from .kinds.excuse import FATE_CHOICES, fate_why_not, pab_choices, pab_why_not
from .kinds.five import FACES, PARTNER_CHOICES, call_notes
from .kinds.play import why_not_winner
from .kinds.poignee import A_LEVEL, JUDGE_CHOICES, LEVEL_CHOICES, hand_facts, level_why_not
from .question import AnswerType, Choice
from .rules import rule_lines
from .scoreform import form_answer, form_fields, score_params
from .solver_fields import PositionError, _cards, _disjoint, _int, _known, solver
from .text import cap, md, named

# ---------------------------------------------------------------- poignée


@solver("poignee", asks=(None, "judge", "pick"))
def _poignee(pos, ask, players):
    _known(pos, {"hand", "shown", "level"})
    hand = _cards(pos, "hand")
    size = RuleSet.for_players(players).hand_size
    if len(hand) > size + RuleSet.for_players(players).dog_size:
        raise PositionError(f"a hand has {size} cards with {players} players", "hand")
    facts = hand_facts(hand, players)
    rules = ["poignee_threshold"] + (["poignee_excuse"] if EXCUSE in hand else [])
    ctx = {"hand": " ".join(c.code for c in hand), "players": players}
    if ask is None:
        options = poignee_options(hand, players=players)
        best = options[-1] if options else "none"
        ctx["why_not"] = level_why_not(hand, players, best)
        return dict(cards={_("Your hand"): tuple(hand)}, answer_type=AnswerType.CHOICE, answer=best,
                    choices=tuple(Choice(c.key, _(c.label)) for c in LEVEL_CHOICES), grader="choice",
                    rules=tuple(rules), context=ctx,
                    explanation=f"**{_('No poignée') if best == 'none' else cap(_(A_LEVEL[best]))}.** {facts}\n\n"
                                f"{rule_lines(rules)}")
    rules.append("poignee_exact")
    if ask == "pick":
        level = pos.get("level")
        thresholds = RuleSet.for_players(players).poignee_thresholds
        if level not in thresholds:
            raise PositionError("level must be simple, double or triple", "level")
        try:
            right = poignee_to_show(hand, level, players=players)
        except TarotError as err:
            raise PositionError(str(err), "level") from None
        ctx.update(level=level, need=thresholds[level])
        return dict(cards={_("Your hand"): tuple(hand)}, answer_type=AnswerType.PICK_CARDS, answer=tuple(right),
                    pool=tuple(hand), grader="poignee_show", rules=tuple(rules), context=ctx,
                    explanation=_("For example {cards}.").format(cards=md(right)) + f"\n\n{facts}\n\n"
                    f"{rule_lines(rules)}")
    shown = _cards(pos, "shown")
    verdict = check_poignee(hand, shown, players=players)
    if verdict.legal:
        answer = "legal"
    elif any("Excuse may stand in" in r for r in verdict.reasons):
        answer = "excuse"
    elif any("exactly" in r for r in verdict.reasons):
        answer = "count"
    else:
        raise PositionError("the show breaks a rule the question cannot ask about: " + " ".join(verdict.reasons),
                            "shown")
    why = " ".join(say(r) for r in verdict.reasons) or _("It shows exactly {n} cards, {level}.").format(
        n=len(shown), level=_(A_LEVEL[verdict.level]))
    ctx["why_not"] = {c.key: ["poignee_judge", why] for c in JUDGE_CHOICES if c.key != answer}
    return dict(cards={_("Your hand"): tuple(hand), _("Shown"): tuple(shown)}, answer_type=AnswerType.CHOICE,
                answer=answer, choices=tuple(Choice(c.key, _(c.label)) for c in JUDGE_CHOICES), grader="choice",
                rules=tuple(rules), context=ctx,
                explanation=f"{_('**Legal.**') if answer == 'legal' else _('**Not legal.**')} {why}\n\n{facts}\n\n"
                            f"{rule_lines(rules)}")


# ---------------------------------------------------------------- scoring and five players


SCORE_KEYS = {"contract", "points", "oudlers", "petit_au_bout", "poignees", "chelem", "alone"}


def _score_params(pos, players) -> dict:
    _known(pos, SCORE_KEYS)
    try:
        params = score_params(players, pos.get("contract"), pos.get("points"), pos.get("oudlers"),
                              petit_au_bout=pos.get("petit_au_bout"), poignees=pos.get("poignees") or [],
                              chelem=pos.get("chelem"), alone=bool(pos.get("alone", False)))
        score_deal(**params)
    except TarotError as err:
        raise PositionError(str(err)) from None
    return params


def _score_fields(params: dict, keys=None) -> dict:
    s = score_deal(**params)
    answer = form_answer(params, keys)
    rules = ["target", "base"] + [r for k, r in (("counted", "half_point"), ("petit_au_bout", "petit_au_bout"),
                                                 ("poignee", "poignee_bonus"), ("chelem", "chelem_bonus"))
                                  if k in answer] + ["per_defender", "shares"]
    if keys is not None:
        rules = ["alone" if s.alone else "partner", "shares"] if s.players == 5 else ["shares"]
    explanation = "\n".join(f"- {say(st.text)}" for st in s.steps) + "\n\n" + rule_lines(rules)
    return dict(answer_type=AnswerType.SCORE_FORM, answer=answer, fields=form_fields(answer), grader="score_form",
                rules=tuple(rules), context={"score": params}, explanation=explanation)


@solver("score")
def _score(pos, ask, players):
    return _score_fields(_score_params(pos, players))


@solver("five", asks=("partner", "call", "shares"))
def _five(pos, ask, players):
    if players != 5:
        raise PositionError("a five puzzle is for 5 players", "players")
    if ask == "shares":
        params = _score_params(pos, players)
        keys = ("taker", "defender") if params["alone"] else ("taker", "partner", "defender")
        return _score_fields(params, keys)
    if ask == "call":
        _known(pos, {"hand"})
        hand = _cards(pos, "hand")
        options = callable_cards(hand)
        return dict(cards={_("Your hand"): tuple(hand)}, answer_type=AnswerType.PICK_CARDS,
                    answer=tuple(sort_cards(options)), pool=FACES, grader="cards", rules=("call_king", "alone"),
                    context={"card_notes": call_notes(hand, options)},
                    explanation=_("You may call {cards}.").format(cards=md(sort_cards(options)))
                    + f"\n\n{rule_lines(['call_king', 'alone'])}")
    _known(pos, {"hand", "dog", "called"})
    hand = _cards(pos, "hand")
    dog = _cards(pos, "dog", required=False)
    _disjoint(pos, "hand", "dog")
    try:
        called = strict_card(pos.get("called"))
    except ValueError as err:
        raise PositionError(f"called: {err}", "called") from None
    if called not in callable_cards(hand):
        raise PositionError(f"{called} may not be called with this hand", "called")
    _seat, why = call_outcome(called, taker_hand=hand, dog=dog)
    answer = "alone" if called in hand or called in dog else "partner"
    rules = ("call_king", "partner", "alone")
    why = say(why)
    why_not = {"call_again": ["call_once", _("the call stands")], "redeal": ["no_redeal", _("the deal goes on")],
               "alone": ["partner", _("someone else holds the called card")], "partner": ["alone", why]}
    del why_not[answer]
    if answer == "partner":
        why = _("{card} is neither in your hand nor in the dog: its holder is your secret partner.").format(
            card=card_short(called))
    return dict(cards={_("Your hand"): tuple(hand), _("The dog"): tuple(dog)}, answer_type=AnswerType.CHOICE,
                answer=answer, choices=tuple(Choice(c.key, _(c.label)) for c in PARTNER_CHOICES), grader="choice",
                rules=rules,
                context={"why_not": why_not}, explanation=f"{why}\n\n{rule_lines(rules)}")


# ---------------------------------------------------------------- the Excuse and the last trick


def _tricks(pos, players) -> tuple[list, Callable, list]:
    """The end of a deal: synthetic earlier tricks (won as ``before`` says), then the written tricks."""
    _known(pos, {"contract", "taker", "partner", "before", "tricks", "last"})
    taker = _int(pos, "taker", 0, range(players))
    partner = pos.get("partner")
    if partner is not None:
        partner = _int(pos, "partner", None, range(players))
    camp = lambda s: "attack" if s in (taker, partner) else "defence"  # noqa: E731
    before = pos.get("before", "attack")
    if before not in ("attack", "defence", "mixed"):
        raise PositionError("before must be attack, defence or mixed (who won the earlier tricks)", "before")
    written = pos.get("tricks")
    if not isinstance(written, list) or not written:
        raise PositionError("tricks must be a list of {leader: seat, cards: ...}", "tricks")
    total = RuleSet.for_players(players).tricks
    last = bool(pos.get("last", True))
    n_before = total - len(written) - (0 if last else 1)
    defender = next(s for s in range(players) if camp(s) == "defence")
    winners = {"attack": [taker], "defence": [defender], "mixed": [taker, defender]}[before]
    tricks = [Trick(0, (), (), winners[i % len(winners)]) for i in range(n_before)]
    seen: set = set()
    shown = []
    for i, t in enumerate(written):
        if not isinstance(t, dict) or "cards" not in t or "leader" not in t:
            raise PositionError("each trick is {leader: seat, cards: ...}", "tricks")
        try:
            cards = strict_cards(t["cards"])
        except ValueError as err:
            raise PositionError(f"tricks: {err}", "tricks") from None
        if len(cards) != players or seen & set(cards):
            raise PositionError(f"trick {i + 1}: {players} cards, none seen before", "tricks")
        seen |= set(cards)
        leader = t["leader"]
        if shown and leader != shown[-1].winner:
            raise PositionError(f"trick {i + 1}: the winner of the trick before leads, seat {shown[-1].winner}",
                                "tricks")
        seats = tuple((leader + k) % players for k in range(players))
        is_last = last and i == len(written) - 1
        excuse_wins = is_last and EXCUSE in cards and excuse_wins_last(seats[cards.index(EXCUSE)], tricks, camp)
        trick = Trick(leader, tuple(cards), seats, seats[winner_index(cards, excuse_wins)])
        tricks.append(trick)
        shown.append(trick)
    if not last:
        loser = shown[-1].winner
        tricks.append(Trick(loser, (), (), loser))
    return tricks, camp, shown


@solver("excuse", asks=("fate", "petit_au_bout", "winner"))
def _excuse(pos, ask, players):
    tricks, camp, shown = _tricks(pos, players)
    try:
        contract = Contract.parse(pos.get("contract", "garde"))
    except TarotError as err:
        raise PositionError(str(err), "contract") from None
    cards = {_("Trick {k}").format(k=tricks.index(t) + 1): t.cards for t in shown}
    if ask == "fate":
        t = next((t for t in shown if EXCUSE in t.cards), None)
        if t is None:
            raise PositionError("no written trick holds the Excuse", "tricks")
        owner = t.seats[t.cards.index(EXCUSE)]
        pile, _pts, _notes = count_attack(tricks, camp, contract, (), ())
        to = "attack" if EXCUSE in pile else "defence"
        answer = "wins" if t.winner == owner else "kept" if to == camp(owner) else "changes"
        rules = {"wins": ("excuse_chelem",), "kept": ("excuse_kept",), "changes": ("excuse_last_trick",)}[answer]
        why = (_("The Excuse ends in the attack's pile.") if to == "attack" else
               _("The Excuse ends in the defence's pile."))
        return dict(cards=cards, answer_type=AnswerType.CHOICE, answer=answer,
                    choices=tuple(Choice(c.key, _(c.label)) for c in FATE_CHOICES),
                    grader="choice", rules=rules, context={"why_not": fate_why_not(answer)},
                    explanation=f"{why}\n\n{rule_lines(rules)}")
    if ask == "winner":
        t = shown[-1]
        win = t.seats.index(t.winner)
        choices = tuple(Choice(c.code, named(c)) for c in t.cards)
        chelem = t.cards[win] is EXCUSE
        rules = ("excuse_chelem", "trick_winner") if chelem else ("trick_winner", "excuse_never_wins")
        why_not = ({c.code: ["excuse_chelem", _("in a chelem the Excuse, played last, wins the last trick")]
                    for c in t.cards if c is not EXCUSE} if chelem else
                   why_not_winner(list(t.cards), list(t.seats), win))
        return dict(cards=cards, answer_type=AnswerType.CHOICE, answer=t.cards[win].code, choices=choices,
                    grader="choice", rules=rules, context={"why_not": why_not},
                    explanation=_("{seat} wins with {card}.").format(seat=say(seat_label(t.winner, capital=True)),
                                                                     card=card_short(t.cards[win]))
                    + f"\n\n{rule_lines(rules)}")
    side, why = petit_au_bout(tricks, camp)
    mult = contract.multiplier
    rules = ("petit_au_bout_chelem", "petit_au_bout") if side and "chelem" in why else ("petit_au_bout",)
    why_not = pab_why_not(side, None, mult, "chelem" in why)
    return dict(cards=cards, answer_type=AnswerType.CHOICE, answer=side or "none", choices=pab_choices(mult),
                grader="choice", rules=rules, context={"why_not": why_not},
                explanation=(say(why) if why else _("The Petit is not in the last trick: no petit au bout."))
                + (" " + _("It is worth 10 × {mult} = {bonus} per defender.").format(mult=mult, bonus=10 * mult)
                   if side else "") + f"\n\n{rule_lines(rules)}")
