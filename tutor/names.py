"""Names a person types (a profile, a class learner, a club player, a tournament's players): no
invisible or formatting characters, and none that looks like a name already there.

- ``refuse_hidden``: Unicode format characters (category Cf: zero-width spaces and joiners, the soft
  hyphen, the bidirectional overrides and isolates), control, private-use, surrogate and unassigned
  code points, and the few other characters Unicode marks as ignorable (variation selectors, the
  combining grapheme joiner, Hangul fillers) are refused: they draw nothing, or turn the text around.
- ``lookalike_key``: two names with one key look the same (“Anna” and “Annа” with a Cyrillic а,
  “Bill” and “BiII”), so a second one is refused as if it were the same name. The key is the UTS #39
  *skeleton* (NFD, each character replaced by its prototype, NFD again), taken before and after
  casefolding. The prototypes come from Unicode's ``confusables.txt``, as the ``confusable_homoglyphs``
  package ships it (a table of confusable pairs): each set of characters confusable with one another
  gets one prototype, the sequence of several characters where the set has one (“m” → “rn”).

>>> lookalike_key("Anna") == lookalike_key("Ann\\u0430") == lookalike_key("ANNA")
True
>>> lookalike_key("Bill") == lookalike_key("BiII"), lookalike_key("Anna") == lookalike_key("Anne")
(True, False)
>>> refuse_hidden("Anna\\u200b")
Traceback (most recent call last):
...
ValueError: A name cannot hold invisible or formatting characters (such as a zero-width space or a right-to-left mark).
>>> refuse_hidden("Zoé Martin")
'Zoé Martin'
>>> weak_pin("1234"), weak_pin("0000"), weak_pin("aaaa"), weak_pin("1212"), weak_pin("4821")
(True, True, True, True, False)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

from .i18n import _

# Categories that draw nothing a reader can check: format, control, surrogate, private use, unassigned.
HIDDEN_CATEGORIES = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})
# Default-ignorable characters of other categories (DerivedCoreProperties.txt): they draw nothing either.
IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
                    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF))
_MARKS = "\u200e\u200f"  # the data writes right-to-left prototypes between direction marks


def hidden(ch: str) -> bool:
    """True for a character that draws nothing or changes the direction of the text."""
    code = ord(ch)
    return (unicodedata.category(ch) in HIDDEN_CATEGORIES
            or any(lo <= code <= hi for lo, hi in IGNORABLE_RANGES))


def refuse_hidden(name: str) -> str:
    """``name`` unchanged, or ValueError when it holds a character that draws nothing (``hidden``)."""
    if any(hidden(ch) for ch in str(name)):
        raise ValueError(_("A name cannot hold invisible or formatting characters (such as a zero-width space "
                           "or a right-to-left mark)."))
    return name


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype: one per set of characters confusable with one another."""
    data = json.loads((resources.files("confusable_homoglyphs") / "confusables.json").read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for source, pairs in data.items():
        for pair in pairs:
            a, b = root(source.strip(_MARKS)), root(pair["c"].strip(_MARKS))
            if a != b:
                parent[max(a, b)] = min(a, b)
    sets: dict[str, list[str]] = {}
    for x in list(parent):
        sets.setdefault(root(x), []).append(x)
    out: dict[str, str] = {}
    for members in sets.values():
        longer = [m for m in members if len(m) > 1]
        prototype = min(longer) if longer else min(members)  # a sequence: the set's prototype in the data
        out.update((m, prototype) for m in members if len(m) == 1)
    return out


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, each character's prototype, NFD again (until it is stable).

    >>> skeleton("rn") == skeleton("m"), skeleton("paypal") == skeleton("\\u0440\\u0430ypal")
    (True, True)
    """
    protos = _prototypes()
    out = unicodedata.normalize("NFD", str(text))
    for _round in range(4):
        mapped = unicodedata.normalize("NFD", "".join(protos.get(ch, ch) for ch in out))
        if mapped == out:
            break
        out = mapped
    return out


def lookalike_key(name: str) -> str:
    """One key for names that look alike, in any case, width or spacing."""
    folded = skeleton(unicodedata.normalize("NFKC", str(name))).casefold()
    return " ".join(skeleton(folded).split())


def lookalike(name: str, others) -> str | None:
    """The first of ``others`` that looks like ``name`` (the same name in another case counts), else None."""
    key = lookalike_key(name)
    return next((other for other in others if lookalike_key(other) == key), None)


# The PINs people pick most (published counts of leaked PINs), beyond the patterns ``weak_pin`` sees.
COMMON_PINS = frozenset({"1004", "2000", "2001", "6969", "1122", "1313", "2580", "0852", "1066", "1984", "2468",
                         "1357", "0007", "007", "112233", "123123", "696969", "121212", "159753", "password", "azerty",
                         "qwerty", "tarot", "secret", "letmein", "abc123", "000000"})


def weak_pin(pin: str) -> bool:
    """True for a PIN anyone would try first: one character repeated, a run up or down (1234, 9876,
    abcd), a short group repeated (1212, 123123), or one of ``COMMON_PINS``."""
    p = str(pin or "").strip().casefold()
    if not p or p in COMMON_PINS:
        return True
    steps = {ord(b) - ord(a) for a, b in zip(p, p[1:])}
    if len(steps) == 1 and steps <= {-1, 0, 1}:
        return True
    return any(len(p) % n == 0 and p == p[:n] * (len(p) // n) for n in range(1, len(p) // 2 + 1))


def refuse_weak_pin(pin: str) -> str:
    """``pin`` unchanged, or ValueError when it is one anyone would try first (``weak_pin``)."""
    if weak_pin(pin):
        raise ValueError(_("That PIN is one of the first anyone would try (a run like 1234, one digit repeated, a "
                           "pair repeated): pick another."))
    return pin
