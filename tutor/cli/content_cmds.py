"""``tarot-tutor check [PATHS]``: validate lesson and puzzle files against the engine, and their translations.

Prints one ``path:line: message`` line per problem, then ``checked N files: M problems``.
Exit status 0 when all is well, 1 when any file has a problem, 2 for bad usage.
A translation (``lessons/fr/*.yaml``, ``puzzles/fr/...``) is checked against its English file: the same steps,
checks and options, and an ``en:`` stamp per place that ``--stamp-french`` writes once it has been revised.
"""

from __future__ import annotations

from pathlib import Path

from ..content.glossary import GLOSSARY_FILE
from ..content.lessons import lesson_files, load_course, load_lesson
from ..content.stamps import (
    check_translation,
    check_translations,
    is_translation,
    stamp_translation,
    stamp_translations,
)
from ..content.yamlio import Problem
from ..engine.errors import TarotError
from ..i18n import _, ngettext
from ..quiz.puzzles import check_puzzle_file  # importing tutor.quiz also hands its generators to the lesson checker
from ..quiz.strategy_record import default_cache

YAML_SUFFIXES = (".yaml", ".yml")


def register(sub) -> None:
    p = sub.add_parser("check", help=_("validate lesson and puzzle files (every fixed answer against the engine)"))
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help=_("lesson or puzzle files or directories (default: lessons/ and puzzles/)"))
    p.add_argument("--stamp-french", action="store_true",
                   help=_("first write the 'en:' stamps of the translations (lessons/fr, puzzles/fr): run it once a "
                          "translation has been checked against the English it translates"))
    p.add_argument("--stability", action="store_true",
                   help=_("first compute and record the advisor's verdicts of the single-dummy puzzles on every seed "
                          "their answer must hold on (beside each puzzle file, as FILE.verdicts.json): run it after a "
                          "change to the advisor or the bots"))
    p.set_defaults(handler=cmd_check)


def default_targets(cwd: Path | None = None) -> list[Path]:
    """lessons/ and puzzles/ in the current directory, or else in the repository the package lives in."""
    cwd = cwd or Path.cwd()
    for base in (cwd, Path(__file__).resolve().parents[2]):
        found = [base / name for name in ("lessons", "puzzles") if (base / name).is_dir()]
        if found:
            return [_pretty(p) for p in found]
    raise TarotError(_("no lessons/ or puzzles/ directory here: give the files or directories to check"))


def _pretty(p: Path) -> Path:
    try:
        return p.relative_to(Path.cwd())
    except ValueError:
        return p


def _is_puzzle(path: Path) -> bool:
    return any(part == "puzzles" for part in path.resolve().parts[-4:-1]) or path.name.startswith("puzzle")


def _is_guided(path: Path) -> bool:
    """A guided hand: a file in a ``guided/`` folder (puzzles/guided/*.yaml)."""
    return path.resolve().parent.name == "guided"


def check_guided(path: Path) -> list[Problem]:
    from ..practice.guided import check_guided_file
    return list(check_guided_file(path))


def check_puzzle(path: Path) -> list[Problem]:
    """Problems of one puzzle file, found by the puzzle checker (bid estimates cached, see
    ``tutor.quiz.strategy_puzzles.default_cache``)."""
    return list(check_puzzle_file(path, cache=default_cache()))


