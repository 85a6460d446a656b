"""Dealing the cards the FFT way, seeded so every deal can be replayed.

The pack is shuffled, cut (more than 3 cards each side), then dealt in packets,
counter-clockwise from the dealer's right, while the dog (le chien) is built one
card at a time, never with the first or the last card of the pack.

>>> d = deal_cards(4, dealer=0, seed=7)
>>> [len(h) for h in d.hands], len(d.dog)
([18, 18, 18, 18], 6)
>>> d == deal_cards(4, dealer=0, seed=7)
True
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from .bidding import Auction
from .cards import CARDS, EXCUSE, Card
from .errors import TarotError
from .rules import RuleSet
from .seats import seat_label
from .words import N_, Text


@dataclass(frozen=True)
class DealtCards:
    """The result of one deal: a hand per seat, the dog, and how it was dealt."""

    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    cut: int
    dog_slots: tuple[int, ...]  # packet numbers after which a dog card was laid

    def petit_sec(self) -> list[int]:
        """Seats holding the Petit sec (the 1 as their only trump, without the Excuse)."""
        return [seat for seat, hand in enumerate(self.hands) if is_petit_sec(hand)]


def is_petit_sec(hand) -> bool:
    """True when the only trump is the Petit and the hand has no Excuse: the deal must be cancelled.

    >>> from .cards import parse_cards as P
    >>> is_petit_sec(P("T1 KH 2S")), is_petit_sec(P("T1 EX KH")), is_petit_sec(P("T1 T2"))
    (True, False, False)
    """
    trumps = [c for c in hand if c.is_trump]
    return len(trumps) == 1 and trumps[0].rank == 1 and EXCUSE not in hand


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def deal_cards(players: int, *, dealer: int = 0, seed=None, pack=None) -> DealtCards:
    """Shuffle (unless ``pack`` is given), cut and deal.

    ``seed`` is an int or a random.Random; the same seed always gives the same deal.
    """
    rules = RuleSet.for_players(players)
    if not 0 <= dealer < players:
        raise TarotError(Text(N_("no {seat} at a {players}-player table"), seat=seat_label(dealer), players=players))
    rng = _rng(seed)
    if pack is None:
        pack = list(CARDS)
        rng.shuffle(pack)
    else:
        pack = list(pack)
        if sorted(c.index for c in pack) != list(range(78)):
            raise TarotError(Text(N_("a pack must hold each of the 78 cards exactly once")))
    # The cut: more than 3 cards on each side.
    cut = rng.randint(4, len(pack) - 4)
    pack = pack[cut:] + pack[:cut]

    packets = packet_count(players)
    slots = tuple(sorted(rng.sample(dog_slots(players), rules.dog_size)))
    hands: list[list[Card]] = [[] for _ in range(players)]
    dog: list[Card] = []
    pos = 0
    slot_set = set(slots)
    for p in range(packets):
        if p in slot_set:
            dog.append(pack[pos])
            pos += 1
        seat = (dealer + 1 + p) % players
        hands[seat].extend(pack[pos:pos + rules.packet_size])
        pos += rules.packet_size
    assert pos == 78
    return DealtCards(players, dealer, tuple(tuple(h) for h in hands), tuple(dog), cut, slots)


@dataclass(frozen=True)
class DealerDraw:
    """The draw for the first dealer: each seat's card(s), in order, and who deals."""

    draws: tuple[tuple[Card, ...], ...]
    dealer: int
    reason: str


def draw_rank(card: Card) -> tuple[int, int, int]:
    """Low to high for the dealer draw: suit cards by rank, clubs < diamonds < hearts < spades; trumps above."""
    if card.is_trump:
        return (1, card.rank, 0)
    return (0, card.rank, 3 - card.kind)  # kind 0 = spades has the highest priority


def choose_dealer(players: int, *, seed=None) -> DealerDraw:
    """Each player draws a card; the lowest deals. The Excuse is put back and redrawn.

    >>> choose_dealer(4, seed=1).dealer in range(4)
    True
    """
    RuleSet.for_players(players)
    rng = _rng(seed)
    spread = list(CARDS)
    rng.shuffle(spread)
    draws: list[tuple[Card, ...]] = []
    for _ in range(players):
        got = [spread.pop()]
        while got[-1] is EXCUSE:
            got.append(spread.pop())  # the Excuse does not count: draw again
        draws.append(tuple(got))
    final = [d[-1] for d in draws]
    dealer = min(range(players), key=lambda s: draw_rank(final[s]))
    low = final[dealer]
    ties = [s for s in range(players) if s != dealer and not final[s].is_trump and final[s].rank == low.rank
            and not low.is_trump]
    redrawn = any(len(d) > 1 for d in draws)
    reason = Text(_DRAW[bool(ties), redrawn], seat=seat_label(dealer, capital=True), card=low)
    return DealerDraw(tuple(draws), dealer, reason)


