"""The Score sheet and Worksheets pages, driven with AppTest: deals entered, refused, edited, deleted,
games saved and reopened, CSV out and back in, PDFs offered for download."""


import pytest
from scoresheet_pages import SCORESHEET, WORKSHEETS, deal, page, press, readme_game, start, totals
from streamlit.testing.v1 import AppTest

from tutor.club import from_csv
from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.ui.club import scoresheet as sc
from tutor.ui.common.safe import plain


@pytest.fixture
def clubs(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


def deal_rows(at: AppTest):
    """The sheet's rows for the deals (without the totals row)."""
    df = at.dataframe[0].value
    return df[df["#"] != "Total"]


def test_two_deals_give_the_breakdown_scores_and_running_totals(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    assert totals(at) == {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}
    assert at.text_input(key="club_points").value == "" and at.selectbox(key="club_taker").value is None
    df = deal_rows(at)
    assert list(df["Ann"]) == [318, 36] and list(df["sum 0"]) == ["✓", "✓"]
    text = " ".join(m.value for m in at.markdown)
    assert "Ann **+36** · Bob **−108**" in text  # the last deal's scores under its breakdown, a true minus
    assert "failed by 11 " in text
    assert any("Every row sums to zero" in c.value for c in at.caption)
    assert at.get("vega_lite_chart")  # totals over the deals
    (info,) = clubs.games()
    assert (info.name, info.deals) == ("Friday", 2)
    assert clubs.load(info.id).game.sheet().totals == (354, -214, -70, -70)


@pytest.mark.parametrize("fields, field", [
    ({"points": "95"}, "points"),
    ({"points": "10", "oudlers": 3}, "points"),
    ({"poignees": "simple simple"}, "poignees"),  # 3 players: two simples show 26 trumps of the deck's 22
    ({"points": ""}, "points"),
])
def test_an_impossible_entry_is_refused_naming_the_field_and_nothing_is_saved(clubs, fields, field):
    at = start(["Ann", "Bob", "Cleo"])
    at = deal(at, taker="Ann", contract="garde", points="56", oudlers=2)
    before = clubs.load(clubs.games()[0].id).game
    entry = {"taker": "Bob", "contract": "petite", "points": "50", "oudlers": 1, **fields}
    at = deal(at, **entry)
    assert at.error and f"**{sc._named(field)}**" in at.error[0].value
    assert "nothing changed" in at.error[0].value
    assert clubs.load(clubs.games()[0].id).game == before  # the database kept the sheet as it was
    assert len(deal_rows(at)) == 1
    assert at.text_input(key="club_points").value == entry["points"]  # what was typed is still there


def test_five_players_need_a_called_partner_or_alone(clubs):
    at = start(["Ann", "Bob", "Chloé", "Dan", "Eve"])
    at = deal(at, taker="Ann", contract="garde", points="49", oudlers=2)
    assert "**Partner**" in at.error[0].value and clubs.games()[0].deals == 0
    at = deal(at, taker="Ann", partner="Ann", contract="garde", points="49", oudlers=2)
    assert "**Partner**" in at.error[0].value and clubs.games()[0].deals == 0
    at = deal(at, taker="Ann", partner="Bob", contract="garde", points="49", oudlers=2, petit="attack",
              poignees="simple")
    at = deal(at, taker="Chloé", partner=sc.ALONE, contract="petite", points="40.5", oudlers=1)
    # The README's 5-player CSV example: 212/106/-106x3, then Chloé alone fails a petite: -144 and 36 each.
    assert list(deal_rows(at)["Bob"]) == [106, 36]
    assert totals(at) == {"Ann": 248, "Bob": 142, "Chloé": -250, "Dan": -70, "Eve": -70}


def test_editing_a_deal_recomputes_every_total_after_it(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Edit")
    assert at.text_input(key="club_points").value == "49"  # the form holds deal 1
    at.text_input(key="club_points").set_value("41")
    at = press(at, "Save deal 1")
    assert totals(at) == {"Ann": 306, "Bob": -198, "Cleo": -54, "Dan": -54}
    assert list(deal_rows(at)["Ann Σ"]) == [270, 306]
    assert clubs.load(clubs.games()[0].id).game.sheet().totals == (306, -198, -54, -54)


def test_a_refused_edit_keeps_the_deal_as_it_was(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Edit")
    at.text_input(key="club_points").set_value("95")
    at = press(at, "Save deal 1")
    assert "**Points**" in at.error[0].value
    assert clubs.load(clubs.games()[0].id).game.sheet().totals == (354, -214, -70, -70)


def test_deleting_a_deal_moves_the_later_ones_up(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Delete")
    assert totals(at) == {"Ann": 36, "Bob": -108, "Cleo": 36, "Dan": 36}
    assert list(deal_rows(at)["#"]) == ["1"]
    assert any("recomputed" in s.value for s in at.success)
    saved = clubs.load(clubs.games()[0].id).game
    assert len(saved.deals) == 1 and saved.deals[0].taker == "Bob"


def test_several_games_are_kept_and_reopened(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"], name="Monday"))
    at.segmented_control(key="club_view").set_value("games")
    at.run()
    for i, n in enumerate(["X", "Y", "Z"]):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at.text_input(key="club_new_name").set_value("Tuesday")
    at = press(at, "Start the game")
    assert at.subheader[0].value == "Tuesday" and "No deal yet" in at.info[0].value
    assert [g.name for g in clubs.games()] == ["Tuesday", "Monday"]
    at.segmented_control(key="club_view").set_value("games")
    at.run()
    monday = next(g.id for g in clubs.games() if g.name == "Monday")
    at.selectbox(key="club_saved").set_value(monday)
    at = press(at, "Open")
    assert at.subheader[0].value == "Monday"
    assert totals(at) == {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}
    at = deal(at, taker="Cleo", contract="garde", points="60", oudlers=1)  # keeps writing to Monday
    assert {g.name: g.deals for g in clubs.games()} == {"Monday": 3, "Tuesday": 0}


def test_a_game_needs_three_to_five_distinct_players(clubs):
    at = start(["Ann", "Bob"])
    assert "**Players**" in at.error[0].value and "3, 4 or 5" in at.error[0].value
    at = start(["Ann", "Bob", "ann"])
    assert "two players are called" in at.error[0].value
    assert clubs.games() == []


def test_csv_round_trip_through_the_page(clubs, monkeypatch):
    offered = []
    real = sc.to_csv
    monkeypatch.setattr(sc, "to_csv", lambda g, *a, **k: offered.append(real(g, *a, **k)) or offered[-1])
    at = start(["Ann", "Bob", "Chloé", "Dan", "Eve"])
    at = deal(at, taker="Ann", partner="Bob", contract="garde", points="49", oudlers=2, petit="attack",
              poignees="simple")
    # The defence took every trick: the attack keeps only its Excuse, 4 points (1 oudler).
    at = deal(at, taker="Chloé", partner=sc.ALONE, contract="garde_contre", points="4", oudlers=1,
              chelem="defence")
    button = at.download_button(key="club_csv_out")
    assert button.proto.url.endswith(".csv") and "CSV" in button.label
    csv_text = offered[-2]  # the English one; the French one is offered after it
    assert from_csv(csv_text).sheet().totals == tuple(totals(at).values())

    at.segmented_control(key="club_view").set_value("games")
    at.run()
    at.file_uploader(key="club_csv_in").set_value(("friday.csv", csv_text.encode(), "text/csv"))
    at = press(at, "Import as a new game")
    assert any("Imported 2 deals" in s.value for s in at.success)
    assert at.subheader[0].value == "Friday"  # the game's name, kept in the file (not the file's name)
    imported = [g.id for g in clubs.games()]
    assert len(imported) == 2
    assert clubs.load(max(imported)).game == from_csv(csv_text)


@pytest.mark.parametrize("french", [False, True])
def test_both_downloads_import_back_with_the_name_and_first_dealer(clubs, monkeypatch, french):
    """Exported from one sheet and imported as a new game: the same deals, name and first dealer (Cleo, seat 3,
    dealt deal 1, so after one deal Dan deals next), from the English file and the French one."""
    offered = []
    real = sc.to_csv
    monkeypatch.setattr(sc, "to_csv", lambda g, *a, **k: offered.append((k.get("french", False), real(g, *a, **k)))
                        or offered[-1][1])
    at = page(SCORESHEET)
    at.text_input(key="club_new_name").set_value("Vendredi; au club")
    for i, n in enumerate(["Anne", "Ève", "Cleo", "Dan"]):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at.selectbox(key="club_new_dealer").set_value(2)
    at = press(at, "Start the game")
    at = deal(at, taker="Ève", contract="garde_sans", points="41", oudlers=2, petit="defence")
    assert "Deals next (deal 2): **Dan**" in [m.value for m in at.markdown]
    assert "French Excel" in at.download_button(key="club_csv_fr").label
    assert "CSV" in at.download_button(key="club_csv_out").label
    text = [t for f, t in offered if f == french][-1]
    assert ("Preneur;" in text and "Garde sans le chien" in text and "défense" in text) is french
    saved = clubs.load(clubs.games()[0].id)
    at.segmented_control(key="club_view").set_value("games")
    at.run()
    data = text.encode("utf-8")
    at.file_uploader(key="club_csv_in").set_value(("tarot-download.csv", data, "text/csv"))
    at = press(at, "Import as a new game")
    new = clubs.load(max(g.id for g in clubs.games()))
    assert new.id != saved.id
    assert (new.name, new.game, new.first_dealer) == ("Vendredi; au club", saved.game, 2)
    assert "Deals next (deal 2): **Dan**" in [m.value for m in at.markdown]


def test_a_bad_csv_is_refused_line_by_line_and_nothing_is_saved(clubs):
    at = page(SCORESHEET)
    bad = "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,95,2,,,\nBob,petite,40,4,,,\n"
    at.file_uploader(key="club_csv_in").set_value(("bad.csv", bad.encode(), "text/csv"))
    at = press(at, "Import as a new game")
    err = at.error[0].value  # shown as plain text: Markdown's escapes before "." and ":"
    assert plain("bad.csv:2:") in err and "points" in err and plain("bad.csv:3:") in err and "oudlers" in err
    assert clubs.games() == []


def test_the_blank_score_sheet_is_offered_for_the_game(clubs):
    at = start(["Ann", "Bob", "Cleo"])
    at.segmented_control(key="club_view").set_value("print")
    at.run()
    button = at.download_button(key="blank_dl")
    assert "3 players" in button.label and button.proto.deferred_file_id  # made when clicked


def test_worksheets_are_made_only_when_asked(monkeypatch):
    from tutor.ui.learn import worksheets as ws
    calls = []
    real = ws.make_worksheet
    monkeypatch.setattr(ws, "make_worksheet", lambda *a, **k: calls.append((a, k)) or real(*a, **k))
    at = page(WORKSHEETS)
    assert not at.exception and calls == [] and not at.get("download_button")[1:]
    at.multiselect(key="ws_kinds").set_value(["count", "target"])
    at.number_input(key="ws_count").set_value(4)
    at.number_input(key="ws_seed").set_value(7)
    at.segmented_control(key="ws_players").set_value(3)
    at = press(at, "Make the PDFs")
    assert calls == [((["count", "target"], 4, 7), {"players": 3, "difficulty": None})]
    labels = [b.label for b in at.get("download_button")]
    assert "Worksheet (PDF)" in labels and "Answer key (PDF)" in labels
    at.run()  # a rerun reuses the PDFs
    assert len(calls) == 1
    choices, sheet, key = at.session_state[ws.PDFS]
    assert sheet.startswith(b"%PDF") and key.startswith(b"%PDF")


def test_worksheets_without_a_kind_say_so():
    at = page(WORKSHEETS)
    at.multiselect(key="ws_kinds").set_value([])
    at = press(at, "Make the PDFs")
    assert "**kinds**" in at.error[0].value


def test_the_page_works_when_the_database_cannot_be_opened(monkeypatch, tmp_path):
    (tmp_path / "p.sqlite3").mkdir()  # a folder where the file should be: the database cannot be opened
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///{tmp_path}/p.sqlite3")
    at = start(["Ann", "Bob", "Cleo"])
    at = deal(at, taker="Ann", contract="garde", points="56", oudlers=2)
    assert totals(at) == {"Ann": 160, "Bob": -80, "Cleo": -80}
    assert any("not being saved" in w.value for w in at.warning)


def test_a_deleted_deal_comes_back_with_undo_until_the_next_change(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Delete")
    assert totals(at) == {"Ann": 36, "Bob": -108, "Cleo": 36, "Dan": 36}
    at = press(at, "Undo: put deal 1 back")
    assert totals(at) == {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}  # the README sheet again
    assert [d.taker for d in clubs.load(clubs.games()[0].id).game.deals] == ["Ann", "Bob"]
    assert not [b for b in at.button if b.label.startswith("Undo")]
    # After another change, undo is no longer offered: it would throw that change away.
    at.selectbox(key="club_pick").set_value(2)
    at = press(at, "Delete")
    at = deal(at, taker="Cleo", contract="garde", points="60", oudlers=1)
    assert not [b for b in at.button if b.label.startswith("Undo")]


def test_deleting_a_saved_game_asks_first(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"], name="Monday"))
    at.segmented_control(key="club_view").set_value("games")
    at.run()
    at = press(at, "Delete")
    assert "cannot be undone" in at.warning[0].value and "Monday" in at.warning[0].value
    assert [g.name for g in clubs.games()] == ["Monday"]  # nothing deleted yet
    at = press(at, "Keep it")
    assert not at.warning and [g.name for g in clubs.games()] == ["Monday"]
    at = press(at, "Delete")
    at = press(at, "Yes, delete it")
    assert clubs.games() == []
    assert any("Game deleted" in s.value for s in at.success)
