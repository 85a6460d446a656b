"""What every engine query shares: its result, its error, and reading its arguments from a lesson's ``verify:``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import (
    Card,
    Contract,
    RuleSet,
)
from .cardcodes import strict_card, strict_cards


class QueryError(ValueError):
    """Bad question data under ``verify``; ``key`` names the field at fault."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


@dataclass
class Result:
    """What the engine says: the value, its kind, the cards to pick from and a sentence of why."""

    value: Any
    kind: str  # number, bool, card, cards, text
    pool: list[Card] | None = None
    note: str | None = None
    shown: dict[str, list[Card]] = field(default_factory=dict)  # cards the question shows, by label
    accept: frozenset | None = None  # every right answer, when several tie (the solver's best cards)


# ---------------------------------------------------------------- argument helpers


def _args(spec, name: str, required=(), optional=()) -> dict:
    if not isinstance(spec, dict):
        raise QueryError(f"{name} needs a mapping with {', '.join(required) or 'its fields'}")
    for key in spec:
        if key not in required and key not in optional:
            allowed = ", ".join([*required, *optional])
            raise QueryError(f"{name} has no field {key!r}: use {allowed}", key)
    for key in required:
        if key not in spec:
            raise QueryError(f"{name} needs {key!r}", None)
    return spec


def _cards(spec: dict, key: str, *, default=None) -> list[Card]:
    if key not in spec:
        return list(default or [])
    try:
        return strict_cards(spec[key])
    except ValueError as err:
        raise QueryError(f"{key}: {err}", key) from None


def _card(value, key: str | None = None) -> Card:
    try:
        if isinstance(value, list) or (isinstance(value, str) and len(value.split()) != 1):
            raise ValueError(f"give exactly one card, not {value!r}")
        return strict_card(value)
    except ValueError as err:
        raise QueryError(f"{key + ': ' if key else ''}{err}", key) from None


def _pile(spec, name: str) -> list[Card]:
    if isinstance(spec, dict):
        spec = _args(spec, name, ("cards",))
        return _cards(spec, "cards")
    try:
        return strict_cards(spec)
    except ValueError as err:
        raise QueryError(str(err)) from None


def _players(spec: dict, default: int = 4) -> int:
    n = spec.get("players", default)
    if n not in (3, 4, 5) or isinstance(n, bool):
        raise QueryError(f"players must be 3, 4 or 5, not {n!r}", "players")
    return n


def _choice(spec: dict, key: str, allowed, default=None):
    value = spec.get(key, default)
    if value not in allowed:
        raise QueryError(f"{key} must be one of {', '.join(map(str, allowed))}, not {value!r}", key)
    return value


def _full_hand(hand, players: int, key: str, extra: int = 0) -> None:
    r = RuleSet.for_players(players)
    want = r.hand_size + extra
    if len(hand) != want:
        what = "hand with the dog" if extra else "hand"
        raise QueryError(f"{key}: a {players}-player {what} has {want} cards, not {len(hand)}", key)


# ---------------------------------------------------------------- the queries

def _contract(value, key: str) -> Contract:
    if value not in [c.value for c in Contract]:
        raise QueryError(f"{key}: use petite, garde, garde_sans or garde_contre, not {value!r}", key)
    return Contract(value)
