"""The rules of French tarot (FFT 2012), in pure Python: the single source of truth.

Public API (stable): parse_cards, card_points, count_oudlers, target_points, legal_plays,
trick_winner, is_legal_discard, score_deal, plus the explaining variants (explain_play,
check_discard, explain_winner) and the deal state (Deal).
"""

from .actions import (
    Action,
    Bid,
    CallKing,
    DeclareChelem,
    DeclareMisere,
    Discard,
    PlayCard,
    ShowPoignee,
    parse_action,
)
from .announce import (
    call_outcome,
    callable_cards,
    check_poignee,
    chelem_outcome,
    misere_kind,
    misere_kinds,
    poignee_options,
    poignee_to_show,
    verify_call,
)
from .bidding import Auction, dog_outcome
from .cards import (
    CARDS,
    DECK,
    EXCUSE,
    OUDLERS,
    PETIT,
    SUITS,
    TRUMP_21,
    TRUMPS,
    Card,
    Suit,
    card,
    card_points,
    cards_text,
    count_oudlers,
    format_cards,
    pair_count,
    parse_card,
    parse_cards,
    sort_cards,
)
from .deal import (
    DealEnd,
    DealtCards,
    NextDeal,
    choose_dealer,
    deal_cards,
    dog_slot_verdict,
    dog_slots,
    draw_rank,
    is_petit_sec,
    next_deal_after,
    packet_count,
)
from .ecart import DiscardVerdict, check_discard, discardable, is_legal_discard, trumps_needed
from .errors import CardParseError, IllegalAction, TarotError
from .piles import chelem_result, count_attack, petit_au_bout
from .play import (
    PlayRule,
    PlayVerdict,
    explain_all,
    explain_play,
    explain_winner,
    is_legal_play,
    legal_plays,
    trick_winner,
    verify_play,
)
from .rules import CHELEM_BONUS, POIGNEE_BONUS, RULESETS, TARGETS, Contract, DogFate, RuleSet, target_points
from .scoring import DealScore, ScoreStep, misere_scores, score_deal, settle_half_point
from .state import Deal, random_action
from .views import DealResult, Phase, SeatView, Trick
from .words import plural

__all__ = [name for name in dir() if not name.startswith("_")]
