"""Play together's goals (issue 36), measured in Chromium on PostgreSQL: how fast a card reaches the other phones,
and what a deal of four people costs the servers against four practice deals.

- **a card on the other phones**: four people (four browser contexts, 390 × 844 phones: two on each of two
  ``streamlit run`` processes on one PostgreSQL database) play a whole 4-player deal by clicks on their pages;
  for each card, the time from the click on the card (in the page of the person who plays it) to the position
  after it drawn on each of the three other pages (its card table's data-token, and the card itself in the trick,
  or "The deal is over." after the last card). Goal: median under 1.5 s. The machine's 1-minute load average
  at the start and at the end is written beside it (the machine is shared: the same code is slower on a busy one).
- **server CPU of a deal of four people**: the CPU time (user + system, ``/proc/<pid>/stat``) of the two server
  processes from the start of the deal to the four reviews shown, against the CPU of one server process serving
  four browser contexts that each play a practice deal to its end and its review: the table's own deal (its seed)
  from each of the four seats the people held (``/practice?players=4&seed=N&dealer=D``, the dealer turned so that
  the learner's seat holds that person's hand and speaks in their turn), so that the four reviews on each side are
  of the same hands and cost alike (``--different-deals``: the first four practice deals played from
  ``--practice-seed`` instead, the design of 2026-12-03). Goal: no more. Each person (and each practice learner)
  plays what the Club bots would play, a card rather than a poignée or a chelem, as fast as the page allows; a
  table also spends CPU while people think (each page looks at the table's version every second), measured with
  the four pages open and nobody playing (``--idle`` seconds), and added for ``--think`` seconds a move in the
  report's last line.

Run it alone (two shared cores), with PostgreSQL (``.ci/postgres.sh`` exports the URL):
  bash -c 'source .ci/postgres.sh && .venv/bin/python bench/together.py --record bench/results/together.json'
The record (JSON) keeps each part once done: a run with the same file skips the parts already there (delete a
part's key to measure it again); the report is printed and written beside it (``.txt``).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "helpers")]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PEOPLE = ("Ana", "Ben", "Cleo", "Dan")  # seats 1 to 4: Ana (the host) and Cleo on process A, Ben and Dan on B
GOAL_S = 1.5
TICK = os.sysconf("SC_CLK_TCK")
CHROMIUM = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"]

# In every page: the time of the last click (capture phase, before the card table's own handler).
CLICKS = "window.addEventListener('click', () => { window.__tgClickAt = Date.now(); }, true);"
# In a page that waits for a card: look every 5 ms for the position after it; note when it is drawn.
WATCH = """([token, label, over]) => {
  clearInterval(window.__tgTimer);
  window.__tgSeen = null;
  let host = null;
  const roots = () => {
    if (!host || !host.isConnected) host = [...document.querySelectorAll('*')].find(e => e.shadowRoot
      && e.shadowRoot.querySelector('.tt-root'));
    return host ? [document, host.shadowRoot] : [document];
  };
  const drawn = () => {
    if (over) return [...document.querySelectorAll('[data-testid=stAlert]')]
      .some(a => a.textContent.includes(over));
    for (const r of roots()) {
      const t = r.querySelector(`.tt-root[data-token="${token}"]`);
      if (!t) continue;
      if (!label) return true;
      const card = [...t.querySelectorAll('.tt-played')].find(e => e.getAttribute('aria-label').startsWith(label));
      return !!card && card.getBoundingClientRect().width > 0;
    }
    return false;
  };
  window.__tgTimer = setInterval(() => {
    if (drawn()) { window.__tgSeen = Date.now(); clearInterval(window.__tgTimer); }
  }, 5);
}"""


def cpu(pid: int) -> float:
    """Seconds of CPU (user + system, all threads) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def idle_cpu(pids, quiet: float = 0.5, limit: float = 60.0) -> float:
    """The processes' CPU once none has used any for ``quiet`` seconds (for pages that do not poll)."""
    last, since, start = sum(map(cpu, pids)), time.monotonic(), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.05)
        now = sum(map(cpu, pids))
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


def server_pid(url: str) -> int:
    """The pid of this process's `streamlit run` child listening at ``url``."""
    port = url.rsplit(":", 1)[1]
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            args = (proc / "cmdline").read_bytes().split(b"\0")
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == os.getpid() and b"streamlit" in b" ".join(args) and port.encode() in args:
                return int(proc.name)
    raise SystemExit(f"no streamlit process of ours at {url}")


