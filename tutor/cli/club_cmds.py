"""``tarot-tutor worksheet``, ``blank-sheet`` and ``sheet``: paper for a class, and a club's score sheet.

- ``worksheet --kind score --kind legal --count 20 --seed 7 -o sheet.pdf`` writes the questions to
  ``sheet.pdf`` and the answer key to ``sheet-answers.pdf`` (or to ``--answers PATH``).
- ``blank-sheet --players 5 -o blank.pdf`` writes an empty FFT-style score sheet.
- ``sheet deals.csv`` prints a CSV score sheet (format: ``tutor.club.csvio``) with every player's
  score and the totals; ``--json`` for data. A bad line gives ``file:line: field: message`` and exit 2.
- ``duplicate results.csv`` ranks a duplicate tournament (format: ``tutor.club.duplicate_csv``): the
  topage of each deal, each player's percentages, the classements général and alterné; ``--json`` for data.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

from ..engine.errors import TarotError
from ..i18n import N_, _, language, ngettext
from ..i18n.words import say
from ..limits import MAX_NAME_CHARS, MAX_QUESTIONS, MAX_SHEET_BYTES, MAX_TITLE_CHARS
from ..names import hidden
from .quiz_cmds import check_seed, kind_choices
from .reading import read_text
from .text import decimal, os_reason


def register(sub) -> None:
    kinds = kind_choices()
    p = sub.add_parser("worksheet", help=_("a printable PDF of quiz questions, and its answer key"))
    p.add_argument("--kind", action="append", required=True, choices=kinds,
                   help=_("a kind of question (repeat to mix kinds; question i takes the next kind in turn)"))
    p.add_argument("--count", type=int, default=10,
                   help=_("how many questions (1-{most}, default 10)").format(most=MAX_QUESTIONS))
    p.add_argument("--seed", type=int, help=_("seed of the first question; question i has seed+i (default: random)"))
    p.add_argument("--players", type=int, choices=(3, 4, 5), help=_("player count (default: drawn from the seed)"))
    p.add_argument("--difficulty", type=int, choices=(1, 2, 3), help=_("1-3 (default: drawn from the seed)"))
    p.add_argument("--title", help=_("the title printed on both PDFs (one line, at most {most} characters)").format(
                       most=MAX_TITLE_CHARS))
    p.add_argument("-o", "--output", required=True, help=_("the worksheet PDF to write"))
    p.add_argument("--answers", help=_("the answer key PDF to write (default: OUTPUT with -answers before .pdf)"))
    p.set_defaults(handler=cmd_worksheet)

    p = sub.add_parser("blank-sheet", help=_("a blank FFT-style score sheet PDF for a club night"))
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--name", action="append", default=[], help=_("a player's name for a column header (repeat)"))
    p.add_argument("--rows", type=int, help=_("deal rows (default: as many as fit on the page, 19)"))
    p.add_argument("-o", "--output", required=True, help=_("the PDF to write"))
    p.set_defaults(handler=cmd_blank_sheet)

    p = sub.add_parser("sheet", help=_("print a club score sheet from CSV, with every score and the totals"))
    p.add_argument("csv", help=_("the sheet as CSV (see the README for the columns); - reads standard input"))
    p.add_argument("--running", action="store_true", help=_("show running totals instead of each deal's scores"))
    p.add_argument("--breakdown", action="store_true", help=_("print the FFT breakdown under each deal"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_sheet)

    p = sub.add_parser("duplicate", help=_("rank a duplicate tournament from its results CSV, as the FFT does"))
    p.add_argument("csv", help=_("the results: deal,table,N,E,S,W,taker,score (- reads standard input)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_duplicate)


def refuse_hidden_name(name: str) -> None:
    if any(hidden(c) for c in name):
        raise TarotError(_("a player's name cannot hold invisible or formatting characters"))


def _not_pdf(path: Path) -> TarotError:
    return TarotError(_("{path}: the output must be a .pdf file").format(path=path))


def _write(path: Path, data: bytes) -> None:
    if path.suffix.lower() != ".pdf":
        raise _not_pdf(path)
    try:
        path.write_bytes(data)
    except OSError as err:
        raise TarotError(_("{path}: cannot write it ({why})").format(path=path, why=os_reason(err))) from None


def _output(name: str) -> Path:
    """A PDF path to write; an empty name or a directory is refused before any work."""
    if not name.strip():
        raise TarotError(_("the output file name is empty: give one ending in .pdf, e.g. -o sheet.pdf"))
    path = Path(name)
    if path.is_dir():
        raise TarotError(_("{path}: is a directory: give the output file name ending in .pdf").format(path=path))
    if path.suffix.lower() != ".pdf":
        raise _not_pdf(path)
    folder = path.parent
    if not folder.is_dir():  # said before the PDF is made (seconds of work), not after
        raise TarotError(_("{path}: the folder {folder} does not exist").format(path=path, folder=folder))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise TarotError(_("{path}: cannot write there (no permission)").format(path=path))
    return path


def answers_path(output: Path) -> Path:
    """sheet.pdf -> sheet-answers.pdf, beside it."""
    return output.with_name(output.stem + "-answers" + output.suffix)


def cmd_worksheet(args) -> int:
    from ..worksheets import answers_pdf, make_worksheet, worksheet_pdf
    output = _output(args.output)
    answers = _output(args.answers) if args.answers else answers_path(output)
    if output.resolve() == answers.resolve():
        raise TarotError(_("the worksheet and the answer key need different files"))
    for path in (output, answers):
        if path.suffix.lower() != ".pdf":
            raise _not_pdf(path)
    check_seed(args.seed)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    ws = make_worksheet(args.kind, args.count, seed, players=args.players, difficulty=args.difficulty,
                        title=args.title)
    sheet, key = worksheet_pdf(ws), answers_pdf(ws)  # both made before either is written
    _write(output, sheet)
    _write(answers, key)
    # The English says "questions" even for one (as it always has); the French takes its singular.
    print(ngettext("wrote {output} ({n} questions, seed {seed}) and {answers} (the answer key)",
                   "wrote {output} ({n} questions, seed {seed}) and {answers} (the answer key)",
                   len(ws.questions)).format(output=output, n=len(ws.questions), seed=seed, answers=answers))
    return 0


def cmd_blank_sheet(args) -> int:
    from ..worksheets import blank_sheet_pdf
    for name in args.name:  # checked first: laying out a very long name takes seconds
        name = " ".join(name.split())
        if len(name) > MAX_NAME_CHARS:
            raise TarotError(_("a player's name has at most {n} characters: {name!r}…").format(
                n=MAX_NAME_CHARS, name=name[:20]))
        refuse_hidden_name(name)
    output = _output(args.output)
    data = blank_sheet_pdf(args.players, args.name, rows=args.rows)
    _write(output, data)
    print(_("wrote {output} (a blank score sheet for {n} players)").format(output=output, n=args.players))
    return 0


def _read(path: str) -> str:
    # capped: the path may be /dev/zero or a pipe that never ends
    return read_text(path, MAX_SHEET_BYTES, _("the sheet"), hint=_(' (save the sheet as "CSV UTF-8")'))


# A sheet's extras in words (the English is the code name with spaces, as before).
PETIT_AU_BOUT = {"attack": N_("petit au bout attack"), "defence": N_("petit au bout defence")}
CHELEMS = {"announced_made": N_("chelem announced made"), "made": N_("chelem made"),
           "announced_failed": N_("chelem announced failed"), "defence": N_("chelem defence")}


def _extras(entry) -> str:
    parts = []
    if entry.petit_au_bout:
        parts.append(_(PETIT_AU_BOUT.get(entry.petit_au_bout, entry.petit_au_bout)))
    parts += [f"poignée {p}" for p in entry.poignees]  # simple, double, triple: the same words in French
    if entry.chelem:
        parts.append(_(CHELEMS.get(entry.chelem, entry.chelem)))
    if entry.alone:
        parts.append(_("alone"))
    return ", ".join(parts)


def format_sheet(sheet, *, running: bool = False, breakdown: bool = False) -> str:
    """The sheet as a text table: one line per deal, then the totals and the zero-sum check."""
    five = len(sheet.players) == 5
    head = ["#", _("taker"), *([_("partner")] if five else []), _("contract"), _("points"), _("oudlers"),
            _("bonuses"), *sheet.players]
    lines = []
    for r in sheet.rows:
        e = r.entry
        pts = int(e.points) if e.points.is_integer() else e.points
        lines.append([str(r.number), e.taker, *([e.partner or "-"] if five else []),
                      e.contract.value.replace("_", " "), decimal(str(pts)), str(e.oudlers), _extras(e),
                      *(f"{v:+d}" for v in (r.totals if running else r.scores))])
    total = ["", _("Totals"), *([""] if five else []), "", "", "", "", *(f"{v:+d}" for v in sheet.totals)]
    widths = [max(len(row[i]) for row in (head, *lines, total)) for i in range(len(head))]
    fixed = len(head) - len(sheet.players)
    numeric = {0, fixed - 3, fixed - 2}  # #, points, oudlers
    numeric |= set(range(fixed, len(head)))  # numbers line up on the right

    def fmt(row):
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths)))

    out = [fmt(head).rstrip(), "-" * len(fmt(head).rstrip())]
    for r, row in zip(sheet.rows, lines):
        out.append(fmt(row).rstrip())
        if breakdown:
            out += ["      " + say(step.text) for step in r.score.steps]
    out += ["-" * len(out[0]), fmt(total).rstrip()]
    bad = sheet.unbalanced()
    n = len(sheet.rows)
    out.append(_("Rows not summing to zero: {rows}").format(rows=", ".join(map(str, bad))) if bad else
               ngettext("{n} deal; every row sums to zero.", "{n} deals; every row sums to zero.", n).format(n=n))
    return "\n".join(out)


def cmd_sheet(args) -> int:
    from ..club import CsvError, from_csv
    source = "<stdin>" if args.csv == "-" else args.csv
    try:
        game = from_csv(_read(args.csv), source)
    except CsvError as err:
        for line in err.lines():
            print(line, file=sys.stderr)
        return 2
    sheet = game.sheet()
    if args.json:
        print(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(format_sheet(sheet, running=args.running, breakdown=args.breakdown))
    return 0


def duplicate_json(ranking) -> dict:
    """The stable JSON form of ``tarot-tutor duplicate --json``."""
    from ..club.duplicate import pct
    return {
        "deals": {str(deal): [{"table": n.result.table, "score": n.result.score, "taker_pct": pct(n.taker_note)}
                              for n in notes] for deal, notes in ranking.notes.items()},
        "players": [{"name": p.name, "seat": p.seat, "attack_pct": pct(p.attack), "defence_pct": pct(p.defence),
                     "global_pct": pct(p.global_), "place": place}
                    for p, place in zip(ranking.players, ranking.general_places)],
        "general": list(ranking.general),
        "alternate": list(ranking.alternate),
        "alternate_places": list(ranking.alternate_places),  # equal percentages share a place
    }


def _table(head: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]

    def fmt(row):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths)))

    top = fmt(head).rstrip()
    return [top, "-" * len(top), *(fmt(r).rstrip() for r in rows)]


def format_duplicate(ranking) -> str:
    """The ranking as text: the topage of each deal, then the players by the classement général, then the
    classement alterné."""
    from ..club.duplicate import FRENCH_NAMES, ORIENTATION_NAMES
    names = FRENCH_NAMES if language() == "fr" else ORIENTATION_NAMES

    def show(x):
        if x is None:
            return "-"
        return f"{float(x):.2f}".replace(".", ",") if language() == "fr" else f"{float(x):.2f}"

    out = [_("Topage of each deal (the marque is per defender: + the taker made it, - failed)"), ""]
    rows = []
    for deal, notes in ranking.notes.items():
        for n in notes:
            r = n.result
            rows.append([str(deal), str(r.table), f"{r.taker_name} ({names[r.taker]})",
                         f"{r.score:+d}", show(n.taker_note), show(n.defence_note)])
    out += _table([_("deal"), _("table"), _("taker"), _("marque"), _("taker %"), _("defence %")], rows,
                  {0, 1, 3, 4, 5})
    out += ["", _("Classement général (global % = 1/4 attack + 3/4 defence)"), ""]
    rows = [[ranking.general_place(p.name), p.name, names[p.seat], show(p.attack), show(p.defence), show(p.global_)]
            for p in ranking.players]
    out += _table(["#", _("player"), _("seat"), _("attack %"), _("defence %"), _("global %")], rows, {0, 3, 4, 5})
    out += ["", _("Classement alterné: {players}").format(
        players=", ".join(_placed(ranking.alternate_place(name), name) for name in ranking.alternate))]
    return "\n".join(out)


def _placed(place: str, name: str) -> str:
    """"2. Bob", or "1 ex aequo Ann" for a shared place."""
    return f"{place}. {name}" if place.isdigit() else f"{place} {name}"


def cmd_duplicate(args) -> int:
    from ..club.duplicate import DuplicateError, rank
    from ..club.duplicate_csv import from_csv
    source = "<stdin>" if args.csv == "-" else args.csv
    try:
        ranking = rank(from_csv(_read(args.csv)))
    except DuplicateError as err:
        where = f"{source}:{err.line}" if err.line else source
        print(f"{where}: {say(err.message)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(duplicate_json(ranking), ensure_ascii=False, indent=2))
        return 0
    print(format_duplicate(ranking))
    return 0
