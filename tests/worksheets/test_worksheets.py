"""Worksheets, answer keys and blank score sheets: the PDFs' text (pypdf) against ``tutor.quiz`` and the engine."""

import io
import re
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from tutor.cli import main
from tutor.engine import RuleSet, TarotError
from tutor.quiz import KINDS, AnswerType, check_answer, generate
from tutor.quiz.order import shown_choices
from tutor.worksheets import Worksheet, answers_pdf, blank_sheet_pdf, make_worksheet, worksheet_pdf
from tutor.worksheets import pdf as pdfmod
from tutor.worksheets.worksheet import PRINTABLE, answer_label


def pages(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def squash(text: str) -> str:
    """Text without Markdown marks, bullets or whitespace, so line breaks in the PDF do not matter."""
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?m)^\s*[-•]\s", "", text)
    return "".join(text.split())


@pytest.fixture(scope="module")
def mixed():
    ws = make_worksheet(["score", "legal"], 20, seed=7)
    return ws, pages(worksheet_pdf(ws)), pages(answers_pdf(ws))


def test_questions_follow_the_quiz_rule(mixed):
    ws, _, _ = mixed
    assert len(ws.questions) == 20
    for i, q in enumerate(ws.questions):
        assert q == generate(["score", "legal"][i % 2], 7 + i)


def test_every_question_is_on_the_worksheet_with_its_cards_on_one_page(mixed):
    ws, sheet, _ = mixed
    for n, q in enumerate(ws.questions, 1):
        raw = next((p for p in sheet if squash(q.prompt) in squash(p)), None)
        assert raw is not None, f"question {n}'s prompt is missing"
        page = squash(raw)
        assert f"{n}.{KINDS[q.kind].summary}".replace(" ", "") in page
        assert f"{q.kind}·seed{q.seed}·" in page
        for cards in q.cards.values():  # the codes printed under the pictures, on the same page
            assert {c.code for c in cards} <= set(raw.split())
        for f in q.fields:
            assert squash(f.label) in page


def test_the_worksheet_gives_nothing_away(mixed):
    ws, sheet, _ = mixed
    text = squash("".join(sheet))
    assert "Answer:" not in text and "Rule:" not in text
    assert "Name:" in text and "/20" in text
    for q in ws.questions:
        first = q.explanation.split("\n")[0]
        assert squash(first) not in text


def test_the_key_has_every_answer_and_explanation_and_they_are_right(mixed):
    ws, _, key = mixed
    text = squash("".join(key))
    for n, q in enumerate(ws.questions, 1):
        assert squash(f"Answer: {answer_label(q)}") in text, n
        for para in q.explanation.split("\n\n"):
            assert squash(para) in text, (n, para)
        assert check_answer(q, q.answer_text).correct  # the printed answer is what the checker accepts
    glance = squash(key[0])
    assert squash(f"1score{ws.questions[0].answer_text}") in glance
    assert squash(f"2legal{ws.questions[1].answer_text}") in glance


def test_every_kind_prints_and_choices_carry_letters():
    kinds = list(PRINTABLE)
    assert set(KINDS) - set(kinds) == {"contract", "good_ecart", "best_card", "attack_card",
                                        "defence_card", "seat_card"}
    with pytest.raises(TarotError, match="answered in the app"):
        make_worksheet(["count", "best_card"], 2, seed=1)
    ws = make_worksheet(kinds, len(kinds) * 2, seed=11)
    sheet, key = squash("".join(pages(worksheet_pdf(ws)))), squash("".join(pages(answers_pdf(ws))))
    for q in ws.questions:
        assert squash(q.prompt) in sheet, q.kind
        if q.answer_type is AnswerType.CHOICE:
            # The sheet lists the choices in the app's seeded order, and the key gives that letter.
            letter = "ABCDEFGHIJ"[[c.key for c in shown_choices(q)].index(q.answer)]
            assert squash(f"{letter}{q.choice(q.answer).label}") in sheet
            assert squash(f"Answer: {letter}. {q.choice(q.answer).label}") in key


