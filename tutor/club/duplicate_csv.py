"""A duplicate tournament's results as CSV: ``deal,table,N,E,S,W,taker,score``, one étui at one table a row.

- ``deal`` and ``table``: the étui's and the table's numbers (1, 2, ...);
- ``N``, ``E``, ``S``, ``W``: the players' names at that table, by orientation;
- ``taker``: the taker's orientation (``N``, ``E``, ``S``, ``W``, or Nord, Est, Sud, Ouest, North, ...);
- ``score``: the marque per defender as written on the fiche ambulante, + the taker made it, - failed.

Headers are case-insensitive and in any order; other columns are ignored (the app's export adds each
row's notes, and reads back). Blank lines and lines starting with ``#`` are skipped; a ``;``-separated
file (French spreadsheets) is read too. The first bad line stops the reading with one message.

>>> text = "deal,table,N,E,S,W,taker,score\\n1,1,Ann,Bob,Cleo,Dan,N,56\\n1,2,Eve,Fay,Gus,Hal,N,-52\\n"
>>> rs = from_csv(text)
>>> [(r.deal, r.table, r.taker_name, r.score) for r in rs]
[(1, 1, 'Ann', 56), (1, 2, 'Eve', -52)]
>>> from_csv(text.replace("-52", "lots"))
Traceback (most recent call last):
...
tutor.club.duplicate.DuplicateError: line 3: the score 'lots' is not a whole number (the marque per defender, \
e.g. 56 or -52)
"""

from __future__ import annotations

import csv
import io

from ..csvsafe import guard, unguard
from ..i18n import N_, _, grouped, language
from ..limits import MAX_CSV_CELL, MAX_DUPLICATE_SCORE, MAX_NAME_CHARS, MAX_SEED, MAX_SHEET_BYTES, parse_int, shorten
from ..names import hidden
from .csvio import _rows
from .duplicate import FRENCH_NAMES, ORIENTATIONS, DuplicateError, Ranking, Result, check_results, pct
from .entry import fold

COLUMNS = ("deal", "table", "N", "E", "S", "W", "taker", "score")
# What may name an orientation, in a cell or a header (compared by ``fold``).
ORIENTATION_WORDS = {**{o.lower(): o for o in ORIENTATIONS}, "north": "N", "nord": "N", "east": "E", "est": "E",
                     "south": "S", "sud": "S", "west": "W", "ouest": "W", "o": "W"}
HEADER_WORDS = {"deal": "deal", "donne": "deal", "etui": "deal", "table": "table", "taker": "taker",
                "preneur": "taker", "score": "score", "marque": "score",
                **{k: v for k, v in ORIENTATION_WORDS.items() if k != "o"}}
MAX_NUMBER = 10_000  # an étui's or a table's number


def orientation(text: str) -> str | None:
    """``N``, ``E``, ``S`` or ``W`` for what a scorer may write, else None.

    >>> orientation("nord"), orientation(" w "), orientation("Ouest"), orientation("X")
    ('N', 'W', 'W', None)
    """
    return ORIENTATION_WORDS.get(fold(text))


def column_name(column: str) -> str:
    """A column as the messages name it: its English header, or its French one in French (``Ouest``)."""
    return column if language() == "en" else dict(zip(COLUMNS, FRENCH_COLUMNS))[column]


def _number(text: str, message: str, line: int) -> int:
    """``message``: the refusal, an ``N_`` id with ``{value!r}`` and ``{most}``."""
    n = parse_int(text, 1, MAX_NUMBER)
    if n is None:
        raise DuplicateError(_(message).format(value=shorten(text.strip(), 20), most=grouped(MAX_NUMBER)), line)
    return n


def _score(text: str, line: int) -> int:
    s = text.strip()
    n = parse_int(s[1:] if s.startswith("+") and s[1:2] != "-" else s, -MAX_DUPLICATE_SCORE, MAX_DUPLICATE_SCORE)
    if n is None:
        if parse_int(s.lstrip("+"), -MAX_SEED, MAX_SEED) is not None:
            raise DuplicateError(_("the score {score} is beyond the {most} a deal can score").format(
                score=s, most=grouped(MAX_DUPLICATE_SCORE)), line)
        raise DuplicateError(_("the score {score!r} is not a whole number (the marque per defender, e.g. 56 or -52)")
                             .format(score=shorten(s, 20)), line)
    return n


def _name(text: str, column: str, line: int) -> str:
    name = " ".join(text.split())
    if not name:
        raise DuplicateError(_("the {column} player's name is empty").format(column=column_name(column)), line)
    if len(name) > MAX_NAME_CHARS:
        raise DuplicateError(_("the {column} player's name is longer than {n} characters").format(
            column=column_name(column), n=MAX_NAME_CHARS), line)
    if any(hidden(c) for c in name):
        raise DuplicateError(_("the {column} player's name holds invisible or formatting characters").format(
            column=column_name(column)), line)
    return name


