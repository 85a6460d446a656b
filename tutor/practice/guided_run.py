"""Playing a guided hand: the script moves every other seat, the learner plays their own cards.

At a decision (a moment with ``expect``) another legal card is explained with the moment's
``wrong`` text and may be retried; an illegal card gets the engine's reason. Elsewhere the
script's card is shown ringed, so the learner follows the deal to the next point that matters.

>>> from pathlib import Path
>>> from tutor.practice.guided import read_guided_file
>>> hand, _ = read_guided_file(Path(__file__).parents[2] / "puzzles" / "guided" / "petit-au-bout.yaml")
>>> run = GuidedRun.start(hand)
>>> run.play_to_decision(); run.trick_number, str(run.expected())
(17, 'EX')
>>> run.try_card(run.deal.hand(0)[0]).kind, run.try_card(run.expected()).ok
('wrong', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Card, Deal, Phase, PlayCard
from .guided import GuidedHand, Moment


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str
    kind: str  # "right", "illegal", "wrong" (a decision missed), "script" (legal, not this hand's card)


@dataclass
class GuidedRun:
    hand: GuidedHand
    deal: Deal
    step: int = 0  # index in hand.log of the next action
    mistakes: int = 0  # wrong (legal) cards tried at decisions

    @classmethod
    def start(cls, hand: GuidedHand) -> GuidedRun:
        run = cls(hand, hand.new_deal())
        run.advance()
        return run

    @property
    def seat(self) -> int:
        return self.hand.seat

    @property
    def finished(self) -> bool:
        return self.deal.phase is Phase.DONE

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (the last one once the deal is over)."""
        return min(len(self.deal.tricks) + 1, self.deal.rules.tricks)

    def expected(self) -> Card | None:
        """The card the script plays for the learner now, or None when it is not their turn."""
        if self.step >= len(self.hand.log):
            return None
        a = self.hand.log[self.step]
        return a.card if isinstance(a, PlayCard) and a.seat == self.seat else None

    def decision(self) -> Moment | None:
        """The decision moment the learner faces now, if any."""
        want = self.expected()
        return next((m for m in self.hand.decisions() if m.trick == self.trick_number and m.expect is want), None) \
            if want is not None else None

    def advance(self) -> None:
        """Apply the script until the learner's next card (or the end)."""
        while self.step < len(self.hand.log) and self.expected() is None:
            self.deal.apply(self.hand.log[self.step])
            self.step += 1

    def _play_expected(self) -> None:
        self.deal.apply(self.hand.log[self.step])
        self.step += 1
        self.advance()

    def try_card(self, card: Card) -> Verdict:
        want = self.expected()
        if want is None:
            return Verdict(False, "It is not your turn.", "illegal")
        decision = self.decision()
        if card is want:
            self._play_expected()
            return Verdict(True, "Right." if decision else "", "right")
        verdict = self.deal.explain(self.seat, card)
        if not verdict.legal:
            return Verdict(False, verdict.reason, "illegal")
        if decision is not None:
            self.mistakes += 1
            return Verdict(False, decision.wrong, "wrong")
        return Verdict(False, f"That card is legal, but this guided hand plays the {want.name} here (ringed); "
                              "the next decision is yours.", "script")

    def play_to_decision(self) -> None:
        """Play the learner's scripted cards until a decision or the end of the deal."""
        while not self.finished and self.expected() is not None and self.decision() is None:
            self._play_expected()

    def revealed(self) -> list[Moment]:
        """The moments whose time has come, in the file's order."""
        if self.finished:
            return list(self.hand.moments)
        now = self.trick_number
        played = set(self.deal.trick)
        out = []
        for m in self.hand.moments:
            due = m.trick == now and (m.card is None or m.card in played) and \
                (m.expect is None or self.decision() is m or m.expect in played)
            if m.trick < now or due:
                out.append(m)
        return out
