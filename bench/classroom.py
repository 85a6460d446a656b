"""Class quiz load: N learners send their answers to one quiz at the same moment (threads released
together by a barrier) on a real SQLite file in WAL mode; checks that every answer was saved and
prints the times.

Run: python bench/classroom.py [--learners 50] [--questions 5] [--url sqlite:///...]
Uses a throw-away SQLite file unless --url is given (e.g. the PostgreSQL of .ci/postgres.sh).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, default=50)
    ap.add_argument("--questions", type=int, default=5)
    ap.add_argument("--url")
    args = ap.parse_args()

    from tutor.classroom.store import ClassStore
    from tutor.progress import Store

    tmp = Path(tempfile.mkdtemp(prefix="tarot-class-bench-"))
    url = args.url or f"sqlite:///{tmp / 'class.sqlite3'}"
    store = Store.open(url)
    try:
        cs = ClassStore(store.engine, store.where)
        quiz = cs.create(title="Bench", kinds=["count"], count=args.questions, players=4, seed=1)
        tokens = [cs.join(quiz.code, f"Learner {i}")[1].token for i in range(args.learners)]
        right = [q.answer_text for q in quiz.questions]
        start = threading.Barrier(args.learners)
        lat: list[float] = []
        errors: list[BaseException] = []
        lock = threading.Lock()

        def learner(i: int, token: str) -> None:
            start.wait()  # every learner sends at the same moment
            for n in range(args.questions):
                t = time.perf_counter()
                try:
                    cs.answer(token, n, right[n] if (i + n) % 2 else "0")
                except BaseException as exc:  # counted and printed below
                    with lock:
                        errors.append(exc)
                with lock:
                    lat.append((time.perf_counter() - t) * 1000)

        threads = [threading.Thread(target=learner, args=(i, tok)) for i, tok in enumerate(tokens)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        _, marks = cs.results(quiz.id)
        want = args.learners * args.questions
        lat.sort()
        print(f"database: {store.where}")
        print(f"{args.learners} learners x {args.questions} answers at once: {len(marks)}/{want} saved, "
              f"{len(errors)} errors, wall {wall:.2f} s")
        print(f"one answer (grade + save): median {statistics.median(lat):.1f} ms, "
              f"p95 {lat[int(0.95 * (len(lat) - 1))]:.1f} ms, max {lat[-1]:.1f} ms")
        for exc in errors[:3]:
            print("  error:", exc)
        return 0 if len(marks) == want and not errors else 1
    finally:
        store.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
