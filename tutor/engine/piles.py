"""Counting the attack's pile at the end of a deal, with the Excuse rules.

The owner of the Excuse keeps it and hands the trick's winners a half-point card,
except in the last trick: there it changes side, going to the other camp even when
its own camp wins that trick (RULES.md). A chelem is the exception: the Excuse wins
the last trick for the side that took every trick, and a side that holds the Excuse
against a chelem keeps it as usual (FFT p.8-9: the attack counts 87).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import EXCUSE, Card
from .rules import Contract, DogFate
from .words import N_, Text

EXCHANGE_POINTS = 0.5  # the low card given in exchange for the Excuse
OTHER_CAMP = {"attack": "defence", "defence": "attack"}


def _swept(tricks: Sequence, camp: Callable[[int], str], side: str) -> bool:
    """True when ``side`` won every trick: a chelem, where the Excuse does not change side."""
    return all(camp(t.winner) == side for t in tricks)


def _low_card(cards: Sequence[Card]) -> Card | None:
    """The low card (worth 0.5) a side hands over for its Excuse: its first one, for a stable count."""
    return min((c for c in cards if c.points == EXCHANGE_POINTS and c is not EXCUSE),
               key=lambda c: c.index, default=None)


# The notes on the Excuse, by side: (where it goes, its own side won the last trick) and (who kept it).
_CHANGED = {
    ("attack", False): N_("The Excuse was played in the last trick, so it changed side: it counts for the attack."),
    ("defence", False): N_("The Excuse was played in the last trick, so it changed side: it counts for the defence."),
    ("attack", True): N_("The Excuse was played in the last trick, so it changed side: it counts for the attack, "
                         "although its own side won that trick."),
    ("defence", True): N_("The Excuse was played in the last trick, so it changed side: it counts for the defence, "
                          "although its own side won that trick."),
}
_OWES = {"attack": N_("The attack kept the Excuse and owes the defence a half-point card, but has no card to give: "
                      "the half point counts all the same."),
         "defence": N_("The defence kept the Excuse and owes the attack a half-point card, but has no card to give: "
                       "the half point counts all the same.")}
_GAVE = {"attack": N_("The attack kept the Excuse and gave the defence a half-point card in exchange: "
                      "{card.the_name}."),
         "defence": N_("The defence kept the Excuse and gave the attack a half-point card in exchange: "
                       "{card.the_name}.")}


def count_attack(tricks: Sequence, camp: Callable[[int], str], contract: Contract,
                 ecart: Sequence[Card], dog: Sequence[Card]) -> tuple[list[Card], float, list[str]]:
    """The attack's cards and points, with notes on what happened to the Excuse.

    ``tricks`` are objects with ``cards``, ``seats`` and ``winner`` (a seat); ``camp(seat)``
    gives 'attack' or 'defence'. The low card given for a kept Excuse is a real card moved between
    the piles, so the pile always adds up to the points (a side with no low card at all owes the
    half point instead).
    """
    notes: list[str] = []
    piles: dict[str, list[Card]] = {"attack": [], "defence": []}
    owed: list[tuple[str, str]] = []  # (giver, receiver) of a low card for a kept Excuse
    last = len(tricks) - 1
    for n, t in enumerate(tricks):
        won_by = camp(t.winner)
        if EXCUSE in t.cards:
            seat = t.seats[t.cards.index(EXCUSE)]
            owner = camp(seat)
            if t.winner == seat:
                notes.append(Text(N_("The Excuse, played last in a chelem, won the last trick.")))
                goes_to = owner
            elif n == last and not _swept(tricks, camp, won_by):
                # Changes side: to the other camp, whoever wins the trick, and no card comes back.
                goes_to = OTHER_CAMP[owner]
                notes.append(Text(_CHANGED[goes_to, won_by == owner]))
            else:
                goes_to = owner
                if won_by != owner:
                    owed.append((owner, won_by))
            piles[goes_to].append(EXCUSE)
        piles[won_by].extend(c for c in t.cards if c is not EXCUSE)
    fate = contract.dog
    if fate is DogFate.TAKER_EXCHANGES:
        piles["attack"].extend(ecart)
    elif fate is DogFate.TAKER_KEEPS_HIDDEN:
        piles["attack"].extend(dog)
    elif fate is DogFate.DEFENCE_KEEPS_HIDDEN:
        piles["defence"].extend(dog)
    points = 0.0
    for giver, receiver in owed:
        low = _low_card(piles[giver])
        if low is None:  # nothing to give yet and never after: the half point itself changes hands
            points += EXCHANGE_POINTS if receiver == "attack" else -EXCHANGE_POINTS
            notes.append(Text(_OWES[giver]))
            continue
        piles[giver].remove(low)
        piles[receiver].append(low)
        notes.append(Text(_GAVE[giver], card=low))
    pile = piles["attack"]
    points += sum(c.points for c in pile)
    return pile, points, notes


def petit_au_bout(tricks: Sequence, camp: Callable[[int], str]) -> tuple[str | None, str]:
    """Which side has the Petit au bout, if any, and why.

    The Petit must be in the last trick; when the Excuse wins the last trick of a chelem,
    the Petit in the trick before counts as au bout.
    """
    from .cards import PETIT
    if not tricks:
        return None, ""
    last = tricks[-1]
    excuse_won_last = EXCUSE in last.cards and last.winner == last.seats[last.cards.index(EXCUSE)]
    candidates = [tricks[-1]] + ([tricks[-2]] if excuse_won_last and len(tricks) > 1 else [])
    for i, t in enumerate(candidates):
        if PETIT in t.cards:
            side = camp(t.winner)
            if i:
                return side, Text(N_("The Excuse won the last trick of a chelem, so the Petit in the trick before "
                                     "counts as au bout, for the attack.") if side == "attack" else
                                  N_("The Excuse won the last trick of a chelem, so the Petit in the trick before "
                                     "counts as au bout, for the defence."))
            return side, Text(N_("The Petit was in the last trick, won by the attack: petit au bout.")
                              if side == "attack" else
                              N_("The Petit was in the last trick, won by the defence: petit au bout."))
    return None, ""


def excuse_wins_last(owner: int, tricks: Sequence, camp: Callable[[int], str]) -> bool:
    """The Excuse wins the last trick only when its side has won every trick before (a chelem)."""
    side = camp(owner)
    return all(camp(t.winner) == side for t in tricks)


def chelem_result(announced: bool, attack_tricks: int, tricks: int) -> str | None:
    """The chelem entry for scoring, from who took the tricks."""
    if attack_tricks == tricks:
        return "announced_made" if announced else "made"
    if announced:
        return "announced_failed"
    if attack_tricks == 0:
        return "defence"
    return None