def collect(paths: list[Path]) -> tuple[list[str], list[Problem]]:
    """(files checked, problems) for files and directories of lessons and puzzles."""
    files: dict[str, None] = {}
    problems: dict[Problem, None] = {}
    courses: dict[Path, object] = {}

    def course_of(directory: Path):
        key = directory.resolve()
        if key not in courses:
            courses[key] = load_course(directory, lang="en")  # the English files, whatever LANG says
        return courses[key]

    def lesson_file(f: Path) -> None:
        files[str(f)] = None
        if f.suffix not in YAML_SUFFIXES:  # not part of any course: check it on its own, and say so
            problems[Problem(str(f), 0, _("the course reads only files ending in {suffixes}, so this file is "
                                          "left out").format(suffixes=_(" or ").join(YAML_SUFFIXES)))] = None
            for p in load_lesson(f, lang="en").problems:
                problems[Problem(str(f), p.line, p.message)] = None
            return
        course = course_of(f.parent)
        for p in course.problems:
            if Path(p.path).resolve() == f.resolve():
                problems[Problem(str(f), p.line, p.message)] = None

    def puzzle_file(f: Path) -> None:
        files[str(f)] = None
        for p in (check_guided(f) if _is_guided(f) else check_puzzle(f)):
            problems[p] = None

    def translations(d: Path) -> None:  # checked with the English files, not counted among them
        problems.update(dict.fromkeys(check_translations(d)[1]))

    def guided_dir(d: Path) -> None:
        for f in sorted(p for p in d.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file()):
            puzzle_file(f)

    for path in paths:
        if path.is_file() and is_translation(path):
            files[str(path)] = None  # named on its own: counted
            problems.update(dict.fromkeys(check_translation(path)))
            continue
        if path.is_dir() and is_translation(path / "x.yaml"):  # lessons/fr: every translation in it, counted
            more_files, more_problems = check_translations(path.parent)
            files.update(dict.fromkeys(more_files))
            problems.update(dict.fromkeys(more_problems))
            continue
        if path.is_dir() and path.resolve().name == "guided":
            guided_dir(path)
            continue
        if path.is_dir():
            yamls = sorted(p for p in path.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())
            if not yamls:
                subs = [path / n for n in ("lessons", "puzzles") if (path / n).is_dir()]
                if not subs:
                    if path.resolve().name in ("lessons", "puzzles"):
                        continue  # an empty content directory is fine
                    raise TarotError(_("{path}: no lesson or puzzle files (*.yaml) in this directory").format(
                        path=path))
                more_files, more_problems = collect(subs)
                files.update(dict.fromkeys(more_files))
                problems.update(dict.fromkeys(more_problems))
                continue
            if path.resolve().name == "puzzles":
                for f in yamls:
                    puzzle_file(f)
                if (path / "guided").is_dir():
                    guided_dir(path / "guided")
                translations(path)
                continue
            glossary = path / GLOSSARY_FILE
            if glossary.exists():
                lesson_file(glossary)
            for f in lesson_files(path):
                lesson_file(f)
            translations(path)
        elif path.is_file():
            if _is_puzzle(path) or _is_guided(path):
                puzzle_file(path)
            else:
                lesson_file(path)
        else:
            raise _missing(path)
    return list(files), list(problems)


def _missing(path: Path) -> TarotError:
    return TarotError(_("{path}: no such file or directory").format(path=path))


def cmd_check(args) -> int:
    paths = [Path(p) for p in args.paths] if args.paths else default_targets()
    for p in paths:
        if not p.exists():
            raise _missing(p)
        if not (p.is_file() or p.is_dir()):  # a device, a pipe, a socket: nothing to read as a lesson
            raise TarotError(_("{path}: not a regular file or a folder").format(path=p))
    if args.stamp_french:
        stamp(paths)
    if args.stability:
        record_stability(paths)
    files, problems = collect(paths)
    for p in problems:
        print(p)
    n = len(problems)
    print(_("checked {files}: {problems}").format(
        files=ngettext("{n} file", "{n} files", len(files)).format(n=len(files)),
        problems=ngettext("{n} problem", "{n} problems", n).format(n=n)))
    return 1 if problems else 0


def _seat_files(paths: list[Path]) -> list[Path]:
    """The English puzzle files among ``paths`` (files and folders) that hold single-dummy puzzles."""
    out = []
    for p in paths:
        if p.is_dir():
            sub = p / "puzzles" if (p / "puzzles").is_dir() else p
            out += sorted(f for f in sub.iterdir() if f.suffix in YAML_SUFFIXES and f.is_file())
        elif p.is_file() and not is_translation(p):
            out.append(p)
    return [f for f in out if "kind: seat-card" in f.read_text(errors="replace")]


def record_stability(paths: list[Path]) -> None:
    """Record the single-dummy puzzles' verdicts on every seed of the stability rule (a few seconds a puzzle)."""
    from ..quiz.puzzles import record_verdicts
    from ..quiz.seat_puzzles import advisor_code_hash

    def progress(pid: str, seed: int, ties) -> None:
        print(_("{puzzle}, seed {seed}: ties {cards}").format(puzzle=pid, seed=seed, cards=" ".join(ties)), flush=True)

    for f in _seat_files(paths):
        n = record_verdicts(f, progress)
        print(_("{path}: {n} verdicts recorded for the advisor's code {code}").format(
            path=f, n=n, code=advisor_code_hash()), flush=True)


def stamp(paths: list[Path]) -> None:
    """Write the ``en:`` stamps of the translations among ``paths`` (files, language folders, content folders)."""
    files, dirs = [], []
    for p in paths:
        if p.is_file():
            files += [p] if is_translation(p) else []
        elif is_translation(p / "x.yaml"):
            dirs.append(p.parent)
        else:
            dirs += [p, *(p / n for n in ("lessons", "puzzles") if (p / n).is_dir())]
    written, changed, left = 0, 0, []
    for d in dict.fromkeys(dirs):
        w, c, bad = stamp_translations(d)
        written, changed, left = written + w, changed + c, left + bad
    for f in files:
        w, bad = stamp_translation(f)
        written, changed, left = written + w, changed + bool(w), left + bad
    print(_("stamped {places} in {files}").format(
        places=ngettext("{n} translated place", "{n} translated places", written).format(n=written),
        files=ngettext("{n} file", "{n} files", changed).format(n=changed))
        + (_(" (files with a structure problem left alone)") if left else ""))
