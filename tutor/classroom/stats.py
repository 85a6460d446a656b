"""The teacher's dashboard: each learner's score and time, each question's success rate and most
common wrong answers (where to re-teach), the class's results per skill, and a CSV export.

Pure functions of the quiz snapshot and the saved answers (``learners``, ``questions``, ``skills``), or
of the totals the database counted (``*_from(tallies)``, what the dashboard uses: no answer is read
one by one, so a rerun with 5,000 learners stays fast; see ``bench/classroom.py``).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC
from decimal import ROUND_HALF_UP, Decimal

from .. import i18n
from ..csvsafe import guard
from ..i18n import _
from ..quiz import AnswerType, Question, check_answer
from ..quiz.own import KIND as OWN_KIND
from ..quiz.registry import KIND_LABELS
from ..skills import SKILLS
from .store import Mark, Player, QuizInfo, Tallies


@dataclass(frozen=True)
class LearnerRow:
    name: str
    answered: int
    right: int
    score: float  # sum of credits (partial credit counts)
    seconds: float | None  # from joining to the last answer
    player_id: int = 0


@dataclass(frozen=True)
class QuestionRow:
    number: int  # 1-based, as shown
    kind: str
    skill: str
    answered: int
    percent_right: float | None
    wrong: tuple[tuple[str, int], ...]  # the most common wrong answers with their counts


@dataclass(frozen=True)
class SkillRow:
    skill: str
    answered: int
    percent_right: float | None


def _pct(right: int, total: int) -> float | None:
    return None if total == 0 else round(100 * right / total, 1)


def learners(players: list[Player], marks: list[Mark]) -> list[LearnerRow]:
    rows = []
    by_player: dict[int, list[Mark]] = {}
    for m in marks:
        by_player.setdefault(m.player_id, []).append(m)
    for p in players:
        mine = by_player.get(p.id, [])
        last = max((m.answered_at for m in mine), default=None)
        rows.append(LearnerRow(p.name, len(mine), sum(m.correct for m in mine), round(sum(m.credit for m in mine), 2),
                               None if last is None else round((last - p.joined_at).total_seconds(), 1), p.id))
    return rows


def questions(quiz: QuizInfo, marks: list[Mark], top: int = 3) -> list[QuestionRow]:
    rows = []
    for i, q in enumerate(quiz.questions):
        mine = [m for m in marks if m.number == i]
        wrong = Counter(m.answer for m in mine if not m.correct)
        rows.append(QuestionRow(i + 1, q.kind, q.skill, len(mine), _pct(sum(m.correct for m in mine), len(mine)),
                                tuple(sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))[:top])))
    return rows


def skills(quiz: QuizInfo, marks: list[Mark]) -> list[SkillRow]:
    tally: dict[str, list[int]] = {}
    for q in quiz.questions:
        tally.setdefault(q.skill, [0, 0])
    for m in marks:
        t = tally[quiz.questions[m.number].skill]
        t[0] += m.correct
        t[1] += 1
    return [SkillRow(skill_title(s), total, _pct(right, total)) for s, (right, total) in tally.items()]


def learners_from(t: Tallies) -> list[LearnerRow]:
    return [LearnerRow(name, n, right, round(score, 2),
                       None if last is None else round((last - joined).total_seconds(), 1), pid)
            for name, n, right, score, joined, last, pid in t.learners]


def questions_from(quiz: QuizInfo, t: Tallies, top: int = 3) -> list[QuestionRow]:
    wrong: dict[int, list[tuple[str, int]]] = {}
    for number, answer, n in t.wrong:
        wrong.setdefault(number, []).append((answer, n))
    rows = []
    for i, q in enumerate(quiz.questions):
        n, right = t.questions.get(i, (0, 0))
        rows.append(QuestionRow(i + 1, q.kind, q.skill, n, _pct(right, n),
                                tuple(sorted(wrong.get(i, ()), key=lambda kv: (-kv[1], kv[0]))[:top])))
    return rows


def skills_from(quiz: QuizInfo, t: Tallies) -> list[SkillRow]:
    tally: dict[str, list[int]] = {}
    for i, q in enumerate(quiz.questions):
        n, right = t.questions.get(i, (0, 0))
        here = tally.setdefault(q.skill, [0, 0])
        here[0] += right
        here[1] += n
    return [SkillRow(skill_title(s), total, _pct(right, total)) for s, (right, total) in tally.items()]


def duration(seconds: float | None, none: str = "—") -> str:
    """A time as the dashboard shows it, in minutes and seconds (813.1 s is 13 min 33 s), a dash for nothing.

    >>> duration(813.1), duration(33.3), duration(59.6), duration(3725), duration(None), duration(0)
    ('13 min 33 s', '33 s', '1 min 0 s', '1 h 2 min', '—', '0 s')
    """
    if seconds is None:
        return none
    whole = int(Decimal(repr(float(seconds))).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
    if whole < 60:
        return _("{s} s").format(s=whole)
    if whole < 3600:
        return _("{m} min {s} s").format(m=whole // 60, s=whole % 60)
    return _("{h} h {m} min").format(h=whole // 3600, m=whole % 3600 // 60)


def one_place(x: float | None, none: str = "—") -> str:
    """A number as the dashboard shows it: one decimal at most, never a raw float, a dash for nothing.

    >>> one_place(10 / 3), one_place(3.0), one_place(2.25), one_place(None), one_place(-0.04)
    ('3.3', '3', '2.3', '—', '0')
    """
    if x is None:
        return none
    # half up on the decimal digits (2.25 -> 2.3, as a teacher writes it), not the float's binary value
    r = float(Decimal(repr(float(x))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    if r == 0:
        return "0"
    return i18n.number(r)  # one decimal at most already: 3.3 in English, 3,3 in French


@dataclass(frozen=True)
class Pick:
    """How many learners gave one card, option or answer to a question, and whether it is (in) the answer."""

    label: str
    count: int
    right: bool


@dataclass(frozen=True)
class Mistake:
    """The most common wrong answer to a question, how many gave it, and the checker's words for it."""

    answer: str
    count: int
    why: str


