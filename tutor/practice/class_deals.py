"""Duplicate in class: the deals everyone plays, and a learner's play checked move by move.

**The deals.** Each is a Practice deal (``Table.new(players, seed)``: the seed fixes the cards and the
dealer, the learner sits in seat 0, the bots are deterministic), so every learner who opens it holds the
same cards at the same seat against the same bots. Seeds are drawn from the set-up's own seed and kept
when the learner's hand is prenable (``tutor.strategy.bidding.prenable``, the club's judgement too) and nobody
holds the Petit sec.

**A learner's play.** Only the learner's own decisions come from the page; the bots' answers are played
again here (``replayed``), so a log that the bots would not have answered that way is refused: nobody can
write a better result for themselves. A log is kept as one line of action codes (``log_text``).

>>> from tutor.engine import Bid
>>> t = replayed(4, 11, [])
>>> t.learner_to_act and log_text(t.deal.log) == log_text(replayed(4, 11, t.deal.log).deal.log)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine import Action, Deal, DeclareChelem, IllegalAction, Phase, TarotError
from ..engine.actions import parse_action
from ..strategy.bidding.advice import speaking_seat
from ..strategy.bidding.prenable import by_count, prenable
from .table import Table, dealer_for

LEARNER = 0  # the learner's seat, as in Practice ("You")
SEARCH = 5000  # seeds tried for one set of deals before giving up (a prenable hand comes about 1 in 150)
MAX_SEED = 10**6  # Practice's seeds, so a deal also opens on the Practice page


@dataclass(frozen=True)
class ClassDeal:
    """One deal of the session: its Practice seed and how the learner's hand was judged prenable."""

    seed: int
    chance: float
    expected: float

    def to_dict(self) -> dict:
        return {"seed": self.seed, "chance": round(self.chance, 3), "expected": round(self.expected, 1)}

    @classmethod
    def from_dict(cls, d: dict) -> ClassDeal:
        return cls(int(d["seed"]), float(d.get("chance", 0.0)), float(d.get("expected", 0.0)))


@lru_cache(maxsize=64)  # seconds of sampling; the same set-up again (a test, a retry) is free
def pick_deals(players: int, count: int, seed: int) -> tuple[ClassDeal, ...]:
    """``count`` deals for ``players`` in which seat 0 holds a prenable hand, drawn from ``seed`` (the same
    arguments give the same deals). TarotError when too few are found (it does not happen in practice)."""
    rng = random.Random(f"class-duplicate:{players}:{seed}")
    found: list[ClassDeal] = []
    tried: set[int] = set()
    for _ in range(SEARCH):
        s = rng.randrange(1, MAX_SEED)
        if s in tried:
            continue
        tried.add(s)
        deal = Deal.new(players, seed=s, dealer=dealer_for(players, s))
        hand = deal.dealt.hands[LEARNER]
        if deal.dealt.petit_sec() or not by_count(hand, players=players):
            continue
        v = prenable(hand, players=players, seat=speaking_seat(LEARNER, deal.dealer, players), seed=s)
        if v:
            found.append(ClassDeal(s, v.chance, v.expected))
            if len(found) == count:
                return tuple(found)
    raise TarotError(f"only {len(found)} prenable deals found in {SEARCH} seeds; try another seed")


def log_text(log: Sequence[Action]) -> str:
    """A deal's log as one compact line: the action codes, space-separated (``0:bid:garde 1:play:KH`` ...)."""
    return " ".join(str(a) for a in log)


def parse_log(text: str) -> list[Action]:
    return [parse_action(a) for a in (text or "").split()]


def replayed(players: int, seed: int, log: Sequence[Action] | str) -> Table:
    """The Practice table of deal ``seed`` after the learner's decisions in ``log`` (the bots answer as they
    always do). IllegalAction when ``log`` is not what this table gives: an illegal move, or a bot's move
    that the bot would not have made."""
    actions = parse_log(log) if isinstance(log, str) else list(log)
    table = Table.new(players, seed, learner=LEARNER)
    table.advance()
    for i, action in enumerate(actions):
        if i >= len(table.deal.log) and table.awaiting_start:  # the learner took: a chelem may come first
            table.start_play(chelem=isinstance(action, DeclareChelem) and action.seat == LEARNER)
        if i < len(table.deal.log):
            if table.deal.log[i] != action:
                raise IllegalAction(f"move {i + 1} of this deal was not played like that", "order")
            continue
        if action.seat != LEARNER:
            raise IllegalAction(f"move {i + 1} is a bot's, and the bot did not play it", "order")
        table.act(action)
    if len(table.deal.log) < len(actions):
        raise IllegalAction("the deal ended before its last move", "order")
    return table


def learner_score(deal: Deal) -> tuple[int, bool]:
    """The learner's own score for a finished deal and whether their seat took (a cancelled deal: 0, no)."""
    if deal.phase is Phase.CANCELLED:
        return 0, False
    if deal.phase is not Phase.DONE:
        raise TarotError("the deal is not over")
    return int(deal.result().seat_scores[LEARNER]), deal.taker == LEARNER
