"""A whole 3-table duplicate tournament in a real browser: set up, printed, entered, ranked; a reload (F5) in
the middle keeps it, with every marque entered (issue 37: it is saved, and its address reopens it).

Three tables, three rounds, one étui a round: each étui is played once at every table. The marques are
chosen so that the topage can be worked by hand (three results: 100 %, 50 %, 0 %; a tie shares).
"""

from pathlib import Path

from playwright.sync_api import expect
from pypdf import PdfReader
from streamlit_page import choose, settle

from tutor.club.duplicate_csv import from_csv

LINES = {"North": "Ann, Bea, Cid", "East": "Dan, Eve, Fay", "South": "Gus, Hal, Ida", "West": "Jon, Kim, Lou"}
# Étui -> the marque at tables 1, 2, 3, and the taker's note worked by hand (FFT topage, 3 results).
MARQUES = {
    1: ((56, 62, -52), (50.0, 100.0, 0.0)),    # ranked 62 > 56 > -52
    2: ((30, 30, 90), (25.0, 25.0, 100.0)),    # the two 30s share 50 % and 0 %
    3: ((-40, 10, -70), (50.0, 100.0, 0.0)),
}


def number(pg, label: str, value: str) -> None:
    box = pg.get_by_label(label, exact=True)
    box.fill(value)
    box.press("Enter")
    settle(pg)


def test_a_three_table_tournament(page, server, tmp_path):
    pg = page
    pg.goto(f"{server}/duplicate")
    expect(pg.get_by_role("heading", name="Duplicate", exact=True)).to_be_visible()
    settle(pg)
    number(pg, "Tables", "3")
    number(pg, "Rounds", "3")
    number(pg, "Étuis a round", "1")
    for line, names in LINES.items():
        pg.get_by_label(f"{line} players").fill(names)
    pg.get_by_role("button", name="Prepare the étuis and the movement").click()
    expect(pg.get_by_text("3 tables, 3 rounds, 3 étuis")).to_be_visible()
    settle(pg)

    # Printed: the diagrams name every player's étui hands; the fiches one slip an étui.
    pg.get_by_role("button", name="Make the PDFs").click()
    settle(pg)
    with pg.expect_download() as dl:
        pg.get_by_test_id("stDownloadButton").filter(has_text="Diagrams (PDF)").click()
    diagrams = PdfReader(dl.value.path())
    text = " ".join(p.extract_text() for p in diagrams.pages)
    assert len(diagrams.pages) >= 3 and "Nord" in text and "Ouest" in text
    with pg.expect_download() as dl:
        pg.get_by_test_id("stDownloadButton").filter(has_text="Fiches ambulantes (PDF)").click()
    assert len(PdfReader(dl.value.path()).pages) >= 1

    # Entered étui by étui, table by table; each entry is waited for by the count it brings, since a click
    # can land before the run it starts (settle alone may return in between).
    entered = 0
    for etui, (marques, _) in MARQUES.items():
        shown = [label for el in pg.get_by_role("spinbutton").all()
                 if (label := el.get_attribute("aria-label") or "").endswith(" takes")]
        if etui > 1:  # each étui has another taker, so its fields have other labels: wait for the old ones to go
            choose(pg, pg.get_by_test_id("stSelectbox").filter(has_text="Étui"),
                   pg.get_by_role("option").filter(has_text=f"Étui {etui} ·"))
            for label in shown:
                expect(pg.get_by_label(label, exact=True)).to_have_count(0)
        settle(pg)
        for table, marque in enumerate(marques, 1):
            field = pg.get_by_test_id("stNumberInput").filter(has_text=f"Table {table} ·").locator("input")
            field.fill(str(marque))
            field.press("Enter")
            entered += 1
            expect(pg.get_by_text(f"{entered} of 9 results entered.")).to_be_visible()
            settle(pg)
        if etui == 1:  # F5 after the first étui: the same tournament, its three marques kept
            assert "?t=" in pg.url
            pg.reload()
            expect(pg.get_by_text("3 of 9 results entered.")).to_be_visible()
            expect(pg.get_by_text("3 tables, 3 rounds, 3 étuis")).to_be_visible()
            settle(pg)
            for table, marque in enumerate(marques, 1):
                field = pg.get_by_test_id("stNumberInput").filter(has_text=f"Table {table} ·").locator("input")
                expect(field).to_have_value(str(marque))

    # Ranked: both classements list all twelve players, and the exported CSV carries the hand-worked notes.
    expect(pg.get_by_text("Classement général")).to_be_visible()
    expect(pg.get_by_text("Classement alterné")).to_be_visible()
    with pg.expect_download() as dl:
        pg.get_by_test_id("stDownloadButton").filter(has_text="Results (CSV)").click()
    csv_text = Path(dl.value.path()).read_text(encoding="utf-8-sig")
    results = from_csv(csv_text)
    assert len(results) == 9
    by = {(r.deal, r.table): r.score for r in results}
    for etui, (marques, _) in MARQUES.items():
        assert tuple(by[etui, t] for t in (1, 2, 3)) == marques
    header = csv_text.splitlines()[0].split(",")
    col = header.index("taker_pct")
    notes = {}
    for line in csv_text.splitlines()[1:]:
        cells = line.split(",")
        notes[int(cells[0]), int(cells[1])] = float(cells[col])
    for etui, (_, want) in MARQUES.items():
        assert tuple(notes[etui, t] for t in (1, 2, 3)) == want
