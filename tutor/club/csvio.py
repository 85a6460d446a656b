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

Blank lines and lines starting with ``#`` are skipped, except two the export writes before the header
so that an import gives the game back whole: ``# game,<name>`` and ``# first dealer,<player>`` (in
French ``# partie`` and ``# premier donneur``). UTF-8 (a spreadsheet's byte-order mark is fine); the
header is read as semicolon-separated when it names more columns so (French spreadsheets).

``to_csv(game, french=True)`` writes the French export: French headers and words (``Preneur``,
``Garde sans le chien``, ``oui``, ``défense``), decimal commas, ``;`` between cells and a UTF-8
byte-order mark, so French Excel opens it in columns with "Ève" intact. Both exports guard every
cell against formula injection (``tutor.csvsafe``) and read back as the same game.

>>> from tutor.club import Game
>>> g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Bob", contract="garde", points=56, oudlers=1)
>>> print(to_csv(g), end="")
taker,partner,contract,points,oudlers,petit_au_bout,poignees,chelem,alone,Ann,Bob,Cleo
Bob,,garde,56,1,,,,,-60,120,-60
>>> from_csv(to_csv(g)) == g
True
>>> french = to_csv(g, "Friday", first_dealer=2, french=True)
>>> french.startswith("\\ufeff")  # the byte-order mark
True
>>> print(french[1:], end="")
# partie;Friday
# premier donneur;Cleo
Preneur;Partenaire;Contrat;Points;Bouts;Petit au bout;Poignées;Chelem;Seul;Ann;Bob;Cleo
Bob;;Garde;56;1;;;;;-60;120;-60
>>> read_csv(french)[1:]
('Friday', 2)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import NamedTuple

from ..csvsafe import guard, unguard
from ..engine import TarotError
from ..i18n import _, grouped
from ..limits import MAX_CSV_CELL, MAX_SHEET_BYTES
from .entry import (
    FIELDS,
    FRENCH_HEADERS,
    REQUIRED,
    DealEntry,
    EntryError,
    field_words,
    find_player,
    fold,
    make_entry,
    score_entry,
)
from .game import Game, GameError, check_players, player_scores

HEADERS = {**{fold(f): f for f in FIELDS}, **FRENCH_HEADERS}
# The French export's words: each reads back through the tables of ``tutor.club.entry`` (a test checks it);
# contracts are the engine's own French names (``Contract.french``).
FRENCH_COLUMNS = {"taker": "Preneur", "partner": "Partenaire", "contract": "Contrat", "points": "Points",
                  "oudlers": "Bouts", "petit_au_bout": "Petit au bout", "poignees": "Poignées", "chelem": "Chelem",
                  "alone": "Seul"}
FRENCH_SIDES = {"attack": "attaque", "defence": "défense"}
FRENCH_CHELEMS = {"announced_made": "annoncé réussi", "made": "non annoncé réussi",
                  "announced_failed": "annoncé chuté", "defence": "défense"}
# The lines before the header that keep the game's name and its first dealer: (English, French) labels.
META = {"name": ("# game", "# partie"), "first_dealer": ("# first dealer", "# premier donneur")}
META_FIELDS = {fold(label.lstrip("#")): field for field, labels in META.items() for label in labels}


class SheetFile(NamedTuple):
    """A sheet read from CSV: the game, and its name and first dealer (seat from 0) when the file says them."""

    game: Game
    name: str | None = None
    first_dealer: int | None = None


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


def _french_cells(entry: DealEntry) -> list[str]:
    """One deal in the French export's words, in the order of ``FIELDS``."""
    return [entry.taker, entry.partner or "", entry.contract.french.capitalize(), f"{entry.points:g}".replace(".", ","),
            str(entry.oudlers), FRENCH_SIDES.get(entry.petit_au_bout, ""), " ".join(entry.poignees),
            FRENCH_CHELEMS.get(entry.chelem, ""), "oui" if entry.alone else ""]