def test_same_seed_same_sheet_other_seed_other_sheet():
    a = pages(worksheet_pdf(make_worksheet(["count"], 3, seed=5)))
    b = pages(worksheet_pdf(make_worksheet(["count"], 3, seed=5)))
    c = pages(worksheet_pdf(make_worksheet(["count"], 3, seed=6)))
    assert a == b and a != c
    when = datetime(2026, 1, 1, tzinfo=UTC)  # with a fixed date, byte for byte
    ws = make_worksheet(["count"], 2, seed=5)
    assert worksheet_pdf(ws, created=when) == worksheet_pdf(make_worksheet(["count"], 2, seed=5), created=when)


def test_unicode_is_embedded_and_extractable():
    ws = make_worksheet(["ecart"], 1, seed=1, players=4)
    data = worksheet_pdf(ws)
    assert b"DejaVu" in data  # the font is embedded, not left to the printer
    text = "".join(pages(data))
    assert "écart" in text and "♥" in text or "♠" in text


@pytest.mark.parametrize("kind", list(PRINTABLE))
def test_the_shipped_font_has_every_glyph_the_quizzes_use(kind):
    have = pdfmod.glyphs()
    assert pdfmod.font_files()[0].parent.name == "fonts"  # the package's own copy
    used = set()
    for seed in range(25):
        q = generate(kind, seed)
        used |= set(q.prompt + q.explanation + q.answer_text + "".join(c.label for c in q.choices)
                    + "".join(f.label + f.hint for f in q.fields) + "".join(q.cards))
    missing = sorted(c for c in used if ord(c) not in have and c not in "\n")
    assert missing == []


def test_without_any_unicode_font_the_sheet_still_prints(monkeypatch):
    monkeypatch.setattr(pdfmod, "font_files", lambda: None)
    monkeypatch.setattr(pdfmod, "glyphs", lambda: frozenset())
    ws = make_worksheet(["legal"], 2, seed=3)
    text = "".join(pages(worksheet_pdf(ws)))
    assert squash(ws.questions[0].prompt.translate(pdfmod.LATIN1)) in squash(text)  # 5♠ prints 5S without the font
    blank = "".join(pages(blank_sheet_pdf(4, ["Chloé", "Œdipe"])))
    assert "Chloé" in blank and "OEdipe" in blank and "Sum total" in blank


def test_printable_replaces_what_the_font_cannot_draw():
    assert pdfmod.printable("Zoë ♣ 李") == "Zoë ♣ ?"


def test_from_questions_for_a_stored_snapshot():
    qs = [generate("winner", 1), generate("target", 2)]
    ws = Worksheet.from_questions(qs, title="Class 4B · quiz K7PX2M")
    text = squash("".join(pages(worksheet_pdf(ws))))
    assert "Class4B·quizK7PX2M" in text and squash(qs[1].prompt) in text
    with pytest.raises(ValueError, match="at least one question"):
        Worksheet.from_questions([])


@pytest.mark.parametrize("kwargs,words", [
    (dict(kinds=[], count=3), "at least one kind"),
    (dict(kinds=["legal"], count=0), "1 to 100"),
    (dict(kinds=["legal"], count=101), "1 to 100"),
    (dict(kinds=["legal"], count=1, title="x" * 101), "at most 100 characters, not 101"),
    (dict(kinds=["legal"], count=1, title="two\nlines"), "one line"),
    (dict(kinds=["nope"], count=2), "unknown quiz kind"),
    (dict(kinds=["five"], count=2, players=4), "for 5 players"),
])
def test_bad_worksheets(kwargs, words):
    with pytest.raises(ValueError, match=words):
        make_worksheet(seed=1, **kwargs)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_blank_score_sheet(players):
    names = ["Ann", "Chloé"]
    text = pages(blank_sheet_pdf(players, names, rows=12))
    assert len(text) == 1
    t = text[0]
    for word in ("Taker", "preneur", "Contract", "Oudlers", "bouts", "Points", "Bonuses", "Brought forward",
                 "Totals", "Ann", "Chloé", f"Player {players}", "± deal", "Σ total"):
        assert word in t, word
    assert ("Partner" in t) == (players == 5) and ("appelé" in t) == (players == 5)
    assert t.count("± deal") == players
    assert re.search(r"\b12\n", t) and not re.search(r"\b13\n", t)
    rules = RuleSet.for_players(players)
    for level, need in rules.poignee_thresholds.items():
        assert f"{level} ({need} trumps)" in t
    assert "2 oudlers 41" in t and f"taker ×{rules.taker_share}" in t


