"""A season: each player's record across saved games, the league table, and renaming a player.

Players are matched across games by name, case and spacing aside ("Ann" and "ann " are one player,
shown as first written). Every number comes from the engine's scores of each game's sheet. A game with
no deal yet is left out: nobody has played it.

>>> from tutor.club import Game
>>> friday = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
>>> friday = friday.add(taker="Bob", contract="petite", points=40, oudlers=1)
>>> monday = Game.new(["ann", "Bob", "Dan"]).add(taker="Dan", contract="petite", points=60, oudlers=1)
>>> for p in league([friday, monday]):
...     print(p.rank, p.name, p.games, p.deals, p.taker, p.won, p.success_rate, p.total)
1 Ann 2 3 1 1 1.0 162
2 Dan 1 1 1 1 1.0 68
3 Cleo 1 2 0 0 None -44
4 Bob 2 3 1 0 0.0 -186
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date

from ..i18n import _
from .game import Game, GameError, check_name, check_players


@dataclass(frozen=True)
class PlayerSeason:
    """One player's record over the chosen games. ``total`` adds up their final totals."""

    name: str
    games: int
    deals: int  # deals played at the table
    taker: int  # deals they took
    won: int  # contracts they won as taker
    partner: int  # 5 players: deals they were the called partner
    total: int
    rank: int = 0  # in the league table, tied players share a rank

    @property
    def success_rate(self) -> float | None:
        """Contracts won as taker, out of those taken (None when they never took)."""
        return self.won / self.taker if self.taker else None

    @property
    def per_deal(self) -> float:
        """Points per deal played (0 before any deal)."""
        return self.total / self.deals if self.deals else 0.0


def player_key(name: str) -> str:
    """What two spellings of one player share: spacing and case aside ("Ann" and " ann")."""
    return " ".join(name.split()).casefold()


def season(games: Iterable[Game]) -> tuple[PlayerSeason, ...]:
    """Each player's record across ``games``, in the order they first appear (games with no deal left out)."""
    records: dict[str, dict] = {}
    for game in games:
        if not game.deals:  # an empty game was not played: it counts in nobody's "Games"
            continue
        sheet = game.sheet()
        for player, total in zip(game.players, sheet.totals):
            rec = records.setdefault(player_key(player), {"name": player, "games": 0, "deals": 0, "taker": 0, "won": 0,
                                                    "partner": 0, "total": 0})
            rec["games"] += 1
            rec["deals"] += len(sheet.rows)
            rec["total"] += total
        for row in sheet.rows:
            taker = records[player_key(row.entry.taker)]
            taker["taker"] += 1
            taker["won"] += row.score.won
            if row.entry.partner:
                records[player_key(row.entry.partner)]["partner"] += 1
    return tuple(PlayerSeason(**rec) for rec in records.values())


def league(games: Iterable[Game]) -> tuple[PlayerSeason, ...]:
    """The league table: the highest total first (ties by points per deal, then name), with ranks.

    Tied totals share a rank, as in a sports table (1, 2, 2, 4).
    """
    table = sorted(season(games), key=lambda p: (-p.total, -p.per_deal, p.name.casefold()))
    ranked: list[PlayerSeason] = []
    for i, p in enumerate(table):
        rank = ranked[-1].rank if ranked and ranked[-1].total == p.total else i + 1
        ranked.append(PlayerSeason(**{**p.__dict__, "rank": rank}))
    return tuple(ranked)


def check_new_name(name: str) -> str:
    """A new name for a player, its spaces tidied. The rest is the rule every name follows
    (``check_players``); like any name, it is shown as typed and escaped wherever it appears.

    >>> check_new_name("  Zoé   Martin ")
    'Zoé Martin'
    """
    return " ".join(str(name).split())


