"""App speed: server-side rerun time per page and per main interaction (AppTest), and the cold
start from `streamlit run` to the first rendered page in Chromium.

Run: python bench/app.py [--runs 30] [--no-browser]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "streamlit_app.py")
PAGES = ["course", "lesson", "drill", "puzzles", "reference", "check"]


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
    out = []
    at = page_app("lesson")

    def next_step():
        at.session_state["step_the-deck"] = 0
        [b for b in at.button if b.label == "Next →"][0].click().run()
    out.append(("lesson: next step", *timed(next_step, runs)))

    chk = page_app("check")

    def score():
        chk.button[0].click().run()
    out.append(("check: score a deal", *timed(score, runs)))
    return out


def cold_start() -> float | None:
    if not Path("/usr/bin/chromium").exists():
        return None
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import _free_port
    port = _free_port()
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", APP, "--server.port", str(port),
                             "--server.headless", "true"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            page = b.new_page()
            while True:
                try:
                    page.goto(f"http://127.0.0.1:{port}", timeout=2000)
                    break
                except Exception:  # the server is not listening yet
                    time.sleep(0.05)
            page.get_by_role("heading", name="Tarot Tutor").wait_for(timeout=30000)
            elapsed = time.perf_counter() - start
            b.close()
        return elapsed
    finally:
        proc.terminate()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    print(f"{'rerun':<28} {'median ms':>10} {'p95 ms':>8}")
    for page in PAGES:
        at = page_app(page)
        med, p95 = timed(at.run, args.runs)
        print(f"{'page: ' + page:<28} {med:>10.1f} {p95:>8.1f}")
    for name, med, p95 in interactions(args.runs):
        print(f"{name:<28} {med:>10.1f} {p95:>8.1f}")
    if not args.no_browser:
        cold = cold_start()
        print("cold start to first page:", "n/a (no chromium)" if cold is None else f"{cold:.2f} s")


if __name__ == "__main__":
    main()
