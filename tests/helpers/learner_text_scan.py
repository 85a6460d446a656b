"""The scan of what a learner reads: every string a value holds, and the card codes that must not show in prose."""

from __future__ import annotations

import re

# Issue 27: a card is a picture or a name (K♥, trump 7, the Excuse), never a code ("KH", "T7", "EX"), in what a
# learner reads. Codes are for typing only: the typed-answer box's help and placeholder, and the lesson that
# teaches them (in code spans) may show them. Rows of cards marked for pictures ({cards:KH T21}) and HTML tags
# (a card picture's title) are not text.
CARD_CODE = re.compile(r"(?<![\w/+=&#-])(?:(?:[1-9]|10|[JCQK])[SHDC]|T(?:[1-9]|1\d|2[01])|EX)(?![\w/+=-])")

NOT_TEXT = re.compile(r"<[^>]*>|\{cards:[0-9A-Z ]*\}|```.*?```", re.S)

CODE_SPAN = re.compile(r"`[^`\n]*`")


def card_codes(text: str, *, notation: bool = False) -> list[str]:
    """The card codes in ``text`` as a learner would read them (code spans count, unless ``notation``).

    >>> card_codes("seat 2 led `4D`; you left out 9C 6C 1C and T19; the Excuse, EX")
    ['4D', '9C', '6C', '1C', 'T19', 'EX']
    >>> card_codes("Hand: {cards:KH T21} <img title='KH'> 4♦, trump 7, the Excuse; 10 KB, a T-shirt")
    []
    """
    text = NOT_TEXT.sub(" ", str(text))
    if notation:
        text = CODE_SPAN.sub(" ", text)
    return CARD_CODE.findall(text)


def _strings(value, skip=frozenset()) -> list[str]:
    """Every string in a nested model dump, leaving out the keys in ``skip`` (engine specs)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in skip for s in _strings(v, skip)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v, skip)]
    return []
