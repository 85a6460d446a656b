"""Hand-written puzzles (``puzzles/*.yaml``): loaded, validated, and every stated solution checked by the engine.

A puzzle file is a YAML list; each puzzle has an ``id``, a ``title``, a ``kind`` (one of the quiz
kinds), ``tags``, a ``difficulty`` (1-3), ``players`` (default 4), a ``position`` in card notation,
an optional ``ask`` (what to ask about the position, for kinds that can ask several things), the
``question`` shown to the learner, the ``solution`` and an optional ``explanation``::

    - id: overtrump-your-partner
      title: Even over your partner
      kind: legal
      tags: [overtrump, partner]
      difficulty: 2
      position: {hand: 9H T8 T12 T19 EX, trick: 3S T10 T17, partner_winning: true}
      question: Your partner trumped with the 17 and is winning. Which cards may you play?
      solution: T19 EX

The engine computes the answer from the position; a stated solution that disagrees is a problem
(``path:line: puzzle 'id': stated answer ... but the engine says ...``), so a wrong puzzle never
reaches a learner. ``Puzzle.to_question()`` gives a Question that ``check_answer`` grades like any other.

>>> from tutor.content.yamlio import load_text
>>> doc = load_text('''
... - id: p1
...   title: Two cards
...   kind: count
...   tags: [counting]
...   difficulty: 1
...   position: {pile: KH 2H}
...   question: How many points?
...   solution: 6
... ''', "x.yaml")
>>> [str(p) for p in check_puzzles(doc, "x.yaml")[1]]
["x.yaml:9: puzzle 'p1': stated answer 6 but the engine says 5"]
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..content.cardcodes import strict_cards
from ..content.overlay import overlay_path, read_translated
from ..content.yamlio import ContentError, Problem, load_file
from ..engine import TarotError
from ..engine import card as card_of
from . import seat_puzzles
from .check import check_answer
from .puzzle_titles import named_cards, title_message
from .question import AnswerType, Question, fmt
from .registry import KINDS_SPEC
from .scoreform import FIELDS
from .seat_puzzles import (
    _committed,
    committed_path,
    committed_verdicts,
    key_of,
    seat_cache,
    seat_view,
    stability_seeds,
)
from .solver_fields import ASKS, SOLVERS, PositionError
from .solvers import solve
from .strategy_puzzles import STRATEGY_KINDS, parse_strategy, verify_strategy
from .strategy_record import BidCache, StrategyPuzzle

REQUIRED = ("id", "title", "kind", "difficulty", "position", "question", "solution")
OPTIONAL = ("tags", "players", "ask", "explanation")
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CODE_LENGTH = 6  # hex digits of a puzzle's address code: 16 million codes for a few hundred puzzles


def address_code(pid: str) -> str:
    """The puzzle's neutral id for addresses (``/puzzles?puzzle=…``): an id such as
    ``lead-the-queen-keep-the-petit`` would give the answer away. A hash of the id, so it is the same on
    every run and every machine; ``check_puzzle_dir`` reports two ids that share one.

    >>> address_code("overtrump-your-partner") == address_code("overtrump-your-partner"), len(address_code("x"))
    (True, 6)
    """
    return hashlib.sha256(pid.encode()).hexdigest()[:CODE_LENGTH]


@dataclass(frozen=True)
class Puzzle:
    """One hand-written puzzle, as written in its file."""

    id: str
    title: str
    kind: str
    difficulty: int
    position: dict
    question: str
    solution: object
    players: int = 4
    ask: str | None = None
    tags: tuple[str, ...] = ()
    explanation: str = ""
    path: str = ""
    line: int = 0
    lines: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def skill(self) -> str:
        return KINDS_SPEC[self.kind].skill

    def to_question(self) -> Question:
        """The puzzle as a Question: answer and explanation computed by the engine."""
        fields = solve(self.kind, self.position, self.ask, self.players)
        explanation = fields.pop("explanation")
        if self.explanation:
            explanation = self.explanation.strip() + "\n\n" + explanation
        context = dict(fields.pop("context", {}))
        context.update(puzzle=self.id, source=f"{self.path}:{self.line}")
        if isinstance(self.position, dict) and isinstance(self.position.get("dealer"), int):
            # a puzzle that names who deals shows the table (seats from 1, in play order, the dealer marked)
            context["table"] = {"players": self.players, "dealer": self.position["dealer"]}
        return Question(kind=self.kind, seed=None, params={"puzzle": self.id, "players": self.players},
                        skill=self.skill, prompt=self.question.strip(), explanation=explanation, context=context,
                        difficulty=self.difficulty, title=self.title, tags=self.tags, **fields)


def _problem(path: str, line: int, pid: str, message: str) -> Problem:
    return Problem(path, line, f"puzzle '{pid}': {message}" if pid else message)


def _shown(value) -> str:
    if isinstance(value, float):
        return fmt(value)
    if isinstance(value, list | tuple):
        return " ".join(map(str, value))
    return str(value)


def _parse_entry(entry, path: str, line: int) -> tuple[Puzzle | None, list[Problem]]:
    if not isinstance(entry, dict):
        return None, [Problem(path, line, "each puzzle is a mapping with " + ", ".join(REQUIRED))]
    lines = getattr(entry, "lines", {})
    at = lambda key: lines.get(key, line)  # noqa: E731
    pid = str(entry.get("id", ""))
    out: list[Problem] = []
    for key in entry:
        if key not in REQUIRED + OPTIONAL:
            out.append(_problem(path, at(key), pid, f"unknown field '{key}'; the fields are "
                                                    + ", ".join(REQUIRED + OPTIONAL)))
    for key in REQUIRED:
        if key not in entry:
            out.append(_problem(path, line, pid, f"missing field '{key}'"))
    if out:
        return None, out
    if not isinstance(entry["id"], str) or not _ID.match(entry["id"]):
        out.append(_problem(path, at("id"), pid, "id must be lowercase words joined by hyphens, like 'excuse-led'"))
    for key in ("title", "question"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            out.append(_problem(path, at(key), pid, f"{key} must be text"))
    kind = entry["kind"]
    if kind not in SOLVERS:
        guess = difflib.get_close_matches(str(kind), list(SOLVERS), n=1)
        out.append(_problem(path, at("kind"), pid, f"unknown kind {kind!r}" + (f" (did you mean {guess[0]!r}?)"
                                                                              if guess else "")
                            + f"; kinds: {', '.join(SOLVERS)}"))
    difficulty = entry["difficulty"]
    if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
        out.append(_problem(path, at("difficulty"), pid, f"difficulty must be 1, 2 or 3, not {difficulty!r}"))
    players = entry.get("players", 5 if kind == "five" else 4)
    if players not in (3, 4, 5) or isinstance(players, bool):
        out.append(_problem(path, at("players"), pid, f"players must be 3, 4 or 5, not {players!r}"))
    tags = entry.get("tags", [])
    if not isinstance(tags, list) or not tags or not all(isinstance(t, str) and t for t in tags):
        out.append(_problem(path, at("tags") if "tags" in entry else line, pid,
                            "tags must be a non-empty list of words, like [overtrump, partner]"))
    ask = entry.get("ask")
    if kind in ASKS and ask not in ASKS[kind]:
        shown = ", ".join(a for a in ASKS[kind] if a)
        out.append(_problem(path, at("ask") if "ask" in entry else line, pid,
                            f"a {kind} puzzle needs 'ask': one of {shown}" if None not in ASKS[kind] else
                            f"a {kind} puzzle has no ask {ask!r}; asks: {shown}"))
    if not isinstance(entry["position"], dict):
        out.append(_problem(path, at("position"), pid, "position must be a mapping, like {hand: ..., trick: ...}"))
    explanation = entry.get("explanation", "")
    if not isinstance(explanation, str):
        out.append(_problem(path, at("explanation"), pid, "explanation must be text"))
    if out:
        return None, out
    puzzle = Puzzle(id=entry["id"], title=entry["title"], kind=kind, difficulty=difficulty,
                    position=entry["position"], question=entry["question"], solution=entry["solution"],
                    players=players, ask=ask, tags=tuple(tags), explanation=explanation, path=path, line=line,
                    lines=dict(lines))
    return puzzle, []


def verify_puzzle(puzzle: Puzzle) -> list[Problem]:
    """Build the puzzle with the engine and compare its stated solution with the engine's answer."""
    path, pid = puzzle.path, puzzle.id
    at = puzzle.lines.get
    try:
        q = puzzle.to_question()
    except PositionError as err:
        pos_lines = getattr(puzzle.position, "lines", {})
        line = pos_lines.get(err.key) if err.key in pos_lines else at(err.key) or at("position", puzzle.line)
        return [_problem(path, line, pid, f"position: {err}")]
    except TarotError as err:
        return [_problem(path, at("position", puzzle.line), pid, f"position: {err}")]
    line = at("solution", puzzle.line)
    stated = puzzle.solution
    if q.answer_type is AnswerType.SCORE_FORM:
        return _verify_form(puzzle, q, line)
    if q.answer_type is AnswerType.PICK_CARDS:
        try:
            stated = strict_cards(stated if not isinstance(stated, list) else " ".join(map(str, stated)))
        except ValueError as err:
            return [_problem(path, line, pid, f"solution: {err}")]
        stated_text = " ".join(c.code for c in stated)
    else:
        stated_text = _shown(stated)
    accept = q.context.get("accept")
    if accept and str(stated) in accept:
        return []
    fb = check_answer(q, stated)
    if fb.correct:
        return []
    if fb.message.startswith("I could not read"):
        return [_problem(path, line, pid, f"solution: {fb.message[len('I could not read your answer: '):]}")]
    if q.grader in ("ecart", "poignee_show"):  # any legal answer is right: say why this one is not
        return [_problem(path, line, pid, f"stated answer {stated_text} but the engine says: {fb.message}")]
    engine = f"{q.answer} ({q.answer_text})" if q.answer_type is AnswerType.CHOICE else \
        " ".join(c.code for c in q.answer) if q.answer_type is AnswerType.PICK_CARDS else q.answer_text  # codes
    return [_problem(path, line, pid, f"stated answer {stated_text} but the engine says {engine}")]


