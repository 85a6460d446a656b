"""Helpers for driving a Streamlit page in the browser tests: one limit for every wait, and `settle()`.

Every wait in the browser tests is for an outcome (a text, a heading, a download, the app idle), never for a
fixed time, and every wait's limit is ``SLOW``: generous enough for a machine three times slower than the
developers' one. Nothing passes sooner for a larger limit; a test only fails later when something is wrong.
"""

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]

# ms: the limit of every wait (Playwright's actions, its expect() assertions, settle(), the server's start).
# The longest outcome waited for is the practice review (about 19 s of CPU here: about two minutes three
# times slower with the other xdist worker on the same two cores): 180 s holds it.
# TUTOR_BROWSER_SLOW_MS raises it on an even slower machine (or lowers it to find a slow wait).
SLOW = int(os.environ.get("TUTOR_BROWSER_SLOW_MS", "180000"))
expect.set_options(timeout=SLOW)

# Streamlit's own "script state" on its root (data-test-script-state) only turns to "running" when the
# server answers a rerun request, so right after a click it still says "notRunning" for the old page. This
# script, run in every page before Streamlit's, numbers what passes on Streamlit's websocket: each rerun the
# browser asks for (BackMsg rerun_script, field 11, unless its ClientState says is_auto_rerun, field 6: a
# page's own redraw every few seconds, st.fragment(run_every=…), is no click's), each run the server starts
# (ForwardMsg new_session, field 4) and each run it finishes (ForwardMsg script_finished, field 6, other than
# "cut short for a rerun", value 2). The app is idle once the last request was followed by a run start and
# that by a finish.
WATCH_RUNS = """
(() => {
  if (window.__ttRuns || !window.WebSocket) return;
  const runs = window.__ttRuns = {seq: 0, asked: 0, started: 0, finished: 0};
  const bytes = d => d instanceof ArrayBuffer ? new Uint8Array(d)
    : ArrayBuffer.isView(d) ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : null;
  function fields(b) {  // a protobuf message's top-level fields: [number, a varint's value or the bytes]
    const out = [];
    let i = 0;
    const varint = () => { let v = 0, m = 1, x; do { x = b[i++]; v += (x & 127) * m; m *= 128; }
                           while (x & 128 && i < b.length); return v; };
    while (i < b.length) {
      const tag = varint(), n = Math.floor(tag / 8), w = tag % 8;
      if (w === 0) out.push([n, varint()]);
      else if (w === 2) { const len = varint(); out.push([n, b.subarray(i, i + len)]); i += len; }
      else if (w === 1 || w === 5) { i += w === 1 ? 8 : 4; out.push([n, null]); }
      else break;
    }
    return out;
  }
  class Watched extends window.WebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const b = bytes(ev.data);
        if (!b) return;
        for (const [n, v] of fields(b)) {
          if (n === 4) runs.started = ++runs.seq;
          else if (n === 6 && v !== 2) runs.finished = ++runs.seq;
        }
      });
    }
    send(data) {
      const b = bytes(data);
      const rerun = b && fields(b).find(([n]) => n === 11);
      if (rerun && !fields(rerun[1]).some(([n, v]) => n === 6 && v === 1)) runs.asked = ++runs.seq;
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();
"""

IDLE = """() => {
  const runs = window.__ttRuns, root = document.querySelector('[data-testid=stApp]');
  return !!runs && !!root && runs.asked > 0 && runs.started > runs.asked && runs.finished > runs.started
         && root.getAttribute('data-test-script-state') === 'notRunning'
         && !document.querySelector('[data-testid=stSkeleton], [data-stale=true]');
}"""  # and no element still waiting for its code (a skeleton) or left over from the run before (stale)


# Pages loaded since the process began: each costs Chromium about 2 s of CPU on a slow machine (Streamlit's
# frontend starting), so the suite's time log (tests/conftest.py) records each test's count.
LOADS = [0]


def _count_load(request) -> None:
    # an iframe's document is no page load; a new window's first request has no frame yet (Playwright raises)
    if request.resource_type == "document" and request.is_navigation_request():
        try:
            inner = request.frame.parent_frame is not None
        except PlaywrightError:
            inner = False
        LOADS[0] += not inner


