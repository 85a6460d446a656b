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
from ..engine.words import N_
from ..i18n import _

# Rules stated in more than one place (lessons, puzzles, hints) come from the engine's one statement.
RULES: dict[str, str] = {
    # counting and the target
    "card_points": N_("Oudlers and kings are worth 4.5, queens 3.5, knights 2.5, jacks 1.5 and every other card 0.5."),
    "pair_count": N_("At the table, count a high card with a low card, and two low cards as 1 point."),
    "oudlers": N_("The three oudlers are trump 21, the Petit (trump 1) and the Excuse."),
    "target": RULE_TEXT["target"],
    "juste_fait": N_("Reaching the target exactly wins the contract (juste fait)."),
    "half_point": N_("With 3 or 5 players a pile can end on a half point; it goes to the side that wins."),
    # dealing
    "deal_sizes": N_("3 players: 24 cards each, a dog of 6, packets of 4; 4 players: 18 each, a dog of 6, packets "
                  "of 3; 5 players: 15 each, a dog of 3, packets of 3."),
    "deal_turn": N_("Play and dealing go counter-clockwise: the deal passes to the right, and the player on the "
                 "dealer’s right speaks first and leads the first trick."),
    "dog_building": N_("The dog is built one card at a time during the deal, never with the first or the last card "
                    "of the pack."),
    "petit_sec": N_("A player whose only trump is the Petit, without the Excuse (Petit sec), must say so: the deal "
                 "is cancelled before the bidding and the next dealer deals."),
    "misdeal": N_("After a misdeal the same dealer deals again, and may not bid on that deal."),
    # playing a trick
    "lead": N_("The player who leads a trick may lead any card."),
    "follow_suit": RULE_TEXT["follow_suit"],
    "must_trump": RULE_TEXT["must_trump"],
    "must_overtrump": N_("If a trump is already in the trick you must play a higher trump if you can, "
                      "even over your partner."),
    "undertrump": N_("If you cannot beat the highest trump in the trick, you may play any trump (undertrump)."),
    "trump_led": RULE_TEXT["trump_led"],
    "discard": RULE_TEXT["discard"],
    "excuse": N_("The Excuse may be played at any time, instead of the card you owe."),
    "excuse_led": N_("When the Excuse is led, the next card sets the suit of the trick."),
    "first_lead_called_suit": N_("With 5 players, the first lead may not be in the called suit, "
                              "unless it is the called card itself."),
    "trick_winner": N_("A trick is won by the highest trump, otherwise by the highest card of the suit led."),
    "excuse_never_wins": N_("The Excuse never wins a trick, except as the last card of a chelem."),
    # the Excuse and the last trick
    "excuse_kept": RULE_TEXT["excuse_kept"],
    "excuse_last_trick": RULE_TEXT["excuse_last_trick"],
    "excuse_chelem": RULE_TEXT["excuse_chelem"],
    "petit_au_bout": N_("Petit au bout: the side that wins the last trick with the Petit in it scores 10 × the "
                     "contract’s multiplier, whatever the result."),
    "petit_au_bout_chelem": RULE_TEXT["petit_au_bout_chelem"],
    # the écart
    "ecart_count": N_("The écart has as many cards as the dog: 6 with 3 or 4 players, 3 with 5."),
    "ecart_king": N_("No king may go to the écart."),
    "ecart_oudler": N_("No oudler may go to the écart."),
    "ecart_trump": RULE_TEXT["ecart_trump"],
    # bidding
    "bid_order": N_("The player on the dealer’s right speaks first; each player speaks once, in turn."),
    "outbid": N_("A bid must be higher than every earlier bid: petite, garde, garde sans, garde contre."),
    "taker": N_("The highest bidder becomes the taker."),
    "all_pass": N_("If everyone passes, the deal is cancelled and the next dealer deals."),
    "dog_fate": RULE_TEXT["dog_fate"],
    "multiplier": N_("The contract multiplies the base: petite ×1, garde ×2, garde sans ×4, garde contre ×6."),
    # announcements
    "poignee_threshold": N_("A poignée shows exactly 13/15/18 trumps with 3 players, 10/13/15 with 4, 8/10/13 with 5."),
    "poignee_excuse": N_("The Excuse may stand in for a trump in a poignée only if you have no other trump left "
                      "to show."),
    "poignee_exact": N_("A poignée shows exactly the threshold number of trumps; extra trumps stay hidden."),
    "poignee_bonus": N_("A poignée is worth 20, 30 or 40, never multiplied, to the side that wins the deal, "
                     "whichever side showed it."),
    "chelem_bonus": N_("Chelem: announced and made +400, made unannounced +200, announced and failed −200; "
                    "a defence that takes every trick gets +200."),
    # scoring
    "base": N_("The contract is worth (25 + the points won or lost by) × the multiplier."),
    "per_defender": N_("Contract, petit au bout, poignée and chelem add up to what each defender pays or receives."),
    "shares": N_("The taker takes ×2 with 3 players and ×3 with 4; with 5, ×2 and the partner ×1, or ×4 alone. "
              "The scores sum to zero."),
    # five players
    "call_king": RULE_TEXT["call_king"],
    "partner": N_("Whoever holds the called card is the taker’s secret partner (2 against 3)."),
    "alone": N_("If the called card is in the taker’s own hand or in the dog, the taker plays alone (1 against 4)."),
}