@contextlib.contextmanager
def servers(url: str, names: str, logs: Path):
    """`streamlit run` processes (one per letter of ``names``) on the database at ``url``: (address, pid) each."""
    from streamlit_page import streamlit_server
    with contextlib.ExitStack() as stack:
        out = []
        for name in names:
            address = stack.enter_context(streamlit_server({"TUTOR_DATABASE_URL": url, "TUTOR_SHARED_SERVER": "1"},
                                                           logs / f"streamlit-{name}.log", f"process {name}"))
            out.append((address, server_pid(address)))
        yield out


def summary(values: list[float]) -> dict:
    ranked = sorted(values)
    return {"n": len(ranked), "median_s": round(statistics.median(ranked), 3),
            "p90_s": round(ranked[min(len(ranked) - 1, int(0.9 * len(ranked)))], 3), "max_s": round(ranked[-1], 3)}


# ---------------------------------------------------------------- four people at one table


def person_move(view):
    """What a person does here: the Club bots' choice, but a card rather than a poignée or a chelem."""
    from tutor.engine import Discard, Phase, PlayCard
    from tutor.practice import choose_card, choose_ecart, decide
    action = decide(view).action
    if view.phase is Phase.PLAYING and not isinstance(action, PlayCard):
        return PlayCard(view.seat, choose_card(view)[0])
    if view.phase is Phase.ECART:
        return Discard(view.seat, tuple(choose_ecart(view.hand, players=view.players)))
    return action


def control(pg, action, typed: str | None = None):
    """The button that makes ``action`` on a page (Play together's or Practice's)."""
    from tutor.engine import Bid, CallKing, Discard
    from tutor.ui.common.cards import card_label, card_name
    if isinstance(action, Bid):
        return pg.get_by_role("button", name="Pass" if action.contract is None else action.contract.french.capitalize(),
                              exact=True)
    if isinstance(action, CallKing):
        return pg.get_by_role("button", name=f"Call {card_label(action.card)}", exact=True)
    if isinstance(action, Discard):
        pg.get_by_role("textbox", name="…or type them").fill(" ".join(c.code for c in action.cards))
        return pg.get_by_role("button", name="Put the typed cards aside")
    return pg.get_by_role("button", name=card_name(action.card), exact=True)


def tap(pg, button) -> None:
    """Click ``button`` once and wait for the run it asks for. A card table's click may ask for its run late on a
    busy machine (``streamlit_page.press`` would then click again, on the next position): here the click is
    repeated only when it asked for nothing in 15 s and the button is still there."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from streamlit_page import settle, shown
    for _ in range(5):
        settle(pg)
        asked = pg.evaluate("() => window.__ttRuns.asked")
        shown(pg, button)
        button.click()
        try:
            pg.wait_for_function("n => window.__ttRuns.asked > n", arg=asked, timeout=15_000)
            break
        except PlaywrightTimeout:
            if not button.is_visible():
                break
    settle(pg)


def ready(pg, view, action) -> None:
    """Wait until the page shows this seat's turn (its controls are drawn only then), and is idle."""
    from streamlit_page import settle, shown

    from tutor.engine import Phase
    if view.phase is Phase.PLAYING:
        shown(pg, pg.get_by_role("button", name="Play the typed card"))
    elif view.phase is Phase.ECART:
        shown(pg, pg.get_by_role("button", name="Put the typed cards aside"))
    else:
        shown(pg, control(pg, action))
    settle(pg)


def waiting(pids, seconds: float) -> float:
    """The processes' CPU over ``seconds`` of nobody playing (the pages only look at the table's version)."""
    before = sum(map(cpu, pids))
    time.sleep(seconds)
    return sum(map(cpu, pids)) - before


@contextlib.contextmanager
def profiled(pids, where: Path | None):
    """``py-spy record`` on each process (its samples as collapsed stacks in ``where``), when asked."""
    import subprocess
    procs = [] if where is None else [
        subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--format", "raw", "--rate", "50",
                          "--nonblocking", "-o", str(where / f"server-{i}.txt"), "-p", str(pid)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i, pid in enumerate(pids)]
    try:
        yield
    finally:
        for p in procs:
            p.send_signal(2)  # py-spy writes its file on SIGINT
            p.wait(30)


