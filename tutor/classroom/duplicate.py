"""Duplicate in class: a session of deals that every learner plays, stored beside the class quizzes.

A session is a class quiz row (``kinds == ["duplicate"]``) whose snapshot lists its deals
(``tutor.practice.class_deals``): the same join code, PIN, rejoining, closing and deadline as a quiz,
through ``ClassStore``. Each learner's play of each deal is one ``class_deals`` row: the log (one line of
action codes) saved after each of their moves, then their own score and whether their seat took.

A learner acts only through their token and plays the deals in order. A move is saved only when the
whole log replays at the Practice table with the bots answering as they do (``class_deals.replayed``) and
extends the log already saved: nothing can be taken back or made up. The class's scores on a deal
(``class_scores``) are handed to a learner only once they have finished that deal; nothing here ever
hands one learner another's cards or choices. ``plays`` is for the teacher's pages.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from ..db import utcnow
from ..db.classroom import ClassDeal as DealRow
from ..db.classroom import ClassPlayer
from ..engine import IllegalAction, TarotError
from ..i18n import _
from ..limits import CLASS_DUPLICATE_DEALS, MAX_LOG_CHARS
from ..practice.class_deals import ClassDeal, learner_score, log_text, parse_log, pick_deals, replayed
from ..practice.table import Table
from ..progress.db import writing
from .store import DUPLICATE, ClassError, ClassStore, Player, QuizInfo, Reason

MIN_DEALS, MAX_DEALS = CLASS_DUPLICATE_DEALS


@dataclass(frozen=True)
class Play:
    """One learner's play of one deal: the log so far and, once done, their score and role."""

    player_id: int
    number: int
    log: str
    done: bool
    score: int | None
    took: bool | None
    updated_at: datetime


def _play(row) -> Play:
    return Play(row.player_id, row.number, row.log, bool(row.done), row.score, row.took, row.updated_at)


def deals_of(quiz: QuizInfo) -> tuple[ClassDeal, ...]:
    return tuple(ClassDeal.from_dict(d) for d in quiz.deals)


def create(cs: ClassStore, *, title: str, players: int, count: int, seed: int | None = None,
           deadline: datetime | None = None, now: datetime | None = None) -> QuizInfo:
    """A new duplicate session: ``count`` deals for ``players`` in which the learner's seat is prenable
    (a few seconds of sampling: ``pick_deals``), under a fresh join code."""
    now = now or utcnow()
    title = " ".join(str(title or "").split())[:80]
    problems = [
        (not title, _("Give the session a title.")),
        (players not in (3, 4, 5), _("The number of players is 3, 4 or 5.")),
        (not MIN_DEALS <= int(count) <= MAX_DEALS,
         _("A duplicate session has {least} to {most} deals.").format(least=MIN_DEALS, most=MAX_DEALS)),
        (deadline is not None and (deadline.tzinfo is None or deadline <= now),
         _("The deadline must be in the future.")),
    ]
    for bad, detail in problems:
        if bad:
            raise ClassError(Reason.BAD_INPUT, detail=detail)
    seed = secrets.randbelow(10**6) if seed is None else int(seed)
    try:
        deals = pick_deals(int(players), int(count), seed)
    except TarotError as err:
        raise ClassError(Reason.BAD_INPUT, detail=str(err)) from err
    return cs.insert_quiz(title=title, kinds=[DUPLICATE], players=int(players), difficulty=1, seed=seed,
                          questions=[d.to_dict() for d in deals], created_at=now, deadline=deadline, paced=False)


def _rows(cs: ClassStore, player_id: int) -> dict[int, Play]:
    def run():
        with cs.engine.connect() as conn:
            return {r.number: _play(r) for r in conn.execute(select(DealRow).where(DealRow.player_id == player_id))}
    return cs._db(run)


def mine(cs: ClassStore, token: str, now: datetime | None = None) -> tuple[QuizInfo, Player, dict[int, Play]]:
    """The session, the learner and their own plays (number -> Play), from their token."""
    quiz, player = cs.me(token, now=now)
    if not quiz.duplicate:
        raise ClassError(Reason.BAD_INPUT, detail=_("This class quiz has questions, not deals."))
    return quiz, player, _rows(cs, player.id)


def table_of(quiz: QuizInfo, number: int, play: Play | None) -> Table:
    """The learner's table for deal ``number``, as their saved log left it."""
    deal = deals_of(quiz)[number]
    return replayed(quiz.players, deal.seed, play.log if play is not None else "")


