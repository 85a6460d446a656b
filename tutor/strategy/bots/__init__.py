"""The bots: one decision from one seat's view (``policy``), the hand count and the écart they use.

``POLICIES`` names every bot policy a match can seat: ``bots`` (the practice bots, ``policy.decide``) and
``reference`` (the bots frozen on 2026-12-02, ``reference.decide``, the yardstick new bots are measured
against in duplicate). Each is a function ``decide(view) -> Move``.
"""

from . import policy, reference

POLICIES = {"bots": policy.decide, "reference": reference.decide}

__all__ = ["POLICIES"]
