"""The theme of a solved endgame: which principle of ``principles.py`` the solver's verdict illustrates.

The verdict is the solver's; the theme only names the principle a learner can take away, from what
separates the best cards from the others. One table of tests, the first that holds wins:

| principle | when |
|---|---|
| save-the-petit | you hold the Petit, and it is best, or the card that does worst, and the best line saves it |
| excuse-timing | you hold the Excuse, and it is best, or the card that does worst |
| charger | your side is winning the trick, and a best card is your highest-point legal card (above 0.5) |
| count-tricks | otherwise: count the cards left |

>>> from tutor.strategy.exact.position import Position
>>> from tutor.strategy.exact.solver import solve
>>> p = Position.parse('''
... players: 4
... contract: petite
... taker: 2
... hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
... trick: {leader: 2, cards: ""}
... taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
... ''')
>>> theme(p, solve(p))  # the taker is to play: the attack's row of the idea
'attack-save-the-petit'
"""

from __future__ import annotations

from ...engine import EXCUSE, PETIT
from ...engine.play import trick_winner
from ..bots.principles import for_side
from ..exact.lines import petit_saved
from ..exact.position import Position
from ..exact.solver import Solution
from .why import camp, trick_seats


def _extreme(card, solution: Solution) -> bool:
    """The card is one of the best, or does as badly as the worst card."""
    if card in solution.best:
        return True
    return solution.cards[card].taker_score == solution.cards[list(solution.cards)[-1]].taker_score


def _partner_winning(p: Position) -> bool:
    """Your side wins the trick so far (the seats and camps are ``why``'s, shared with the deal review)."""
    if not [c for c in p.trick if c is not EXCUSE]:
        return False  # nothing to win yet (no card, or only the Excuse)
    return trick_seats(p)[trick_winner(p.trick)] in camp(p, p.to_play)


def theme(position: Position, solution: Solution) -> str:
    """The principle id the verdict illustrates (see the table above), as the side to play names it
    (``principles.for_side``: a taker's is the attack's principle, a defender's the defence's)."""
    return for_side(_theme(position, solution), attack=position.is_attack(position.to_play))


def _theme(position: Position, solution: Solution) -> str:
    legal = list(solution.cards)
    # "Save the Petit" only when the best line does save it: a line that throws the Petit under the other
    # side's trump must not be explained by "play the Petit on a trick your side already wins" (issue 24).
    if PETIT in legal and _extreme(PETIT, solution) and petit_saved(position, solution.line) is not False:
        return "save-the-petit"
    if EXCUSE in legal and _extreme(EXCUSE, solution):
        return "excuse-timing"
    if _partner_winning(position):
        top = max(c.points for c in legal)
        if top > 0.5 and any(c.points == top for c in solution.best):
            return "charger"
    return "count-tricks"
