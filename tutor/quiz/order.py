"""The order multiple-choice options are shown in: shuffled by a seed, the same every time.

Authors and generators list options in whatever order is natural (often the right one first); shown
in that order, the answer's place would give it away. ``shuffled`` mixes them with a ``random.Random``
seeded by a stable name (a lesson check's id, a question's kind, seed and parameters), so a learner
sees the same order on every rerun and the right answer's place is spread over the options.

>>> shuffled(["a", "b", "c", "d"], "bidding/step 2") == shuffled(["a", "b", "c", "d"], "bidding/step 2")
True
>>> sorted(shuffled(["a", "b", "c", "d"], "x"))
['a', 'b', 'c', 'd']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffled(items: Sequence[T], salt: str) -> list[T]:
    """``items`` in an order drawn from ``salt`` alone (a string: ``random.Random`` hashes it the same
    way in every process)."""
    out = list(items)
    random.Random(f"options:{salt}").shuffle(out)
    return out


def question_salt(q) -> str:
    """The name a generated question's or puzzle's options are shuffled by: kind, seed and parameters."""
    params = ",".join(f"{k}={v}" for k, v in sorted(q.params.items()))
    return f"{q.kind}:{q.seed}:{params}"


def shown_choices(q) -> list:
    """A question's choices in the order every page, sheet and printout shows them: shuffled, except a scale
    whose order is part of the question (``context["ordered_choices"]``: Pass, Petite, Garde… in "What would
    you bid?", where the right answer moves along the scale from hand to hand).

    >>> from tutor.quiz import generate
    >>> q = generate("bidding", 4, ask="dog", players=4)
    >>> sorted(c.key for c in shown_choices(q)) == sorted(c.key for c in q.choices)
    True
    """
    if q.context.get("ordered_choices"):
        return list(q.choices)
    return shuffled(q.choices, question_salt(q))
