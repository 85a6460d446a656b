"""Cards of the French tarot deck: 56 suit cards, 21 trumps and the Excuse.

Every card is an interned, immutable value with one canonical code
(rank then suit: ``KH``, ``CS``, ``10D``, ``T21``, ``EX``).

>>> Card.parse("Roi de cœur")
Card('KH')
>>> str(Card.parse("t21")), Card.parse("21").points, Card.parse("EX").is_oudler
('T21', 4.5, True)
>>> parse_cards("KH, 10d R♠ excuse")
[Card('KH'), Card('10D'), Card('KS'), Card('EX')]
>>> card_points(DECK)
91.0
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable

from .errors import CardParseError
from .words import N_, Text

# Longer input is refused before it is parsed (tutor.limits lists every limit on outside input).
MAX_CARD_TOKEN = 40     # one card written out ("cavalier de trèfle" is 18)
MAX_CARDS_TEXT = 4_000  # a list of cards as text (all 78 written out in full is ~1,700)


def _cut(text: str, n: int = 20) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class Suit(enum.Enum):
    """The four plain suits, in the FFT's priority order (spades first)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def english(self) -> str:
        return _SUIT_EN[self]

    @property
    def french(self) -> str:
        return _SUIT_FR[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]


SUITS = tuple(Suit)
_SUIT_EN = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
_SUIT_FR = {Suit.SPADES: "pique", Suit.HEARTS: "cœur", Suit.DIAMONDS: "carreau", Suit.CLUBS: "trèfle"}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# Suit-card ranks 1..14; the code letters of the court cards (C is the knight, Cavalier).
RANK_CODES = {11: "J", 12: "C", 13: "Q", 14: "K"}
RANK_EN = {1: "ace", 11: "jack", 12: "knight", 13: "queen", 14: "king"}
RANK_FR = {1: "as", 11: "valet", 12: "cavalier", 13: "dame", 14: "roi"}
# Points per card, by kind. Oudlers and kings 4.5, then 3.5 / 2.5 / 1.5, others 0.5.
COURT_POINTS = {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}
OUDLER_POINTS = 4.5
LOW_POINTS = 0.5

# Index layout: suit s, rank r -> s*14 + r-1 (0..55); trump n -> 55+n (56..76); Excuse 77.
N_CARDS = 78
TRUMP_BASE = 55
EXCUSE_INDEX = 77
# The kind of a card, used by the play rules: 0..3 a suit, TRUMP_KIND, EXCUSE_KIND.
TRUMP_KIND = 4
EXCUSE_KIND = 5


