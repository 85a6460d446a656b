"""Loading lessons: one file at a time (``load_lesson``) or a whole course (``load_course``).

Every problem names its file and line; a bad file never stops the others from loading.
A lesson with any problem is left out of ``Course.lessons`` (so the app never teaches a
wrong answer) and its problems are listed in ``Course.problems``.
"""

from __future__ import annotations

import difflib
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..i18n import language, using
from ..skills import SKILLS
from .errors import pydantic_problems, with_yaml_hints
from .glossary import GLOSSARY_FILE, Glossary, load_glossary
from .measures import MEASUREMENTS_FILE, fill_measures, load_measures
from .overlay import TEXT_KEYS, Overlay, read_translated, word_answers
from .schema import CheckStep, ExampleStep, Lesson, MeasuredExample, SummaryStep
from .verify import QuizContext, verify_lesson
from .yamlio import ContentError, LineDict, LineList, Problem

MIN_CHECKS = 3
_NUMBERED = re.compile(r"^(\d+)-(.+)$")


@dataclass
class LessonFile:
    """The outcome of loading one lesson file."""

    path: str
    lesson: Lesson | None
    problems: list[Problem]
    id: str | None = None  # read from the raw YAML, even when the lesson is invalid
    prerequisites: list[tuple[str, int]] = field(default_factory=list)  # (id, line)
    overlay: Overlay | None = None  # the translation laid over it, with what is wrong with it (None: English)

    @property
    def ok(self) -> bool:
        return self.lesson is not None and not self.problems


def lesson_files(directory: str | Path) -> list[Path]:
    """The lesson files of a directory, in course order (by file name); the glossary and the
    measurements file are not lessons."""
    d = Path(directory)
    files = [p for p in d.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()
             and p.name not in (GLOSSARY_FILE, MEASUREMENTS_FILE)]
    return sorted(files, key=lambda p: p.name)


def load_lesson(path: str | Path, ctx: QuizContext | None = None, lang: str | None = None,
                verify: bool = True) -> LessonFile:
    """Load, validate and verify one lesson file against the engine, in ``lang`` (default: the current
    language): its translation in ``<dir>/<lang>/`` laid over it when there is a usable one, and its examples
    written in that language. ``verify=False`` leaves out the checks against the engine and the strategy
    (the answers, the solver's cards, the generated questions): the lesson as read, for a list of lessons."""
    with using(lang or language()) as code:
        return _load_lesson(str(path), ctx, code, verify)


def _load_lesson(path: str, ctx: QuizContext | None, lang: str, verify: bool = True) -> LessonFile:
    if ctx is None:
        gpath = Path(path).parent / GLOSSARY_FILE
        ctx = QuizContext.default(load_glossary(gpath, lang)[0] if gpath.exists() else None)
    if ctx.measures is None:
        ctx.measures = load_measures(Path(path).parent)[0]
    overlay = None
    try:
        raw, overlay = read_translated(path, lang, "lesson")
    except ContentError as err:
        return LessonFile(path, None, with_yaml_hints(err.problems), overlay=overlay)
    if raw is None:
        return LessonFile(path, None, [Problem(path, 1, "the file is empty: a lesson needs id, title, summary, "
                                                        "skills, minutes, steps and quiz")])
    if not isinstance(raw, LineDict):
        return LessonFile(path, None, [Problem(path, getattr(raw, "line", 1) or 1,
                                               "a lesson file is a mapping of fields (id: ..., title: ...), "
                                               "not a list or a single value")])
    out = LessonFile(path, None, [], id=raw.get("id") if isinstance(raw.get("id"), str) else None, overlay=overlay)
    with using("en"):  # answers and option values stay language-free; the words the learner reads follow
        measure_issues = fill_measures(raw, ctx.measures, skip=TEXT_KEYS + ("label",))
    measure_issues += fill_measures(raw, ctx.measures)  # {measure:...} -> the measured number, like {rule:...}
    if measure_issues:
        out.problems = [Problem(path, line, msg) for line, msg in measure_issues]
        return out
    prereqs = raw.get("prerequisites")
    if isinstance(prereqs, LineList):
        out.prerequisites = [(p, line) for p, line in zip(prereqs, prereqs.lines) if isinstance(p, str)]
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as err:
        out.problems = pydantic_problems(err, raw, path)
        return out
    lesson._path = path
    assign_seeds(lesson)
    if overlay is not None and overlay.words:  # typed word answers in the learner's language
        for where, step in checks_with_places(lesson):
            if where in overlay.words and isinstance(step.answer, str):
                step._words = word_answers(overlay.words[where], step.answer)
    for step in lesson.steps:  # measured examples draw their table from the measurements file
        if isinstance(step, ExampleStep) and isinstance(step.example, MeasuredExample):
            step.example._measures = ctx.measures
    m = _NUMBERED.match(Path(path).stem)
    if m:
        lesson._number = int(m.group(1))
    try:
        issues = _lesson_rules(lesson, Path(path), ctx) + (verify_lesson(lesson, ctx) if verify else [])
    except Exception as err:  # a bug in a checker must not hide the other files, nor print a traceback
        issues = [(lesson.line, f"internal error while checking this lesson ({type(err).__name__}: {err}); "
                                "please report it")]
    out.problems = sorted((Problem(path, line, msg) for line, msg in issues), key=lambda p: p.line)
    out.lesson = lesson
    return out


