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

Two devices on one sheet (v6): every write raises the game's ``version``. Adding a deal appends it to
the stored game, whatever copy the adder holds, so no deal entered elsewhere is overwritten. An edit,
a delete or a whole save names the version it was made on, and is refused with ``StaleGame`` when
the stored game has moved on since. ``append``, ``replace_deal`` and ``delete_deal`` return the
fresh ``SavedGame``.

>>> a = clubs.append(gid, {"taker": "Bob", "contract": "petite", "points": 40, "oudlers": 1})
>>> b = clubs.append(gid, {"taker": "Cleo", "contract": "garde", "points": 60, "oudlers": 1})  # another device
>>> (a.version, b.version, len(b.game.deals))
(2, 3, 3)
>>> stale = a.version  # this copy has not seen Cleo's deal
>>> clubs.delete_deal(gid, 2, version=stale)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tutor.progress.club_store.StaleGame: This sheet was changed on another device since this one last showed it...
>>> len(clubs.delete_deal(gid, 2, version=b.version).game.deals)
2
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update

from ..club import DealEntry, Game, first_dealer_for
from ..club.season import check_new_name, rename_everywhere
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
    version: int = 1  # v6: raised by every write
    first_dealer: int = 0  # v6: the seat (from 0) that dealt deal 1


@dataclass(frozen=True)
class Renamed:
    """A rename across games: the name now written, and the names of the games it changed (none when every
    game already had it so)."""

    name: str
    games: tuple[str, ...]


GONE = "This game is no longer saved (it was deleted): save it as a new game."


class GameGone(ValueError):
    """A write to a game that is no longer saved (deleted, on this device or another)."""


class StaleGame(ValueError):
    """A change made on a copy of the sheet older than the stored one: refused, nothing written."""

    def __init__(self) -> None:
        super().__init__("This sheet was changed on another device since this one last showed it, so your "
                         "change was not saved. The sheet now shows every deal as saved: check it and try again.")


def clean_game_name(name: str) -> str:
    """A sheet's name, trimmed to one line; ValueError with a sentence when it cannot be one.

    >>> clean_game_name("  Friday   club ")
    'Friday club'
    """
    return clean_name(name, what="A game's name", empty="Give the game a name first.", longest=NAME_MAX)


IMPORTED = "Imported game"  # the name of an imported sheet whose file name gives none


def name_from_file(filename: str) -> str:
    """A valid game name for an uploaded file: its name without the extension, on one line and cut
    to ``NAME_MAX`` characters; "Imported game" when nothing is left. Never raises.

    >>> name_from_file("Friday club.csv"), name_from_file(" .csv"), len(name_from_file("x" * 130 + ".csv"))
    ('Friday club', 'Imported game', 120)
    """
    stem = str(filename or "").rsplit(".", 1)[0] if "." in str(filename or "") else str(filename or "")
    stem = " ".join(stem.split())[:NAME_MAX].strip()
    return stem or IMPORTED


