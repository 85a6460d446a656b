"""A duplicate match: the advisor (or any player) against the practice bots (or any), luck removed the way the
FFT removes it.

Each board is one seeded deal. It is played once with the bots in every seat (the reference), then once
per seat with the advisor deciding for that seat and the bots in the others. The **gain** of a seat on a
board is the advisor's score there minus the bot's score in the same seat on the same board: both played
the same cards, so the luck of the deal cancels. A deal cancelled both times (everyone passed) gains 0.

The advisor's seat decides:

- its cards with ``advisor.advise_card``;
- its bid, and showing its poignée, with ``advisor.advise_actions`` (each open bid, or the poignée shown or
  kept hidden, played on over the same sampled deals);
- its king call and écart as the bots do (not yet searched).

It keeps the bot's own choice whenever that choice is tied with the advisor's best (inside the paired 95%
interval): it only departs from the bots where the samples say the other choice is better beyond noise.

Any player can take the advisor's place or the bots' (``players.Lineup``: ``advisor``, a bot policy, or an
outside program over the seat protocol); the default lineup is the advisor measured against the bots.

Parts: ``as_taker`` keeps the deals where the advisor's seat was on the attack (the taker, or a called
partner with 5 players), ``as_defender`` those where it defended (the advisor's own deal decides).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Deal, Phase
from ..bots.policy import decide
from ..noise import Z95
from .players import PROGRAM, Lineup, advisor_move, close_seatings, seating_for
from .protocol import FAULTS

if TYPE_CHECKING:
    from .record import Record

OVER = (Phase.DONE, Phase.CANCELLED)


def board_seed(seed: int, board: int) -> int:
    """The deal's seed for board ``board`` (from 0) of a match seeded ``seed``."""
    return random.Random(f"match:{seed}:{board}").randrange(2**31)


def play_board(players: int, seed: int, *, advisor_seat: int | None = None, budget_ms: float = 300,
               timings: list | None = None, lineup: Lineup | None = None, board: int = 0) -> Deal:
    """Board ``seed`` played by the others of ``lineup`` (default: the bots), with its measured player (default:
    the advisor at ``budget_ms``) in ``advisor_seat`` (None: the others in every seat). ``timings`` collects the
    wall-clock seconds of each of the measured player's decisions (for bench/). Each player sees only its
    seat's view."""
    lineup = lineup or Lineup(budget_ms=budget_ms)
    table = seating_for(lineup)
    deal = Deal.new(players, seed=seed, dealer=seed % players)
    seated = [table.measured if s == advisor_seat else table.other(s) for s in range(players)]
    for s, p in enumerate(seated):
        p.begin(s, deal, board)
    while deal.phase not in OVER:
        seat = deal.to_act
        view = deal.view(seat)
        if seat == advisor_seat:
            start = time.perf_counter()
            action = seated[seat].move(view, seed)
            if timings is not None:
                timings.append(time.perf_counter() - start)
        else:
            action = seated[seat].move(view, seed)
        if not deal.can(action):  # the engine has the last word: a refused move is counted and replaced
            seated[seat].faults["illegal"] += 1
            action = decide(view).action
        deal.apply(action)
    for s, p in enumerate(seated):
        p.end(s, deal)
    return deal


def seat_score(deal: Deal, seat: int) -> int:
    return 0 if deal.phase is Phase.CANCELLED else deal.result().seat_scores[seat]


def role(deal: Deal, seat: int) -> str | None:
    """'attack' (the taker or a called partner), 'defence', or None when the deal was cancelled."""
    return None if deal.phase is Phase.CANCELLED else deal.camp(seat)


@dataclass(frozen=True)
class Row:
    """One deal of the match: a board, a seat, the two scores and the advisor's role there."""

    board: int
    seat: int
    advisor: int
    bot: int
    role: str | None

    @property
    def gain(self) -> int:
        return self.advisor - self.bot


def summary(rows: list[Row]) -> dict:
    """boards, deals, gain_per_deal and its 95% interval. The seats of one board share its cards, so their
    gains are not independent: the interval is taken over the boards, each board's mean gain over its seats
    (its deals here) being one observation.

    Board 0 gains 10 and -10 (mean 0), board 1 gains 30 (mean 30): gain per deal 10 (over the 3 deals), board
    means 0 and 30, standard deviation 21.21, half-width 1.96 * 21.21 / root of 2 = 29.4 around their mean 15.

    >>> summary([Row(0, 0, 10, 0, "attack"), Row(0, 1, 0, 10, "defence"), Row(1, 0, 30, 0, None)])
    {'boards': 2, 'deals': 3, 'gain_per_deal': 10.0, 'ci95': [-14.4, 44.4]}
    """
    n = len(rows)
    if not n:
        return {"boards": 0, "deals": 0, "gain_per_deal": 0.0, "ci95": [0.0, 0.0]}
    by_board: dict[int, list[int]] = {}
    for r in rows:
        by_board.setdefault(r.board, []).append(r.gain)
    means = [sum(g) / len(g) for g in by_board.values()]
    b = len(means)
    centre = sum(means) / b
    sd = math.sqrt(sum((m - centre) ** 2 for m in means) / (b - 1)) if b > 1 else 0.0
    half = Z95 * sd / math.sqrt(b)
    return {"boards": b, "deals": n, "gain_per_deal": round(sum(r.gain for r in rows) / n, 2),
            "ci95": [round(centre - half, 2), round(centre + half, 2)]}


