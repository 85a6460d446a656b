"""The layers below say their sentences and cards in the learner's language: the pages' one way to show them.

The engine keeps its sentences language-free (``tutor.engine.words.Text``: English, with its message id and
parameters); the text layer (``tutor.i18n.words``) says them in the learner's language, and names the cards
the French way (« Roi de pique », « 7 d'atout »). The pages show an engine reason, an error or a card through
here.

>>> from tutor.engine import TarotError, card
>>> say("Type a card."), error_text(TarotError("no such card")), card_short(card("KH"))
('Type a card.', 'no such card', 'K♥')
"""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n.words import card_name, card_short, cards_text, say


def error_text(err: BaseException) -> str:
    """An error's message in the learner's language (the engine's errors carry their sentence)."""
    first = err.args[0] if len(err.args) == 1 else None
    return say(first) if isinstance(first, str) else str(err)


def said(items: Iterable) -> list[str]:
    """Each of ``items`` said in the learner's language."""
    return [say(x) for x in items]


__all__ = ["card_name", "card_short", "cards_text", "error_text", "said", "say", "skill_name"]


def skill_name(skill: str) -> str:
    """A skill's title in the learner's language (``tutor.skills.SKILLS``); an unknown id as it is."""
    from ...i18n import _
    from ...skills import SKILLS
    return _(SKILLS[skill]) if skill in SKILLS else str(skill)
