"""Issue 28, the command line wholly in French: ``tarot-tutor --lang fr`` (or a French ``LANG``) gives its help,
argparse's own words, its outputs and its errors in French, and an English user sees exactly what they saw before."""

from __future__ import annotations

import argparse
import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from tutor.cli import argparse_words, language_asked, main
from tutor.i18n import catalogue, using
from tutor.quiz import KINDS

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("score", "legal", "check", "quiz", "worksheet", "blank-sheet", "sheet", "duplicate", "teacher-hash",
            "solve", "bid", "match")
# English words a French help or error must not hold (none of them is also a French word).
ENGLISH = re.compile(
    r"\b(the|and|with|is|are|of|to|from|each|which|when|must|may|this|that|by|for|your|you|not|show|help|"
    r"message|exit|usage|positional|required|invalid|choice|choose|unrecognized|expected|default|seed|players?|"
    r"deals?|hand|tricks?|cards?|taker|defender|write|read|print|files?|input|output|only|also|one|"
    r"per|error|none|directory|such|cannot|between|takes|repeat|answers?|kind|blank|rank|results|"
    r"best|play|played|estimate|budget|advisor|passphrase|hash|teacher|lesson|puzzle|validate|"
    r"translations?|running|totals|breakdown|sheet|worksheet|key)\b", re.I)
# Not prose: option names, {choices}, METAVARS and environment names, code names, quoted values, file names,
# card codes, NAME=VALUE examples, comma-separated CSV columns; then the commands and kinds a user types.
NOT_PROSE = re.compile(r"(?<![\w-])--?[\w-]+|\{[^}]*\}|\b[A-Z][A-Z_0-9]+\b|\b\w+_\w+\b|'[^']*'|`[^`]*`|"
                       r"\b[\w./-]+\.(?:pdf|csv|toml|yaml)\b|\b(?:lessons|puzzles)/(?:fr)?|\b(?:[KQCJ]|10|[1-9])[SHDC]\b|\bT\d{1,2}\b|"
                       r"\bEX\b|\w+=\w+|\w+(?:,\w+){3,}|\.\.\.")
TYPED = set(COMMANDS) | set(KINDS) | {"attack", "defence", "tarot-tutor", "en", "fr"}


def english_left(text: str) -> list[str]:
    """The English words of ``text`` once option names, codes and typed words are set aside."""
    prose = NOT_PROSE.sub(" ", text)
    words = [w for w in re.findall(r"[\w-]+", prose) if w not in TYPED]
    return sorted({m.group(0) for m in ENGLISH.finditer(" ".join(words))})


