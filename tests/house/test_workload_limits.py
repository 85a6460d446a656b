"""Issue 39: Hints, reviews, bid advice and solves are limited per session and per server process;
refused work is told "try again in N s" and costs nothing."""

from __future__ import annotations

import threading
import time

import pytest

from tutor.workload import Busy, Limits, Workload


def test_one_session_gets_its_burst_then_waits_for_the_refill():
    now = [0.0]
    w = Workload(Limits(running=2, waiting=2, burst=3, refill=4.0), clock=lambda: now[0])
    for _ in range(3):
        with w.guard("tab"):
            pass
    with pytest.raises(Busy) as err, w.guard("tab"):
        raise AssertionError("refused work must not run")
    assert err.value.mine and err.value.wait == 4 and "try again in 4 s" in str(err.value)
    with w.guard("other-tab"):  # another session has its own bucket
        pass
    now[0] = 3.0  # three quarters of a piece back: one more second to wait
    with pytest.raises(Busy) as err, w.guard("tab"):
        pass
    assert err.value.wait == 1
    now[0] = 7.0
    with w.guard("tab"):
        pass


def test_the_process_runs_two_at_once_queues_a_few_and_says_it_is_busy_beyond():
    w = Workload(Limits(running=2, waiting=2, patience=5.0, burst=100, refill=1.0))
    release, lock = threading.Event(), threading.Lock()
    active, most, refused = [0], [0], []

    def piece(i):
        try:
            with w.guard(f"visitor-{i}"):  # a fresh session each: only the process's limit stops them
                with lock:
                    active[0] += 1
                    most[0] = max(most[0], active[0])
                release.wait(10)
                with lock:
                    active[0] -= 1
        except Busy as busy:
            refused.append(busy)
    threads = [threading.Thread(target=piece, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 10
    while len(refused) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    release.set()
    for t in threads:
        t.join(10)
    assert most[0] == 2  # never more than two at once
    assert len(refused) == 4  # 2 running + 2 queued; the other 4 refused at once
    assert all(not b.mine and b.wait >= 1 and "The server is busy: try again in" in str(b) for b in refused)


def test_a_queued_piece_that_waits_too_long_is_refused():
    w = Workload(Limits(running=1, waiting=3, patience=0.2, burst=10, refill=1.0))
    with w.guard("first"), pytest.raises(Busy) as err, w.guard("second"):  # "second" waits 0.2 s for the slot
        raise AssertionError("refused work must not run")
    assert not err.value.mine
    with w.guard("second"):  # the slot is free again
        pass
