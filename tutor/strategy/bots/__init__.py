"""The bots: one decision from one seat's view (``policy``), the hand count and the écart they use.

``POLICIES`` names every bot policy a table or a match can seat: each takes a ``SeatView`` and returns a
``Move`` (its ``action`` is what the seat does). "bots" are today's bots, "reference" the frozen old ones.
"""

from . import policy, reference

POLICIES = {"bots": policy.decide, "reference": reference.decide}
