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

from collections.abc import Callable

from ..content.cardcodes import strict_card, strict_cards
from ..engine import (
    EXCUSE,
    Auction,
    Contract,
    DealEnd,
    RuleSet,
    TarotError,
    call_outcome,
    callable_cards,
    card_points,
    check_discard,
    check_poignee,
    count_attack,
    count_oudlers,
    dog_outcome,
    explain_all,
    explain_winner,
    packet_count,
    petit_au_bout,
    poignee_options,
    poignee_to_show,
    score_deal,
    sort_cards,
    target_points,
)
from ..engine.piles import excuse_wins_last
from ..engine.play import winner_index
from ..engine.seats import seat_label
from ..engine.state import Trick
from ..i18n import _
from ..i18n.words import card_short, say
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
from .kinds.excuse import FATE_CHOICES, fate_why_not, pab_choices, pab_why_not
from .kinds.five import FACES, PARTNER_CHOICES, call_notes
from .kinds.piles import count_mistakes, count_working, result_parts, target_mistakes
from .kinds.play import legal_explanation, legal_notes, why_not_winner
from .kinds.poignee import A_LEVEL, JUDGE_CHOICES, LEVEL_CHOICES, hand_facts, level_why_not
from .question import AnswerType, Choice
from .rules import rule_lines
from .scoreform import form_answer, form_fields, score_params
from .text import cap, md, named, plural


class PositionError(ValueError):
    """A position that cannot be: ``key`` names the field at fault (for the line number)."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


def _cards(position: dict, key: str, *, required: bool = True) -> list:
    value = position.get(key)
    if value is None:
        if required:
            raise PositionError(f"the position needs '{key}'", None)
        return []
    try:
        return strict_cards(value)
    except ValueError as err:
        raise PositionError(f"{key}: {err}", key) from None


def _disjoint(position: dict, *keys: str) -> None:
    seen: dict = {}
    for key in keys:
        for c in _cards(position, key, required=False):
            if c in seen:
                raise PositionError(f"{c} is both in '{seen[c]}' and in '{key}'", key)
            seen[c] = key


def _int(position: dict, key: str, default=None, allowed=None) -> int:
    value = position.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{key} must be a whole number, not {value!r}", key)
    if allowed is not None and value not in allowed:
        raise PositionError(f"{key} must be one of {', '.join(map(str, allowed))}, not {value}", key)
    return value


def _known(position: dict, keys: set[str]) -> None:
    extra = sorted(set(position) - keys)
    if extra:
        raise PositionError(f"unknown position field '{extra[0]}'; the fields are {', '.join(sorted(keys))}",
                            extra[0])


SOLVERS: dict[str, Callable] = {}
ASKS: dict[str, tuple] = {}


def solver(kind: str, asks: tuple = (None,)):
    def wrap(fn):
        SOLVERS[kind] = fn
        ASKS[kind] = asks
        return fn
    return wrap


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