def together_deal(browser, url: str, logs: Path, idle_s: float, profile: Path | None = None) -> dict:
    from streamlit_page import settle, shown
    from together_pages import seed_where

    from tutor.classroom.tables import TableStore
    from tutor.engine import Phase, PlayCard
    from tutor.progress import Store
    from tutor.ui.common.cards import card_name

    seed = seed_where(4, lambda d: d.phase is Phase.DONE)  # the first deal that is played (not all passes)
    store = Store.open(url)
    ts = TableStore(store.engine)
    snap, host, _pin = ts.open(PEOPLE[0], 4, "club", seed=seed)
    tokens = [host] + [ts.join(snap.code, n)[1] for n in PEOPLE[1:]]
    tid = snap.id
    cards, rows = [], []
    with servers(url, "AB", logs) as ((a, pid_a), (b, pid_b)):
        ctxs = [browser.new_context(**PHONE) for _ in PEOPLE]
        pages = []
        for seat, ctx in enumerate(ctxs):
            ctx.add_init_script(CLICKS)
            pg = ctx.new_page()
            pg.goto(f"{(a, b)[seat % 2]}/table?seat={tokens[seat]}")
            shown(pg, pg.get_by_text(f"you are {PEOPLE[seat]}"))
            settle(pg)
            pages.append(pg)
        pids = (pid_a, pid_b)
        load_start = os.getloadavg()[0]
        stack = contextlib.ExitStack()
        stack.enter_context(profiled(pids, profile))
        cpu_start, wall_start = sum(map(cpu, pids)), time.monotonic()
        tap(pages[0], pages[0].get_by_role("button", name="Start the deal"))
        thinking = None  # the CPU of ``idle_s`` seconds waiting for a card in the middle of the deal
        for _ in range(300):
            snap = ts.table(tid)
            if snap.over:
                break
            seat = snap.deal.to_act
            view = snap.deal.view(seat)
            action = person_move(view)
            pg = pages[seat]
            ready(pg, view, action)
            if thinking is None and len(cards) == 36:
                thinking = waiting(pids, idle_s)  # taken off the deal's figures below
            others = [s for s in range(4) if s != seat]
            if isinstance(action, PlayCard):
                after = snap.version + 1  # no bot at this table: one card, one version
                d = snap.deal.copy()
                d.apply(action)
                kind = "deal over" if d.phase is Phase.DONE else "trick complete" if not d.view(0).trick else \
                    "in trick"
                label = f"{card_name(action.card)}, played by "
                for s in others:
                    pages[s].evaluate(WATCH, [f"tg_{tid}_{after}", label if kind == "in trick" else "",
                                              "The deal is over." if kind == "deal over" else ""])
            tap(pg, control(pg, action))
            if isinstance(action, PlayCard):
                clicked = pg.evaluate("window.__tgClickAt")
                seen = {}
                for s in others:
                    pages[s].wait_for_function("window.__tgSeen !== null", timeout=120_000)
                    seen[PEOPLE[s]] = (pages[s].evaluate("window.__tgSeen") - clicked) / 1000
                cards.append({"card": action.card.code, "by": PEOPLE[seat], "kind": kind, "seen_s": seen,
                              "load": round(os.getloadavg()[0], 2)})
                rows.extend(seen.values())
                print(f"  card {len(cards):>2} {action.card.code:>4} by {PEOPLE[seat]:<4} ({kind}): "
                      + ", ".join(f"{k} {v:.2f} s" for k, v in seen.items()), file=sys.stderr, flush=True)
        else:
            raise SystemExit("the deal did not end in 300 moves")
        for pg in pages:
            shown(pg, pg.get_by_role("heading", name="Review of your play"))
            settle(pg)
        cpu_end, wall_end = sum(map(cpu, pids)) - thinking, time.monotonic() - idle_s
        stack.close()
        load_end = os.getloadavg()[0]
        idle = waiting(pids, idle_s)  # the deal over: the four pages, nobody playing
        for ctx in ctxs:
            ctx.close()
    moves = len(ts.table(tid).state.log)
    store.close()
    in_trick = [v for c in cards if c["kind"] == "in trick" for v in c["seen_s"].values()]
    return {"seed": seed, "cards": cards, "seen": summary(rows), "seen_in_trick": summary(in_trick),
            "load_start": round(load_start, 2), "load_end": round(load_end, 2),
            "cpu_s": round(cpu_end - cpu_start, 2), "wall_s": round(wall_end - wall_start, 1),
            "moves": moves,
            "thinking_cpu_s": round(thinking, 2), "idle_cpu_s": round(idle, 2), "idle_s": idle_s}


