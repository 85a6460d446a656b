"""The skills a learner trains. Lessons, quizzes, puzzles and progress all use these ids.

Each title is marked for the text layer (``N_``) and translated where a page shows it (``_(SKILLS[skill])``)."""

from .i18n import N_

SKILLS = {
    "overview": N_("A whole deal at a glance: deal, bid, dog and écart, tricks, count, score"),
    "deck": N_("Know the deck: suits, trumps, the Excuse, names in English and French"),
    "ranks": N_("Card ranks and the three oudlers"),
    "counting": N_("Card values and counting a pile"),
    "target": N_("The target by oudlers"),
    "dealing": N_("Dealing: the dealer, packets, the dog, petit sec"),
    "bidding": N_("Bidding: contracts, order, outbidding"),
    "ecart": N_("The dog and the écart"),
    "legal-play": N_("Which cards may be played"),
    "trick-winner": N_("Who wins a trick"),
    "excuse": N_("The Excuse: ownership, exchange, the last trick"),
    "poignee": N_("The poignée"),
    "chelem": N_("The chelem"),
    "petit-au-bout": N_("Petit au bout"),
    "scoring": N_("Scoring a deal"),
    "three-players": N_("Playing with 3"),
    "five-players": N_("Playing with 5: the called king and the partner"),
    "club": N_("At the club: the score sheet and etiquette"),
    # Playing well (the strategy course): each verdict is computed by tutor.strategy.
    "hand-judgement": N_("Judging a hand: the hand count"),
    "contract-choice": N_("Which contract to bid"),
    "ecart-strategy": N_("Choosing a good écart"),
    "king-call": N_("Calling a king, with 5 players"),
    "attack-play": N_("Playing the attack: trumps, kings, the Petit, the Excuse"),
    "defence-play": N_("Playing the defence: leads, loading a partner's trick, signals"),
    "announcing": N_("When to show a poignée or announce a chelem"),
    "endgames": N_("Endgames: counting the last tricks"),
    "defending-together": N_("Defending together: leads for a partner, the seats, signals, the dog"),
    "takers-trumps": N_("The taker's trumps: drawing, counting, hunting the Petit, the 21"),
    "discards": N_("Discards: what to throw, loading a partner's trick"),
}

# The strategy skills, in course order (after the rules course).
STRATEGY_SKILLS = ("hand-judgement", "contract-choice", "ecart-strategy", "king-call", "attack-play",
                   "defence-play", "announcing", "endgames",
                   "defending-together", "takers-trumps", "discards")
