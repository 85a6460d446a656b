"""A duplicate match: the advisor against the practice bots, luck removed the way the FFT removes it.

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

Parts: ``as_taker`` keeps the deals where the advisor's seat was on the attack (the taker, or a called
partner with 5 players), ``as_defender`` those where it defended (the advisor's own deal decides).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...engine import Bid, Deal, Phase, PlayCard, ShowPoignee, poignee_options, poignee_to_show
from ...engine.rules import Contract
from ..advisor.advise import advise_actions, advise_card
from ..bots.policy import choose_play, decide
from ..noise import Z95

OVER = (Phase.DONE, Phase.CANCELLED)


def board_seed(seed: int, board: int) -> int:
    """The deal's seed for board ``board`` (from 0) of a match seeded ``seed``."""
    return random.Random(f"match:{seed}:{board}").randrange(2**31)


def advisor_move(deal: Deal, budget_ms: float, seed: int):
    """The advisor's action for the seat to act (the bot's when it is tied with the best)."""
    seat = deal.to_act
    view = deal.view(seat)
    bot = decide(view).action
    if deal.phase is Phase.BIDDING and seat not in view.barred:
        top = max((b for _, b in view.bids if b is not None), default=None)
        options = [None] + [c for c in Contract if top is None or c > top]
        branches = {("pass" if o is None else o.value): Bid(seat, o) for o in options}
        mine = "pass" if bot.contract is None else bot.contract.value
        a = advise_actions(view, branches, budget_ms=budget_ms, seed=seed, prefer=mine)
        return branches[a.pick]
    if deal.phase is Phase.PLAYING:
        first = not view.tricks and seat not in view.trick_seats
        levels = poignee_options(list(view.hand), players=view.players) if first else []
        if levels and not any(s == seat for s, _ in view.poignees):
            shown = ShowPoignee(seat, tuple(poignee_to_show(list(view.hand), levels[-1], players=view.players)))
            card = PlayCard(seat, choose_play(view)[0])
            a = advise_actions(view, {"show": (shown, card), "hide": card}, budget_ms=budget_ms, seed=seed)
            return shown if a.tied("show") else card  # the bots show: keep that unless hiding is better
        if len(view.legal) < 2:
            return bot
        a = advise_card(view, budget_ms=budget_ms, seed=seed)
        return PlayCard(seat, a.pick)  # the bot's card unless another is better beyond the noise
    return bot


def play_board(players: int, seed: int, *, advisor_seat: int | None = None, budget_ms: float = 300,
               timings: list | None = None) -> Deal:
    """Board ``seed`` played by the bots, with the advisor in ``advisor_seat`` (None: bots only). ``timings``
    collects the wall-clock seconds of each of the advisor's decisions (for bench/)."""
    deal = Deal.new(players, seed=seed, dealer=seed % players)
    while deal.phase not in OVER:
        if deal.to_act == advisor_seat:
            start = time.perf_counter()
            try:
                action = advisor_move(deal, budget_ms, seed)
            except ValueError:  # no sample fits what the seat saw (should not happen): the bot's move
                action = decide(deal.view(deal.to_act)).action
            if timings is not None:
                timings.append(time.perf_counter() - start)
            deal.apply(action)
        else:
            deal.apply(decide(deal.view(deal.to_act)).action)
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


def board_rows(players: int, seed: int, board: int, budget_ms: float = 300) -> tuple[list[Row], list[float]]:
    """One board: the bots' reference, then the advisor in each seat; its rows and the advisor's decision times."""
    timings: list[float] = []
    s = board_seed(seed, board)
    reference = play_board(players, s)
    rows = []
    for seat in range(players):
        mine = play_board(players, s, advisor_seat=seat, budget_ms=budget_ms, timings=timings)
        rows.append(Row(board, seat, seat_score(mine, seat), seat_score(reference, seat), role(mine, seat)))
    return rows, timings


def _board_job(args: tuple) -> tuple[list[Row], list[float]]:
    return board_rows(*args)


def run_match(players: int, boards: int, seed: int, *, budget_ms: float = 300,
              progress: Callable[[int, int], None] | None = None, timings: list | None = None,
              partial: Callable[[dict], None] | None = None, jobs: int = 1,
              done: Mapping[int, list[Row]] | None = None,
              on_board: Callable[[int, list[Row]], None] | None = None) -> dict:
    """The match's JSON: the overall summary, and the same keys ``as_taker`` and ``as_defender``. ``timings``
    collects the seconds each of the advisor's decisions took; ``partial`` gets the summary so far after each
    board (a long match shows its figures as it goes). ``jobs`` > 1 plays boards in that many processes: each
    board is seeded on its own, so the figures are the same whatever ``jobs`` is (tested). ``done``: boards
    already played (board -> its rows, from an earlier run of the same match) are not played again; ``on_board``
    gets each board's rows as it is played (to keep them, so a stopped run can go on)."""
    done = done or {}
    rows: list[Row] = []
    work = [(players, seed, b, budget_ms) for b in range(boards) if b not in done]
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap(_board_job, work)  # in board order
    else:
        pool, results = None, map(_board_job, work)
    try:
        kept = [r for b in sorted(done) if b < boards for r in done[b]]
        rows += kept
        for board, spent in results:
            rows += board
            if on_board is not None and board:
                on_board(board[0].board, board)
            if timings is not None:
                timings += spent
            if progress is not None:
                progress(len({r.board for r in rows}), boards)
            if partial is not None:
                partial(summary(rows))
    finally:
        if pool is not None:
            pool.terminate()
    out = summary(rows)
    out["as_taker"] = summary([r for r in rows if r.role == "attack"])
    out["as_defender"] = summary([r for r in rows if r.role == "defence"])
    return out


__all__ = ["run_match", "board_rows", "play_board", "advisor_move", "board_seed", "summary", "Row", "seat_score",
           "role"]