# ---------------------------------------------------------------- four practice deals


def practice_seeds(n: int, start: int = 1) -> list[list[int]]:
    """The first ``n`` seeds from ``start`` whose practice deal, the learner playing as the bots do, is played:
    [seed, dealer] each, the dealer practice draws from the seed."""
    from tutor.practice.table import Table, dealer_for
    out, seed = [], start
    while len(out) < n:
        if practice_actions(Table.new(4, seed)) is not None:
            out.append([seed, dealer_for(4, seed)])
        seed += 1
    return out


def table_dealer(seed: int, players: int = 4) -> int:
    """The dealer the table store draws for a deal it opens with ``seed``."""
    import random
    return random.Random(seed).randrange(players)


def same_deal_seats(seed: int) -> list[list[int]]:
    """The table's deal played in practice from each seat: [seed, dealer] each, practice's learner (seat 0) holding
    seat ``s``'s hand when the dealer is turned back by ``s`` (the cards are dealt from the dealer's left)."""
    from tutor.practice.table import Table
    out = []
    for s in range(4):
        dealer = (table_dealer(seed) - s) % 4
        if practice_actions(Table.new(4, seed, dealer=dealer)) is None:
            raise SystemExit(f"the deal {seed} is not played in practice from seat {s + 1}")
        out.append([seed, dealer])
    return out


def practice_actions(table) -> list | None:
    """The learner's actions (and "start" before the first card, when they took), or None for a deal not played."""
    from tutor.engine import Phase
    table.advance()
    out = []
    while not table.finished:
        if table.awaiting_start:
            out.append("start")
            table.start_play()
            continue
        action = person_move(table.view())
        out.append((action, table.view()))
        table.act(action)
    return out if table.deal.phase is Phase.DONE else None


def practice_deals(browser, url: str, logs: Path, deals: list[list[int]]) -> dict:
    """Four practice deals ([seed, dealer] each), one a browser context, on one server process."""
    from streamlit_page import settle, shown

    from tutor.practice.table import Table

    with servers(url, "P", logs) as ((address, pid),):
        ctxs = [browser.new_context(**PHONE) for _ in deals]
        pages = []
        for ctx, (seed, dealer) in zip(ctxs, deals, strict=True):
            pg = ctx.new_page()
            pg.goto(f"{address}/practice?players=4&seed={seed}&dealer={dealer + 1}")
            shown(pg, pg.get_by_text(f"#{seed}"))
            settle(pg)
            pages.append(pg)
        load_start = os.getloadavg()[0]
        cpu_start, wall_start = idle_cpu([pid]), time.monotonic()
        for pg, (seed, dealer) in zip(pages, deals, strict=True):
            for step in practice_actions(Table.new(4, seed, dealer=dealer)):
                if step == "start":
                    tap(pg, pg.get_by_role("button", name="Play without announcing"))
                    continue
                action, view = step
                ready(pg, view, action)
                tap(pg, control(pg, action))
            shown(pg, pg.get_by_role("heading", name="Review of your play"))
            settle(pg)
        cpu_end, wall_end = idle_cpu([pid]), time.monotonic()
        load_end = os.getloadavg()[0]
        for ctx in ctxs:
            ctx.close()
    return {"seeds": [seed for seed, _ in deals], "dealers": [dealer for _, dealer in deals],
            "cpu_s": round(cpu_end - cpu_start, 2), "wall_s": round(wall_end - wall_start, 1),
            "load_start": round(load_start, 2), "load_end": round(load_end, 2)}


# ---------------------------------------------------------------- the reviews alone


