"""Issue 28, the club's last English: the duplicate ranking's and the CSV imports' refusals, the class quiz's
answers CSV, the PDFs and the club and class pages walked with real state, all in French; English unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po

from tutor import i18n
from tutor.club import CsvError, EntryError, Game, read_csv
from tutor.club.duplicate import DuplicateError, Result, rank
from tutor.club.duplicate_csv import from_csv as duplicate_from_csv

ROOT = Path(__file__).resolve().parents[2]
FRAGMENT = i18n.LOCALES / "fr" / "LC_MESSAGES" / "club_more.po"
MINE = [*sorted(str(p.relative_to(ROOT)) for d in ("club", "worksheets") for p in (ROOT / "tutor" / d).glob("*.py")),
        "tutor/classroom/stats.py", "tutor/ui/club/duplicate.py", "tutor/ui/club/scoresheet.py",
        "tutor/ui/club/sheet_saving.py",
        "tutor/ui/classroom/class_board.py",
        "tutor/engine/scoring.py", "tutor/engine/rules.py"]
PLACEHOLDER = re.compile(r"\{[a-z_]*(?:![rs])?\}")
# Words that give English away in a refusal (whole words); French never uses them.
ENGLISH = re.compile(r"\b(the|is|not|line|deal|table|taker|score|players?|header|column|cells?|missing|with|"
                     r"twice|sits|seats?|must|results?|rank|empty|longer|characters|sheet|says|first|dealer|"
                     r"partner|alone|only|field|game|attack|trick|target|unknown|contract|use)\b")
HEADER = "deal,table,N,E,S,W,taker,score\n"


def _msgids(paths):
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    for path in paths:
        for _line, message, _c, _x in extract_from_file("python", ROOT / path, keywords=keywords):
            yield path, message if isinstance(message, str) else message[0], message


def test_every_string_of_these_modules_has_its_french_with_its_placeholders():
    cat = i18n.catalogue("fr")
    checked = 0
    for path, key, message in _msgids(MINE):
        if path.startswith("tutor/engine/"):
            continue  # the engine's other sentences are the engine text's owners'; ours are checked below
        entry = cat.get(key)
        assert entry is not None and entry.string, f"{path}: no French for {message!r}"
        want = set(PLACEHOLDER.findall(" ".join(message) if isinstance(message, tuple) else message))
        for form in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            got = set(PLACEHOLDER.findall(form))
            assert want - {"{n}"} <= got <= want, (path, message, form)
        checked += 1
    assert checked > 300


def test_this_fragment_is_used_well_typeset_and_keeps_placeholders():
    with FRAGMENT.open("rb") as fh:
        ours = read_po(fh, locale="fr")
    from tutor.quiz import KINDS
    # the kinds' summaries (marked N_ where each kind registers) are said through _() where shown
    used = {key for _p, key, _m in _msgids(MINE)} | {g.summary for g in KINDS.values()}
    cat = i18n.catalogue("fr")
    assert all(cat.get(g.summary) and cat.get(g.summary).string for g in KINDS.values())
    entries = [m for m in ours if m.id]
    assert len(entries) >= 35
    for m in entries:
        key = m.id if isinstance(m.id, str) else m.id[0]
        assert key in used, f"{key!r} is in club_more.po but no module says it"
        for form in m.string if isinstance(m.string, tuple) else (m.string,):
            assert form and "'" not in form.replace("!r}", ""), form
            assert not re.search(r"[ \u00a0][;!?]| :", form), form  # narrow no-break spaces, a no-break one
            assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(key)), (key, form)


# -- the duplicate's refusals ----------------------------------------------------------------------------------

BAD_RESULTS = [  # (the CSV's rows after the header, the English refusal, the French one)
    ("1,1,Ann,Bob,Cleo,Dan,N,lots\n",
     "line 2: the score 'lots' is not a whole number (the marque per defender, e.g. 56 or -52)",
     "ligne 2\u00a0: la marque 'lots' n’est pas un nombre entier (la marque par défenseur, par exemple 56 ou -52)"),
    ("1,1,Ann,Bob,Cleo,Dan,X,5\n", "line 2: the taker 'X' is not an orientation (N, E, S or W)",
     "ligne 2\u00a0: le preneur 'X' n’est pas une orientation (Nord, Est, Sud, Ouest, ou N, E, S, O)"),
    ("1,1,Ann,Bob,Cleo,Dan,N,99999\n", "line 2: the score 99999 is beyond the 5,000 a deal can score",
     "ligne 2\u00a0: la marque 99999 dépasse les 5\u202f000 qu’une donne peut marquer"),
    ("1,1,Ann,Bob,,Dan,N,5\n", "line 2: the S player's name is empty", "ligne 2\u00a0: le nom du joueur Sud est vide"),
    ("0,1,Ann,Bob,Cleo,Dan,N,5\n", "line 2: the deal '0' is not a number from 1 to 10,000",
     "ligne 2\u00a0: la donne '0' n’est pas un nombre de 1 à 10\u202f000"),
    ("1,1,Ann,Bob,Cleo,Dan,N,5\n1,1,Eve,Fay,Gus,Hal,N,5\n",
     "line 3: deal 1 is played twice at table 1 (see line 2)",
     "ligne 3\u00a0: la donne 1 est jouée deux fois à la table 1 (voir la ligne 2)"),
    ("1,1,Ann,Bob,Cleo,Dan,N,5\n1,2,Eve,Fay,Gus,Hal,E,5\n",
     "line 3: deal 1: the taker is North at table 1 but East at table 2; the étui names one taker",
     "ligne 3\u00a0: donne 1\u00a0: le preneur est Nord à la table 1, mais Est à la table 2\u202f; l’étui désigne un "
     "seul preneur"),
    ("1,1,Ann,Ann,Cleo,Dan,N,5\n", "line 2: Ann sits in two seats at table 1 (deal 1)",
     "ligne 2\u00a0: Ann occupe deux places à la table 1 (donne 1)"),
    ("1,1,Ann,Bob,Cleo,Dan,N,5\n1,2,Ann,Fay,Gus,Hal,N,5\n", "line 3: Ann plays deal 1 twice (tables 1 and 2)",
     "ligne 3\u00a0: Ann joue deux fois la donne 1 (tables 1 et 2)"),
    ("1,1\n", "line 2: 2 cells but the 'score' column is column 8",
     "ligne 2\u00a0: nombre de cellules\u00a0: 2, mais la colonne 'marque' est la colonne 8"),
]


@pytest.mark.parametrize(("rows", "english", "french"), BAD_RESULTS)
def test_a_bad_duplicate_result_is_refused_in_the_learners_language(rows, english, french):
    for lang, want in (("en", english), ("fr", french)):
        with i18n.using(lang), pytest.raises(DuplicateError) as err:
            duplicate_from_csv(HEADER + rows)
        assert str(err.value) == want


def test_a_bad_duplicate_header_names_the_french_columns_in_french():
    with i18n.using("fr"), pytest.raises(DuplicateError) as err:
        duplicate_from_csv("donne;table;Nord;Est;Sud;preneur;marque\n")
    assert err.value.message == ("l’en-tête n’a pas de colonne Ouest (il lui faut "
                                 "donne;table;Nord;Est;Sud;Ouest;preneur;marque)")
    with pytest.raises(DuplicateError) as err:
        duplicate_from_csv("deal,table,N,E,S,taker,score\n")
    assert err.value.message == "the header has no W column (it needs deal,table,N,E,S,W,taker,score)"
    with i18n.using("fr"), pytest.raises(DuplicateError) as err:
        duplicate_from_csv("# rien\n")
    assert "aucun résultat" in str(err.value) and "donne;table" in str(err.value)


def test_the_ranking_refuses_in_french():
    with i18n.using("fr"):
        with pytest.raises(DuplicateError, match="^il n’y a aucun résultat à classer$"):
            rank([])
        with pytest.raises(DuplicateError, match="^le preneur doit être N, E, S ou W"):
            Result(1, 1, ("A", "B", "C", "D"), "X", 5)
    with pytest.raises(DuplicateError, match="^there are no results to rank$"):
        rank([])


# -- the score sheet's refusals ---------------------------------------------------------------------------------

BAD_SHEETS = [
    "taker,contract,points,oudlers,partner,Ann,Bob,Cleo\nAnn,garde,50,2,Bob,,,\n",
    "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,50,2,1,2,3\n,garde,,2\nAnn,garde,50,2,1,2,3,4,5\n",
    "taker,contract,points,oudlers,partner,Ann,Bob,Cleo,Dan,Eve\nAnn,garde,50,2,Ann,,,,,\nAnn,garde,50,2,,,,,,\n",
    "# first dealer,Zed\ntaker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,50,2\n",
    "taker,contract,points,oudlers,chelem,Ann,Bob,Cleo\nAnn,garde,20,2,announced made\n",
    "taker,contract,points,oudlers,chelem,Ann,Bob,Cleo\nAnn,garde,80,2,defence\n",
    "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,grande,50,2\n",
    "taker,contract,points,oudlers,alone,Ann,Bob,Cleo\nAnn,garde,50,2,oui\n",
]


@pytest.mark.parametrize("text", BAD_SHEETS)
def test_a_bad_score_sheet_import_is_refused_in_french(text):
    with pytest.raises(CsvError) as english:
        read_csv(text, "f.csv")
    with i18n.using("fr"), pytest.raises(CsvError) as french:
        read_csv(text, "f.csv")
    assert len(english.value.lines()) == len(french.value.lines())
    for en, fr in zip(english.value.lines(), french.value.lines()):
        assert en != fr and fr.startswith("f.csv:")
        said = fr.split(":", 2)[2]
        assert not ENGLISH.search(re.sub(r"'[^']*'", "", said)), fr
        assert ": " not in said.replace("\u00a0: ", ""), fr  # a no-break space before every colon


def test_score_sheet_refusals_read_as_a_french_scorer_writes_them():
    with i18n.using("fr"), pytest.raises(CsvError) as err:
        read_csv(BAD_SHEETS[1], "f.csv")
    assert err.value.lines() == [
        "f.csv:2: Ann\u00a0: la feuille indique 1, mais cette donne marque +136",
        "f.csv:2: Bob\u00a0: la feuille indique 2, mais cette donne marque -68",
        "f.csv:2: Cleo\u00a0: la feuille indique 3, mais cette donne marque -68",
        "f.csv:3: preneur\u00a0: manquant", "f.csv:3: points\u00a0: manquant",
        "f.csv:4: nombre de cellules\u00a0: 9, mais l’en-tête a 7 colonnes"]
    with i18n.using("fr"), pytest.raises(EntryError) as err:
        Game.new(["Ann", "Bob", "Cleo"]).add(dict(taker="Ann", contract="garde", points=20, oudlers=2,
                                                  chelem="announced made"))
    assert str(err.value) == ("chelem\u00a0: l’attaque a fait tous les plis, elle ne peut donc pas manquer son "
                              "contrat (20 avec 2 bouts, c’est moins que 41)")


def test_english_refusals_are_unchanged():
    with pytest.raises(CsvError) as err:
        read_csv(BAD_SHEETS[1], "f.csv")
    assert err.value.lines()[0] == "f.csv:2: Ann: the sheet says 1 but this deal scores +136"
    assert err.value.lines()[-1] == "f.csv:4: 9 cells but the header has 7 columns"
    with pytest.raises(EntryError) as err:
        Game.new(["Ann", "Bob", "Cleo"]).add(dict(taker="Ann", contract="garde", points=20, oudlers=1,
                                                  chelem="announced made"))
    assert str(err.value) == ("chelem: the attack took every trick, so it cannot fall short of its target "
                              "(20 with 1 oudler is below 51)")
    with pytest.raises(EntryError) as err:
        Game.new(["Ann", "Bob", "Cleo"]).add(dict(taker="Ann", contract="grande", points=20, oudlers=1))
    assert str(err.value) == "contract: unknown contract 'grande': use one of petite, garde, garde sans, garde contre"
    game = Game.new(["Ann", "Bob", "Cleo"]).add(dict(taker="Ann", contract="garde", points=50, oudlers=2))
    rows = game.to_rows()
    rows[0]["oudlers"] = 7
    with pytest.raises(EntryError, match=r"^deal 1: oudlers: "):
        Game.from_rows(game.players, rows)
    with i18n.using("fr"), pytest.raises(EntryError, match="^donne 1\u00a0: bouts\u00a0: "):
        Game.from_rows(game.players, rows)


# -- the class quiz's answers CSV -------------------------------------------------------------------------------


def _answers():
    from datetime import UTC, datetime, timedelta
    from types import SimpleNamespace

    from tutor.classroom.store import Mark, Player
    t0 = datetime(2025, 3, 14, 9, 30, tzinfo=UTC)
    quiz = SimpleNamespace(questions=[SimpleNamespace(kind="score", skill="scoring"),
                                      SimpleNamespace(kind="count", skill="counting")])
    players = [Player(1, 1, "Anaïs", "t1", t0, None), Player(2, 1, "=HYPERLINK(1)", "t2", t0, None)]
    marks = [Mark(1, 0, "-52", True, 1.0, t0 + timedelta(seconds=20)),
             Mark(1, 1, "40.5", False, 0.5, t0 + timedelta(seconds=45)),
             Mark(2, 0, "garde", False, 0.0, t0 + timedelta(minutes=2))]
    return quiz, players, marks


def test_the_class_answers_csv_in_french_is_for_french_excel_and_english_is_unchanged():
    from tutor.classroom import stats
    quiz, players, marks = _answers()
    assert stats.to_csv(quiz, players, marks) == (
        "learner,question,kind,skill,answer,correct,credit,answered_at\n"
        "Anaïs,1,score,scoring,-52,1,1,2025-03-14T09:30:20+00:00\n"
        "Anaïs,2,count,counting,40.5,0,0.5,2025-03-14T09:30:45+00:00\n"
        "'=HYPERLINK(1),1,score,scoring,garde,0,0,2025-03-14T09:32:00+00:00\n")
    french = stats.to_csv(quiz, players, marks, french=True)
    assert french == (
        "\ufeffélève;question;type;compétence;réponse;juste;crédit;répondu_le_utc\n"
        "Anaïs;1;La marque d’une donne;La marque d’une donne;-52;1;1;2025-03-14 09:30:20\n"
        "Anaïs;2;Compter les points;La valeur des cartes et le compte d’un tas de plis;40,5;0;0,5;2025-03-14 09:30:45\n"
        "'=HYPERLINK(1);1;La marque d’une donne;La marque d’une donne;garde;0;0;2025-03-14 09:32:00\n")
    import csv
    import io
    rows = list(csv.reader(io.StringIO(french.removeprefix("\ufeff")), delimiter=";"))
    assert [len(r) for r in rows] == [8] * 4 and rows[0][0] == "élève"


# -- the PDFs ---------------------------------------------------------------------------------------------------

PDF_ENGLISH = re.compile(r"\b(the|and|is|of|to|your|with|each|taker|dealer|defender|defence|attack|trick|trumps?|"
                         r"king|queen|jack|knight|score|deal|target|step|pick|say|count|which|who|judge|choose|"
                         r"best|every|card|players?|seed|answer|key|worked|name|dog|movement|round|table \d+ of|"
                         r"North|East|South|West|Brought|forward|signed|gains|loses)\b")


def _pdf_text(pdf: bytes) -> str:
    import io

    from pypdf import PdfReader
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def _scan(text: str) -> str:
    """The words of a French PDF's text, less what stays as typed: the kinds' ids and the card codes."""
    from tutor.quiz import KINDS
    text = re.sub(r"\b(" + "|".join(map(re.escape, KINDS)) + r")\b", "", text)
    return re.sub(r"\b(T\d{1,2}|EX|(?:10|[1-9KQCJ])[SHDC])\b", "", text)


def test_every_pdf_of_the_club_and_class_side_is_french_in_french():
    from tutor.club.duplicate_setup import make_setup
    from tutor.worksheets import answers_pdf, blank_sheet_pdf, make_worksheet, worksheet_pdf
    from tutor.worksheets.duplicate import diagrams_pdf, fiches_pdf, movement_pdf
    from tutor.worksheets.worksheet import PRINTABLE
    with i18n.using("fr"):
        ws = make_worksheet(list(PRINTABLE), len(PRINTABLE), seed=5)
        setup = make_setup(3, 3, per_round=1, seed=4)  # the placeholder names: Nord 1, Est 2...
        texts = {"feuille 3": blank_sheet_pdf(3), "feuille 5": blank_sheet_pdf(5, ["Anne", "Ève"]),
                 "fiche": worksheet_pdf(ws), "corrigé": answers_pdf(ws), "diagrammes": diagrams_pdf(setup),
                 "fiches ambulantes": fiches_pdf(setup), "mouvement": movement_pdf(setup)}
    texts = {k: _pdf_text(v) for k, v in texts.items()}
    for name, text in texts.items():
        for line in _scan(text).splitlines():
            assert not PDF_ENGLISH.search(line), (name, line)
    # the kinds' headings, the sign convention and the answer form read as French writes them
    assert "1. Les contrats, les enchères encore possibles, le preneur et le chien" in texts["fiche"]
    assert "Chaque ligne de la marque est signée du côté du preneur" in texts["fiche"]
    assert "Votre réponse\u00a0:" in texts["fiche"] or "Votre réponse :" in texts["fiche"]
    assert re.search(r"Nombre de points à réaliser\s?: \d+\s?; ", texts["corrigé"])
    assert "(25 + différence)" in texts["feuille 3"] and "écart)" not in texts["feuille 3"]
    # a French deck's letters: Roi, Dame, Cavalier, Valet
    assert "V C D R" in texts["diagrammes"] and "J C Q K" not in texts["diagrammes"]
    assert re.search(r"Chien\s?: ", texts["diagrammes"])
    assert "Nord 1" in texts["fiches ambulantes"] and "Ouest 3" in texts["mouvement"]


def test_the_pdfs_in_english_are_unchanged():
    from tutor.club.duplicate_setup import make_setup
    from tutor.worksheets import answers_pdf, make_worksheet, worksheet_pdf
    from tutor.worksheets.duplicate import diagrams_pdf, fiches_pdf
    ws = make_worksheet(["score", "legal"], 2, seed=5)
    sheet, key = (" ".join(_pdf_text(f(ws)).split()) for f in (worksheet_pdf, answers_pdf))
    assert "1. Score a deal step by step on the breakdown form" in sheet
    assert "Every step of the score is signed from the taker’s side" in sheet and "Your answer (card codes):" in sheet
    assert re.search(r"Target: \d+; ", key)
    setup = make_setup(3, 3, per_round=1, seed=4)
    assert "J C Q K" in _pdf_text(diagrams_pdf(setup)) and "North 1" in _pdf_text(fiches_pdf(setup))
