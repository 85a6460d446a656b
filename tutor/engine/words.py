"""Counted words for every layer's text: '1 oudler', '2 oudlers', never '1 oudler(s)'.

>>> plural(1, "oudler"), plural(3, "oudler"), plural(0, "deal"), plural(2, "is", "are")
('1 oudler', '3 oudlers', '0 deals', '2 are')
"""

from __future__ import annotations


def plural(n: int | float, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 (``many`` for an irregular plural)."""
    return f"{n:g} {word if n == 1 else many or word + 's'}" if isinstance(n, float) else \
        f"{n} {word if n == 1 else many or word + 's'}"