class Card:
    """One card of the tarot deck. Instances are interned: compare with ``==`` or ``is``."""

    __slots__ = ("index", "kind", "rank", "code", "points", "is_oudler", "bit")

    index: int
    kind: int
    rank: int  # 1..14 for suit cards, 1..21 for trumps, 0 for the Excuse
    code: str
    points: float
    is_oudler: bool
    bit: int

    def __new__(cls, *_args):
        raise TypeError("use Card.parse(), card(code) or CARDS[index]")

    @classmethod
    def _make(cls, index: int) -> Card:
        self = object.__new__(cls)
        if index == EXCUSE_INDEX:
            kind, rank, code = EXCUSE_KIND, 0, "EX"
        elif index > TRUMP_BASE:
            kind, rank = TRUMP_KIND, index - TRUMP_BASE
            code = f"T{rank}"
        else:
            kind, rank = divmod(index, 14)
            rank += 1
            code = RANK_CODES.get(rank, str(rank)) + SUITS[kind].value
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "code", code)
        oudler = kind == EXCUSE_KIND or (kind == TRUMP_KIND and rank in (1, 21))
        object.__setattr__(self, "is_oudler", oudler)
        if oudler:
            pts = OUDLER_POINTS
        elif kind < TRUMP_KIND:
            pts = COURT_POINTS.get(rank, LOW_POINTS)
        else:
            pts = LOW_POINTS
        object.__setattr__(self, "points", pts)
        object.__setattr__(self, "bit", 1 << index)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (card, (self.code,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # Interned, so identity equality and the index hash are exact.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    @staticmethod
    def parse(text: str) -> Card:
        return parse_card(text)

    @property
    def suit(self) -> Suit | None:
        """The plain suit, or None for a trump or the Excuse."""
        return SUITS[self.kind] if self.kind < TRUMP_KIND else None

    @property
    def is_trump(self) -> bool:
        """True for trumps 1..21 (the Excuse is not a trump)."""
        return self.kind == TRUMP_KIND

    @property
    def is_excuse(self) -> bool:
        return self.kind == EXCUSE_KIND

    @property
    def is_king(self) -> bool:
        return self.kind < TRUMP_KIND and self.rank == 14

    @property
    def sort_key(self) -> tuple[int, int]:
        """Display order: trumps high to low, the Excuse, then spades, hearts, clubs, diamonds, high to low.

        Alternating colours (black, red, black, red) keeps a hand readable.
        """
        return (_DISPLAY_GROUP[self.kind], -self.rank)

    @property
    def name(self) -> str:
        """English name: 'king of hearts', 'trump 21', 'the Excuse'."""
        if self.kind == EXCUSE_KIND:
            return "the Excuse"
        if self.kind == TRUMP_KIND:
            return "the Petit (trump 1)" if self.rank == 1 else f"trump {self.rank}"
        return f"{RANK_EN.get(self.rank, str(self.rank))} of {SUITS[self.kind].english}"

    @property
    def the_name(self) -> str:
        """The English name with its article, for sentences: 'the king of hearts', 'the Excuse'."""
        name = self.name
        return name if name.startswith("the ") else "the " + name

    @property
    def french_name(self) -> str:
        """French name: 'roi de cœur', 'atout 21', 'l'Excuse'."""
        if self.kind == EXCUSE_KIND:
            return "l'Excuse"
        if self.kind == TRUMP_KIND:
            return "le Petit (atout 1)" if self.rank == 1 else f"atout {self.rank}"
        return f"{RANK_FR.get(self.rank, str(self.rank))} de {SUITS[self.kind].french}"

    @property
    def short(self) -> str:
        """The card in running text: 'K♥', 'C♠' (the knight, as its corner shows), '10♦', 'trump 7', 'the Excuse'.

        A learner reads this, never the code ('KH', 'T7', 'EX'), which is only for typing."""
        if self.kind == EXCUSE_KIND:
            return "the Excuse"
        if self.kind == TRUMP_KIND:
            return f"trump {self.rank}"
        return RANK_CODES.get(self.rank, str(self.rank)) + SUITS[self.kind].symbol


def cards_text(cards) -> str:
    """Cards in running text: 'K♥, trump 21, the Excuse'; '(none)' for none.

    >>> cards_text([card("KH"), card("T21"), card("EX")]), cards_text([])
    ('K♥, trump 21, the Excuse', '(none)')
    """
    cards = list(cards)
    return ", ".join(c.short for c in cards) if cards else "(none)"


# Trumps, Excuse, then spades, hearts, clubs, diamonds.
_DISPLAY_GROUP = {TRUMP_KIND: 0, EXCUSE_KIND: 1, 0: 2, 1: 3, 3: 4, 2: 5}

CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(N_CARDS))
DECK = CARDS
BY_CODE = {c.code: c for c in CARDS}
EXCUSE = CARDS[EXCUSE_INDEX]
PETIT = CARDS[TRUMP_BASE + 1]
TRUMP_21 = CARDS[TRUMP_BASE + 21]
OUDLERS = (TRUMP_21, PETIT, EXCUSE)
TRUMPS = tuple(CARDS[TRUMP_BASE + n] for n in range(1, 22))


def card(code: str) -> Card:
    """The card with this canonical code (fast, strict). Use parse_card for user input."""
    try:
        return BY_CODE[code]
    except KeyError:
        raise CardParseError(code) from None


# ---------------------------------------------------------------- parsing

_RANK_WORDS = {
    # English
    "ace": 1, "a": 1, "jack": 11, "j": 11, "knight": 12, "cavalier": 12, "kn": 12, "c": 12, "n": 12,
    "queen": 13, "q": 13, "king": 14, "k": 14,
    # French (V valet, C cavalier, D dame, R roi)
    "as": 1, "valet": 11, "v": 11, "dame": 13, "d": 13, "roi": 14, "r": 14,
}
_RANK_WORDS.update({str(n): n for n in range(1, 11)})
_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10,
}
_SUIT_WORDS = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "spades": Suit.SPADES, "spade": Suit.SPADES, "hearts": Suit.HEARTS, "heart": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "clubs": Suit.CLUBS, "club": Suit.CLUBS,
    "pique": Suit.SPADES, "piques": Suit.SPADES, "coeur": Suit.HEARTS, "coeurs": Suit.HEARTS,
    "carreau": Suit.DIAMONDS, "carreaux": Suit.DIAMONDS, "trefle": Suit.CLUBS, "trefles": Suit.CLUBS,
    "p": Suit.SPADES, "k": Suit.DIAMONDS, "t": Suit.CLUBS,
}
_SYMBOLS = {"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
_EXCUSE_WORDS = {"ex", "excuse", "l'excuse", "the excuse", "x", "fool", "the fool", "ecuse", "0", "*", "★"}
_PETIT_WORDS = {"petit", "le petit", "the petit", "petit 1"}
_TRUMP_PREFIX = re.compile(r"^(?:t|trump|atout|a)\s*(\d{1,2})$")
_CODE = re.compile(r"^(10|[1-9]|[ajcnqkvdr]|kn|jack|knight|queen|king|ace|as|valet|cavalier|dame|roi)([shdc])$")


def _normalise(text: str) -> str:
    text = text.strip().lower().replace("œ", "oe").replace("’", "'")
    text = "".join(_SYMBOLS.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def parse_card(text: str) -> Card:
    """Parse one card from any notation we accept.

    Canonical codes (any case), French letters (``R♥``, ``Dp``), Unicode suit symbols,
    long names in English or French (``king of hearts``, ``Roi de cœur``), a bare trump
    number (``21``) and ``Excuse``. Raises CardParseError naming the token otherwise.

    >>> [str(parse_card(t)) for t in ("kh", "R♥", "Roi de cœur", "cavalier de pique", "21", "T1", "Excuse")]
    ['KH', 'KH', 'KH', 'CS', 'T21', 'T1', 'EX']
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardParseError(repr(text))
    raw = text
    if len(text) > MAX_CARD_TOKEN:  # never normalise or int() a pasted essay
        raise CardParseError(_cut(raw), Text(N_("longer than any card, {n} characters"), n=f"{len(raw):,}"))
    t = _normalise(text)
    if not t:
        raise CardParseError(raw, Text(N_("an empty card")))
    if t.upper() in BY_CODE:
        return BY_CODE[t.upper()]
    if t in _EXCUSE_WORDS:
        return EXCUSE
    if t in _PETIT_WORDS:
        return PETIT
    m = _TRUMP_PREFIX.match(t)
    if m or (t.isascii() and t.isdigit()):  # isdigit alone takes "²", which int() refuses
        n = int(m.group(1) if m else t)
        if 1 <= n <= 21:
            return TRUMPS[n - 1]
        raise CardParseError(raw, Text(N_("trumps run from 1 to 21")))
    # "king of hearts", "roi de coeur", "10 de carreau"
    words = re.split(r"\s+(?:of|de|du|d')\s*|\s+", t)
    words = [w for w in words if w]
    if len(words) == 2:
        rank = _RANK_WORDS.get(words[0]) or _WORD_NUMBERS.get(words[0])
        suit = _SUIT_WORDS.get(words[1])
        if rank and suit:
            return CARDS[SUITS.index(suit) * 14 + rank - 1]
        if words[0] in ("atout", "trump") and words[1].isascii() and words[1].isdigit() and 1 <= int(words[1]) <= 21:
            return TRUMPS[int(words[1]) - 1]
    compact = t.replace(" ", "")
    m = _CODE.match(compact)
    if m:
        rank = _RANK_WORDS[m.group(1)]
        return CARDS[SUITS.index(_SUIT_WORDS[m.group(2)]) * 14 + rank - 1]
    # French letters with French suit initials: "Rp" (roi de pique), "Dt" (dame de trèfle).
    if len(compact) >= 2 and compact[-1] in "pkt" and compact[:-1] in _RANK_WORDS:
        return CARDS[SUITS.index(_SUIT_WORDS[compact[-1]]) * 14 + _RANK_WORDS[compact[:-1]] - 1]
    raise CardParseError(raw)


_SPLIT = re.compile(r"[,;\s]+")
_LONG_NAME = re.compile(
    r"(?i)\b(?:l'|le |la |the )?[\w']+\s+(?:of|de|du)\s+[\w']+|(?:atout|trump)\s+\d{1,2}|\bthe\s+excuse\b"
)


def parse_cards(text: str | Iterable) -> list[Card]:
    """Parse several cards separated by spaces or commas (long names may contain spaces).

    >>> parse_cards("T21 EX, 1C")
    [Card('T21'), Card('EX'), Card('1C')]
    >>> parse_cards("roi de cœur, atout 5")
    [Card('KH'), Card('T5')]
    >>> parse_cards("K♥, trump 21, the Excuse, C♠")  # as the app writes cards (``cards_text``)
    [Card('KH'), Card('T21'), Card('EX'), Card('CS')]
    >>> parse_cards("")
    []
    """
    if not isinstance(text, str):
        return [parse_card(t) for t in text]
    if len(text) > MAX_CARDS_TEXT:  # the long-name search below is not linear on every text
        raise CardParseError(_cut(text), Text(N_("{n} characters: all 78 cards written out in full take under "
                                                 "{most}"), n=f"{len(text):,}", most=f"{MAX_CARDS_TEXT:,}"))
    cards: list[Card] = []
    # Long names first ("roi de cœur"), so their words are not split apart.
    pos = 0
    chunks: list[str] = []
    for m in _LONG_NAME.finditer(text):
        chunks.extend(_SPLIT.split(text[pos:m.start()]))
        chunks.append(m.group(0))
        pos = m.end()
    chunks.extend(_SPLIT.split(text[pos:]))
    for chunk in chunks:
        if chunk.strip():
            cards.append(parse_card(chunk))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical codes separated by spaces, in the given order."""
    return " ".join(c.code for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order (trumps high to low, the Excuse, then suits)."""
    return sorted(cards, key=lambda c: c.sort_key)


def card_points(cards: str | Iterable[Card | str]) -> float:
    """Card points of a pile (4.5 per oudler and king, 3.5 queen, 2.5 knight, 1.5 jack, else 0.5).

    A string of codes is parsed first, like everywhere in the API.

    >>> card_points(parse_cards("KH 2H")), card_points("KH 2H")
    (5.0, 5.0)
    """
    return float(sum(c.points for c in _as_cards(cards)))


def points_text(x: float) -> str:
    """A number of points as a person writes it: no ".0" on a whole number, halves kept.

    >>> points_text(41.0), points_text(2.5), points_text(-16)
    ('41', '2.5', '-16')
    """
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def count_oudlers(cards: str | Iterable[Card | str]) -> int:
    """Number of oudlers (trump 21, the Petit, the Excuse) in a pile.

    >>> count_oudlers("T21 EX KH"), count_oudlers(parse_cards("T1 T2"))
    (2, 1)
    """
    return sum(1 for c in _as_cards(cards) if c.is_oudler)


def pair_count(cards: Iterable[Card | str]) -> list[tuple[tuple[Card, ...], float]]:
    """Count a pile the way players do: each high card with a low card, then low cards in pairs.

    Returns the groups with their value; the total equals card_points.

    >>> [(format_cards(g), v) for g, v in pair_count(parse_cards("KH 2H 3H 4H"))]
    [('KH 2H', 5.0), ('3H 4H', 1.0)]
    """
    pile = _as_cards(cards)
    high = [c for c in pile if c.points > LOW_POINTS]
    low = [c for c in pile if c.points == LOW_POINTS]
    groups: list[tuple[tuple[Card, ...], float]] = []
    for h in high:
        if low:
            lo = low.pop(0)
            groups.append(((h, lo), h.points + lo.points))
        else:
            groups.append(((h,), h.points))
    while len(low) >= 2:
        a, b = low.pop(0), low.pop(0)
        groups.append(((a, b), 1.0))
    if low:
        groups.append(((low[0],), LOW_POINTS))
    return groups


def _as_card(c: Card | str) -> Card:
    return c if isinstance(c, Card) else parse_card(c)


def _as_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """A pile given as one string of codes or as cards and codes."""
    return parse_cards(cards) if isinstance(cards, str) else [_as_card(c) for c in cards]


def to_mask(cards: Iterable[Card]) -> int:
    """A set of cards as a bitmask (bit i for CARDS[i])."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def from_mask(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out