def to_csv(game: Game, name: str | None = None, first_dealer: int | None = None, *, french: bool = False) -> str:
    """The game as CSV text (with each player's score per deal); ``name`` and ``first_dealer`` (a seat from 0)
    are written on lines of their own before the header when given. ``french``: the French export."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=";" if french else ",")
    if name is not None:
        writer.writerow([META["name"][french], guard(name)])
    if first_dealer is not None:
        writer.writerow([META["first_dealer"][french], guard(game.players[first_dealer % len(game.players)])])
    columns = [FRENCH_COLUMNS[f] for f in FIELDS] if french else FIELDS
    writer.writerow([guard(c) for c in (*columns, *game.players)])
    for row in game.sheet().rows:
        data = row.entry.to_row()
        cells = _french_cells(row.entry) if french else [_cell(data[f]) for f in FIELDS]
        writer.writerow([guard(c) for c in (*cells, *row.scores)])
    return ("\ufeff" if french else "") + out.getvalue()  # the mark tells French Excel the file is UTF-8


def from_csv(text: str, source: str = "<csv>") -> Game:
    """The game of a CSV sheet (``read_csv``)."""
    return read_csv(text, source).game


def _delimiter(first: str) -> str:
    """``;`` when the header line names more of the sheet's columns split by ``;`` than by ``,``."""
    def known(delimiter: str) -> int:
        try:
            cells = next(csv.reader([first], delimiter=delimiter), [])
        except csv.Error:  # a cell past the csv module's own limit: reading the rows says so (``_rows``)
            return 0
        return sum(column_field(unguard(c.strip())) is not None for c in cells)
    return ";" if known(";") > known(",") else ","


def read_csv(text: str, source: str = "<csv>") -> SheetFile:
    """Read a CSV sheet; raise CsvError listing every bad line (nothing is half-read).

    Any line ends (``\\n``, ``\\r\\n``, an old Mac's ``\\r``); a cell guarded against formula
    injection (``'=x``) reads as the text without its quote.
    """
    if len(text) > MAX_SHEET_BYTES:
        raise CsvError([(0, _("the sheet is larger than the {n} KB allowed").format(
            n=grouped(MAX_SHEET_BYTES // 1024)))], source)
    text = text.removeprefix("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = _delimiter(first)
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)  # newline=None: any line end
    header: list[str] | None = None
    problems: list[tuple[int, str]] = []
    players: tuple[str, ...] = ()
    deals = []
    meta: dict[str, tuple[int, str]] = {}  # field: (line, value)
    for line, cells in _rows(reader):
        if cells is None:
            too_long = _("a cell has more than the {n} characters allowed").format(n=grouped(MAX_CSV_CELL))
            problems.append((line, too_long))
            continue
        if cells and cells[0].lstrip().startswith("#"):
            field = META_FIELDS.get(fold(cells[0].lstrip().lstrip("#")))
            if field and len(cells) > 1 and unguard(cells[1]).strip():
                meta[field] = (line, unguard(cells[1]).strip())
            continue
        if not any(c.strip() for c in cells):
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
            problems.append((line, _("{n} cells but the header has {columns} columns").format(n=len(cells),
                                                                                               columns=len(header))))
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
                problems.append((line, _("{name}: the sheet says {written} but this deal scores {score}").format(
                    name=name, written=written[name], score=f"{score:+d}")))
        deals.append(entry)
    if header is None and problems:
        raise CsvError(problems, source)
    if header is None:
        raise CsvError([(1, _("empty sheet: the first row must be the header ({columns})").format(
            columns=f"{','.join(FIELDS)},<player 1>,<player 2>,..."))], source)
    first_dealer = None
    if "first_dealer" in meta:
        line, who = meta["first_dealer"]
        try:
            first_dealer = players.index(find_player(players, who))
        except TarotError as err:
            problems.append((line, _("first dealer: {problem}").format(problem=err)))
    if problems:
        raise CsvError(sorted(problems, key=lambda p: p[0]), source)
    return SheetFile(Game(players, tuple(deals)), meta.get("name", (0, None))[1], first_dealer)


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
            both = _(" and ").join(repr(h) for h, f in zip(header, named) if f == name)
            raise TarotError(_("the header has two {name!r} columns ({both})").format(name=field_words(name),
                                                                                       both=both))
    missing = [f for f in REQUIRED if f not in named]
    if missing:
        raise TarotError(_("the header has no {missing} column: it needs {required} (or preneur, contrat, points, "
                           "bouts) and one column per player").format(missing=", ".join(missing),
                                                                      required=", ".join(REQUIRED)))
    if "" in header:
        raise TarotError(_("the header has an empty column name"))
    try:
        return check_players(h for h, f in zip(header, named) if f is None)
    except GameError as err:
        raise TarotError(_("the player columns: {problem}").format(problem=err)) from None
