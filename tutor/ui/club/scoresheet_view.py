"""The scored sheet as the Score sheet page draws it: the last deal's breakdown, the whole sheet with its
Total row, and the chart of every player's total (``tutor.ui.club.scoresheet`` collects the entries)."""

from __future__ import annotations

import streamlit as st

from ...engine import Contract
from ...i18n import _, ngettext, number, pgettext
from ...i18n.typography import minus, signed
from ..common.safe import plain
from ..common.text import say
from ..common.widgets import minus_table

# The contracts by their French names, as a club writes them on its sheet: Petite, Garde, Garde sans, Garde contre.
CONTRACTS = {c.value: c.value.replace("_", " ").capitalize() for c in Contract}
# Okabe and Ito's colour-blind-safe palette, one colour per seat (no two blues, no red next to green).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")


def whole_sheet(sheet) -> None:
    st.markdown(_("**The sheet**: each deal's scores, the running totals (Σ), and the totals at the bottom"))
    rows = table(sheet)
    scores = [c for c in rows[0] if c in sheet.players or c.endswith(" Σ")]
    # The scores drawn with the true minus sign ("−108"), still numbers underneath (the CSV keeps "-108").
    st.dataframe(minus_table(rows, scores, name="club_sheet"), hide_index=True, width="stretch",
                 height="content",  # every deal: no scrolling box
                 placeholder="",  # the Total row's per-deal cells are empty, not a grey "None"
                 column_config={_("oudlers"): st.column_config.NumberColumn(format="%d")})
    bad = sheet.unbalanced()
    if bad:
        st.error(_("Rows {rows} do not sum to zero.").format(rows=", ".join(map(str, bad))))
    else:
        st.caption(_(":material/check: Every row sums to zero."))


def breakdown(players, row) -> None:
    with st.container(border=True):
        e, s = row.entry, row.score
        result = (_("made by {n}") if s.won else _("failed by {n}")).format(n=number(s.margin))
        oudlers = ngettext("{n} oudler", "{n} oudlers", e.oudlers).format(n=e.oudlers)
        st.markdown(_("**Deal {n}**: {taker} · {contract} · {points} points with {oudlers} · {result}").format(
            n=row.number, taker=plain(e.taker), contract=CONTRACTS[e.contract.value], points=number(e.points),
            oudlers=oudlers, result=result))
        st.markdown(minus("\n".join(f"- {say(step.text)}" for step in s.steps)))  # in the page's language
        st.markdown(" · ".join(f"{plain(p)} **{signed(v)}**" for p, v in zip(players, row.scores)))


def table(sheet) -> list[dict]:
    """One row per deal: the players' scores and totals first (what a phone shows without scrolling), then the
    entry; and a last row with the totals, as at the foot of a paper sheet."""
    rows = []
    for r in sheet.rows:
        e = r.entry
        row: dict = {"#": str(r.number)}
        taker, contract, points, oudlers = _("taker"), _("contract"), _("points"), _("oudlers")
        for p, score, total in zip(sheet.players, r.scores, r.totals):
            row[p] = score
            row[f"{p} Σ"] = total
        row[_("sum 0")] = "✓" if r.balanced else "✗"
        row.update({taker: e.taker, contract: CONTRACTS[e.contract.value], points: number(e.points),
                    oudlers: e.oudlers})
        if len(sheet.players) == 5:
            row[pgettext("score sheet", "partner")] = _("alone") if e.alone else (e.partner or "")
        row[_("extras")] = " ".join(x for x in (e.petit_au_bout and f"petit:{e.petit_au_bout}",
                                             " ".join(e.poignees), e.chelem and f"chelem:{e.chelem}") if x)
        rows.append(row)
    foot = {c: None for c in rows[-1]} if rows else {}
    foot.update({"#": _("Total"), **{f"{p} Σ": t for p, t in zip(sheet.players, sheet.totals)}, _("sum 0"): ""})
    return [*rows, foot] if rows else rows


def chart_spec(sheet) -> dict:
    """Each player's total after every deal: one colour per player from a colour-blind-safe palette
    (``PALETTE``), a point shape per player too, and each line labelled with its player at its end
    (players level at the end share one label), so no colour has to be matched to a legend."""
    # A hand-written Vega-Lite spec: st.line_chart would run altair's schema checks on every rerun.
    players, last = list(sheet.players), len(sheet.rows)
    values = [{"deal": 0, "player": p, "total": 0} for p in players]
    values += [{"deal": r.number, "player": p, "total": t} for r in sheet.rows for p, t in zip(players, r.totals)]
    ends: dict[int, list[str]] = {}
    for p, t in zip(players, sheet.totals):
        ends.setdefault(t, []).append(p)
    labels = [{"deal": last, "total": t, "player": names[0], "label": ", ".join(names)} for t, names in ends.items()]
    colour = {"field": "player", "type": "nominal", "sort": players,
              "scale": {"domain": players, "range": list(PALETTE[:len(players)])}, "legend": None}
    x = {"field": "deal", "type": "quantitative", "title": _("deal"),
         "axis": {"tickMinStep": 1}, "scale": {"domain": [0, last + max(1, last * 0.35)]}}  # room for the labels
    y = {"field": "total", "type": "quantitative", "title": _("Total")}
    return {
        "height": 240,
        "layer": [
            {"data": {"values": values}, "mark": {"type": "line", "point": {"filled": True, "size": 50}},
             "encoding": {"x": x, "y": y, "color": colour,
                          "shape": {"field": "player", "type": "nominal", "sort": players, "legend": None},
                          # d3's "d" format writes "−66", the true minus sign (as the axis does)
                          "tooltip": [{"field": "player", "title": _("Player")}, {"field": "deal", "title": _("deal")},
                                      {"field": "total", "type": "quantitative", "format": "d", "title": _("Total")}]}},
            {"data": {"values": labels},
             "mark": {"type": "text", "align": "left", "dx": 8, "fontSize": 13, "fontWeight": "bold"},
             "encoding": {"x": x, "y": y, "color": colour, "text": {"field": "label"}}},
        ],
    }


def chart(sheet) -> None:
    st.vega_lite_chart(chart_spec(sheet), width="stretch")
