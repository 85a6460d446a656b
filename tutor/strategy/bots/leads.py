"""The bots' leads that read the table: the defence makes the taker trump, the taker draws trumps with a master.

Each rule was kept only when it won in duplicate against the reference bots (``bench/bots_duplicate.py``, seed 1,
200 boards a table size); ``advisor.rollout.Lean`` plays the same rules on bitmasks (tested). Tried and left
out, as they lost or gained nothing: returning a partner's low lead, leading a suit a partner is void in, leading
the called suit with 5 players, cashing kings once the trumps are out, drawing trumps with small ones.

Each rule returns (card, why, principle) or None when it does not apply; ``policy._lead`` asks them in turn.
"""

from __future__ import annotations

from ...engine import Card, SeatView
from ...engine.cards import TRUMP_KIND
from ...i18n import _
from ...i18n.words import the_card

# The taker draws trumps with his master trump when he holds more than this share of the trumps still out
# (measured: 0.5 beat 0.35 and 1.0).
DRAW_SHARE = 0.5


def _cheapest(cards, cost):
    return min(cards, key=lambda c: (cost(c), c.index))


def lead_to_cut(view: SeatView, legal: list[Card], k, cost) -> tuple[Card, str, str] | None:
    """Defence: lead a low card of a suit the taker has shown a void in, while the taker may hold trumps."""
    lacks = k.voids.get(view.taker, ())
    if TRUMP_KIND in lacks:
        return None
    pool = [c for c in legal if c.kind in lacks and c.kind < 4 and not c.is_king]
    if not pool:
        return None
    card = _cheapest(pool, cost)
    return card, _("Make the taker trump: the taker has shown a void in this suit, so lead {card} and a trump must "
                   "go.").format(card=the_card(card)), "lead-to-cut"


def draw_trumps(view: SeatView, trumps: list[Card], k) -> tuple[Card, str, str] | None:
    """The taker, holding the master trump and more than ``DRAW_SHARE`` of the trumps still out, leads it to clear
    the defence's trumps. ``trumps``: the taker's legal trumps, lowest first."""
    if view.seat != view.taker or not k.unseen_trumps or not trumps:
        return None
    top = trumps[-1]
    if top.rank < k.top_unseen() or len(trumps) <= DRAW_SHARE * len(k.unseen_trumps):
        return None
    return top, _("Draw trumps: {card} is the master and you hold many trumps, so clear the defence's and your "
                  "other cards become safe.").format(card=the_card(top)), "draw-trumps"
