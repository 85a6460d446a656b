"""The base of every content model (Node: no unknown keys, and the YAML line of each key) and the field types the
models share: cards, a card, text, one line, a slug, a skill, players, sides and contracts.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PrivateAttr,
    model_validator,
)

from ..engine import Card
from ..skills import SKILLS
from .cardcodes import strict_card, strict_cards
from .yamlio import LineDict

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Node(BaseModel):
    """Base model: no unknown fields, and the YAML lines of the mapping and of each key."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    _line: int = PrivateAttr(default=0)
    _lines: dict = PrivateAttr(default_factory=dict)

    @model_validator(mode="wrap")
    @classmethod
    def _remember_lines(cls, data, handler):
        obj = handler(data)
        if isinstance(data, LineDict) and isinstance(obj, Node):
            obj._line = getattr(data, "line", 0)
            obj._lines = dict(getattr(data, "lines", {}))
        return obj

    @property
    def line(self) -> int:
        """The line where this mapping starts in its file (0 if not loaded from YAML)."""
        return self._line

    def line_of(self, key: str) -> int:
        """The line of ``key`` in this mapping, or the mapping's own line."""
        return self._lines.get(key, self._line)


# ---------------------------------------------------------------- field types


def _cards(value) -> tuple[Card, ...]:
    return tuple(strict_cards(value))


def _card(value) -> Card:
    if isinstance(value, list | tuple) or (isinstance(value, str) and len(value.split()) != 1):
        raise ValueError(f"give exactly one card code, not {value!r}")
    return strict_card(value)


def _text(value):
    if isinstance(value, str) and not value.strip():
        raise ValueError("must not be empty")
    return value


def _one_line(value):
    if isinstance(value, str):
        value = value.strip()
        if "\n" in value:
            raise ValueError("must fit on one line")
        if not value:
            raise ValueError("must not be empty")
    return value


def _slug(value):
    if isinstance(value, str) and not SLUG.match(value):
        raise ValueError(f"{value!r} is not a valid id: use lower-case words joined by hyphens, like 'the-deck'")
    return value


def _skill(value):
    if isinstance(value, str) and value not in SKILLS:
        raise ValueError(f"unknown skill {value!r}: use one of {', '.join(SKILLS)} (tutor/skills.py)")
    return value


Cards = Annotated[tuple[Card, ...], BeforeValidator(_cards)]
OneCard = Annotated[Card, BeforeValidator(_card)]
Text = Annotated[str, BeforeValidator(_text)]
OneLine = Annotated[str, BeforeValidator(_one_line)]
Slug = Annotated[str, BeforeValidator(_slug)]
SkillId = Annotated[str, BeforeValidator(_skill)]
Players = Literal[3, 4, 5]
Side = Literal["attack", "defence"]
PoigneeLevel = Literal["simple", "double", "triple"]
ChelemOutcome = Literal["announced_made", "made", "announced_failed", "defence"]
ContractName = Literal["petite", "garde", "garde_sans", "garde_contre"]
