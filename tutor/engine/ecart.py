"""The écart (discard): what the taker may put aside after taking the dog.

No king and no oudler; a trump only when there are not enough other cards,
and every trump discarded is shown to the defence.

>>> from .cards import parse_cards as P
>>> hand = P("KH QH 3H 4H 5H 6H 7H 8H 9H 10H 1S 2S 3S 4S 5S 6S 7S 8S T2 T3 T4 T5 T6 EX")
>>> is_legal_discard(hand, P("3H 4H 5H 6H 7H 8H"))
True
>>> check_discard(hand, P("KH 4H 5H 6H 7H 8H")).reasons
['You may not discard a king (king of hearts).']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, parse_card, parse_cards
from .rules import RuleSet
from .words import N_, Text, card_word, counted, joined


@dataclass(frozen=True)
class DiscardVerdict:
    """Whether a discard is legal; ``reasons`` lists every broken rule, ``shown`` the trumps to show."""

    legal: bool
    reasons: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    shown: list[Card] = field(default_factory=list)
    trumps_needed: int = 0

    def __bool__(self) -> bool:
        return self.legal


def discardable(hand: list[Card]) -> list[Card]:
    """Cards that may go to the écart without condition: suit cards other than kings."""
    return [c for c in hand if c.kind < 4 and not c.is_king]


def trumps_needed(hand: list[Card], dog_size: int) -> int:
    """How many trumps must go to the écart because there are too few other cards."""
    return max(0, dog_size - len(discardable(hand)))


def check_discard(hand, discard, *, players: int = 4) -> DiscardVerdict:
    """Check an écart against the taker's hand (dog included), with every reason it fails."""
    rules = RuleSet.for_players(players)
    hand = parse_cards(hand) if isinstance(hand, str) else [parse_card(c) for c in hand]
    discard = parse_cards(discard) if isinstance(discard, str) else [parse_card(c) for c in discard]
    reasons: list[str] = []
    ids: list[str] = []

    def fail(rule: str, text: str) -> None:
        ids.append(rule)
        reasons.append(text)

    n = rules.dog_size
    if len(discard) != n:
        fail("count", Text(N_("The écart has exactly {n} cards with {players} players, not {given}."), n=n,
                           players=players, given=len(discard)))
    if len(set(discard)) != len(discard):
        fail("duplicate", Text(N_("The same card appears twice in the écart.")))
    missing = [c for c in discard if c not in hand]
    if missing:
        fail("not_in_hand", Text(N_("You do not hold {cards}."), cards=joined(card_word(c, "the_name")
                                                                            for c in missing)))
    for c in discard:
        if c.is_king:
            fail("king", Text(N_("You may not discard a king ({card.name})."), card=c))
        elif c.is_oudler:
            fail("oudler", Text(N_("You may not discard an oudler ({card.name})."), card=c))
    need = trumps_needed(hand, n)
    trumps = [c for c in discard if c.is_trump and not c.is_oudler]
    if len(trumps) > need:
        others = len(discardable(hand))
        if need == 0:
            fail("trump", Text(N_("You may discard a trump only when you cannot avoid it; you hold {others} "
                                  "suit cards other than kings, enough for the écart."), others=others))
        else:
            fail("trump", counted(need, N_("Only {n} trump is unavoidable: discard all your {others} other suit "
                                           "cards first."),
                                  N_("Only {n} trumps are unavoidable: discard all your {others} other suit "
                                     "cards first."), others=others))
    shown = sorted(trumps, key=lambda c: -c.rank)
    return DiscardVerdict(legal=not reasons, reasons=reasons, rules=ids, shown=shown, trumps_needed=need)


def is_legal_discard(hand, discard, *, players: int = 4) -> bool:
    """True when ``discard`` is a legal écart from ``hand`` (the taker's hand with the dog in it)."""
    return check_discard(hand, discard, players=players).legal
