"""The engine queries a lesson's ``verify:`` may name, each returning the engine's answer.

``ask(name, spec)`` runs one query; bad question data raises QueryError naming the field.

>>> ask("card_points", "KH 2H 3C").value
5.5
>>> r = ask("legal_plays", {"hand": "5S T4 T16 EX", "trick": "10H T14"})
>>> r.kind, [str(c) for c in r.value]
('cards', ['T16', 'EX'])
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from pydantic import ValidationError

from ..engine import (
    CHELEM_BONUS,
    EXCUSE,
    POIGNEE_BONUS,
    RuleSet,
    TarotError,
    card_points,
    check_discard,
    check_poignee,
    count_oudlers,
    explain_play,
    explain_winner,
    is_petit_sec,
    legal_plays,
    pair_count,
    poignee_options,
    score_deal,
    target_points,
    trumps_needed,
)
from ..engine.rules import PETIT_AU_BOUT_BONUS
from ..i18n import _
from ..i18n.words import say
from .deal_queries import (
    q_auction,
    q_callable,
    q_contract,
    q_deck,
    q_excuse,
    q_first_dealer,
    q_first_leader,
    q_is_trump,
    q_next_dealer,
    q_plays_alone,
)
from .example_words import (
    ExampleError,
    check_disjoint,
    check_score_params,
    engine_text,
    fmt,
    hand_players,
)
from .glossary import Glossary
from .query_args import QueryError, Result, _args, _card, _cards, _choice, _contract, _full_hand, _pile, _players
from .schema import ScoreParams
from .strategy_queries import (
    _codes,
    q_best_card,
    q_count_bid,
    q_ecart_voids,
    q_expected_score,
    q_hand_count,
    q_king_call,
    q_measured,
)


def q_card_points(spec) -> Result:
    cards = _pile(spec, "card_points")
    return Result(card_points(cards), "number", shown={"Pile": cards})


def q_pair_count(spec) -> Result:
    cards = _pile(spec, "pair_count")
    groups = pair_count(cards)
    note = " + ".join(f"({_codes(g, ticks=False)}: {fmt(v)})" for g, v in groups)
    return Result(sum(v for _g, v in groups), "number", note=_("In pairs: {pairs}.").format(pairs=note),
                  shown={"Pile": cards})


def q_count_oudlers(spec) -> Result:
    cards = _pile(spec, "count_oudlers")
    return Result(count_oudlers(cards), "number", shown={"Pile": cards})


def q_target_points(spec) -> Result:
    if spec not in (0, 1, 2, 3) or isinstance(spec, bool):
        raise QueryError(f"target_points takes a number of oudlers (0 to 3), not {spec!r}")
    return Result(target_points(spec), "number")


def q_card_name(spec) -> Result:
    c = _card(spec)
    return Result(c.name, "text", shown={"Card": [c]})


def q_card_name_fr(spec) -> Result:
    c = _card(spec)
    return Result(c.french_name, "text", shown={"Card": [c]})


def q_is_oudler(spec) -> Result:
    c = _card(spec)
    return Result(c.is_oudler, "bool", shown={"Card": [c]})


def q_trick_winner(spec) -> Result:
    excuse_wins = False
    if isinstance(spec, dict):
        spec = _args(spec, "trick_winner", ("trick",), ("excuse_wins",))
        trick = _cards(spec, "trick")
        excuse_wins = bool(spec.get("excuse_wins", False))
    else:
        trick = _pile(spec, "trick_winner")
    if not 2 <= len(trick) <= 5:
        raise QueryError(f"a trick has 2 to 5 cards, not {len(trick)}")
    i, why = explain_winner(trick, excuse_wins=excuse_wins)
    return Result(trick[i], "card", pool=trick, note=engine_text(why), shown={"Trick": trick})


def q_highest_card(spec) -> Result:
    """The strongest of some cards by rank alone (any trump above any suit card), before tricks are taught.

    The engine's trick winner decides it: with a trump among them, or all of one suit, the order of the
    cards makes no difference, so no card has to be 'led'."""
    cards = _pile(spec, "highest_card")
    if not 2 <= len(cards) <= 5:
        raise QueryError(f"give 2 to 5 cards, not {len(cards)}")
    if EXCUSE in cards:
        raise QueryError("the Excuse has no rank: leave it out")
    if not any(c.is_trump for c in cards) and len({c.suit for c in cards}) > 1:
        raise QueryError("suit cards of different suits do not rank against each other: add a trump or use "
                         "one suit")
    i, _why = explain_winner(cards)
    return Result(cards[i], "card", pool=cards, shown={"Cards": cards})


def _play_args(spec, name, extra=()):
    spec = _args(spec, name, ("hand", *extra), ("trick", "called_king", "first_trick"))
    hand, trick = _cards(spec, "hand"), _cards(spec, "trick")
    try:
        check_disjoint(hand=hand, trick=trick)
    except ExampleError as err:
        raise QueryError(str(err), "trick") from None
    if len(trick) > 4:
        raise QueryError("a trick has at most 4 cards before yours", "trick")
    called = _card(spec["called_king"], "called_king") if "called_king" in spec else None
    first = bool(spec.get("first_trick", False))
    if (called is None) != (not first):
        raise QueryError("the 5-player first-lead rule needs both called_king and first_trick: true", "called_king")
    return spec, hand, trick, called, first


def q_legal_plays(spec) -> Result:
    spec, hand, trick, called, first = _play_args(spec, "legal_plays")
    legal = legal_plays(hand, trick, called_king=called, first_trick=first)
    notes = [_("{card}: {reason}").format(card=_codes([c]), reason=say(
        explain_play(hand, trick, c, called_king=called, first_trick=first).reason)) for c in hand if c not in legal]
    return Result(legal, "cards", pool=hand, note=" ".join(notes) or _("Every card of the hand may be played."),
                  shown={"Your hand": hand, "Trick so far": trick})


def q_is_legal_play(spec) -> Result:
    spec, hand, trick, called, first = _play_args(spec, "is_legal_play", ("card",))
    card = _card(spec["card"], "card")
    if card not in hand:
        raise QueryError(f"card: {card} is not in the hand", "card")
    v = explain_play(hand, trick, card, called_king=called, first_trick=first)
    return Result(v.legal, "bool", note=say(v.reason), shown={"Your hand": hand, "Trick so far": trick, "Card": [card]})


def q_is_legal_discard(spec) -> Result:
    spec = _args(spec, "is_legal_discard", ("hand", "discard"), ("players",))
    players = _players(spec)
    hand, discard = _cards(spec, "hand"), _cards(spec, "discard")
    _full_hand(hand, players, "hand", RuleSet.for_players(players).dog_size)
    missing = [c for c in discard if c not in hand]
    if missing:
        raise QueryError(f"discard: {', '.join(map(str, missing))} not in the hand", "discard")
    v = check_discard(hand, discard, players=players)
    note = " ".join(say(r) for r in v.reasons) if v.reasons else _("A legal écart.")
    if v.legal and v.shown:
        note += " " + _("The trumps in it are shown to the defence.")
    return Result(v.legal, "bool", note=note, shown={"Hand with the dog": hand, "Écart": discard})


def q_trumps_needed(spec) -> Result:
    spec = _args(spec, "trumps_needed", ("hand",), ("players",))
    players = _players(spec)
    hand = _cards(spec, "hand")
    dog = RuleSet.for_players(players).dog_size
    _full_hand(hand, players, "hand", dog)
    return Result(trumps_needed(hand, dog), "number", shown={"Hand with the dog": hand})


def q_poignee_options(spec) -> Result:
    spec = _args(spec, "poignee_options", ("hand",), ("players",))
    players = _players(spec)
    hand = _cards(spec, "hand")
    _full_hand(hand, players, "hand")
    options = poignee_options(hand, players=players)
    trumps = sum(1 for c in hand if c.is_trump)
    note = (_("{n} trumps and the Excuse with {players} players.") if EXCUSE in hand else
            _("{n} trumps with {players} players.")).format(n=trumps, players=players)
    return Result(options[-1] if options else "none", "text", note=note, shown={"Hand": hand})


def q_check_poignee(spec) -> Result:
    spec = _args(spec, "check_poignee", ("hand", "shown"), ("players",))
    players = _players(spec)
    hand, shown = _cards(spec, "hand"), _cards(spec, "shown")
    _full_hand(hand, players, "hand")
    v = check_poignee(hand, shown, players=players)
    return Result(v.legal, "bool", note=" ".join(say(r) for r in v.reasons) or
                  _("A correct {level} poignée.").format(level=v.level),
                  shown={"Hand": hand, "Shown": shown})


def q_poignee_threshold(spec) -> Result:
    spec = _args(spec, "poignee_threshold", ("players", "level"))
    players = _players(spec)
    level = _choice(spec, "level", ("simple", "double", "triple"))
    return Result(RuleSet.for_players(players).poignee_thresholds[level], "number")


def q_bonus(spec) -> Result:
    spec = _args(spec, "bonus", (), ("poignee", "chelem", "petit_au_bout"))
    if len(spec) != 1:
        raise QueryError("bonus takes one of poignee: LEVEL, chelem: OUTCOME, petit_au_bout: CONTRACT")
    if "poignee" in spec:
        return Result(POIGNEE_BONUS[_choice(spec, "poignee", tuple(POIGNEE_BONUS))], "number")
    if "chelem" in spec:
        return Result(CHELEM_BONUS[_choice(spec, "chelem", tuple(CHELEM_BONUS))], "number")
    contract = _contract(spec["petit_au_bout"], "petit_au_bout")
    return Result(PETIT_AU_BOUT_BONUS * contract.multiplier, "number")


SCORE_ASKS = ("taker", "partner", "defender", "per_defender", "margin", "counted_points", "target", "won")


def q_score_deal(spec) -> Result:
    if not isinstance(spec, dict):
        raise QueryError("score_deal needs a mapping: players, contract, taker_points, oudlers, ...")
    ask = _choice(spec, "ask", SCORE_ASKS, "taker")
    data = {k: v for k, v in spec.items() if k != "ask"}
    try:
        params = ScoreParams.model_validate(data)
    except ValidationError as err:
        e = err.errors()[0]
        key = str(e["loc"][0]) if e["loc"] else None
        if e["type"] == "missing":
            raise QueryError(f"score_deal: missing field '{key}'", None) from None
        what = (e.get("ctx") or {}).get("error") or e["msg"]
        raise QueryError(f"score_deal: {key}: {what}", key) from None
    try:
        check_score_params(params)
    except ExampleError as err:
        raise QueryError(f"score_deal: {err}", err.key) from None
    res = score_deal(**params.score_args())
    if ask == "partner" and res.partner is None:
        raise QueryError("there is no partner in this deal", "ask")
    value = getattr(res, ask)
    return Result(value, "bool" if ask == "won" else "number", note="\n".join(say(st.text) for st in res.steps))


def q_is_petit_sec(spec) -> Result:
    hand = _pile(spec, "is_petit_sec")
    try:
        hand_players(hand)
    except ExampleError as err:
        raise QueryError(str(err)) from None
    return Result(is_petit_sec(hand), "bool", shown={"Hand": hand})


RULE_FIELDS = ("tricks", "hand_size", "dog_size", "packet_size", "taker_share", "partner_share", "alone_share",
               "defenders")


def q_rules(spec) -> Result:
    spec = _args(spec, "rules", ("players", "field"))
    players = _players(spec)
    name = _choice(spec, "field", RULE_FIELDS)
    return Result(getattr(RuleSet.for_players(players), name), "number")


def _glossary_query(english: bool) -> Callable:
    def run(spec, glossary: Glossary | None = None) -> Result:
        if glossary is None:
            raise QueryError("there is no glossary.yaml to check against")
        if english:
            term = glossary.get(str(spec))
            if term is None:
                raise QueryError(f"{spec!r} is not a French term of the glossary")
            return Result(term.english, "text")
        found = glossary.by_english(str(spec))
        if len(found) != 1:
            raise QueryError(f"{spec!r} is the English of {len(found)} glossary entries, not exactly one")
        return Result(found[0].french, "text")
    return run


QUERIES: dict[str, Callable] = {
    "card_points": q_card_points, "pair_count": q_pair_count, "count_oudlers": q_count_oudlers,
    "target_points": q_target_points, "card_name": q_card_name, "card_name_fr": q_card_name_fr,
    "is_oudler": q_is_oudler, "highest_card": q_highest_card, "trick_winner": q_trick_winner,
    "legal_plays": q_legal_plays,
    "is_legal_play": q_is_legal_play, "is_legal_discard": q_is_legal_discard, "trumps_needed": q_trumps_needed,
    "poignee_options": q_poignee_options, "check_poignee": q_check_poignee,
    "poignee_threshold": q_poignee_threshold, "bonus": q_bonus, "score_deal": q_score_deal,
    "is_petit_sec": q_is_petit_sec, "rules": q_rules, "contract": q_contract, "auction": q_auction,
    "first_dealer": q_first_dealer, "callable": q_callable, "plays_alone": q_plays_alone,
    "deck": q_deck, "is_trump": q_is_trump, "next_dealer": q_next_dealer, "first_leader": q_first_leader,
    "excuse": q_excuse,
    "hand_count": q_hand_count, "count_bid": q_count_bid, "best_card": q_best_card,
    "expected_score": q_expected_score, "king_call": q_king_call, "ecart_voids": q_ecart_voids,
    "measured": q_measured,
    "glossary_english": _glossary_query(True), "glossary_french": _glossary_query(False),
}
_NEEDS_GLOSSARY = {"glossary_english", "glossary_french"}


_NEEDS_MEASURES = {"measured"}


def ask(name: str, spec, glossary: Glossary | None = None, measures=None) -> Result:
    """Run one engine query by name (``measures``: the measured numbers, for ``measured``). QueryError for bad
    question data."""
    if name not in QUERIES:
        guess = difflib.get_close_matches(name, list(QUERIES), n=1)
        raise QueryError(f"unknown verify query {name!r}" + (f" (did you mean {guess[0]!r}?)" if guess else "")
                         + f"; use one of {', '.join(QUERIES)}")
    run = QUERIES[name]
    try:
        if name in _NEEDS_MEASURES:
            return run(spec, measures)
        return run(spec, glossary) if name in _NEEDS_GLOSSARY else run(spec)
    except ExampleError as err:
        raise QueryError(str(err), err.key) from None
    except TarotError as err:
        raise QueryError(f"the engine rejects this situation: {err}") from None
