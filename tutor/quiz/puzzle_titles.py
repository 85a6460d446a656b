"""A puzzle's title must not give its answer away: ``tarot-tutor check`` refuses a title (English or French) that
names a card of the solution, by its code or in words.

A card is named by its code (``KH``, ``T21``, ``EX``), its name or short form in either language ("king of hearts",
"K♥", "trump 21", « Roi de cœur », « 7 d’atout »), its rank word alone for an ace or a court card ("the king",
« la Dame »), "a small heart" for a low plain card (« un petit cœur »), "the 21" or "the 15" for a trump
(« le 21 »), the Petit (with its capital: "petit au bout" is a bonus, « un petit cœur » a low card) and the Excuse.
The app also shows every puzzle under a neutral title until it is solved or its solution shown.

>>> from tutor.engine import parse_cards
>>> [c.code for c in named_cards("A free lead: the Excuse", parse_cards("EX T3"))]
['EX']
>>> [c.code for c in named_cards("Draw the last trump first", parse_cards("T21 KH"))]
[]
>>> [c.code for c in named_cards("The Petit at trick 10 (3 players)", parse_cards("T1 T10 T3"))]
['T1']
>>> [c.code for c in named_cards("Cash a king first", parse_cards("KS"))]
['KS']
>>> [c.code for c in named_cards("Le 21 passe avant le 16", parse_cards("T16"), "fr")]
['T16']
>>> [c.code for c in named_cards("Jouez un petit cœur", parse_cards("3H"), "fr")]
['3H']
>>> named_cards("Un petit atout pour le pli 3", parse_cards("T3 T1"), "fr")
[]
>>> [c.code for c in named_cards("17, Excuse, then the Petit", parse_cards("T17"))]
['T17']
>>> named_cards("Seat 1 still has clubs", parse_cards("T1"))
[]
>>> named_cards("Trick 9 (5 players): 3 tricks left, 40.5 to make", parse_cards("T9 T5 T3 T1"))
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine import Card
from ..engine.cards import EXCUSE_KIND, RANK_EN, RANK_FR, SUITS, TRUMP_KIND

_SINGULAR_EN = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_NOT_A_CARD = r"(?!\s*(?:players?|tricks?|points?|cards?|joueurs?|plis?|donnes?|cartes?)\b)"  # "the 3 players"
_APOSTROPHE = "['’]"
# "seat 1", "trick 9", « pli 3 »: a number after these words numbers a seat or a trick, not a trump.
_NOT_NUMBERED = "".join(rf"(?<!{w} )" for w in ("seat", "Seat", "seats", "trick", "Trick", "tricks", "pli", "plis",
                                                 "siège", "Joueur", "joueur", "deal", "Deal", "donne"))


def _patterns(c: Card, lang: str) -> list[str]:
    """Regular expressions (case-insensitive unless they start with ``(?-i:``) that name ``c`` in ``lang``."""
    out = [rf"(?-i:\b{re.escape(c.code)}\b)"]
    if c.kind == EXCUSE_KIND:
        return [*out, r"\bexcuse\b"]
    if c.kind == TRUMP_KIND:
        n = c.rank
        # A number alone names a trump ("the 21", "17, Excuse, then…"), unless it counts or numbers something.
        out.append(rf"(?<!\w)(?<!\d[.,]){_NOT_NUMBERED}{n}(?!\w|[.,]\d){_NOT_A_CARD}")
        return [*out, r"(?-i:\bPetit\b)"] if n == 1 else out
    suit = SUITS[c.kind]
    rank = c.rank
    if lang == "en":
        word, suit_word = RANK_EN.get(rank, str(rank)), suit.english
        out += [rf"\b{word}\s+of\s+{suit_word}\b", rf"(?-i:{re.escape(c.short)})"]
        if rank in RANK_EN:
            out.append(rf"\b{word}s?\b" if rank != 1 else r"\b(?:the|an)\s+ace\b")
        else:
            out.append(rf"\b(?:small|low|little)\s+{_SINGULAR_EN[suit.value]}\b")
        return out
    word, suit_word = RANK_FR.get(rank, str(rank)), suit.french
    out.append(rf"\b{word}s?\s+de\s+{suit_word}\b")
    if rank in RANK_FR:
        out.append(rf"\b{word}s?\b" if rank != 1 else rf"\b(?:l{_APOSTROPHE}|un\s+)as\b")
    else:
        out.append(rf"\bpetits?\s+{suit_word}s?\b")
    return out


def named_cards(text: str, cards: Iterable[Card], lang: str = "en") -> list[Card]:
    """The cards of ``cards`` that ``text`` names, in their order."""
    return [c for c in cards if any(re.search(p, text, re.IGNORECASE) for p in _patterns(c, lang))]


def title_message(cards: list[Card]) -> str:
    """The problem ``tarot-tutor check`` reports (card codes: it speaks to authors)."""
    return ("the title names " + ", ".join(c.code for c in cards) + ", a card of the solution, and so gives the "
            "answer away: say what the puzzle is about, not its answer")
