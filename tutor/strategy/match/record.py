"""A match kept on file as it is played (``--record FILE``), so a stopped run goes on where it stopped.

One JSON line a board: the match it belongs to (table size, seed, the advisor's budget, and who played when not
the default advisor against the bots), the board's rows, and what any program did wrong on it. Lines of another
match in the same file are left alone; boards already there are not played again.
"""

from __future__ import annotations

import json
from dataclasses import astuple
from pathlib import Path

from ...engine.errors import TarotError
from ...i18n import _
from .boards import Row
from .players import Lineup


def match_key(players: int, seed: int, lineup: Lineup) -> dict:
    """What makes two runs the same match. The default lineup adds nothing (older records still resume)."""
    key = {"players": players, "seed": seed, "budget": lineup.budget_ms}
    if not lineup.default:
        key.update(seat=lineup.seat, others=lineup.others)
    return key


class Record:
    """The boards ``path`` holds for this match (``done``: board -> rows; ``faults``: board -> faults), and
    ``keep`` to append a board just played."""

    def __init__(self, path: str | Path, players: int, seed: int, lineup: Lineup):
        self.path = Path(path)
        self.key = match_key(players, seed, lineup)
        self.done: dict[int, list[Row]] = {}
        self.faults: dict[int, dict] = {}
        if not self.path.exists():
            return
        try:
            lines = self.path.read_text("utf-8").splitlines()
            for line in lines:
                if not line.strip():
                    continue
                r = json.loads(line)
                if {k: r.get(k, _DEFAULTS.get(k)) for k in (*self.key, *_DEFAULTS)} == {**_DEFAULTS, **self.key}:
                    self.done[r["board"]] = [Row(*x) for x in r["rows"]]
                    self.faults[r["board"]] = r.get("faults", {})
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as err:
            raise TarotError(_("{path}: not a match record ({why})").format(path=self.path, why=err)) from None

    def keep(self, board: int, rows: list[Row], faults: dict | None = None) -> None:
        line = {**self.key, "board": board, "rows": [list(astuple(x)) for x in rows]}
        if faults and any(faults.values()):
            line["faults"] = faults
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


# A line without a lineup is the default one's.
_DEFAULTS = {"seat": "advisor", "others": "bots"}


__all__ = ["Record", "match_key"]
