"""App speed: server-side rerun time per page and per main interaction (AppTest), the cold
start from `streamlit run` to the first rendered page in Chromium, and the time a learner waits for a
legal-cards answer of 6 cards in Chromium: on the card table, with the pills the drill had before it
(`main`'s code, run from a copy), and with one rerun per pill (the pills outside a form, as the practice
page had them).

Run: python bench/app.py [--runs 30] [--no-browser] [--answer-runs 5] [--pills-ref cb79b69]
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
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
    from tutor.ui.common.data import puzzles

    out = []
    at = page_app("lesson")

    def next_step():
        at.session_state["step_the-deck"] = 0
        [b for b in at.button if b.label == "Next →"][0].click().run()
    out.append(("lesson: next step", *timed(next_step, runs)))

    drill = page_app("drill")

    def answer_drill():  # the legal cards typed (the table's answer is timed in Chromium), then check
        kind, seed = drill.session_state["drill_kind"], drill.session_state["drill_seed"]
        q = generate(kind, seed, players=4, difficulty=1)
        drill.text_input(key=f"drill_{kind}_{seed}_4_1_typed").set_value(" ".join(c.code for c in q.answer))
        drill.button[0].click().run()
    out.append(("drill: answer a question", *timed(answer_drill, runs)))

    def new_position():  # a fresh seed: the generator really runs
        drill.button(key="drill_next").click().run()
    out.append(("drill: new position", *timed(new_position, runs)))

    pz = page_app("puzzles")
    from tutor.ui.table.question_views import answered_by_table
    choice = [p for p in puzzles() if hasattr(p, "to_question") and p.to_question().answer_type.value == "choice"
              and not answered_by_table(p.to_question())]  # a choice among cards is made on the table
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


# ---------------------------------------------------------------- one answer in Chromium

LEGAL_SEED = 1  # a 4-player legal-cards drill whose answer is 6 of the 18 cards in hand
PILLS_REF = "cb79b69"  # the last commit whose drill answered with pills, before the card table
PILLS_APP = '''
import streamlit as st
from tutor.quiz import check_answer, generate
from tutor.ui.common.cards import card_label
q = generate("legal", {seed}, players=4, difficulty=1)
st.markdown(q.prompt)
chosen = st.pills("Pick the cards", list(q.pool), selection_mode="multi", format_func=card_label, key="p") or []
st.caption(f"{{len(chosen)}} picked")  # drawn by the rerun that follows each pill click
if st.button("Check my answer", type="primary"):
    fb = check_answer(q, chosen)
    st.success("Right!") if fb.correct else st.error(fb.message)
'''


@contextlib.contextmanager
def _serving(script: Path, cwd: Path):
    """`streamlit run script` on a free port, from ``cwd`` (whose ``tutor`` package is the one imported)."""
    import urllib.request
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import _free_port
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
                             "--server.headless", "true", "--server.fileWatcherType", "none"], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def _settle(page) -> None:
    page.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                           "?.getAttribute('data-test-script-state') === 'notRunning'", timeout=30000)


def answer_times(runs: int, pills_ref: str) -> list[tuple[str, list[tuple[float, float]]]]:
    """For the same 6-card legal-cards answer: seconds from the first click to the feedback shown, and
    from the answer button's click to the feedback shown. The three ways are measured in turn, run after
    run, so a busy machine weighs on each alike."""
    if not Path("/usr/bin/chromium").exists():
        return []
    from playwright.sync_api import sync_playwright

    from tutor.quiz import generate
    from tutor.ui.common.cards import card_label, card_name
    q = generate("legal", LEGAL_SEED, players=4, difficulty=1)
    assert len(q.answer) == 6
    drill = f"/drill?kind=legal&seed={LEGAL_SEED}&players=4&difficulty=1"
    check = lambda pg: pg.get_by_role("button", name="Check my answer", exact=True).click()  # noqa: E731

    def pill_with_rerun(pg, c, i):
        pg.get_by_role("button", name=card_label(c), exact=True).first.click()
        pg.get_by_text(f"{i + 1} picked").wait_for(timeout=30000)  # this pill's rerun has drawn the page

    ways = []  # (name, url, click a card, page ready, answer)
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(_serving(ROOT / "streamlit_app.py", ROOT))
        ways.append(("card table: 6 clicks + 1 answer (1 rerun)", url + drill,
                     lambda pg, c, i: pg.get_by_role("button", name=card_name(c), exact=True).click(),
                     lambda pg: pg.get_by_role("button", name=card_name(q.pool[0]), exact=True).wait_for(timeout=60000),
                     check))
        old = Path(tempfile.mkdtemp(prefix="tarot-tutor-pills-", dir=_SCRATCH))
        archive = subprocess.run(["git", "archive", pills_ref], cwd=ROOT, capture_output=True)
        if archive.returncode == 0:
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
            url = stack.enter_context(_serving(old / "streamlit_app.py", old))
            ways.append((f"drill pills ({pills_ref}): in a form, 0 reruns + 1", url + drill,
                         lambda pg, c, i: pg.get_by_role("button", name=card_label(c), exact=True).first.click(),
                         lambda pg: pg.get_by_text(f"seed {LEGAL_SEED}").first.wait_for(timeout=60000), check))
        script = Path(_SCRATCH) / "pills_app.py"
        script.write_text(PILLS_APP.format(seed=LEGAL_SEED))
        url = stack.enter_context(_serving(script, ROOT))
        ways.append(("pills, one rerun per click: 6 reruns + 1", url, pill_with_rerun,
                     lambda pg: pg.get_by_text("0 picked").wait_for(timeout=60000), check))

        p = stack.enter_context(sync_playwright())
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        stack.callback(b.close)

        def measure(url, click, ready, answer) -> tuple[float, float]:
            page = b.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            ready(page)
            _settle(page)
            start = time.perf_counter()
            for i, c in enumerate(q.answer):
                click(page, c, i)
            chosen = time.perf_counter()
            answer(page)
            page.get_by_text("Right!").first.wait_for(timeout=30000)
            done = time.perf_counter()
            page.close()
            return done - start, done - chosen

        for way in ways:  # a first visit of each warms its caches; not counted
            measure(*way[1:])
        times: dict[str, list[tuple[float, float]]] = {way[0]: [] for way in ways}
        for _ in range(runs):
            for name, *rest in ways:
                times[name].append(measure(*rest))
    return list(times.items())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--cold-runs", type=int, default=3, help="cold starts to take the median of")
    ap.add_argument("--answer-runs", type=int, default=5, help="6-card answers in Chromium, per way of answering")
    ap.add_argument("--pills-ref", default=PILLS_REF, help="a git ref whose drill still has the pills")
    ap.add_argument("--answer-only", action="store_true", help="only the 6-card answer in Chromium")
    args = ap.parse_args()
    # AppTest re-applies Streamlit's log level on every run, so silence the one chatty logger itself:
    # "missing ScriptRunContext", logged when the bench reads the app's caches from its own thread.
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True
    if not args.no_browser:
        print("a legal-cards answer of 6 cards in Chromium, median seconds (runs):")
        print(f"  {'':<44} {'first click to feedback':<32} answer click to feedback")
        for name, times in answer_times(args.answer_runs, args.pills_ref):
            whole, last = [t[0] for t in times], [t[1] for t in times]
            cell = [f"{statistics.median(x):.2f} ({', '.join(f'{t:.2f}' for t in x)})" for x in (whole, last)]
            print(f"  {name:<44} {cell[0]:<32} {cell[1]}")
        if args.answer_only:
            return
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
