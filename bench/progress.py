"""Progress store speed: the time to record one answer, what recording adds to a drill rerun, and the
Progress page's render time with 10,000 recorded answers (targets: under 20 ms and under 200 ms).

Run: python bench/progress.py [--answers 10000] [--runs 20]
Uses a throw-away SQLite file (never the learner's real progress).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
APP = str(ROOT / "streamlit_app.py")


def stats(samples: list[float]) -> str:
    samples = sorted(samples)
    return f"median {statistics.median(samples):6.2f} ms   p95 {samples[int(0.95 * (len(samples) - 1))]:6.2f} ms"


def fill(store, learner_id: int, n: int) -> None:
    """n answers over the last 90 days, spread over every quiz kind, 70% right."""
    from tutor.db.progress import Answer
    from tutor.quiz import KINDS

    rng = random.Random(1)
    kinds = list(KINDS)
    now = datetime.now(UTC)
    rows = []
    for i in range(n):
        kind = rng.choice(kinds)
        right = rng.random() < 0.7
        rows.append(dict(learner_id=learner_id, answered_at=now - timedelta(minutes=13 * (n - i)),
                         skill=KINDS[kind].skill, kind=kind, seed=rng.randrange(10**6),
                         params={"players": 4, "difficulty": 1 + i % 3}, answer="x", correct=right,
                         credit=1.0 if right else 0.0, seconds=12.0, hints_used=False, source="drill"))
    with store.engine.begin() as conn:
        conn.execute(Answer.__table__.insert(), rows)


def bench_record(store, learner_id: int, runs: int) -> None:
    from tutor.progress import AnswerRecord

    rec = AnswerRecord("counting", "count", 42, {"players": 4, "difficulty": 1}, "5", True, 1.0, 9.5)
    for review in (False, True):
        store.set_review(learner_id, review)
        samples = []
        for _ in range(runs * 5):
            t = time.perf_counter()
            store.record_answer(learner_id, rec)
            samples.append((time.perf_counter() - t) * 1000)
        print(f"record_answer (review {'on ' if review else 'off'}):        {stats(samples)}")
    store.set_review(learner_id, False)


def drill_answer_run(runs: int) -> list[float]:
    """The rerun that checks a drill answer (and saves it, when saving is on)."""
    from streamlit.testing.v1 import AppTest

    from tutor.quiz import generate

    samples = []
    for i in range(runs + 1):  # the first pass opens the store and warms caches; it is not counted
        at = AppTest.from_file(APP, default_timeout=60).run()
        at.switch_page("tutor/ui/pages/drill.py")
        at.run()
        at.multiselect[0].set_value(["count"]).run()
        q = generate("count", at.session_state["drill_seed"], players=4, difficulty=1)
        at.text_input[0].set_value(f"{q.answer:g}")
        button = next(b for b in at.button if b.key and b.key.startswith("FormSubmitter"))
        t = time.perf_counter()
        button.click().run()  # the answer run, then the drill's own st.rerun
        if i:
            samples.append((time.perf_counter() - t) * 1000)
    return samples


def progress_page(runs: int) -> None:
    from streamlit.testing.v1 import AppTest

    first, reruns = [], []
    for i in range(runs + 1):  # the first pass warms up imports and caches; it is not counted
        at = AppTest.from_file(APP, default_timeout=60).run()
        at.switch_page("tutor/ui/pages/progress.py")
        t = time.perf_counter()
        at.run()
        took = (time.perf_counter() - t) * 1000
        assert not at.exception, at.exception
        t = time.perf_counter()
        at.run()
        if i:
            first.append(took)
            reruns.append((time.perf_counter() - t) * 1000)
    print(f"Progress page, first render (new session): {stats(first)}")
    print(f"Progress page, rerun:                      {stats(reruns)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tarot-bench-"))
    url = f"sqlite:///{tmp / 'progress.sqlite3'}"
    os.environ["TUTOR_DATABASE_URL"] = url

    from tutor.progress import Store
    store = Store.open(url)
    me = store.default_learner()
    fill(store, me.id, args.answers)
    print(f"SQLite (WAL) with {store.count_answers():,} answers in {tmp}")
    bench_record(store, me.id, args.runs)

    saving = drill_answer_run(args.runs)
    os.environ["TUTOR_DATABASE_URL"] = f"sqlite:///file:{tmp / 'progress.sqlite3'}?mode=ro&uri=true"
    not_saving = drill_answer_run(args.runs)
    os.environ["TUTOR_DATABASE_URL"] = url
    print(f"Drill answer rerun, saving:     {stats(saving)}")
    print(f"Drill answer rerun, not saving: {stats(not_saving)}")
    diff = statistics.median(saving) - statistics.median(not_saving)
    print(f"  difference of the medians: {diff:+.1f} ms (record_answer above is the cost; the rest is noise)")

    progress_page(args.runs)
    store.close()
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
