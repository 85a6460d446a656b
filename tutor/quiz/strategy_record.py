"""A strategy puzzle as its file gives it (``StrategyPuzzle``), and the cache its deep checks keep
(``BidCache``): what ``strategy_puzzles`` (the best-card and bid kinds) and ``seat_puzzles`` (the
seat-card kind) both build on.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from ..engine import Card, card, format_cards
from ..i18n import _
from ..i18n.words import card_short
from ..jsoncache import JsonCache, cache_file
from ..strategy import Position


def bid_label(bid: str) -> str:
    """'garde_sans' -> 'Garde sans'; 'pass' -> 'Pass' (the French names, as the course says them).

    >>> bid_label("garde_contre"), bid_label("pass")
    ('Garde contre', 'Pass')
    """
    return _("Pass") if bid == "pass" else bid.replace("_", " ").capitalize()


@dataclass(frozen=True)
class StrategyPuzzle:
    """One strategy puzzle as written in its file (``position`` parsed, ``solution`` as card codes or a bid)."""

    id: str
    title: str
    kind: str
    tags: tuple[str, ...]
    difficulty: int
    skill: str
    principle: str
    question: str
    solution: tuple[str, ...]  # best-card: every best card's code; bid: one bid ('pass' or a contract)
    explanation: str
    players: int
    position: Position | None = None
    hand: tuple[Card, ...] = ()
    seat: int = 0  # from 0, like the estimator
    samples: int = 100
    seed: int = 1
    tolerance: float = 0.0
    deal_json: str = ""  # seat-card: the deal to rebuild (``seat_puzzles.deal_json``); ``seat`` is to play
    path: str = ""
    line: int = 0
    lines: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def digest(self) -> str:
        """A hash of what the check depends on (for the bid cache)."""
        data = {"kind": self.kind, "players": self.players,
                "position": self.position.to_mapping() if self.position else None,
                "hand": format_cards(self.hand), "seat": self.seat, "samples": self.samples, "seed": self.seed}
        if self.deal_json:  # a seat-card puzzle's deal (added only there: the other kinds' hashes stay)
            data["deal"] = self.deal_json
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]

    @property
    def solution_text(self) -> str:
        """The answer in words: the bid, or the best card by its name (each tie, joined by "or")."""
        return (bid_label(self.solution[0]) if self.kind == "bid" else
                _(" or ").join(card_short(card(c)) for c in self.solution))


class BidCache(JsonCache):
    """Estimates kept in a JSON file, keyed by the puzzle's content hash and a hash of the strategy
    and engine code (a change in the bots or the rules computes them again); see ``tutor.jsoncache``."""


def default_cache() -> BidCache:
    """``$TUTOR_CACHE_DIR/bid-estimates.json`` (default ``~/.cache/tarot-tutor``); TUTOR_CACHE_DIR=off: none."""
    return BidCache(cache_file("bid-estimates.json"))
