"""Which cards may be played to a trick, why, and who wins the trick.

The core works on bitmasks (one bit per card) so a random playout is fast;
the public functions take and return Card lists and explain every verdict.

>>> from .cards import parse_cards as P
>>> legal_plays(P("KH 3H 5S T4 EX"), P("10H"))
[Card('KH'), Card('3H'), Card('EX')]
>>> legal_plays(P("5S T4 T16 EX"), P("10H T14"))
[Card('T16'), Card('EX')]
>>> print(explain_play(P("5S T4 T16 EX"), P("10H T14"), "T4").reason)  # doctest: +NORMALIZE_WHITESPACE
You have no hearts and a trump (the 14) is already in the trick: you must overtrump with a higher
trump (you hold the 16), even if your partner is winning.
>>> trick_winner(P("EX 2H KH T1"))
3
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARDS, EXCUSE_KIND, SUITS, TRUMP_BASE, TRUMP_KIND, Card, parse_card, parse_cards
from .errors import IllegalAction
from .words import N_, NP_, Text

# ---------------------------------------------------------------- bitmask tables

SUIT_MASKS = tuple(sum(1 << (s * 14 + r) for r in range(14)) for s in range(4))
TRUMP_MASK = sum(1 << (TRUMP_BASE + n) for n in range(1, 22))
EXCUSE_BIT = 1 << 77
# Trumps strictly above trump n (n = 0 means "no trump yet": every trump).
TRUMPS_ABOVE = tuple(sum(1 << (TRUMP_BASE + m) for m in range(n + 1, 22)) for n in range(22))
# Mask of the cards sharing a kind (suit 0..3, trumps 4, Excuse 5).
KIND_MASKS = SUIT_MASKS + (TRUMP_MASK, EXCUSE_BIT)
_KIND = tuple(c.kind for c in CARDS)
_RANK = tuple(c.rank for c in CARDS)


def legal_mask(hand: int, led: int, top_trump: int) -> int:
    """Legal cards of ``hand`` (a bitmask).

    ``led`` is the kind of the trick's first non-Excuse card (-1 when nothing sets the
    suit yet), ``top_trump`` the highest trump number in the trick (0 if none).
    """
    if led < 0:
        return hand
    excuse = hand & EXCUSE_BIT
    if led < TRUMP_KIND:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow | excuse
    trumps = hand & TRUMP_MASK
    if trumps:
        over = trumps & TRUMPS_ABOVE[top_trump]
        return (over or trumps) | excuse
    return hand


def trick_state(trick: Sequence[Card]) -> tuple[int, int]:
    """(led kind, highest trump number) of a partial trick."""
    led = -1
    top = 0
    for c in trick:
        k = c.kind
        if led < 0 and k != EXCUSE_KIND:
            led = k
        if k == TRUMP_KIND and c.rank > top:
            top = c.rank
    return led, top


def winner_index(trick: Sequence[Card], excuse_wins: bool = False) -> int:
    """Index of the winning card; the Excuse wins only when ``excuse_wins`` (a chelem's last trick)."""
    if excuse_wins:
        for i, c in enumerate(trick):
            if c.kind == EXCUSE_KIND:
                return i
    led, top = trick_state(trick)
    best, best_rank = -1, -1
    want = TRUMP_KIND if top else led
    for i, c in enumerate(trick):
        if c.kind == want and c.rank > best_rank:
            best, best_rank = i, c.rank
    if best < 0:
        raise IllegalAction("a trick of only the Excuse has no winner", "no_winner")
    return best


# ---------------------------------------------------------------- reasons


class PlayRule(enum.Enum):
    """Why a card may or may not be played. The value is a stable id for quizzes."""

    LEAD = "lead"  # any card may lead
    FIRST_LEAD_CALLED_SUIT = "first_lead_called_suit"  # 5 players, trick 1
    EXCUSE = "excuse"  # the Excuse may always be played
    FOLLOW_SUIT = "follow_suit"
    MUST_TRUMP = "must_trump"
    MUST_OVERTRUMP = "must_overtrump"
    UNDERTRUMP = "undertrump"  # cannot beat the top trump: any trump
    TRUMP_LED = "trump_led"  # must play a trump, higher if possible
    DISCARD = "discard"  # neither the suit nor a trump: any card
    NOT_IN_HAND = "not_in_hand"


@dataclass(frozen=True)
class PlayVerdict:
    """Whether ``card`` may be played here, the rule that decides it and a sentence saying why."""

    card: Card
    legal: bool
    rule: PlayRule
    reason: str

    def __bool__(self) -> bool:
        return self.legal


# The suit words of the reasons, marked for the text layer (plural, capitalised, one card of the suit).
_SUIT_WORDS = {
    "spades": N_("spades"), "hearts": N_("hearts"), "diamonds": N_("diamonds"), "clubs": N_("clubs"),
    "Spades": N_("Spades"), "Hearts": N_("Hearts"), "Diamonds": N_("Diamonds"), "Clubs": N_("Clubs"),
    "spade": N_("spade"), "heart": N_("heart"), "diamond": N_("diamond"), "club": N_("club"),
}


def _suit_name(kind: int, form: str = "") -> Text:
    """'hearts'; ``form`` "capital" for 'Hearts', "one" for 'heart'."""
    word = SUITS[kind].english
    word = word.capitalize() if form == "capital" else word[:-1] if form == "one" else word
    return Text(_SUIT_WORDS[word])


def _trump_name(n: int, capital: bool = False) -> Text:
    if capital:
        return Text(N_("The Petit")) if n == 1 else Text(N_("The {n}"), n=n)
    return Text(N_("the Petit")) if n == 1 else Text(N_("the {n}"), n=n)


def explain_play(hand: Iterable[Card | str], trick: Iterable[Card | str], card: Card | str, *,
                 called_king: Card | str | None = None, first_trick: bool = False) -> PlayVerdict:
    """Say whether ``card`` may be played from ``hand`` to ``trick``, and why."""
    hand = _cards(hand)
    trick = _cards(trick)
    card = parse_card(card)
    if card not in hand:
        return PlayVerdict(card, False, PlayRule.NOT_IN_HAND, Text(N_("You do not hold {card.the_name}."), card=card))
    if card.kind == EXCUSE_KIND:
        return PlayVerdict(card, True, PlayRule.EXCUSE,
                           Text(N_("The Excuse may be played at any time, instead of the card you owe.")))
    hmask = sum(c.bit for c in hand)
    led, top = trick_state(trick)
    if led < 0:
        return _explain_lead(hand, trick, card, called_king, first_trick)
    if led < TRUMP_KIND:
        suit = _suit_name(led)
        if hmask & SUIT_MASKS[led]:
            if card.kind == led:
                return PlayVerdict(card, True, PlayRule.FOLLOW_SUIT,
                                   Text(N_("You follow {suit}; you need not play higher."), suit=suit))
            return PlayVerdict(card, False, PlayRule.FOLLOW_SUIT,
                               Text(N_("{Suit} were led and you hold {suit}, so you must follow {suit}."),
                                    Suit=_suit_name(led, "capital"), suit=suit))
        no_suit = Text(N_("You have no {suit}"), suit=suit)
    else:
        no_suit = Text(N_("Trumps were led"))
    trumps = hmask & TRUMP_MASK
    if not trumps:
        why = (Text(N_("You have no {suit} and no trumps, so you may play any card."), suit=_suit_name(led))
               if led < TRUMP_KIND else Text(N_("You have no trumps, so you may play any card.")))
        return PlayVerdict(card, True, PlayRule.DISCARD, why)
    over = trumps & TRUMPS_ABOVE[top]
    if card.kind != TRUMP_KIND:
        if led == TRUMP_KIND:
            return PlayVerdict(card, False, PlayRule.TRUMP_LED, Text(
                N_("Trumps were led and you hold trumps, so you must play a trump, higher than {top} if you can."),
                top=_trump_name(top)) if top else Text(
                N_("Trumps were led and you hold trumps, so you must play a trump.")))
        if top and over:
            why = Text(N_("{no_suit}: you must trump, and above {top} already played."), no_suit=no_suit,
                       top=_trump_name(top))
        elif top:
            why = Text(N_("{no_suit}: you must trump (you cannot beat {top}, so any trump will do)."),
                       no_suit=no_suit, top=_trump_name(top))
        else:
            why = Text(N_("{no_suit}: you must trump."), no_suit=no_suit)
        return PlayVerdict(card, False, PlayRule.MUST_TRUMP, why)
    # A trump, played where a trump is owed.
    rule = PlayRule.TRUMP_LED if led == TRUMP_KIND else PlayRule.MUST_TRUMP
    if over and card.rank <= top:
        best = max(CARDS[i].rank for i in range(TRUMP_BASE + 1, TRUMP_BASE + 22) if over >> i & 1)
        lead_in = (Text(N_("Trumps were led")) if led == TRUMP_KIND
                   else Text(N_("{no_suit} and a trump ({top}) is already in the trick"), no_suit=no_suit,
                             top=_trump_name(top)))
        return PlayVerdict(card, False, PlayRule.MUST_OVERTRUMP, Text(
            N_("{lead_in}: you must overtrump with a higher trump (you hold {best}), even if your partner is winning."),
            lead_in=lead_in, best=_trump_name(best)))
    if top and not over:
        return PlayVerdict(card, True, PlayRule.UNDERTRUMP,
                           Text(N_("You cannot beat {top}, so you may play any trump (undertrump)."),
                                top=_trump_name(top)))
    if top:
        return PlayVerdict(card, True, PlayRule.MUST_OVERTRUMP,
                           Text(N_("You beat {top}, as you must when you can."), top=_trump_name(top)))
    if led == TRUMP_KIND:
        return PlayVerdict(card, True, rule, Text(N_("Trumps were led and you play a trump.")))
    return PlayVerdict(card, True, rule, Text(N_("{no_suit}, so you trump."), no_suit=no_suit))


def _explain_lead(hand, trick, card, called_king, first_trick) -> PlayVerdict:
    if first_trick and called_king is not None and not trick:
        called = parse_card(called_king)
        allowed = first_lead_mask(sum(c.bit for c in hand), called)
        if not allowed & card.bit:
            return PlayVerdict(card, False, PlayRule.FIRST_LEAD_CALLED_SUIT,
                               Text(N_("On the first trick you may not lead {suit}, the called suit, unless you "
                                       "lead {card.the_name} itself."), suit=_suit_name(called.kind), card=called))
        if card is called:
            return PlayVerdict(card, True, PlayRule.FIRST_LEAD_CALLED_SUIT,
                               Text(N_("The called card itself may lead the first trick.")))
    if trick:
        return PlayVerdict(card, True, PlayRule.LEAD, Text(
            N_("You lead, so any card may be played (the Excuse was led, so your card sets the suit).")))
    return PlayVerdict(card, True, PlayRule.LEAD, Text(N_("You lead, so any card may be played.")))


def first_lead_mask(hand: int, called: Card) -> int:
    """Cards that may open the first trick of a 5-player deal with ``called`` called."""
    if called.kind >= TRUMP_KIND:
        return hand
    allowed = (hand & ~SUIT_MASKS[called.kind]) | (hand & called.bit)
    return allowed or hand  # a hand of nothing but the called suit may lead it


def _cards(cards) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [parse_card(c) for c in cards]


# ---------------------------------------------------------------- public queries


def legal_plays(hand: Iterable[Card | str], trick: Iterable[Card | str], *,
                called_king: Card | str | None = None, first_trick: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played, in order).

    ``called_king`` with ``first_trick`` applies the 5-player rule: the first lead may not be
    in the called suit unless it is the called card itself. The result keeps the hand's order.
    """
    hand = _cards(hand)
    trick = _cards(trick)
    hmask = 0
    for c in hand:
        hmask |= c.bit
    if first_trick and called_king is not None and not trick:
        mask = first_lead_mask(hmask, parse_card(called_king))
    else:
        mask = legal_mask(hmask, *trick_state(trick))
    return [c for c in hand if mask & c.bit]


def is_legal_play(hand, trick, card, **kw) -> bool:
    """True when ``card`` may be played (see explain_play for the reason)."""
    return explain_play(hand, trick, card, **kw).legal


def verify_play(hand, trick, card, **kw) -> PlayVerdict:
    """Return the verdict for a legal card; raise IllegalAction with the reason otherwise."""
    verdict = explain_play(hand, trick, card, **kw)
    if not verdict.legal:
        raise IllegalAction(verdict.reason, verdict.rule.value)
    return verdict


def explain_all(hand, trick, **kw) -> list[PlayVerdict]:
    """A verdict for every card in the hand, in the hand's order."""
    hand = _cards(hand)
    return [explain_play(hand, trick, c, **kw) for c in hand]


def trick_winner(trick: Iterable[Card | str], *, excuse_wins: bool = False) -> int:
    """Index of the card that wins the trick.

    The highest trump wins; otherwise the highest card of the suit led. The Excuse never
    wins, except as the last card of a chelem (pass ``excuse_wins=True``).
    """
    return winner_index(_cards(trick), excuse_wins)


def explain_winner(trick: Iterable[Card | str], *, excuse_wins: bool = False) -> tuple[int, str]:
    """The winning index and a sentence saying why."""
    trick = _cards(trick)
    i = winner_index(trick, excuse_wins)
    win = trick[i]
    led, top = trick_state(trick)
    if win.kind == EXCUSE_KIND:
        why = Text(N_("In a chelem, the Excuse played in the last trick wins it."))
    elif top:
        why = Text(N_("{trump} is the highest trump in the trick, and any trump beats the suits."),
                   trump=_trump_name(top, capital=True))
        if led == TRUMP_KIND:
            why = Text(N_("Trumps were led and {top} is the highest."), top=_trump_name(top))
    else:
        why = Text(N_("No trump was played, so the highest {suit} wins: {card.the_name}."),
                   suit=_suit_name(led, "one"), card=win)
    if any(c.kind == EXCUSE_KIND for c in trick) and win.kind != EXCUSE_KIND:
        why = Text(N_("{why} The Excuse never wins a trick: its owner keeps it and gives a low card instead."),
                   why=why)
    return i, why


def card_kind_name(card: Card) -> str:
    """'hearts', 'trumps' or 'the Excuse'."""
    if card.kind == TRUMP_KIND:
        return NP_("suit", "trumps")
    if card.kind == EXCUSE_KIND:
        return Text(N_("the Excuse"))
    return _suit_name(card.kind)
