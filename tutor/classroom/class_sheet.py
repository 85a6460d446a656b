"""The class tables' score sheet as one file (issue 36): every deal played at every table of a class, a row per
seat, with the table's running total, for the teacher to keep before closing the tables (closing deletes them).

Columns: table, deal (from 1, at that table), seat (from 1), player (a learner's name, or "Bot"), the contract and
its taker's seat ("" when everyone passed), made (1/0, "" when everyone passed), the seat's score for the deal and
its running total at the table. ``french``: as French Excel reads it (French headers, ``;``, a byte-order mark),
as the class quiz's answers file. A cell a spreadsheet would run as a formula starts with a quote (``csvsafe``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from .. import i18n
from ..csvsafe import guard
from ..engine import Phase
from .class_tables import _scores, played
from .table_records import Snapshot

COLUMNS = ("table", "deal", "seat", "player", "contract", "taker_seat", "made", "score", "total")
FRENCH_COLUMNS = ("table", "donne", "place", "joueur", "contrat", "place_preneur", "faite", "score", "total")


def rows(snaps: Sequence[Snapshot], bot: str = "Bot") -> list[tuple]:
    """One tuple per seat of every deal played to its end, table by table, in ``COLUMNS`` order."""
    out = []
    for snap in snaps:
        totals = [0] * snap.state.players
        for n, (d, names) in enumerate(played(snap), start=1):
            # scored once a deal; the contract, its taker and made are empty when everyone passed
            done = d.result() if d.phase is Phase.DONE else None
            scores = tuple(int(s) for s in done.seat_scores) if done else _scores(d)
            deal = (d.contract.french, d.taker + 1, int(done.score.won)) if done else ("",) * 3
            for seat in range(d.players):
                totals[seat] += scores[seat]
                name = names[seat] if seat < len(names) and names[seat] else bot
                out.append((snap.number, n, seat + 1, name, *deal, scores[seat], totals[seat]))
    return out


def to_csv(snaps: Sequence[Snapshot], *, french: bool = False) -> str:
    """The sheet as CSV text (see the module's docstring)."""
    with i18n.using("fr" if french else "en"):
        bot = i18n._("Bot")
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n", delimiter=";" if french else ",")
    w.writerow(FRENCH_COLUMNS if french else COLUMNS)
    for row in rows(snaps, bot):
        w.writerow([guard(c) for c in row])
    return ("\ufeff" if french else "") + out.getvalue()  # the mark tells French Excel the file is UTF-8
