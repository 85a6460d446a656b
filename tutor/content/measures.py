"""Measured numbers the strategy lessons quote: one data file, one place for each number.

``bench/strategy_measure.py`` plays hands out with the bidding estimator and writes
``lessons/measurements.yaml``; a lesson writes ``{measure:<group>.<what>}`` where it states one of
those numbers, and the loader puts the number in (like ``{rule:<id>}``). What may be asked:

- ``<group>.<contract>``: how often the contract was made, e.g. ``24%``;
- ``<group>.<contract>.words``: the same chance in words, e.g. ``about 2 deals in 10`` (a lesson gives a
  measured chance in words, the percentage beside it at most);
- ``<group>.<contract>.interval``: its 95% interval, e.g. ``20–29%``;
- ``<group>.<contract>.expected``: the taker's mean score, e.g. ``−64``;
- ``<group>.deals`` and ``<group>.hands``: how many deals and hands were played out;
- ``<group>.best``: the contract with the best mean score, in words (``garde contre``; ``pass`` when none
  is above 0);
- ``seed``: the seed of the measurement;
- ``fact.<key>``: a figure another bench script stored under ``facts`` (``bench/handcount_scales.py``: ``scale_*``,
  ``bench/king_call.py``: ``call_*``), as it wrote it.

>>> m = Measures({"seed": 7, "entries": {"p4_41_55": {"hands": 2, "deals": 40, "contracts": {
...     "petite": {"made": 10, "chance": 0.25, "low": 0.142, "high": 0.403, "expected": -64.1},
...     "garde": {"made": 10, "chance": 0.25, "low": 0.142, "high": 0.403, "expected": -128.2}}}}})
>>> m.fill("A petite: {measure:p4_41_55.petite} ({measure:p4_41_55.petite.interval}), {measure:p4_41_55.deals} deals")
'A petite: 25% (14–40%), 40 deals'
>>> m.fill("{measure:p4_41_55.petite.words}")
'about 3 deals in 10'
>>> m.fill("{measure:p4_41_55.garde.expected}, best: {measure:p4_41_55.best}")
'−128, best: pass'
>>> m.fill("{measure:p4_99.petite}")
Traceback (most recent call last):
...
KeyError: 'unknown measurement {measure:p4_99.petite}: no group p4_99 in the measurements file'
"""

from __future__ import annotations

import re
from pathlib import Path

from ..engine import Contract
from ..i18n import N_, _, grouped, language, ngettext
from .yamlio import ContentError, load_file

MEASUREMENTS_FILE = "measurements.yaml"
_REF = re.compile(r"\{measure:([^{}]*)\}")
CONTRACT_NAMES = {c.value: c for c in Contract}
_FIGURE = re.compile(r"[+-]?\d+(,\d{3})*(\.\d+)?")  # 3,000 / 0.39 / -6 (not 88% nor words)


# A group's make-up (``keep`` in the file, as bench/strategy_measure.py draws it) -> its title (None: by count only).
_MAKE_UP = {
    "enough-trumps": None, "any": None,
    "many-trumps": N_("{players} players, count {low} to {high}, at least 40% of the hand trumps"),
    "few-trumps": N_("{players} players, count {low} to {high}, at most a quarter of the hand trumps"),
}
_OPEN_BAND = 200  # a band's top at or above this: "or more" (the bench writes 999)


def signed(x: float) -> str:
    """+101, −64 (a real minus sign), 0.

    >>> signed(100.8), signed(-64.1), signed(0.2)
    ('+101', '−64', '0')
    """
    r = round(x)
    return "0" if r == 0 else f"+{r}" if r > 0 else f"−{-r}"


def percent(x: float) -> str:
    """A chance as a percentage, '24%': the same in every language, as answers compare it."""
    return f"{round(x * 100)}%"


def figure(text: str) -> str:
    """A figure a bench script stored as English text, in the learner's language: French reads "3,000" as three.

    >>> from tutor.i18n import using
    >>> with using("fr"):
    ...     [figure(x) for x in ("3,000", "0.39", "-6", "+138", "88%", "king of diamonds")]
    ['3\u202f000', '0,39', '−6', '+138', '88%', 'king of diamonds']
    >>> figure("3,000"), figure("0.39"), figure("-6")
    ('3,000', '0.39', '-6')
    """
    if language() == "en" or not _FIGURE.fullmatch(text):
        return text
    return text.replace(",", "\u202f").replace(".", ",").replace("-", "−")


