"""A blank FFT-style score sheet (feuille de marque) for a club night, A4 landscape.

One row per deal: taker (preneur), partner (appelé, 5 players only), contract, oudlers (bouts),
points, bonuses (primes), then for each player the deal's score (±) and the running total (Σ),
and a box to tick when the row sums to zero. A "brought forward" row at the top chains sheets; the
totals row is at the bottom. Below, a reminder of the scoring tables, read from the engine.

>>> blank_sheet_pdf(5, names=["Ann", "Bob"])[:5]
b'%PDF-'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..engine import CHELEM_BONUS, POIGNEE_BONUS, TARGETS, Contract, RuleSet, TarotError
from ..engine.rules import CONTRACT_BASE, PETIT_AU_BOUT_BONUS
from ..i18n import N_, _, language, ngettext
from .pdf import GREY, SheetPDF, printable

ROW_H = 6.6
HEAD_H = 11.0
SHADE = "#eef1f8"
# Fixed columns: (title, French, width in mm); the partner column only with 5 players.
COLUMNS = (("#", "", 7.0), (N_("Taker"), "preneur", 22.0), (N_("Partner"), "appelé", 22.0),
           (N_("Contract"), "contrat", 19.0), (N_("Oudlers"), "bouts", 15.5), (N_("Points"), "", 13.0),
           (N_("Bonuses"), "primes", 24.0))
CHECK_W = 10.0


def reference_lines(players: int) -> list[str]:
    """The scoring reminder printed under the table, every number taken from the engine's tables.

    >>> reference_lines(4)[0]
    'Target (contrat à faire): 0 oudlers 56 · 1 oudler 51 · 2 oudlers 41 · 3 oudlers 36.'
    """
    rules = RuleSet.for_players(players)
    targets = " · ".join(ngettext("{n} oudler {target}", "{n} oudlers {target}", n).format(n=n, target=t)
                         for n, t in TARGETS.items())
    mults = ", ".join(f"{c.value.replace('_', ' ')} ×{c.multiplier}" for c in Contract)
    poignees = ", ".join(_("{level} ({need} trumps) {bonus}").format(level=_(level), need=need,
                                                                      bonus=POIGNEE_BONUS[level])
                         for level, need in rules.poignee_thresholds.items())
    chelem = CHELEM_BONUS
    if players == 5:
        shares = _("taker ×{taker}, partner ×{partner}, each defender ×−1; taker alone ×{alone}").format(
            taker=rules.taker_share, partner=rules.partner_share, alone=rules.alone_share)
    else:
        shares = _("taker ×{taker}, each defender ×−1").format(taker=rules.taker_share)
    return [
        _("Target (contrat à faire): {targets}.").format(targets=targets),
        _("Signs: every step from the taker's side, + when it gains, − when it loses; per defender + means "
          "each defender pays, − that each defender receives."),
        _("Per defender: ({base} + points won or lost by) × contract: {mults}; petit au bout {petit} × contract "
          "to the side that took it.").format(base=CONTRACT_BASE, mults=mults, petit=PETIT_AU_BOUT_BONUS),
        _("Poignée (not multiplied, to the side that wins the deal): {poignees}.").format(poignees=poignees),
        _("Chelem: announced and made +{announced_made}, made +{made}, announced and failed {announced_failed}; "
          "taken by the defence +{defence} to each defender.").format(
            announced_made=chelem["announced_made"], made=chelem["made"],
            announced_failed=chelem["announced_failed"], defence=-chelem["defence"]),
        _("{players} players: {shares}. Every row sums to zero.").format(players=players, shares=shares),
    ]


def blank_sheet_pdf(players: int, names: Sequence[str] = (), *, rows: int | None = None,
                    created: datetime | None = None) -> bytes:
    """A blank sheet for ``players`` (3, 4 or 5); ``names`` fills in the first player columns."""
    if players not in (3, 4, 5):
        raise TarotError(f"French tarot is played by 3, 4 or 5 players, not {players!r}")
    names = [str(n).strip() for n in names]
    if len(names) > players:
        raise TarotError(f"{len(names)} names for {players} players")
    names += [""] * (players - len(names))
    fixed = [c for c in COLUMNS if players == 5 or c[0] != "Partner"]
    pdf = SheetPDF(_("Score sheet · {n} players").format(n=players), orientation="L", created=created)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.font(15, True)
    pdf.cell(120, 8, printable(_("Score sheet · feuille de marque · {n} players").format(n=players)))
    pdf.font(10)
    pdf.cell(0, 8, printable(_("Date: {date}   Table: {table}   Sheet no.: {sheet}").format(
        date="_" * 16, table="_" * 6, sheet="_" * 4)), align="R",
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    fixed_w = sum(c[2] for c in fixed)
    player_w = (pdf.epw - fixed_w - CHECK_W) / players
    top = pdf.get_y()
    fit = int((pdf.h - pdf.b_margin - 30 - top - HEAD_H - 2 * ROW_H) // ROW_H)  # rows above the reminder
    if rows is None:
        rows = fit
    elif isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= fit:
        raise TarotError(f"a score sheet has 1 to {fit} deal rows on its page, not {rows!r}")
    pdf.set_draw_color("#424242")
    pdf.set_line_width(0.2)

    # Header: fixed columns, then each player (name or a line to write it on) over ± and Σ.
    x = pdf.l_margin
    for title, french, w in fixed:
        title, french = _(title), "" if language() == "fr" else french  # in French, the French word alone
        pdf.set_xy(x, top)
        pdf.font(8.5, True)
        pdf.multi_cell(w, HEAD_H / (2 if french else 1), printable(title + (f"\n{french}" if french else "")),
                       border=1, align="C", fill=False)
        x += w
    for i, name in enumerate(names):
        pdf.set_xy(x, top)
        label = _fit(pdf, printable(name), player_w - 2) if name else ""
        pdf.cell(player_w, HEAD_H * 0.55, label, border=1, align="C")
        if not name:
            pdf.font(6.5, colour=GREY)
            pdf.text(x + 1, top + 2.6, printable(_("Player {n}").format(n=i + 1)))
        pdf.font(7.5, colour=GREY)
        pdf.set_xy(x, top + HEAD_H * 0.55)
        pdf.cell(player_w / 2, HEAD_H * 0.45, printable(_("± deal")), border=1, align="C")
        pdf.cell(player_w / 2, HEAD_H * 0.45, printable(_("Σ total")), border=1, align="C")
        x += player_w
    pdf.set_xy(x, top)
    pdf.font(8, True)
    pdf.multi_cell(CHECK_W, HEAD_H / 2, printable(_("Sum\n= 0")), border=1, align="C")

    # Body: brought forward, one row per deal, totals.
    y = top + HEAD_H
    _row(pdf, y, fixed, players, player_w, _("Brought forward (report)"), shade=True)
    for n in range(1, rows + 1):
        y += ROW_H
        _row(pdf, y, fixed, players, player_w, str(n))
    y += ROW_H
    _row(pdf, y, fixed, players, player_w, _("Totals (totaux)"), shade=True)
    pdf.set_line_width(0.6)
    pdf.line(pdf.l_margin, y, pdf.l_margin + pdf.epw, y)

    pdf.set_xy(pdf.l_margin, y + ROW_H + 2)
    pdf.font(7.5, colour=GREY)
    for line in reference_lines(players):
        pdf.multi_cell(0, 3.6, printable(line), align="L", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _fit(pdf: SheetPDF, text: str, width: float) -> str:
    """Set a bold font small enough for ``text`` to fit ``width`` (down to 6 pt), cutting it if need be."""
    size = 9.0
    pdf.font(size, True)
    while pdf.get_string_width(text) > width and size > 6:
        size -= 0.5
        pdf.font(size, True)
    while pdf.get_string_width(text) > width and len(text) > 1:
        text = text[:-2] + "…" if len(text) > 2 else text[:1]
    return text


def _row(pdf: SheetPDF, y: float, fixed, players: int, player_w: float, label: str, shade: bool = False) -> None:
    """One row of empty boxes; a label spanning the fixed columns for the special rows."""
    pdf.set_fill_color(SHADE)
    style = "DF" if shade else "D"
    x = pdf.l_margin
    if label.isdigit():
        for i, (*_head, w) in enumerate(fixed):
            pdf.rect(x, y, w, ROW_H, style=style)
            if i == 0:
                pdf.font(7.5, colour=GREY)
                pdf.set_xy(x, y)
                pdf.cell(w, ROW_H, label, align="C")
            x += w
    else:
        w = sum(c[2] for c in fixed)
        pdf.rect(x, y, w, ROW_H, style=style)
        pdf.font(8.5, True)
        pdf.set_xy(x + 1.5, y)
        pdf.cell(w - 3, ROW_H, printable(label), align="R")
        x += w
    for _seat in range(players):
        pdf.rect(x, y, player_w / 2, ROW_H, style=style)
        pdf.rect(x + player_w / 2, y, player_w / 2, ROW_H, style="DF")  # the running total, shaded
        x += player_w
    pdf.rect(x, y, CHECK_W, ROW_H, style=style)