def _header(cells: list[str], line: int) -> dict[str, int]:
    where: dict[str, int] = {}
    for i, cell in enumerate(cells):
        col = HEADER_WORDS.get(fold(cell))
        if col is None:
            continue  # another column: ignored
        if col in where:
            raise DuplicateError(_("the header has two {column!r} columns").format(column=column_name(col)), line)
        where[col] = i
    missing = [c for c in COLUMNS if c not in where]
    if missing:
        raise DuplicateError(_("the header has no {missing} column (it needs {columns})").format(
            missing=", ".join(map(column_name, missing)), columns=_header_line()), line)
    return where


def from_csv(text: str) -> tuple[Result, ...]:
    """The results in ``text``, checked (``duplicate.check_results``); the first problem raises DuplicateError."""
    if len(text) > MAX_SHEET_BYTES:
        raise DuplicateError(_("the results are larger than the {n} KB allowed").format(
            n=grouped(MAX_SHEET_BYTES // 1024)))
    text = text.removeprefix("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if ";" in first and "," not in first else ","
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)
    where: dict[str, int] | None = None
    results = []
    for line, cells in _rows(reader):
        if cells is None:
            raise DuplicateError(_("a cell has more than the {n} characters allowed").format(n=grouped(MAX_CSV_CELL)),
                                 line)
        if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        cells = [unguard(c) for c in cells]
        if where is None:
            where = _header(cells, line)
            continue
        if len(cells) <= max(where.values()):
            raise DuplicateError(_("{n} cells but the {column!r} column is column {number}").format(
                n=len(cells), column=column_name(COLUMNS[-1]), number=max(where.values()) + 1), line)
        cell = {c: cells[i] for c, i in where.items()}
        taker = orientation(cell["taker"])
        if taker is None:
            raise DuplicateError(_("the taker {value!r} is not an orientation (N, E, S or W)").format(
                value=shorten(cell["taker"].strip(), 20)), line)
        seats = tuple(_name(cell[o], o, line) for o in ORIENTATIONS)
        results.append(Result(_number(cell["deal"], N_("the deal {value!r} is not a number from 1 to {most}"), line),
                              _number(cell["table"], N_("the table {value!r} is not a number from 1 to {most}"), line),
                              seats, taker, _score(cell["score"], line), line))
    if where is None:
        raise DuplicateError(_("no results: the first row must be the header {columns}").format(
            columns=_header_line()), 1)
    return check_results(results)


FRENCH_COLUMNS = ("donne", "table", "Nord", "Est", "Sud", "Ouest", "preneur", "marque")


def _header_line() -> str:
    """The header a message asks for: the English one, or the French export's in French (both are read)."""
    return ",".join(COLUMNS) if language() == "en" else ";".join(FRENCH_COLUMNS)


def to_csv(results, ranking: Ranking | None = None, *, french: bool = False) -> str:
    """The results as CSV (``from_csv`` reads it back); with ``ranking``, each row's notes too. ``french``: French
    headers and orientations, ``;`` between columns, decimal commas and a byte-order mark (French Excel).

    >>> rs = from_csv("deal,table,N,E,S,W,taker,score\\n1,1,Ann,Bob,Cleo,Dan,W,56\\n")
    >>> print(to_csv(rs, french=True), end="")
    \ufeffdonne;table;Nord;Est;Sud;Ouest;preneur;marque
    1;1;Ann;Bob;Cleo;Dan;Ouest;56
    >>> from_csv(to_csv(rs, french=True)) == rs
    True
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=";" if french else ",")
    notes = {}
    if ranking is not None:
        notes = {(n.result.deal, n.result.table): n for ns in ranking.notes.values() for n in ns}
    extra = (("note_preneur", "note_defense") if french else ("taker_pct", "defence_pct")) if ranking else ()
    writer.writerow([*(FRENCH_COLUMNS if french else COLUMNS), *extra])
    for r in sorted(results, key=lambda r: (r.deal, r.table)):
        row = [r.deal, r.table, *r.seats, FRENCH_NAMES[r.taker] if french else r.taker, r.score]
        if ranking is not None:
            n = notes[r.deal, r.table]
            row += [_decimal(pct(n.taker_note), french), _decimal(pct(n.defence_note), french)]
        writer.writerow([guard(c) for c in row])
    return ("\ufeff" if french else "") + out.getvalue()


def _decimal(value: float | None, french: bool):
    return str(value).replace(".", ",") if french and value is not None else value
