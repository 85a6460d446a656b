"""The pictures in the README and docs/, made by the app itself: `streamlit run` on a free localhost port (headless,
a throw-away database and cache), Debian's Chromium through Playwright over the real pages, PNGs into docs/images/.

Run it again whenever a page changes: python bench/screenshots.py [--only NAME ...] [--out DIR]

Each shot waits for the app to be idle (no script running, Streamlit's status widget gone) and for the text the
shot is about, never for a fixed time. The pictures are of the viewport (1280x800, or a 390x844 phone), not of
the whole page, so they stay small.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSPHRASE = "screenshots passphrase"
TIMEOUT_MS = 120_000  # generous: a slow or busy machine takes longer, and the waits are for outcomes, not time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def app_server(env: dict[str, str], log_path: Path):
    """`streamlit run streamlit_app.py` headless on a free localhost port; yields its address once healthy."""
    port = free_port()
    full_env = {**os.environ, "STREAMLIT_SERVER_HEADLESS": "true", "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
                **env}
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"), "--server.port", str(port),
             "--server.address", "127.0.0.1", "--server.fileWatcherType", "none"],
            cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            while True:
                try:
                    with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        sys.exit("the app did not start:\n" + log_path.read_text(errors="replace"))
                    time.sleep(0.3)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def idle(pg) -> None:
    """Wait until Streamlit has no script running: its root says notRunning and the status widget is gone."""
    pg.wait_for_function(
        "() => document.querySelector('[data-testid=stApp]')?.getAttribute('data-test-script-state') === 'notRunning'"
        " && !document.querySelector('[data-testid=stStatusWidget]')"
        " && !document.querySelector('[data-testid=stSkeleton]')", timeout=TIMEOUT_MS)


def shown(pg, text: str, exact: bool = False) -> None:
    pg.get_by_text(text, exact=exact).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    idle(pg)


def to_top(pg, selector: str, margin: int = 0) -> None:
    """Scroll Streamlit's main block so the first element matching ``selector`` is ``margin`` px below the top."""
    pg.locator(selector).first.evaluate(
        "(el, margin) => { el.scrollIntoView({block: 'start'});"
        " document.querySelector('[data-testid=stMain]')?.scrollBy(0, -margin); }", margin)
    idle(pg)


def card_name(card) -> str:
    """The card table's accessible name of a card ("King of hearts"): the engine's English name, capitalised."""
    return card.name[:1].upper() + card.name[1:]


def seed_data(db_url: str) -> dict:
    """A saved club game and a class quiz with three learners' answers, in the throw-away database."""
    from tutor.classroom.store import ClassStore
    from tutor.club import Game
    from tutor.progress import Store
    from tutor.progress.club_store import ClubStore

    store = Store.open(db_url)
    game = Game.new(["Ann", "Bob", "Cleo", "Dan"])
    for deal in ({"taker": "Ann", "contract": "garde", "points": 49, "oudlers": 2, "petit_au_bout": "attack",
                  "poignees": "simple"},
                 {"taker": "Bob", "contract": "petite", "points": 40, "oudlers": 1},
                 {"taker": "Cleo", "contract": "garde", "points": 38, "oudlers": 2},
                 {"taker": "Dan", "contract": "garde_sans", "points": 52, "oudlers": 2}):
        game = game.add(**deal)
    game_id = ClubStore(store).save(game, "Friday")
    classes = ClassStore(store.engine)
    quiz = classes.create(title="Scoring, week 3", kinds=["count", "target"], count=4, difficulty=1)
    for name, good in (("Ann", 4), ("Bob", 2), ("Chloé", 1)):
        _, player = classes.join(quiz.code, name)
        for k, question in enumerate(quiz.questions[:good + 1]):
            answer = question.answer if k < good else "0"
            classes.answer(player.token, k, answer if isinstance(answer, str) else str(answer))
    table_token = _table_in_play(store)
    store.close()
    return {"game": game_id, "quiz": quiz, "table": table_token}


def _table_in_play(store) -> str:
    """A Play together table of Ana, Ben, Cleo and a bot, a few tricks into a deal, Ben to play a card on a trick
    already led: his seat's token. Everyone plays as the Club bots (through the store); the first such deal."""
    from tutor.classroom.tables import TableStore
    from tutor.engine import Phase, PlayCard
    from tutor.practice import choose_card, decide

    ts = TableStore(store.engine, store.where)
    for seed in range(1, 100):
        snap, ana, _ = ts.open("Ana", 4, "club", seed=seed)
        tokens = [ana] + [ts.join(snap.code, name)[1] for name in ("Ben", "Cleo")]
        snap = ts.start(ana, ts.table(snap.id).version).table
        while not snap.over:
            d = snap.deal
            view = d.view(d.to_act)
            if d.phase is Phase.PLAYING and d.to_act == 1 and len(view.tricks) >= 3 and view.trick:
                return tokens[1]
            action = decide(view).action
            if d.phase is Phase.PLAYING and not isinstance(action, PlayCard):
                action = PlayCard(d.to_act, choose_card(view)[0])  # no poignée or chelem: a card
            snap = ts.act(tokens[d.to_act], action, snap.version).table
    raise SystemExit("no deal gave Ben a card to play on a trick led")