def _verify_form(puzzle: Puzzle, q: Question, line: int) -> list[Problem]:
    stated = puzzle.solution
    pid, path = puzzle.id, puzzle.path
    if not isinstance(stated, dict) or not stated:
        keys = ", ".join(q.answer)
        return [_problem(path, line, pid, f"the solution of a score puzzle is a mapping of fields: {keys}")]
    out = []
    lines = getattr(stated, "lines", {})
    for key, value in stated.items():
        where = lines.get(key, line)
        if key not in q.answer:
            known = ", ".join(q.answer)
            out.append(_problem(path, where, pid, f"solution: no field '{key}' in this deal's form; fields: {known}"))
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            out.append(_problem(path, where, pid, f"solution: {key} must be a number"))
        elif value != q.answer[key]:
            out.append(_problem(path, where, pid, f"stated answer {FIELDS[key][0].lower()} {fmt(value)} but the "
                                                  f"engine says {fmt(q.answer[key])}"))
    return out


def check_puzzles(doc, path: str, *, deep: bool = True,
                  cache: BidCache | None = None) -> tuple[list[Puzzle | StrategyPuzzle], list[Problem]]:
    """(the puzzles without a problem, every problem) of one parsed puzzle file.

    Strategy puzzles (``best-card``, ``bid``) are always checked for their schema, their position and
    legal stated cards; ``deep`` also runs the solver and the estimator on them (``tarot-tutor check``
    and the tests do; the app loads without the search, so it starts quickly)."""
    if not isinstance(doc, list):
        return [], [Problem(path, getattr(doc, "line", 1) or 1, "a puzzle file is a list of puzzles (- id: ...)")]
    good, problems, seen = [], [], {}
    for i, entry in enumerate(doc):
        line = doc.lines[i] if hasattr(doc, "lines") else 0
        strategic = isinstance(entry, dict) and entry.get("kind") in STRATEGY_KINDS
        puzzle, found = parse_strategy(entry, path, line) if strategic else _parse_entry(entry, path, line)
        pid = entry.get("id") if isinstance(entry, dict) else None
        if isinstance(pid, str):
            id_line = getattr(entry, "lines", {}).get("id", line)
            if pid in seen:
                found.append(_problem(path, id_line, pid, f"the id is used twice (first at line {seen[pid]})"))
            seen.setdefault(pid, id_line)
        if puzzle is not None and not found:
            found += (verify_strategy(puzzle, cache) if deep else []) if strategic else verify_puzzle(puzzle)
        problems += found
        if puzzle is not None and not found:
            good.append(puzzle)
    return good, problems


