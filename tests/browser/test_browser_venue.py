"""A class at a real venue, in Chromium at 1920 x 1080 on a server set up as the README's "Serving on a
network" says (``TUTOR_PUBLIC_URL``, a shared server): the projected QR code, read back from the screen,
holds the public address; F5 on the presenting page keeps presenting, with no answer, no score and no
name with a score on show; the question is readable from the back of the room."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import press, settle, streamlit_server

from conftest import TEACHER_HASH, TEACHER_PASSPHRASE

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://tarot.example.org/club"


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    """`streamlit run` as served at a venue, on its own database file; yields (url, database url)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('venue') / 'venue.sqlite3'}"
    env = {"TUTOR_SHARED_SERVER": "1", "TUTOR_DATABASE_URL": db, "TUTOR_PUBLIC_URL": PUBLIC,
           "TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH}
    with streamlit_server(env, ROOT / "test-artifacts" / "streamlit-venue-server.log", "venue's streamlit") as url:
        yield url, db


@pytest.fixture
def projector_page(browser, request):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    pg = ctx.new_page()
    yield pg
    pg.screenshot(path=str(ROOT / "test-artifacts" / f"{request.node.name}.png"), full_page=True)
    ctx.close()


def class_store(db: str):
    from tutor.classroom.store import ClassStore
    from tutor.progress import Store
    s = Store.open(db)
    return ClassStore(s.engine), s


def sign_in(pg, url: str) -> None:
    pg.goto(f"{url}/teacher")
    expect(pg.get_by_label("Teacher passphrase")).to_be_visible()
    settle(pg)
    pg.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
    pg.get_by_role("button", name="Unlock").click()
    expect(pg.get_by_text("Set a new class quiz")).to_be_visible()
    settle(pg)


def test_the_projected_qr_code_reads_back_as_the_public_address(projector_page, venue):
    import zxingcpp
    from PIL import Image
    url, db = venue
    cs, s = class_store(db)
    quiz = cs.create(title="Venue", kinds=["count"], count=1, difficulty=1)
    s.close()
    pg = projector_page
    sign_in(pg, url)
    want = f"{PUBLIC}/class?code={quiz.code}"
    pg.goto(f"{url}/teacher?present={quiz.id}")
    expect(pg.get_by_role("heading", name=f"Join code {' '.join(quiz.code)}")).to_be_visible()
    img = pg.locator("[data-testid=stImage] img").first
    expect(img).to_be_visible()
    pg.wait_for_function("(el) => el.complete && el.naturalWidth > 0", arg=img.element_handle())
    shot = Image.open(io.BytesIO(img.screenshot())).convert("L")  # what the room's phones see
    assert [r.text for r in zxingcpp.read_barcodes(shot)] == [want]
    sidebar = pg.get_by_test_id("stSidebarUserContent")
    expect(sidebar.get_by_text(f"send learners to {PUBLIC}")).to_be_visible()
    expect(pg.get_by_text("phones cannot open it")).to_have_count(0)
    settle(pg)


def test_f5_while_presenting_keeps_the_projector_with_no_answer_and_a_readable_question(projector_page, venue):
    from PIL import Image, ImageChops
    url, db = venue
    cs, s = class_store(db)
    try:
        quiz = cs.create(title="Poignées", kinds=["poignee"], count=2, difficulty=1, paced=True)
        ann, bob = cs.join(quiz.code, "Ann")[1], cs.join(quiz.code, "Bob")[1]
    finally:
        s.close()
    q = quiz.questions[0]
    pg = projector_page
    sign_in(pg, url)
    pg.goto(f"{url}/teacher?present={quiz.id}")
    names = pg.get_by_text("2 joined", exact=True)
    expect(names).to_be_visible()
    assert float(names.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px")) >= 40  # the lobby

    press(pg, pg.get_by_role("button", name="Start the quiz"))
    expect(pg.get_by_role("heading", name="Question 1 of 2")).to_be_visible()
    cs, s = class_store(db)
    try:
        cs.answer(ann.token, 0, q.answer)
        cs.answer(bob.token, 0, next(c.key for c in q.choices if c.key != q.answer))
    finally:
        s.close()
    expect(pg.get_by_text("2 of 2")).to_be_visible()  # the projector redraws by itself
    settle(pg)
    assert f"present={quiz.id}" in pg.url

    pg.reload()  # F5 in front of the class
    expect(pg.get_by_role("heading", name="Question 1 of 2")).to_be_visible()
    expect(pg.get_by_text("2 of 2")).to_be_visible()
    settle(pg)
    main = pg.locator("[data-testid=stMain]")
    shown = main.inner_text()
    for secret in ("Right answer", "right answer", "Learners (", "Ann", "Bob", "% right", "Most common mistake"):
        assert secret not in shown, secret
    assert not main.locator("[data-testid=stDataFrame]").count()

    first_words = q.prompt.split("\n")[0].replace("**", "")[:30]
    sizes = pg.evaluate("""(words) => [...document.querySelectorAll('.st-key-projector p')]
        .filter(p => p.innerText.includes(words)).map(p => parseFloat(getComputedStyle(p).fontSize))""", first_words)
    assert sizes and min(sizes) >= 32, (first_words, sizes)
    for c in q.choices:  # the options are on the projector, large too
        option = main.get_by_text(c.label, exact=False).first
        expect(option).to_be_visible()
        assert float(option.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px")) >= 32
    widths = pg.evaluate("() => [...document.querySelectorAll('.st-key-projector img')].map(i => i.width)")
    assert widths and min(widths) >= 100, widths  # the cards, large
    card = Image.open(io.BytesIO(pg.locator(".st-key-projector img.tt-card").first.screenshot())).convert("RGB")
    drawn = ImageChops.difference(card, Image.new("RGB", card.size, card.getpixel((0, 0)))).getbbox()
    assert drawn[2] - drawn[0] >= 100, drawn  # and drawn that large, not a small card inside a large box

    press(pg, pg.get_by_role("button", name="Show the answer"))  # the teacher reveals it
    expect(main.get_by_text("right answer")).to_be_visible()
    settle(pg)


def font_px(locator) -> float:
    """The font size of ``locator``'s element. The page redraws the timer every second, so the element found can be
    gone by the time it is read (no style: an empty size): then it is found and read again."""
    for _ in range(100):
        size = locator.evaluate("el => el.isConnected ? getComputedStyle(el).fontSize : ''")
        if size:
            return float(size.removesuffix("px"))
        time.sleep(0.05)
    raise AssertionError(f"{locator} was redrawn each time its font size was read")


def test_the_projector_at_1920_the_lobby_a_timed_question_the_top_five_and_the_podium(projector_page, venue):
    """Issue 26: read from the back of a room. The lobby's names as large chips (a hostile name stays
    text) that update by themselves, the question and each of its options at 32 px or more across the
    screen's width with the time left, the top five once the teacher shows it, the podium on steps."""
    url, db = venue
    cs, s = class_store(db)
    try:
        quiz = cs.create(title="Engagement", kinds=["poignee"], count=1, difficulty=1, paced=True, timer=120,
                         leaderboard=True)
        joined = [cs.join(quiz.code, n)[1] for n in ("Ann", "<b>x</b>", "www.evil.com")]
    finally:
        s.close()
    pg = projector_page
    sign_in(pg, url)
    pg.goto(f"{url}/teacher?present={quiz.id}")
    main = pg.locator("[data-testid=stMain]")
    expect(main.get_by_text("3 joined", exact=True)).to_be_visible()
    chips = main.locator(".tt-chip")
    expect(chips).to_have_text(["Ann", "<b>x</b>", "www.evil.com"])  # the hostile names, as typed
    assert min(font_px(chips.nth(i)) for i in range(3)) >= 28
    assert not main.locator(".tt-chips b, .tt-chips a").count()  # no bold tag, no link made
    cs, s = class_store(db)
    try:
        joined.append(cs.join(quiz.code, "Bob")[1])
    finally:
        s.close()
    expect(main.get_by_text("4 joined", exact=True)).to_be_visible()  # no click: it redraws itself
    expect(chips).to_have_count(4)
    pg.screenshot(path=str(ROOT / "test-artifacts" / "projector-lobby.png"))
    settle(pg)

    press(pg, pg.get_by_role("button", name="Start the quiz"))
    expect(pg.get_by_role("heading", name="Question 1 of 1")).to_be_visible()
    q = quiz.questions[0]
    first_words = q.prompt.split("\n")[0].replace("**", "")[:30]
    prompt = main.locator(".st-key-projector p").filter(has_text=first_words).first
    expect(prompt).to_be_visible()
    assert font_px(prompt) >= 32
    for c in q.choices:  # every option on the projector, large
        option = main.locator(".st-key-projector p").filter(has_text=c.label).first
        expect(option).to_be_visible()
        assert font_px(option) >= 32, c.label
    timer = main.get_by_role("timer")
    expect(timer).to_be_visible()
    assert 100 <= int(timer.get_attribute("aria-label").split()[0]) <= 120
    assert font_px(timer.locator(".tt-timer-n")) >= 48
    width = main.locator(".st-key-projector").bounding_box()["width"]
    assert width >= 1400, width  # the screen's width, not a narrow column
    pg.screenshot(path=str(ROOT / "test-artifacts" / "projector-question.png"))

    wrong = next(c.key for c in q.choices if c.key != q.answer)
    cs, s = class_store(db)
    try:
        for p, a in zip(joined, (q.answer, q.answer, wrong, None), strict=True):
            if a is not None:
                cs.answer(p.token, 0, a)
    finally:
        s.close()
    expect(main.get_by_text("3 of 4", exact=False)).to_be_visible()
    assert not main.locator(".tt-board").count() and "Ann" not in main.inner_text()  # no names with scores
    settle(pg)
    press(pg, pg.get_by_role("button", name="Show the answer"))
    expect(main.get_by_text("right answer")).to_be_visible()
    settle(pg)
    press(pg, pg.get_by_role("button", name="Show the top five"))
    rows = main.locator(".tt-board li")
    expect(rows).to_have_count(4)
    names = main.locator(".tt-board .tt-name").all_inner_texts()
    # Ann and <b>x</b> right (1 point), www.evil.com wrong and Bob silent (0 points, Bob last: no answer)
    assert set(names[:2]) == {"Ann", "<b>x</b>"} and names[2:] == ["www.evil.com", "Bob"], names
    assert font_px(rows.first) >= 32
    pg.screenshot(path=str(ROOT / "test-artifacts" / "projector-top-five.png"))
    settle(pg)

    press(pg, pg.get_by_role("button", name="Show the results"))
    expect(main.get_by_role("heading", name="1st")).to_be_visible()
    heights = [main.locator(f".tt-block-{n}").bounding_box()["height"] for n in (1, 2, 3)]
    assert heights[0] > heights[1] > heights[2], heights  # steps of different heights
    xs = [main.locator(f".tt-block-{n}").bounding_box()["x"] for n in (2, 1, 3)]
    assert xs == sorted(xs), xs  # 2nd, 1st, 3rd from left to right
    first = main.locator(".tt-step").nth(1)
    expect(first.locator(".tt-pname")).to_have_count(2)
    assert set(first.locator(".tt-pname").all_inner_texts()) == {"Ann", "<b>x</b>"}  # tied on 1st
    expect(first.locator(".tt-medal")).to_be_visible()
    assert font_px(first.locator(".tt-pname").first) >= 32
    pg.screenshot(path=str(ROOT / "test-artifacts" / "projector-podium.png"))
    settle(pg)


def test_a_visitor_cannot_change_the_clubs_data_until_the_organiser_signs_in(projector_page, venue):
    """Each protected action tried without signing in, on a shared server; then the organiser (the
    teacher's passphrase: no organiser passphrase of its own is set) signs in once, and a reload keeps it."""
    from tutor.club import Game
    from tutor.progress import Store
    from tutor.progress.club_store import ClubStore
    url, db = venue
    s = Store.open(db)
    try:
        clubs = ClubStore(s)
        game = Game.new(["Ann", "Bob", "Cleo", "Dan"]).add(
            {"taker": "Ann", "contract": "garde", "points": "49", "oudlers": 2})
        gid = clubs.save(game, "Club night")  # saved whole: a deal with no entry time, long past correcting
    finally:
        s.close()
    pg = projector_page

    pg.goto(f"{url}/scoresheet?view=games")
    expect(pg.get_by_text("Saved games")).to_be_visible()
    settle(pg)
    pg.get_by_role("button", name="Delete", exact=True).click()
    expect(pg.get_by_text("only the club's organiser can delete a game")).to_be_visible()
    expect(pg.get_by_role("button", name="Yes, delete it")).to_have_count(0)
    settle(pg)

    pg.goto(f"{url}/scoresheet?game={gid}")
    expect(pg.get_by_text("deal 1)")).to_be_visible()  # "… more than 15 minutes ago (deal 1)"
    settle(pg)
    expect(pg.get_by_role("button", name="Edit", exact=True)).to_be_disabled()
    expect(pg.get_by_role("button", name="Delete", exact=True)).to_be_disabled()

    pg.goto(f"{url}/seasons")
    expect(pg.get_by_text("only the club's organiser can rename games and players")).to_be_visible()
    expect(pg.get_by_role("button", name="Rename the player")).to_have_count(0)
    expect(pg.get_by_role("button", name="Rename the game")).to_have_count(0)
    settle(pg)

    s = Store.open(db)
    try:
        kept = ClubStore(s).load(gid)
    finally:
        s.close()
    assert kept is not None and kept.name == "Club night" and len(kept.game.deals) == 1
    assert kept.game.players == ("Ann", "Bob", "Cleo", "Dan")

    pg.get_by_label("Organiser passphrase").fill(TEACHER_PASSPHRASE)
    pg.get_by_role("button", name="Sign in as the organiser").click()
    expect(pg.get_by_role("button", name="Rename the player")).to_be_visible()
    settle(pg)
    pg.goto(f"{url}/scoresheet?game={gid}")  # a new page load: the cookie keeps the organiser signed in
    expect(pg.get_by_role("button", name="Delete", exact=True)).to_be_enabled()
    expect(pg.get_by_role("button", name="Edit", exact=True)).to_be_enabled()
    settle(pg)


def test_a_phone_counts_the_time_down_and_takes_no_answer_once_it_is_up(browser, venue):
    """The learner's page shows the seconds left of a 10 s timer, going down with no click, then puts
    "Time is up" in place of the answer form by itself."""
    url, db = venue
    cs, s = class_store(db)
    try:
        quiz = cs.create(title="Quick", kinds=["count"], count=1, difficulty=1, paced=True, timer=10)
    finally:
        s.close()
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.goto(f"{url}/class?code={quiz.code}")
        expect(pg.get_by_label("Your name")).to_be_visible()
        settle(pg)
        pg.get_by_label("Your name").fill("Ann")
        pg.get_by_role("button", name="Join the quiz").click()
        expect(pg.get_by_text("will start the quiz")).to_be_visible()
        cs, s = class_store(db)
        try:
            cs.move(quiz.id, 0)
        finally:
            s.close()
        timer = pg.get_by_role("timer")
        expect(timer).to_be_visible()  # the page followed the teacher by itself
        expect(pg.get_by_role("textbox", name="Your answer")).to_be_visible()
        first = int(timer.get_attribute("aria-label").split()[0])
        runs = pg.evaluate("() => window.__ttRuns.started")
        # It ticks, counted by the phone: three seconds or more go by with fewer runs of the server than seconds
        # (only the page's look at the teacher's pace, every 3 s), where a redraw a second would be one a second.
        later = re.compile(rf"^({'|'.join(str(n) for n in range(1, first - 2))}) seconds? left$")
        expect(timer).to_have_attribute("aria-label", later)
        counted = first - int(timer.get_attribute("aria-label").split()[0])
        assert counted >= 3 and first <= 10
        assert pg.evaluate("() => window.__ttRuns.started") - runs < counted, "the server redrew the timer"
        pg.screenshot(path=str(ROOT / "test-artifacts" / "phone-counting-down.png"))
        expect(pg.get_by_text("Time is up for question 1")).to_be_visible()
        expect(pg.get_by_role("textbox", name="Your answer")).to_have_count(0)
        pg.screenshot(path=str(ROOT / "test-artifacts" / "phone-time-up.png"))
    finally:
        ctx.close()