def derive_seed(lesson_id: str, place: str) -> int:
    """The seed of a generated check without ``seed``: from the lesson id and the check's place, the
    same on every machine and run (``hash()`` is salted per process; CRC-32 is not).

    >>> derive_seed("bidding", "quiz question 1"), derive_seed("bidding", "quiz question 2")
    (9388, 38358)
    """
    return zlib.crc32(f"{lesson_id}/{place}".encode()) % 100_000


def checks_with_places(lesson: Lesson):
    """(where, check) for every check step and quiz question, ``where`` as messages name it."""
    for i, step in enumerate(lesson.steps):
        if isinstance(step, CheckStep):
            yield f"step {i + 1} ({step.kind})", step
    for i, q in enumerate(lesson.quiz):
        yield f"quiz question {i + 1}", q


def assign_seeds(lesson: Lesson) -> None:
    """Give each generated check without a pinned ``seed`` its own derived one."""
    for where, step in checks_with_places(lesson):
        if step.is_generated and step.seed is None:
            step._seed = derive_seed(lesson.id, where.split(" (")[0])


def _lesson_rules(lesson: Lesson, path: Path, ctx: QuizContext) -> list[tuple[int, str]]:
    """Rules about the lesson as a whole: enough checks, a summary at the end, id matching the file name."""
    out = []
    checks = sum(1 for s in lesson.steps if isinstance(s, CheckStep))
    if checks < MIN_CHECKS:
        out.append((lesson.line_of("steps"), f"steps: a lesson needs at least {MIN_CHECKS} check steps, has {checks}"))
    last = lesson.steps[-1]
    if not isinstance(last, SummaryStep):
        out.append((last.line, f"step {len(lesson.steps)} ({last.kind}): the last step must be a summary "
                               "(the quiz follows it)"))
    m = _NUMBERED.match(path.stem)
    if m and m.group(2) != lesson.id:
        out.append((lesson.line_of("id"), f"id {lesson.id!r} does not match the file name: rename the file "
                                          f"{m.group(1)}-{lesson.id}{path.suffix} or set id: {m.group(2)}"))
    for i, q in enumerate(lesson.quiz):
        if q.generator is not None and q.generator in ctx.kinds:
            skill = ctx.kinds[q.generator]
            if skill and skill not in lesson.skills:
                out.append((q.line_of("generator"), f"quiz question {i + 1}: generator {q.generator!r} trains "
                                                    f"{skill!r}, which is not among this lesson's skills"))
    return out


@dataclass
class Course:
    """Every lesson of a directory, in order, with the problems found anywhere in it."""

    root: str
    lessons: list[Lesson]
    problems: list[Problem]
    glossary: Glossary | None
    files: list[str]
    language: str = "en"
    translations: list[Problem] = field(default_factory=list)  # what is wrong with the lessons' translations

    @property
    def ok(self) -> bool:
        return not self.problems

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((x for x in self.lessons if x.id == lesson_id), None)

    @property
    def ids(self) -> list[str]:
        return [x.id for x in self.lessons]

    def problems_in(self, path: str | Path) -> list[Problem]:
        p = str(path)
        return [x for x in self.problems if x.path == p]

    def skills(self) -> dict[str, list[str]]:
        """Skill id -> ids of the lessons that train it."""
        out: dict[str, list[str]] = {}
        for x in self.lessons:
            for s in x.skills:
                out.setdefault(s, []).append(x.id)
        return out


