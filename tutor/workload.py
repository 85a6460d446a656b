"""Expensive work on demand, limited per browser session and per server process (issue 39).

A Hint, a review of a played deal, a bid's advice or a solver's line costs 0.2 to a few seconds of
CPU, and any visitor can ask for one on any deal. So each such piece of work goes through ``guard``:

- per session, a bucket of ``BURST`` pieces that refills one every ``REFILL`` seconds: a tab asking
  faster is told to try again in the seconds its next piece needs;
- per process, at most ``RUNNING`` pieces at once and ``WAITING`` more in a queue; a piece that
  finds the queue full, or waits longer than ``PATIENCE`` seconds for its turn, is refused with "The
  server is busy: try again in N s", N from the recent pieces' average time and the queue ahead.

Refused work costs nothing: learners already in the queue are served sooner. The numbers are in
``LIMITS``; ``bench/workload.py`` measures how many visitors one process serves.

>>> w = Workload(Limits(running=1, waiting=0, burst=2, refill=10.0), clock=lambda: 0.0)
>>> with w.guard("tab"):
...     pass
>>> with w.guard("tab"):
...     pass
>>> with w.guard("tab"):
...     pass
Traceback (most recent call last):
...
tutor.workload.Busy: You asked for a lot of work in a short time: try again in 10 s.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from .i18n import _


@dataclass(frozen=True)
class Limits:
    running: int = 2  # pieces of work at once in one process (2 cores; more only share them)
    waiting: int = 6  # pieces queued behind them; one more is refused at once
    patience: float = 4.0  # seconds a queued piece waits for its turn before it is refused
    burst: int = 6  # pieces one session may ask for at once
    refill: float = 3.0  # seconds for one more piece, per session
    sessions: int = 10_000  # sessions remembered (the oldest is forgotten first)


LIMITS = Limits()


class Busy(Exception):
    """Work refused: ``wait`` seconds to wait; ``mine``: this session asked too often (else the server is full)."""

    def __init__(self, wait: float, mine: bool):
        self.wait, self.mine = max(1, math.ceil(wait)), mine
        text = (_("You asked for a lot of work in a short time: try again in {n} s.") if mine
                else _("The server is busy: try again in {n} s."))
        super().__init__(text.format(n=self.wait))


class Workload:
    def __init__(self, limits: Limits = LIMITS, clock: Callable[[], float] = time.monotonic):
        self.limits, self.clock = limits, clock
        self._lock = threading.Lock()
        self._slots = threading.Semaphore(limits.running)
        self._queued = 0
        self._average = 0.5  # seconds a piece takes, averaged over the recent ones
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # session -> (pieces left, at)

    def _take(self, session: str) -> None:
        lim, now = self.limits, self.clock()
        with self._lock:
            left, at = self._buckets.pop(session, (float(lim.burst), now))
            left = min(float(lim.burst), left + (now - at) / lim.refill)
            if left < 1.0:
                self._buckets[session] = (left, now)
                raise Busy((1.0 - left) * lim.refill, mine=True)
            self._buckets[session] = (left - 1.0, now)
            while len(self._buckets) > lim.sessions:
                self._buckets.popitem(last=False)

    def _estimate(self, ahead: int) -> float:
        return self._average * (ahead + 1) / self.limits.running

    @contextmanager
    def guard(self, session: str) -> Iterator[None]:
        """Run the ``with`` block as one piece of work of ``session``, or raise ``Busy``."""
        self._take(str(session or "?"))
        with self._lock:
            if self._queued >= self.limits.running + self.limits.waiting:
                raise Busy(self._estimate(self._queued), mine=False)
            self._queued += 1
        try:
            if not self._slots.acquire(timeout=self.limits.patience):
                raise Busy(self._estimate(self._queued), mine=False)
            start = time.monotonic()
            try:
                yield
            finally:
                took = time.monotonic() - start
                with self._lock:
                    self._average = 0.8 * self._average + 0.2 * took
                self._slots.release()
        finally:
            with self._lock:
                self._queued -= 1


WORK = Workload()  # the server process's own


def guard(session: str):
    """``WORK.guard``: the process's limit on expensive work."""
    return WORK.guard(session)
