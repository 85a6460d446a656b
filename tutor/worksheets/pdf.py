"""The page every printable sheet is drawn on: A4, an embedded Unicode font, a footer, card pictures.

The font is DejaVu Sans, shipped in ``fonts/`` (its licence allows it), so é, œ, × and ♠♥♦♣ print on
any machine. Should the files be missing, Debian's copy is used, and failing that a built-in PDF
font with the text cut down to Latin-1 (suits become letters): the sheet still prints.

Cards are drawn with PDF shapes and text rather than pictures, so they print sharp at any size, in
the app's four colours (``tutor.cardlook``) and with a shape per suit for black-and-white printers.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont
from fpdf import FPDF

from ..cardlook import SUIT_SYMBOLS, card_colour, rank_label
from ..engine.cards import Card
from ..i18n import _

FONT_DIRS = (Path(__file__).with_name("fonts"), Path("/usr/share/fonts/truetype/dejavu"))
FAMILY = "DejaVu"
CARD_W, CARD_H = 13.0, 18.5  # mm: small enough for 13 in a row, big enough to read at arm's length
GOLD = "#c9a227"
GREY = "#616161"
# Without the Unicode font: what the built-in font can print instead.
LATIN1 = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "★": "*", "✓": "v", "✗": "x", "−": "-",
                        "–": "-", "—": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "…": "...", "×": "x",
                        "œ": "oe", "Œ": "OE", "→": "->", "☐": "[ ]", "Σ": "Sum", "≥": ">=", "≤": "<=",
                        "•": "-", "\u202f": " "})


@cache
def font_files() -> tuple[Path, Path] | None:
    """The regular and bold DejaVu Sans files, from the package or else the system; None if neither."""
    for folder in FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            return regular, bold
    return None


@cache
def glyphs() -> frozenset[int]:
    """The code points both font files can draw (empty without them)."""
    files = font_files()
    if files is None:
        return frozenset()
    maps = [set(TTFont(f, lazy=True).getBestCmap()) for f in files]
    return frozenset(maps[0] & maps[1])


def printable(text: str) -> str:
    """``text`` with every character the font cannot draw replaced, so nothing silently vanishes.

    >>> printable("Chloé ♥ œ")
    'Chloé ♥ œ'
    """
    have = glyphs()
    if not have:
        return str(text).translate(LATIN1).encode("latin-1", "replace").decode("latin-1")
    return "".join(c if ord(c) in have or c in "\n\t" else "?" for c in str(text))


def markdown(text: str) -> str:
    """The quiz's Markdown as fpdf2's: **bold** kept, `code` quotes dropped, bullets drawn, other marks escaped.

    >>> markdown("**Legal: `T14` `T6`.**\\n\\n- `6H` -- no")
    '**Legal: T14 T6.**\\n• 6H \\\\-- no'
    """
    text = text.replace("\\", "\\\\")
    for marker in ("__", "--", "~~"):
        text = text.replace(marker, "\\" + marker)
    text = text.replace("`", "")
    text = re.sub(r"(?m)^- ", "• ", text)
    return re.sub(r"\n{2,}", "\n", text).strip()


class SheetPDF(FPDF):
    """An A4 page with the Tarot Tutor footer and the helpers the sheets share."""

    def __init__(self, title: str, *, orientation: str = "P", created: datetime | None = None):
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self.sheet_title = title
        self._scratch: SheetPDF | None = None
        self.set_margins(14, 14, 14)
        self.set_auto_page_break(True, 16)
        self.set_title(printable(title))
        self.set_creator("Tarot Tutor")
        if created is not None:
            self.set_creation_date(created)
        files = font_files()
        if files:
            self.add_font(FAMILY, "", str(files[0]))
            self.add_font(FAMILY, "B", str(files[1]))
            self.family = FAMILY
        else:  # no Unicode font anywhere: the built-in Helvetica, text cut down to Latin-1
            self.family = "helvetica"
        self.font(10)

    def keep_together(self, draw) -> None:
        """Call ``draw(pdf)``, on a new page if the block would not fit on this one.

        The block is drawn once on a scratch copy to measure it (fpdf2's ``unbreakable`` cannot
        draw shapes at a measured height).
        """
        if self._scratch is None:
            self._scratch = SheetPDF(self.sheet_title, orientation=self.cur_orientation)
        scratch = self._scratch
        scratch.add_page()
        page, top = scratch.page, scratch.get_y()
        draw(scratch)
        fits_a_page = scratch.page == page
        if fits_a_page and self.get_y() + scratch.get_y() - top > self.page_break_trigger:
            self.add_page()
        draw(self)

    def font(self, size: float, bold: bool = False, colour: str = "#000000") -> None:
        self.set_font(self.family, "B" if bold else "", size)
        self.set_text_color(colour)

    def footer(self) -> None:
        self.set_y(-11)
        self.font(7.5, colour=GREY)
        self.cell(0, 5, printable(_("Tarot Tutor · {title} · page {page}").format(title=self.sheet_title,
                                                                            page=f"{self.page_no()}/{{nb}}")),
                  align="C")

    def para(self, text: str, size: float = 10, *, md: bool = True, bold: bool = False, h: float = 5) -> None:
        """A paragraph across the page, left-aligned, wrapped; quiz Markdown when ``md``."""
        self.font(size, bold)
        body = printable(markdown(text) if md else text)
        self.multi_cell(0, h, body, markdown=md, align="L", new_x="LMARGIN", new_y="NEXT")

    def cards(self, cards, *, label: str = "", width: float = CARD_W, codes: bool = True) -> None:
        """A labelled row of card pictures, wrapping onto more rows; each card's code printed below it."""
        cards = list(cards)
        if label:
            self.font(8.5, True, GREY)
            self.cell(0, 5, printable(label), new_x="LMARGIN", new_y="NEXT")
        if not cards:
            self.font(9, colour=GREY)
            self.cell(0, 5, "(none)", new_x="LMARGIN", new_y="NEXT")
            return
        gap = 1.4
        height = width / CARD_W * CARD_H
        per_row = max(1, int((self.epw + gap) // (width + gap)))
        for start in range(0, len(cards), per_row):
            if self.get_y() + height + 4 > self.page_break_trigger:
                self.add_page()
            y = self.get_y()
            for i, card in enumerate(cards[start:start + per_row]):
                draw_card(self, card, self.l_margin + i * (width + gap), y, width)
            self.set_y(y + height + 0.6)
            if codes:
                self.font(6.5, colour=GREY)
                for i, card in enumerate(cards[start:start + per_row]):
                    self.set_x(self.l_margin + i * (width + gap))
                    self.cell(width, 3, card.code, align="C")
                self.ln(3.4)
        self.ln(1)


def draw_card(pdf: SheetPDF, card: Card, x: float, y: float, w: float = CARD_W) -> None:
    """One card at (x, y), ``w`` mm wide: rank in the corner, a big symbol in the middle, a gold ring
    round the three oudlers (bouts), which the learner must spot at a glance."""
    h = w / CARD_W * CARD_H
    k = w / CARD_W  # font sizes scale with the card
    colour = card_colour(card)
    face = "#f3e5f5" if card.is_excuse else "#e8eaf6" if card.is_trump else "#ffffff"
    pdf.set_draw_color(colour)
    pdf.set_fill_color(face)
    pdf.set_line_width(0.35)
    pdf.rect(x, y, w, h, style="DF", round_corners=True, corner_radius=1.4 * k)
    if card.is_oudler:
        pdf.set_draw_color(GOLD)
        pdf.set_line_width(0.6)
        pdf.circle(x + w / 2, y + h * 0.56, w * 0.34)
        pdf.set_line_width(0.35)
    if card.is_excuse:
        corner, middle, foot = "★", "★", "Excuse"
    elif card.is_trump:
        corner, middle, foot = str(card.rank), str(card.rank), "atout"
    else:
        corner = rank_label(card)
        middle = foot = SUIT_SYMBOLS[card.kind]
    pdf.font(7.5 * k, True, colour)
    pdf.text(x + 0.9 * k, y + 3.3 * k, printable(corner))
    big = (16 if len(middle) == 1 else 13) * k
    pdf.font(big, True, colour)
    mw = pdf.get_string_width(printable(middle))
    pdf.text(x + (w - mw) / 2, y + h * 0.56 + big * 0.352 * 0.36, printable(middle))
    pdf.font(5.2 * k, False, colour)
    fw = pdf.get_string_width(printable(foot))
    pdf.text(x + (w - fw) / 2, y + h - 1.3 * k, printable(foot))
    pdf.set_draw_color("#000000")
