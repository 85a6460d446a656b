"""Printable PDFs for a class or a club night (fpdf2, no Streamlit): worksheets, answer keys, score sheets.

- ``make_worksheet(kinds, count, seed)`` -> ``Worksheet``; ``Worksheet.from_questions(questions)``
  for questions made elsewhere (a class quiz's snapshot).
- ``worksheet_pdf(ws)`` and ``answers_pdf(ws)``: the questions with card pictures, and the key
  with the worked explanations, as PDF bytes.
- ``blank_sheet_pdf(players, names=())``: a blank FFT-style score sheet (feuille de marque).
"""

from .blank import blank_sheet_pdf
from .worksheet import Worksheet, answers_pdf, make_worksheet, worksheet_pdf

__all__ = ["Worksheet", "answers_pdf", "blank_sheet_pdf", "make_worksheet", "worksheet_pdf"]