@dataclass(frozen=True)
class QuestionView:
    """Everything the dashboard shows about one question."""

    number: int  # 1-based
    question: Question
    answered: int
    right: int
    picks: tuple[Pick, ...]
    mistake: Mistake | None

    @property
    def percent_right(self) -> float | None:
        return _pct(self.right, self.answered)


def picks(q: Question, given: list[tuple[str, bool, int]]) -> tuple[Pick, ...]:
    """How the class answered ``q``, from (answer, correct, count) rows.

    Cards: how many learners picked each card (the pool's cards, in order, then any other). Options: how
    many chose each option. Numbers and score forms: each distinct answer, most given first.

    >>> from tutor.quiz import generate
    >>> q = generate("count", 3)
    >>> right = q.answer_text
    >>> [(p.count, p.right) for p in picks(q, [(right, True, 2), ("1", False, 1)])][:1]
    [(2, True)]
    """
    if q.answer_type is AnswerType.PICK_CARDS:
        want = {c.code for c in q.answer}
        order = [c.code for c in q.pool] or sorted(want)
        counts: Counter = Counter()
        for answer, _ok, n in given:
            for code in answer.split():
                counts[code] += n
        order += sorted(c for c in counts if c not in order)
        return tuple(Pick(code, counts[code], code in want) for code in order)
    if q.answer_type is AnswerType.CHOICE:
        counts = Counter()
        for answer, _ok, n in given:
            counts[answer] += n
        labels = [c.label for c in q.choices]
        right = q.choice(q.answer).label if q.choice(q.answer) else ""
        return tuple(Pick(label, counts[label], label == right)
                     for label in labels + sorted(a for a in counts if a not in labels))
    merged: Counter = Counter()
    ok: dict[str, bool] = {}
    for answer, correct, n in given:
        merged[answer] += n
        ok[answer] = ok.get(answer, False) or bool(correct)
    return tuple(Pick(a, n, ok[a]) for a, n in sorted(merged.items(), key=lambda kv: (-kv[1], kv[0])))


