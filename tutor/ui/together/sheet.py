"""The table's score sheet (each deal, the running totals, who deals next, the CSV) and, after a deal, the
player's own review: Practice's review, the same call, on that seat's play only.
"""

from __future__ import annotations

import csv
import io

import streamlit as st

from ...csvsafe import guard
from ...engine import Deal, Phase
from ...engine.actions import parse_action
from ...engine.deal import next_deal_after
from ...i18n import _, ngettext
from ...i18n.typography import minus
from ...practice import together
from ...practice.table import OVER, Table
from ..common.safe import plain
from ..practice.review import _review


def sheet_rows(snap, names: list[str]) -> list[dict]:
    """Each deal already on the sheet: its number, each seat's score and the running totals (Σ)."""
    rows, running = [], [0] * snap.state.players
    for n, scores in enumerate(snap.state.scores, start=1):
        running = [a + b for a, b in zip(running, scores)]
        rows.append({_("deal"): n, **{names[i]: scores[i] for i in range(len(scores))},
                     **{f"Σ {names[i]}": running[i] for i in range(len(scores))}})
    return rows


def sheet_csv(snap, names: list[str]) -> str:
    """The sheet as CSV: a row per deal, each seat's score then its running total (cells guarded against
    formulas, as the club sheet's are)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    rows = sheet_rows(snap, names)
    header = [_("deal"), *names, *(f"Σ {n}" for n in names)]
    writer.writerow([guard(c) for c in header])
    for row in rows:
        writer.writerow([guard(row[c]) for c in header])
    return out.getvalue()


def lead_line(n: int, lead: int, score: int, names: list[str], you: int | None) -> str:
    """Who leads after ``n`` deals; "you" for this phone's seat, with its own verb.

    >>> lead_line(1, 0, -20, ["You", "Ana", "Ben"], 0)
    'After 1 deal, you lead with −20.'
    >>> lead_line(3, 2, 48, ["You", "Ana", "Ben"], 0)
    'After 3 deals, Ben leads with +48.'
    """
    shown = minus(f"{score:+d}" if score else "0")
    return (ngettext("After {n} deal, you lead with {score}.", "After {n} deals, you lead with {score}.", n)
            if lead == you else
            ngettext("After {n} deal, {who} leads with {score}.", "After {n} deals, {who} leads with {score}.", n)
            ).format(n=n, who=plain(names[lead]), score=shown)


def dealer_line(dealer: int, names: list[str], you: int | None, *, next_deal: bool) -> str:
    """Who deals this deal or the next one, "You deal" for this phone's seat.

    >>> dealer_line(0, ["You", "Ana"], 0, next_deal=True), dealer_line(1, ["You", "Ana"], 0, next_deal=False)
    ('You deal next.', 'Ana deals this deal.')
    """
    if dealer == you:
        return _("You deal next.") if next_deal else _("You deal this deal.")
    return (_("{who} deals next.") if next_deal else _("{who} deals this deal.")).format(who=plain(names[dealer]))


def show_sheet(snap, names: list[str], you: int | None = None) -> None:
    """The sheet, who leads and who deals; ``you`` is this phone's seat ("You" in ``names``)."""
    d = snap.deal
    st.subheader(_("The table's sheet"))
    rows = sheet_rows(snap, names)
    if rows:
        st.dataframe(rows, hide_index=True, width="stretch")
        totals = together.totals(snap.state)
        lead = max(range(len(totals)), key=lambda i: totals[i])
        st.caption(lead_line(len(rows), lead, totals[lead], names, you))
        st.download_button(_("Download the sheet (CSV)"), sheet_csv(snap, names), file_name=f"table-{snap.code}.csv",
                           mime="text/csv", key="tg_csv")
    else:
        st.caption(_("No deal on the sheet yet."))
    if d.phase in OVER:
        nxt = next_deal_after(d.players, d.dealer, "played" if d.phase is Phase.DONE else "all_pass").dealer
        st.caption(dealer_line(nxt, names, you, next_deal=True))
    else:
        st.caption(dealer_line(d.dealer, names, you, next_deal=False))


def show_result(snap, names: list[str]) -> None:
    """The deal just ended: each seat's score for it."""
    d = snap.deal
    if d.phase is Phase.CANCELLED:
        st.warning(_("Everyone passed: the deal was not played, and it scores 0."))
        return
    scores = together.deal_scores(snap.state, d)
    st.success(_("The deal is over."))
    st.dataframe([{_("seat"): names[s], _("score"): scores[s]} for s in range(len(scores))], hide_index=True)


def show_review(snap, seat: int, level: str) -> None:
    """This seat's own review of the deal just played (nobody else's)."""
    d = snap.deal
    if d.phase is not Phase.DONE:
        return
    _review(Table(d.copy(), learner=seat, level=level), replay=False)


def show_last_review(snap, name: str, level: str) -> None:
    """Between deals: this player's review of the deal played before, under the seat they held then."""
    last, d = snap.last, last_deal(snap)
    if d is None or d.phase is not Phase.DONE or name not in last.get("seats", ()):
        return
    with st.expander(_("Your review of the last deal")):
        _review(Table(d, learner=last["seats"].index(name), level=level), replay=False)


def last_deal(snap) -> Deal | None:
    """The deal played before this one (kept for each player's review while the next is dealt)."""
    last = snap.last
    if not last:
        return None
    return Deal.replay(snap.state.players, last["seed"], [parse_action(a) for a in last["log"].split()],
                       dealer=last["dealer"])
