"""Rescue what can be read from a damaged SQLite file into a fresh one, and say what was lost.

SQLite's own ``.recover`` needs the sqlite3 shell, which is not always installed; this walks each
table of the damaged file by rowid with the standard ``sqlite3`` module instead. A scan that hits a
damaged page skips ahead (doubling the jump, then narrowing it back) until rows can be read again, so
one bad page costs the rows on that page, not the whole file. A damaged index costs nothing: the
rows are read from the table itself.

The fresh file is first built at the damaged file's own schema version, the rows are copied as they
were stored, and then the usual migrations bring it up to date.

Scattered damage (bytes flipped anywhere, a file cut short) also hits the schema and the values:
the damaged file is read with ``writable_schema`` on, so SQLite uses whatever part of its schema it
could parse instead of refusing every statement; text that is not UTF-8 no longer stops the read of
its table; and a row is copied only when every value is one the app can read back (a number where
a number goes, UTF-8 text, a time that parses, JSON that parses), else it counts as lost. Answers whose learner
was lost are kept under a stand-in profile, “Recovered learner 3”, rather than dropped with them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String, Table
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.types import TypeDecorator

from ..db import name_key

# How the notice names each table's rows (tables not listed are copied but not named).
WORDS = {
    "learners": ("learner", "learners"),
    "answers": ("answer", "answers"),
    "lesson_progress": ("finished lesson", "finished lessons"),
    "puzzle_results": ("puzzle try", "puzzle tries"),
    "puzzle_ratings": ("puzzle rating", "puzzle ratings"),
    "review_cards": ("review card", "review cards"),
    "club_games": ("club game", "club games"),
    "club_deals": ("club deal", "club deals"),
    "class_quizzes": ("class quiz", "class quizzes"),
    "class_players": ("class quiz learner", "class quiz learners"),
    "class_answers": ("class quiz answer", "class quiz answers"),
}
SKIP = {"alembic_version", "throttles"}  # rebuilt by the migrations; slow-down counters start afresh
BIGGEST_ROWID = 2**62
NEIGHBOURS = 64  # ids this close together are a run of real rows; one far from any other is garbled
# What reading a damaged file can raise: SQLite's errors, and text (values, or SQLite's own messages
# quoting the damaged schema) that is not UTF-8.
DAMAGE = (sqlite3.Error, ValueError, OverflowError)
STAND_IN = "Recovered learner {id}"  # a learner whose row was lost but whose answers were not


@dataclass
class Rescue:
    """What was copied and what was lost, per table."""

    copied: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)  # at most this many rows (unread rowids, orphans)
    unreadable: list[str] = field(default_factory=list)  # tables with damage past counting
    stand_ins: list[str] = field(default_factory=list)  # names given to learners whose row was lost

    def sentence(self) -> str:
        """'Copied: 1 learner, 3,000 answers. Nothing was lost.' or what was lost.

        >>> Rescue({"learners": 1, "answers": 3000}, {}).sentence()
        'Everything that could still be read was copied into it: 1 learner, 3,000 answers. Nothing was lost.'
        >>> Rescue({"answers": 2800}, {"answers": 200}).sentence().split(". ")[1]
        'Lost: up to 200 answers (on damaged parts of the file).'
        """
        copied = _list(self.copied) or "nothing could be read"
        text = f"Everything that could still be read was copied into it: {copied}."
        lost = _list(self.lost)
        gone = [WORDS.get(t, (t, t))[1] for t in self.unreadable]
        if self.stand_ins:
            names = ", ".join(f"“{n}”" for n in self.stand_ins)
            who = "A learner's name was" if len(self.stand_ins) == 1 else f"{len(self.stand_ins)} learners' names were"
            text += f" {who} lost but not their progress: it is kept as {names}."
        if not lost and not gone:
            return text + " Nothing was lost."
        if lost:
            text += f" Lost: up to {lost} (on damaged parts of the file)."
        if gone:
            text += f" Some or all could not be read: {', '.join(gone)}."
        return text


def _list(counts: dict[str, int]) -> str:
    parts = []
    for table, n in counts.items():
        if n and table in WORDS:
            one, many = WORDS[table]
            parts.append(f"{n:,} {one if n == 1 else many}")
    return ", ".join(parts)


def version_of(damaged: Path) -> str | None:
    """The schema version (alembic revision) of the damaged file, None when it cannot be read."""
    try:
        src = _open_ro(damaged)
        try:
            version = src.execute("SELECT version_num FROM alembic_version").fetchone()[0]
            return version if isinstance(version, str) and version.isalnum() else None
        finally:
            src.close()
    except (*DAMAGE, TypeError):
        return None


def _open_ro(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    con.text_factory = lambda b: b.decode("utf-8", "replace")
    try:
        # A schema SQLite cannot fully parse otherwise fails every statement; with writable_schema the
        # first statement still fails and the next ones use the part that could be parsed.
        con.execute("PRAGMA writable_schema = ON")
        for _ in range(2):
            try:
                con.execute("SELECT name FROM sqlite_master LIMIT 1").fetchall()
                break
            except DAMAGE:
                continue
    except DAMAGE:
        pass
    return con


def rescue(damaged: Path, fresh: Path, order: list[str | Table]) -> Rescue:
    """Copy every readable row of ``damaged`` into the tables ``fresh`` already has (``order``: parents
    first, as names or as the app's tables, whose column types then check each value); rows whose
    parent was lost are removed again and counted as lost, except answers and the like of a lost
    learner, which are kept under a stand-in learner."""
    out = Rescue()
    checks = {t.name: _checks(t) for t in order if isinstance(t, Table)}
    order = [t.name if isinstance(t, Table) else t for t in order]
    src = _open_ro(damaged)
    dst = sqlite3.connect(fresh, isolation_level=None)
    try:
        dst.execute("PRAGMA foreign_keys = OFF")
        have = [r[0] for r in dst.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        tables = [t for t in order if t in have] + [t for t in have if t not in order]
        dst.execute("BEGIN IMMEDIATE")
        for table in tables:
            if table in SKIP or table.startswith("sqlite_"):
                continue
            cols = [r[1] for r in dst.execute(f'PRAGMA table_info("{table}")')]
            try:
                theirs = {r[1] for r in src.execute(f'PRAGMA table_info("{table}")')}
            except DAMAGE:
                theirs = set(cols)  # the schema text is damaged: try the columns this version has
            cols = [c for c in cols if c in theirs]
            if not cols:
                if theirs or table in WORDS:
                    out.unreadable.append(table)
                continue
            rows, lost = _read(src, table, cols)
            if lost is None:
                out.unreadable.append(table)
                lost = 0
            names = ", ".join(f'"{c}"' for c in cols)
            marks = ", ".join("?" for _ in cols)
            check = checks.get(table, {})
            tests = [check.get(c) for c in cols]
            copied = 0
            for row in rows:
                if all(test is None or test(v) for test, v in zip(tests, row)) and dst.execute(
                        f'INSERT OR IGNORE INTO "{table}" ({names}) VALUES ({marks})', row).rowcount == 1:
                    copied += 1
                else:  # a value the app could not read back, or a second row with the same key
                    lost += 1
            out.copied[table], out.lost[table] = copied, lost
        _stand_in_learners(dst, out)
        _drop_orphans(dst, out)
        dst.execute("COMMIT")
    finally:
        src.close()
        dst.close()
    out.lost = {t: n for t, n in out.lost.items() if n}
    return out


def _checks(table: Table) -> dict:
    """Column name -> a test that a stored value reads back as the app expects (None: anything goes)."""
    dialect = sqlite_dialect.dialect()
    out = {}
    for col in table.columns:
        kind = type(col.type.impl if isinstance(col.type, TypeDecorator) else col.type)
        process = col.type._cached_result_processor(dialect, None)
        if issubclass(kind, Boolean):
            ok_type = lambda v: v in (0, 1)  # noqa: E731
        elif issubclass(kind, Integer):
            ok_type = lambda v: type(v) is int  # noqa: E731
        elif issubclass(kind, Float):
            ok_type = lambda v: type(v) in (int, float)  # noqa: E731
        elif issubclass(kind, (String, DateTime, JSON)):
            ok_type = lambda v: type(v) is str and "\ufffd" not in v  # noqa: E731  (not UTF-8 as stored)
        else:
            ok_type = lambda v: True  # noqa: E731
        out[col.name] = _check(ok_type, process, col.nullable)
    return out


def _check(ok_type, process, nullable: bool):
    def test(value) -> bool:
        if value is None:
            return nullable
        if not ok_type(value):
            return False
        try:
            if process is not None:
                process(value)
        except Exception:  # whatever the type's reader raises on a damaged value
            return False
        return True
    return test


def _read(src: sqlite3.Connection, table: str, cols: list[str]) -> tuple[list[tuple], int | None]:
    """The rows of ``table`` that can be read, by rowid, and at most how many could not (None: unknown).

    Counted from what is missing, not only from where reading failed: a damaged inner page can hide a
    whole run of leaf pages without any error. The app's rows are numbered from 1 up (the ids), so every
    number below the largest one seen, or the one the table's own maximum gives, that was not read is a
    row that may be lost (or one deleted long ago: hence "at most")."""
    rows, lost, ids = _scan(src, table, cols)
    if lost is None:
        return rows, None
    known = sorted(set(ids) | _indexed_ids(src, table))  # the indexes hold every row's id, apart from the table
    return rows, max(0, _highest(known, _guess_max(src, table)) - len(rows), len(known) - len(rows))


def _indexed_ids(src: sqlite3.Connection, table: str) -> set[int]:
    """The rowids the table's indexes hold (as far as they can be read): each index has every row's."""
    found: set[int] = set()
    try:
        indexes = [r[1] for r in src.execute(f'PRAGMA index_list("{table}")')]
    except DAMAGE:
        return found
    for index in indexes:
        try:
            first = [r[2] for r in src.execute(f'PRAGMA index_info("{index}")')][:1]
            if not first or first[0] is None:
                continue
        except DAMAGE:
            continue
        for order in ("ASC", "DESC"):  # from both ends: damage in the middle stops one pass only
            try:  # only the index's own pages are read: its first column and the rowid it keeps
                for (rowid,) in src.execute(f'SELECT rowid FROM "{table}" INDEXED BY "{index}" '
                                            f'ORDER BY "{first[0]}" {order}'):
                    found.add(rowid)
                    if len(found) > _file_bytes(src):
                        raise Looping("the index's pages loop back on themselves")
            except DAMAGE:
                continue  # what was read of it counts
    return found


def _highest(ids: list[int], biggest: int | None) -> int:
    """The largest row number the table plausibly had: the largest id read with another read id close
    below it, or the table's own maximum when it is close to one (a garbled id stands alone, far above).

    >>> _highest([1, 2, 3, 5, 90672], None), _highest([1, 2, 3], 40), _highest([1, 2, 3], 90000)
    (5, 40, 3)
    """
    close = NEIGHBOURS
    plausible = [b for a, b in zip(ids, ids[1:]) if b - a <= close]
    best = max(plausible, default=ids[0] if len(ids) == 1 and ids[0] <= close else 0)
    if biggest is not None and any(0 <= biggest - i <= close * 16 for i in ids[-64:] + [best]):
        best = max(best, biggest)
    return best


def _scan(src: sqlite3.Connection, table: str, cols: list[str]) -> tuple[list[tuple], int | None, int]:
    """The rows of ``table`` that can be read, by rowid; how many could not where reading failed (None:
    unknown); and the rowids read, in order."""
    names = ", ".join(f'"{c}"' for c in cols)
    # ">=" seeks: a seek for "> x" lands on the page that would hold x, which may be the damaged one.
    scan = f'SELECT rowid, {names} FROM "{table}" WHERE rowid >= ? ORDER BY rowid'
    rows: list[tuple] = []
    ids: list[int] = []
    start, lost, last_fail = 0, 0, None  # start: the next rowid to read
    while True:
        try:
            for row in src.execute(scan, (start,)):
                _moving_on(row[0], start, len(rows), src)
                rows.append(row[1:])
                ids.append(row[0])
                start = row[0] + 1
            return rows, lost, ids
        except DAMAGE:
            # The driver steps one row ahead, so the row before the damage was never handed over:
            # read on one row at a time (LIMIT 1 never steps past the row it returns).
            while True:
                try:
                    row = src.execute(scan + " LIMIT 1", (start,)).fetchone()
                except DAMAGE:
                    break
                if row is None:
                    return rows, lost, ids
                try:
                    _moving_on(row[0], start, len(rows), src)
                except DAMAGE:
                    break
                rows.append(row[1:])
                ids.append(row[0])
                start = row[0] + 1
            if start == last_fail:  # no row read since the last failure: the next row itself is damaged
                start, lost = start + 1, lost + 1
            last_fail = start
            first = _readable_from(src, table, start)  # the next rowid that can be reached
            if first is None:  # nothing after start: count what the table's largest rowid suggests is gone
                biggest = _guess_max(src, table)
                return rows, None if biggest is None else lost + max(0, biggest + 1 - start), ids
            lost += max(0, first - start)
            start = first


class Looping(sqlite3.DatabaseError):
    """A damaged b-tree that hands back rows it already gave (a loop among its pages)."""


def _moving_on(rowid: int, start: int, count: int, src: sqlite3.Connection) -> None:
    """Rows come in rising rowid order, and a table holds fewer rows than the file has bytes: anything else
    is a loop in damaged pages, which would otherwise read the same rows until memory runs out."""
    if rowid < start or count > _file_bytes(src):
        raise Looping("the table's pages loop back on themselves")


def _file_bytes(src: sqlite3.Connection) -> int:
    size = getattr(src, "_tutor_bytes", None)
    if size is None:
        try:
            size = src.execute("PRAGMA page_count").fetchone()[0] * src.execute("PRAGMA page_size").fetchone()[0]
        except DAMAGE:
            size = 1 << 30
    return size


def _first_from(src: sqlite3.Connection, table: str, start: int) -> int | None:
    """The first rowid from ``start`` on (raises when the seek crosses damage; None at the end)."""
    row = src.execute(f'SELECT rowid FROM "{table}" WHERE rowid >= ? ORDER BY rowid LIMIT 1', (start,)).fetchone()
    return None if row is None else row[0]


def _readable_from(src, table: str, start: int) -> int | None:
    """The first rowid from ``start`` on that can be reached past the damage (None: none can)."""
    step, bad = 1, start
    while start + step < BIGGEST_ROWID:
        try:
            first = _first_from(src, table, start + step)
            good = start + step
            break
        except DAMAGE:
            bad = start + step
            step *= 2
    else:
        return None
    while good - bad > 1:  # narrow back, so readable rows just after the damage are not skipped
        mid = (bad + good) // 2
        try:
            good, first = mid, _first_from(src, table, mid)
        except DAMAGE:
            bad = mid
    return first


def _guess_max(src, table: str) -> int | None:
    try:
        return int(src.execute(f'SELECT max(rowid) FROM "{table}"').fetchone()[0] or 0)
    except DAMAGE:
        return None


def _stand_in_learners(dst: sqlite3.Connection, out: Rescue) -> None:
    """A learner row lost while their answers, lessons… were read: a stand-in profile keeps them."""
    if "learners" not in {r[0] for r in dst.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}:
        return
    info = {r[1]: (r[3], r[4]) for r in dst.execute('PRAGMA table_info("learners")')}  # notnull, default
    now = datetime.now(UTC).replace(tzinfo=None).isoformat(sep=" ")
    ids = set()
    for table, _rowid, parent, _fk in dst.execute("PRAGMA foreign_key_check").fetchall():
        if parent != "learners":
            continue
        for frm in [r[3] for r in dst.execute(f'PRAGMA foreign_key_list("{table}")') if r[2] == "learners"]:
            ids |= {r[0] for r in dst.execute(f'SELECT DISTINCT "{frm}" FROM "{table}" WHERE "{frm}" NOT IN '
                                              f'(SELECT id FROM learners) AND typeof("{frm}") = \'integer\'')}
    for learner_id in sorted(ids):
        name = STAND_IN.format(id=learner_id)
        values = {"id": learner_id, "name": name, "name_key": name_key(name), "created_at": now,
                  "last_seen_at": now, "review_enabled": 0}
        values = {k: v for k, v in values.items() if k in info}
        if any(notnull and default is None and col not in values for col, (notnull, default) in info.items()
               if col != "id"):
            return  # a schema this code does not know: the orphans go as before
        cols = ", ".join(f'"{c}"' for c in values)
        if dst.execute(f"INSERT OR IGNORE INTO learners ({cols}) VALUES ({', '.join('?' for _ in values)})",
                       tuple(values.values())).rowcount == 1:
            out.stand_ins.append(name)
            out.copied["learners"] = out.copied.get("learners", 0) + 1


def _drop_orphans(dst: sqlite3.Connection, out: Rescue) -> None:
    """Rows whose parent row was lost (an answer of a learner that could not be read) go too."""
    for _ in range(10):  # a removed parent can orphan its own children: repeat until none is left
        orphans = dst.execute("PRAGMA foreign_key_check").fetchall()
        if not orphans:
            return
        for table, rowid, _parent, _fk in orphans:
            if rowid is None:
                continue
            dst.execute(f'DELETE FROM "{table}" WHERE rowid = ?', (rowid,))
            out.copied[table] = out.copied.get(table, 1) - 1
            out.lost[table] = out.lost.get(table, 0) + 1