class ClubStore:
    """The club sheets kept in the progress database (shared by everyone using it, like a club's binder)."""

    def __init__(self, store: Store):
        self.store = store

    @property
    def where(self) -> str:  # named in StoreError messages by the shared ``_guarded``
        return self.store.where

    @_guarded
    def save(self, game: Game, name: str, game_id: int | None = None, now: datetime | None = None, *,
             version: int | None = None, first_dealer: int | None = None) -> int:
        """Write ``game`` as a new sheet (``game_id`` None) or over sheet ``game_id``; returns its id.

        Writing over a sheet needs the ``version`` it was read at (``StaleGame`` when another write came
        since). Raises ValueError for a bad name or a sheet that no longer exists, ``EntryError`` for a
        deal the engine cannot score; in every case nothing is written."""
        if game_id is not None and version is None:
            raise ValueError("a saved game is written over only with the version it was read at")
        name = clean_game_name(name)
        checked = Game.from_rows(game.players, game.to_rows())  # EntryError names the deal and field
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            if game_id is None:
                game_id = conn.execute(insert(ClubGame).values(
                    name=name, players=list(checked.players), created_at=now, updated_at=now, version=1,
                    first_dealer=(first_dealer or 0) % len(checked.players))
                ).inserted_primary_key[0]
            else:
                dealt = {} if first_dealer is None else {"first_dealer": first_dealer % len(checked.players)}
                _bump(conn, game_id, version, now, name=name, players=list(checked.players), **dealt)
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
            return _read(conn, game_id)

    @_guarded
    def version(self, game_id: int) -> int | None:
        """The stored version of a sheet (None when it is gone): one small read, for a sheet on screen
        to see whether another device changed it."""
        with self.store.engine.connect() as conn:
            return conn.execute(select(ClubGame.version).where(ClubGame.id == game_id)).scalar()

    # -- one deal at a time: what two devices on one sheet need ------------------------------------

    @_guarded
    def append(self, game_id: int, fields: dict | DealEntry, now: datetime | None = None) -> SavedGame:
        """Add a deal after the last stored one, whatever the adder's copy holds; the fresh game.

        ``EntryError`` for a deal the engine refuses, ValueError when the game is gone; nothing written."""
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            players = conn.execute(select(ClubGame.players).where(ClubGame.id == game_id)).scalar()
            if players is None:
                raise GameGone(GONE)
            entry = Game.from_rows(players, ()).add(fields).deals[0]  # EntryError names the field
            _bump(conn, game_id, None, now)  # takes the row's lock: appends from two devices queue up
            last = conn.execute(select(func.max(ClubDeal.number)).where(ClubDeal.game_id == game_id)).scalar()
            conn.execute(insert(ClubDeal).values(game_id=game_id, number=(last or 0) + 1, entered_at=now,
                                                 **_stored(entry.to_row())))
            return _read(conn, game_id)

    @_guarded
    def replace_deal(self, game_id: int, number: int, fields: dict | DealEntry, *, version: int,
                     now: datetime | None = None) -> SavedGame:
        """Deal ``number`` replaced, if the stored game is still at ``version`` (else ``StaleGame``)."""
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            _bump(conn, game_id, version, now)
            players = conn.execute(select(ClubGame.players).where(ClubGame.id == game_id)).scalar()
            entry = Game.from_rows(players, ()).add(fields).deals[0]
            done = conn.execute(update(ClubDeal).where(ClubDeal.game_id == game_id, ClubDeal.number == number)
                                .values(**_stored(entry.to_row())))
            if done.rowcount != 1:
                raise ValueError(f"There is no deal {number} on this sheet.")
            return _read(conn, game_id)

    @_guarded
    def delete_deal(self, game_id: int, number: int, *, version: int, now: datetime | None = None) -> SavedGame:
        """Deal ``number`` removed and the later ones moved up, if the stored game is still at ``version``."""
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            _bump(conn, game_id, version, now)
            mine = (ClubDeal.game_id == game_id)
            if conn.execute(delete(ClubDeal).where(mine, ClubDeal.number == number)).rowcount != 1:
                raise ValueError(f"There is no deal {number} on this sheet.")
            # In two steps: the key (game, number) must stay unique after every row, in any order.
            conn.execute(update(ClubDeal).where(mine, ClubDeal.number > number).values(number=-ClubDeal.number))
            conn.execute(update(ClubDeal).where(mine, ClubDeal.number < 0).values(number=-ClubDeal.number - 1))
            return _read(conn, game_id)

    @_guarded
    def set_next_dealer(self, game_id: int, seat: int, now: datetime | None = None) -> SavedGame:
        """Say who deals next (seat from 0), e.g. after a deal everyone passed, which is not on the sheet."""
        now = now or utcnow()
        with writing(self.store.engine) as conn:
            _bump(conn, game_id, None, now)
            players = conn.execute(select(ClubGame.players).where(ClubGame.id == game_id)).scalar()
            played = conn.execute(select(func.count()).select_from(ClubDeal)
                                  .where(ClubDeal.game_id == game_id)).scalar()
            conn.execute(update(ClubGame).where(ClubGame.id == game_id).values(
                first_dealer=first_dealer_for(len(players), seat % len(players), played)))
            return _read(conn, game_id)

    @_guarded
    def entered(self, game_id: int) -> dict[int, datetime | None]:
        """When each deal (by number) was added to the sheet; None for a deal saved whole (before v12, an
        import, an undo). A corrected deal keeps its time: correcting it does not make it new again."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(ClubDeal.number, ClubDeal.entered_at).where(ClubDeal.game_id == game_id))
            return dict(rows.all())

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
    def rename(self, game_id: int, name: str) -> bool:
        """Give sheet ``game_id`` a new name; False when it is no longer saved. ValueError for a bad name."""
        name = clean_game_name(name)
        with writing(self.store.engine) as conn:
            try:  # a rename raises the version too, so a device with the sheet open reloads it
                _bump(conn, game_id, None, utcnow(), name=name)
            except GameGone:
                return False
            return True

    @_guarded
    def rename_player(self, game_id: int, old: str, new: str, now: datetime | None = None) -> str:
        """Rename a player of a saved game in all its records at once: the seat, and every deal they took or
        partnered. Returns the new name. ``GameError`` for a name the game cannot have (empty, too long, markup,
        another player's), ValueError when the game is gone; in every case nothing is written."""
        with writing(self.store.engine) as conn:
            # FOR UPDATE: the players are read under the row's lock (SQLite's BEGIN IMMEDIATE already
            # holds it), so two renames at once queue up instead of writing back each other's old names.
            head = conn.execute(select(ClubGame).where(ClubGame.id == game_id).with_for_update()).first()
            if head is None:
                raise ValueError("This game is no longer saved (it was deleted).")
            before = Game(tuple(head.players))
            after = season_rename(before, old, new)
            changed = [(a, b) for a, b in zip(before.players, after.players) if a != b]
            if not changed:  # the same name again: nothing to write
                return check_new_name(new)
            (was, now_called), = changed
            _bump(conn, game_id, None, now or utcnow(), players=list(after.players))  # other devices reload
            for column in (ClubDeal.taker, ClubDeal.partner):
                conn.execute(update(ClubDeal).where(ClubDeal.game_id == game_id, column == was)
                             .values({column.key: now_called}))
        return now_called

    @_guarded
    def rename_player_everywhere(self, old: str, new: str, now: datetime | None = None) -> Renamed:
        """Rename a player in every saved game they play in (case and spacing aside), in one transaction: the
        seats, every deal they took or partnered, and each touched game's version (other devices reload).
        Merging "Eve" into "Ève" is this rename with the other spelling. ``GameError`` with a sentence for a
        name no game may have, a player in no game, or a game where both names play; nothing is written."""
        with writing(self.store.engine) as conn:
            # Every game's row locked while it is read (SQLite's BEGIN IMMEDIATE already holds the database):
            # a game started meanwhile with the old name waits, and is renamed or not, never half.
            heads = conn.execute(select(ClubGame.id, ClubGame.name, ClubGame.players)
                                 .order_by(ClubGame.id).with_for_update()).all()
            names = {h.id: h.name for h in heads}
            changed = rename_everywhere({h.id: Game(tuple(h.players)) for h in heads}, old, new,
                                        label=lambda gid: f"“{names[gid]}”")
            before = {h.id: tuple(h.players) for h in heads}
            when = now or utcnow()
            for gid, after in changed.items():
                (was, called), = [(a, b) for a, b in zip(before[gid], after.players) if a != b]
                _bump(conn, gid, None, when, players=list(after.players))
                for column in (ClubDeal.taker, ClubDeal.partner):
                    conn.execute(update(ClubDeal).where(ClubDeal.game_id == gid, column == was)
                                 .values({column.key: called}))
        return Renamed(check_new_name(new), tuple(names[gid] for gid in changed))

    @_guarded
    def delete(self, game_id: int) -> bool:
        """Remove a sheet and its deals; False when there was none."""
        with writing(self.store.engine) as conn:
            conn.execute(delete(ClubDeal).where(ClubDeal.game_id == game_id))  # not relying on the FK pragma
            return conn.execute(delete(ClubGame).where(ClubGame.id == game_id)).rowcount > 0


def _bump(conn, game_id: int, version: int | None, now: datetime, **values) -> int:
    """Raise the game's version (the row is locked until the transaction ends); when ``version`` is
    given, only if the stored game is still at it. ValueError when the game is gone, else ``StaleGame``."""
    q = update(ClubGame).where(ClubGame.id == game_id)
    if version is not None:
        q = q.where(ClubGame.version == version)
    found = conn.execute(q.values(version=ClubGame.version + 1, updated_at=now, **values)
                         .returning(ClubGame.version)).scalar()
    if found is None:
        if conn.execute(select(ClubGame.id).where(ClubGame.id == game_id)).first() is None:
            raise GameGone(GONE)
        raise StaleGame
    return found


def _read(conn, game_id: int) -> SavedGame | None:
    head = conn.execute(select(ClubGame).where(ClubGame.id == game_id)).first()
    if head is None:
        return None
    deals = conn.execute(select(ClubDeal).where(ClubDeal.game_id == game_id).order_by(ClubDeal.number)).all()
    game = Game.from_rows(head.players, [{c: getattr(d, c) for c in COLUMNS} for d in deals])
    return SavedGame(head.id, head.name, game, head.created_at, head.updated_at, head.version, head.first_dealer)


def _stored(row: dict) -> dict:
    """A ``DealEntry.to_row`` dict as column values (points as a float, poignées as a list)."""
    return {**{c: row.get(c) for c in COLUMNS}, "points": float(row["points"]), "poignees": list(row["poignees"]),
            "alone": bool(row["alone"])}
