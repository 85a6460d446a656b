"""App speed: server-side rerun time per page and per main interaction (AppTest), and the cold
start from `streamlit run` to the first rendered page in Chromium.

Run: python bench/app.py [--runs 30] [--no-browser]
"""

from __future__ import annotations

import argparse
import atexit
import logging
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
# The bench answers questions and solves puzzles: keep that out of the learner's real progress.
_SCRATCH = tempfile.mkdtemp(prefix="tarot-tutor-bench-")
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)
os.environ["TUTOR_DATABASE_URL"] = f"sqlite:///{_SCRATCH}/progress.sqlite3"
APP = str(ROOT / "streamlit_app.py")
# Every page script, so a new page is measured too.
PAGES = sorted(p.stem for p in (ROOT / "tutor" / "ui" / "pages").glob("*.py"))


def timed(fn, runs: int) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def page_app(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(f"tutor/ui/pages/{page}.py")
    return at.run()


def interactions(runs: int) -> list[tuple[str, float, float]]:
    from tutor.quiz import generate
    from tutor.ui.data import puzzles

    out = []
    at = page_app("lesson")

    def next_step():
        at.session_state["step_the-deck"] = 0
        [b for b in at.button if b.label == "Next →"][0].click().run()
    out.append(("lesson: next step", *timed(next_step, runs)))

    drill = page_app("drill")

    def answer_drill():  # pick the legal cards as pills, then check
        kind, seed = drill.session_state["drill_kind"], drill.session_state["drill_seed"]
        q = generate(kind, seed, players=4, difficulty=1)
        drill.pills[0].set_value(list(q.answer))
        drill.button[0].click().run()
    out.append(("drill: answer a question", *timed(answer_drill, runs)))

    def new_position():  # a fresh seed: the generator really runs
        drill.button(key="drill_next").click().run()
    out.append(("drill: new position", *timed(new_position, runs)))

    pz = page_app("puzzles")
    choice = [p for p in puzzles() if p.to_question().answer_type.value == "choice"]
    turn = iter(range(10**6))

    def answer_puzzle():
        p = choice[next(turn) % len(choice)]
        pz.selectbox(key="pz_pick").set_value(p.id).run()
        q = p.to_question()
        pz.radio[0].set_value(q.choice(q.answer).label)
        pz.button[0].click().run()
    out.append(("puzzles: choose and answer", *timed(answer_puzzle, runs)))

    chk = page_app("check")

    def score():
        chk.button[0].click().run()
    out.append(("check: score a deal", *timed(score, runs)))
    return out


def cold_start() -> tuple[float, float] | None:
    """Seconds from `streamlit run` to the course's title (first paint) and to its "Start here" button
    (the course map ready: lessons loaded and the new progress database made)."""
    if not Path("/usr/bin/chromium").exists():
        return None
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import _free_port
    port = _free_port()
    with sync_playwright() as p:
        # The browser is started first: the clock measures the app, from `streamlit run` to the page.
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = b.new_page()
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", APP, "--server.port", str(port),
                                 "--server.headless", "true"], cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    page.goto(f"http://127.0.0.1:{port}", timeout=2000)
                    break
                except Exception:  # the server is not listening yet
                    time.sleep(0.05)
            page.get_by_role("heading", name="Tarot Tutor").wait_for(timeout=30000)
            painted = time.perf_counter() - start
            page.get_by_role("button", name="Start here →").wait_for(timeout=30000)
            ready = time.perf_counter() - start
        finally:
            proc.terminate()
            proc.wait(10)
            b.close()
    return painted, ready


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--cold-runs", type=int, default=3, help="cold starts to take the median of")
    args = ap.parse_args()
    # AppTest re-applies Streamlit's log level on every run, so silence the one chatty logger itself:
    # "missing ScriptRunContext", logged when the bench reads the app's caches from its own thread.
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True
    print(f"{'rerun':<28} {'median ms':>10} {'p95 ms':>8}")
    for page in PAGES:
        at = page_app(page)
        med, p95 = timed(at.run, args.runs)
        print(f"{'page: ' + page:<28} {med:>10.1f} {p95:>8.1f}")
    for name, med, p95 in interactions(args.runs):
        print(f"{name:<28} {med:>10.1f} {p95:>8.1f}")
    if not args.no_browser:
        colds = [cold_start() for _ in range(args.cold_runs)]
        if None in colds:
            print("cold start: n/a (no chromium)")
        else:
            for i, what in enumerate(("first paint (title)", "course map ready")):
                times = [c[i] for c in colds]
                print(f"cold start to {what}: median {statistics.median(times):.2f} s "
                      f"(runs: {', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main()
