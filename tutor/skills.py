"""The skills a learner trains. Lessons, quizzes, puzzles and progress all use these ids."""

SKILLS = {
    "overview": "A whole deal at a glance: deal, bid, dog and écart, tricks, count, score",
    "deck": "Know the deck: suits, trumps, the Excuse, names in English and French",
    "ranks": "Card ranks and the three oudlers",
    "counting": "Card values and counting a pile",
    "target": "The target by oudlers",
    "dealing": "Dealing: the dealer, packets, the dog, petit sec",
    "bidding": "Bidding: contracts, order, outbidding",
    "ecart": "The dog and the écart",
    "legal-play": "Which cards may be played",
    "trick-winner": "Who wins a trick",
    "excuse": "The Excuse: ownership, exchange, the last trick",
    "poignee": "The poignée",
    "chelem": "The chelem",
    "petit-au-bout": "Petit au bout",
    "scoring": "Scoring a deal",
    "three-players": "Playing with 3",
    "five-players": "Playing with 5: the called king and the partner",
    "club": "At the club: the score sheet and etiquette",
    # Playing well (the strategy course): each verdict is computed by tutor.strategy.
    "hand-judgement": "Judging a hand: the hand count",
    "contract-choice": "Which contract to bid",
    "ecart-strategy": "Choosing a good écart",
    "king-call": "Calling a king, with 5 players",
    "attack-play": "Playing the attack: trumps, kings, the Petit, the Excuse",
    "defence-play": "Playing the defence: leads, loading a partner's trick, signals",
    "announcing": "When to show a poignée or announce a chelem",
    "endgames": "Endgames: counting the last tricks",
    "defending-together": "Defending together: leads for a partner, the seats, signals, the dog",
    "takers-trumps": "The taker's trumps: drawing, counting, hunting the Petit, the 21",
    "discards": "Discards: what to throw, loading a partner's trick",
}

# The strategy skills, in course order (after the rules course).
STRATEGY_SKILLS = ("hand-judgement", "contract-choice", "ecart-strategy", "king-call", "attack-play",
                   "defence-play", "announcing", "endgames",
                   "defending-together", "takers-trumps", "discards")
