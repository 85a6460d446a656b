"""Separate processes released at once by a barrier (SQLite's locks only show across processes), for the
concurrency tests.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from datetime import UTC, datetime

FORK = mp.get_context("fork")  # the children start from this process: no second import of everything

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _at_once(n: int, target, *args) -> list:
    """Run ``target(i, *args)`` in ``n`` processes released together by a barrier; their results."""
    barrier, out = FORK.Barrier(n), FORK.Queue()

    def child(i):
        try:
            barrier.wait(timeout=60)
            out.put((i, target(i, *args)))
        except BaseException as exc:  # reported to the test, never lost
            out.put((i, f"crash: {type(exc).__name__}: {exc}"))
    procs = [FORK.Process(target=child, args=(i,)) for i in range(n)]
    for p in procs:
        p.start()
    results = {}
    try:
        for _ in range(n):
            i, r = out.get(timeout=120)
            results[i] = r
    except queue.Empty:
        pass
    for p in procs:
        p.join(30)
    assert len(results) == n, f"only {len(results)} of {n} processes answered"
    return [results[i] for i in range(n)]