def load_course(path: str | Path, ctx: QuizContext | None = None, lang: str | None = None,
                verify: bool = True) -> Course:
    """Load every lesson (and the glossary) of a directory and check the course as a whole:
    unique ids, known and earlier prerequisites, no cycles, glossary references.

    ``lang`` (default: the current language) lays each translation of ``<dir>/<lang>/`` over its English
    lesson; a lesson without a usable one stays English. ``Course.translations`` lists what is wrong with them.
    ``verify=False``: each lesson as read (``load_lesson``), for the course map."""
    with using(lang or language()) as code:
        return _load_course(Path(path), ctx, code, verify)


def _load_course(root: Path, ctx: QuizContext | None, lang: str, verify: bool = True) -> Course:
    if not root.is_dir():
        return Course(str(root), [], [Problem(str(root), 0, "no such lessons directory")], None, [], lang)
    problems: list[Problem] = []
    glossary = None
    gpath = root / GLOSSARY_FILE
    if gpath.exists():
        glossary, gproblems = load_glossary(gpath, lang)
        problems += gproblems
    ctx = ctx or QuizContext.default(glossary)
    if ctx.glossary is None:
        ctx.glossary = glossary
    if ctx.measures is None:
        ctx.measures, mproblems = load_measures(root)
        problems += mproblems
    files = lesson_files(root)
    loaded = [load_lesson(p, ctx, lang, verify) for p in files]
    for lf in loaded:
        problems += lf.problems
    problems += _course_rules(loaded, glossary, gpath, ctx)
    bad = {p.path for p in problems}
    lessons = [lf.lesson for lf in loaded if lf.lesson is not None and lf.path not in bad]
    problems.sort(key=lambda p: (p.path, p.line))
    overlays = [lf.overlay for lf in loaded if lf.overlay is not None]
    return Course(str(root), lessons, problems, glossary, [str(f) for f in files], lang,
                  [p for o in overlays for p in o.problems + o.stale])


def _course_rules(loaded: list[LessonFile], glossary: Glossary | None, gpath: Path,
                  ctx: QuizContext | None = None) -> list[Problem]:
    out: list[Problem] = []
    position: dict[str, int] = {}
    for i, lf in enumerate(loaded):
        if lf.id is None:
            continue
        if lf.id in position:
            first = loaded[position[lf.id]].path
            line = lf.lesson.line_of("id") if lf.lesson else 1
            out.append(Problem(lf.path, line, f"id {lf.id!r} is already used by {first}"))
        else:
            position[lf.id] = i
    graph = {lf.id: [p for p, _ in lf.prerequisites if p in position] for lf in loaded if lf.id}
    in_cycle = _cycle_edges(graph)
    for i, lf in enumerate(loaded):
        for pid, line in lf.prerequisites:
            if pid == lf.id:
                out.append(Problem(lf.path, line, f"prerequisite {pid!r} is this lesson itself"))
            elif pid not in position:
                guess = difflib.get_close_matches(pid, list(position), n=1)
                hint = f" (did you mean {guess[0]!r}?)" if guess else ""
                out.append(Problem(lf.path, line, f"unknown prerequisite {pid!r}: no lesson has this id{hint}"))
            elif (lf.id, pid) in in_cycle:
                out.append(Problem(lf.path, line, f"prerequisites form a cycle: {in_cycle[(lf.id, pid)]}"))
            elif position[pid] > i:
                out.append(Problem(lf.path, line, f"prerequisite {pid!r} comes after this lesson in the course "
                                                  f"({Path(loaded[position[pid]].path).name}): move it earlier"))
    if ctx is not None and ctx.question_key is not None:
        out += _distinct_questions(loaded, ctx.question_key)
    out += _skills_taught_first(loaded, position)
    # Glossary references, both ways.
    for lf in loaded:
        if lf.lesson is None:
            continue
        for where, line, term in _term_refs(lf.lesson):
            if glossary is None:
                out.append(Problem(lf.path, line, f"{where}: term {term!r} needs a {GLOSSARY_FILE} next to the "
                                                  "lessons"))
            elif term not in glossary:
                out.append(Problem(lf.path, line, f"{where}: {term!r} is not in the glossary ({gpath.name}): "
                                                  "add it there or fix the spelling"))
    if glossary is not None:
        for t in glossary.terms:
            if t.lesson is not None and t.lesson not in position:
                out.append(Problem(glossary.path, t.line_of("lesson"), f"term {t.french!r}: unknown lesson "
                                                                       f"{t.lesson!r}"))
    return out


