"""A club game: named players and the deals written on the sheet, scored by the engine.

A ``Game`` is an immutable value: ``add``, ``edit`` and ``delete`` return a new game and leave the
old one as it was, so a bad entry never leaves a sheet half-changed. ``game.sheet()`` scores every
deal with ``score_deal`` and adds up the running totals, so an edit recomputes every row after it.
Deals are numbered from 1, as on the paper sheet.

>>> g = Game.new(["Ann", "Bob", "Cleo", "Dan"])
>>> g = g.add(taker="Ann", contract="garde", points=49, oudlers=2, petit_au_bout="attack", poignees="simple")
>>> g = g.add(taker="Bob", contract="petite", points=40, oudlers=1)
>>> s = g.sheet()
>>> s.rows[0].scores, s.rows[1].scores
((318, -106, -106, -106), (36, -108, 36, 36))
>>> s.totals, s.unbalanced()
((354, -214, -70, -70), [])
>>> g.edit(1, points=41).sheet().totals  # deal 1 juste fait: every row after it changes
(306, -198, -54, -54)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..engine import DealScore, TarotError
from ..i18n import _, ngettext
from ..names import hidden, lookalike_key
from .entry import FIELDS, FRENCH_HEADERS, DealEntry, EntryError, fold, make_entry, score_entry

MAX_NAME = 40


class GameError(TarotError):
    """A game that cannot be: wrong player count, duplicate names, no such deal."""


@dataclass(frozen=True)
class Row:
    """One deal on the sheet: the entry, the engine's breakdown, each player's score and the totals so far."""

    number: int
    entry: DealEntry
    score: DealScore
    scores: tuple[int, ...]  # in the game's player order
    totals: tuple[int, ...]  # running totals after this deal

    @property
    def balanced(self) -> bool:
        """Every row of a tarot sheet sums to zero."""
        return sum(self.scores) == 0


@dataclass(frozen=True)
class Sheet:
    """The scored sheet: rows, final totals, and the zero-sum check."""

    players: tuple[str, ...]
    rows: tuple[Row, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rows[-1].totals if self.rows else (0,) * len(self.players)

    def unbalanced(self) -> list[int]:
        """Numbers of the rows that do not sum to zero (always empty for a sheet the engine scored)."""
        return [r.number for r in self.rows if not r.balanced]

    def to_dict(self) -> dict:
        return {"players": list(self.players), "totals": dict(zip(self.players, self.totals)),
                "balanced": not self.unbalanced(),
                "deals": [{"number": r.number, **r.entry.to_row(),
                           "scores": dict(zip(self.players, r.scores)),
                           "totals": dict(zip(self.players, r.totals)),
                           "breakdown": [s.text for s in r.score.steps]} for r in self.rows]}


def check_players(names: Iterable[str], *, stored: bool = False) -> tuple[str, ...]:
    """3, 4 or 5 distinct names, each one ``check_name`` accepts, trimmed."""
    players = tuple(str(n).strip() for n in names)
    if len(players) not in (3, 4, 5):
        raise GameError(_("a game has 3, 4 or 5 players, not {n}").format(n=len(players)))
    seen: set[str] = set()
    for name in players:
        check_name(name, stored=stored)
        if lookalike_key(name) in seen:  # in any case, or looking the same (a Cyrillic а for an a)
            raise GameError(_("two players are called {name!r}: give them different names").format(name=name))
        seen.add(lookalike_key(name))
    return players


def check_name(name: str, *, stored: bool = False) -> None:
    """A player's name (trimmed): non-empty, one line, not too long, and not a column of the sheet's CSV,
    English or French (or the CSV could not give the game back). ``stored``: a name read back from the
    database, checked when it was written; a French column name, refused only since, is let through."""
    if not name:
        raise GameError(_("a player's name cannot be empty"))
    if len(name) > MAX_NAME:
        raise GameError(_("a player's name has at most {n} characters: {name!r}…").format(n=MAX_NAME, name=name[:20]))
    if any(not c.isprintable() or hidden(c) for c in name):
        raise GameError(_("a player's name is one line of plain text, not {name!r}").format(name=name))
    if name.startswith("#"):
        raise GameError(_("a player's name cannot start with # (it starts a comment line in the CSV): {name!r}").format(
            name=name))
    if name.casefold() in FIELDS or (not stored and fold(name) in FRENCH_HEADERS):
        raise GameError(_("a player cannot be called {name!r}: it is a column of the sheet").format(name=name))


@dataclass(frozen=True)
class Game:
    """3, 4 or 5 named players (in seat order) and the deals played, oldest first."""

    players: tuple[str, ...]
    deals: tuple[DealEntry, ...] = ()

    @classmethod
    def new(cls, players: Iterable[str]) -> Game:
        return cls(check_players(players))

    def entry(self, fields: Mapping | None = None, **more) -> DealEntry:
        """A checked entry for this game (EntryError naming every bad field)."""
        return make_entry(self.players, {**(fields or {}), **more})

    def add(self, fields: Mapping | DealEntry | None = None, **more) -> Game:
        """A new game with one more deal at the end."""
        return Game(self.players, (*self.deals, self._checked(fields, more)))

    def edit(self, number: int, fields: Mapping | None = None, **changes) -> Game:
        """A new game where deal ``number`` has some fields changed; the others are kept."""
        old = self.deals[self._index(number)].to_row()
        return self.replace(number, {**old, **(fields or {}), **changes})

    def replace(self, number: int, fields: Mapping | DealEntry) -> Game:
        """A new game where deal ``number`` is replaced by a whole new entry."""
        i = self._index(number)
        entry = self._checked(fields, {})
        return Game(self.players, (*self.deals[:i], entry, *self.deals[i + 1:]))

    def delete(self, number: int) -> Game:
        """A new game without deal ``number``; later deals move up one."""
        i = self._index(number)
        return Game(self.players, self.deals[:i] + self.deals[i + 1:])

    def sheet(self) -> Sheet:
        n = len(self.players)
        totals = [0] * n
        rows = []
        for number, entry in enumerate(self.deals, 1):
            score = score_entry(n, entry)
            scores = tuple(player_scores(self.players, entry, score))
            totals = [t + s for t, s in zip(totals, scores)]
            rows.append(Row(number, entry, score, scores, tuple(totals)))
        return Sheet(self.players, tuple(rows))

    # For a store (and the CSV): plain data out, checked data back in.
    def to_rows(self) -> list[dict]:
        return [e.to_row() for e in self.deals]

    @classmethod
    def from_rows(cls, players: Sequence[str], rows: Iterable[Mapping]) -> Game:
        """A game from ``to_rows`` data; a bad row raises EntryError prefixed with its deal number."""
        game = cls(check_players(players, stored=True))
        deals = []
        for number, row in enumerate(rows, 1):
            try:
                deals.append(make_entry(game.players, row))
            except EntryError as err:
                where = _("deal {n}").format(n=number)  # named in words by field_words, before its ": "
                raise EntryError([(f"{where}: {f}", m) for f, m in err.problems]) from None
        return cls(game.players, tuple(deals))

    def to_dict(self) -> dict:
        return {"players": list(self.players), "deals": self.to_rows()}

    @classmethod
    def from_dict(cls, data: Mapping) -> Game:
        return cls.from_rows(data.get("players", ()), data.get("deals", ()))

    def _index(self, number: int) -> int:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.deals):
            raise GameError(ngettext("no deal {number!r}: the sheet has {n} deal, numbered from 1",
                                     "no deal {number!r}: the sheet has {n} deals, numbered from 1",
                                     len(self.deals)).format(number=number, n=len(self.deals)))
        return number - 1

    def _checked(self, fields, more) -> DealEntry:
        if isinstance(fields, DealEntry):
            fields = fields.to_row()
        return make_entry(self.players, {**(fields or {}), **more})


def player_scores(players: Sequence[str], entry: DealEntry, score: DealScore) -> list[int]:
    """Each player's score for one deal: the taker's share, the partner's, or a defender's."""
    def one(name: str) -> int:
        if name == entry.taker:
            return score.taker
        if name == entry.partner and score.partner is not None:
            return score.partner
        return score.defender
    return [one(p) for p in players]
