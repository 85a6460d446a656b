"""Strategy: how to play well, computed on top of the engine (pure Python, no Streamlit).

One room a part, each importing only the rooms below it (an import-linter contract):

- ``match``: duplicate matches between policies;
- ``bidding``: the bidding estimator (``estimate_bids``), its calibration, the bid and poignée advice;
- ``review``: the review of a played deal (``review_deal``), and the principle behind a costly card
  (``principle_of``);
- ``advisor``: the advisor (deals sampled from one seat's view, played out, compared);
- ``bots``: the bots' decisions and the hand count, each a pure function of one seat's ``SeatView``;
- ``exact``: a known-cards endgame (``Position``) and the exact double-dummy solver (``solve``);
- ``noise``: the quantiles behind every interval.

It sits below practice, quiz and content and imports only the engine.
"""

from .bidding.estimate import BidEstimate, ContractEstimate, estimate_bids, wilson
from .exact.position import Position, PositionError
from .exact.solver import EXACT_CARDS, BeyondRange, CardValue, Solution, estimate, in_exact_range, solve, value
from .review.deal import Decision, decision_at, decisions, describe, listed, review_deal, rewind
from .review.why import principle_of

__all__ = ["EXACT_CARDS", "BeyondRange", "BidEstimate", "CardValue", "ContractEstimate", "Decision", "Position",
           "PositionError", "Solution", "decision_at", "decisions", "describe", "estimate", "estimate_bids",
           "in_exact_range", "listed", "principle_of", "review_deal", "rewind", "solve", "value", "wilson"]