def rename_player(game: Game, old: str, new: str) -> Game:
    """The game with player ``old`` called ``new`` everywhere: the seat and every deal they took or partnered.

    Refused (GameError) for an unknown player, a name ``check_players`` refuses for a new game (empty,
    over-long, two lines, a CSV column), or a name another player of this game already has.

    >>> g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
    >>> g2 = rename_player(g, "ann", "Anne")
    >>> g2.players, g2.deals[0].taker, g2.sheet().totals == g.sheet().totals
    (('Anne', 'Bob', 'Cleo'), 'Anne', True)
    >>> rename_player(g, "Ann", "bob")
    Traceback (most recent call last):
    ...
    tutor.club.game.GameError: 'Bob' already plays in this game: choose a name no other player has
    """
    matches = [p for p in game.players if player_key(p) == player_key(str(old))]
    if not matches:
        raise GameError(_("no player called {name!r} in this game (players: {players})").format(
            name=str(old)[:40], players=", ".join(game.players)))
    old, new = matches[0], check_new_name(new)
    taken = [p for p in game.players if p != old and player_key(p) == player_key(new)]
    if taken:
        raise GameError(_("{name!r} already plays in this game: choose a name no other player has").format(
            name=taken[0]))
    check_name(new)  # the new name by the rule of a new game; the others as they were saved
    players = check_players((new if p == old else p for p in game.players), stored=True)
    new = players[game.players.index(old)]

    def renamed(name: str | None) -> str | None:
        return new if name == old else name

    deals = tuple(replace(d, taker=renamed(d.taker), partner=renamed(d.partner)) for d in game.deals)
    return Game(players, deals)


def rename_everywhere(games: Mapping[int, Game], old: str, new: str,
                      label: Callable[[int], str] = "game {}".format) -> dict[int, Game]:
    """Player ``old`` (case and spacing aside) called ``new`` in every game they play in: the changed games by
    key. Merging two spellings of one player ("Eve" into "Ève") is this rename with the other's name.

    Refused (GameError, with a sentence) when ``old`` plays in no game, when the new name is one no game may
    have, or when a game already has a player called ``new`` beside ``old``: two people, not one (the game
    named by ``label(key)``).

    >>> a = Game.new(["Eve", "Bob", "Cleo"]).add(taker="Eve", contract="garde", points=56, oudlers=2)
    >>> b = Game.new(["Ève", "Bob", "Dan"])
    >>> c = Game.new(["eve ", "Dan", "Fay"])
    >>> {k: g.players for k, g in rename_everywhere({1: a, 2: b, 3: c}, "Eve", "Ève").items()}
    {1: ('Ève', 'Bob', 'Cleo'), 3: ('Ève', 'Dan', 'Fay')}
    >>> rename_everywhere({1: a, 2: b}, "Bob", "Dan")
    Traceback (most recent call last):
    ...
    tutor.club.game.GameError: Bob and Dan both play in game 2: they are two players, so one cannot become the other
    """
    new = check_new_name(new)
    if not any(player_key(p) == player_key(str(old)) for g in games.values() for p in g.players):
        raise GameError(_("no saved game has a player called {name!r}").format(name=str(old)[:40]))
    changed: dict[int, Game] = {}
    for key, game in games.items():
        mine = [p for p in game.players if player_key(p) == player_key(str(old))]
        if not mine:
            continue
        other = [p for p in game.players if p != mine[0] and player_key(p) == player_key(new)]
        if other:
            raise GameError(_("{one} and {other} both play in {game}: they are two players, so one cannot become "
                              "the other").format(one=mine[0], other=other[0], game=label(key)))
        renamed = rename_player(game, mine[0], new)
        if renamed != game:
            changed[key] = renamed
    return changed


def in_season(day: date, start: date | None, end: date | None) -> bool:
    """True when ``day`` falls between ``start`` and ``end``, both included (None: no limit on that side).

    >>> in_season(date(2026, 3, 31), date(2026, 1, 1), date(2026, 3, 31)), in_season(date(2026, 4, 1), None, None)
    (True, True)
    """
    return (start is None or start <= day) and (end is None or day <= end)
