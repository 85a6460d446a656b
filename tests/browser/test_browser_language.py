"""The language in Chromium (issue 28): a French browser opens in French; the sidebar switch puts ``?lang=fr``
in the address and the navigation in French; moving to another page and reloading keep it; the next
visit opens in the profile's language. On a server of its own (its own database), since the switch saves
the language with the profile, which the other browser tests' server must not see.

``to_french`` and ``french_navigation`` are for the issue's full test, which answers a drill in French once
the learning pages speak it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import settle, streamlit_server, watch

from conftest import failing_on_log_problems

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "test-artifacts" / "streamlit-language.log"
NAV_FR = ["Parcours", "Leçon", "Exercices", "Problèmes", "Entraînement", "Progrès", "Règles du jeu",
          "Vérifier une donne", "Feuille de marque", "Saisons", "Duplicate", "Fiches d’exercices", "Classe",
          "Enseignant"]
SECTIONS_FR = ["Apprendre", "Consulter", "Club et classe"]


@pytest.fixture(scope="module")
def lang_server(tmp_path_factory):
    env = {"TUTOR_DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('language') / 'progress.sqlite3'}"}
    fmt = ("--logger.messageFormat", "%(asctime)s %(levelname)s %(name)s: %(message)s")
    with streamlit_server(env, LOG, "language streamlit", extra_args=fmt) as url:
        yield url


@pytest.fixture(autouse=True)
def _no_warnings(lang_server):
    with failing_on_log_problems(LOG):
        yield


@pytest.fixture(params=["en-US"])
def fresh(browser, request):
    """A page in a browser context of its own (a new visitor) whose language is ``request.param``."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale=request.param)
    pg = ctx.new_page()
    yield pg
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    pg.screenshot(path=str(ROOT / "test-artifacts" / f"{request.node.name}.png"), full_page=True)
    ctx.close()


def sidebar_nav(pg):
    return pg.get_by_test_id("stSidebarNav")


def french_navigation(pg) -> None:
    """The sidebar's sections and pages are in French (the first ten pages: Streamlit folds the rest)."""
    nav = sidebar_nav(pg)
    for title in NAV_FR[:9]:
        expect(nav.get_by_role("link", name=title, exact=True)).to_be_visible()
    for section in SECTIONS_FR:
        expect(nav.get_by_text(section, exact=True)).to_be_visible()
    expect(nav.get_by_role("link", name="Course", exact=True)).to_have_count(0)


def to_french(pg) -> None:
    """Press Français in the sidebar's switch and wait for the address and the navigation to say so."""
    settle(pg)
    pg.get_by_test_id("stSidebar").get_by_role("radio", name="Français", exact=True).click()
    pg.wait_for_url(re.compile(r".*[?&]lang=fr(&|$)"))
    french_navigation(pg)
    settle(pg)


def opens_in_french_with_a_clean_address(pg, url: str) -> None:
    """A visit to ``url`` without ``?lang=`` shows French and leaves the address as it was."""
    pg.goto(url)
    french_navigation(pg)
    settle(pg)
    assert "lang=" not in pg.url


@pytest.mark.parametrize("fresh", ["fr-FR"], indirect=True)
def test_a_french_browser_opens_in_french_without_changing_the_address(fresh, lang_server):
    opens_in_french_with_a_clean_address(fresh, lang_server)


def test_the_switch_goes_french_and_a_reload_stays_french(fresh, lang_server):
    pg = fresh
    pg.goto(lang_server)
    expect(sidebar_nav(pg).get_by_role("link", name="Course", exact=True)).to_be_visible()
    to_french(pg)
    sidebar_nav(pg).get_by_role("link", name="Exercices", exact=True).click()  # another page keeps ?lang=fr
    pg.wait_for_url(re.compile(r".*/drill\?(.*&)?lang=fr(&|$)"))
    french_navigation(pg)
    settle(pg)
    pg.reload()
    french_navigation(pg)
    settle(pg)
    assert re.search(r"[?&]lang=fr(&|$)", pg.url)
    switch = pg.get_by_test_id("stSidebar").get_by_role("radiogroup", name="Langue")
    expect(switch.get_by_role("radio", name="Français", exact=True)).to_be_checked()