def in_words(x: float) -> str:
    """A chance as a learner says it: in tenths, or one deal in N near the ends.

    >>> [in_words(x) for x in (0.004, 0.043, 0.144, 0.288, 0.5, 0.736, 0.969, 0.992, 0.999)]
    ['almost never', 'about 1 deal in 23', 'about 1 deal in 10', 'about 3 deals in 10', 'about 5 deals in 10', \
'about 7 deals in 10', 'all but about 1 deal in 32', 'all but about 1 deal in 125', 'almost every deal']
    """
    if x < 0.005:
        return _("almost never")
    if x > 0.995:
        return _("almost every deal")
    if x < 0.075:
        return _("about 1 deal in {n}").format(n=round(1 / x))
    if x >= 0.95:
        return _("all but about 1 deal in {n}").format(n=round(1 / (1 - x)))
    tenths = int(x * 10 + 0.5)  # half up: 25% is "about 3 in 10"
    return ngettext("about {n} deal in 10", "about {n} deals in 10", tenths).format(n=tenths)


class Measures:
    """The measurements file's data, and how a placeholder turns into its number."""

    def __init__(self, data: dict | None, path: str = MEASUREMENTS_FILE):
        self.data = data or {}
        self.path = path
        self.entries: dict = dict(self.data.get("entries") or {})

    def group(self, gid: str) -> dict:
        if gid not in self.entries:
            raise KeyError(f"no group {gid} in the measurements file")
        return self.entries[gid]

    def title(self, gid: str) -> str:
        """A group's title in the learner's words, built from its fields (table size, count band, make-up), so the
        data is written once and the title reads in every language. An older file without them: its ``what``.

        >>> m = Measures({"entries": {"a": {"players": 4, "band": [31, 39.99], "keep": "enough-trumps"},
        ...     "b": {"players": 5, "band": [81, 999], "keep": "enough-trumps"},
        ...     "c": {"players": 3, "band": [56, 75.99], "keep": "few-trumps"}, "d": {"what": "some hands"}}})
        >>> [m.title(g) for g in "abcd"]  # doctest: +NORMALIZE_WHITESPACE
        ['4 players, hand count 31 to 39', '5 players, hand count 81 or more',
         '3 players, count 56 to 75, at most a quarter of the hand trumps', 'some hands']
        """
        g = self.group(gid)
        players, band, keep = g.get("players"), g.get("band"), g.get("keep")
        if not players or not isinstance(band, list) or len(band) != 2 or keep not in _MAKE_UP:
            return str(g.get("what", gid))
        low, high = f"{band[0]:g}", int(band[1])
        if _MAKE_UP[keep] is not None:
            return _(_MAKE_UP[keep]).format(players=players, low=low, high=high)
        if high >= _OPEN_BAND:
            return _("{players} players, hand count {low} or more").format(players=players, low=low)
        return _("{players} players, hand count {low} to {high}").format(players=players, low=low, high=high)

    def contract(self, gid: str, name: str) -> dict:
        g = self.group(gid)
        if name not in (g.get("contracts") or {}):
            raise KeyError(f"no contract {name!r} in group {gid}: use one of {', '.join(CONTRACT_NAMES)}")
        return g["contracts"][name]

    def hand_spread(self, gid: str, name: str) -> float | None:
        """Half the 95% range of a contract's chance when the *hand* is the unit (1.96 standard errors of the
        per-hand rates), or None without per-hand lines. Deals of one hand are alike, so this is the honest
        "give or take" (wider than the deal-level Wilson interval the file stores).

        >>> m = Measures({"entries": {"g": {"samples_per_hand": 10, "contracts": {"petite": {}},
        ...     "per_hand": ["x | 41 | 6 | 2 2 0 0 | 0 0 0 0", "y | 50 | 8 | 8 8 1 0 | 0 0 0 0"]}}})
        >>> round(m.hand_spread("g", "petite"), 3)  # rates 0.2 and 0.8: sd 0.424, se 0.3
        0.588
        """
        g = self.group(gid)
        self.contract(gid, name)
        lines, samples = g.get("per_hand") or [], g.get("samples_per_hand")
        if len(lines) < 2 or not samples:
            return None
        col = list(CONTRACT_NAMES).index(name)
        # Each hand's chance (the estimator's, calibrated), or an older file's deals made out of ``samples``.
        cells = [line.split("|")[3].split()[col] for line in lines]
        rates = [float(x) if "." in x else int(x) / samples for x in cells]
        mean = sum(rates) / len(rates)
        sd = (sum((r - mean) ** 2 for r in rates) / (len(rates) - 1)) ** 0.5
        return 1.96 * sd / len(rates) ** 0.5

    def best(self, gid: str) -> str:
        """The contract with the best mean score in a group, in words, or 'pass' when none scores above 0."""
        cs = self.group(gid).get("contracts") or {}
        name = max(cs, key=lambda c: (cs[c]["expected"], -CONTRACT_NAMES[c].level))
        return name.replace("_", " ") if cs[name]["expected"] > 0 else _("pass")

    def value(self, ref: str) -> str:
        """The text for one placeholder body, e.g. ``p4_41_55.petite.interval``; KeyError when unknown."""
        if ref == "seed":
            return str(self.data.get("seed"))
        if ref.startswith("fact."):  # a figure of another bench script (handcount_scales.py, king_call.py)
            facts = self.data.get("facts") or {}
            if ref[5:] not in facts:
                raise KeyError(f"no fact {ref[5:]} in the measurements file")
            return figure(str(facts[ref[5:]]))
        parts = ref.split(".")
        gid = parts[0]
        g = self.group(gid)
        if len(parts) == 2 and parts[1] in ("deals", "hands"):
            return grouped(g[parts[1]])
        if len(parts) == 2 and parts[1] == "best":
            return self.best(gid)
        if len(parts) in (2, 3):
            c = self.contract(gid, parts[1])
            what = parts[2] if len(parts) == 3 else "chance"
            shown = {"chance": lambda: percent(c["chance"]), "words": lambda: in_words(c["chance"]),
                     "interval": lambda: f"{round(c['low'] * 100)}–{round(c['high'] * 100)}%",
                     "expected": lambda: signed(c["expected"])}
            if what in shown:
                return shown[what]()
            raise KeyError(f"{what!r} is not a measured number: use chance, words, interval or expected")
        raise KeyError("write {measure:<group>.<contract>[.words|.interval|.expected]}, {measure:<group>.deals}, "
                       "{measure:<group>.hands}, {measure:<group>.best} or {measure:seed}")

    def fill(self, text: str) -> str:
        """``text`` with every ``{measure:...}`` replaced; an unknown one raises KeyError saying why."""
        def sub(m: re.Match) -> str:
            try:
                return self.value(m.group(1))
            except KeyError as err:
                raise KeyError(f"unknown measurement {{measure:{m.group(1)}}}: {err.args[0]}") from None
        return _REF.sub(sub, text)