def test_the_scan_sees_english_and_passes_french():
    assert english_left("usage: tarot-tutor legal [-h] --hand HAND\n  -h, --help  show this help message and exit") \
        == ["and", "exit", "help", "message", "show", "this", "usage"]
    assert english_left("utilisation : tarot-tutor legal [-h] --hand HAND [--players {3,4,5}]\n"
                        "  --hand HAND  la main, par exemple « KH 3H T21 EX » ; choix : 'bidding', 'score'") == []
    assert english_left("taker scores +54") == ["taker"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # --help and argparse's refusals end the parse with SystemExit
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch):
    """A known terminal width (help wraps at it) and no language from the environment unless a test sets one."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LANG", raising=False)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_is_french(capsys, command):
    code, out, err = run(capsys, "--lang", "fr", *([command] if command else []), "--help")
    assert code == 0 and err == ""
    assert out.startswith("utilisation\u00a0: tarot-tutor") and "\noptions\u00a0:\n" in out
    assert "affiche cette aide et s’arrête" in out
    assert english_left(out) == []


def test_the_french_help_lists_every_command(capsys):
    _code, out, _err = run(capsys, "--lang", "fr", "--help")
    listed = set(re.findall(r"^    ([\w-]+) ", out, re.M))
    assert listed == set(COMMANDS)  # a new command: add it to COMMANDS
    assert "COMMANDE" in out and "arguments positionnels\u00a0:" in out


# Bad input in French: argparse's refusals and our own, each one French line, exit 2, no traceback.
BAD = [
    (["quiz", "--kind", "foo"],
     "tarot-tutor quiz\u00a0: erreur\u00a0: argument --kind\u00a0: choix invalide\u00a0: 'foo'"),
    (["score"], "ces arguments sont obligatoires\u00a0: --contract, --points, --oudlers"),
    (["score", "--contract", "garde", "--points", "43", "--oudlers", "x"], "valeur invalide"),
    (["score", "--contract", "garde", "--points", "x", "--oudlers", "2"], "les points s’écrivent comme un nombre"),
    (["score", "--contract", "grande", "--points", "43", "--oudlers", "2"], "contrat inconnu"),
    (["score", "--contract", "garde", "--points", "43", "--oudlers", "5"], "le nombre de bouts"),
    (["bogus"], "argument COMMANDE\u00a0: choix invalide"),
    (["score", "--contract", "garde", "--points", "43", "--oudlers", "2", "--extra"], "arguments inconnus"),
    (["score", "--cont", "garde"], "ces arguments sont obligatoires"),
    (["legal", "--hand", "KH KH"], "figure deux fois dans la main"),
    (["legal", "--hand", "KH", "--called", "5H"], "la carte appelée est un Roi"),
    (["legal", "--hand", "ZZ"], "ce n’est pas une carte"),
    (["quiz", "--kind", "score", "--count", "0"], "--count va de 1 à"),
    (["quiz", "--kind", "score", "--seed", "-1"], "--seed va de 0 à"),
    (["quiz", "--kind", "score", "--option", "x"], "--option s’écrit NOM=VALEUR"),
    (["sheet", "no-such-sheet.csv"], "no-such-sheet.csv\u00a0: lecture impossible (fichier ou dossier introuvable)"),
    (["worksheet", "--kind", "score", "-o", "sheet.txt"], "le fichier à écrire doit être un .pdf"),
    (["blank-sheet", "-o", ""], "le nom du fichier à écrire est vide"),
    (["check", "dossier-absent"], "fichier ou dossier introuvable"),
    (["bid", "--hand", "KH", "--seat", "9"], "--seat va de 1 à 4"),
    (["match", "--boards", "0"], "--boards va de 1 à"),
    (["solve", "no-such-position.yaml"], "lecture impossible"),
]


@pytest.mark.parametrize(("argv", "french"), BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_a_bad_input_is_refused_in_french(capsys, tmp_path, monkeypatch, argv, french):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "--lang", "fr", *argv)
    assert code == 2 and out == ""
    assert french in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert english_left(err) == []


def test_the_environment_language_is_used_before_the_parser_is_built(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, _out, err = run(capsys, "quiz", "--kind", "foo")
    assert code == 2 and "choix invalide" in err
    code, out, _err = run(capsys, "--help")
    assert code == 0 and out.startswith("utilisation")
    code, out, _err = run(capsys, "--lang", "en", "--help")  # --lang wins over LANG
    assert code == 0 and out.startswith("usage: ")


def test_argparse_speaks_english_again_after_a_french_command(capsys):
    run(capsys, "--lang", "fr", "quiz", "--kind", "foo")
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
    parser = argparse.ArgumentParser(prog="other")
    assert "usage: other" in parser.format_help() and "show this help message and exit" in parser.format_help()


def test_language_asked_reads_lang_before_the_command_only():
    assert language_asked(["--lang", "fr", "legal", "--hand", "KH"], {}) == "fr"
    assert language_asked(["-h", "--lang=fr"], {}) == "fr"
    assert language_asked(["legal", "--hand", "--lang"], {"LANG": "C.UTF-8"}) == "en"
    assert language_asked([], {"LC_ALL": "fr_CA.UTF-8"}) == "fr"


# Outputs in French, with French numbers.
def test_outputs_in_french(capsys, tmp_path):
    code, out, _ = run(capsys, "--lang", "fr", "legal", "--hand", "KH 3H 5S T4 EX", "--trick", "2H QH")
    assert code == 0 and "Cartes jouables" in out and "  5S\u00a0: " in out
    sheet = ROOT / "tests" / "fixtures" / "club" / "feuille-club.csv"
    code, out, _ = run(capsys, "--lang", "fr", "sheet", str(sheet))
    assert code == 0 and "preneur" in out and "Totaux" in out and "40,5" in out and "4 donnes\u202f;" in out
    assert english_left(out) == []
    pdf = tmp_path / "fiche.pdf"
    code, out, _ = run(capsys, "--lang", "fr", "worksheet", "--kind", "score", "--count", "1", "--seed", "3",
                       "-o", str(pdf))
    assert code == 0 and "1 question, graine 3" in out and "(le corrigé)" in out
    code, out, _ = run(capsys, "--lang", "fr", "check", str(ROOT / "lessons" / "00-a-whole-deal.yaml"))
    assert code in (0, 1) and "vérifié" in out and english_left(out.splitlines()[-1]) == []


def test_the_duplicate_ranking_in_french(capsys, tmp_path):
    rows = ["deal,table,N,E,S,W,taker,score"]
    for table, score in ((1, 56), (2, -20)):
        rows.append(f"1,{table},N{table},E{table},S{table},W{table},N,{score}")
    path = tmp_path / "results.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "--lang", "fr", "duplicate", str(path))
    assert code == 0, err
    assert "Topage de chaque donne" in out and "Classement alterné\u00a0:" in out and "(Nord)" in out
    assert re.search(r"\d+,\d\d", out) and not re.search(r"\d+\.\d\d", out)


# English unchanged: the help of two commands exactly as it was before French came to the command line.
SCORE_HELP = """\
usage: tarot-tutor score [-h] [--players {3,4,5}] --contract CONTRACT --points
                         POINTS --oudlers OUDLERS
                         [--petit-au-bout {attack,defence}]
                         [--poignee {simple,double,triple}]
                         [--chelem {announced_made,made,announced_failed,defence}]
                         [--alone] [--json]

