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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import fsrs

from ..engine.words import N_, Text

# Fuzz only spreads thousands of flashcards over days; with one card per skill it would only make
# due dates harder to explain.
SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)

# Message ids: the page says them in the learner's language (``_(RATING_LABELS[rating])``).
RATING_LABELS = {fsrs.Rating.Again: N_("wrong"), fsrs.Rating.Hard: N_("right with help or half right"),
                 fsrs.Rating.Good: N_("right"), fsrs.Rating.Easy: N_("easy")}

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

    def why(self, now: datetime, when: Callable[[datetime], str] | None = None,
            day: Callable[[datetime], str] | None = None) -> Text:
        """A sentence saying why the skill is (or is not yet) due, as a ``Text`` the page says in the learner's
        language; ``when`` and ``day`` write a moment and a day in that language (English by default).

        >>> t = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
        >>> SkillReview("legal-play", new_card("legal-play", t), None, 0).why(t)
        'Not reviewed yet: it is due now so that review can see where you stand.'
        """
        when = when or (lambda d: d.strftime("%d %b %Y %H:%M UTC"))
        day = day or (lambda d: f"{d:%d %b}")
        c = fsrs.Card.from_dict(self.card)
        if c.last_review is None:
            return Text(N_("Not reviewed yet: it is due now so that review can see where you stand."))
        last = Text(N_("last reviewed {day} ({rating})"), day=day(c.last_review),
                    rating=Text(RATING_LABELS[fsrs.Rating(self.last_rating or 3)]))
        if c.state in (fsrs.State.Learning, fsrs.State.Relearning):
            if self.is_due(now):
                return Text(N_("Still being learnt, {last}: it comes back after a short step, so it is due."),
                            last=last)
            return Text(N_("Still being learnt, {last}: it comes back after a short step, so it is due again at "
                           "{when}."), last=last, when=when(self.due))
        recall = f"{self.recall(now) * 100:.0f}"
        days = f"{c.stability:.0f}"
        memory = Text(N_("You should remember it for about {n} day"), _plural=N_(
            "You should remember it for about {n} days"), _count=int(days), n=days)
        if self.is_due(now):
            return Text(N_("{memory}; {last}, your predicted recall is now {recall}%, under the 90% review aims for."),
                        memory=memory, last=last, recall=recall)
        return Text(N_("{memory}; {last}, predicted recall {recall}% now. Next review {when}."),
                    memory=memory, last=last, recall=recall, when=when(self.due))