def test_the_next_visit_opens_in_the_profiles_language(fresh, lang_server):
    # An earlier visit (another browser context) chooses French with this personal database's profile; a new
    # visit without ?lang= is then French. The earlier visit is made here: tests may run in any order and worker.
    earlier = watch(fresh.context.browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US"))
    try:
        pg = earlier.new_page()
        pg.goto(f"{lang_server}/?lang=en")
        expect(sidebar_nav(pg).get_by_role("link", name="Course", exact=True)).to_be_visible()
        to_french(pg)
    finally:
        earlier.close()
    opens_in_french_with_a_clean_address(fresh, lang_server)


def test_a_drill_answered_in_french_and_a_reload_stays_french(fresh, lang_server):
    """The issue's flow: switch to French on the home page, answer a drill in French, reload: still French."""
    from tutor import i18n
    from tutor.quiz import generate

    seed = next(s for s in range(990_001, 990_200) if float(generate("count", s, players=4, difficulty=1).answer)
                .is_integer())
    with i18n.using("fr"):
        q = generate("count", seed, players=4, difficulty=1)
    pg = fresh
    pg.goto(f"{lang_server}/?lang=en")  # English whatever the other tests saved with the profile
    expect(sidebar_nav(pg).get_by_role("link", name="Course", exact=True)).to_be_visible()
    to_french(pg)
    pg.goto(f"{lang_server}/drill?kind=count&seed={seed}&players=4&difficulty=1&lang=fr")
    french_navigation(pg)
    box = pg.get_by_role("textbox", name="Votre réponse")
    expect(box).to_be_visible()
    expect(pg.get_by_text(q.prompt.split("\n")[0][:40], exact=False).first).to_be_visible()
    settle(pg)
    box.fill(f"{float(q.answer):g}")
    pg.get_by_role("button", name="Vérifier ma réponse").click()
    expect(pg.get_by_text("Juste !", exact=False).first).to_be_visible()
    assert pg.get_by_role("button", name="Check my answer").count() == 0
    settle(pg)
    pg.reload()
    french_navigation(pg)
    expect(pg.get_by_role("textbox", name="Votre réponse")).to_be_visible()
    assert re.search(r"[?&]lang=fr(&|$)", pg.url)


# What the browser shows in French, read from the page itself: its text, and the names pictures and the card
# table give to a screen reader (which AppTest cannot see: the component draws them in the browser).
NAMES_JS = "els => els.map(e => e.getAttribute('aria-label') || e.getAttribute('alt') || '')"


def shown_in_browser(pg) -> str:
    """The main area's text, then every name it gives a screen reader (Playwright's locators enter the card
    table's shadow root, which ``document.querySelectorAll`` would not)."""
    main = pg.get_by_test_id("stMain")
    names = main.locator("[aria-label], img[alt]").evaluate_all(NAMES_JS)
    return main.inner_text() + "\n" + "\n".join(names)


# Streamlit's own words for a screen reader (a heading's anchor, a help icon), which an app cannot translate.
STREAMLIT_OWN = re.compile(r"^(Link to heading|Help for .*|[a-z_]+ icon|Selected values|Remove .*|Clear all|Open|"
                           r"Close)$")


@pytest.mark.parametrize("address", ["/practice?players=4&seed=3&dealer=2&lang=fr",
                                     "/drill?kind=legal&seed=7&players=4&difficulty=1&lang=fr"])
def test_a_french_page_in_the_browser_shows_no_english(fresh, lang_server, address):
    from french_words import ALLOWED, ENGLISH
    pg = fresh
    pg.goto(lang_server + address)
    french_navigation(pg)
    expect(pg.locator(".tt-table, .tt-hand").first).to_be_visible()
    settle(pg)
    text = shown_in_browser(pg)
    # the cards' names are French (« Roi de cœur », « 7 d’atout »…)
    assert re.search(r"\b(Roi|Dame|Cavalier|Valet|\d+) d(e |’)(pique|cœur|carreau|trèfle|atout)", text), text[-600:]
    lines = [ALLOWED.sub(" ", line) for line in text.splitlines() if not STREAMLIT_OWN.match(line)]
    english = [(ENGLISH.findall(line), line[:100]) for line in lines if ENGLISH.search(line)]
    assert english == []
