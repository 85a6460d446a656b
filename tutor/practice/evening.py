"""A practice evening: deal after deal at the same table, scored on a running sheet like a club's.

The dealer passes to the next seat after every deal (played or cancelled), as at the club, and the
sheet keeps each deal's scores and the running totals, which always sum to zero.

>>> from tutor.engine import Deal
>>> from tutor.practice.table import bots_play
>>> e = Evening.start(4, first_dealer=2)
>>> d = bots_play(Deal.new(4, seed=5, dealer=e.dealer))
>>> e = e.add(d, seed=5); e.dealer, len(e.rows), sum(e.totals)
(3, 1, 0)
>>> e.add(d, seed=5) is e  # the same deal is written once
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Deal, Phase


@dataclass(frozen=True)
class Row:
    seed: int
    dealer: int
    taker: int | None  # None: a cancelled deal (everyone passed, petit sec)
    contract: str  # "garde, won by 8", "cancelled: everyone passed"
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Evening:
    players: int
    dealer: int  # who deals the next deal
    rows: tuple[Row, ...] = ()

    @classmethod
    def start(cls, players: int, first_dealer: int = 0) -> Evening:
        return cls(players, first_dealer % players)

    def add(self, deal: Deal, *, seed: int) -> Evening:
        """The finished (or cancelled) deal on the sheet, and the deal passes to the next dealer."""
        if deal.players != self.players or deal.phase not in (Phase.DONE, Phase.CANCELLED):
            raise ValueError("only a finished deal of this table goes on its sheet")
        if any(r.seed == seed and r.dealer == deal.dealer for r in self.rows):
            return self
        if deal.phase is Phase.CANCELLED:
            reason = "everyone passed" if "passed" in (deal.cancel_reason or "") else "petit sec"
            row = Row(seed, deal.dealer, None, f"cancelled: {reason}", (0,) * self.players)
        else:
            r = deal.result()
            s = r.score
            row = Row(seed, deal.dealer, deal.taker, f"{s.contract.french}, {'won' if s.won else 'lost'} by "
                      f"{s.margin}", tuple(int(x) for x in r.seat_scores))
        return Evening(self.players, (deal.dealer + 1) % self.players, (*self.rows, row))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[i] for r in self.rows) for i in range(self.players))

    def running(self) -> list[tuple[int, ...]]:
        """The totals after each deal, as the sheet's Σ lines."""
        out, acc = [], [0] * self.players
        for r in self.rows:
            acc = [a + b for a, b in zip(acc, r.scores)]
            out.append(tuple(acc))
        return out