def test_blank_sheet_fills_the_page_and_rejects_bad_input():
    t = pages(blank_sheet_pdf(4))[0]
    numbers = [int(n) for n in re.findall(r"(?m)^(\d+)$", t)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 15  # the page is filled
    with pytest.raises(ValueError, match="3, 4 or 5 players"):
        blank_sheet_pdf(6)
    with pytest.raises(ValueError, match="4 names for 3 players"):
        blank_sheet_pdf(3, ["a", "b", "c", "d"])


def run(capsys, *args):
    try:
        status = main(list(args))
    except SystemExit as exit_:  # argparse's own usage errors
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_worksheet_writes_sheet_and_key(tmp_path, capsys, mixed):
    out_pdf = tmp_path / "sheet.pdf"
    status, out, err = run(capsys, "worksheet", "--kind", "score", "--kind", "legal", "--count", "20", "--seed", "7",
                           "-o", str(out_pdf))
    assert status == 0 and err == ""
    key = tmp_path / "sheet-answers.pdf"
    assert "sheet.pdf" in out and "sheet-answers.pdf" in out
    _, sheet, answers = mixed  # the same worksheet made through the API
    assert pages(out_pdf.read_bytes()) == sheet
    assert pages(key.read_bytes()) == answers
    other = tmp_path / "key" / "k.pdf"
    other.parent.mkdir()
    status, _, _ = run(capsys, "worksheet", "--kind", "count", "--count", "2", "--seed", "1", "--players", "3",
                       "-o", str(tmp_path / "c.pdf"), "--answers", str(other))
    assert status == 0 and other.exists()
    assert "count·seed1·3players" in squash("".join(pages(other.read_bytes())))


@pytest.mark.parametrize("args,words", [
    (["worksheet", "--kind", "legal", "-o", "x.txt"], "must be a .pdf"),
    (["worksheet", "--kind", "legal", "--count", "0", "-o", "x.pdf"], "1 to 100"),
    (["worksheet", "--kind", "five", "--players", "4", "-o", "x.pdf"], "for 5 players"),
    (["worksheet", "--kind", "legal", "-o", "x.pdf", "--answers", "x.pdf"], "different files"),
    (["worksheet", "--kind", "legal", "-o", "missing-dir/x.pdf"], "the folder missing-dir does not exist"),
    (["blank-sheet", "--players", "3", "--name", "a", "--name", "b", "--name", "c", "--name", "d", "-o", "b.pdf"],
     "4 names for 3 players"),
    (["blank-sheet", "--rows", "99", "-o", "b.pdf"], "1 to 19 deal rows"),
    (["blank-sheet", "--players", "6", "-o", "b.pdf"], "invalid choice"),
])
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, args, words):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *args)
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.pdf"))  # nothing half-written


def test_cli_blank_sheet(tmp_path, capsys):
    path = tmp_path / "blank.pdf"
    status, out, _ = run(capsys, "blank-sheet", "--players", "5", "--name", "Zoë", "-o", str(path))
    assert status == 0 and "5 players" in out
    t = pages(path.read_bytes())[0]
    assert "Zoë" in t and "Partner" in t and t.count("± deal") == 5


def test_no_streamlit_in_the_print_and_club_packages():
    import subprocess
    import sys
    code = ("import sys, tutor.worksheets, tutor.club, tutor.cli.club_cmds; "
            "print('streamlit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_long_names_shrink_to_their_column():
    t = pages(blank_sheet_pdf(5, ["Maximilien-Alexandre de la Tour", "Bob"]))[0]
    assert "Maximilien-Alexan…" in t or "Maximilien-Alexa…" in t
    assert "Bob" in t


def test_the_title_counts_the_kinds_in_words_and_names_no_code():
    from tutor.i18n import using
    from tutor.worksheets import make_worksheet
    sheet = make_worksheet(["score", "legal"], 2, 5)
    assert sheet.title == "Worksheet: 2 kinds of question · seed 5"
    with using("fr"):
        assert make_worksheet(["count"], 1, 9).title == "Fiche d’exercices\u00a0: 1 type de question · graine 9"
