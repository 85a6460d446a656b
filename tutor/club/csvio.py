"""The score sheet as CSV: one header row, then one deal per row.

Columns (any order; names are case-insensitive):

- ``taker``, ``contract``, ``points``, ``oudlers``: required for every deal;
- ``partner``, ``petit_au_bout``, ``poignees``, ``chelem``, ``alone``: optional (empty: none);
- French headers are read too: ``preneur``, ``partenaire`` (or ``appelé``), ``contrat``, ``points``,
  ``bouts``, ``petit au bout``, ``poignées``, ``chelem``, ``seul`` (accents, case and ``_`` or spaces
  do not matter), with French values (``garde sans``, ``oui``/``non``, ``défense``, ``annoncé réussi``);
- every other column is a player, in seat order: 3, 4 or 5 of them. A player's cell is that
  player's score for the deal. Export fills it in; on import it may be left empty, and when it is
  filled it must match the engine's score, so a sheet copied from paper is checked line by line.

Blank lines and lines starting with ``#`` are skipped. UTF-8 (a spreadsheet's byte-order mark is
fine); a header with ``;`` and no ``,`` is read as semicolon-separated (French spreadsheets).

>>> from tutor.club import Game
>>> g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Bob", contract="garde", points=56, oudlers=1)
>>> print(to_csv(g), end="")
taker,partner,contract,points,oudlers,petit_au_bout,poignees,chelem,alone,Ann,Bob,Cleo
Bob,,garde,56,1,,,,,-60,120,-60
>>> from_csv(to_csv(g)) == g
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from ..csvsafe import guard, unguard
from ..engine import TarotError
from ..limits import MAX_CSV_CELL, MAX_SHEET_BYTES
from .entry import FIELDS, REQUIRED, EntryError, field_words, fold, make_entry, score_entry
from .game import Game, GameError, check_players, player_scores

# The headers a French club writes, read as the sheet's fields (compared without accents, case or
# spaces/underscores: "Petit au bout", "petit_au_bout" and "PETIT AU BOUT" are one column).
FRENCH_HEADERS = {"preneur": "taker", "partenaire": "partner", "appele": "partner", "contrat": "contract",
                  "bouts": "oudlers", "petit au bout": "petit_au_bout", "poignee": "poignees",
                  "poignees": "poignees", "seul": "alone"}
HEADERS = {**{fold(f): f for f in FIELDS}, **FRENCH_HEADERS}


def column_field(name: str) -> str | None:
    """The field a header names (English or French), or None for a player's column.

    >>> column_field("Poignées"), column_field("PETIT AU BOUT"), column_field("preneur"), column_field("Chloé")
    ('poignees', 'petit_au_bout', 'taker', None)
    """
    return HEADERS.get(fold(name))


class CsvError(TarotError):
    """Problems in a CSV sheet: ``problems`` is a list of (line number, message), every one reported."""

    def __init__(self, problems: Iterable[tuple[int, str]], source: str = "<csv>"):
        self.problems = list(problems)
        self.source = source
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        """``file:line: message``, one per problem, like ``tarot-tutor check``."""
        return [f"{self.source}:{line}: {msg}" for line, msg in self.problems]


def _cell(value) -> str:
    if value is None or value is False:
        return ""
    if value is True:
        return "yes"
    if isinstance(value, list | tuple):
        return " ".join(map(str, value))
    return str(value)


def to_csv(game: Game) -> str:
    """The game as CSV text (with each player's score per deal)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([guard(c) for c in (*FIELDS, *game.players)])
    for row in game.sheet().rows:
        data = row.entry.to_row()
        writer.writerow([guard(c) for c in (*(_cell(data[f]) for f in FIELDS), *row.scores)])
    return out.getvalue()


def from_csv(text: str, source: str = "<csv>") -> Game:
    """Read a CSV sheet; raise CsvError listing every bad line (nothing is half-read).

    Any line ends (``\\n``, ``\\r\\n``, an old Mac's ``\\r``); a cell guarded against formula
    injection (``'=x``) reads as the text without its quote.
    """
    if len(text) > MAX_SHEET_BYTES:
        raise CsvError([(0, f"the sheet is larger than the {MAX_SHEET_BYTES // 1024:,} KB allowed")], source)
    text = text.removeprefix("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if ";" in first and "," not in first else ","
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)  # newline=None: any line end
    header: list[str] | None = None
    problems: list[tuple[int, str]] = []
    players: tuple[str, ...] = ()
    deals = []
    for line, cells in _rows(reader):
        if cells is None:
            problems.append((line, f"a cell has more than the {MAX_CSV_CELL:,} characters allowed"))
            continue
        if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        cells = [unguard(c) for c in cells]
        if header is None:
            header = [c.strip() for c in cells]
            try:
                players = _read_header(header)
            except TarotError as err:
                raise CsvError([(line, str(err))], source) from None
            continue
        if len(cells) > len(header):
            problems.append((line, f"{len(cells)} cells but the header has {len(header)} columns"))
            continue
        row = dict(zip(header, cells))
        fields = {f: row.get(name, "") for name in header if (f := column_field(name))}
        try:
            entry = make_entry(players, fields)
        except EntryError as err:
            problems.extend((line, text) for text in err.lines())  # each field in words
            continue
        written = {p: row.get(p, "").strip() for p in players}
        scores = player_scores(players, entry, score_entry(len(players), entry))
        for name, score in zip(players, scores):
            if written[name] and written[name].replace("+", "", 1) != str(score):
                problems.append((line, f"{name}: the sheet says {written[name]} but this deal scores {score:+d}"))
        deals.append(entry)
    if header is None and problems:
        raise CsvError(problems, source)
    if header is None:
        raise CsvError([(1, "empty sheet: the first row must be the header "
                           f"({','.join(FIELDS)},<player 1>,<player 2>,...)")], source)
    if problems:
        raise CsvError(problems, source)
    return Game(players, tuple(deals))


def _rows(reader):
    """(line, cells) per row; cells is None for a row with an over-long cell (the csv module raises
    on one over 131,072 characters, and stops reading: the rest of the sheet is left unread)."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:
            yield reader.line_num, None
            return
        yield reader.line_num, (None if any(len(c) > MAX_CSV_CELL for c in cells) else cells)


def _read_header(header: list[str]) -> tuple[str, ...]:
    named = [column_field(h) for h in header]
    for name in FIELDS:  # duplicate players are named by check_players below
        if named.count(name) > 1:
            both = " and ".join(repr(h) for h, f in zip(header, named) if f == name)
            raise TarotError(f"the header has two {field_words(name)!r} columns ({both})")
    missing = [f for f in REQUIRED if f not in named]
    if missing:
        raise TarotError(f"the header has no {', '.join(missing)} column: it needs "
                         f"{', '.join(REQUIRED)} (or preneur, contrat, points, bouts) and one column per player")
    if "" in header:
        raise TarotError("the header has an empty column name")
    try:
        return check_players(h for h, f in zip(header, named) if f is None)
    except GameError as err:
        raise TarotError(f"the player columns: {err}") from None
