"""Announcements: the poignée (a show of trumps), the chelem, and the 5-player king call.

>>> from .cards import parse_cards as P
>>> hand = P("T1 T2 T3 T4 T5 T6 T7 T8 T9 EX KH QH 2H 3H 4S 5S 6S 7S")
>>> check_poignee(hand, P("T9 T8 T7 T6 T5 T4 T3 T2 T1 EX"), players=4).level
'simple'
>>> [str(c) for c in callable_cards(P("KS KH KD KC QH 2H"))][4:]
['QS', 'QD', 'QC']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARDS, SUITS, Card, parse_card, parse_cards
from .errors import IllegalAction
from .piles import chelem_result
from .rules import RuleSet
from .seats import seat_label
from .words import N_, Text, card_word, joined


def _cards(x) -> list[Card]:
    return parse_cards(x) if isinstance(x, str) else [parse_card(c) for c in x]


# ---------------------------------------------------------------- poignée


@dataclass(frozen=True)
class PoigneeVerdict:
    legal: bool
    level: str | None
    reasons: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.legal


def poignee_options(hand, *, players: int = 4) -> list[str]:
    """The poignées this hand may show ('simple', 'double', 'triple'), smallest first.

    The Excuse counts as a trump only for a player with no other trump to show.
    """
    rules = RuleSet.for_players(players)
    hand = _cards(hand)
    trumps = sum(1 for c in hand if c.is_trump)
    has_excuse = any(c.is_excuse for c in hand)
    out = []
    for level, need in rules.poignee_thresholds.items():
        if trumps >= need or (has_excuse and trumps + 1 >= need):
            out.append(level)
    return out


def poignee_to_show(hand, level: str, *, players: int = 4, lowest: bool = False) -> list[Card]:
    """A legal show for ``level``: the highest trumps (``lowest``: the lowest, which tell the table least
    about the hand, as lesson 23 teaches), then the Excuse only if it is needed; highest first either way.

    >>> from .cards import parse_cards as P
    >>> hand = P("T1 T3 T5 T7 T9 T11 T13 T15 T17 T19 T21 KH")
    >>> " ".join(c.code for c in poignee_to_show(hand, "simple", lowest=True))
    'T19 T17 T15 T13 T11 T9 T7 T5 T3 T1'
    """
    rules = RuleSet.for_players(players)
    need = rules.poignee_thresholds[level]
    hand = _cards(hand)
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: c.rank if lowest else -c.rank)
    shown = sorted(trumps[:need], key=lambda c: -c.rank)
    if len(shown) < need and any(c.is_excuse for c in hand):
        shown.append(next(c for c in hand if c.is_excuse))
    if len(shown) < need:
        raise IllegalAction(Text(N_("A {level} poignée needs {need} trumps with {players} players; this hand has "
                                    "{n}."), level=level, need=need, players=players, n=len(trumps)), "poignee_count")
    return shown


def check_poignee(hand, shown, *, players: int = 4) -> PoigneeVerdict:
    """Check a poignée as shown: exactly a threshold number of trumps, the Excuse only as the last stand-in."""
    rules = RuleSet.for_players(players)
    hand = _cards(hand)
    shown = _cards(shown)
    reasons = []
    levels = {need: level for level, need in rules.poignee_thresholds.items()}
    level = levels.get(len(shown))
    if level is None:
        pretty = ", ".join(f"{n} ({lv})" for n, lv in sorted(levels.items()))
        reasons.append(Text(N_("With {players} players a poignée shows exactly {pretty} trumps, not {n}; extra "
                               "trumps stay hidden."), players=players, pretty=pretty, n=len(shown)))
    if len(set(shown)) != len(shown):
        reasons.append(Text(N_("The same card is shown twice.")))
    missing = [c for c in shown if c not in hand]
    if missing:
        reasons.append(Text(N_("You do not hold {cards}."), cards=joined(card_word(c, "the_name") for c in missing)))
    bad = [c for c in shown if not (c.is_trump or c.is_excuse)]
    if bad:
        reasons.append(Text(N_("Only trumps (and the Excuse as a stand-in) go in a poignée, not {cards}."),
                            cards=joined(card_word(c, "name") for c in bad)))
    if any(c.is_excuse for c in shown):
        hidden = [c for c in hand if c.is_trump and c not in shown]
        if hidden:
            reasons.append(Text(N_("The Excuse may stand in for a trump only when you have no other trump to show; "
                                   "you still hold {card.the_name}."), card=hidden[0]))
    return PoigneeVerdict(legal=not reasons, level=level if not reasons else None, reasons=reasons)


# ---------------------------------------------------------------- 5 players: calling a king

CALL_RANKS = (14, 13, 12, 11)  # king, then queen, knight, jack
RANK_WORDS = {14: "king", 13: "queen", 12: "knight", 11: "jack"}
_A_RANK = {13: N_("a queen"), 12: N_("a knight"), 11: N_("a jack")}
_CALL_RANK = {13: N_("A queen may be called only by a taker who holds all four kings."),
              12: N_("A knight may be called only by a taker who holds all four queens (and every card above them)."),
              11: N_("A jack may be called only by a taker who holds all four knights (and every card above them).")}


def _rank_row(rank: int) -> list[Card]:
    return [CARDS[s * 14 + rank - 1] for s in range(4)]


def callable_cards(hand) -> list[Card]:
    """Cards the 5-player taker may call (RULES.md, Bidding; FFT p.12).

    Any of the four kings (a king of one's own means playing alone). Only with all four kings,
    the queens not held; with all kings and queens, the knights not held; with kings, queens
    and knights, the jacks not held. A queen, knight or jack of one's own is never callable.

    >>> [str(c) for c in callable_cards("KS KH KD KC QH 2S")]
    ['KS', 'KH', 'KD', 'KC', 'QS', 'QD', 'QC']
    >>> [str(c) for c in callable_cards("KS KH KD KC QS QH QD QC")]
    ['KS', 'KH', 'KD', 'KC', 'CS', 'CH', 'CD', 'CC']
    >>> [str(c) for c in callable_cards("KS KH KD QS QH QD QC")]
    ['KS', 'KH', 'KD', 'KC']
    """
    hand = set(_cards(hand))
    out = _rank_row(14)
    for above, rank in zip(CALL_RANKS, CALL_RANKS[1:]):
        if not all(c in hand for c in _rank_row(above)):
            break
        out = out + [c for c in _rank_row(rank) if c not in hand]
    return out


def verify_call(hand, called) -> Card:
    """Return the called card, or raise IllegalAction with the reason it cannot be called."""
    called = parse_card(called)
    hand = _cards(hand)
    if called in callable_cards(hand):
        return called
    if called.kind >= 4:
        raise IllegalAction(Text(N_("The taker calls a king (or a lower face card when holding all the kings), "
                                    "never a trump or the Excuse.")), "call_face")
    if called.rank not in RANK_WORDS:
        raise IllegalAction(Text(N_("The taker calls a king, not {card.the_name}."), card=called), "call_face")
    if called in hand:
        raise IllegalAction(Text(N_("You hold {card.the_name}: a taker calls themself only with a king of their "
                                    "own, never {rank}."), card=called, rank=Text(_A_RANK[called.rank])),
                            "call_own")
    raise IllegalAction(Text(_CALL_RANK[called.rank]), "call_rank")


def call_outcome(called, *, taker_hand, dog, hands: dict | None = None) -> tuple[int | None, str]:
    """Who partners the taker: (seat or None, sentence).

    ``hands`` maps the other seats to their hands; the partner is whoever holds the called card.
    """
    called = parse_card(called)
    if called in _cards(taker_hand):
        return None, Text(N_("The taker called {card.the_name} from their own hand, so they play alone (1 against "
                             "4)."), card=called)
    if called in _cards(dog):
        return None, Text(N_("The {card.name} is in the dog, so the taker plays alone (1 against 4)."), card=called)
    for seat, hand in (hands or {}).items():
        if called in _cards(hand):
            return seat, Text(N_("{seat} holds {card.the_name}: they are the taker's secret partner (2 against 3)."),
                              seat=seat_label(seat, capital=True), card=called)
    return None, Text(N_("Nobody holds {card.the_name}."), card=called)


def suit_of_call(called) -> str:
    called = parse_card(called)
    return SUITS[called.kind].english


# ---------------------------------------------------------------- chelem


def chelem_outcome(*, announced: bool, attack_tricks: int, tricks: int) -> str | None:
    """The chelem entry for scoring from who took the tricks.

    >>> chelem_outcome(announced=True, attack_tricks=18, tricks=18)
    'announced_made'
    >>> chelem_outcome(announced=False, attack_tricks=0, tricks=18)
    'defence'
    """
    return chelem_result(announced, attack_tricks, tricks)


# ---------------------------------------------------------------- misère (house rule, off by default)


# Misère kind -> the cards that spoil it (house rule, not FFT).
MISERE_SPOILERS = {
    "trumps": lambda c: c.is_trump or c.is_excuse,  # misère d'atouts: no trump, no Excuse
    "honours": lambda c: c.is_oudler or (c.kind < 4 and c.rank > 10),  # no face card, no oudler
}


def misere_kinds(hand) -> list[str]:
    """Every misère this hand may declare (house rule): 'trumps', 'honours', both or none.

    >>> misere_kinds("2H 3H 4S 9D"), misere_kinds("T21 KH")
    (['trumps', 'honours'], [])
    """
    hand = _cards(hand)
    return [kind for kind, spoils in MISERE_SPOILERS.items() if not any(spoils(c) for c in hand)]


def misere_kind(hand) -> str | None:
    """House rule, not FFT: 'trumps' for a hand with no trump and no Excuse, 'honours' for one with
    no face card and no oudler, else None. Only offered when RuleSet.misere is on.

    >>> misere_kind("2H 3H 4S KD"), misere_kind("T5 2H 3S"), misere_kind("T21 KH")
    ('trumps', 'honours', None)
    """
    kinds = misere_kinds(hand)
    return kinds[0] if kinds else None
