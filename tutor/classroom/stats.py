"""The teacher's dashboard: each learner's score and time, each question's success rate and most
common wrong answers (where to re-teach), the class's results per skill, and a CSV export.

Pure functions of the quiz snapshot and the saved answers (``learners``, ``questions``, ``skills``), or
of the totals the database counted (``*_from(tallies)``, what the dashboard uses: no answer is read
one by one, so a rerun with 5,000 learners stays fast; see ``bench/classroom.py``).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass

from ..csvsafe import guard
from ..skills import SKILLS
from .store import Mark, Player, QuizInfo, Tallies


@dataclass(frozen=True)
class LearnerRow:
    name: str
    answered: int
    right: int
    score: float  # sum of credits (partial credit counts)
    seconds: float | None  # from joining to the last answer


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
                               None if last is None else round((last - p.joined_at).total_seconds(), 1)))
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
                       None if last is None else round((last - joined).total_seconds(), 1))
            for name, n, right, score, joined, last in t.learners]


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


def skill_title(skill: str) -> str:
    """The skill's id, the name the Drill and Progress pages use (unknown ids pass through)."""
    return skill if skill in SKILLS else str(skill)


CSV_COLUMNS = ("learner", "question", "kind", "skill", "answer", "correct", "credit", "answered_at")


def to_csv(quiz: QuizInfo, players: list[Player], marks: list[Mark]) -> str:
    """One row per answer; times in UTC ISO 8601.

    Columns: learner, question (1-based), kind, skill, answer (as understood), correct (1/0), credit, answered_at.
    A cell a spreadsheet would run as a formula (a learner called ``=HYPERLINK(...)``) starts with a quote.
    """
    names = {p.id: p.name for p in players}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for m in marks:
        q = quiz.questions[m.number]
        w.writerow([guard(c) for c in (names[m.player_id], m.number + 1, q.kind, q.skill, m.answer, int(m.correct),
                                       f"{m.credit:g}", m.answered_at.isoformat())])
    return out.getvalue()
