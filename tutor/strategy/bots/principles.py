"""The principles of good play that the strategy course teaches, one table, each linked to its lesson.

Hints, the deal review and the écart drill name a principle by its id; the learner sees its words
and a link to the lesson that teaches it. A principle that is not in this table is never quoted.

>>> PRINCIPLES["make-voids"].lesson
'ecart-strategy'
>>> all(p.lesson in STRATEGY_LESSONS for p in PRINCIPLES.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_

# The strategy course's lesson ids (lessons/17-... to 27-...), in course order.
STRATEGY_LESSONS = ("judging-a-hand", "which-contract", "ecart-strategy", "calling-a-king", "attack-play",
                    "defence-play", "announcing", "endgames",
                    "defending-together", "the-takers-trumps", "discards")


@dataclass(frozen=True)
class Principle:
    id: str
    name: str  # a short name, as a learner would say it
    says: str  # one sentence of advice, in the course's words
    lesson: str  # the lesson id that teaches it

    @property
    def side(self) -> str | None:
        """"attack" or "defence" when only that side's hints quote it (by its lesson), else None."""
        return SIDE_OF_LESSON.get(self.lesson)


# The lessons that teach one side's card play: their principles are quoted only to that side.
SIDE_OF_LESSON = {"attack-play": "attack", "defence-play": "defence"}


