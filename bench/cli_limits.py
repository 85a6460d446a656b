"""The command line at its limits: the largest valid request of each command, as a user runs it.

Each command runs in its own process (``python -m tutor``) at the limit of ``tutor/limits.py`` that
bounds its work, and the wall-clock and CPU time of that process are printed. The limits are sized so
that every row ends in well under 10 s of CPU: ``MAX_BID_SAMPLES`` (~7 ms of CPU a deal played out, with
3, 4 or 5 players), ``MAX_QUESTIONS`` (a worksheet's PDFs take ~50 ms a question) and
``MAX_DRILL_QUESTIONS`` (the contract drill plays deals out: ~1 s a question, 2 s at worst).

Run: python bench/cli_limits.py [--only bid quiz worksheet solve]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.limits import MAX_BID_SAMPLES, MAX_DRILL_QUESTIONS, MAX_QUESTIONS, MAX_TITLE_CHARS

HANDS = {  # the hands of bench/bid.py
    3: "T21 T18 T15 T12 T9 T6 T3 T1 EX KH QH 8H 5H 2H KS 9S 7S 4C 6C 8C 7D 3D 2D 1D",
    4: "T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D",
    5: "T21 T15 T12 T8 T5 T1 EX KH QH 5H KS 9S 4C 7D 3D",
}
DRILLS = ("contract", "best_card", "attack_card", "defence_card", "good_ecart")


def full_deal_position(players: int) -> str:
    """The largest position the solver takes, played by the bots: every card still in the hands (with
    5 players, after the first trick, which depends on the called king the position does not hold)."""
    from tutor.engine import Deal, Phase
    from tutor.strategy.bots.policy import decide
    from tutor.strategy.exact.position import Position
    done = 1 if players == 5 else 0
    for seed in range(1, 100):
        d = Deal.new(players, seed=seed)
        while d.phase not in (Phase.DONE, Phase.CANCELLED) and not (
                d.phase is Phase.PLAYING and len(d.tricks) == done and not d.trick):
            d.apply(decide(d.view(d.to_act)).action)
        if d.phase is Phase.PLAYING:
            return Position.from_deal(d).dump()
    raise RuntimeError("no deal was bid")


def cases(tmp: Path, only: set[str]) -> list[tuple[str, list[str]]]:
    out = []
    if "bid" in only:
        out += [(f"bid, {n} players, {MAX_BID_SAMPLES} samples",
                 ["bid", "--players", str(n), "--hand", HANDS[n], "--samples", str(MAX_BID_SAMPLES)]) for n in HANDS]
    if "quiz" in only:
        out += [(f"quiz {kind} ×{MAX_DRILL_QUESTIONS}", ["quiz", "--kind", kind, "--count", str(MAX_DRILL_QUESTIONS),
                                                         "--seed", "1", "--answers"]) for kind in DRILLS]
        out.append((f"quiz score ×{MAX_QUESTIONS}", ["quiz", "--kind", "score", "--count", str(MAX_QUESTIONS),
                                                     "--seed", "1", "--answers"]))
    if "worksheet" in only:
        out.append((f"worksheet score ×{MAX_QUESTIONS}, title of {MAX_TITLE_CHARS}",
                    ["worksheet", "--kind", "score", "--count", str(MAX_QUESTIONS), "--seed", "1",
                     "--title", "x" * MAX_TITLE_CHARS, "-o", str(tmp / "w.pdf")]))
    if "solve" in only:
        for n in HANDS:
            path = tmp / f"full{n}.yaml"
            path.write_text(full_deal_position(n), encoding="utf-8")
            out.append((f"solve --estimate, a whole {n}-player deal", ["solve", "--estimate", str(path)]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", default=["bid", "quiz", "worksheet", "solve"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'command':<52} {'status':>6} {'wall s':>7} {'cpu s':>6}")
        for name, argv in cases(Path(tmp), set(args.only)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "tutor", *argv], capture_output=True, text=True,
                               env={**os.environ, "PYTHONHASHSEED": "0"})
            wall = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            print(f"{name:<52} {r.returncode:>6} {wall:>7.2f} {cpu:>6.2f}" + (f"  {r.stderr.strip()[:80]}"
                                                                            if r.returncode else ""))


if __name__ == "__main__":
    main()