def save(cs: ClassStore, token: str, number: int, log, now: datetime | None = None) -> Play:
    """Save the learner's play of deal ``number`` (``log``: actions or their text): checked, then kept
    (see the module's text). Returns the play as saved; ClassError with the reason when refused."""
    now = now or utcnow()
    quiz, player, plays = mine(cs, token, now=now)
    cs._require_open(quiz, now)
    number = int(number)
    if not 0 <= number < len(quiz.deals):
        raise ClassError(Reason.BAD_INPUT, detail=_("This session has no deal {n}.").format(n=number + 1))
    first = next((i for i in range(len(quiz.deals)) if not (i in plays and plays[i].done)), None)
    if first != number:
        raise ClassError(Reason.BAD_INPUT, detail=_("Deal {n} is not the one to play now.").format(n=number + 1)
                         if first is not None else _("Every deal of this session is already played."))
    text = log if isinstance(log, str) else log_text(log)
    if len(text) > MAX_LOG_CHARS:
        raise ClassError(Reason.BAD_INPUT, detail=_("That is not a deal of this session."))
    before = plays[number].log if number in plays else ""
    if not (text == before or text.startswith(before + " ") or not before):
        raise ClassError(Reason.BAD_INPUT, detail=_("A move already made cannot be changed."))
    try:
        table = replayed(quiz.players, deals_of(quiz)[number].seed, parse_log(text))
    except (IllegalAction, TarotError) as err:
        raise ClassError(Reason.BAD_INPUT,
                         detail=_("That is not a move of this deal: {problem}").format(problem=err)) from err
    text = log_text(table.deal.log)  # the bots' answers included
    score, took = learner_score(table.deal) if table.finished else (None, None)
    done = table.finished
    all_done = done and all(i == number or (i in plays and plays[i].done) for i in range(len(quiz.deals)))

    def run():
        try:
            with writing(cs.engine) as conn:
                row = conn.execute(select(DealRow).where(DealRow.player_id == player.id,
                                                         DealRow.number == number)).one_or_none()
                values = {"log": text, "done": done, "score": score, "took": took, "updated_at": now}
                if row is None:
                    conn.execute(insert(DealRow).values(player_id=player.id, number=number, **values))
                elif row.done or not (text == row.log or text.startswith(row.log + " ") or not row.log):
                    raise ClassError(Reason.BAD_INPUT, detail=_("This deal moved on in another tab: reload the page."))
                else:
                    conn.execute(update(DealRow).where(DealRow.id == row.id).values(**values))
                if all_done:
                    conn.execute(update(ClassPlayer).where(ClassPlayer.id == player.id).values(finished_at=now))
        except IntegrityError as exc:  # two tabs saving the first move at once
            raise ClassError(Reason.BAD_INPUT, detail=_("This deal moved on in another tab: reload the page.")) from exc
    cs._patient(run)
    return Play(player.id, number, text, done, score, took, now)


def class_scores(cs: ClassStore, token: str, number: int) -> tuple[int, ...]:
    """The scores of everyone who has finished deal ``number`` so far (this learner's among them), in no
    particular order and without names; refused until this learner has finished it."""
    quiz, player, plays = mine(cs, token)
    if number not in plays or not plays[number].done:
        raise ClassError(Reason.BAD_INPUT, detail=_("Finish deal {n} first.").format(n=number + 1))

    def run():
        with cs.engine.connect() as conn:
            return tuple(s for (s,) in conn.execute(
                select(DealRow.score).join(ClassPlayer, DealRow.player_id == ClassPlayer.id)
                .where(ClassPlayer.quiz_id == quiz.id, DealRow.number == number, DealRow.done.is_(True))
                .order_by(DealRow.score)))
    return cs._db(run)


def plays(cs: ClassStore, quiz_id: int) -> tuple[list[tuple[int, str]], dict[tuple[int, int], Play]]:
    """Every learner (id, name) in join order and every play ((learner id, deal) -> Play): teacher only."""
    def run():
        with cs.engine.connect() as conn:
            people = [(r.id, r.name) for r in conn.execute(
                select(ClassPlayer.id, ClassPlayer.name).where(ClassPlayer.quiz_id == quiz_id)
                .order_by(ClassPlayer.id))]
            rows = {(r.player_id, r.number): _play(r) for r in conn.execute(
                select(DealRow).join(ClassPlayer, DealRow.player_id == ClassPlayer.id)
                .where(ClassPlayer.quiz_id == quiz_id))}
        return people, rows
    return cs._db(run)
