"""Issue 39: the practice page's Hint goes through the process's limit on expensive work
(``tutor.workload``): past this session's share, or with the server full, the page says so and does
no work."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor import workload

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())


def _practice() -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    at.switch_page("tutor/ui/pages/practice.py")
    at.query_params.update(players="4", seed="218")
    at.run()
    assert not at.exception
    return at


def test_a_session_past_its_share_is_told_to_wait_and_the_hint_is_not_worked_out(monkeypatch):
    monkeypatch.setattr(workload, "WORK", workload.Workload(workload.Limits(burst=1, refill=600.0)))
    at = _practice()
    at.button(key="pr_hint_btn").click().run()
    assert at.session_state["pr_table"].hints == 1 and not at.error
    at.button(key="pr_hint_btn").click().run()
    assert not at.exception
    assert at.session_state["pr_table"].hints == 1  # refused: no work, not counted
    said = [e.value for e in at.error]
    waits = [int(m.group(1)) for m in map(re.compile(r"in a short time: try again in (\d+) s").search, said) if m]
    assert waits and 500 < waits[0] <= 600, said  # the bucket refills one Hint in 600 s


def test_a_full_server_says_it_is_busy(monkeypatch):
    full = workload.Workload(workload.Limits(running=1, waiting=0, patience=0.05))
    monkeypatch.setattr(workload, "WORK", full)
    at = _practice()
    assert full._slots.acquire(timeout=1)  # another visitor's Hint holds the one slot
    try:
        at.button(key="pr_hint_btn").click().run()
    finally:
        full._slots.release()
    assert not at.exception and at.session_state["pr_table"].hints == 0
    assert any("The server is busy: try again in" in e.value for e in at.error), [e.value for e in at.error]