def shoot(pg, out: Path, name: str) -> None:
    idle(pg)
    pg.mouse.move(0, 0)  # no hover highlight in the picture
    path = out / f"{name}.png"
    pg.screenshot(path=str(path))
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


def course(pg, url):
    pg.goto(url)
    shown(pg, "Start here →")


def lesson(pg, url):
    pg.goto(f"{url}/lesson?lesson=the-deck&step=2")
    pg.locator("img").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    shown(pg, "The deck")


def drill(pg, url):
    from tutor.quiz import generate
    seed = next(s for s in range(50) if 2 <= len(generate("legal", s, players=4, difficulty=2).answer) <= 5)
    q = generate("legal", seed, players=4, difficulty=2)
    pg.goto(f"{url}/drill?kind=legal&seed={seed}&players=4&difficulty=2")
    pg.locator("button.tt-card img").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    idle(pg)
    for c in q.answer:
        pg.get_by_role("button", name=card_name(c), exact=True).click()
    pg.get_by_role("button", name="Check my answer").click()
    shown(pg, "Right!")
    pg.get_by_text("Show me why").first.click()
    idle(pg)
    pg.get_by_role("link", name="Read the rule").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    if pg.viewport_size["width"] < 600:
        pg.get_by_text("Right!").first.evaluate("el => el.scrollIntoView({block: 'center'})")
    else:  # the hand with its chosen cards, the verdict and the worked explanation
        to_top(pg, ".tt-hand", margin=70)


def practice(pg, url):
    pg.goto(f"{url}/practice?players=4&seed=1")
    shown(pg, "#1")
    pg.get_by_role("button", name="Pass", exact=True).click()
    shown(pg, "Trick 1", exact=True)
    pg.locator("button.tt-card img").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    to_top(pg, ".tt-table")


def scoresheet(pg, url, data):
    pg.goto(f"{url}/scoresheet?game={data['game']}")
    shown(pg, "Friday")
    shown(pg, "Ann")


def teacher(pg, url, data):
    pg.goto(f"{url}/teacher")
    pg.get_by_label("Teacher passphrase").wait_for(state="visible", timeout=TIMEOUT_MS)
    idle(pg)
    pg.get_by_label("Teacher passphrase").fill(PASSPHRASE)
    pg.get_by_role("button", name="Unlock").click()
    shown(pg, "Learners (3)")
    pg.locator("[data-testid=stDataFrame]").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    idle(pg)
    pg.get_by_text("Learners (3)").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    idle(pg)


def projector(pg, url, data):
    teacher(pg, url, data)
    quiz = data["quiz"]
    pg.goto(f"{url}/teacher?present={quiz.id}")
    pg.get_by_role("heading", name=f"Join code {' '.join(quiz.code)}").wait_for(state="visible", timeout=TIMEOUT_MS)
    pg.locator("[data-testid=stImage] img").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    idle(pg)


def together(pg, url, data):
    pg.goto(f"{url}/table?seat={data['table']}")
    shown(pg, "you are Ben")
    pg.locator("button.tt-card img").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    shown(pg, "Play the typed card")


# name -> (viewport, how to get there); the README and docs/ show these files
SHOTS = {
    "course": (DESKTOP, course),
    "lesson": (DESKTOP, lesson),
    "drill": (DESKTOP, drill),
    "practice": (DESKTOP, practice),
    "scoresheet": (DESKTOP, scoresheet),
    "teacher": (DESKTOP, teacher),
    "projector": (DESKTOP, projector),
    "phone-course": (PHONE, course),
    "phone-drill": (PHONE, drill),
    "phone-scoresheet": (PHONE, scoresheet),
    "together": (PHONE, together),
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", choices=sorted(SHOTS), help="make only these pictures")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="where the PNGs go")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        sys.exit("needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium); never download a browser")
    from playwright.sync_api import sync_playwright

    from tutor.progress.hashing import make_hash

    args.out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="tarot-tutor-shots-"))
    try:
        db = f"sqlite:///{scratch / 'progress.sqlite3'}"
        env = {"TUTOR_DATABASE_URL": db, "TUTOR_CACHE_DIR": str(scratch / "cache"),
               "TUTOR_TEACHER_PASSPHRASE_HASH": make_hash(PASSPHRASE),
               "TUTOR_PUBLIC_URL": "https://tarot.example.org", "LANG": "en_US.UTF-8"}
        os.environ.update({k: env[k] for k in ("TUTOR_DATABASE_URL", "TUTOR_CACHE_DIR")})
        data = seed_data(db)
        with app_server(env, scratch / "streamlit.log") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name in args.only or SHOTS:
                viewport, go = SHOTS[name]
                ctx = browser.new_context(viewport=viewport, locale="en-GB", device_scale_factor=1,
                                          is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
                pg = ctx.new_page()
                if go in (scoresheet, teacher, projector, together):
                    go(pg, url, data)
                else:
                    go(pg, url)
                shoot(pg, args.out, name)
                ctx.close()
            browser.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
