"""What every position solver shares: the registry each joins (``solver``), the error a position that cannot be
raises (``PositionError``), and the readers of a position's fields.
"""

from __future__ import annotations

from collections.abc import Callable

from ..content.cardcodes import strict_cards


class PositionError(ValueError):
    """A position that cannot be: ``key`` names the field at fault (for the line number)."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


def _cards(position: dict, key: str, *, required: bool = True) -> list:
    value = position.get(key)
    if value is None:
        if required:
            raise PositionError(f"the position needs '{key}'", None)
        return []
    try:
        return strict_cards(value)
    except ValueError as err:
        raise PositionError(f"{key}: {err}", key) from None


def _disjoint(position: dict, *keys: str) -> None:
    seen: dict = {}
    for key in keys:
        for c in _cards(position, key, required=False):
            if c in seen:
                raise PositionError(f"{c} is both in '{seen[c]}' and in '{key}'", key)
            seen[c] = key


def _int(position: dict, key: str, default=None, allowed=None) -> int:
    value = position.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{key} must be a whole number, not {value!r}", key)
    if allowed is not None and value not in allowed:
        raise PositionError(f"{key} must be one of {', '.join(map(str, allowed))}, not {value}", key)
    return value


def _known(position: dict, keys: set[str]) -> None:
    extra = sorted(set(position) - keys)
    if extra:
        raise PositionError(f"unknown position field '{extra[0]}'; the fields are {', '.join(sorted(keys))}",
                            extra[0])


SOLVERS: dict[str, Callable] = {}
ASKS: dict[str, tuple] = {}


def solver(kind: str, asks: tuple = (None,)):
    def wrap(fn):
        SOLVERS[kind] = fn
        ASKS[kind] = asks
        return fn
    return wrap
