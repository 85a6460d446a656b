"""Puzzles that do not give the answer away (issue 38): the list and the puzzle show a neutral title (the table,
the side, the trick) until the puzzle is answered or its solution shown, then the real title and the themes."""

from apptest_helpers import app, french_page

from tutor.quiz.puzzles import address_code
from tutor.ui.common import data

PAGE = "tutor/ui/pages/puzzles.py"
SEAT = "seat-3p-attack-02"  # the taker, to play to trick 7 (its question says so), 3 players; answer T1
ENDGAME = "petit-when-nobody-can-overtrump"  # 4 players, the taker; 7 + 8 tricks taken: trick 16 of 18


def puzzle(pid):
    return next(p for p in data.puzzles() if p.id == pid)


def label(at, pid):
    """The list's option for the puzzle."""
    number = [p.id for p in data.puzzles()].index(pid) + 1
    return next(o for o in at.selectbox(key="pz_pick").options if o.split(".")[0].split()[-1] == str(number))


def test_a_seat_puzzle_opens_under_a_neutral_title_and_shows_its_own_once_answered(db):
    p = puzzle(SEAT)
    at = app(PAGE, puzzle=address_code(SEAT))
    assert not at.exception
    assert at.subheader[0].value == "3 players · attack · trick 7"
    assert label(at, SEAT).endswith("3 players · attack · trick 7") and p.title not in label(at, SEAT)
    assert not any("save-the-petit" in c.value for c in at.caption)  # the themes wait too
    at.text_input(key=f"pz_{SEAT}_typed").set_value("T2")  # a legal card, not the best: answered wrong
    next(b for b in at.button if b.label == "Check what I typed").click().run()
    assert not at.exception and at.error  # "Not the best…"
    assert at.subheader[0].value == p.title
    assert label(at, SEAT).endswith(p.title)
    assert any("save-the-petit" in c.value for c in at.caption)


def test_an_endgame_says_the_trick_and_the_solution_shown_gives_the_title(db):
    p = puzzle(ENDGAME)
    at = app(PAGE, puzzle=address_code(ENDGAME))
    assert at.subheader[0].value == "4 players · attack · trick 16"
    next(b for b in at.button if b.label == "Show the solution").click().run()
    assert not at.exception and at.subheader[0].value == p.title


def test_a_rules_puzzle_names_its_kind_and_french_has_its_words(db):
    at = app(PAGE, puzzle=address_code("overtrump-your-partner"))
    assert at.subheader[0].value == "4 players · Legal cards"
    fr = french_page("puzzles", puzzle=address_code(SEAT))
    assert not fr.exception
    assert fr.subheader[0].value == "3 joueurs · attaque · pli 7"
