"""Hand-written positions turned into questions: the engine computes the answer of each puzzle.

``solve(kind, position, ask, players)`` returns the Question fields (answer, cards, choices,
explanation, checker data) for a position written in card notation, with the same explanations
and mistake notes as the generated questions. A position the engine rejects raises PositionError
naming the key at fault.

>>> fields = solve("legal", {"hand": "5S T4 T16 EX", "trick": "10H T14"}, None, 4)
>>> [c.code for c in fields["answer"]]
['T16', 'EX']
>>> solve("target", {"oudlers": 2}, None, 4)["answer"]
41
"""

from __future__ import annotations

from ..content.cardcodes import strict_card
from ..engine import (
    EXCUSE,
    Auction,
    Contract,
    DealEnd,
    RuleSet,
    TarotError,
    card_points,
    check_discard,
    count_oudlers,
    dog_outcome,
    explain_all,
    explain_winner,
    packet_count,
    sort_cards,
    target_points,
)
from ..engine.seats import seat_label
from ..i18n import _
from ..i18n.words import card_short, say
from . import solvers_scoring  # noqa: F401  (its solvers join the registry)
from .kinds import dealing
from .kinds.bidding import (
    CONTRACT_NAMES,
    DOG_CHOICES,
    MULTIPLIER_MISTAKES,
    dog_why_not,
    open_choices,
    open_label,
    open_why_not,
    taker_why_not,
)
from .kinds.dealing import ASKS as DEALING_ASKS
from .kinds.dealing import SIZES as DEALING_SIZES
from .kinds.ecart import CHOICES as ECART_CHOICES
from .kinds.ecart import RULE_OF, explain_hand, judge_why_not, legal_example
from .kinds.piles import count_mistakes, count_working, result_parts, target_mistakes
from .kinds.play import legal_explanation, legal_notes, why_not_winner
from .question import AnswerType, Choice
from .rules import rule_lines
from .solver_fields import ASKS, SOLVERS, PositionError, _cards, _disjoint, _int, _known, solver
from .text import cap, md, named, plural


def solve(kind: str, position: dict, ask: str | None, players: int) -> dict:
    """The engine's Question fields for a written position."""
    if kind not in SOLVERS:
        raise PositionError(f"unknown kind {kind!r}; kinds: {', '.join(SOLVERS)}")
    if ask not in ASKS[kind]:
        shown = ", ".join(a for a in ASKS[kind] if a) or "none"
        raise PositionError(f"a {kind} puzzle has no ask {ask!r}; asks: {shown}", "ask")
    if not isinstance(position, dict):
        raise PositionError("the position must be a mapping of fields, like {hand: ..., trick: ...}")
    try:
        return SOLVERS[kind](position, ask, players)
    except TarotError as err:
        raise PositionError(str(err)) from None


# ---------------------------------------------------------------- piles


@solver("count")
def _count(pos, ask, players):
    _known(pos, {"pile"})
    pile = _cards(pos, "pile")
    return dict(cards={_("Pile"): tuple(pile)}, answer_type=AnswerType.NUMBER, answer=card_points(pile),
                explanation=count_working(pile) + "\n\n" + rule_lines(["card_points", "pair_count"]),
                rules=("card_points", "pair_count"), grader="number",
                context={"number_mistakes": count_mistakes(pile)})


@solver("target", asks=(None, "result"))
def _target(pos, ask, players):
    _known(pos, {"pile", "oudlers", "points"})
    if "pile" in pos:
        pile = sort_cards(_cards(pos, "pile"))
        oudlers = count_oudlers(pile)
        cards = {_("The attack's pile"): tuple(pile)}
        held = [c for c in pile if c.is_oudler]
        lines = [_("The oudlers in the pile: {cards}, so {n_oudlers}.").format(
            cards=md(held), n_oudlers=plural(oudlers, "oudler")) if held else _("The pile holds no oudler.")]
        ex = EXCUSE in pile
    else:
        oudlers = _int(pos, "oudlers", allowed=(0, 1, 2, 3))
        cards, lines, ex = {}, [], False
    target = target_points(oudlers)
    lines.append(_("With {n_oudlers} the target is **{target}**.").format(n_oudlers=plural(oudlers, "oudler"),
                                                                          target=target))
    rules = ["oudlers", "target"]
    if ask == "result":
        points = pos.get("points")
        if isinstance(points, bool) or not isinstance(points, int | float) or (points * 2) % 1:
            raise PositionError("points must be a number of half points, like 40.5", "points")
        answer, mistakes, more, line = result_parts(float(points), oudlers)
        rules += more
        lines.append(line)
    else:
        answer, mistakes = target, target_mistakes(oudlers, ex)
    return dict(cards=cards, answer_type=AnswerType.NUMBER, answer=answer,
                explanation="\n\n".join(lines) + "\n\n" + rule_lines(rules), rules=tuple(rules), grader="number",
                context={"number_mistakes": mistakes})


# ---------------------------------------------------------------- play


