"""The one statement of each rule that lessons, puzzles, guided hands, quizzes and hints share.

A rule that several places repeat is written here once, in the learner's words; the quiz rule
lines (``tutor.quiz.RULES``) take these sentences, and YAML content writes ``{rule:<id>}`` where it
states one (the loader puts the sentence in). Tests check the sentences against ``Deal.result()``.

>>> RULE_TEXT["excuse_last_trick"].startswith("The Excuse played in the last trick changes side")
True
>>> fill_rules("Keep this in mind: {rule:misdeal}")[:40]
'Keep this in mind: After a misdeal the s'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .words import N_

RULE_TEXT: dict[str, str] = {
    # The Excuse (RULES.md, Playing a trick; FFT p.4, p.7)
    "excuse_kept": N_("Before the last trick the Excuse stays with its owner’s side, who hand the trick’s winners "
                   "a low card worth 0.5 instead."),
    "excuse_last_trick": N_("The Excuse played in the last trick changes side: it goes to the other camp, whichever "
                         "side wins that trick, and no low card is given back (except in a chelem)."),
    "excuse_chelem": N_("In a chelem the Excuse, played in the last trick by a side that has won every other trick, "
                     "wins that trick, announced or not."),
    "petit_au_bout_chelem": N_("When the Excuse wins the last trick for a side that has won every other trick, that "
                            "side’s Petit in the trick before counts as au bout."),
    # 5 players (RULES.md, Bidding; FFT p.12)
    "call_king": N_("With 5 players the taker calls a king (one of their own means playing alone). Only with all four "
                 "kings may they call a queen they do not hold; with all kings and queens, a knight they do not "
                 "hold; with kings, queens and knights, a jack they do not hold. A queen, knight or jack of their "
                 "own may never be called."),
    "call_before_dog": N_("With 5 players the taker calls before the dog is turned up, so nobody knows yet whether "
                       "the called card is in the dog."),
    # dealing and bidding (RULES.md; FFT p.5)
    "dog_hidden": N_("In a garde sans and a garde contre the dog stays face down, seen by nobody: in a garde sans "
                  "its cards count for the taker, in a garde contre for the defence."),
    "first_bid": N_("The first contract is the petite: the FFT’s words are “Je prise”, and at many tables people say "
                 "“je prends” or “petite”."),
    "misdeal": N_("After a misdeal the same dealer deals again and may not bid on that deal."),
    # scoring: one sign convention (the score form, model answers, lesson 12, worksheet keys)
    "score_signs": N_("Every step of the score is signed from the taker’s side: + when the taker’s side gains, − when "
                   "it loses. The per-defender total is what each defender pays (+) or receives (−)."),
    # playing a trick, the target, the dog and the écart (RULES.md; FFT p.4-7): the strategy lessons quote them
    "target": N_("The target depends on the oudlers in the attack’s pile: 56, 51, 41 or 36 points for 0, 1, 2 or 3."),
    "follow_suit": N_("When a suit is led you must follow suit if you can; you never have to play higher in a suit."),
    "trump_led": N_("When a trump is led you must play a trump, higher than the highest so far if you can."),
    "must_trump": N_("With no card of the suit led you must play a trump."),
    "discard": N_("With neither the suit led nor a trump, you may play any card."),
    "ecart_trump": N_("A trump may go to the écart only when it cannot be avoided, and it is shown to the defence."),
    "dog_fate": N_("Petite and garde: the taker takes the dog and makes an écart. Garde sans: the dog counts for "
                "the taker, unseen. Garde contre: it counts for the defence, unseen."),
    "dog_shown": N_("In a petite or a garde the dog is turned face up for everyone to see before the taker takes it."),
}

_REF = re.compile(r"\{rule:([a-z_]+)\}")


def fill_rules(text: str, say: Callable[[str], str] | None = None) -> str:
    """Put each ``{rule:<id>}`` in ``text`` replaced by its sentence; an unknown id raises KeyError.

    Each sentence is a message id: ``say`` (the text layer's ``_``) gives it in the learner's language."""
    def sub(m: re.Match) -> str:
        if m.group(1) not in RULE_TEXT:
            raise KeyError(f"unknown rule {{rule:{m.group(1)}}}; known: {', '.join(sorted(RULE_TEXT))}")
        return say(RULE_TEXT[m.group(1)]) if say else RULE_TEXT[m.group(1)]
    return _REF.sub(sub, text)
