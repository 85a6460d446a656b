"""One minus sign for learners: the engine and the command line write a hyphen-minus ("-27", "(41 - 39)"), as
machine output and CSV keep it; what a learner reads shows the true minus sign (U+2212) everywhere, beside the
"−" of the form's hints ("−7 if it lost by 7").

Only a sign or a subtraction changes: a hyphen inside a word, a code or a date stays ("garde-sans", "2026-12-02",
"seat 1-3"), and so does a Markdown bullet ("- Points: …").

>>> minus("- Result: lost by 2 (41 - 39).\\n- Contract: (25 + 2) × 1 (petite) = 27, lost: -27.")
'- Result: lost by 2 (41 − 39).\\n- Contract: (25 + 2) × 1 (petite) = 27, lost: −27.'
>>> minus("taker -27 × 3 = -81; each defender +27"), minus("2026-12-02 · garde-sans · (-2)")
('taker −27 × 3 = −81; each defender +27', '2026-12-02 · garde-sans · (−2)')
>>> minus("5 - -3"), minus(-4.5), minus("")
('5 − −3', '−4.5', '')
"""

from __future__ import annotations

import re

MINUS = "\u2212"
_SIGN = re.compile(r"(?<![\w\-\u2212.,])-(?=\d)")  # "-27" after a space, a bracket or a colon; never "12-02"
_TAKE = re.compile(r"(?<=[\d)]) - (?=[\d(\-\u2212])")  # "41 - 39", "(25 + 2) - 10"


def minus(text) -> str:
    """``text`` (or a number) with a true minus sign for each negative number and subtraction."""
    text = str(text)
    return _SIGN.sub(MINUS, _TAKE.sub(f" {MINUS} ", text)) if "-" in text else text


def signed(x: float) -> str:
    """A whole score with its sign, as learners read it: '+27', '−81', '+0'.

    >>> signed(27), signed(-81), signed(0)
    ('+27', '−81', '+0')
    """
    return minus(f"{x:+d}") if isinstance(x, int) else minus(f"{x:+g}")
