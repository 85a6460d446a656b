"""The poignée hint in Practice: show it or keep it hidden, by what each choice scores on average.

A poignée's bonus goes to the side that wins the deal, whoever showed it, and showing tells the table
where the trumps are (lesson "Announcements"). So the answer depends on who is likely to win, which the
hand alone does not say. The hint asks **the advisor** (``advisor.advise_actions``) on the learner's view:
the cards the learner cannot see are dealt consistently with everything shown so far, and each sampled deal
is played out both ways (the same deals, paired) by the advisor's rollout policy. The learner's average
score either way decides, both numbers are shown, and a gap inside the paired 95% interval is a close call.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Card, Deal, PlayCard, ShowPoignee, poignee_options, poignee_to_show
from ..advisor.advise import HINT_BUDGET_MS, advise_actions
from ..bots.policy import Move, choose_play
from ..review.deal import rewind
from .advice import signed_score

SAMPLES = None  # kept for callers of the older estimate: the advisor's budget sets the samples
BUDGET_MS = HINT_BUDGET_MS  # the same budget as a card's Hint


@dataclass(frozen=True)
class PoigneeAdvice:
    """The learner's average score with the poignée shown and hidden, over the same sampled deals."""

    show: float
    hide: float
    samples: int
    noise: float  # the 95% half-width of show - hide (paired samples)
    move: Move
    close: bool = False  # a close call: the advisor ties them (the gap is within its noise), either is as good

    @property
    def shows(self) -> bool:
        return self.show > self.hide


def advise_poignee(deal: Deal, seat: int, shown: tuple[Card, ...], *, samples: int | None = SAMPLES,
                   seed: int = 0) -> PoigneeAdvice | None:
    """Show ``shown`` now, or play on without it? Asked of the advisor on the seat's view only (``deal`` gives
    that view); None when no sampled deal fits what the seat has seen."""
    view = deal.view(seat)
    card, why, _ = choose_play(view)  # the card either way: hidden, it is played at once
    try:
        advice = advise_actions(view, {"show": ShowPoignee(seat, shown), "hide": PlayCard(seat, card)},
                                budget_ms=BUDGET_MS, seed=seed, prefer="show")
    except ValueError:
        return None
    show, hide = advice.option("show"), advice.option("hide")
    n = advice.samples
    worse = hide if advice.best == "show" else show
    noise = worse.gap_ci
    averages = (f"on what you can see: {n} deals of the cards you cannot see, played on both ways: "
                f"{signed_score(show.own_score)} a deal for you with it shown, {signed_score(hide.own_score)} "
                "with it hidden")
    close = len(advice.ties) > 1
    if close:
        averages += " (a close call: the gap is within the estimate's noise, so either choice is as good)"
    if show.own_score > hide.own_score:
        move = Move(ShowPoignee(seat, shown), f"Show your poignée ({len(shown)} trumps): {averages}. Its bonus "
                    "goes to the side that wins, and here that is more often yours.", "poignee-when")
    else:
        move = Move(PlayCard(seat, card), f"Keep your poignée hidden and play the {card.name}: {averages}. Its "
                    "bonus would more often go to the other side, or showing would help them more than you. "
                    f"The card: {why[0].lower()}{why[1:]}", "poignee-when")
    return PoigneeAdvice(show.own_score, hide.own_score, n, noise, move, close)


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
