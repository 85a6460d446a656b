"""A worksheet: N quiz questions on paper, and its answer key with the worked explanations.

``make_worksheet(kinds, count, seed)`` takes question ``i`` from kind ``kinds[i % len(kinds)]`` with
seed ``seed + i`` (the ``tarot-tutor quiz`` rule), so any question can be found again from the
number printed beside it. ``Worksheet.from_questions`` takes questions made elsewhere (a class
quiz's stored snapshot, say). ``worksheet_pdf`` and ``answers_pdf`` return the PDF bytes.

>>> ws = make_worksheet(["score", "legal"], 4, seed=7)
>>> [(q.kind, q.seed) for q in ws.questions]
[('score', 7), ('legal', 8), ('score', 9), ('legal', 10)]
>>> worksheet_pdf(ws)[:5], answers_pdf(ws)[:5]
(b'%PDF-', b'%PDF-')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from ..engine import TarotError
from ..i18n import _, grouped, language, ngettext, number
from ..limits import MAX_QUESTIONS, MAX_TITLE_CHARS
from ..quiz import KINDS, AnswerType, Question, generate
from ..quiz.order import shown_choices
from ..quiz.scoreform import sign_convention
from ..skills import STRATEGY_SKILLS
from .pdf import GREY, SheetPDF, printable

MAX_COUNT = MAX_QUESTIONS  # ~50 ms a question with both PDFs: a full sheet in ~5 s
LETTERS = "ABCDEFGHIJ"
FORM_LINE, LINE_GAP = 40.0, 3.0  # mm: a score form's line to write on (at the right), and the space before a line
# The strategy drills stay in the app: their verdicts are tables of estimates, every hand of an endgame and a
# scored écart, which a printed sheet cannot lay out well (and the bid estimate takes a second per question).
PRINTABLE = tuple(kind for kind, gen in KINDS.items() if gen.skill not in STRATEGY_SKILLS)


@dataclass(frozen=True)
class Worksheet:
    """The questions of one worksheet, in order, and the title printed on both PDFs."""

    title: str
    questions: tuple[Question, ...]

    @classmethod
    def from_questions(cls, questions: Iterable[Question], title: str = "") -> Worksheet:
        questions = tuple(questions)
        if not questions:
            raise TarotError("a worksheet needs at least one question")
        return cls(title or _("Worksheet"), questions)


def make_worksheet(kinds: Sequence[str], count: int, seed: int, *, players: int | None = None,
                   difficulty: int | None = None, title: str | None = None) -> Worksheet:
    """``count`` questions cycling through ``kinds``; the same arguments always give the same sheet."""
    kinds = list(dict.fromkeys(kinds))  # a kind given twice is asked once per turn
    if not kinds:
        raise TarotError(_("choose at least one kind of question"))
    app_only = [k for k in kinds if k in KINDS and k not in PRINTABLE]
    if app_only:
        raise TarotError(_("{kinds}: a strategy drill is answered in the app, not on paper").format(
            kinds=", ".join(app_only)))
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise TarotError(_("a worksheet has 1 to {most} questions, not {count!r}").format(most=MAX_COUNT, count=count))
    if title is not None and len(title) > MAX_TITLE_CHARS:  # checked before any work: it is printed on every page
        raise TarotError(_("a worksheet's title has at most {most} characters, not {n}").format(
            most=MAX_TITLE_CHARS, n=grouped(len(title))))
    if title is not None and not title.isprintable():
        raise TarotError(_("a worksheet's title is one line of printable characters"))
    params = {k: v for k, v in (("players", players), ("difficulty", difficulty)) if v is not None}
    questions = tuple(generate(kinds[i % len(kinds)], seed + i, **params) for i in range(count))
    # The kinds in words would not fit a title; each question is headed by its kind in words instead.
    title = title or ngettext("Worksheet: {n} kind of question · seed {seed}",
                              "Worksheet: {n} kinds of question · seed {seed}", len(kinds)).format(n=len(kinds),
                                                                                                  seed=seed)
    return Worksheet(title, questions)


def answer_label(q: Question) -> str:
    """The answer as printed in the key; a choice carries the letter it has on the worksheet.

    >>> q = generate("poignee", 3, players=4, difficulty=1, mode="level")
    >>> answer_label(q).startswith(("A. ", "B. ", "C. ", "D. "))
    True
    """
    text = q.answer_text.replace("`", "")
    if q.answer_type is AnswerType.NUMBER and language() == "fr" and isinstance(q.answer, int | float):
        return number(q.answer)  # 41,5 on a French sheet
    if q.answer_type is AnswerType.SCORE_FORM and language() == "fr":  # "Contrat : -56 ; Par défenseur : -56"
        return text.replace(": ", "\u00a0: ").replace("; ", "\u202f; ")
    if q.answer_type is AnswerType.CHOICE:
        keys = [c.key for c in shown_choices(q)]
        if q.answer in keys:
            return f"{LETTERS[keys.index(q.answer)]}. {text}"
    return text


def _heading(pdf: SheetPDF, n: int, q: Question) -> None:
    pdf.font(11, True)
    pdf.cell(9, 6, f"{n}.")
    summary = _(KINDS[q.kind].summary) if q.kind in KINDS else q.title or q.kind
    pdf.cell(0, 6, printable(summary), new_x="LMARGIN", new_y="NEXT")
    pdf.font(7.5, colour=GREY)
    players = q.params.get("players")
    where = _("{kind} · seed {seed}").format(kind=q.kind, seed=q.seed) if q.seed is not None else q.kind
    pdf.cell(0, 4, printable(_("{where} · {players} players · difficulty {difficulty}").format(
        where=where, players=players, difficulty=q.difficulty)),
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(0.5)


def _answer_space(pdf: SheetPDF, q: Question) -> None:
    """Room to answer, shaped by the kind of answer."""
    pdf.ln(0.5)
    if q.answer_type is AnswerType.CHOICE:
        for letter, choice in zip(LETTERS, shown_choices(q)):
            pdf.font(10)
            pdf.cell(7, 5.5, printable("☐"))
            pdf.font(10, True)
            pdf.cell(6, 5.5, letter)
            pdf.font(10)
            pdf.multi_cell(0, 5.5, printable(choice.label.replace("`", "")), align="L",
                           new_x="LMARGIN", new_y="NEXT")
    elif q.answer_type is AnswerType.SCORE_FORM:
        pdf.para(sign_convention(), 8.5, h=4.2)
        pdf.font(9.5)
        for f in q.fields:  # the label, then a line to write on at the right
            _answer_line(pdf, printable(f.label + (f" ({f.hint})" if f.hint else "")), pdf.epw - FORM_LINE)
    else:
        what = _("Your answer (card codes)") if q.answer_type is AnswerType.PICK_CARDS else _("Your answer")
        pdf.font(10)
        what = _("{label}:").format(label=what)
        _answer_line(pdf, what, max(45.0, pdf.get_string_width(what) + LINE_GAP))
    pdf.ln(5)


def _answer_line(pdf: SheetPDF, label: str, line_x: float) -> None:
    """``label``, wrapped to end before ``line_x`` (mm from the left margin), then a line to write on from
    there to the right margin, level with the label's last line: never drawn under the label's words."""
    pdf.multi_cell(line_x - LINE_GAP, 5, label, align="L", new_x="LMARGIN", new_y="NEXT")
    y = pdf.get_y() + 1
    pdf.line(pdf.l_margin + line_x, y, pdf.l_margin + pdf.epw, y)
    pdf.ln(3)


def worksheet_pdf(ws: Worksheet, *, created: datetime | None = None) -> bytes:
    """The worksheet to print: a name line, then each question with its cards and room to answer."""
    pdf = SheetPDF(ws.title, created=created)
    pdf.add_page()
    pdf.para(ws.title, 15, md=False, bold=True, h=8)
    pdf.font(10)
    pdf.cell(0, 9, printable(_("Name: {line}   Date: {date}   Score: ____ / {n}").format(
        line="_" * 34, date="_" * 14, n=len(ws.questions))),
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    for n, q in enumerate(ws.questions, 1):
        pdf.keep_together(lambda doc, n=n, q=q: _question(doc, n, q))  # never split across two pages
    return bytes(pdf.output())


def _question(pdf: SheetPDF, n: int, q: Question) -> None:
    _heading(pdf, n, q)
    pdf.para(q.prompt)
    pdf.ln(1)
    for label, cards in q.cards.items():
        pdf.cards(cards, label=label)
    _answer_space(pdf, q)


def _worked(pdf: SheetPDF, n: int, q: Question) -> None:
    _heading(pdf, n, q)
    pdf.para("**" + _("Answer: {answer}").format(answer=answer_label(q)) + "**")
    if q.answer_type is AnswerType.SCORE_FORM:
        pdf.para(sign_convention(), 8.5, h=4.2)
    if q.answer_type is AnswerType.PICK_CARDS and q.answer:
        pdf.cards(q.answer, width=9)
    pdf.para(q.explanation, 9.5, h=4.6)
    pdf.ln(3)


def answers_pdf(ws: Worksheet, *, created: datetime | None = None) -> bytes:
    """The answer key: every answer at a glance, then each worked explanation."""
    pdf = SheetPDF(_("{title} · answer key").format(title=ws.title), created=created)
    pdf.add_page()
    pdf.para(_("Answer key · {title}").format(title=ws.title), 15, md=False, bold=True, h=8)
    pdf.ln(1)
    pdf.font(9.5)
    with pdf.table(col_widths=(10, 28, 142), text_align=("RIGHT", "LEFT", "LEFT"), line_height=5,
                   first_row_as_headings=True) as table:
        table.row(["#", _("Kind"), _("Answer")])
        for n, q in enumerate(ws.questions, 1):
            table.row([str(n), q.kind, printable(answer_label(q))])
    pdf.ln(4)
    pdf.para(_("Worked explanations"), 13, md=False, bold=True, h=7)
    for n, q in enumerate(ws.questions, 1):
        pdf.keep_together(lambda doc, n=n, q=q: _worked(doc, n, q))
    return bytes(pdf.output())
