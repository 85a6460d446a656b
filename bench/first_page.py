"""A first page that does not wait (issue 38), in server CPU time (the machine is shared: wall time lies).

Three figures, each against its goal:
- **a new server process's first page**: the CPU the `streamlit run` process spends from its start until Chromium
  shows the course's "Start here" button (its own start-up included), goal under 1.5 s: for the first process
  on an empty database and cache (a new install, or the first start after an update of the lessons or the code:
  the course is checked against the engine), and for a process restarted on the same ones (the checked course
  read back from ``$TUTOR_CACHE_DIR``);
- **a new session's first page** on a warm server: the CPU the server spends for one more session until "Start
  here" shows, goal under 100 ms (median of ``--sessions``): in a browser that has the app's files cached (a new
  tab, a learner coming back), and in one new to the app (Streamlit then sends its own files too: about 130 ms
  of CPU for an app of one button, here; a proxy that serves them, see docs/serving.md, takes that off). The
  HTTP requests that new browser made (Streamlit's page, its 60-odd script chunks, fonts and style sheet; never
  gzipped: Streamlit serves ``/static/`` uncompressed) are also asked again alone, without a browser, a websocket
  or a script run, to show what sending the files costs by itself;
- **a later rerun** of the Course, Lesson, Drill and Class pages, goal under 50 ms: on the server (the page
  opened in Chromium, then rerun with Streamlit's ``r`` key: median of ``--runs // 2``), and under AppTest in
  this process (the same script run without Streamlit's own work around it: median of ``--runs``).

The server's CPU is read from ``/proc/<pid>/stat`` (user + system, all its threads), after the page is shown and
the server has gone idle. Run: python bench/first_page.py [--sessions 10] [--runs 20]
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = os.environ.get("FIRST_PAGE_APP", str(ROOT / "streamlit_app.py"))
GOALS = {"first page of a new server process": 1.5, "the same, restarted": 1.5, "a new session's first page": 0.100,
         "a later rerun": 0.050}
RERUN_PAGES = ("course", "lesson", "drill", "class_quiz")
TICK = os.sysconf("SC_CLK_TCK")
CHROMIUM = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"]


def server_cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def idle_cpu(pid: int, quiet: float = 0.3, limit: float = 30.0) -> float:
    """The process's CPU once it has stopped using any for ``quiet`` seconds (its rerun and writes are over)."""
    last, since, start = server_cpu(pid), time.monotonic(), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.05)
        now = server_cpu(pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


# The browser's view of the run: Streamlit says the script has finished and nothing is left from the run before.
DRAWN = """() => document.querySelector('[data-testid=stApp]')?.getAttribute('data-test-script-state') === 'notRunning'
  && !document.querySelector('[data-testid=stSkeleton], [data-stale=true]')"""


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int, scratch: str) -> subprocess.Popen:
    # Python as an install has it: the package's compiled modules written by the first process and read by the
    # next (this machine sets PYTHONDONTWRITEBYTECODE, which would compile them again in every process).
    env = {**os.environ, "TUTOR_DATABASE_URL": f"sqlite:///{scratch}/progress.sqlite3",
           "TUTOR_CACHE_DIR": f"{scratch}/cache"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.Popen([sys.executable, "-m", "streamlit", "run", APP, "--server.port", str(port),
                             "--server.headless", "true", "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_healthy(port: int, limit: float = 60.0) -> None:
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def first_page(browser, port: int, proc: subprocess.Popen) -> tuple[float, float]:
    """(start-up CPU, CPU to the first page) of a server just started, in a browser new to the app."""
    wait_healthy(port)
    started = idle_cpu(proc.pid)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
    page.get_by_role("button", name="Start here →").wait_for(timeout=120_000)
    first = idle_cpu(proc.pid)
    context.close()
    return started, first


SERVER_PAGES = {"course": "", "lesson": "lesson", "drill": "drill", "class_quiz": "class"}


def server_reruns(browser, port: int, proc: subprocess.Popen, runs: int) -> dict[str, float]:
    """The median server CPU of one rerun of each page (Streamlit's ``r`` key) in one browser session."""
    out = {}
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    for name, path in SERVER_PAGES.items():
        page.goto(f"http://127.0.0.1:{port}/{path}", timeout=120_000)
        page.get_by_role("heading").first.wait_for(timeout=120_000)
        samples = []
        for _ in range(runs):
            before = idle_cpu(proc.pid)
            page.keyboard.press("r")
            samples.append(idle_cpu(proc.pid) - before)
        out[name] = statistics.median(samples)
    page.close()
    return out


def first_pages(sessions: int, runs: int = 10):
    """(server start-up CPU, CPU to the first page, CPU of the course check that follows it, CPU of each later new
    the same in a browser that has the app's files cached, (start-up, first page) of a second process started on
    the first one's database and cache, and the median CPU of a rerun of each page on the server)."""
    from playwright.sync_api import sync_playwright
    scratch = tempfile.mkdtemp(prefix="tarot-tutor-first-page-")
    for compiled in (ROOT / "tutor").rglob("__pycache__"):  # a new install: the package not compiled yet
        shutil.rmtree(compiled, ignore_errors=True)
    port = free_port()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM)
        proc = serve(port, scratch)
        try:
            wait_healthy(port)
            started = idle_cpu(proc.pid)
            per_session, warm, files = [], [], []
            kept = browser.new_context(viewport={"width": 1280, "height": 800})  # keeps the app's files cached
            for i in range(2 * sessions + 1):
                cached = i > sessions
                before = idle_cpu(proc.pid)
                context = kept if cached else browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                if i == 1:  # a new browser on the warm server: the files it asks for
                    page.on("request", lambda r: files.append(r.url) if r.url.startswith("http") else None)
                page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
                page.get_by_role("button", name="Start here →").wait_for(timeout=120_000)
                if i == 0:  # shown whole: what a new install costs before its page, not the check that follows
                    page.wait_for_function(DRAWN, timeout=120_000)
                    spent = server_cpu(proc.pid) - before
                else:
                    spent = idle_cpu(proc.pid) - before
                page.close()
                if not cached and context is not kept:
                    context.close()
                (warm if cached else per_session).append(spent)
                if i == 0:  # on a new install the course is checked after the first page, in the background
                    checked = idle_cpu(proc.pid, quiet=2.0) - before - spent
                print(f"  session {i + 1}{' (files cached)' if cached else ''}: {spent * 1000:.0f} ms of server CPU",
                      file=sys.stderr)
                if i == sessions:  # the kept browser's first visit fills its cache
                    page = kept.new_page()
                    page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
                    page.get_by_role("button", name="Start here →").wait_for(timeout=120_000)
                    page.close()
            sent = [replay(port, proc, files) for _ in range(sessions)]
            on_server = server_reruns(browser, port, proc, runs)
            proc.terminate()
            proc.wait(10)
            proc = serve(port, scratch)  # restarted: the same database and cache
            restarted = first_page(browser, port, proc)
            return (started, started + per_session[0], checked, per_session[1:], warm, restarted, on_server,
                    (len(files), statistics.median(sent)))
        finally:
            proc.terminate()
            proc.wait(10)
            browser.close()
            shutil.rmtree(scratch, ignore_errors=True)


def replay(port: int, proc: subprocess.Popen, urls: list[str]) -> float:
    """The server CPU of the HTTP requests a new browser made (Streamlit's page and files), asked again in order
    on one connection, without a browser, a websocket or a script run: what sending the files alone costs."""
    import http.client
    from urllib.parse import urlsplit

    before = idle_cpu(proc.pid)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for url in urls:
        parts = urlsplit(url)
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                     headers={"Accept-Encoding": "gzip, deflate, br"})
        conn.getresponse().read()
    conn.close()
    return idle_cpu(proc.pid) - before


def reruns(runs: int) -> dict[str, float]:
    """The median CPU of one rerun of each page, under AppTest in this process."""
    from streamlit.testing.v1 import AppTest
    out = {}
    for name in RERUN_PAGES:
        at = AppTest.from_file(APP, default_timeout=120).run()
        at.switch_page(f"tutor/ui/pages/{name}.py")
        at.run()
        samples = []
        for _ in range(runs):
            t = time.process_time()
            at.run()
            samples.append(time.process_time() - t)
        out[name] = statistics.median(samples)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=10, help="new sessions on the warm server (the median)")
    ap.add_argument("--runs", type=int, default=20, help="reruns of each page (the median)")
    args = ap.parse_args()
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True
    scratch = tempfile.mkdtemp(prefix="tarot-tutor-first-page-at-")
    os.environ["TUTOR_DATABASE_URL"] = f"sqlite:///{scratch}/progress.sqlite3"
    started, first, checked, later, warm, (again_started, again_first), on_server, (n_files, sent) = first_pages(
        args.sessions, max(1, args.runs // 2))
    again = reruns(args.runs)
    shutil.rmtree(scratch, ignore_errors=True)
    rows = [("first page of a new server process", first,
             f"(an empty database and cache; of which the server's own start {started:.2f} s; then the course's "
             f"check, in the background once the page is shown: {checked:.2f} s)"),
            ("the same, restarted", again_first,
             f"(on the same database and cache; of which the server's own start {again_started:.2f} s)"),
            ("a new session's first page", statistics.median(warm),
             f"(median of {len(warm)}, a browser with the app's files cached: a new tab, a learner coming back)"),
            ("a new session's first page", statistics.median(later),
             f"(median of {len(later)}, a browser new to the app: its files are sent too; its {n_files} HTTP "
             f"requests alone, asked again without a browser: {sent * 1000:.0f} ms)"),
            ("a later rerun", max(on_server.values()), "(on the server, the slowest page's median: "
             + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in on_server.items()) + ")"),
            ("a later rerun", max(again.values()),
             "(AppTest, the slowest page's median: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in again.items())
             + ")")]
    print("server CPU time (user + system), against the goals of issue 38:")
    for name, value, note in rows:
        goal = GOALS[name]
        unit = (lambda x: f"{x:.2f} s") if goal >= 1 else (lambda x: f"{x * 1000:.0f} ms")
        verdict = "meets" if value < goal else "misses"
        print(f"  {name:<36} {unit(value):>8}  goal under {unit(goal)}: {verdict}  {note}")


if __name__ == "__main__":
    main()
