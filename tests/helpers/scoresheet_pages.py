"""The Score sheet page under AppTest, for the club page tests: a game started, deals entered, buttons pressed, the
totals read.
"""

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")

SCORESHEET, WORKSHEETS = "tutor/ui/pages/scoresheet.py", "tutor/ui/pages/worksheets.py"


def page(path: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(path)
    return at.run()


def press(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def start(names, name="Friday") -> AppTest:
    at = page(SCORESHEET)
    at.text_input(key="club_new_name").set_value(name)
    for i, n in enumerate(names):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    return press(at, "Start the game")


def deal(at: AppTest, button="Add deal", *, taker, contract, points, oudlers, partner=None, petit=None,
         poignees="", chelem=None) -> AppTest:
    at.selectbox(key="club_taker").set_value(taker)
    if partner is not None:
        at.selectbox(key="club_partner").set_value(partner)
    at.selectbox(key="club_contract").set_value(contract)
    at.text_input(key="club_points").set_value(points)
    at.segmented_control(key="club_oudlers").set_value(oudlers)
    at.segmented_control(key="club_petit_au_bout").set_value(petit)
    at.text_input(key="club_poignees").set_value(poignees)
    at.selectbox(key="club_chelem").set_value(chelem)
    return press(at, button)


def totals(at: AppTest) -> dict:
    """The sheet's last row, the totals (as at the foot of a paper sheet)."""
    df = at.dataframe[0].value
    last = df.iloc[-1]
    assert last["#"] == "Total"
    return {c[:-2]: int(last[c]) for c in df.columns if c.endswith(" Σ")}


def readme_game(at):
    # The README's worked sheet: garde 49 with 2 oudlers, petit au bout and a simple poignée: 318/-106 each;
    # then a petite 40 with 1 oudler failed by 1 for Bob: 36/-108 (totals by hand: 354, -214, -70, -70).
    deal(at, taker="Ann", contract="garde", points="49", oudlers=2, petit="attack", poignees="simple")
    return deal(at, taker="Bob", contract="petite", points="40", oudlers=1)
