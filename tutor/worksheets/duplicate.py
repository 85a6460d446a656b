"""The paper of a duplicate tournament (FFT pp.14-16), from a ``tutor.club.duplicate_setup.Setup``.

- ``diagrams_pdf(setup)``: for each étui, its four diagrams, one page an étui: the whole deck printed in
  the orientation's FFT colour (Nord jaune, Sud bleu, Est rouge, Ouest vert) with the hand's 18 cards
  circled, the étui's number, the dealer and the taker marked; and the dog.
- ``fiches_pdf(setup)``: the fiche ambulante of each étui, the travelling score slip North fills in at
  every table: the marque in the + column when the taker made it, in the - column when they failed.
- ``movement_pdf(setup)``: the movement card of each round: who sits where and which étuis each table plays.

>>> from tutor.club.duplicate_setup import make_setup
>>> s = make_setup(2, 2, per_round=1, seed=1)
>>> [pdf(s)[:5] for pdf in (diagrams_pdf, fiches_pdf, movement_pdf)]
[b'%PDF-', b'%PDF-', b'%PDF-']
"""

from __future__ import annotations

from datetime import datetime

from ..cardlook import SUIT_SYMBOLS, card_colour, rank_label
from ..club.duplicate import FRENCH_NAMES, ORIENTATION_NAMES, ORIENTATIONS, side
from ..club.duplicate_setup import Setup
from ..engine.cards import CARDS
from ..i18n import _, language, percent
from .pdf import GREY, SheetPDF, printable

# The FFT's diagram colours (p.14): a strong border and a pale fill, so a hand's circles stay readable.
COLOURS = {"N": ("#d4a600", "#fff8d6"), "S": ("#1f5fbf", "#e3edfb"), "E": ("#c62828", "#fbe4e4"),
           "W": ("#2e7d32", "#e3f3e4")}
COLOUR_WORDS = {"N": "jaune", "S": "bleu", "E": "rouge", "W": "vert"}
DIAGRAM_H = 58.0
CELL_W = 7.6
ROW_H = 6.4


def _rows():
    """The deck as the diagram lays it out: the trumps and the Excuse, then each suit from the ace to the king."""
    trumps = [c for c in CARDS if c.is_trump]
    excuse = [c for c in CARDS if c.is_excuse]
    rows = [(_("Trumps"), sorted(trumps, key=lambda c: c.rank)[:11]),
            ("", sorted(trumps, key=lambda c: c.rank)[11:] + excuse)]
    for kind in range(4):
        rows.append((SUIT_SYMBOLS[kind], sorted((c for c in CARDS if c.kind == kind), key=lambda c: c.rank)))
    return rows


def _label(card) -> str:
    if card.is_excuse:
        return "Ex"
    return str(card.rank) if card.is_trump else rank_label(card)


def _diagram(pdf: SheetPDF, setup: Setup, number: int, o: str, y: float) -> None:
    etui = setup.etui(number)
    border, fill = COLOURS[o]
    x, w = pdf.l_margin, pdf.epw
    pdf.set_draw_color(border)
    pdf.set_fill_color(fill)
    pdf.set_line_width(0.8)
    pdf.rect(x, y, w, DIAGRAM_H - 3, style="DF")
    marks = [m for m, yes in ((_("TAKER (preneur)"), etui.taker == o), (_("dealer (donneur)"), etui.dealer == o),
                              (_("leads (entame)"), etui.leader == o)) if yes]
    pdf.set_xy(x + 2, y + 1.5)
    pdf.font(11, True, border)
    pdf.cell(95, 6, printable(f"Étui {number} · {_both(o)} · {COLOUR_WORDS[o]}"))
    pdf.font(9, True, "#000000")
    pdf.cell(w - 99, 6, printable(" · ".join(marks)), align="R")
    hand = set(etui.hand(o))
    top = y + 9
    for r, (head, cards) in enumerate(_rows()):
        cy = top + r * ROW_H
        pdf.font(9, True, GREY)
        pdf.text(x + 3, cy + 4.3, printable(head))
        for i, card in enumerate(cards):
            cx = x + 20 + i * CELL_W * 1.0
            pdf.font(8.5, card in hand, card_colour(card))
            label = printable(_label(card))
            lw = pdf.get_string_width(label)
            pdf.text(cx + (CELL_W - lw) / 2, cy + 4.3, label)
            if card in hand:  # the hand's cards are circled, as a player circles them on paper
                pdf.set_draw_color("#000000")
                pdf.set_line_width(0.45)
                pdf.ellipse(cx + 0.3, cy + 0.4, CELL_W - 0.6, ROW_H - 0.8)
    pdf.set_draw_color("#000000")
    pdf.set_line_width(0.2)


_side = side  # an orientation as the sheet's language names it


def _both(o: str) -> str:
    """The French name with the English one in brackets, for English sheets; the French name alone in French."""
    return FRENCH_NAMES[o] if language() == "fr" else f"{FRENCH_NAMES[o]} ({ORIENTATION_NAMES[o]})"


