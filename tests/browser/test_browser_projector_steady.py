"""Issue 37: the projector faded every 2 seconds. Its view redraws itself (a timed fragment), and while a redraw
runs Streamlit greys the elements it is redrawing (``data-stale``, at opacity 0.33): on a busy server a room saw
the join code flicker to grey. Here the server is made busy on purpose (each count of the class takes a second,
``sitecustomize`` below), and frames taken during the redraws must show the projected view at full opacity."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import press, settle, streamlit_server

from conftest import TEACHER_HASH, TEACHER_PASSPHRASE

ROOT = Path(__file__).resolve().parents[2]
BUSY_SECONDS = 1.0  # each redraw of the projector reads the class's counts: this long on the busy server
SLOW_COUNTS = f"""
import time
from tutor.classroom.store import ClassStore
_tallies = ClassStore.tallies
def _slow(self, *args, **kwargs):
    time.sleep({BUSY_SECONDS})
    return _tallies(self, *args, **kwargs)
ClassStore.tallies = _slow
"""
# The lowest opacity an element of the projected stage shows, its ancestors' opacity included, and whether a
# redraw was running (some element stale) when the frame was taken.
FRAME = """() => {
  const seen = [...document.querySelectorAll('.st-key-projector [data-testid=stElementContainer]')];
  let low = 1;
  for (const el of seen) {
    let o = 1;
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      o *= parseFloat(getComputedStyle(e).opacity);
    }
    low = Math.min(low, o);
  }
  return {low, stale: !!document.querySelector('[data-testid=stMain] [data-stale=true]'), n: seen.length};
}"""


@pytest.fixture(scope="module")
def busy(tmp_path_factory):
    where = tmp_path_factory.mktemp("busy")
    (where / "sitecustomize.py").write_text(SLOW_COUNTS)
    db = f"sqlite:///{where / 'busy.sqlite3'}"
    env = {"TUTOR_DATABASE_URL": db, "TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH, "PYTHONPATH": str(where)}
    with streamlit_server(env, ROOT / "test-artifacts" / "streamlit-busy-server.log", "busy streamlit") as url:
        yield url, db


def _quiz(db: str):
    from tutor.classroom.store import ClassStore
    from tutor.progress import Store
    s = Store.open(db)
    try:
        return ClassStore(s.engine).create(title="Steady", kinds=["count"], count=1, difficulty=1)
    finally:
        s.close()


def test_the_projected_view_stays_at_full_opacity_while_it_redraws(browser, busy):
    url, db = busy
    quiz = _quiz(db)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    pg = ctx.new_page()
    try:
        pg.goto(f"{url}/teacher")
        expect(pg.get_by_label("Teacher passphrase")).to_be_visible()
        settle(pg)
        pg.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
        pg.get_by_role("button", name="Unlock").click()
        expect(pg.get_by_text("Set a new class quiz")).to_be_visible()
        settle(pg)
        pg.goto(f"{url}/teacher?present={quiz.id}")
        expect(pg.get_by_role("heading", name=f"Join code {' '.join(quiz.code)}")).to_be_visible()
        frames = []
        for _ in range(24):  # 0.3 s apart, over about four of the projector's 2-second redraws
            frames.append(pg.evaluate(FRAME))
            time.sleep(0.3)  # the pace of the frames taken, as a camera would: not a wait for an outcome
        during = [f for f in frames if f["stale"]]
        assert during, "no frame caught a redraw: the busy server was not busy"
        assert all(f["n"] > 0 for f in frames)
        assert min(f["low"] for f in frames) == 1, frames
        pg.screenshot(path=str(ROOT / "test-artifacts" / "projector-steady.png"))
    finally:
        ctx.close()


# Set before the click: whether the page ever showed the top five's heading without its list, at any change of
# the page (a MutationObserver sees every state the browser could paint).
HEADING_ALONE = """() => {
  window.__ttAlone = false;
  window.__ttBoth = false;
  const look = () => {
    const heading = [...document.querySelectorAll('.st-key-projector [role=heading], .st-key-projector h2')]
      .some(h => h.innerText.startsWith('Top five after'));
    const rows = document.querySelectorAll('.st-key-projector .tt-board li').length;
    if (heading && !rows) window.__ttAlone = true;
    if (heading && rows) window.__ttBoth = true;
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_the_top_five_never_shows_its_heading_without_the_list(browser, busy):
    from tutor.classroom.store import ClassStore
    from tutor.progress import Store
    url, db = busy
    s = Store.open(db)
    try:
        cs = ClassStore(s.engine)
        quiz = cs.create(title="Top", kinds=["count"], count=2, difficulty=1, paced=True, leaderboard=True)
        ann = cs.join(quiz.code, "Ann")[1]
        cs.move(quiz.id, 0)
        cs.answer(ann.token, 0, str(quiz.questions[0].answer))
    finally:
        s.close()
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    pg = ctx.new_page()
    try:
        pg.goto(f"{url}/teacher")
        locked, open_ = pg.get_by_label("Teacher passphrase"), pg.get_by_text("Set a new class quiz")
        expect(locked.or_(open_)).to_be_visible()
        settle(pg)
        if locked.count():
            locked.fill(TEACHER_PASSPHRASE)
            pg.get_by_role("button", name="Unlock").click()
            expect(open_).to_be_visible()
            settle(pg)  # the sign-in is stored before the next address is opened
        pg.goto(f"{url}/teacher?present={quiz.id}")
        first = pg.get_by_role("heading", name="Question 1 of 2")
        expect(first.or_(locked)).to_be_visible()
        if not first.count():  # a busy machine can open the address before the sign-in's cookie is set: sign in again
            locked.fill(TEACHER_PASSPHRASE)
            pg.get_by_role("button", name="Unlock").click()
        expect(first).to_be_visible()
        press(pg, pg.get_by_role("button", name="Show the answer"))
        pg.evaluate(HEADING_ALONE)
        press(pg, pg.get_by_role("button", name="Show the top five"))
        expect(pg.locator(".st-key-projector .tt-board li")).to_have_count(1)
        assert pg.evaluate("() => window.__ttBoth") and not pg.evaluate("() => window.__ttAlone")
    finally:
        ctx.close()