def read_puzzle_file(path, *, deep: bool = True, cache: BidCache | None = None,
                     lang: str | None = None) -> tuple[list, list[Problem]]:
    """The puzzles of one file and their problems; with ``lang``, the text of its translation
    (``puzzles/<lang>/<file>``) laid over it when there is a usable one."""
    try:
        doc = read_translated(path, lang, "puzzles")[0] if lang and lang != "en" else load_file(path)
    except ContentError as err:
        return [], list(err.problems)
    return check_puzzles(doc, str(path), deep=deep, cache=cache)


def check_puzzle_file(path, *, cache: BidCache | None = None) -> list[Problem]:
    """Every problem of one puzzle file (schema, card codes, and solutions the engine, the solver or the
    bidding estimator disagrees with), and titles that give the answer away (``title_problems``)."""
    good, problems = read_puzzle_file(path, cache=cache)
    return problems + title_problems(good, path)


def solution_cards(p) -> tuple:
    """The cards of a puzzle's answer: the best cards, the cards to pick, or a stated card (none for a number,
    a bid or a word answer)."""
    if isinstance(p, StrategyPuzzle):
        return tuple(card_of(c) for c in p.solution) if p.kind != "bid" else ()
    stated = p.solution if not isinstance(p.solution, list) else " ".join(map(str, p.solution))
    try:
        return tuple(strict_cards(stated)) if isinstance(stated, str) else ()
    except ValueError:
        return ()


