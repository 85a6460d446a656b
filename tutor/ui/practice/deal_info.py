"""What the Practice page says about the deal beside the play: the bids, the contract, the dog, the evening's
line. During the play these are folded below the hand (issue 38: one screen per decision)."""

from __future__ import annotations

import streamlit as st

from ...engine import DogFate, Phase
from ...engine.rule_text import RULE_TEXT
from ...i18n import N_, _, ngettext
from ..common.cards import card_label, cards_html
from ..common.text import card_name, say

# What happens to the dog, said where the dog stays hidden.
DOG_IS = {DogFate.TAKER_KEEPS_HIDDEN: N_("The dog is left face down and counts for the taker."),
          DogFate.DEFENCE_KEEPS_HIDDEN: N_("The dog is left face down and counts for the defence.")}


def auction_summary(view, names) -> None:
    if view.bids:
        said = ", ".join(_("{who}: {bid}").format(who=names[s], bid=b.french if b else _("pass")) for s, b in view.bids)
        st.markdown(_("**Bids:** {bids}").format(bids=said))
    if view.contract is None:
        return
    st.markdown(contract_line(view, names))
    if view.contract.dog is DogFate.TAKER_EXCHANGES and view.dog:
        st.markdown(_("**The dog (le chien), shown to everyone:**"))
        st.markdown(cards_html(view.dog, width=40), unsafe_allow_html=True)
    elif view.phase is Phase.CALLING:
        st.caption(_("The dog stays face down for now.") + " " + say(RULE_TEXT["call_before_dog"]))
    elif view.contract.dog is not DogFate.TAKER_EXCHANGES:
        st.caption(_(DOG_IS[view.contract.dog]))
    if view.ecart_trumps:
        st.caption(_("Trumps in the écart, shown to all: {cards}").format(
            cards=", ".join(card_label(c) for c in view.ecart_trumps)))



def contract_line(view, names) -> str:
    """The contract, the called king and the partner once known, the learner in the second person ("**You** play
    a **Garde**", ": you are the partner")."""
    line = (_("**{who}** play a **{contract}** (×{multiplier})") if view.taker == view.seat else
            _("**{who}** plays a **{contract}** (×{multiplier})")).format(
        who=names[view.taker], contract=view.contract.french, multiplier=view.contract.multiplier)
    if view.called is not None:
        line += _(", calling the **{card}**").format(card=card_name(view.called))
        if view.partner is not None and view.partner != view.taker:
            line += (_(": you are the partner") if view.partner == view.seat else
                     _(": {who} is the partner").format(who=names[view.partner]))
    return line + "."


def evening_line(n: int, names, lead: int, total: int, dealer: int) -> str:
    """Who leads the evening and who deals next, the learner in the second person ("you lead", "You deal next").

    >>> evening_line(2, ["You", "Anna", "Bruno"], 0, 40, 0)
    'After 2 deals: you lead with 40. You deal next.'
    >>> evening_line(1, ["You", "Anna", "Bruno"], 1, 25, 2)
    'After 1 deal: Anna leads with 25. Bruno deals next.'
    """
    you = _("You")
    leads = (ngettext("After {n} deal: you lead with {total}.", "After {n} deals: you lead with {total}.", n)
             if names[lead] == you else
             ngettext("After {n} deal: {leader} leads with {total}.", "After {n} deals: {leader} leads with {total}.",
                      n))
    deals = _("You deal next.") if names[dealer] == you else _("{dealer} deals next.")
    return leads.format(n=n, leader=names[lead], total=total) + " " + deals.format(dealer=names[dealer])
