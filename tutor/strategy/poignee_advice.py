"""The poignée hint in Practice: show it or keep it hidden, by what each choice scores on average.

A poignée's bonus goes to the side that wins the deal, whoever showed it, and showing tells the table
where the trumps are (lesson "Announcements"). So the answer depends on who is likely to win, which the
hand alone does not say. The hint estimates it: ``SAMPLES`` deals of the cards the learner cannot see,
consistent with everything shown so far (the review's sampler), each played out twice by the bots from
this moment, once with the poignée shown and once without; the solver finishes the last tricks. The
learner's average score either way decides, and both numbers are shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Card, Deal, PlayCard, ShowPoignee, poignee_options, poignee_to_show
from .bid_advice import signed_score
from .bots import Move, choose_play
from .estimate import Z95
from .review import learner_factor, paired_noise, playouts, rewind

SAMPLES = 40  # two playouts a sample: about half a second of CPU


@dataclass(frozen=True)
class PoigneeAdvice:
    """The learner's average score with the poignée shown and hidden, over the same sampled deals."""

    show: float
    hide: float
    samples: int
    noise: float  # the 95% half-width of show - hide (paired samples)
    move: Move

    @property
    def shows(self) -> bool:
        return self.show > self.hide

    @property
    def close(self) -> bool:
        """A close call: the gap is within the estimate's noise, so either choice is as good."""
        return abs(self.show - self.hide) <= self.noise


def advise_poignee(deal: Deal, seat: int, shown: tuple[Card, ...], *, samples: int = SAMPLES,
                   seed: int = 0) -> PoigneeAdvice | None:
    """Show ``shown`` now, or play on without it? None when no sampled deal fits what the seat has seen."""
    rng = random.Random(f"poignee:{seed}:{len(deal.log)}")
    factor = learner_factor(deal, seat)
    card, why, _ = choose_play(deal.view(seat))  # the card either way: hidden, it is played at once
    tail = 2 * deal.players  # the solver finishes the last tricks
    runs = playouts(deal, list(deal.log), seat, {"show": ShowPoignee(seat, shown), "hide": PlayCard(seat, card)},
                    samples, rng, tail)  # hidden, the card is played at once (a bot there would show it)
    show, hide = [x * factor for x in runs["show"]], [x * factor for x in runs["hide"]]
    if not show:
        return None
    n = len(show)
    mean_show, mean_hide = sum(show) / n, sum(hide) / n
    averages = (f"estimated over {n} deals of the cards you cannot see, played on by the bots: "
                f"{signed_score(mean_show)} a deal for you with it shown, {signed_score(mean_hide)} with it hidden")
    noise = Z95 * paired_noise(show, hide, 1.0)
    if abs(mean_show - mean_hide) <= noise:
        averages += " (a close call: the gap is within the estimate's noise, so either choice is as good)"
    if mean_show > mean_hide:
        move = Move(ShowPoignee(seat, shown), f"Show your poignée ({len(shown)} trumps): {averages}. Its bonus "
                    "goes to the side that wins, and here that is more often yours.", "poignee-when")
    else:
        move = Move(PlayCard(seat, card), f"Keep your poignée hidden and play the {card.name}: {averages}. Its "
                    "bonus would more often go to the other side, or showing would help them more than you. "
                    f"The card: {why[0].lower()}{why[1:]}", "poignee-when")
    return PoigneeAdvice(mean_show, mean_hide, n, noise, move)


@dataclass(frozen=True)
class PoigneeReview:
    """The learner's poignée decision in a played deal (shown or kept hidden), judged as the hint would have."""

    step: int  # the learner's first action in the play: the poignée shown, or the first card
    showed: bool
    advice: PoigneeAdvice

    @property
    def gain(self) -> float:
        """What the other choice would have added to the learner's score on average (0 or less: it was right)."""
        a = self.advice
        return a.hide - a.show if self.showed else a.show - a.hide

    @property
    def costly(self) -> bool:
        """Worth listing: the other choice scores more, beyond the estimate's noise."""
        return self.gain > 0 and not self.advice.close


def review_poignee(deal: Deal, learner: int) -> PoigneeReview | None:
    """The learner's choice to show a poignée or keep it hidden, judged from where they stood (seeded by the
    deal); None when they had no poignée to show, or no sampled deal fits."""
    step = next((i for i, a in enumerate(deal.log)
                 if a.seat == learner and isinstance(a, (ShowPoignee, PlayCard))), None)
    if step is None:
        return None
    before = rewind(deal, step)
    hand = before.view(learner).hand
    levels = poignee_options(list(hand), players=deal.players)
    if not levels:
        return None
    action = deal.log[step]
    showed = isinstance(action, ShowPoignee)
    shown = action.cards if showed else tuple(poignee_to_show(list(hand), levels[-1], players=deal.players))
    advice = advise_poignee(before, learner, shown, seed=deal.seed or 0)
    return None if advice is None else PoigneeReview(step, showed, advice)
