"""The strategy queries a lesson's ``verify:`` may name: the hand count, the contract, the king to call, the best
card, the expected score, the measured numbers. ``tutor.strategy`` decides each; these only read the arguments
and say the answer. The strategy layer is imported by each query when it runs: the course map reads a checked
course without it (issue 38)."""

from __future__ import annotations

from dataclasses import asdict
from functools import lru_cache
from typing import TYPE_CHECKING

from ..engine import (
    SUITS,
    Card,
    Contract,
    RuleSet,
    callable_cards,
    card,
    check_discard,
    format_cards,
    score_deal,
    target_points,
)
from ..engine.seats import seat_label
from ..engine.words import N_, Text
from ..i18n import _, language
from ..i18n.words import card_name, say, the_card
from ..jsoncache import JsonCache, cache_file, code_hash
from .example_words import fmt, hand_players, words_list
from .query_args import QueryError, Result, _args, _cards, _choice, _contract, _full_hand, _players

if TYPE_CHECKING:
    from ..strategy import Position
    from ..strategy.advisor.advise import Advice


# Names of this module, as before, for the strategy functions the queries call (a test replaces grade_calls).
def count_steps(*args, **kwargs):
    from ..strategy.bots.handcount import count_steps
    return count_steps(*args, **kwargs)


def grade_calls(*args, **kwargs):
    from ..strategy.advisor.by_play import grade_calls
    return grade_calls(*args, **kwargs)


def _strategy_hand(spec, name: str) -> tuple[list[Card], int]:
    spec = _args(spec, name, ("cards",), ("players", "ask"))
    hand = _cards(spec, "cards")
    players = _players(spec, hand_players(hand, "cards") if len(hand) in (15, 18, 24) else 4)
    _full_hand(hand, players, "cards")
    if len(set(hand)) != len(hand):
        raise QueryError("cards: a card is listed twice", "cards")
    return hand, players


def q_hand_count(spec) -> Result:
    """The hand count the bots bid with (``tutor.strategy.bots.handcount.count_steps``): ``ask: total`` (scaled
    to an 18-card hand, the default) or ``raw`` (before scaling)."""
    hand, players = _strategy_hand(spec, "hand_count")
    what = _choice(spec, "ask", ("total", "raw"), "total")
    hc = count_steps(hand, players=players)
    value = hc.total if what == "total" else hc.raw
    return Result(round(value, 2), "number", note=say(hc.explain()), shown={"Your hand": hand})


def q_count_bid(spec) -> Result:
    """The highest contract the hand count reaches at the table size (4 players: 40 petite, 56 garde, 71 garde
    sans, 81 garde contre), or pass: a text answer among ``pass``, ``petite``, ``garde``, ``garde sans``,
    ``garde contre``."""
    hand, players = _strategy_hand(spec, "count_bid")
    hc = count_steps(hand, players=players)
    c = hc.contract
    return Result(c.value.replace("_", " ") if c else "pass", "text", note=say(hc.explain()),
                  shown={"Your hand": hand})


KING_CALL_SAMPLES = 64  # deals each callable king is played out on (about 1 s of CPU for a hand)


def q_king_call(spec) -> Result:
    """5 players: the king to call, **by play** (``by_play.grade_calls``): the hand takes a garde, every card it
    may call is played out on the same ``KING_CALL_SAMPLES`` deals of the cards it cannot see (the practice bots
    at every seat to the last card); every king tied with the best is accepted."""
    spec = _args(spec, "king_call", ("hand",), ())
    hand = _cards(spec, "hand")
    _full_hand(hand, 5, "hand")
    if len(set(hand)) != len(hand):
        raise QueryError("hand: a card is listed twice", "hand")
    advice = _calls_by_play(tuple(hand))
    options = [c for c in callable_cards(hand) if c not in hand] or callable_cards(hand)
    values = "; ".join(f"{card_name(o.key)} {_signed(round(o.own_score))}" + ("" if o.key in advice.ties else
                       " " + _("({gap} ± {ci} behind)").format(gap=f"{o.gap:.0f}", ci=f"{o.gap_ci:.0f}"))
                       for o in advice.options)
    note = _("Played out on the same {n} deals of the cards you cannot see, you taking a garde, your average score "
             "per deal for each call: {values}. Best, or tied with the best within the noise: {best}.").format(
        n=advice.samples, values=values, best=_(" or ").join(card_name(c) for c in advice.ties))
    return Result(advice.best, "card", pool=options, note=note, shown={"Your hand": hand},
                  accept=frozenset(advice.ties))


