"""Reading a learner's answer tolerantly: cards in any notation, numbers with or without a sign,
choices by number, key or text. Unreadable input raises AnswerError with a sentence to show.

>>> read_number("+42"), read_number("−42"), read_number(" 40,5 "), read_number(7)
(42.0, -42.0, 40.5, 7.0)
>>> [c.code for c in read_cards("roi de cœur, 21 excuse")]
['KH', 'T21', 'EX']
>>> read_form("target: 41, result = +8; taker 318")
{'target': '41', 'result': '+8', 'taker': '318'}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..engine import Card, TarotError, parse_card, parse_cards
from ..engine.cards import BY_CODE
from ..i18n import _
from ..i18n.words import say


class AnswerError(ValueError):
    """Input we cannot read as an answer; the message says what to type instead."""


_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def read_number(raw) -> float:
    """A number: '+42', '-42', '42', '40,5', '40.5 points'; bools are refused."""
    if isinstance(raw, bool):
        raise AnswerError(_("give a number, like 42 or -42"))
    if isinstance(raw, int | float):
        return float(raw)
    text = str(raw).strip().replace("−", "-").replace("–", "-").replace(",", ".").replace(" ", "")
    text = re.sub(r"(?i)(points?|pts?|pt)$", "", text)
    if not _NUMBER.match(text):
        raise AnswerError(_("“{raw}” is not a number: type something like 42, -42 or 40.5").format(raw=raw))
    return float(text)


# French card names the engine's parser does not read (it stays language-free): « 7 d’atout », « le 21 »,
# « le Petit », « atout 7 » become the codes T7, T21, T1, and a suit card loses its article (« la Dame de
# pique »). The suit cards' names (« Roi de pique », R♥) and « l’Excuse » the parser reads itself.
_FRENCH_TRUMPS = ((re.compile(r"\b(?:le\s+)?(\d{1,2})\s*d\s*['’`´]?\s*atouts?\b", re.I), r"T\1"),
                  (re.compile(r"\batouts?\s+(\d{1,2})\b", re.I), r"T\1"),
                  (re.compile(r"\b(?:le\s+)?petit\b", re.I), "T1"),
                  (re.compile(r"\ble\s+(\d{1,2})\b(?!\s+de\b)", re.I), r"T\1"),
                  # the article of a suit card: « le Roi de cœur », « la Dame de pique », « l’As de trèfle »
                  (re.compile(r"\b(?:le|la)\s+(?=(?:roi|dame|cavalier|valet|as|\d{1,2})\s+de\b)", re.I), ""),
                  (re.compile(r"\bl\s*['’`´]\s*(?=as\s+de\b)", re.I), ""))


def french_trumps(text: str) -> str:
    """The French trump names in ``text`` written as codes, the rest unchanged.

    >>> french_trumps("7 d’atout, le 21, le Petit, la Dame de pique, l’As de cœur, l’Excuse")
    'T7, T21, T1, Dame de pique, As de cœur, l’Excuse'
    """
    for pattern, code in _FRENCH_TRUMPS:
        text = pattern.sub(code, text)
    return text


def read_cards(raw) -> list[Card]:
    """Cards from text in any notation the engine parses, or from a list of cards or codes; French trump names
    (« 7 d’atout », « le 21 », « le Petit ») too."""
    if raw is None:
        return []
    if isinstance(raw, Card):
        return [raw]
    if isinstance(raw, dict | bytes | bool | float):
        raise AnswerError(_("pick cards, or type them like KH 10D T21 EX"))
    if isinstance(raw, int):
        raw = str(raw)  # a bare number is a trump
    try:
        if isinstance(raw, str):
            try:
                return parse_cards(raw)
            except TarotError:
                french = french_trumps(raw)
                if french == raw:
                    raise
                return parse_cards(french)
        if isinstance(raw, Iterable):
            out: list[Card] = []
            for item in raw:
                out.extend(read_cards(item) if isinstance(item, str) and " " in item.strip() else [parse_card(item)])
            return out
    except TarotError as err:
        raise AnswerError(say(err.args[0]) if err.args and isinstance(err.args[0], str) else str(err)) from None
    raise AnswerError(_("cannot read {raw} as cards: write them like KH, 10D, T21, EX").format(raw=repr(raw)))


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text).strip().lower().replace("œ", "oe"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\s_\-’']+", " ", text).strip(" .")


def read_choice(raw, choices) -> str:
    """The key of the choice meant by ``raw``: its key, its number (1-based, when no key is that number),
    its label or an unambiguous start of its label, case and accents ignored.

    >>> from tutor.quiz.question import Choice
    >>> opts = (Choice("legal", "Legal"), Choice("king", "Not legal: it holds a king"))
    >>> read_choice("LEGAL", opts), read_choice(2, opts), read_choice("not legal: it holds a KING", opts)
    ('legal', 'king', 'king')
    """
    if isinstance(raw, bool):
        raw = "yes" if raw else "no"
    if isinstance(raw, Card):
        raw = raw.code
    if all(c.key in BY_CODE for c in choices):  # the choices are cards: '1' is the Petit, not choice 1
        try:
            card = parse_card(str(raw))
        except TarotError:
            card = None
        if card is not None and any(c.key == card.code for c in choices):
            return card.code
    if isinstance(raw, int) and not any(c.key == str(raw) for c in choices) and 1 <= raw <= len(choices):
        return choices[raw - 1].key
    text = _norm(raw)
    if not text:
        raise AnswerError(_("choose one of the answers"))
    for c in choices:
        if text == _norm(c.key) or text == _norm(c.label):
            return c.key
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1].key
    if len(text) == 1 and text.isalpha() and ord(text) - ord("a") < len(choices):
        return choices[ord(text) - ord("a")].key
    starts = [c for c in choices if _norm(c.label).startswith(text)]
    if len(starts) == 1:
        return starts[0].key
    try:  # a card answer (who wins the trick) given in any notation
        card = parse_card(str(raw))
    except TarotError:
        card = None
    if card is not None and any(c.key == card.code for c in choices):
        return card.code
    listed = "; ".join(f"{i + 1}. {c.label}" for i, c in enumerate(choices))
    raise AnswerError(_("“{raw}” is none of the answers: {listed}").format(raw=raw, listed=listed))


_KEY_CHARS = frozenset("_ '’()+−-")  # besides letters and digits, what a field's name may hold
_SIGNS = "+-−"


_STOPS = ",;\n"  # a value runs up to one of these


def _value_end(text: str, i: int) -> int:
    while i < len(text) and text[i] not in _STOPS:
        i += 1
    return i


def _pairs(text: str) -> list[tuple[str, str]]:
    r"""Every ``name: value``, ``name = value`` or ``name 42`` in ``text``, in one pass.

    A name starts at an ASCII letter or ``_`` and runs over letters, digits, spaces and ``'’()+−-``,
    up to a ``:`` or ``=`` (spaces around it allowed), or up to spaces followed by a number. Its value
    runs to the next ``,``, ``;`` or new line. (What the regex
    ``([A-Za-z_][\w '’()+−-]*?)\s*(?:[:=]\s*|\s+(?=[+\-−]?\d))([^,;\n]+)`` finds, without its
    backtracking, which took seconds on a few thousand characters.)
    """
    out: list[tuple[str, str]] = []
    start = None  # where the current name began
    n, i = len(text), 0
    while i < n:
        ch = text[i]
        if ch.isspace():
            j = i
            while j < n and text[j].isspace():
                j += 1
            if start is not None:
                k = j + 1 if j < n and text[j] in _SIGNS else j
                if i < j and k < n and text[k].isdecimal():  # "taker 318"
                    end = _value_end(text, j)
                    out.append((text[start:i], text[j:end]))
                    start, i = None, end
                    continue
                if j < n and text[j] in ":=":  # "target : 41"
                    i = j
                    continue
                if text[i:j].strip(" "):  # only plain spaces may sit inside a name
                    start = None
            i = j
            continue
        if ch in ":=" and start is not None:
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            if j < n and text[j] not in _STOPS:
                v = j
            else:  # the value may be a space just after the sign (as the regex's backtracking did)
                v = next((p for p in range(j - 1, i, -1) if text[p] not in _STOPS), None)
            if v is not None:
                end = _value_end(text, v)
                out.append((text[start:i], text[v:end]))
                start, i = None, end
                continue
            start = None
        elif not (ch.isalnum() or ch in _KEY_CHARS):
            start = None
        elif start is None and ((ch.isascii() and ch.isalpha()) or ch == "_"):
            start = i
        i += 1
    return out


def read_form(raw) -> dict:
    """Field -> raw value, from a dict or from text like 'target: 41, taker = 318'.

    Text is read in one pass (segments split at ``,``, ``;`` and new lines), so its time grows
    with its length and no more.
    """
    if isinstance(raw, dict):
        return {str(k).strip().lower().replace(" ", "_"): v for k, v in raw.items()}
    if isinstance(raw, str):
        pairs = _pairs(raw)
        if pairs:
            return {k.strip().lower().replace(" ", "_"): v.strip() for k, v in pairs}
    raise AnswerError(_("fill in the form: one number per line, e.g. target: 41"))
