"""Errors raised by the engine. Every one carries a reason a learner can read."""

from __future__ import annotations

from .words import N_, Text


class TarotError(ValueError):
    """Base class: bad input or an action the rules forbid."""


class CardParseError(TarotError):
    """A token that is not a card."""

    def __init__(self, token: str, why: str = ""):
        self.token = token
        msg = Text(N_("not a card: {token} ({why})"), token=repr(token), why=why) if why else \
            Text(N_("not a card: {token} (write cards like KH, CS, 10D, 1C, T21, EX)"), token=repr(token))
        super().__init__(msg)


class IllegalAction(TarotError):
    """An action the rules forbid; ``rule`` names the rule, ``str(err)`` explains it."""

    def __init__(self, reason: str, rule: str = ""):
        self.rule = rule
        self.reason = reason
        super().__init__(reason)