def review_cpu(deal, seat: int) -> float:
    """The CPU, in this process, of the review each page shows after the deal (the same calls: each card of the
    last tricks solved exactly, the bid and the poignée estimated): a deal's reviews cost what its cards make
    them cost, so the report also compares the deals without them."""
    from tutor.strategy.bidding.advice import review_bid
    from tutor.strategy.bidding.poignee import review_poignee
    from tutor.strategy.review.deal import decision_at, learner_steps
    start = time.process_time()
    for step in learner_steps(deal, seat):
        decision_at(deal, step, exact_only=True)
    review_bid(deal, seat)
    review_poignee(deal, seat)
    return time.process_time() - start


def _one_review(job: tuple) -> float:
    """One review's CPU, in a fresh process (``reviews``): [seed, dealer, seat, the deal's table or practice's]."""
    from tutor.engine import Deal, Phase
    from tutor.practice.table import Table
    seed, dealer, seat, kind = job
    if kind == "table":
        d = Deal.new(4, seed=seed, dealer=dealer)
        while d.phase not in (Phase.DONE, Phase.CANCELLED):
            d.apply(person_move(d.view(d.to_act)))
        return review_cpu(d, seat)
    table = Table.new(4, seed, dealer=dealer)
    practice_actions(table)
    return review_cpu(table.deal, table.learner)


def reviews(rec: dict) -> dict:
    """Each review's CPU alone, each in a fresh process (the solver's caches kept from one review would make the
    next one of the same deal cheaper: the table's four and the practice's four are of the same hands), a table's
    and a practice deal's in turn (the CPU a computation takes grows with the machine's load, which drifts)."""
    import multiprocessing

    from tutor.practice.table import dealer_for
    seed = rec["together"]["seed"]
    jobs = [(seed, table_dealer(seed), s, "table") for s in range(4)]  # the store's dealer
    p = rec["practice"]
    jobs += [(sd, dl, 0, "practice") for sd, dl in zip(p["seeds"], p.get("dealers") or
                                                        [dealer_for(4, x) for x in p["seeds"]], strict=True)]
    order = [i for pair in zip(range(4), range(4, 8), strict=True) for i in pair]  # alternately: the load drifts
    with multiprocessing.get_context("spawn").Pool(1, maxtasksperchild=1) as pool:
        got = dict(zip(order, pool.map(_one_review, [jobs[i] for i in order], chunksize=1), strict=True))
    return {"together_s": [round(got[i], 2) for i in range(4)], "practice_s": [round(got[i], 2) for i in range(4, 8)],
            "fresh_process": True}


# ---------------------------------------------------------------- the report


