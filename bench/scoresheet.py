"""Score sheet speed: the server-side rerun of an open 40-deal, 5-player game (AppTest), which is also
what every device showing the sheet pays after a change made elsewhere; and the version check the open
sheet repeats every few seconds, alone, on the same database.

Run: python bench/scoresheet.py [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_SCRATCH = tempfile.mkdtemp(prefix="tarot-tutor-bench-")
os.environ["TUTOR_DATABASE_URL"] = f"sqlite:///{_SCRATCH}/bench.sqlite3"  # never the real progress database
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from tutor.club import Game  # noqa: E402
from tutor.progress import Store  # noqa: E402
from tutor.progress.club_store import ClubStore  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    runs = ap.parse_args().runs
    g = Game.new(["Ann", "Bob", "Chloé", "Dan", "Eve"])
    for i in range(40):
        g = g.add(taker=g.players[i % 5], partner=g.players[(i + 2) % 5], contract="garde", points=40 + i % 20,
                  oudlers=i % 4)
    store = Store.open(os.environ["TUTOR_DATABASE_URL"])
    clubs = ClubStore(store)
    gid = clubs.save(g, "Bench")
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    at.switch_page("tutor/ui/pages/scoresheet.py")
    at.query_params["game"] = str(gid)
    at.run()
    assert not at.exception and at.dataframe, "the sheet did not open"
    reruns, checks = [], []
    for _ in range(runs):
        t = time.perf_counter()
        at.run()
        reruns.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        clubs.version(gid)
        checks.append((time.perf_counter() - t) * 1000)
    print(f"40 deals, 5 players, {runs} runs")
    print(f"rerun of the open sheet: median {statistics.median(reruns):.1f} ms, min {min(reruns):.1f} ms")
    print(f"version check:           median {statistics.median(checks):.2f} ms, max {max(checks):.2f} ms")
    store.close()
    shutil.rmtree(_SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
