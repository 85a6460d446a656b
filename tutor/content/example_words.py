"""The words and checks every worked example shares: card names in a sentence, rows of cards, the
error a bad situation raises, and the sanity checks ``verify`` runs too (split from ``render``, whose
renderers and the strategy ones in ``render_strategy`` both use them)."""

from __future__ import annotations

import re

from ..engine import DogFate, RuleSet
from ..engine.cards import BY_CODE, cards_text
from ..i18n import N_, _, language
from ..i18n.words import points, say
from .schema import ScoreParams

DEFAULT_NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma")
DOG_SENTENCES = {  # translated where shown: _(DOG_SENTENCES[fate])
    DogFate.TAKER_EXCHANGES: N_("The dog is turned face up for all to see; the taker adds it to their hand and "
                                "lays aside an écart of the same size."),
    DogFate.TAKER_KEEPS_HIDDEN: N_("The dog stays face down, unseen, and counts for the taker at the end."),
    DogFate.DEFENCE_KEEPS_HIDDEN: N_("The dog stays face down, unseen, and counts for the defence at the end."),
}
_RANK_FR = {1: "as", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"}
_SUIT_FR = ("pique", "cœur", "carreau", "trèfle")


class ExampleError(ValueError):
    """A situation the engine rejects or that cannot happen; ``key`` names the field at fault."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


def engine_text(text: str) -> str:
    """An engine sentence in the learner's language (``say``), with 'the Petit' capitalised where
    str.capitalize() lowered it."""
    return say(text).replace("The petit ", "The Petit ")


fmt = points  # the lessons' short name for points in the learner's language


def card_word(c) -> str:
    """A card in a sentence, in the learner's language: 'K♥', 'trump 7', 'the Excuse' (``Card.short``);
    in French « Roi de cœur », « 7 d’atout », « le 21 », « le Petit », « l’Excuse »."""
    if language() == "en":
        return c.short
    if c.is_excuse:
        return "l’Excuse"
    if c.is_trump:
        return "le Petit" if c.rank == 1 else "le 21" if c.rank == 21 else f"{c.rank} d’atout"
    rank = _RANK_FR.get(c.rank, str(c.rank))
    return f"{rank[:1].upper()}{rank[1:]} de {_SUIT_FR[c.kind]}"


def card_the(c) -> str:
    """The card with its article: 'the king of hearts' (``Card.the_name``); « la Dame de cœur », « l’as de pique »."""
    if language() == "en":
        return c.the_name
    word = card_word(c)
    if word.startswith(("le ", "l’")):
        return word
    if c.is_trump:
        return f"le {word}"
    return "l’" + word.lower() if c.rank == 1 else ("la " if c.rank == 13 else "le ") + word


def words_list(cards) -> str:
    """Cards in running text, in the learner's language; '(none)' for none."""
    cards = list(cards)
    if language() == "en":
        return cards_text(cards)
    return ", ".join(card_word(c) for c in cards) if cards else _("(none)")


CARDS_MARK = re.compile(r"\{cards:([0-9A-Z ]*)\}")


def cards_md(cards) -> str:
    """A row of cards, as a mark the app draws as pictures: '{cards:KH T21}'; '(none)' for none."""
    cards = list(cards)
    return "{cards:" + " ".join(c.code for c in cards) + "}" if cards else _("(none)")


def plain_cards(text: str) -> str:
    """``text`` with each row of cards written as names, for plain text (no pictures).

    >>> plain_cards("Hand: {cards:KH T21 EX}.")
    'Hand: K♥, trump 21, the Excuse.'
    """
    return CARDS_MARK.sub(lambda m: words_list(BY_CODE[c] for c in m.group(1).split()), text)


def capitalised(text: str) -> str:
    """The first letter upper case, the rest as it is (str.capitalize() would lower 'Petit')."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- sanity checks shared with verify


def check_score_params(p: ScoreParams) -> None:
    """Situations score_deal accepts but no real deal can produce."""
    if p.petit_au_bout == "attack" and p.oudlers < 1:
        raise ExampleError("the attack took the Petit au bout, so it has at least 1 oudler, not 0", "oudlers")
    if p.petit_au_bout == "defence" and p.oudlers > 2:
        raise ExampleError("the defence took the Petit au bout, so the attack cannot hold all 3 oudlers", "oudlers")
    if p.alone and p.players != 5:
        raise ExampleError("only a 5-player taker plays alone", "alone")
    rules = RuleSet.for_players(p.players)
    if len(p.poignees) > p.players:
        raise ExampleError(f"at most one poignée per player ({p.players} players)", "poignees")
    if not rules.half_points and not float(p.taker_points).is_integer():
        raise ExampleError(f"with {p.players} players the points are always whole", "taker_points")


def check_disjoint(**piles) -> None:
    """No card may be in two places at once."""
    seen: dict = {}
    for name, cards in piles.items():
        for c in cards or ():
            if c in seen and seen[c] != name:
                raise ExampleError(f"{c} cannot be both in the {seen[c].replace('_', ' ')} and in the "
                                   f"{name.replace('_', ' ')}", name)
            seen[c] = name


def hand_players(hand, key: str = "hand") -> int:
    """The player count a full hand implies (24, 18 or 15 cards)."""
    sizes = {r.hand_size: n for n, r in ((n, RuleSet.for_players(n)) for n in (3, 4, 5))}
    if len(hand) not in sizes:
        raise ExampleError(f"a whole hand has 24, 18 or 15 cards (3, 4 or 5 players), not {len(hand)}", key)
    return sizes[len(hand)]


def need_size(cards, size: int, what: str, key: str) -> None:
    if len(cards) != size:
        raise ExampleError(f"{what} has {size} cards, not {len(cards)}", key)