def rule_lines(ids: Iterable[str]) -> str:
    """The sentences of these rules, one **Rule:** line each, for the end of an explanation."""
    return "\n\n".join(_("**Rule:** {rule}").format(rule=_(RULES[i])) for i in dict.fromkeys(ids))


# The skill (tutor.skills) whose lesson teaches each rule: a question that turns on a rule needs that
# skill, so a lesson may ask it only once that lesson (or one of its prerequisites) has taught it.
RULE_SKILL: dict[str, str] = {
    **dict.fromkeys(("card_points", "pair_count"), "counting"),
    **dict.fromkeys(("deal_sizes", "deal_turn", "dog_building", "petit_sec", "misdeal"), "dealing"),
    "oudlers": "ranks",
    **dict.fromkeys(("target", "juste_fait"), "target"),
    "half_point": "three-players",
    **dict.fromkeys(("lead", "follow_suit", "must_trump", "must_overtrump", "undertrump", "trump_led", "discard",
                     "excuse", "excuse_led"), "legal-play"),
    **dict.fromkeys(("trick_winner", "excuse_never_wins"), "trick-winner"),
    **dict.fromkeys(("excuse_kept", "excuse_last_trick"), "excuse"),
    **dict.fromkeys(("excuse_chelem", "petit_au_bout_chelem", "chelem_bonus"), "chelem"),
    "petit_au_bout": "petit-au-bout",
    **dict.fromkeys(("ecart_count", "ecart_king", "ecart_oudler", "ecart_trump", "dog_fate"), "ecart"),
    **dict.fromkeys(("bid_order", "outbid", "taker", "all_pass", "multiplier"), "bidding"),
    **dict.fromkeys(("poignee_threshold", "poignee_excuse", "poignee_exact", "poignee_bonus"), "poignee"),
    **dict.fromkeys(("base", "per_defender", "shares"), "scoring"),
    **dict.fromkeys(("first_lead_called_suit", "call_king", "partner", "alone"), "five-players"),
}
# Shares differ with 3 and 5 players: a score question at those tables needs that lesson too.
SHARES_SKILL = {3: "three-players", 5: "five-players"}


def skills_for(rules: Iterable[str], players: int | None = None) -> tuple[str, ...]:
    """The skills a question that turns on these rules needs, in order, each once.

    >>> skills_for(["dog_fate", "multiplier"])
    ('ecart', 'bidding')
    >>> skills_for(["base", "shares"], players=5)
    ('scoring', 'five-players')
    """
    out = [RULE_SKILL[r] for r in rules if r in RULE_SKILL]
    if "shares" in rules and players in SHARES_SKILL:
        out.append(SHARES_SKILL[players])
    return tuple(dict.fromkeys(out))