def mistake(q: Question, given: list[tuple[str, bool, int]]) -> Mistake | None:
    """The most common wrong answer, named by the checker (e.g. a known scoring slip); None when none."""
    wrong = Counter()
    for answer, correct, n in given:
        if not correct:
            wrong[answer] += n
    if not wrong:
        return None
    answer, n = sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    fb = check_answer(q, answer)  # the stored answer is in the checker's own notation; it never raises
    why = fb.message if fb.given and not fb.correct else ""
    return Mistake(answer, n, why or _("Not right: the answer is {answer}.").format(answer=q.answer_text))


def question_views(quiz: QuizInfo, t: Tallies) -> list[QuestionView]:
    """Each question with the class's answers: text, cards and answer come from the stored snapshot."""
    by_q: dict[int, list[tuple[str, bool, int]]] = {}
    for number, answer, correct, n in t.given:
        by_q.setdefault(number, []).append((answer, correct, n))
    out = []
    for i, q in enumerate(quiz.questions):
        n, right = t.questions.get(i, (0, 0))
        mine = by_q.get(i, [])
        out.append(QuestionView(i + 1, q, n, right, picks(q, mine), mistake(q, mine)))
    return out


def cell(credit: float | None) -> str:
    """One learner's mark on one question, in words: never an empty or "None" cell.

    >>> cell(None), cell(1.0), cell(0.0), cell(0.5)
    ('—', 'right', 'wrong', 'part (0.5)')
    """
    if credit is None:
        return "—"
    if credit >= 1.0:
        return _("right")
    return _("wrong") if credit <= 0 else _("part ({credit})").format(credit=one_place(credit))


def learner_table(quiz: QuizInfo, t: Tallies, grid: dict[tuple[int, int], float]) -> list[dict]:
    """The per-learner results: name, score, right, answered, time and one column per question, all text."""
    total = len(quiz.questions)
    rows = []
    for r in learners_from(t):
        row = {_("learner"): r.name, _("score"): one_place(r.score), _("right"): f"{r.right}/{total}",
               _("answered"): f"{r.answered}/{total}", _("time"): duration(r.seconds)}
        for i in range(total):
            row[f"Q{i + 1}"] = cell(grid.get((r.player_id, i)))
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Place:
    place: int  # from 1; equal scores share a place (1, 2, 2, 4)
    name: str
    score: float


def ranked(t: Tallies) -> list[Place]:
    """Every learner by score (partial credit counts), best first; equal scores share a place and are
    listed by who answered their last question first, then by name."""
    rows = sorted(learners_from(t), key=lambda r: (-r.score, r.seconds if r.seconds is not None else 1e12, r.name))
    out: list[Place] = []
    for i, r in enumerate(rows):
        place = out[-1].place if out and abs(out[-1].score - r.score) < 1e-9 else i + 1
        out.append(Place(place, r.name, r.score))
    return out


def podium(t: Tallies, top: int = 3) -> list[Place]:
    """The learners on the first ``top`` places by score (partial credit counts), ties sharing a place,
    then by who finished first.

    >>> from datetime import datetime, UTC
    >>> at = datetime(2026, 1, 1, tzinfo=UTC)
    >>> t = Tallies(tuple((n, 3, 0, s, at, at, i) for i, (n, s) in enumerate([("A", 2), ("B", 3), ("C", 2), ("D", 1)])),
    ...             {})
    >>> [(p.place, p.name) for p in podium(t)]
    [(1, 'B'), (2, 'A'), (2, 'C')]
    """
    return [p for p in ranked(t) if p.place <= top]


@dataclass(frozen=True)
class Board:
    """The top of the class between two questions: at most ``most`` learners, and how many more share
    the last place shown (said as "and 2 more with 3 points" rather than dropped in silence)."""

    places: tuple[Place, ...]
    more: int = 0


