"""The worksheet PDF's answer lines, read back from the PDF itself: every line to write on is drawn after
its label's words, never under them (issue 26: "Contract" and "Per defender" had their lines drawn
through their long hints)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tutor.quiz import AnswerType
from tutor.worksheets import make_worksheet, worksheet_pdf
from tutor.worksheets.pdf import SheetPDF

PT = 72 / 25.4  # PDF points per millimetre
ROW = 7 * PT  # a label's words sit at most one row above the line drawn for them
# A horizontal stroke: "x1 y m x2 y l S", as fpdf2 draws a line.
STROKE = re.compile(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S")


def runs(page) -> list[tuple[float, float, float, str]]:
    """(left, right, baseline, text) of every piece of text on the page, in points; the width is measured
    with the sheet's own font at the size the PDF sets."""
    pdf = SheetPDF("measure")
    pdf.add_page()
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            bold = "Bold" in str((font or {}).get("/BaseFont", ""))
            pdf.font(size, bold)
            found.append((tm[4], tm[4] + pdf.get_string_width(text) * PT, tm[5], text))
    page.extract_text(visitor_text=visit)
    return found


def lines(page) -> list[tuple[float, float, float]]:
    """(left, right, y) of every horizontal line stroked on the page, in points."""
    data = page.get_contents().get_data().decode("latin-1")
    return [(float(x1), float(x2), float(y1)) for x1, y1, x2, y2 in STROKE.findall(data) if y1 == y2]


def overlaps(page) -> list[str]:
    """The words drawn over a line to write on: on the row just above it and across it."""
    return [f"{text!r} reaches {right:.0f} pt over the line from {x1:.0f} pt"
            for x1, x2, y in lines(page) for left, right, base, text in runs(page)
            if y < base <= y + ROW and left < x2 and right > x1 + 0.5]


@pytest.mark.parametrize("kinds, players", [(["score"], 4), (["score"], 5), (["score"], 3), (["legal"], 4),
                                            (["count", "target"], 4)])
def test_every_answer_line_is_drawn_after_its_label(kinds, players):
    ws = make_worksheet(kinds, 3, seed=11, players=players)
    reader = PdfReader(io.BytesIO(worksheet_pdf(ws)))
    fields = sum(len(q.fields) if q.answer_type is AnswerType.SCORE_FORM else 1 for q in ws.questions)
    drawn = [line for page in reader.pages for line in lines(page)]
    assert len(drawn) == fields  # one line to write on per field of a form, one per other question
    for page in reader.pages:
        assert overlaps(page) == []


def test_the_long_score_form_labels_end_before_their_lines():
    """"Contract" and "Per defender" carry the longest hints: their words wrap, and the line sits level with
    the last of their lines, to the right."""
    ws = make_worksheet(["score"], 1, seed=1, players=4)
    assert {"Contract", "Per defender"} <= {f.label for f in ws.questions[0].fields}
    page = PdfReader(io.BytesIO(worksheet_pdf(ws))).pages[0]
    texts, strokes = runs(page), lines(page)
    for label in ("Contract (", "Per defender ("):
        (start,) = [t for t in texts if t[3].startswith(label)]
        below = [s for s in strokes if s[2] < start[2]]
        line = max(below, key=lambda s: s[2])  # the first line under the label's first row
        words = [t for t in texts if line[2] < t[2] <= start[2]]  # the label's rows, down to its line
        assert len(words) >= 2  # wrapped: the hint is too long for one row before the line
        assert max(t[1] for t in words) <= line[0]