@lru_cache(maxsize=64)
def _calls_by_play(hand: tuple):
    """The calls graded by play, kept on disk too (``tutor.jsoncache``): every process that loads the course
    verifies the lessons' king calls, and playing them out is most of the course's load."""
    store = JsonCache(cache_file("king-calls.json"))
    key = f"{format_cards(hand)}-{KING_CALL_SAMPLES}-{code_hash()}"
    kept = store.get(key)
    if kept is not None:
        try:
            return _advice_from(kept)
        except (KeyError, TypeError, ValueError):
            pass  # a damaged entry: play the calls out again
    from ..strategy.advisor.by_play import taker_deal
    view = taker_deal(list(hand), 5, Contract.GARDE).view(0)
    advice = grade_calls(view, samples=KING_CALL_SAMPLES, seed=0)
    store.put(key, _advice_to(advice))
    return advice


def _advice_to(a: Advice) -> dict:
    return {**{k: v for k, v in asdict(a).items() if k not in ("options", "best", "ties")},
            "best": a.best.code, "ties": [c.code for c in a.ties],
            "options": [{**{k: v for k, v in asdict(o).items() if k != "key"}, "key": o.key.code} for o in a.options]}


def _advice_from(d: dict) -> Advice:
    from ..strategy.advisor.advise import Advice, Option
    options = tuple(Option(**{**o, "key": card(o["key"])}) for o in d["options"])
    return Advice(**{**d, "options": options, "best": card(d["best"]), "ties": tuple(card(c) for c in d["ties"])})


def _position(spec, name: str, optional=()) -> Position:
    from ..strategy import Position, PositionError
    spec = _args(spec, name, ("position",), optional)
    try:
        return Position.from_mapping(spec["position"])
    except PositionError as err:
        raise QueryError(f"position: {err}", "position") from None


def q_best_card(spec) -> Result:
    """Every card the exact solver rates best for the side to play (ties all accepted); the stated answer
    is one of them. ``hidden: true`` shows only the player's hand and the trick: a question decided on
    what that seat can see (the others' cards worked out from the play, as the question says)."""
    pos = _position(spec, "best_card", ("hidden",))
    hidden = _choice(spec, "hidden", (True, False), False)
    from ..strategy import BeyondRange, solve
    try:
        sol = solve(pos)
    except BeyondRange as err:
        raise QueryError(f"position: {err}", "position") from None
    seat = pos.to_play
    values = "; ".join((f"{c.name} ({c})" if language() == "en" else card_name(c)) + f" {_signed(v.taker_score)}"
                       for c, v in sol.cards.items())  # named, as said
    note = (_("With perfect play after each card, the taker scores: {values}. Best for the attack (the highest taker "
              "score): {best}.") if pos.is_attack(seat) else
            _("With perfect play after each card, the taker scores: {values}. Best for the defence (the lowest taker "
              "score): {best}.")).format(values=values, best=_(" or ").join(the_card(c) for c in sol.best))
    shown = {"Your hand": list(pos.hands[seat]),
             **{Text(N_("{seat}'s hand"), seat=seat_label(s, capital=True)): list(h) for s, h in enumerate(pos.hands)
                if s != seat and not hidden}}
    if pos.trick:
        shown["Trick so far"] = list(pos.trick)
    return Result(sol.best[0], "card", pool=pos.legal(), note=note, shown=shown, accept=frozenset(sol.best))


def _codes(cards, ticks: bool = True) -> str:
    """Cards in a note: by code in English (as before), by name in another language (a learner reads no codes)."""
    cards = list(cards)
    return " ".join(f"`{c}`" if ticks else str(c) for c in cards) if language() == "en" else words_list(cards)


def _contract_words(name: str) -> str:
    """A contract's name in a note: garde_sans -> 'garde sans' (the same words in French)."""
    return name.replace("_", " ")


def _signed(x: float) -> str:
    return f"+{fmt(x)}" if x > 0 else f"−{fmt(-x)}" if x < 0 else "0"