def leaders(t: Tallies, top: int = 5, most: int = 5) -> Board:
    """The learners on the first ``top`` places, at most ``most`` of them (ties past that are counted)."""
    on = podium(t, top)
    return Board(tuple(on[:most]), len(on) - len(on[:most]))


@dataclass(frozen=True)
class Step:
    """One step of the podium: its place, who stands on it (at most a few names) and how many more."""

    place: int
    learners: tuple[Place, ...]
    more: int = 0

    @property
    def score(self) -> float | None:
        return self.learners[0].score if self.learners else None


def steps(t: Tallies, most: int = 3) -> tuple[Step, Step, Step]:
    """The podium's three steps, 1st, 2nd and 3rd. A tie shares a step, so the next step can stay empty
    (two learners on 1st: nobody is 2nd); a step lists at most ``most`` names."""
    on = podium(t, 3)
    out = []
    for place in (1, 2, 3):
        here = [p for p in on if p.place == place]
        out.append(Step(place, tuple(here[:most]), len(here) - len(here[:most])))
    return tuple(out)


def skill_title(skill: str) -> str:
    """The skill's id, the name the Drill and Progress pages use (unknown ids pass through)."""
    return skill if skill in SKILLS else str(skill)


CSV_COLUMNS = ("learner", "question", "kind", "skill", "answer", "correct", "credit", "answered_at")
# The French export's columns, in the same order; the kind and skill in French words (the English export keeps
# their ids, as documented).
FRENCH_CSV_COLUMNS = ("élève", "question", "type", "compétence", "réponse", "juste", "crédit", "répondu_le_utc")
_DECIMAL = re.compile(r"[+-]?\d+\.\d+")


def kind_words(kind: str) -> str:
    """A question's kind in words, in the reader's language (``own``: a question from the teacher's bank)."""
    if kind == OWN_KIND:
        return _("The teacher's own question")
    return _(KIND_LABELS[kind]) if kind in KIND_LABELS else str(kind)


def skill_words(skill: str) -> str:
    """A skill's title in the reader's language (an unknown id as it is)."""
    return _(SKILLS[skill]) if skill in SKILLS else str(skill)


def to_csv(quiz: QuizInfo, players: list[Player], marks: list[Mark], *, french: bool = False) -> str:
    """One row per answer; times in UTC ISO 8601.

    Columns: learner, question (1-based), kind, skill, answer (as understood), correct (1/0), credit, answered_at.
    A cell a spreadsheet would run as a formula (a learner called ``=HYPERLINK(...)``) starts with a quote.
    ``french``: the French export, as French Excel reads it: French headers, ``;`` between columns, decimal commas
    (a credit of 0,5, an answer of 40,5), the time as ``2025-03-14 09:30:00`` (UTC) and a byte-order mark.
    """
    names = {p.id: p.name for p in players}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n", delimiter=";" if french else ",")
    w.writerow(FRENCH_CSV_COLUMNS if french else CSV_COLUMNS)
    for m in marks:
        q = quiz.questions[m.number]
        answer, credit, when = m.answer, f"{m.credit:g}", m.answered_at.isoformat()
        if french:
            answer = answer.replace(".", ",") if _DECIMAL.fullmatch(answer or "") else answer
            credit = credit.replace(".", ",")
            at = m.answered_at.astimezone(UTC) if m.answered_at.tzinfo else m.answered_at
            when = at.strftime("%Y-%m-%d %H:%M:%S")
        if french:  # French words whatever the page's language: this is the file for French Excel
            with i18n.using("fr"):
                kind, skill = kind_words(q.kind), skill_words(q.skill)
        else:
            kind, skill = q.kind, q.skill
        w.writerow([guard(c) for c in (names[m.player_id], m.number + 1, kind, skill, answer, int(m.correct),
                                       credit, when)])
    return ("\ufeff" if french else "") + out.getvalue()  # the mark tells French Excel the file is UTF-8
