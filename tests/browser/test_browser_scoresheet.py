"""The club score sheet in a real browser: start a game, enter two deals, read the totals; and at phone width."""

from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import choose as choose_in
from streamlit_page import settle

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def choose(pg, label: str, option: str) -> None:
    choose_in(pg, pg.get_by_test_id("stSelectbox").filter(has_text=label),
              pg.get_by_role("option", name=option, exact=True))


def segment(pg, label: str, option: str) -> None:
    pg.get_by_role("radiogroup", name=label).get_by_role("radio", name=option, exact=True).click()


def enter(pg, *, taker, contract, points, oudlers) -> None:
    settle(pg)
    choose(pg, "Taker (preneur)", taker)
    choose(pg, "Contract", contract)
    pg.get_by_label("Points (attack)").fill(points)
    segment(pg, "Oudlers (bouts)", oudlers)
    pg.get_by_role("button", name="Add deal").click()
    settle(pg)


def start_game(pg, server, names, game_name) -> None:
    pg.goto(f"{server}/scoresheet?view=games")
    expect(pg.get_by_role("heading", name="Score sheet")).to_be_visible()
    settle(pg)
    pg.get_by_label("Name of the game").fill(game_name)
    for i, name in enumerate(names, 1):
        pg.get_by_label(f"Player {i}", exact=True).fill(name)
    pg.get_by_role("button", name="Start the game").click()
    expect(pg.get_by_role("heading", name=game_name)).to_be_visible()


def test_two_deals_and_the_totals(page, server):
    start_game(page, server, ["Ann", "Bob", "Cleo", "Dan"], "Browser club")
    # Garde 49 with 2 oudlers (target 41): made by 8, (25 + 8) x 2 = 66 from each defender, 198 for Ann.
    enter(page, taker="Ann", contract="Garde", points="49", oudlers="2")
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    expect(page.get_by_label("Points (attack)")).to_have_value("")  # the form is ready for the next deal
    enter(page, taker="Bob", contract="Petite", points="40", oudlers="1")
    expect(page.get_by_text("Deal 2 saved.")).to_be_visible()
    # Petite 40 with 1 oudler (target 51): failed by 11, 25 + 11 = 36 to each defender, -108 for Bob.
    expect(page.get_by_text("failed by 11")).to_be_visible()
    scores = page.get_by_text("Ann +36 · Bob −108 · Cleo +36 · Dan +36")  # the true minus sign, U+2212
    expect(scores).to_be_visible()
    expect(page.get_by_text("Every row sums to zero")).to_be_visible()
    grid = page.get_by_test_id("stDataFrame")
    expect(grid).to_be_visible()
    # Totals after two deals: Ann 198 + 36 = 234, Bob -66 - 108 = -174, Cleo and Dan -66 + 36 = -30.
    csv = page.get_by_test_id("stDownloadButton").filter(has_text="Download the sheet (CSV)")
    settle(page)
    with page.expect_download() as download:
        csv.click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    from tutor.club import from_csv
    assert from_csv(text).sheet().totals == (234, -174, -30, -30)
    assert "-108" in text and "\u2212" not in text  # the CSV keeps the hyphen-minus, for spreadsheets
    # The French file as the browser saves it: the byte-order mark, ";" and French words, the same game.
    french = page.get_by_test_id("stDownloadButton").filter(has_text="Download for French Excel")
    with page.expect_download() as download:
        french.click()
    data = Path(download.value.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "Preneur;Partenaire;Contrat" in data.decode("utf-8-sig")
    assert from_csv(data.decode("utf-8-sig")) == from_csv(text)


def test_the_score_sheet_fits_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    start_game(pg, server, ["Ann", "Bob", "Cleo"], "Phone club")
    enter(pg, taker="Ann", contract="Garde", points="56", oudlers="2")
    expect(pg.get_by_text("Ann +160 · Bob −80 · Cleo −80")).to_be_visible()
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / "phone_scoresheet.png"), full_page=True)
    grid = pg.get_by_test_id("stDataFrame")
    grid.scroll_into_view_if_needed()
    expect(grid).to_be_visible()
    pg.screenshot(path=str(ARTIFACTS / "phone_scoresheet_sheet.png"))
    ctx.close()