@solver("legal")
def _legal(pos, ask, players):
    _known(pos, {"hand", "trick", "called", "first_trick", "partner_winning"})
    hand = _cards(pos, "hand")
    trick = _cards(pos, "trick", required=False)
    _disjoint(pos, "hand", "trick")
    if len(trick) >= players:
        raise PositionError(f"a trick has at most {players - 1} cards before yours", "trick")
    called = pos.get("called")
    if called is not None:
        try:
            called = strict_card(called)
        except ValueError as err:
            raise PositionError(f"called: {err}", "called") from None
    first = bool(pos.get("first_trick", False))
    verdicts = explain_all(hand, trick, called_king=called, first_trick=first)
    extra = ["excuse_led"] if trick and trick[0] is EXCUSE else []
    explanation, rules = legal_explanation(verdicts, extra)
    cards = ({_("Trick so far"): tuple(trick), _("Your hand"): tuple(hand)} if trick else
             {_("Your hand"): tuple(hand)})
    notes = legal_notes(verdicts, partner_winning=bool(pos.get("partner_winning", False)))
    return dict(cards=cards, answer_type=AnswerType.PICK_CARDS, answer=tuple(v.card for v in verdicts if v.legal),
                pool=tuple(hand), explanation=explanation, rules=rules, grader="cards",
                context={"card_notes": notes})


@solver("winner")
def _winner(pos, ask, players):
    _known(pos, {"trick", "seats", "last_of_chelem"})
    cards = _cards(pos, "trick")
    if not 2 <= len(cards) <= players:
        raise PositionError(f"a trick has 2 to {players} cards", "trick")
    seats = pos.get("seats") or list(range(len(cards)))
    chelem = bool(pos.get("last_of_chelem", False))
    win, why = explain_winner(cards, excuse_wins=chelem)
    rules = ["trick_winner"] + (["excuse_never_wins"] if EXCUSE in cards else []) + (
        ["excuse_led"] if cards[0] is EXCUSE else []) + (["excuse_chelem"] if chelem else [])
    choices = tuple(Choice(c.code, named(c)) for c in cards)
    why_not = why_not_winner(cards, seats, win)
    if chelem:
        why_not = {c.code: ["excuse_chelem", _("in a chelem the Excuse, played last, wins the last trick")]
                   for c in cards if c.code != cards[win].code}
    return dict(cards={_("The trick"): tuple(cards)}, answer_type=AnswerType.CHOICE, answer=cards[win].code,
                choices=choices, explanation=_("**{card} wins.**").format(card=cap(card_short(cards[win])))
                + f" {say(why)}\n\n{rule_lines(rules)}",
                rules=tuple(rules), grader="choice", context={"why_not": why_not})


# ---------------------------------------------------------------- the écart


@solver("ecart", asks=(None, "pick"))
def _ecart(pos, ask, players):
    _known(pos, {"hand", "discard"})
    hand = _cards(pos, "hand")
    n = RuleSet.for_players(players).dog_size
    size = RuleSet.for_players(players).hand_size + n
    if len(hand) != size:
        raise PositionError(f"with {players} players the taker's hand with the dog has {size} cards, not "
                            f"{len(hand)}", "hand")
    ctx = {"hand": " ".join(c.code for c in hand), "players": players, "dog_size": n}
    if ask == "pick":
        example = sort_cards(legal_example(hand, n))
        rules = ("ecart_count", "ecart_king", "ecart_oudler", "ecart_trump")
        return dict(cards={_("Your hand, the dog taken in"): tuple(hand)}, answer_type=AnswerType.PICK_CARDS,
                    answer=tuple(example), pool=tuple(hand), grader="ecart", rules=rules, context=ctx,
                    explanation=f"{explain_hand(hand, n)}\n\n" + _("For example: {cards}.").format(cards=md(example))
                    + f"\n\n{rule_lines(rules)}")
    discard = _cards(pos, "discard")
    verdict = check_discard(hand, discard, players=players)
    got = sorted({"legal"} if verdict.legal else set(verdict.rules) & set(RULE_OF) or set(verdict.rules))
    answer = got[0]
    why_not = {k: v for k, v in judge_why_not(verdict, answer, hand, n).items() if k not in got}
    rules = tuple(dict.fromkeys([RULE_OF.get(answer, "ecart_count"), "ecart_king", "ecart_oudler", "ecart_trump"]))
    text = (_("**Legal.**") + (" " + _("{cards} must be shown to the defence.").format(cards=md(verdict.shown))
                                if verdict.shown else "")
            if verdict.legal else _("**Not legal.**") + " " + " ".join(say(r) for r in verdict.reasons))
    ctx.update(why_not=why_not, accept=got)
    return dict(cards={_("Your hand, the dog taken in"): tuple(hand),
                       _("Proposed écart"): tuple(sort_cards(discard))},
                answer_type=AnswerType.CHOICE, answer=answer,
                choices=tuple(Choice(c.key, _(c.label)) for c in ECART_CHOICES), grader="choice", rules=rules,
                explanation=f"{text}\n\n{explain_hand(hand, n)}\n\n{rule_lines(rules)}", context=ctx)


