"""Where the test suite's time goes: each test's wall-clock and CPU time, summed by folder and by file.

Run: TUTOR_TEST_TIME_LOG=/tmp/times.jsonl python -m pytest -n 2 --dist worksteal   (the README's test command)
then: python bench/suite_time.py /tmp/times.jsonl [--top 30]

The log has a line per test (tests/conftest.py): its wall-clock seconds, the CPU seconds of the pytest worker that
ran it, and those of the child processes that ended during it (a browser test's own Streamlit server; a server
shared by several tests is counted when it ends), the whole machine's busy CPU seconds during it (Linux), and the
pages its browser loaded. Run with one worker (`-p no:xdist`, or only the browser tests), the machine's figure is
the test's whole cost, its browser and Streamlit servers included, which the process times never see. On a 2-core
machine the suite's wall-clock time is about its CPU time over 2 when the tests keep both cores busy, and more when
they wait (a browser drawing, a server starting): a test whose wall-clock time is far above its CPU time is
waiting, not computing.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    with open(args.log, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    cpu = lambda r: r["cpu"] + r["children"]  # noqa: E731
    total_wall, total_cpu = sum(r["wall"] for r in rows), sum(cpu(r) for r in rows)
    print(f"{len(rows)} tests: {total_wall:.0f} s of wall-clock time in all, {total_cpu:.0f} s of CPU "
          f"(workers and their finished children)")
    for depth, title in ((2, "by folder"), (None, "by file")):
        groups = defaultdict(lambda: [0, 0.0, 0.0])
        for r in rows:
            path = r["test"].split("::")[0]
            key = "/".join(path.split("/")[:depth]) if depth else path
            g = groups[key]
            g[0] += 1
            g[1] += r["wall"]
            g[2] += cpu(r)
        print(f"\n{title} (wall s, CPU s, tests), the {args.top} longest:")
        for key, (n, w, c) in sorted(groups.items(), key=lambda kv: -kv[1][1])[:args.top]:
            print(f"  {w:8.1f} {c:8.1f} {n:6d}  {key}")
    machine = all("machine" in r for r in rows)
    pages = all("pages" in r for r in rows)
    print(f"\ntests (wall s, CPU s{', machine CPU s' if machine else ''}{', pages loaded' if pages else ''}), "
          f"the {args.top} longest:")
    for r in sorted(rows, key=lambda r: -r["wall"])[:args.top]:
        whole = f" {r['machine']:8.1f}" if machine else ""
        loads = f" {r['pages']:5d}" if pages else ""
        print(f"  {r['wall']:8.1f} {cpu(r):8.1f}{whole}{loads}  {r['test']}")
    if pages:
        print(f"\n{sum(r['pages'] for r in rows)} pages loaded in Chromium by the browser tests")


if __name__ == "__main__":
    main()