options:
  -h, --help            show this help message and exit
  --players {3,4,5}
  --contract CONTRACT   petite, garde, garde_sans or garde_contre (French
                        names accepted)
  --points POINTS       the attack's card points, e.g. 43 or 40.5
  --oudlers OUDLERS     oudlers in the attack's pile (0-3)
  --petit-au-bout {attack,defence}
                        side that took the Petit in the last trick
  --poignee {simple,double,triple}
                        a poignée shown by either side (repeat for several)
  --chelem {announced_made,made,announced_failed,defence}
  --alone               5 players: the taker plays alone
  --json                print JSON
"""
LEGAL_HELP = """\
usage: tarot-tutor legal [-h] --hand HAND [--trick TRICK] [--called CALLED]
                         [--first-trick] [--json]

options:
  -h, --help       show this help message and exit
  --hand HAND      the hand, e.g. "KH 3H 5S T4 EX"
  --trick TRICK    cards already played to the trick, in order
  --called CALLED  5 players: the called king (for the first lead)
  --first-trick    5 players: this is the first trick
  --json           print JSON
"""


@pytest.mark.parametrize(("command", "expected"), [("score", SCORE_HELP), ("legal", LEGAL_HELP)])
def test_the_english_help_is_unchanged(capsys, command, expected):
    code, out, _err = run(capsys, command, "--help")
    assert code == 0 and out == expected


def test_english_errors_are_unchanged(capsys):
    code, _out, err = run(capsys, "quiz", "--kind", "foo")
    assert code == 2 and err.startswith("tarot-tutor quiz: error: argument --kind: invalid choice: 'foo' (choose from ")
    code, _out, err = run(capsys, "score")
    assert err == ("tarot-tutor score: error: the following arguments are required: --contract, --points, "
                   "--oudlers\n")
    code, _out, err = run(capsys, "score", "--contract", "garde", "--points", "x", "--oudlers", "2")
    assert err == "tarot-tutor: error: points must be a number like 43 or 40.5, not 'x'\n"


# The catalogue: every string of the command line has its French, with every placeholder.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
FILES = [*sorted((ROOT / "tutor" / "cli").glob("*.py")), ROOT / "tutor" / "strategy" / "bidding" / "estimate.py",
         ROOT / "tutor" / "engine" / "rules.py"]
# The words argparse writes to a user (Python's own msgids, %-style): each must be in argparse and in French.
ARGPARSE_WORDS = ("usage: ", "positional arguments", "options", "show this help message and exit",
                  "argument %(argument_name)s: %(message)s", "unrecognized arguments: %s",
                  "the following arguments are required: %s", "expected one argument",
                  "ambiguous option: %(option)s could match %(matches)s", "invalid %(type)s value: %(value)r",
                  "invalid choice: %(value)r (choose from %(choices)s)", "not allowed with argument %s",
                  "one of the arguments %s is required", "expected at most one argument",
                  "expected at least one argument", "ignored explicit argument %r")


def _fields(text: str) -> set[str]:
    return {re.split(r"[.\[!:]", name)[0] for _l, name, _s, _c in string.Formatter().parse(text) if name}


def test_every_command_line_string_has_its_french_with_its_placeholders():
    cat = catalogue("fr")
    problems = []
    for path in FILES:
        for _line, msg, _comments, _ctx in extract_from_file("python", str(path), keywords=KEYWORDS):
            ids = msg if isinstance(msg, tuple) else (msg,)
            entry = cat.get(ids[0])
            strs = entry.string if entry is not None and isinstance(entry.string, tuple) else (
                (entry.string,) if entry is not None else ())
            if not strs or not all(strs):
                problems.append(("untranslated", path.name, ids[0]))
                continue
            want = set().union(*map(_fields, ids))
            for s in strs:
                if not _fields(ids[-1]) <= _fields(s) | _fields(ids[0]) or not _fields(s) <= want:
                    problems.append(("placeholders", ids[0], s))
    assert problems == []


def test_argparse_words_are_in_argparse_and_in_french():
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    cat = catalogue("fr")
    for msgid in ARGPARSE_WORDS:
        assert repr(msgid)[1:-1] in source or msgid in source, msgid  # a new Python renamed it: translate the new
        entry = cat.get(msgid)
        assert entry is not None and entry.string and (entry.string != msgid or msgid == "options"), msgid
        assert re.findall(r"%\(\w+\)[sr]|%[sr]", entry.string) == re.findall(r"%\(\w+\)[sr]|%[sr]", msgid), msgid
    with using("fr"), argparse_words():
        assert argparse._("usage: ") == "utilisation\u00a0: "
