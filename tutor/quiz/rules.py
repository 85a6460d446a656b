"""The rules a question can turn on, by stable id, each with the sentence that states it.

Every question lists the ids of the rules that decide it, and its explanation ends with their
sentences, so a learner always sees the rule and a test can check it is there.

>>> RULES["must_overtrump"].startswith("If a trump is already in the trick")
True
>>> rule_lines(["target"])
'**Rule:** The target depends on the oudlers in the attack’s pile: 56, 51, 41 or 36 points for 0, 1, 2 or 3.'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.rule_text import RULE_TEXT

# Rules stated in more than one place (lessons, puzzles, hints) come from the engine's one statement.
RULES: dict[str, str] = {
    # counting and the target
    "card_points": "Oudlers and kings are worth 4.5, queens 3.5, knights 2.5, jacks 1.5 and every other card 0.5.",
    "pair_count": "At the table, count a high card with a low card, and two low cards as 1 point.",
    "oudlers": "The three oudlers are trump 21, the Petit (trump 1) and the Excuse.",
    "target": "The target depends on the oudlers in the attack’s pile: 56, 51, 41 or 36 points for 0, 1, 2 or 3.",
    "juste_fait": "Reaching the target exactly wins the contract (juste fait).",
    "half_point": "With 3 or 5 players a pile can end on a half point; it goes to the side that wins.",
    # playing a trick
    "lead": "The player who leads a trick may lead any card.",
    "follow_suit": "When a suit is led you must follow suit if you can; you never have to play higher in a suit.",
    "must_trump": "With no card of the suit led you must play a trump.",
    "must_overtrump": "If a trump is already in the trick you must play a higher trump if you can, "
                      "even over your partner.",
    "undertrump": "If you cannot beat the highest trump in the trick, you may play any trump (undertrump).",
    "trump_led": "When a trump is led you must play a trump, higher than the highest so far if you can.",
    "discard": "With neither the suit led nor a trump, you may play any card.",
    "excuse": "The Excuse may be played at any time, instead of the card you owe.",
    "excuse_led": "When the Excuse is led, the next card sets the suit of the trick.",
    "first_lead_called_suit": "With 5 players, the first lead may not be in the called suit, "
                              "unless it is the called card itself.",
    "trick_winner": "A trick is won by the highest trump, otherwise by the highest card of the suit led.",
    "excuse_never_wins": "The Excuse never wins a trick, except as the last card of a chelem.",
    # the Excuse and the last trick
    "excuse_kept": RULE_TEXT["excuse_kept"],
    "excuse_last_trick": RULE_TEXT["excuse_last_trick"],
    "excuse_chelem": RULE_TEXT["excuse_chelem"],
    "petit_au_bout": "Petit au bout: the side that wins the last trick with the Petit in it scores 10 × the "
                     "contract’s multiplier, whatever the result.",
    "petit_au_bout_chelem": RULE_TEXT["petit_au_bout_chelem"],
    # the écart
    "ecart_count": "The écart has as many cards as the dog: 6 with 3 or 4 players, 3 with 5.",
    "ecart_king": "No king may go to the écart.",
    "ecart_oudler": "No oudler may go to the écart.",
    "ecart_trump": "A trump may go to the écart only when it cannot be avoided, and it is shown to the defence.",
    # bidding
    "bid_order": "The player on the dealer’s right speaks first; each player speaks once, in turn.",
    "outbid": "A bid must be higher than every earlier bid: petite, garde, garde sans, garde contre.",
    "taker": "The highest bidder becomes the taker.",
    "all_pass": "If everyone passes, the deal is cancelled and the next dealer deals.",
    "dog_fate": "Petite and garde: the taker takes the dog and makes an écart. Garde sans: the dog counts for "
                "the taker, unseen. Garde contre: it counts for the defence, unseen.",
    "multiplier": "The contract multiplies the base: petite ×1, garde ×2, garde sans ×4, garde contre ×6.",
    # announcements
    "poignee_threshold": "A poignée shows exactly 13/15/18 trumps with 3 players, 10/13/15 with 4, 8/10/13 with 5.",
    "poignee_excuse": "The Excuse may stand in for a trump in a poignée only if you have no other trump left "
                      "to show.",
    "poignee_exact": "A poignée shows exactly the threshold number of trumps; extra trumps stay hidden.",
    "poignee_bonus": "A poignée is worth 20, 30 or 40, never multiplied, to the side that wins the deal, "
                     "whichever side showed it.",
    "chelem_bonus": "Chelem: announced and made +400, made unannounced +200, announced and failed −200; "
                    "a defence that takes every trick gets +200.",
    # scoring
    "base": "The contract is worth (25 + the points won or lost by) × the multiplier.",
    "per_defender": "Contract, petit au bout, poignée and chelem add up to what each defender pays or receives.",
    "shares": "The taker takes ×2 with 3 players and ×3 with 4; with 5, ×2 and the partner ×1, or ×4 alone. "
              "The scores sum to zero.",
    # five players
    "call_king": RULE_TEXT["call_king"],
    "partner": "Whoever holds the called card is the taker’s secret partner (2 against 3).",
    "alone": "If the called card is in the taker’s own hand or in the dog, the taker plays alone (1 against 4).",
}


def rule_lines(ids: Iterable[str]) -> str:
    """The sentences of these rules, one **Rule:** line each, for the end of an explanation."""
    return "\n\n".join(f"**Rule:** {RULES[i]}" for i in dict.fromkeys(ids))
