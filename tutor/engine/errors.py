"""Errors raised by the engine. Every one carries a reason a learner can read."""

from __future__ import annotations


class TarotError(ValueError):
    """Base class: bad input or an action the rules forbid."""


class CardParseError(TarotError):
    """A token that is not a card."""

    def __init__(self, token: str, why: str = ""):
        self.token = token
        msg = f"not a card: {token!r}"
        if why:
            msg += f" ({why})"
        else:
            msg += " (write cards like KH, CS, 10D, 1C, T21, EX)"
        super().__init__(msg)


class IllegalAction(TarotError):
    """An action the rules forbid; ``rule`` names the rule, ``str(err)`` explains it."""

    def __init__(self, reason: str, rule: str = ""):
        self.rule = rule
        self.reason = reason
        super().__init__(reason)