_ROWS = (
    Principle("hand-count", N_("Count your hand"),
              N_("Add up the hand count before you bid: oudlers, trumps, kings, long suits and voids."),
              "judging-a-hand"),
    Principle("best-expected-score", N_("Bid for the best expected score"),
              N_("Choose the contract whose average score is best, not only the one most likely to succeed."),
              "which-contract"),
    Principle("make-voids", N_("Make voids"),
              N_("Discard a whole short suit so you can trump it."), "ecart-strategy"),
    Principle("keep-kings", N_("Keep your kings"),
              N_("A king is a sure trick once trumps are out: never discard one (the rules forbid it anyway)."),
              "ecart-strategy"),
    Principle("bank-points", N_("Bank points you would lose"),
              N_("Put a queen or knight that cannot be guarded in the écart, where its points are already yours."),
              "ecart-strategy"),
    Principle("no-trumps-in-ecart", N_("Keep your trumps"),
              N_("Discard a trump only when nothing else can go; it must then be shown."), "ecart-strategy"),
    Principle("call-a-king", N_("Call the king you lack"),
              N_("With 5 players, call a king you do not hold (your own means playing alone); measured, which of the "
               "others matters little on average."), "calling-a-king"),
    Principle("draw-trumps", N_("Draw trumps"),
              N_("As taker with many trumps, lead them to clear the defence's trumps, so your kings and long suit "
               "become safe."), "attack-play"),
    Principle("hunt-the-petit", N_("Hunt the Petit"),
              N_("Lead big trumps to force out the Petit when the defence may hold it short."), "attack-play"),
    Principle("save-the-petit", N_("Save the Petit"),
              N_("Play the Petit on a trick your side already wins, before it can be caught."), "defence-play"),
    Principle("excuse-timing", N_("Play the Excuse in time"),
              N_("Play the Excuse before the last trick, on a trick you cannot win."), "attack-play"),
    Principle("charger", N_("Load your partner's trick"),
              N_("When your partner's card will win the trick, give it your points (charger)."), "defence-play"),
    Principle("lead-to-cut", N_("Make the taker trump"),
              N_("In defence, lead a suit the taker lacks so their trumps go one by one."), "defence-play"),
    Principle("play-cheap", N_("Play cheap"),
              N_("When you cannot win a trick, or your side already holds it, play your cheapest card; when you win, "
               "win with the cheapest card that wins."), "attack-play"),
    Principle("lead-long-suit", N_("Lead from your long suit"),
              N_("With nothing better to lead, lead your longest suit, keeping your high cards and trumps; by the "
               "FFT's signals, a card from the ace to the 5 promises its king or queen."), "defence-play"),
    Principle("count-tricks", N_("Count the last tricks"),
              N_("In the endgame, count which cards are left and play the card that wins the most points."),
              "endgames"),
    Principle("poignee-when", N_("Show a poignée when it pays"),
              N_("Show a poignée when you expect to win; it gives away where the trumps are."),
              "announcing"),
    # Added with the strategy lessons (issue 14): each is taught by the lesson named.
    Principle("guard-or-void", N_("Void it or guard it"),
              N_("Do not keep a short suit with a lone queen or knight: the defence leads through it and catches it. "
               "Void the suit, or keep it guarded."), "ecart-strategy"),
    Principle("count-trumps", N_("Count the trumps"),
              N_("There are 21 trumps and the Excuse: count those played, so you know when the defence has none left."),
              "attack-play"),
    Principle("cash-kings", N_("Cash your kings"),
              N_("Lead a king when nobody can trump it: the first time its suit is played, or once the defence's "
               "trumps are out."), "attack-play"),
    Principle("petit-home", N_("Bring the Petit home"),
              N_("Keep the Petit for the last trick with a master trump to clear the way, and it scores petit au "
               "bout."), "attack-play"),
    Principle("signals", N_("Signal to your partner"),
              N_("In defence, the FFT's signals say with the card you choose what you hold: a low card led in a suit "
               "promises its king or queen."), "defence-play"),
    Principle("chelem-when", N_("Announce a chelem only when it is likely"),
              N_("Announcing adds 200 if the chelem is made and costs 200 if it is missed: announce it when you "
               "expect to make it more often than not."), "announcing"),
    # Added with lessons 25-27 (issue 24).
    Principle("lead-for-partner", N_("Lead for your partner"),
              N_("In defence, lead a suit the taker must follow and your partner can trump or win, so the taker plays"
               " before your partner."), "defending-together"),
    Principle("play-the-21", N_("Play the 21 to win something"),
              N_("Nothing can take the 21: spend it on a trick with the Petit in it, or when a trump after yours "
               "would beat the one you would play instead."), "the-takers-trumps"),
)
# The card play's principles belong to a side: the attack's are taught in lesson 21, the defence's in lesson 22.
# An idea both sides use (cheap cards, the Excuse's timing, charger…) has a row for each, with the same name,
# so a taker or the called partner is never sent to "Playing the defence" nor a defender to "Playing the
# attack". (attack id, defence id):
PAIRS = (
    ("hunt-the-petit", "defence-hunt-the-petit"),
    ("attack-save-the-petit", "save-the-petit"),
    ("excuse-timing", "defence-excuse-timing"),
    ("attack-charger", "charger"),
    ("play-cheap", "defence-play-cheap"),
    ("attack-lead-long-suit", "lead-long-suit"),
    ("cash-kings", "defence-cash-kings"),
)
_SIDE_ROWS = (
    Principle("defence-hunt-the-petit", N_("Hunt the Petit"),
              N_("Lead big trumps to force out the taker's Petit when the taker may hold it short."), "defence-play"),
    Principle("attack-save-the-petit", N_("Save the Petit"),
              N_("Play the Petit on a trick your side already wins, before the defence's trumps can catch it."),
              "attack-play"),
    Principle("defence-excuse-timing", N_("Play the Excuse in time"),
              N_("Play the Excuse before the last trick, on a trick your side cannot win."), "defence-play"),
    Principle("attack-charger", N_("Load your partner's trick"),
              N_("When the taker's or the called partner's card will win the trick, give it your points (charger)."),
              "attack-play"),
    Principle("defence-play-cheap", N_("Play cheap"),
              N_("When you cannot win a trick, or a partner surely holds it, play your cheapest card; when you win, "
               "win with the cheapest card that wins."), "defence-play"),
    Principle("attack-lead-long-suit", N_("Lead from your long suit"),
              N_("With nothing better to lead, lead your longest suit, keeping your high cards and trumps: once the "
               "trumps are out, its small cards win."), "attack-play"),
    Principle("defence-cash-kings", N_("Cash your kings"),
              N_("Lead a king once the taker has followed its suit: the taker may have made a void in the écart."),
              "defence-play"),
)
PRINCIPLES: dict[str, Principle] = {p.id: p for p in (*_ROWS, *_SIDE_ROWS)}
_FOR_ATTACK = {d: a for a, d in PAIRS}
_FOR_DEFENCE = {a: d for a, d in PAIRS}

# "Count the last tricks" is the endgame's principle: it is quoted only this near the end of the deal.
NEAR_END_TRICKS = 4


def for_side(principle_id: str | None, *, attack: bool) -> str | None:
    """The principle as the given side's hints name it: its own side's row of a pair, or itself.

    >>> for_side("charger", attack=True), for_side("play-cheap", attack=False), for_side("signals", attack=False)
    ('attack-charger', 'defence-play-cheap', 'signals')
    """
    if principle_id is None:
        return None
    return (_FOR_ATTACK if attack else _FOR_DEFENCE).get(principle_id, principle_id)


def near_end(tricks_left: int) -> bool:
    """Is the deal near its end, where "Count the last tricks" applies? (the trick being played included)"""
    return tricks_left <= NEAR_END_TRICKS
