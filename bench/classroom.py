"""Class quiz load, three figures:

1. joins: N learners join one quiz at the same moment, each from its own process (released together
   by a barrier), on a real SQLite file in WAL mode: how many got in, and how long a join took;
2. answers: N learners send their answers at the same moment (threads), all checked saved;
3. dashboard: the teacher's dashboard (counted in SQL) for 50, 500 and 5,000 learners with 10
   answers each, against reading every answer into Python as before.

Run: python bench/classroom.py [--joins 50,200] [--learners 50] [--questions 5]
                               [--dashboard 50,500,5000] [--url sqlite:///...]
Uses a throw-away SQLite file per figure unless --url is given (e.g. the PostgreSQL of .ci/postgres.sh).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import shutil
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _pct(lat: list[float]) -> str:
    lat = sorted(lat)
    return (f"median {statistics.median(lat):.0f} ms, p95 {lat[int(0.95 * (len(lat) - 1))]:.0f} ms, "
            f"max {lat[-1]:.0f} ms")


def _fresh(url: str | None, tmp: Path, name: str):
    from tutor.progress import Store
    if url is None:
        return Store.open(f"sqlite:///{tmp / name}")
    store = Store.open(url)
    from tutor.db.classroom import ClassQuiz
    with store.engine.begin() as conn:  # a shared database: start from no quiz
        conn.execute(ClassQuiz.__table__.delete())
    return store


def _join_child(url: str, code: str, i: int, barrier, out) -> None:
    from tutor.classroom.store import ClassError, ClassStore
    from tutor.progress.db import make_engine
    engine = make_engine(url)  # its own engine and connections, as a server process has
    cs = ClassStore(engine)
    barrier.wait()
    t = time.perf_counter()
    try:
        cs.join(code, f"Learner {i}", session=f"tab-{i}")
        verdict = "in"
    except ClassError as err:
        verdict = f"refused: {err}"
    except Exception as err:  # noqa: BLE001 - counted and printed
        verdict = f"error: {err}"
    out.put((verdict, (time.perf_counter() - t) * 1000))
    engine.dispose()


def bench_joins(n: int, url: str | None, tmp: Path) -> bool:
    from tutor.classroom.store import ClassStore
    store = _fresh(url, tmp, f"joins-{n}.sqlite3")
    target = url or f"sqlite:///{tmp / f'joins-{n}.sqlite3'}"
    try:
        quiz = ClassStore(store.engine).create(title="Bench", kinds=["count"], count=3, players=4, seed=1)
        ctx = mp.get_context("fork")
        barrier, out = ctx.Barrier(n), ctx.Queue()
        procs = [ctx.Process(target=_join_child, args=(target, quiz.code, i, barrier, out)) for i in range(n)]
        for p in procs:
            p.start()
        t0 = time.perf_counter()
        results = [out.get(timeout=300) for _ in range(n)]
        wall = time.perf_counter() - t0
        for p in procs:
            p.join()
        got_in = sum(v == "in" for v, _ in results)
        players, _ = ClassStore(store.engine).results(quiz.id)
        print(f"  {n} joins at once, {n} processes: {got_in}/{n} got in ({len(players)} in the database), "
              f"{n - got_in} refused, wall {wall:.2f} s; one join: {_pct([ms for _, ms in results])}")
        for verdict, _ in [r for r in results if r[0] != "in"][:3]:
            print("    ", verdict)
        return got_in == n == len(players)
    finally:
        store.close()


def bench_answers(learners: int, questions: int, url: str | None, tmp: Path) -> bool:
    from tutor.classroom.store import ClassStore
    store = _fresh(url, tmp, "answers.sqlite3")
    try:
        cs = ClassStore(store.engine, store.where)
        quiz = cs.create(title="Bench", kinds=["count"], count=questions, players=4, seed=1)
        tokens = [cs.join(quiz.code, f"Learner {i}")[1].token for i in range(learners)]
        right = [q.answer_text for q in quiz.questions]
        start = threading.Barrier(learners)
        lat: list[float] = []
        errors: list[BaseException] = []
        lock = threading.Lock()

        def learner(i: int, token: str) -> None:
            start.wait()  # every learner sends at the same moment
            for n in range(questions):
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
        want = learners * questions
        print(f"  {learners} learners x {questions} answers at once: {len(marks)}/{want} saved, "
              f"{len(errors)} errors, wall {wall:.2f} s; one answer (grade + save): {_pct(lat)}")
        for exc in errors[:3]:
            print("    error:", exc)
        return len(marks) == want and not errors
    finally:
        store.close()


def bench_dashboard(n: int, url: str | None, tmp: Path, runs: int = 5) -> None:
    from tutor.classroom import stats
    from tutor.classroom.store import ClassStore
    from tutor.db import name_key
    from tutor.db.classroom import ClassAnswer, ClassPlayer
    store = _fresh(url, tmp, f"dash-{n}.sqlite3")
    try:
        cs = ClassStore(store.engine)
        quiz = cs.create(title="Bench", kinds=["count", "winner"], count=10, players=4, seed=1)
        t0 = datetime.now(UTC)
        with store.engine.begin() as conn:
            conn.execute(ClassPlayer.__table__.insert(), [
                dict(quiz_id=quiz.id, name=f"Learner {i}", name_key=name_key(f"Learner {i}"), token_hash=f"{i:064d}",
                     joined_at=t0) for i in range(n)])
            ids = [r[0] for r in conn.execute(ClassPlayer.__table__.select().with_only_columns(ClassPlayer.id)
                                              .where(ClassPlayer.quiz_id == quiz.id))]
            conn.execute(ClassAnswer.__table__.insert(), [
                dict(player_id=pid, number=q, answer=str((pid + q) % 7), correct=(pid + q) % 3 == 0,
                     credit=float((pid + q) % 3 == 0), answered_at=t0 + timedelta(seconds=30 * q))
                for pid in ids for q in range(10)])

        def sql():
            t = cs.tallies(quiz.id)
            return stats.learners_from(t), stats.questions_from(quiz, t), stats.skills_from(quiz, t)

        def python():
            players, marks = cs.results(quiz.id)
            return stats.learners(players, marks), stats.questions(quiz, marks), stats.skills(quiz, marks)

        def board():  # what one redraw of the Teacher page's dashboard computes (tutor/ui/classroom/class_board.py)
            t = cs.tallies(quiz.id)
            return (stats.learner_table(quiz, t, cs.grid(quiz.id)), stats.question_views(quiz, t),
                    stats.skills_from(quiz, t))

        times = {}
        for name, fn in (("in SQL", sql), ("every answer read", python), ("board", board)):
            samples = []
            for _ in range(runs):
                t = time.perf_counter()
                fn()
                samples.append((time.perf_counter() - t) * 1000)
            times[name] = statistics.median(samples)
        assert sql() == python()
        print(f"  {n:>5} learners x 10 answers: dashboard {times['in SQL']:7.1f} ms "
              f"(reading every answer: {times['every answer read']:7.1f} ms; the whole redraw with the "
              f"per-learner grid and each question's picks: {times['board']:7.1f} ms), median of {runs}")
    finally:
        store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--joins", default="50,200", help="simultaneous joins to try, comma-separated ('' to skip)")
    ap.add_argument("--learners", type=int, default=50)
    ap.add_argument("--questions", type=int, default=5)
    ap.add_argument("--dashboard", default="50,500,5000", help="class sizes for the dashboard ('' to skip)")
    ap.add_argument("--url")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="tarot-class-bench-"))
    ok = True
    try:
        where = args.url or "a throw-away SQLite file (WAL)"
        print(f"database: {where}")
        if args.joins:
            print("joins from separate processes:")
            for n in (int(x) for x in args.joins.split(",")):
                ok &= bench_joins(n, args.url, tmp)
        print("answers at once:")
        ok &= bench_answers(args.learners, args.questions, args.url, tmp)
        if args.dashboard:
            print("teacher's dashboard:")
            for n in (int(x) for x in args.dashboard.split(",")):
                bench_dashboard(n, args.url, tmp)
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