# ---------------------------------------------------------------- bidding


@solver("bidding", asks=("taker", "open", "dog", "multiplier"))
def _bidding(pos, ask, players):
    if ask in ("dog", "multiplier"):
        _known(pos, {"contract"})
        try:
            contract = Contract.parse(pos.get("contract"))
        except TarotError as err:
            raise PositionError(str(err), "contract") from None
        if ask == "multiplier":
            return dict(answer_type=AnswerType.NUMBER, answer=contract.multiplier, grader="number",
                        rules=("multiplier",),
                        context={"number_mistakes": [[v, mid, _(msg)]
                                                     for v, mid, msg in MULTIPLIER_MISTAKES[contract]]},
                        explanation=_("A {contract} multiplies by {multiplier}.").format(
                            contract=CONTRACT_NAMES[contract], multiplier=contract.multiplier)
                        + f"\n\n{rule_lines(['multiplier'])}")
        return dict(answer_type=AnswerType.CHOICE, answer=contract.dog.name.lower(),
                    choices=tuple(Choice(c.key, _(c.label)) for c in DOG_CHOICES),
                    grader="choice", rules=("dog_fate",), context={"why_not": dog_why_not(contract)},
                    explanation=f"{say(dog_outcome(contract))}\n\n{rule_lines(['dog_fate'])}")
    _known(pos, {"dealer", "bids"})
    dealer = _int(pos, "dealer", 0, range(players))
    bids = pos.get("bids")
    if not isinstance(bids, list):
        raise PositionError("bids must be a list, like [petite, pass, garde]", "bids")
    a = Auction(players, dealer)
    for b in bids:
        try:
            a.bid(a.to_speak, None if str(b).lower() == "pass" else b)
        except TarotError as err:
            raise PositionError(f"bids: {err}", "bids") from None
    if ask == "open":
        if a.finished:
            raise PositionError("everyone has spoken: no bid is open", "bids")
        choices = open_choices()
        index = len(Contract) - len(a.open_bids())
        return dict(answer_type=AnswerType.CHOICE, answer=choices[index].key, choices=choices, grader="choice",
                    rules=("outbid", "bid_order"), context={"why_not": open_why_not(a, choices, index)},
                    explanation=_("{seat} may bid: {open}.").format(seat=say(seat_label(a.to_speak, capital=True)),
                                                                    open=open_label(a.open_bids()).lower())
                    + f"\n\n{rule_lines(['outbid', 'bid_order'])}")
    if not a.finished:
        raise PositionError(f"the auction is not over: {players} players each speak once", "bids")
    choices = tuple(Choice(str(s + 1), say(seat_label(s, capital=True))) for s in range(players)) + (
        Choice("nobody", _("Nobody: everyone passed, the deal is cancelled")),)
    h = a.highest
    answer = str(h[0] + 1) if h else "nobody"
    why = (_("{seat} made the highest bid, {contract}: {who} is the taker.").format(
        seat=say(seat_label(h[0], capital=True)), contract=CONTRACT_NAMES[h[1]], who=say(seat_label(h[0]))) if h
           else _("Everyone passed: the deal is cancelled and the next dealer deals."))
    rules = ("taker", "outbid") if h else ("all_pass",)
    return dict(answer_type=AnswerType.CHOICE, answer=answer, choices=choices, grader="choice", rules=rules,
                context={"why_not": taker_why_not(a, choices, answer)}, explanation=f"{why}\n\n{rule_lines(rules)}")


# ---------------------------------------------------------------- dealing


@solver("dealing", asks=DEALING_ASKS)
def _dealing(pos, ask, players):
    if ask is None:
        raise PositionError(f"a dealing puzzle needs an ask: {', '.join(DEALING_ASKS)}", "ask")
    if ask == "sizes":
        _known(pos, {"field"})
        if pos.get("field") not in DEALING_SIZES:
            raise PositionError(f"field must be one of {', '.join(DEALING_SIZES)}", "field")
        return dealing.sizes_fields(players, pos["field"])
    if ask == "dog":
        _known(pos, {"after"})
        return dealing.dog_fields(players, _int(pos, "after", None, range(packet_count(players) + 1)))
    if ask == "petit_sec":
        _known(pos, {"hand"})
        hand = _cards(pos, "hand")
        size = RuleSet.for_players(players).hand_size
        if len(hand) != size:
            raise PositionError(f"a hand has {size} cards with {players} players, not {len(hand)}", "hand")
        return dealing.petit_sec_fields(hand)
    keys = {"dealer", "end"} if ask == "next_dealer" else {"dealer"}
    _known(pos, keys)
    dealer = _int(pos, "dealer", 0, range(players))
    if ask == "first":
        return dealing.first_fields(players, dealer)
    if ask == "misdeal":
        return dealing.misdeal_fields(players, dealer)
    try:
        end = DealEnd(pos.get("end"))
    except ValueError:
        raise PositionError(f"end must be one of {', '.join(e.value for e in DealEnd)}", "end") from None
    return dealing.next_dealer_fields(players, dealer, end)