def diagrams_pdf(setup: Setup, *, created: datetime | None = None) -> bytes:
    """One page an étui: its four diagrams (N, E, S, W) and the dog, for rebuilding the hands."""
    pdf = SheetPDF(_("Duplicate · diagrams"), created=created)
    pdf.set_auto_page_break(False)
    for etui in setup.etuis:
        pdf.add_page()
        pdf.font(13, True)
        pdf.cell(0, 7, printable(_("Étui {n} · taker {taker} · dealer {dealer} · contract: garde (imposed)").format(
            n=etui.number, taker=_side(etui.taker), dealer=_side(etui.dealer))),
                 new_x="LMARGIN", new_y="NEXT")
        y = pdf.get_y() + 1
        for o in ORIENTATIONS:
            _diagram(pdf, setup, etui.number, o, y)
            y += DIAGRAM_H
        pdf.set_xy(pdf.l_margin, y)
        pdf.font(9, True)
        dog = ", ".join(_label(c) + ("" if c.is_trump or c.is_excuse else SUIT_SYMBOLS[c.kind]) for c in etui.dog)
        pdf.cell(0, 5, printable(_("Dog (chien): {cards}").format(cards=dog)), new_x="LMARGIN", new_y="NEXT")
        pdf.font(7.5, colour=GREY)
        pdf.multi_cell(0, 3.6, printable(_(
            "Prepared hand, judged prenable: a garde made {chance} of the time by the bidding estimator, "
            "{expected} a deal on average for the taker. After the deal, each player rebuilds their 18 cards from "
            "their diagram and puts both in the étui's pocket of their orientation.").format(
                chance=percent(etui.garde_chance), expected=f"{etui.garde_expected:+.0f}")),
            align="L")
    return bytes(pdf.output())


def fiches_pdf(setup: Setup, *, created: datetime | None = None) -> bytes:
    """Two fiches ambulantes a page: one row a table that plays the étui, + / - columns for the marque."""
    pdf = SheetPDF(_("Duplicate · fiches ambulantes"), created=created)
    pdf.set_auto_page_break(False)
    plays = {}
    for e, table, players in setup.plays():
        plays.setdefault(e, []).append((table, players))
    for k, etui in enumerate(setup.etuis):
        if k % 2 == 0:
            pdf.add_page()
        y = pdf.t_margin + (k % 2) * 135
        pdf.set_xy(pdf.l_margin, y)
        pdf.font(13, True)
        pdf.cell(0, 7, printable(_("Fiche ambulante · étui {n}").format(n=etui.number)), new_x="LMARGIN",
                 new_y="NEXT")
        pdf.font(9)
        pdf.cell(0, 5, printable(_("Taker (preneur): {taker} · dealer: {dealer} · contract: garde · tournament "
                                   "colour: {colour} · dog (chien): {dog}").format(
            taker=_side(etui.taker), dealer=_side(etui.dealer), colour="______", dog="_" * 20)),
            new_x="LMARGIN", new_y="NEXT")
        pdf.font(7.5, colour=GREY)
        pdf.cell(0, 4.5, printable(_("North writes the marque per defender: in + when the taker made the garde, "
                                     "in − when the taker failed. Keep this slip folded in the étui.")),
                 new_x="LMARGIN", new_y="NEXT")
        cols = ((_("Table"), 14), (_("Taker"), 50), (_("+ made"), 26), (_("− failed"), 26),
                (_("Topage (arbiter)"), 30), (_("Checked"), 36))
        pdf.font(8.5, True)
        for title, w in cols:
            pdf.cell(w, 6.5, printable(title), border=1, align="C")
        pdf.ln(6.5)
        pdf.font(9)
        for table, players in sorted(plays.get(etui.number, ())):
            taker = players[ORIENTATIONS.index(etui.taker)]
            for i, (_title, w) in enumerate(cols):
                text = str(table) if i == 0 else printable(taker)[:28] if i == 1 else ""
                pdf.cell(w, 7, text, border=1, align="C" if i == 0 else "L")
            pdf.ln(7)
    return bytes(pdf.output())


def movement_pdf(setup: Setup, *, created: datetime | None = None) -> bytes:
    """One card a round: each table's North, East, South and West players and the étuis it plays."""
    pdf = SheetPDF(_("Duplicate · movement"), created=created)
    for r in range(setup.rounds):
        pdf.add_page()
        pdf.font(14, True)
        pdf.cell(0, 8, printable(_("Round {n} of {total} · movement card").format(n=r + 1, total=setup.rounds)),
                 new_x="LMARGIN", new_y="NEXT")
        pdf.font(8.5, colour=GREY)
        pdf.cell(0, 5, printable(_("Players keep their orientation and change tables; the étuis travel. "
                                   "Nobody plays an étui twice.")), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
        widths = (16, 34, 34, 34, 34, 30)
        heads = [_("Table"), *(_both(o) for o in ORIENTATIONS), _("Étuis")]
        pdf.font(8.5, True)
        for i, (head, w) in enumerate(zip(heads, widths)):
            if 1 <= i <= 4:
                pdf.set_fill_color(COLOURS[ORIENTATIONS[i - 1]][1])
            pdf.cell(w, 7, printable(head), border=1, align="C", fill=1 <= i <= 4)
        pdf.ln(7)
        pdf.font(9)
        for table, players, etuis in setup.round_card(r):
            pdf.cell(widths[0], 7, str(table), border=1, align="C")
            for name, w in zip(players, widths[1:5]):
                pdf.cell(w, 7, printable(name)[:22], border=1)
            pdf.cell(widths[5], 7, ", ".join(map(str, etuis)), border=1, align="C")
            pdf.ln(7)
    return bytes(pdf.output())
