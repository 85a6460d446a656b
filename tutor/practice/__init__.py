"""Practice against bots: hand evaluation, the bots (with hints), the practice table and guided hands.

Pure Python, no Streamlit: the Practice page (``tutor/ui/practice/practice.py``) drives it.
"""

from ..strategy.bots.handcount import choose_bid, choose_call, choose_ecart, hand_strength, wanted_contract
from ..strategy.bots.policy import Move, choose_card, decide
from .table import Table, bots_play, seat_name

__all__ = ["Move", "Table", "bots_play", "choose_bid", "choose_call", "choose_card", "choose_ecart", "decide",
           "hand_strength", "seat_name", "wanted_contract"]