def title_problems(puzzles, path) -> list[Problem]:
    """A title, English or French (``puzzles/fr/<file>``), that names a card of its puzzle's solution."""
    fr_path = overlay_path(path, "fr")
    try:
        french = load_file(fr_path, rules=False) if fr_path.is_file() else {}
    except ContentError:
        french = {}  # its own check reports it
    out = []
    for p in puzzles:
        cards = solution_cards(p)
        named = named_cards(p.title, cards)
        if named:
            out.append(_problem(str(path), p.lines.get("title", p.line), p.id, title_message(named)))
        fr = french.get(p.id) if isinstance(french, dict) else None
        title = fr.get("title") if isinstance(fr, dict) else None
        named = named_cards(str(title), cards, "fr") if title else []
        if named:
            out.append(_problem(str(fr_path), getattr(fr, "lines", {}).get("title", 0), p.id, title_message(named)))
    return out


def puzzle_files(directory) -> list[Path]:
    return sorted(p for p in Path(directory).iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def check_puzzle_dir(directory, *, cache: BidCache | None = None) -> list[Problem]:
    """Every problem of every puzzle file in ``directory``, ids used in two files included, and two ids
    with one address code (``address_code``: rename one of them)."""
    problems, seen, codes = [], {}, {}
    for f in puzzle_files(directory):
        good, found = read_puzzle_file(f, cache=cache)
        problems += found
        for p in good:
            if p.id in seen:
                problems.append(_problem(p.path, p.line, p.id, f"the id is also used in {seen[p.id]}"))
            elif codes.get(address_code(p.id), p.id) != p.id:
                problems.append(_problem(p.path, p.line, p.id, f"the id has the same address code as "
                                         f"'{codes[address_code(p.id)]}': rename one of them"))
            seen.setdefault(p.id, f"{p.path}:{p.line}")
            codes.setdefault(address_code(p.id), p.id)
    return problems


def load_puzzles(directory, *, deep: bool = False, lang: str | None = None) -> list[Puzzle | StrategyPuzzle]:
    """The valid puzzles of ``directory`` in file order (a puzzle with a problem is left out), in ``lang``
    (default: English). Strategy puzzles are searched only with ``deep`` (``tarot-tutor check`` verifies them)."""
    out, seen = [], set()
    for f in puzzle_files(directory):
        for p in read_puzzle_file(f, deep=deep, lang=lang)[0]:
            if p.id not in seen:
                seen.add(p.id)
                out.append(p)
    return out


def record_verdicts(puzzle_path: str | Path, progress=None) -> int:
    """Compute and write the committed record of a puzzle file: every seat puzzle's verdict on each of its
    ``stability_seeds``, for the current advisor (verdicts already recorded or cached for it are reused, so an
    interrupted run resumes). Returns the number of verdicts written; ``progress(id, seed, ties)`` per verdict."""
    path = str(puzzle_path)
    puzzles, _problems = read_puzzle_file(path, deep=False)
    old, cache, data = committed_verdicts(path), seat_cache(), {}
    target = committed_path(path)
    for p in puzzles:
        if getattr(p, "kind", "") != "seat-card":
            continue
        for seed in stability_seeds(p):
            key = key_of(p.deal_json, p.seat, seed)
            v = old.get(key) or cache.get(key)
            if v is None:
                v = seat_puzzles.verdict_of(seat_view(p), seed)  # looked up at call time: one verdict
                cache.put(key, v)
            data[key] = v
            if progress is not None:
                progress(p.id, seed, v["ties"])
    if data:
        target.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        _committed.cache_clear()
    return len(data)