def load_measures(lessons_dir: str | Path) -> tuple[Measures | None, list]:
    """The measurements file next to the lessons, or None (with its problems when it cannot be read)."""
    path = Path(lessons_dir) / MEASUREMENTS_FILE
    if not path.exists():
        return None, []
    try:
        data = load_file(path)
    except ContentError as err:
        return None, list(err.problems)
    return Measures(data if isinstance(data, dict) else {}, str(path)), []


def fill_measures(raw, measures: Measures | None, skip: tuple = ()) -> list[tuple[int, str]]:
    """Replace the placeholders in every string of a loaded YAML document, in place (not under the keys ``skip``).

    Returns (line, message) for each placeholder that names no measurement (or when there is no
    measurements file at all).
    """
    out: list[tuple[int, str]] = []

    def one(text: str, line: int) -> str:
        if "{measure:" not in text:
            return text
        block = "\n" in text.rstrip("\n")  # a block (|) starts on the line after its key

        def where(m: re.Match) -> int:
            return line + 1 + text[:m.start()].count("\n") if block else line

        if measures is None:
            first = _REF.search(text)
            out.append((where(first) if first else line,
                        f"{{measure:...}} needs the measurements file {MEASUREMENTS_FILE} next to the lessons "
                        "(python bench/strategy_measure.py writes it)"))
            return text
        bad = False
        for m in _REF.finditer(text):
            try:
                measures.value(m.group(1))
            except KeyError as err:
                out.append((where(m), f"unknown measurement {{measure:{m.group(1)}}}: {err.args[0]}"))
                bad = True
        return text if bad else measures.fill(text)

    def walk(node) -> None:
        if isinstance(node, dict):
            lines = getattr(node, "lines", {})
            for k, v in node.items():
                if k in skip:
                    continue
                line = lines.get(k, getattr(node, "line", 0))
                if isinstance(v, str):
                    node[k] = one(v, line)
                else:
                    walk(v)
        elif isinstance(node, list):
            lines = getattr(node, "lines", [])
            for i, v in enumerate(node):
                line = lines[i] if i < len(lines) else getattr(node, "line", 0)
                if isinstance(v, str):
                    node[i] = one(v, line)
                else:
                    walk(v)

    walk(raw)
    return out


__all__ = ["MEASUREMENTS_FILE", "Measures", "figure", "fill_measures", "in_words", "load_measures"]