def _check_line(step: CheckStep) -> int:
    return step.line_of("generator") if step.is_generated else step.line_of("question")


def _distinct_questions(loaded: list[LessonFile], question_key) -> list[Problem]:
    """Every generated question of the course differs from the others, compared by what the learner sees
    and answers (``question_key``, registered by ``tutor.quiz``), not by seed: two seeds can make the same
    question."""
    out: list[Problem] = []
    first: dict[tuple, tuple[str, int, str]] = {}
    for lf in loaded:
        if lf.lesson is None:
            continue
        for where, step in checks_with_places(lf.lesson):
            if step._question is None:
                continue
            key = question_key(step._question)
            line = _check_line(step)
            if key in first:
                path, at, what = first[key]
                same = "in this lesson" if path == lf.path else f"in {Path(path).name}"
                out.append(Problem(lf.path, line, f"{where}: the same question as {what} ({same}, line {at}): "
                                                  f"{step.generator} seed {step.quiz_seed} asks it again; pin "
                                                  "another seed or change the params"))
            else:
                first[key] = (lf.path, line, where)
    return out


def _skills_taught_first(loaded: list[LessonFile], position: dict[str, int]) -> list[Problem]:
    """Never ask before teaching: each check needs skills that the lesson or one of its prerequisites
    (and theirs, all the way down) teaches."""
    lessons = {lf.id: lf.lesson for lf in loaded if lf.id and lf.lesson is not None}
    taught_by: dict[str, list[str]] = {}
    for lf in loaded:
        if lf.lesson is not None:
            for skill in lf.lesson.skills:
                taught_by.setdefault(skill, []).append(Path(lf.path).name)
    out: list[Problem] = []
    for lf in loaded:
        if lf.lesson is None:
            continue
        known = set(lf.lesson.skills)
        for prereq in _prerequisite_closure(lf.lesson.id, lessons):
            known.update(lessons[prereq].skills)
        for where, step in checks_with_places(lf.lesson):
            for skill in step.needs:
                if skill in known:
                    continue
                where_taught = taught_by.get(skill)
                hint = (f"; {', '.join(where_taught)} teaches it: make that lesson a prerequisite, or ask this "
                        "question there" if where_taught else "; no lesson teaches it yet")
                what = "generated question" if step.is_generated else "question"
                out.append(Problem(lf.path, _check_line(step),
                                   f"{where}: this {what} needs the skill {skill!r} ({SKILLS.get(skill, skill)}), "
                                   f"which neither this lesson nor its prerequisites teach{hint}"))
    return out


def _prerequisite_closure(lesson_id: str, lessons: dict) -> set[str]:
    """Every lesson ``lesson_id`` builds on, directly or through others (cycles are reported elsewhere)."""
    seen: set[str] = set()
    stack = list(lessons[lesson_id].prerequisites)
    while stack:
        pid = stack.pop()
        if pid in seen or pid not in lessons or pid == lesson_id:
            continue
        seen.add(pid)
        stack.extend(lessons[pid].prerequisites)
    return seen


def _term_refs(lesson: Lesson):
    for t in lesson.terms:
        yield "terms", lesson.line_of("terms"), t
    for i, s in enumerate(lesson.steps):
        for t in s.terms:
            yield f"step {i + 1} ({s.kind})", s.line_of("terms"), t
    for i, q in enumerate(lesson.quiz):
        for t in q.terms:
            yield f"quiz question {i + 1}", q.line_of("terms"), t


def _cycle_edges(graph: dict[str, list[str]]) -> dict[tuple[str, str], str]:
    """Edges (lesson, prerequisite) that lie on a cycle -> the cycle written out ('a -> b -> a').

    >>> _cycle_edges({"a": ["b"], "b": ["a"], "c": ["a"]})
    {('a', 'b'): 'a -> b -> a', ('b', 'a'): 'b -> a -> b'}
    """
    out: dict[tuple[str, str], str] = {}
    for start in graph:
        # Depth-first search for a path from start back to start.
        stack = [(start, [start])]
        seen = set()
        while stack:
            node, route = stack.pop()
            for nxt in graph.get(node, []):
                if nxt == start:
                    first = route[1] if len(route) > 1 else start
                    out.setdefault((start, first), " -> ".join([*route, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*route, nxt]))
    return out