def q_expected_score(spec) -> Result:
    """The taker's average score for a contract made with probability ``chance``, each deal won or lost by
    ``margin`` points (``oudlers`` sets the target, 2 by default): chance × won + (1 − chance) × lost,
    each scored by the engine. ``poignees`` adds poignées shown (the bonus goes to the winning side).
    ``chelem: announced`` or ``unannounced`` makes ``chance`` the chance of a chelem instead: made, the
    attack takes every trick (91 points); missed, the contract is still won by ``margin``."""
    spec = _args(spec, "expected_score", ("contract", "chance", "margin"), ("players", "oudlers", "poignees",
                                                                              "chelem"))
    contract = _contract(spec["contract"], "contract")
    players = _players(spec)
    chance, margin, oudlers = spec["chance"], spec["margin"], spec.get("oudlers", 2)
    if isinstance(chance, bool) or not isinstance(chance, int | float) or not 0 <= chance <= 1:
        raise QueryError(f"chance: a share from 0 to 1, not {chance!r}", "chance")
    if isinstance(margin, bool) or not isinstance(margin, int) or not 0 <= margin <= 50:
        raise QueryError(f"margin: a whole number of points from 0 to 50, not {margin!r}", "margin")
    if oudlers not in (0, 1, 2, 3) or isinstance(oudlers, bool):
        raise QueryError(f"oudlers: 0 to 3, not {oudlers!r}", "oudlers")
    poignees = spec.get("poignees") or []
    if not isinstance(poignees, list) or any(p not in ("simple", "double", "triple") for p in poignees):
        raise QueryError("poignees: a list of simple, double or triple", "poignees")
    chelem = _choice(spec, "chelem", (None, "announced", "unannounced"))
    target = target_points(oudlers)
    base = {"players": players, "contract": contract, "oudlers": oudlers, "poignees": list(poignees)}
    if target + margin > 91:
        raise QueryError(f"margin: {target} + {margin} is more than the 91 points of the deck", "margin")
    plain_win = score_deal(**base, taker_points=target + margin)
    if chelem is None:
        won, lost = plain_win, score_deal(**base, taker_points=max(0, target - max(margin, 1)))
        how = _("Won by {margin}, the taker scores {won}; lost, {lost}.").format(
            margin=margin, won=_signed(won.taker), lost=_signed(lost.taker))
    else:
        won = score_deal(**{**base, "oudlers": 3}, taker_points=91,
                         chelem="announced_made" if chelem == "announced" else "made")
        lost = score_deal(**base, taker_points=target + margin,
                          chelem="announced_failed" if chelem == "announced" else None)
        how = _("With the chelem the taker scores {won}; without it (the contract won by {margin}), {lost}.").format(
            won=_signed(won.taker), margin=margin, lost=_signed(lost.taker))
    value = round(chance * won.taker + (1 - chance) * lost.taker, 1)
    note = (f"{how} {fmt(chance)} × {_signed(won.taker)} + {fmt(round(1 - chance, 4))} × {_signed(lost.taker)} "
            f"= {_signed(value)}.")
    return Result(value, "number", note=note)


def q_ecart_voids(spec) -> Result:
    """How many plain suits the taker is void in once a (legal) écart is put aside."""
    spec = _args(spec, "ecart_voids", ("hand", "discard"), ("players",))
    players = _players(spec)
    hand, discard = _cards(spec, "hand"), _cards(spec, "discard")
    _full_hand(hand, players, "hand", extra=RuleSet.for_players(players).dog_size)
    verdict = check_discard(hand, discard, players=players)
    if not verdict.legal:
        raise QueryError(f"discard: this écart is not legal: {'; '.join(verdict.reasons)}", "discard")
    kept = [c for c in hand if c not in discard]
    voids = [s.english if language() == "en" else s.french for s in SUITS if not any(c.suit is s for c in kept)]
    note = (_("Void in {suits}.").format(suits=", ".join(voids)) if voids else
            _("No void: every suit is still in the hand."))
    return Result(len(voids), "number", note=note, shown={"Hand with the dog": hand, "Écart": discard})

def q_measured(spec, measures) -> Result:
    """A number from the measurements file (lessons/measurements.yaml, written by bench/strategy_measure.py):
    ``{group, ask: best}`` the contract with the best mean score, in words (or pass); ``{group, contract}``
    how often it was made, like ``30%``; ``{groups: [a, b], contract}`` the group that made it most often."""
    spec = _args(spec, "measured", (), ("group", "groups", "contract", "ask"))
    if measures is None:
        raise QueryError("measured needs lessons/measurements.yaml (python bench/strategy_measure.py writes it)")
    ask_ = _choice(spec, "ask", ("best", "chance", "higher"), "higher" if "groups" in spec else
                   "best" if "contract" not in spec else "chance")
    try:
        if ask_ == "higher":
            groups, contract = spec.get("groups"), spec.get("contract", "petite")
            if not isinstance(groups, list) or len(groups) < 2:
                raise QueryError("groups: name at least two measured groups", "groups")
            chances = {g: measures.contract(str(g), str(contract))["chance"] for g in groups}
            top = max(chances, key=chances.get)
            note = ", ".join(f"{measures.title(g)}: {measures.value(f'{g}.{contract}')}"
                             for g in groups)
            return Result(top, "text", note=_("Measured, {contract}: {groups}.").format(
                contract=_contract_words(contract), groups=note))
        group = str(spec.get("group"))
        if ask_ == "best":
            cs = measures.group(group)["contracts"]
            note = ", ".join(f"{_contract_words(c)} {measures.value(f'{group}.{c}.expected')}" for c in cs)
            return Result(measures.best(group), "text", note=_("Mean score, measured: {means}.").format(means=note))
        contract = str(spec.get("contract", "petite"))
        return Result(measures.value(f"{group}.{contract}"), "text",
                      note=_("Measured over {deals} deals (95% interval {interval}).").format(
                          deals=measures.value(f"{group}.deals"),
                          interval=measures.value(f"{group}.{contract}.interval")))
    except KeyError as err:
        raise QueryError(str(err.args[0]), "group" if "group" in spec else "groups") from None
