"""Puzzle addresses that do not give the answer away (issue 27): a neutral code in the address, the same
on every run, and old links with the puzzle's id still open it."""

from __future__ import annotations

import hashlib

from apptest_helpers import app

from tutor.quiz.puzzles import address_code
from tutor.ui.common import data
from tutor.ui.learn.puzzles import neutral_title

PAGE = "tutor/ui/pages/puzzles.py"
PID = "overtrump-your-partner"


def test_the_code_is_a_short_hash_of_the_id_and_every_shipped_puzzle_has_its_own():
    # Worked by hand from the definition: the first six hex digits of the id's SHA-256.
    assert address_code(PID) == hashlib.sha256(b"overtrump-your-partner").hexdigest()[:6]
    ids = [p.id for p in data.puzzles()]
    codes = [address_code(i) for i in ids]
    assert len(set(codes)) == len(ids)
    assert all(len(c) == 6 and set(c) <= set("0123456789abcdef") for c in codes)


def test_the_address_holds_the_code_and_opens_the_puzzle():
    title = neutral_title(next(p for p in data.puzzles() if p.id == PID))  # the title waits for the answer
    at = app(PAGE, puzzle=address_code(PID))
    assert not at.exception
    assert at.subheader[0].value == title
    assert at.query_params["puzzle"] == address_code(PID) != PID


def test_an_old_link_with_the_id_still_opens_the_puzzle_and_the_address_becomes_the_code():
    title = neutral_title(next(p for p in data.puzzles() if p.id == PID))  # the title waits for the answer
    at = app(PAGE, puzzle=PID)
    assert not at.exception and at.subheader[0].value == title
    assert at.query_params["puzzle"] == address_code(PID)
    # Another puzzle chosen in the list moves the address to its code.
    other = next(p for p in data.puzzles() if p.id == "must-overtrump")
    at.selectbox(key="pz_pick").set_value(other.id).run()
    assert at.subheader[0].value == neutral_title(other) and at.query_params["puzzle"] == address_code(other.id)


def test_two_ids_with_one_code_are_reported(monkeypatch, tmp_path):
    from tutor.quiz import puzzles as pz
    monkeypatch.setattr(pz, "address_code", lambda pid: "abcdef")  # every id on one code
    entry = ("- id: {id}\n  title: {title}\n  kind: count\n  tags: [counting]\n  difficulty: 1\n"
             "  position: {{pile: KH 2H}}\n  question: How many points?\n  solution: 5\n")
    (tmp_path / "a.yaml").write_text(entry.format(id="p-one", title="One") + entry.format(id="p-two", title="Two"))
    problems = [str(p) for p in pz.check_puzzle_dir(tmp_path)]
    assert any("'p-two'" in p and "same address code as 'p-one'" in p for p in problems), problems
    assert not pz.check_puzzles(pz.load_file(tmp_path / "a.yaml"), "a.yaml")[1]  # each puzzle alone is fine