def watch(ctx):
    """Prepare a browser context: every wait's limit is SLOW, every page numbers its Streamlit runs."""
    ctx.set_default_timeout(SLOW)
    ctx.set_default_navigation_timeout(SLOW)
    ctx.add_init_script(WATCH_RUNS)
    ctx.on("request", _count_load)
    return ctx


class WatchedBrowser:
    """The Playwright browser, whose new contexts are all prepared by watch()."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        return watch(self._browser.new_context(**options))

    def __getattr__(self, name):
        return getattr(self._browser, name)


def settle(pg) -> None:
    """Wait until Streamlit has finished every run this page asked for, including one a click just asked
    for and the server has not started yet, so the next click lands on the finished page, not on one about
    to be redrawn. A page whose click asks for no rerun (an expander, typing) is idle at once."""
    pg.wait_for_function(IDLE)  # the context's default limit: SLOW


# ms a click is given to ask for its rerun before it is taken as lost. A busy browser can send a click's rerun
# request several frames after the click: taken as lost too soon, the button was clicked again and the second
# click landed on what the first one's run drew in its place ("Start the quiz" became "Next question", and the
# class moved on twice). A lost click costs this much; a click that asks is seen at once.
ASK_MS = 10_000
ASKED = "asked => window.__ttRuns.asked > asked"


def press(pg, button) -> None:
    """Click ``button`` (a locator of a Streamlit button) and wait for the run it asks for. On a page that
    redraws part of itself every few seconds a click can land on a button being redrawn and be lost (no
    rerun is asked for in ASK_MS): then it is clicked again, until it asks or SLOW has passed."""
    deadline = time.monotonic() + SLOW / 1000
    while True:
        settle(pg)
        shown(pg, button)
        asked = pg.evaluate("() => window.__ttRuns.asked")
        button.click()
        try:
            pg.wait_for_function(ASKED, arg=asked, timeout=ASK_MS)
            break
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise AssertionError(f"a click on {button} asked for no rerun in {SLOW // 1000} s") from None
    settle(pg)


def shown(pg, what) -> None:
    """Wait until ``what`` (a locator) is visible; when it never is, fail with what the page shows instead (a
    browser test's failure on a busy CI machine is read from its log alone)."""
    try:
        what.first.wait_for(state="visible")
    except PlaywrightTimeout:
        text = pg.evaluate("() => document.body.innerText")
        raise AssertionError(f"{what} never appeared in {SLOW // 1000} s; the page shows:\n{text[:4000]}") from None


def follows(pg, what) -> None:
    """Wait until ``what`` (a locator) is visible on a page that should move by itself (its fragment's timer);
    when it never does, fail with the page's text and whether it still asks the server for runs (its runs
    counted now and 10 s later): a page whose timer stopped and a server that does not answer read apart."""
    try:
        what.first.wait_for(state="visible")
    except PlaywrightTimeout:
        before = pg.evaluate("() => JSON.stringify(window.__ttRuns)")
        pg.wait_for_timeout(10_000)
        after = pg.evaluate("() => JSON.stringify(window.__ttRuns)")
        text = pg.evaluate("() => document.body.innerText")
        raise AssertionError(f"{what} never appeared in {SLOW // 1000} s; the page's runs {before}, 10 s later "
                             f"{after}; it shows:\n{text[:3000]}") from None


# After a click has been handled and drawn (two frames later): is a select box's list open?
OPEN = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(
  () => done(!!document.querySelector('[role=listbox] [role=option]')))))"""


def choose(pg, box, option) -> None:
    """Open the select box ``box`` (a locator) and click ``option`` (a locator) in its list. A click can leave
    the list shut (one that lands while the box is still being set up, or a redraw of the page that shuts
    it): then the box is clicked again, until the list is open or SLOW has passed."""
    deadline = time.monotonic() + SLOW / 1000
    while True:
        settle(pg)
        box.click()
        if pg.evaluate(OPEN):
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"the select box's list did not open in {SLOW // 1000} s: {box}")
    option.click()


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
        deadline = time.monotonic() + SLOW / 1000
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"the {what} server stopped:\n" + log_path.read_text(errors="replace"))
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.3)  # a poll's pace, not a wait for the outcome: the loop asks again
        else:
            proc.kill()
            pytest.fail(f"the {what} server did not become healthy in {SLOW // 1000} s:\n"
                        + log_path.read_text(errors="replace"))
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
