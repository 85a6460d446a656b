"""Spaced review with FSRS (the ``fsrs`` package): one card per skill, rated from the answers.

Review is opt-in per learner. Once on, every skill the learner answers has a card. An answer
moves the card when the skill is due, or when it is wrong (a lapse counts at any time); a right
answer before the due date is practice and leaves the schedule alone, so a run of drill answers
does not push a skill years away in one evening.

The rating comes from the answer (a table, not an if-chain):

>>> rating_for(correct=True, credit=1.0, hints_used=False).name
'Good'
>>> rating_for(correct=False, credit=0.6, hints_used=False).name
'Hard'
>>> rating_for(correct=False, credit=0.0, hints_used=False).name
'Again'
>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
>>> card = schedule(None, "legal-play", rating_for(True, 1.0, False), t)
>>> due_at(card) > t
True
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import UTC, datetime

import fsrs

# Fuzz only spreads thousands of flashcards over days; with one card per skill it would only make
# due dates harder to explain.
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)

RATING_LABELS = {fsrs.Rating.Again: "wrong", fsrs.Rating.Hard: "right with help or half right",
                 fsrs.Rating.Good: "right", fsrs.Rating.Easy: "easy"}

# (correct, hints used, at least half credit) -> rating
RATINGS = {
    (True, False, True): fsrs.Rating.Good,
    (True, True, True): fsrs.Rating.Hard,
    (False, False, True): fsrs.Rating.Hard,
    (False, True, True): fsrs.Rating.Hard,
    (False, False, False): fsrs.Rating.Again,
    (False, True, False): fsrs.Rating.Again,
}


def rating_for(correct: bool, credit: float, hints_used: bool) -> fsrs.Rating:
    return RATINGS[(bool(correct), bool(hints_used), bool(correct) or credit >= 0.5)]


def counts(card: dict | None, correct: bool, now: datetime) -> bool:
    """Whether an answer given at ``now`` moves this card (see the module docstring)."""
    return card is None or not correct or due_at(card) <= now


def schedule(card: dict | None, skill: str, rating: fsrs.Rating, now: datetime) -> dict:
    """The card after one review at ``now`` (a new card for a skill never reviewed)."""
    now = now.astimezone(UTC)
    current = fsrs.Card.from_dict(card) if card else fsrs.Card(card_id=zlib.crc32(skill.encode()), due=now)
    updated, _log = SCHEDULER.review_card(current, rating, review_datetime=now)
    return updated.to_dict()


def new_card(skill: str, now: datetime) -> dict:
    """A card never reviewed: due at once, so review starts by checking where the learner stands."""
    return fsrs.Card(card_id=zlib.crc32(skill.encode()), due=now.astimezone(UTC)).to_dict()


def due_at(card: dict) -> datetime:
    return datetime.fromisoformat(card["due"]).astimezone(UTC)


@dataclass(frozen=True)
class SkillReview:
    """What the Review page shows for one skill."""

    skill: str
    card: dict
    last_rating: int | None
    reviews: int

    @property
    def due(self) -> datetime:
        return due_at(self.card)

    def is_due(self, now: datetime) -> bool:
        return self.due <= now

    def recall(self, now: datetime) -> float:
        """FSRS's predicted chance of getting this skill right at ``now`` (0 before any review)."""
        return SCHEDULER.get_card_retrievability(fsrs.Card.from_dict(self.card), now)

    def why(self, now: datetime) -> str:
        """A sentence saying why the skill is (or is not yet) due."""
        c = fsrs.Card.from_dict(self.card)
        when = self.due.strftime("%d %b %Y %H:%M UTC")
        if c.last_review is None:
            return "Not reviewed yet: it is due now so that review can see where you stand."
        last = f"last reviewed {c.last_review:%d %b} ({RATING_LABELS[fsrs.Rating(self.last_rating or 3)]})"
        if c.state in (fsrs.State.Learning, fsrs.State.Relearning):
            verb = "due" if self.is_due(now) else f"due again at {when}"
            return f"Still being learnt, {last}: it comes back after a short step, so it is {verb}."
        recall = self.recall(now)
        memory = f"You should remember it for about {c.stability:.0f} days"
        if self.is_due(now):
            return f"{memory}; {last}, your predicted recall is now {recall:.0%}, under the 90% review aims for."
        return f"{memory}; {last}, predicted recall {recall:.0%} now. Next review {when}."
