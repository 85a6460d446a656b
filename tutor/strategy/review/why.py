"""Why a card was costly: the principle of the strategy course behind a better card, from a table.

The deal review finds a costly card and a better one; this module names the principle that the
better card follows, so the learner can open the lesson that teaches it. Each recogniser is a pure
test on the position (every hand known, as after the deal), the card played, the better card and
the seat that finally won the trick; the first that fits names the principle, and "count the last
tricks" is what is left.

>>> from tutor.engine import parse_card as P
>>> p = Position.parse('''
... players: 4
... contract: garde
... taker: 1
... hands: {1: T5 KH, 2: T1 QH, 3: 4S 9H, 4: 7D 8D}
... trick: {leader: 1, cards: ""}
... taken: {attack_points: 61.5, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 4}
... ''')
>>> principle_of(p, played=P("KH"), better=P("T5"))  # seat 2 holds the Petit as its only trump
'hunt-the-petit'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import EXCUSE, PETIT, Card, Deal
from ...engine.play import winner_index
from ..bots.principles import PRINCIPLES, for_side, near_end
from ..exact.position import Position

FALLBACK = "count-tricks"


def trick_seats(pos: Position) -> list[int]:
    """The seat that played each card of the trick so far, in order."""
    return [(pos.leader + i) % pos.players for i in range(len(pos.trick))]


def camp(pos: Position, seat: int) -> set[int]:
    """The seats on ``seat``'s side (attack or defence), ``seat`` included."""
    mine = pos.is_attack(seat)
    return {s for s in range(pos.players) if pos.is_attack(s) == mine}


@dataclass(frozen=True)
class Choice:
    """One decision of the deal review, with everything the recognisers may look at."""

    pos: Position  # before the card, every hand known
    played: Card
    better: Card
    winner: int | None  # the seat that won this trick in the deal (None when unknown)

    @property
    def seat(self) -> int:
        return self.pos.to_play

    @property
    def trick_seats(self) -> list[int]:
        return trick_seats(self.pos)

    def allies(self) -> set[int]:
        """The seats in the learner's camp, the learner included."""
        return camp(self.pos, self.seat)

    def takes_trick(self, card: Card) -> bool:
        """Does ``card`` beat every card of the trick so far?"""
        cards = [*self.pos.trick, card]
        return card is not EXCUSE and winner_index(cards) == len(cards) - 1


def _catches_petit(ch: Choice) -> bool:
    """The better card catches the Petit: it takes an opponent's Petit in this trick, or it is a trump
    lead while an opponent holds the Petit with at most one other trump."""
    if not ch.better.is_trump or (ch.played.is_trump and not ch.pos.trick):
        return False
    allies = ch.allies()
    if ch.pos.trick:
        seats = ch.trick_seats
        petit_by = next((s for c, s in zip(ch.pos.trick, seats) if c is PETIT), None)
        return petit_by is not None and petit_by not in allies and ch.takes_trick(ch.better) \
            and not ch.takes_trick(ch.played)
    for s, hand in enumerate(ch.pos.hands):
        if s not in allies and PETIT in hand:
            return sum(1 for c in hand if c.is_trump) <= 2
    return False


def _loses_petit(ch: Choice) -> bool:
    """The played card lost the Petit to the other camp, or the better card would have saved it."""
    if ch.played is PETIT:
        return ch.winner is not None and ch.winner not in ch.allies()
    return ch.better is PETIT


def _excuse_kept(ch: Choice) -> bool:
    """The Excuse was kept too late: it was the better card now."""
    return ch.better is EXCUSE and ch.played is not EXCUSE


def _loads_partner(ch: Choice) -> bool:
    """The better card gives more points to a partner who wins the trick (charger)."""
    partners = ch.allies() - {ch.seat}
    return bool(ch.pos.trick) and ch.winner in partners and ch.better.points > ch.played.points


def _leads_to_cut(ch: Choice) -> bool:
    """A defender's lead of a suit the taker lacks (and can trump), where the card played was not one."""
    taker = ch.pos.taker
    if ch.pos.trick or ch.pos.is_attack(ch.seat) or ch.better.kind >= 4:
        return False
    hand = ch.pos.hands[taker]
    lacks = {k for k in range(4) if not any(c.kind == k for c in hand)}
    return ch.better.kind in lacks and any(c.is_trump for c in hand) and ch.played.kind not in lacks


# First match wins: the Petit before the Excuse before points, the lead last.
RECOGNISERS: tuple[tuple[str, Callable[[Choice], bool]], ...] = (
    ("hunt-the-petit", _catches_petit),
    ("save-the-petit", _loses_petit),
    ("excuse-timing", _excuse_kept),
    ("charger", _loads_partner),
    ("lead-to-cut", _leads_to_cut),
)


def principle_of(pos: Position, *, played: Card, better: Card, winner: int | None = None) -> str | None:
    """The id (in ``PRINCIPLES``) of the principle that ``better`` follows where ``played`` did not, as the
    side of the seat to play names it (``principles.for_side``). When no recogniser fits, "count the last
    tricks" near the end of the deal (``principles.near_end``), else None: no principle is quoted."""
    ch = Choice(pos, played, better, winner)
    found = next((pid for pid, fits in RECOGNISERS if fits(ch)), None)
    if found is None:
        return FALLBACK if near_end(pos.tricks_left) else None
    found = for_side(found, attack=pos.is_attack(pos.to_play))
    assert found in PRINCIPLES  # the table of principles is the only source of advice
    return found


def principle_in_deal(before: Deal, deal: Deal, played: Card, better: Card) -> str | None:
    """``principle_of`` for a decision of a played ``deal``, ``before`` being the deal just before it."""
    trick = len(before.tricks)
    winner = deal.tricks[trick].winner if len(deal.tricks) > trick else None
    return principle_of(Position.from_deal(before), played=played, better=better, winner=winner)


__all__ = ["RECOGNISERS", "Choice", "camp", "principle_in_deal", "principle_of", "trick_seats"]