def board_rows(players: int, seed: int, board: int, budget_ms: float = 300,
               lineup: Lineup | None = None) -> tuple[list[Row], list[float]]:
    """One board: the others' reference (the bots by default), then the measured player (the advisor) in each
    seat; its rows and the measured player's decision times."""
    rows, timings, _faults = board_play(players, seed, board, lineup or Lineup(budget_ms=budget_ms))
    return rows, timings


def board_play(players: int, seed: int, board: int, lineup: Lineup) -> tuple[list[Row], list[float], dict]:
    """``board_rows`` with what the programs did wrong on this board (``Seating.faults``, by side and kind)."""
    table = seating_for(lineup)
    before = table.faults()
    timings: list[float] = []
    s = board_seed(seed, board)
    reference = play_board(players, s, lineup=lineup, board=board)
    rows = []
    for seat in range(players):
        mine = play_board(players, s, advisor_seat=seat, timings=timings, lineup=lineup, board=board)
        rows.append(Row(board, seat, seat_score(mine, seat), seat_score(reference, seat), role(mine, seat)))
    after = table.faults()
    return rows, timings, {side: _minus(after[side], before[side]) for side in after}


def _minus(a: dict, b: dict) -> dict:
    return {k: a[k] - b.get(k, 0) for k in a if a[k] - b.get(k, 0)}


def add_faults(total: dict, more: dict) -> None:
    """Add one board's faults (side -> kind -> count) into ``total``."""
    for side, kinds in more.items():
        mine = total.setdefault(side, {})
        for kind, n in kinds.items():
            mine[kind] = mine.get(kind, 0) + n


def _worker_start() -> None:
    """A process playing boards stops its programs when the match ends: at its normal end (the pool closed), or
    when the pool terminates it (a match stopped by an error or Ctrl-C)."""
    import os
    import signal
    from multiprocessing.util import Finalize

    Finalize(None, close_seatings, exitpriority=10)

    def stop(_signum, _frame):
        close_seatings()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)


def _board_job(args: tuple) -> tuple[list[Row], list[float], dict]:
    return board_play(*args)


def run_match(players: int, boards: int, seed: int, *, budget_ms: float = 300,
              progress: Callable[[int, int], None] | None = None, timings: list | None = None,
              partial: Callable[[dict], None] | None = None, jobs: int = 1,
              done: Mapping[int, list[Row]] | None = None,
              on_board: Callable[[int, list[Row]], None] | None = None,
              lineup: Lineup | None = None, record: Record | None = None) -> dict:
    """The match's JSON: the overall summary, and the same keys ``as_taker`` and ``as_defender``. ``lineup``:
    who plays (default the advisor, at ``budget_ms``, measured against the bots). ``timings`` collects the
    seconds each of the measured player's decisions took; ``partial`` gets the summary so far after each
    board (a long match shows its figures as it goes). ``jobs`` > 1 plays boards in that many processes: each
    board is seeded on its own, so the figures are the same whatever ``jobs`` is (tested). ``done``: boards
    already played (board -> its rows, from an earlier run of the same match) are not played again; ``on_board``
    gets each board's rows as it is played (to keep them, so a stopped run can go on); ``record`` does both
    with a file (``record.Record``). With a program in the lineup the JSON also has ``faults``: its decisions
    and the ones it lost (late, malformed, illegal, gone), for the seat measured and for the others."""
    lineup = lineup or Lineup(budget_ms=budget_ms)
    done = dict(record.done if record is not None else done or {})
    faults: dict = {}
    for b in done:
        if record is not None and b < boards:
            add_faults(faults, record.faults.get(b, {}))
    rows: list[Row] = []
    work = [(players, seed, b, lineup) for b in range(boards) if b not in done]
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start)
        results = pool.imap(_board_job, work)  # in board order
    else:
        pool, results = None, map(_board_job, work)
    finished = False
    try:
        kept = [r for b in sorted(done) if b < boards for r in done[b]]
        rows += kept
        for board, spent, wrong in results:
            rows += board
            add_faults(faults, wrong)
            if on_board is not None and board:
                on_board(board[0].board, board)
            if record is not None and board:
                record.keep(board[0].board, board, wrong)
            if timings is not None:
                timings += spent
            if progress is not None:
                progress(len({r.board for r in rows}), boards)
            if partial is not None:
                partial(summary(rows))
        finished = True
    finally:
        if pool is not None and finished:
            # Every board played: the workers stop on the pool's own word, with no signal. Terminated, one
            # killed while it held the task queue's lock once left the other waiting for it, and the match hung.
            pool.close()
            pool.join()
        elif pool is not None:
            pool.terminate()
        close_seatings()
    out = summary(rows)
    out["as_taker"] = summary([r for r in rows if r.role == "attack"])
    out["as_defender"] = summary([r for r in rows if r.role == "defence"])
    sides = {"seat": lineup.seat, "others": lineup.others}
    programs = [side for side, name in sides.items() if name.strip().startswith(PROGRAM)]
    if programs:
        out["faults"] = {side: {k: faults.get(side, {}).get(k, 0) for k in ("decisions", *FAULTS)}
                         for side in programs}
    return out


__all__ = ["run_match", "board_rows", "board_play", "play_board", "advisor_move", "board_seed", "summary", "Row",
           "seat_score", "role", "Lineup", "add_faults"]