def report(rec: dict, think: float) -> list[str]:
    t, p = rec.get("together"), rec.get("practice")
    out = []
    if t:
        s, i = t["seen"], t["seen_in_trick"]
        verdict = "meets" if s["median_s"] < GOAL_S else "misses"
        out += [f"a card on the three other phones (4 people, 2 on each of 2 processes, PostgreSQL; deal seed "
                f"{t['seed']}, {len(t['cards'])} cards, {s['n']} sightings):",
                f"  every card   median {s['median_s']:.2f} s, p90 {s['p90_s']:.2f} s, max {s['max_s']:.2f} s"
                f"  goal: median under {GOAL_S:g} s: {verdict}",
                f"  in the trick median {i['median_s']:.2f} s, p90 {i['p90_s']:.2f} s, max {i['max_s']:.2f} s"
                "  (the card stays in the trick: not a trick's last card nor the deal's)",
                f"  1-minute load average: {t['load_start']:.2f} at the start, {t['load_end']:.2f} at the end "
                f"(2 cores)"]
    if t and p:
        ratio = t["cpu_s"] / p["cpu_s"]
        verdict = "meets" if ratio <= 1 else "misses"
        per_s = t["thinking_cpu_s"] / t["idle_s"]
        moves = t["moves"]  # the bids, the king's call, the écart and the cards
        thought = t["cpu_s"] + per_s * think * moves
        same = set(p["seeds"]) == {t["seed"]} and "dealers" in p
        which = (f"the table's deal, seed {t['seed']}, from each of its 4 seats" if same else
                 f"seeds {', '.join(map(str, p['seeds']))}")
        out += ["server CPU (user + system), a whole deal:",
                f"  4 people, 2 processes  {t['cpu_s']:6.2f} s  (over {t['wall_s']:.0f} s of play; load "
                f"{t['load_start']:.2f} to {t['load_end']:.2f})",
                f"  4 practice deals, 1 process  {p['cpu_s']:6.2f} s  ({which}; over "
                f"{p['wall_s']:.0f} s; load {p['load_start']:.2f} to {p['load_end']:.2f})",
                f"  ratio {ratio:.2f}  goal: no more than 4 practice deals: {verdict}"]
        r = rec.get("reviews")
        if r:
            tr, pr = sum(r["together_s"]), sum(r["practice_s"])
            alone = "each in a fresh process" if r.get("fresh_process") else "in one process"
            out += [f"  of which the four reviews (measured alone, {alone}): {tr:.2f} s (each person's: "
                    f"{', '.join(f'{x:.2f}' for x in r['together_s'])}) and {pr:.2f} s (each "
                    f"{'seat' if same else 'deal'}'s: "
                    f"{', '.join(f'{x:.2f}' for x in r['practice_s'])})",
                    f"  without them: {t['cpu_s'] - tr:.2f} s against {p['cpu_s'] - pr:.2f} s, ratio "
                    f"{(t['cpu_s'] - tr) / (p['cpu_s'] - pr):.2f}"]
        out += [
                f"  the table while a person thinks: {per_s * 1000:.0f} ms of CPU a second for its 4 pages "
                f"({t['thinking_cpu_s']:.2f} s over {t['idle_s']:g} s in the middle of the deal, not counted "
                f"above; {t['idle_cpu_s'] / t['idle_s'] * 1000:.0f} ms a second once the deal is over)",
                f"  at {think:g} s a move ({moves} moves): {thought:.2f} s, ratio {thought / p['cpu_s']:.2f}"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--database", default=os.environ.get("TUTOR_TEST_DATABASE_URL"),
                    help="a PostgreSQL URL (default $TUTOR_TEST_DATABASE_URL); a fresh schema is made in it")
    ap.add_argument("--different-deals", action="store_true",
                    help="practice four different deals (the first 4 played from --practice-seed), not the table's "
                         "deal from each of its seats")
    ap.add_argument("--practice-seed", type=int, default=1, help="with --different-deals: the first 4 played from here")
    ap.add_argument("--idle", type=float, default=20.0, help="seconds the table is watched with nobody playing")
    ap.add_argument("--think", type=float, default=5.0, help="seconds a person thinks a move (the report's estimate)")
    ap.add_argument("--profile", type=Path, help="a folder: py-spy samples of the two table servers (not for the "
                                                 "figures: the sampling slows them)")
    ap.add_argument("--record", type=Path, help="keep each part's figures here (JSON); skip the parts already there")
    args = ap.parse_args()
    if not args.database or not args.database.startswith("postgresql"):
        raise SystemExit("give a PostgreSQL URL: --database or TUTOR_TEST_DATABASE_URL (source .ci/postgres.sh)")
    from playwright.sync_api import sync_playwright
    from postgres_schema import fresh_schema
    from streamlit_page import WatchedBrowser

    rec = json.loads(args.record.read_text()) if args.record and args.record.exists() else {}
    logs = Path(tempfile.mkdtemp(prefix="tarot-tutor-together-bench-"))
    with sync_playwright() as p:
        browser = WatchedBrowser(p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM))
        try:
            for part in ("together", "practice"):
                if part in rec:
                    continue
                url = fresh_schema(args.database, f"tutor_bench_{part}_")
                print(f"{part}…", file=sys.stderr, flush=True)
                if part == "together":
                    rec[part] = together_deal(browser, url, logs, args.idle, args.profile)
                else:
                    deals = (practice_seeds(4, args.practice_seed) if args.different_deals else
                             same_deal_seats(rec["together"]["seed"]))
                    rec[part] = practice_deals(browser, url, logs, deals)
                rec[part]["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
                if args.record:
                    args.record.write_text(json.dumps(rec, indent=1) + "\n")
        finally:
            browser.close()
    if "together" in rec and "practice" in rec and "reviews" not in rec:
        print("reviews…", file=sys.stderr, flush=True)
        rec["reviews"] = reviews(rec)
        if args.record:
            args.record.write_text(json.dumps(rec, indent=1) + "\n")
    lines = report(rec, args.think)
    print("\n".join(lines))
    if args.record:
        args.record.with_suffix(".txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
