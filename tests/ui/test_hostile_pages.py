"""Issue 18, points 9, 10, 12 and 16: no page shows a traceback, whatever the address or the form holds,
and a name is shown as the characters typed, never as Markdown or HTML.

The crawl opens every page (found the way ``tests/ui/test_app_pages.py`` finds them) with every query
parameter any page reads set to a hostile value, and fails on any exception.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from apptest_helpers import app as open_app
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from tutor.club import Game
from tutor.limits import MAX_CSV_CELL, MAX_SEED, MAX_UPLOAD_MB
from tutor.progress import AnswerRecord
from tutor.progress.club_store import ClubStore
from tutor.progress.transfer import export_learner
from tutor.quiz import generate
from tutor.ui.common.safe import plain

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
PAGE_FILES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "ui" / "pages").glob("*.py"))
EVIL = "![p](http://127.0.0.1:9/x)<img src=x>"  # 37 characters: a name may have 40
HOSTILE_VALUES = ["²", "9" * 5000, "99999999999999999999", "-1", EVIL]
# Every query parameter a page reads (grep st.query_params / query_* in tutor/ui).
PARAMS = ("kind", "seed", "players", "difficulty", "lesson", "puzzle", "section", "view", "guided", "code", "me",
          "step", "t")


def app(page: str | None = None, **query) -> AppTest:
    at = open_app(page, **query)
    assert not at.exception, at.exception
    return at


def shown_markdown(at: AppTest) -> str:
    """Every Markdown source on the page (markdown, captions, alerts, labels, subheaders)."""
    parts = []
    for kind in ("markdown", "caption", "success", "info", "warning", "error", "subheader", "title", "header"):
        parts += [str(e.value) for e in getattr(at, kind)]
    parts += [str(getattr(w, "label", "")) for w in (*at.button, *at.text_input, *at.selectbox, *at.radio)]
    return "\n".join(parts)


# The hostile names' markup, not preceded by Markdown's escape (the card pictures are <img> on purpose).
RAW_MARKUP = re.compile(r"(?<!\\)\]\(http|(?<!\\)<img src=x|(?<!\\)<b>")


def assert_no_raw_markup(at: AppTest, name: str | None = EVIL) -> None:
    text = shown_markdown(at)
    assert not RAW_MARKUP.search(text), text[:3000]
    if name:
        assert plain(name) in text


def submit(at: AppTest, label: str | None = None) -> AppTest:
    buttons = [b for b in at.button if (b.label == label if label else (b.key or "").startswith("FormSubmitter"))]
    buttons[0].click().run()
    assert not at.exception, at.exception
    return at


# ---------------------------------------------------------------- the crawl


@pytest.mark.parametrize("value", HOSTILE_VALUES, ids=["superscript", "5000-digits", "huge", "negative", "markup"])
@pytest.mark.parametrize("page", PAGE_FILES)
def test_every_page_survives_hostile_query_parameters(page, value):
    at = app(page, **dict.fromkeys(PARAMS, value))
    assert at.title
    assert "Traceback" not in shown_markdown(at)
    assert_no_raw_markup(at, None)


# ---------------------------------------------------------------- query parameters


@pytest.mark.parametrize("query", [{"kind": "legal", "seed": "²"}, {"kind": "legal", "seed": "9" * 5000},
                                   {"kind": "count", "seed": "99999999999999999999"},
                                   {"kind": "count", "seed": str(MAX_SEED + 1)}])
def test_drill_with_a_bad_seed_opens_a_fresh_question(query):
    at = app("tutor/ui/pages/drill.py", **query)
    assert 0 <= at.session_state["drill_seed"] <= MAX_SEED
    assert "9999999" not in shown_markdown(at)


def test_drill_with_the_largest_seed_works_and_its_answer_is_saved(db):
    at = app("tutor/ui/pages/drill.py", kind="count", seed=str(MAX_SEED), players="4", difficulty="1")
    assert at.session_state["drill_seed"] == MAX_SEED
    q = generate("count", MAX_SEED, players=4, difficulty=1)
    at.text_input[0].set_value(f"{q.answer:g}")
    submit(at)
    rows = db.answers(db.learners()[0].id)
    assert [(r.seed, r.correct) for r in rows] == [(MAX_SEED, True)]


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "99999999999999999999"])
def test_practice_with_a_bad_seed_deals_a_fresh_game(seed):
    at = app("tutor/ui/pages/practice.py", players="4", seed=seed)
    table = at.session_state["pr_table"]
    assert 0 <= table.deal.seed <= MAX_SEED


@pytest.mark.parametrize("step", ["²", "9" * 5000, "99999999999999999999", "0", "-1", "", "3.5", "again!"])
def test_lesson_with_a_bad_step_opens_at_step_1(step):
    at = app("tutor/ui/pages/lesson.py", lesson="bidding", step=step)
    assert any("Step 1 of" in p.proto.text for p in at.get("progress"))


@pytest.mark.parametrize(("step", "shown"), [("3", "Step 3 of"), ("end", None), ("again", None)])
def test_lesson_steps_that_exist_still_open(step, shown):
    at = app("tutor/ui/pages/lesson.py", lesson="bidding", step=step)
    bars = [p.proto.text for p in at.get("progress")]
    if shown:
        assert any(shown in b for b in bars)
    else:  # the score or the second chance: not a numbered step
        assert not any("Step 1 of" in b for b in bars)
        assert at.query_params["step"] == step


# ---------------------------------------------------------------- form fields


def test_5000_digits_in_the_drill_text_box():
    at = app("tutor/ui/pages/drill.py", kind="count", seed="5", players="4", difficulty="1")
    at.text_input[0].set_value("9" * 5000)
    submit(at)
    assert at.error and "not right" in at.error[0].value.lower() or "could not read" in at.error[0].value.lower()


@pytest.mark.parametrize("field", ["Your hand", "Cards already in the trick, in order"])
def test_5000_digits_in_check_a_deal(field):
    at = app("tutor/ui/pages/check.py")
    next(t for t in at.text_input if t.label == field).set_value("9" * 5000)
    submit(at, "Which cards may I play?")
    assert "not a card" in at.error[0].value and len(at.error[0].value) < 300


# ---------------------------------------------------------------- uploads

SCORESHEET = "tutor/ui/pages/scoresheet.py"
SHEET = "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,56,1,,,\nBob,petite,40,1,,,\n"


def import_sheet(data: bytes, name: str = "s.csv") -> AppTest:
    at = app(SCORESHEET, view="games")
    at.file_uploader(key="club_csv_in").set_value((name, data, "text/csv"))
    return submit(at, "Import as a new game")


def test_score_sheet_import_with_old_mac_line_ends(db):
    at = import_sheet(SHEET.replace("\n", "\r").encode(), "mac.csv")
    assert any("Imported 2 deals" in s.value for s in at.success)
    assert [g.deals for g in ClubStore(db).games()] == [2]


@pytest.mark.parametrize(("filename", "expected"), [
    ("x" * 126 + ".csv", "x" * 120),  # 130 characters: the name is cut to the longest a game's name may be
    (" .csv", "Imported game"), (".csv", "Imported game"), ("\n\t.csv", "Imported game"),
    ("  Friday\n club .csv", "Friday club")])
def test_score_sheet_import_names_the_game_from_any_file_name(db, filename, expected):
    at = import_sheet(SHEET.encode(), filename)
    assert any("Imported 2 deals" in s.value for s in at.success)
    assert [(g.name, g.deals) for g in ClubStore(db).games()] == [(expected, 2)]


def test_score_sheet_import_with_a_huge_cell(db):
    at = import_sheet(("taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,56,1," + "x" * 140_000 + ",,\n").encode())
    assert plain(f"{MAX_CSV_CELL:,} characters") in at.error[0].value
    assert ClubStore(db).games() == []


def progress_profile() -> AppTest:
    at = app("tutor/ui/pages/progress.py")
    at.segmented_control(key="progress_view").set_value("profile").run()
    return at


def import_progress(data: bytes) -> AppTest:
    at = progress_profile()
    at.file_uploader[0].set_value(("p.json", data, "application/json"))
    return submit(at, "Import as a new learner")


def test_progress_import_nested_100000_deep(db):
    at = import_progress(b"[" * 100_000 + b"]" * 100_000)
    assert "nested" in at.error[0].value
    assert len(db.learners()) <= 1


def test_progress_import_with_a_seed_of_10_to_the_30(db):
    ana = db.create_learner("Ana")
    db.record_answer(ana.id, AnswerRecord("target", "target", 9, {"players": 4}, "51", True, 1.0))
    data = export_learner(db, ana.id)
    data["answers"][0]["seed"] = 10**30
    data["learner"]["name"] = "Ana 2"
    at = import_progress(json.dumps(data).encode())
    assert plain("answers.0.seed") in at.error[0].value
    assert [p.name for p in db.learners()] == ["Ana"] or "Ana 2" not in [p.name for p in db.learners()]


# ---------------------------------------------------------------- names shown as plain text


def test_player_and_game_names_are_plain_text_on_the_score_sheet(db):
    names = [EVIL, "<b>Bob</b>", "Cleo"]
    game = Game.new(names).add(taker=EVIL, contract="garde", points=56, oudlers=2)
    ClubStore(db).save(game, "**Friday** " + EVIL)
    at = app(SCORESHEET, view="games")
    assert_no_raw_markup(at, None)  # the saved games are listed in a select box: plain text
    # reopen it and look at the sheet
    at.button(key="club_open").click().run()
    assert not at.exception
    at.segmented_control(key="club_view").set_value("sheet").run()
    assert_no_raw_markup(at)
    assert plain("**Friday** " + EVIL) == at.subheader[0].value


def test_learner_name_is_plain_text_on_progress_and_profile(db):
    db.create_learner(EVIL)
    at = app("tutor/ui/pages/progress.py")
    at.segmented_control(key="progress_view").set_value("profile").run()
    assert_no_raw_markup(at)
    at = app("tutor/ui/pages/drill.py", kind="count", seed="3")
    assert_no_raw_markup(at)


# ---------------------------------------------------------------- the server's configuration


def test_streamlit_config_hides_tracebacks_listens_locally_and_caps_uploads():
    conf = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert conf["client"]["showErrorDetails"] == st_config.ShowErrorDetailsConfigOptions.NONE.value
    assert conf["server"]["address"] == "localhost"
    assert conf["server"]["maxUploadSize"] == MAX_UPLOAD_MB
