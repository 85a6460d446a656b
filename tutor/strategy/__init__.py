"""Strategy: how to play well, computed on top of the engine (pure Python, no Streamlit).

- ``bots`` and ``handcount``: the practice bots' decisions and the hand count, each a pure function
  of one seat's ``SeatView`` (moved here from ``tutor.practice``, which uses them);
- ``position``: an endgame where every card is known (``Position``; text format with seats 1..N);
- ``solver``: the exact double-dummy solver (``solve``), and ``estimate`` beyond its range;
- ``estimate``: the bidding estimator (``estimate_bids``);
- ``review``: the review of a played deal (``review_deal``), and ``why``: the principle behind a
  costly card (``principle_of``).

It sits below practice, quiz and content and imports only the engine.
"""

from .estimate import BidEstimate, ContractEstimate, estimate_bids, wilson
from .position import Position, PositionError
from .review import Decision, decision_at, decisions, describe, listed, review_deal, rewind
from .solver import EXACT_CARDS, BeyondRange, CardValue, Solution, estimate, in_exact_range, solve, value
from .why import principle_of

__all__ = ["EXACT_CARDS", "BeyondRange", "BidEstimate", "CardValue", "ContractEstimate", "Decision", "Position",
           "PositionError", "Solution", "decision_at", "decisions", "describe", "estimate", "estimate_bids",
           "in_exact_range", "listed", "principle_of", "review_deal", "rewind", "solve", "value", "wilson"]
