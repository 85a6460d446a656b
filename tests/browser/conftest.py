"""A real browser (Debian's Chromium, driven by Playwright) against `streamlit run` on a free port."""

from __future__ import annotations

import contextlib
import os
import re
import socket
from pathlib import Path

import pytest
from streamlit_page import WatchedBrowser, settle, streamlit_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
TEACHER_PASSPHRASE = "browser test passphrase"
# tutor.classroom.passphrase.make_hash(TEACHER_PASSPHRASE, salt=bytes(16)); a test checks it still matches
TEACHER_HASH = ("scrypt$16384$8$1$00000000000000000000000000000000$"
                "f7ef1287642db15375f6beac691d500d52ebd98ad74b07c7728d940f28a6ad47")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    log_path = ARTIFACTS / "streamlit-server.log"
    server_log.path = log_path
    # the Teacher page unlocks with TEACHER_PASSPHRASE; each log line carries its level, so the log check
    # below can tell a warning from news
    with streamlit_server({"TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH}, log_path,
                          extra_args=("--logger.messageFormat", "%(asctime)s %(levelname)s %(name)s: %(message)s")
                          ) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing: .ci/run installs it with apt-get")
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield WatchedBrowser(b)  # every context: SLOW limits, and settle() can see its runs
        b.close()


IS_APP = "() => !!window.__ttRuns && !!document.querySelector('[data-testid=stApp]')"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test (``rep_call``), so a fixture's teardown knows if the test passed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    yield pg
    call = getattr(request.node, "rep_call", None)
    if call is not None and call.passed and pg.evaluate(IS_APP):
        settle(pg)  # the last click's run is over (and its log lines written) before the log check
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    ctx.close()


# A Streamlit warning or exception in the server's log is a bug: each test fails on the ones its own clicks
# caused (read from where the log stood when the test began).
PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback \(most recent call last\)|Uncaught app exception")


class server_log:  # noqa: N801 - a namespace for the log's path, set by the server fixture
    path: Path | None = None


def problems_in(text: str) -> list[str]:
    """The log lines that are warnings, errors or tracebacks."""
    return [line for line in text.splitlines() if PROBLEM.search(line)]


@pytest.fixture(autouse=True)
def no_streamlit_warnings(request):
    if "server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("server")
    with failing_on_log_problems(server_log.path):  # read after the page fixture has settled its page
        yield


@contextlib.contextmanager
def failing_on_log_problems(path: Path):
    """Fail the test if the Streamlit log at ``path`` gains a warning, an error or a traceback in the block
    (settle the block's pages first, so their last runs have logged)."""
    start = path.stat().st_size
    yield
    with open(path, "rb") as f:
        f.seek(start)
        found = problems_in(f.read().decode(errors="replace"))
    if found:
        pytest.fail("Streamlit logged a warning or an exception during this test (a bug):\n" + "\n".join(found[:20]),
                    pytrace=False)
