"""The auction (les enchères): each player speaks once, in turn, and must outbid.

Seats are numbered in playing order (counter-clockwise), so the player on the
dealer's right, who speaks first, is ``(dealer + 1) % players``.

>>> a = Auction(players=4, dealer=0)
>>> a.bid(1, "petite"); a.bid(2, None); a.bid(3, "garde"); a.bid(0, None)
>>> a.finished, a.taker, a.contract
(True, 3, <Contract.GARDE: 'garde'>)
>>> Auction(players=4, dealer=0).can_bid(2, "garde")
False

After a misdeal the same dealer deals again and may not bid on that deal (FFT p.5):

>>> redealt = Auction(players=4, dealer=0, barred=frozenset({0}))
>>> for seat in (1, 2, 3): redealt.bid(seat, None)
>>> redealt.open_bids(), redealt.can_bid(0, "petite"), redealt.can_bid(0, None)
([], False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalAction
from .rules import Contract, RuleSet
from .seats import seat_label
from .words import N_, Text


@dataclass
class Auction:
    """The state of one auction. ``bids`` holds (seat, Contract or None for a pass) in order."""

    players: int
    dealer: int
    bids: list = field(default_factory=list)
    barred: frozenset = frozenset()  # seats that may only pass: the dealer who misdealt

    def __post_init__(self) -> None:
        RuleSet.for_players(self.players)
        if not 0 <= self.dealer < self.players:
            raise IllegalAction(Text(N_("no {seat} at a {players}-player table"), seat=seat_label(self.dealer),
                                     players=self.players), "seat")

    @property
    def to_speak(self) -> int | None:
        """The seat whose turn it is, or None when everyone has spoken."""
        if self.finished:
            return None
        return (self.dealer + 1 + len(self.bids)) % self.players

    @property
    def finished(self) -> bool:
        return len(self.bids) == self.players

    @property
    def highest(self) -> tuple[int, Contract] | None:
        best = None
        for seat, bid in self.bids:
            if bid is not None:
                best = (seat, bid)
        return best

    @property
    def taker(self) -> int | None:
        h = self.highest
        return h[0] if h and self.finished else None

    @property
    def contract(self) -> Contract | None:
        h = self.highest
        return h[1] if h and self.finished else None

    @property
    def all_passed(self) -> bool:
        """Everyone passed: the deal is cancelled and the next dealer deals."""
        return self.finished and self.highest is None

    def open_bids(self) -> list[Contract]:
        """The contracts the next speaker may still bid (passing is always open)."""
        if self.to_speak in self.barred:
            return []
        h = self.highest
        return [c for c in Contract if h is None or c > h[1]]

    def verify_bid(self, seat: int, bid) -> Contract | None:
        """Return the parsed bid, or raise IllegalAction saying why it is not allowed."""
        if self.finished:
            raise IllegalAction(Text(N_("The auction is over: every player has spoken once.")), "auction_over")
        if seat != self.to_speak:
            if any(s == seat for s, _ in self.bids):
                raise IllegalAction(Text(N_("{seat} has already spoken: each player speaks only once."),
                                         seat=seat_label(seat, capital=True)), "speak_once")
            raise IllegalAction(Text(N_("It is {seat}'s turn to speak, not {other}'s."),
                                     seat=seat_label(self.to_speak), other=seat_label(seat)), "order")
        if bid is None or str(getattr(bid, "value", bid)).lower() in ("pass", "passe", "none", ""):
            return None
        contract = Contract.parse(bid)
        if seat in self.barred:
            raise IllegalAction(Text(N_("{seat} misdealt and dealt again: the dealer may not bid on this deal, only "
                                        "pass."), seat=seat_label(seat, capital=True)), "misdeal")
        h = self.highest
        if h is not None and contract <= h[1]:
            raise IllegalAction(Text(N_("A bid must be higher than every earlier bid: {bid} has been bid, so "
                                        "{contract} is not enough."), bid=h[1].value, contract=contract.value),
                                "outbid")
        return contract

    def can_bid(self, seat: int, bid) -> bool:
        try:
            self.verify_bid(seat, bid)
        except IllegalAction:
            return False
        return True

    def bid(self, seat: int, bid) -> None:
        """Record a bid (a contract name, a Contract, or None / 'pass' to pass)."""
        self.bids.append((seat, self.verify_bid(seat, bid)))


def dog_outcome(contract) -> str:
    """What happens to the dog under this contract, in one sentence."""
    c = Contract.parse(contract)
    return Text(N_("{contract}: the dog is {fate}."), contract=c.french.capitalize(), fate=Text(c.dog.value))
