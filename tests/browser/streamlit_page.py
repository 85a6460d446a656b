"""Helpers for driving a Streamlit page in the browser tests."""

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def settle(pg, timeout: float = 30000) -> None:
    """Wait until Streamlit has finished its current run (its root says so in data-test-script-state),
    so a click lands on the element of the finished page, not on one about to be redrawn."""
    pg.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                         "?.getAttribute('data-test-script-state') === 'notRunning'", timeout=timeout)



@contextlib.contextmanager
def streamlit_server(env: dict, log_path: Path, what: str = "streamlit", extra_args: tuple = ()):
    """`streamlit run` of the app on a free port with ``env`` added to this process's environment; yields its
    address once healthy. Its output goes to ``log_path`` (a pipe nobody reads would block it once full)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "STREAMLIT_SERVER_HEADLESS": "true", "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
           **env}
    log_path.parent.mkdir(exist_ok=True)
    log = open(log_path, "wb")  # noqa: SIM115 - open while the server runs, closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.fileWatcherType", "none", *extra_args],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
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
            pytest.fail(f"the {what} server did not become healthy in 60 s:\n" + log_path.read_text(errors="replace"))
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
