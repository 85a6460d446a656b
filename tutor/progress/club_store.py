"""Saved club score sheets (migration ``0003``): save, load, list, rename and delete ``tutor.club`` games.

A game is stored as its players (seat order) and its deals as written on the sheet, one row per
deal; scores are never stored but recomputed by the engine on load. Saving rewrites the game's deals
in one transaction: it is all or nothing, so a failure leaves the previous version whole. Every
game is checked again before it is written (``EntryError`` naming the deal and field), so nothing
the engine cannot score reaches the database.

>>> from tutor.club import Game
>>> from tutor.progress import Store
>>> clubs = ClubStore(Store.open("sqlite://"))
>>> g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
>>> gid = clubs.save(g, "Friday")
>>> saved = clubs.load(gid)
>>> saved.name, saved.game == g, saved.game.sheet().totals
('Friday', True, (160, -80, -80))
>>> [(i.name, i.players, i.deals) for i in clubs.games()]
[('Friday', ('Ann', 'Bob', 'Cleo'), 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update

from ..club import Game
from ..club.season import rename_player as season_rename
from ..db import utcnow
from ..db.progress import ClubDeal, ClubGame
from .db import writing
from .store import Store, _guarded, clean_name

NAME_MAX = 120
# The stored columns, in the order of ``DealEntry.to_row`` (tutor.club.FIELDS).
COLUMNS = ("taker", "partner", "contract", "points", "oudlers", "petit_au_bout", "poignees", "chelem", "alone")


@dataclass(frozen=True)
class GameInfo:
    """One line of the list of saved games."""

    id: int
    name: str
    players: tuple[str, ...]
    deals: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class SavedGame:
    id: int
    name: str
    game: Game
    created_at: datetime
    updated_at: datetime


def clean_game_name(name: str) -> str:
    """A sheet's name, trimmed to one line; ValueError with a sentence when it cannot be one.

    >>> clean_game_name("  Friday   club ")
    'Friday club'
    """
    return clean_name(name, what="A game's name", empty="Give the game a name first.", longest=NAME_MAX)


class ClubStore:
    """The club sheets kept in the progress database (shared by everyone using it, like a club's binder)."""

    def __init__(self, store: Store):
        self.store = store

    @property
    def where(self) -> str:  # named in StoreError messages by the shared ``_guarded``
        return self.store.where

    @_guarded
    def save(self, game: Game, name: str, game_id: int | None = None, now: datetime | None = None) -> int:
        """Write ``game`` as a new sheet (``game_id`` None) or over sheet ``game_id``; returns its id.

        Raises ValueError for a bad name or a sheet that no longer exists, ``EntryError`` for a deal the
        engine cannot score; in every case nothing is written."""
        name = clean_game_name(name)
        checked = Game.from_rows(game.players, game.to_rows())  # EntryError names the deal and field
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            if game_id is None:
                game_id = conn.execute(insert(ClubGame).values(
                    name=name, players=list(checked.players), created_at=now, updated_at=now)
                ).inserted_primary_key[0]
            else:
                found = conn.execute(update(ClubGame).where(ClubGame.id == game_id).values(
                    name=name, players=list(checked.players), updated_at=now).returning(ClubGame.id)).first()
                if found is None:
                    raise ValueError("This game is no longer saved (it was deleted): save it as a new game.")
                conn.execute(delete(ClubDeal).where(ClubDeal.game_id == game_id))
            rows = [{"game_id": game_id, "number": n, **_stored(row)}
                    for n, row in enumerate(checked.to_rows(), 1)]
            if rows:
                conn.execute(insert(ClubDeal), rows)
        return game_id

    @_guarded
    def load(self, game_id: int) -> SavedGame | None:
        """The saved sheet, or None. A stored deal the engine now refuses raises ``EntryError``
        (its field prefixed with the deal number), so the page can say which one."""
        with self.store.engine.connect() as conn:
            head = conn.execute(select(ClubGame).where(ClubGame.id == game_id)).first()
            if head is None:
                return None
            deals = conn.execute(select(ClubDeal).where(ClubDeal.game_id == game_id)
                                 .order_by(ClubDeal.number)).all()
        game = Game.from_rows(head.players, [{c: getattr(d, c) for c in COLUMNS} for d in deals])
        return SavedGame(head.id, head.name, game, head.created_at, head.updated_at)

    @_guarded
    def games(self) -> list[GameInfo]:
        """Every saved sheet, the most recently changed first."""
        count = (select(ClubDeal.game_id, func.count().label("deals")).group_by(ClubDeal.game_id).subquery())
        q = (select(ClubGame, func.coalesce(count.c.deals, 0))
             .outerjoin(count, count.c.game_id == ClubGame.id)
             .order_by(ClubGame.updated_at.desc(), ClubGame.id.desc()))
        with self.store.engine.connect() as conn:
            rows = conn.execute(q).all()
        return [GameInfo(r.id, r.name, tuple(r.players), r[-1], r.created_at, r.updated_at) for r in rows]

    @_guarded
    def rename(self, game_id: int, name: str) -> None:
        name = clean_game_name(name)
        with writing(self.store.engine) as conn:
            conn.execute(update(ClubGame).where(ClubGame.id == game_id).values(name=name))

    @_guarded
    def delete(self, game_id: int) -> bool:
        """Remove a sheet and its deals; False when there was none."""
        with writing(self.store.engine) as conn:
            conn.execute(delete(ClubDeal).where(ClubDeal.game_id == game_id))  # not relying on the FK pragma
            return conn.execute(delete(ClubGame).where(ClubGame.id == game_id)).rowcount > 0


def _stored(row: dict) -> dict:
    """A ``DealEntry.to_row`` dict as column values (points as a float, poignées as a list)."""
    return {**{c: row.get(c) for c in COLUMNS}, "points": float(row["points"]), "poignees": list(row["poignees"]),
            "alone": bool(row["alone"])}


# ---------------------------------------------------------------- Seasons: renaming games and players
# (module functions, apart from the class, so the sheet's own store code stays as it is)


@_guarded
def rename_game(clubs: ClubStore, game_id: int, name: str) -> bool:
    """Give saved game ``game_id`` a new name; False when it is no longer saved. ValueError for a bad name."""
    name = clean_game_name(name)
    with writing(clubs.store.engine) as conn:
        return conn.execute(update(ClubGame).where(ClubGame.id == game_id).values(name=name)).rowcount > 0


@_guarded
def rename_player(clubs: ClubStore, game_id: int, old: str, new: str, now: datetime | None = None) -> str:
    """Rename a player of a saved game in all its records at once: the seat, and every deal they took or
    partnered. Returns the new name. ``GameError`` for a name the game cannot have (empty, too long, markup,
    another player's), ValueError when the game is gone; in every case nothing is written."""
    with writing(clubs.store.engine) as conn:
        head = conn.execute(select(ClubGame).where(ClubGame.id == game_id)).first()
        if head is None:
            raise ValueError("This game is no longer saved (it was deleted).")
        before = Game(tuple(head.players))
        after = season_rename(before, old, new)
        changed = [(a, b) for a, b in zip(before.players, after.players) if a != b]
        if not changed:  # the same name again: nothing to write
            return " ".join(str(new).split())
        (was, now_called), = changed
        conn.execute(update(ClubGame).where(ClubGame.id == game_id).values(
            players=list(after.players), updated_at=now or utcnow()))
        for column in (ClubDeal.taker, ClubDeal.partner):
            conn.execute(update(ClubDeal).where(ClubDeal.game_id == game_id, column == was)
                         .values({column.key: now_called}))
    return now_called