# Who deals first, by the draw: (a tie on rank broken by suit, the Excuse redrawn) -> the sentence.
_DRAW = {
    (False, False): N_("{seat} drew {card.the_name}, the lowest card."),
    (True, False): N_("{seat} drew {card.the_name}, the lowest card (same rank as another, but its suit comes last "
                      "in spades > hearts > diamonds > clubs)."),
    (False, True): N_("{seat} drew {card.the_name}, the lowest card; the Excuse was drawn and redrawn, as it does "
                      "not count."),
    (True, True): N_("{seat} drew {card.the_name}, the lowest card (same rank as another, but its suit comes last "
                     "in spades > hearts > diamonds > clubs); the Excuse was drawn and redrawn, as it does not "
                     "count."),
}


def packet_count(players: int) -> int:
    """How many packets the dealer hands out: 24 with 3 or 4 players, 25 with 5.

    >>> [packet_count(n) for n in (3, 4, 5)]
    [18, 24, 25]
    """
    rules = RuleSet.for_players(players)
    return players * rules.hand_size // rules.packet_size


def dog_slots(players: int) -> range:
    """After which packets a dog card may be laid: never before the first packet (the first card of
    the pack) nor after the last one (the last card), so after packet 1 to the one before the last.

    >>> dog_slots(4)
    range(1, 24)
    """
    return range(1, packet_count(players))


def dog_slot_verdict(players: int, after: int) -> tuple[bool, str]:
    """May the next card go to the dog once ``after`` packets have been dealt? With the reason.

    >>> dog_slot_verdict(4, 0)
    (False, 'the first card of the pack never goes to the dog')
    >>> dog_slot_verdict(4, 24)[1]
    'the last card of the pack never goes to the dog'
    """
    total = packet_count(players)
    if not 0 <= after <= total:
        raise TarotError(Text(N_("with {players} players the dealer hands out {total} packets, not {after}"),
                              players=players, total=total, after=after))
    if after == 0:
        return False, Text(N_("the first card of the pack never goes to the dog"))
    if after == total:
        return False, Text(N_("the last card of the pack never goes to the dog"))
    return True, Text(N_("a dog card may be laid between two packets, one card at a time"))


class DealEnd(enum.Enum):
    """How a deal ends, as far as the next deal is concerned."""

    PLAYED = "played"
    ALL_PASS = "all_pass"  # everyone passed: cancelled
    PETIT_SEC = "petit_sec"  # a Petit sec was declared before the bidding: cancelled
    MISDEAL = "misdeal"  # a mistake while dealing


# end -> (the same dealer deals again, that dealer may not bid on the new deal), FFT p.5.
REDEAL = {
    DealEnd.PLAYED: (False, False),
    DealEnd.ALL_PASS: (False, False),
    DealEnd.PETIT_SEC: (False, False),
    DealEnd.MISDEAL: (True, True),
}


@dataclass(frozen=True)
class NextDeal:
    """Who deals the next deal, who speaks first in it, and a seat barred from its bidding (or None)."""

    dealer: int
    speaks_first: int
    barred: int | None


def next_deal_after(players: int, dealer: int, end: DealEnd | str) -> NextDeal:
    """The next deal after one dealt by ``dealer`` ended this way. The deal passes to the right (the next
    seat in play order), except after a misdeal: the same dealer deals again and may not bid on it.

    >>> next_deal_after(4, 3, "played")
    NextDeal(dealer=0, speaks_first=1, barred=None)
    >>> next_deal_after(4, 3, "misdeal")
    NextDeal(dealer=3, speaks_first=0, barred=3)
    """
    RuleSet.for_players(players)
    if not 0 <= dealer < players:
        raise TarotError(Text(N_("no {seat} at a {players}-player table"), seat=seat_label(dealer),
                              players=players))
    try:
        end = DealEnd(end)
    except ValueError:
        raise TarotError(f"a deal ends {', '.join(e.value for e in DealEnd)}, not {end!r}") from None
    same, barred = REDEAL[end]
    new = dealer if same else (dealer + 1) % players
    return NextDeal(new, Auction(players, new).to_speak, dealer if barred else None)
