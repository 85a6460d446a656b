"""The progress store: profiles, answers, lessons, puzzles and review cards, in any SQLAlchemy database.

``Store.open(url)`` makes the engine, brings the schema up to date (alembic) and, for a damaged
SQLite file, keeps it as a backup and starts a fresh one (``store.notice`` says so). Every method
raises ``StoreError`` (never a raw driver error) so the app can say what happened and go on.

>>> s = Store.open("sqlite://")
>>> me = s.default_learner()
>>> _ = s.record_answer(me.id, AnswerRecord("counting", "count", 7, {"players": 4}, "5", True, 1.0))
>>> s.count_answers(me.id), me.name
(1, 'Me')
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..db import name_key, utcnow
from ..db.progress import Answer, Learner, LessonProgress, PuzzleRating, PuzzleResult, ReviewCard
from ..i18n import LANGUAGES
from ..names import refuse_hidden
from . import hashing, migrate, rating, records, review
from .db import Problem, StoreError, describe, make_engine, sqlite_path, writing
from .profile_names import name_taken, no_match, refuse_weak_pin
from .readonly import read_only_url
from .records import AnswerRecord, LearnerInfo, _aware, _guarded, _hour, _learner, _review_answer, backup_corrupt
from .throttle import Gate

DEFAULT_NAME = "Me"
REVEALED = "(solution shown)"  # the answer kept for a puzzle whose solution was shown before any answer
NAME_MAX = 40
PIN_MIN, PIN_MAX = 4, 64
# Wrong PINs are slowed down per browser session and per name, whatever the session
# (``throttle.POLICIES["pin"]``).
# A database that cannot be written cannot count wrong PINs, so no PIN is checked against it. Said
# once, without repeating the saving note's reason (read-only, or a full disk).
SIGN_IN_OFF = ("Signing in is off while the progress database cannot be written (wrong PINs could not be "
               "counted). Every page still works without signing in.")


def clean_name(name: str, *, what: str = "A name", empty: str = "Type a name first.",
               longest: int = NAME_MAX) -> str:
    """A name (a profile's, a game's), trimmed to one line; ValueError with a sentence when it cannot be one.

    >>> clean_name("  Ana  ")
    'Ana'
    """
    name = refuse_hidden(" ".join(str(name).split()))
    if not name:
        raise ValueError(empty)
    if len(name) > longest:
        raise ValueError(f"{what} has at most {longest} characters.")
    return name


def clean_pin(pin: str) -> str:
    """A PIN as typed; ValueError with a sentence when it is too short or too long.

    >>> clean_pin(" 4821 ")
    '4821'
    """
    pin = str(pin or "").strip()
    if not PIN_MIN <= len(pin) <= PIN_MAX:
        raise ValueError(f"A PIN has {PIN_MIN} to {PIN_MAX} characters.")
    return refuse_weak_pin(pin)


class Store:
    def __init__(self, engine: Engine, where: str, notice: str = ""):
        self.engine, self.where, self.notice = engine, where, notice
        self.read_only = ""  # the reason, when the database can be read but not written


    # -- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, url: str, *, rescue: bool = False) -> Store:
        """The store at ``url``. ``rescue``: the SQLite file was found damaged while in use (a value that
        does not read back, which the structure check at opening cannot see): salvage it now."""
        try:
            url = make_url(url)
        except Exception as exc:
            raise StoreError(Problem.UNREACHABLE, f"“{url}”", "not a database URL") from exc
        where = describe(url)
        try:
            if rescue and sqlite_path(url) is not None and sqlite_path(url).exists():
                raise StoreError(Problem.CORRUPT, where, "found damaged while in use")
            store = cls(cls._prepared(url), where)
        except StoreError as err:
            path = sqlite_path(url)
            if err.problem is not Problem.CORRUPT or path is None:
                raise
            try:
                backup = backup_corrupt(path)
            except OSError:  # the folder cannot be written: say the file is damaged, and touch nothing
                raise err from None
            rescued = cls._rescue(url, path, backup)
            notice = (f"Your progress file was damaged. It is kept as “{backup.name}” next to a fresh one. "
                      + rescued)
            return cls(cls._prepared(url), where, notice)
        try:
            store.check_writable()
        except StoreError as err:
            if err.problem not in (Problem.READ_ONLY, Problem.FULL):  # both can still be read
                raise
            store.read_only = err.args[0]  # its sentence, a Text
        return store

    @staticmethod
    def _rescue(url, path: Path, backup: Path) -> str:
        """Build a fresh file at the damaged one's schema version and copy into it every row that can
        still be read (``salvage``); the sentence says what was copied and what was lost."""
        from ..db import Base
        from . import salvage

        version = salvage.version_of(backup)
        engine = make_engine(url)
        try:
            try:
                migrate.upgrade(engine, version or "head")
            except migrate.MigrationError:  # a version this code does not know: rescue into the newest
                migrate.upgrade(engine, "head")
            engine.dispose()
            report = salvage.rescue(backup, path, list(Base.metadata.sorted_tables))
            return report.sentence()
        except Exception as exc:  # the rescue is a bonus: a fresh file is started whatever happens
            return f"Nothing could be copied from it ({str(exc).splitlines()[0][:120]}), so a fresh file was started."
        finally:
            engine.dispose()

    @staticmethod
    def _prepared(url) -> Engine:
        where = describe(url)
        url = read_only_url(url) or url  # a file on a read-only filesystem is read without writing
        engine = None
        try:
            engine = make_engine(url)
            if sqlite_path(url) is not None:
                with engine.connect() as conn:
                    verdict = conn.exec_driver_sql("PRAGMA quick_check").scalar()
                if verdict != "ok":
                    raise StoreError(Problem.CORRUPT, where, str(verdict))
            if migrate.current(engine) != migrate.HEAD:
                migrate.upgrade(engine)
            return engine
        except StoreError:
            if engine is not None:
                engine.dispose()
            raise
        except Exception as exc:  # any failure to open or read is the store's own error (a damaged file's
            if engine is not None:  # bytes can surface as a UnicodeDecodeError from the driver)
                engine.dispose()
            raise StoreError.from_exception(exc, where) from exc

    def close(self) -> None:
        self.engine.dispose()

    # -- learners --------------------------------------------------------------------------------

    @_guarded
    def learners(self) -> list[LearnerInfo]:
        """Every profile, the most recently active first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(Learner).order_by(Learner.last_seen_at.desc(), Learner.id)).all()
        return [_learner(r) for r in rows]

    @_guarded
    def learner(self, learner_id: int) -> LearnerInfo | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(Learner).where(Learner.id == learner_id)).first()
        return _learner(row) if row else None

    @_guarded
    def create_learner(self, name: str, pin: str | None = None, identity: str | None = None,
                       session: str | None = None) -> LearnerInfo:
        """A new profile (with a PIN or a sign-in identity on a shared server); ValueError when the name
        is empty, too long or taken in any case. The database's unique ``name_key`` settles a race.
        ``session`` (the browser session that made it) is its owner's: wrong PINs of others never slow
        it down."""
        name = clean_name(name)
        pin_hash = None if pin is None else hashing.make_hash(clean_pin(pin))
        now = utcnow()
        taken = ValueError(no_match() if pin is not None else  # with a PIN: a shared server, names kept unsaid
                           f"There is already a learner called “{name}”: pick another name.")
        try:
            with writing(self.engine) as conn:
                if name_taken(conn, name):
                    raise taken
                new_id = conn.execute(Learner.__table__.insert().values(
                    name=name, name_key=name_key(name), created_at=now, last_seen_at=now, review_enabled=False,
                    pin_hash=pin_hash, identity=identity)).inserted_primary_key[0]
                if session and pin_hash is not None:
                    self.pin_gate().trust_in(conn, session, name_key(name), now)
        except IntegrityError:  # another session made the same name (any case) a moment ago
            raise taken from None
        return LearnerInfo(new_id, name, now, now, False)

    @_guarded
    def rename_learner(self, learner_id: int, name: str) -> None:
        name = clean_name(name)
        try:
            with writing(self.engine) as conn:
                if name_taken(conn, name, except_id=learner_id):
                    raise ValueError(f"There is already a learner called “{name}”.")
                conn.execute(update(Learner).where(Learner.id == learner_id).values(name=name, name_key=name_key(name)))
        except IntegrityError:
            raise ValueError(f"There is already a learner called “{name}”.") from None

    @_guarded
    def set_pin(self, learner_id: int, pin: str) -> None:
        """Set or change a learner's PIN (kept as a salted scrypt hash)."""
        pin_hash = hashing.make_hash(clean_pin(pin))
        with writing(self.engine) as conn:
            conn.execute(update(Learner).where(Learner.id == learner_id).values(pin_hash=pin_hash))

    @_guarded
    def has_pin(self, learner_id: int) -> bool:
        with self.engine.connect() as conn:
            return bool(conn.execute(select(Learner.pin_hash).where(Learner.id == learner_id)).scalar())

    def pin_gate(self) -> Gate:
        return Gate(self.engine, "pin", where=self.where)

    @_guarded
    def sign_in(self, name: str, pin: str, session: str, now: datetime | None = None) -> LearnerInfo:
        """The learner called ``name`` (any case) whose PIN is ``pin``; ValueError otherwise, the same
        for an unknown name and a wrong PIN. Wrong tries slow down this session, and past a few at one
        name every try at it, from any session but its owner's (``throttle.POLICIES["pin"]``); a right
        PIN makes this session its owner's."""
        if self.read_only:
            raise ValueError(SIGN_IN_OFF)
        key = name_key(name)
        gate = self.pin_gate()
        wait = gate.begin(session, target=key, now=now)
        if wait > 0:
            raise ValueError(f"Too many wrong PINs: wait {math.ceil(wait)} s before trying again.")
        with self.engine.connect() as conn:
            row = conn.execute(select(Learner).where(Learner.name_key == key)).first()
        stored = row.pin_hash if row is not None and row.pin_hash else hashing.dummy()
        if not hashing.verify(str(pin or "").strip(), stored) or row is None or not row.pin_hash:
            raise ValueError(no_match())
        gate.succeeded(session, target=key, now=now)
        return _learner(row)

    @_guarded
    def learner_for_identity(self, identity: str, name: str) -> LearnerInfo:
        """The profile of a signed-in identity (an OIDC issuer and subject), made on its first visit
        with ``name`` (or ``name (2)``… when that name is already someone else's)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(Learner).where(Learner.identity == identity)).first()
        if row is not None:
            return _learner(row)
        base = " ".join(str(name or "").split())[:NAME_MAX - 5] or "Learner"
        for n in range(1, 50):
            try:
                return self.create_learner(base if n == 1 else f"{base} ({n})", identity=identity)
            except ValueError:
                with self.engine.connect() as conn:  # the same identity, made by another tab just now?
                    row = conn.execute(select(Learner).where(Learner.identity == identity)).first()
                if row is not None:
                    return _learner(row)
        raise ValueError("No free name for this sign-in: make a profile with a PIN instead.")

    @_guarded
    def touch_learner(self, learner_id: int, at: datetime | None = None) -> None:
        """Make this learner the most recently active (a switch of profile on a personal database, so
        that the next visit, or a reload, opens it: see ``default_learner``)."""
        with writing(self.engine) as conn:
            conn.execute(update(Learner).where(Learner.id == learner_id).values(last_seen_at=at or utcnow()))

    def default_learner(self) -> LearnerInfo:
        """The most recently active learner; a first profile called “Me” on a new database."""
        existing = self.learners()
        if existing:
            return existing[0]
        try:
            return self.create_learner(DEFAULT_NAME)
        except ValueError:  # another tab made it a moment ago
            return self.learners()[0]

    @_guarded
    def set_review(self, learner_id: int, enabled: bool, now: datetime | None = None) -> None:
        """Turn spaced review on or off; turning it on gives every skill already practised a card."""
        now = now or utcnow()
        with writing(self.engine) as conn:
            conn.execute(update(Learner).where(Learner.id == learner_id).values(review_enabled=enabled))
            if not enabled:
                return
            have = set(conn.execute(select(ReviewCard.skill).where(ReviewCard.learner_id == learner_id)).scalars())
            skills = conn.execute(select(Answer.skill).where(Answer.learner_id == learner_id).distinct()).scalars()
            for skill in sorted(set(skills) - have):
                card = review.new_card(skill, now)
                conn.execute(ReviewCard.__table__.insert().values(
                    learner_id=learner_id, skill=skill, card=card, due=review.due_at(card), reviews=0))

    @_guarded
    def set_language(self, learner_id: int, language: str | None) -> None:
        """Keep the language this learner chose (a code of ``tutor.i18n.LANGUAGES``; None forgets it)."""
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"Unknown language: {language!r}")
        with writing(self.engine) as conn:
            conn.execute(update(Learner).where(Learner.id == learner_id).values(language=language))

    @_guarded
    def set_table_level(self, learner_id: int, level: str | None) -> None:
        """Keep the Practice table this learner chose (one of ``records.TABLE_LEVELS``; None forgets it)."""
        if level is not None and level not in records.TABLE_LEVELS:
            raise ValueError(f"Unknown table: {level!r}")
        with writing(self.engine) as conn:
            conn.execute(update(Learner).where(Learner.id == learner_id).values(table_level=level))

    # -- writing ---------------------------------------------------------------------------------

    @_guarded
    def record_answer(self, learner_id: int, rec: AnswerRecord, at: datetime | None = None) -> int:
        """Store one answer (and move its skill's review card when review is on); returns its id."""
        at = at or utcnow()
        with writing(self.engine) as conn:
            answer_id = conn.execute(Answer.__table__.insert().values(
                learner_id=learner_id, answered_at=at, skill=rec.skill, kind=rec.kind, seed=rec.seed,
                params=dict(rec.params), answer=str(rec.answer), correct=bool(rec.correct),
                credit=float(rec.credit), seconds=rec.seconds, hints_used=bool(rec.hints_used),
                source=rec.source)).inserted_primary_key[0]
            enabled = conn.execute(update(Learner).where(Learner.id == learner_id).values(last_seen_at=at)
                                   .returning(Learner.review_enabled)).scalar()
            if enabled:
                _review_answer(conn, learner_id, rec, answer_id, at)
        return answer_id

    @_guarded
    def finish_lesson(self, learner_id: int, lesson_id: str, at: datetime | None = None) -> None:
        """Mark a lesson done (once: finishing it again keeps the first date)."""
        at = at or utcnow()
        with writing(self.engine) as conn:
            seen = conn.execute(select(LessonProgress.id).where(
                LessonProgress.learner_id == learner_id, LessonProgress.lesson_id == lesson_id)).first()
            if not seen:
                conn.execute(LessonProgress.__table__.insert().values(
                    learner_id=learner_id, lesson_id=lesson_id, finished_at=at))
            conn.execute(update(Learner).where(Learner.id == learner_id).values(last_seen_at=at))

    @_guarded
    def record_puzzle(self, learner_id: int, puzzle_id: str, *, solved: bool, credit: float, answer: str = "",
                      seconds: float | None = None, at: datetime | None = None,
                      difficulty: int | None = None) -> rating.Rating | None:
        """Keep one attempt. With ``difficulty`` (the puzzle's stars) the learner's puzzle rating is updated
        when this is their first attempt at the puzzle (``tutor.progress.rating``); returns the new rating,
        or None when the attempt is not rated."""
        at = at or utcnow()
        with writing(self.engine) as conn:
            tried = conn.execute(select(PuzzleResult.id).where(
                PuzzleResult.learner_id == learner_id, PuzzleResult.puzzle_id == puzzle_id).limit(1)).first()
            conn.execute(PuzzleResult.__table__.insert().values(
                learner_id=learner_id, puzzle_id=puzzle_id, answered_at=at, solved=bool(solved),
                credit=float(credit), answer=str(answer), seconds=seconds))
            conn.execute(update(Learner).where(Learner.id == learner_id).values(last_seen_at=at))
            if difficulty not in rating.PUZZLE_RATINGS or tried:
                return None
            row = conn.execute(select(PuzzleRating).where(PuzzleRating.learner_id == learner_id)).first()
            old = rating.Rating(row.rating, row.rd, row.volatility) if row else rating.Rating()
            new = rating.after_puzzle(old, difficulty, bool(solved))
            values = {"rating": new.rating, "rd": new.rd, "volatility": new.volatility, "updated_at": at}
            if row:
                conn.execute(update(PuzzleRating).where(PuzzleRating.learner_id == learner_id)
                             .values(rated=PuzzleRating.rated + 1, **values))
            else:
                conn.execute(PuzzleRating.__table__.insert().values(learner_id=learner_id, rated=1, **values))
            return new

    @_guarded
    def puzzle_rating(self, learner_id: int) -> tuple[rating.Rating, int]:
        """The learner's puzzle rating and how many attempts made it (an unrated learner: 1500 ± 350, 0)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(PuzzleRating).where(PuzzleRating.learner_id == learner_id)).first()
        if row is None:
            return rating.Rating(), 0
        return rating.Rating(row.rating, row.rd, row.volatility), row.rated

    # -- reading ---------------------------------------------------------------------------------

    @_guarded
    def count_answers(self, learner_id: int | None = None) -> int:
        q = select(func.count()).select_from(Answer)
        if learner_id is not None:
            q = q.where(Answer.learner_id == learner_id)
        with self.engine.connect() as conn:
            return conn.execute(q).scalar()

    @_guarded
    def recent_credits(self, learner_id: int, per_skill: int) -> list[tuple[str, float]]:
        """(skill, credit) of the last ``per_skill`` answers of each skill, newest first per skill.

        One short index walk per skill (index learner, skill, time) instead of reading every answer."""
        out = []
        with self.engine.connect() as conn:
            skills = conn.execute(select(Answer.skill).where(Answer.learner_id == learner_id).distinct()).scalars()
            for skill in sorted(skills):
                q = select(Answer.credit).where(Answer.learner_id == learner_id, Answer.skill == skill).order_by(
                    Answer.answered_at.desc(), Answer.id.desc()).limit(per_skill)
                out.extend((skill, c) for c in conn.execute(q).scalars())
        return out

    @_guarded
    def answer_hours(self, learner_id: int) -> list[tuple[datetime, int, float]]:
        """(UTC hour, answers, credit) per hour with answers, oldest first: the chart and the streak.

        Counting by hour in the database keeps 10,000 answers to a few hundred rows, and an hour
        still falls on the right local day for every time zone a whole number of hours from UTC."""
        hour = _hour(self.engine.dialect.name, Answer.answered_at)
        q = select(hour, func.count(), func.sum(Answer.credit)).where(Answer.learner_id == learner_id).group_by(
            hour).order_by(hour)
        with self.engine.connect() as conn:
            return [(datetime.fromisoformat(f"{h}:00").replace(tzinfo=UTC), n, float(c))
                    for h, n, c in conn.execute(q)]

    @_guarded
    def answers(self, learner_id: int, *, wrong_only: bool = False, skill: str | None = None) -> list:
        """Answer rows (all columns), oldest first."""
        q = select(Answer).where(Answer.learner_id == learner_id).order_by(Answer.answered_at, Answer.id)
        if wrong_only:
            q = q.where(Answer.correct.is_(False))
        if skill:
            q = q.where(Answer.skill == skill)
        with self.engine.connect() as conn:
            return list(conn.execute(q))

    @_guarded
    def fixed_mistakes(self, learner_id: int) -> set[int]:
        """Ids of wrong answers whose very question (kind, seed, params) was answered right later.

        One pass over the learner's answers, oldest first (a join on kind and seed has no index to use)."""
        q = select(Answer.id, Answer.kind, Answer.seed, Answer.params, Answer.correct).where(
            Answer.learner_id == learner_id).order_by(Answer.answered_at, Answer.id)
        open_mistakes: dict[tuple, list[int]] = {}
        fixed: set[int] = set()
        with self.engine.connect() as conn:
            for answer_id, kind, seed, params, correct in conn.execute(q):
                question = (kind, seed, json.dumps(params, sort_keys=True))
                if correct:
                    fixed.update(open_mistakes.pop(question, ()))
                else:
                    open_mistakes.setdefault(question, []).append(answer_id)
        return fixed

    @_guarded
    def lessons_done(self, learner_id: int) -> dict[str, datetime]:
        q = select(LessonProgress.lesson_id, LessonProgress.finished_at).where(LessonProgress.learner_id == learner_id)
        with self.engine.connect() as conn:
            return dict(conn.execute(q).all())

    @_guarded
    def puzzles_solved(self, learner_id: int) -> dict[str, datetime]:
        """Puzzle id -> when it was first solved."""
        q = select(PuzzleResult.puzzle_id, func.min(PuzzleResult.answered_at)).where(
            PuzzleResult.learner_id == learner_id, PuzzleResult.solved.is_(True)).group_by(PuzzleResult.puzzle_id)
        with self.engine.connect() as conn:
            return {pid: _aware(t) for pid, t in conn.execute(q)}

    @_guarded
    def activity_times(self, learner_id: int) -> list[datetime]:
        """When lessons were finished and puzzles tried (answers come from ``answer_hours``)."""
        with self.engine.connect() as conn:
            lessons = conn.execute(select(LessonProgress.finished_at).where(
                LessonProgress.learner_id == learner_id)).scalars().all()
            puzzles = conn.execute(select(PuzzleResult.answered_at).where(
                PuzzleResult.learner_id == learner_id)).scalars().all()
        return [*lessons, *puzzles]

    @_guarded
    def review_cards(self, learner_id: int) -> list[review.SkillReview]:
        q = select(ReviewCard).where(ReviewCard.learner_id == learner_id).order_by(ReviewCard.due, ReviewCard.skill)
        with self.engine.connect() as conn:
            return [review.SkillReview(r.skill, r.card, r.last_rating, r.reviews) for r in conn.execute(q)]

    def check_writable(self) -> None:
        """Raise StoreError when the database takes reads but not writes (a read-only file or role).

        The probe writes inside a transaction that is rolled back, so it leaves nothing behind."""
        probe = ("CREATE TABLE _write_probe (x INTEGER)" if self.engine.dialect.name == "sqlite"
                 else "UPDATE learners SET name = name WHERE 1 = 0")
        try:
            with self.engine.connect() as conn:
                conn.execution_options(immediate=True)
                trans = conn.begin()
                try:
                    conn.exec_driver_sql(probe)
                finally:
                    trans.rollback()
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc
