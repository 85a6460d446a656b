"""Issue 37, smaller points on the score sheet: the contracts are named as a club writes them (Garde sans, not
"garde sans"), and the chelem box shows "—" for no chelem, never Streamlit's "Choose an option" (it held None,
which a select box shows as nothing chosen), also after a deal is added and the form cleared."""

from __future__ import annotations

from scoresheet_pages import deal, press, start

from tutor.ui.club import scoresheet as sc

GARDE_SANS = {"taker": "Ann", "contract": "garde_sans", "points": "45", "oudlers": 2}


def test_the_sheet_and_the_form_name_the_contracts_with_a_capital():
    at = deal(start(["Ann", "Bob", "Cleo", "Dan"]), **GARDE_SANS)
    df = at.dataframe[0].value
    assert list(df["contract"])[:1] == ["Garde sans"]
    assert at.selectbox(key="club_contract").options == ["Petite", "Garde", "Garde sans", "Garde contre"]
    assert any("· Garde sans ·" in m.value for m in at.markdown)  # the last deal's breakdown


def test_the_chelem_box_shows_a_dash_for_no_chelem_before_and_after_a_deal():
    at = start(["Ann", "Bob", "Cleo", "Dan"])
    box = at.selectbox(key="club_chelem")
    assert box.value == "" and box.index == 0 and box.options[0] == "—"
    at = deal(at, **GARDE_SANS)  # the form is cleared after the save
    box = at.selectbox(key="club_chelem")
    assert box.value == "" and box.index == 0
    assert at.session_state[sc.EDITING] is None


def test_a_deal_with_a_chelem_is_edited_back_with_it_and_without_it():
    at = deal(start(["Ann", "Bob", "Cleo", "Dan"]), taker="Ann", contract="garde", points="91", oudlers=3,
              chelem="made")
    at = press(at, "Edit")
    assert at.selectbox(key="club_chelem").value == "made"
    at.selectbox(key="club_chelem").set_value("")
    at.text_input(key="club_points").set_value("80")  # without the chelem the attack has at most 90 points
    at = press(at, "Save deal 1")
    assert not at.error and at.session_state[sc.GAME].deals[0].chelem is None
