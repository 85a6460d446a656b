"""A real browser (Debian's Chromium, driven by Playwright) against `streamlit run` on a free port."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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
    port = _free_port()
    env = {**os.environ, "STREAMLIT_SERVER_HEADLESS": "true", "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
           "TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH}  # the Teacher page unlocks with TEACHER_PASSPHRASE
    # The server's output goes to a file: a pipe nobody reads blocks the server once it is full, and
    # the file keeps the log of a failed run.
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / "streamlit-server.log"
    log = open(log_path, "wb")  # noqa: SIM115 - open for the whole session, closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.fileWatcherType", "none",
         # with the level in each line, so the log check below can tell a warning from news
         "--logger.messageFormat", "%(asctime)s %(levelname)s %(name)s: %(message)s"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        log.close()
        pytest.fail("streamlit did not become healthy in 60 s:\n" + log_path.read_text(errors="replace"))
    server_log.path = log_path
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing: .ci/run installs it with apt-get")
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    if not shutil.which("node") and False:
        pytest.skip("no node")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    yield pg
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
    path = server_log.path
    start = path.stat().st_size
    yield
    time.sleep(0.3)  # the last rerun's log lines
    with open(path, "rb") as f:
        f.seek(start)
        found = problems_in(f.read().decode(errors="replace"))
    if found:
        pytest.fail("Streamlit logged a warning or an exception during this test (a bug):\n" + "\n".join(found[:20]),
                    pytrace=False)
