"""Issue 28 in French for the club and class side: every string of these modules has its French with the same
placeholders; each page opens in French under AppTest and shows French words; the PDFs read back in French with
decimal commas; the French CSV exports come back in on import."""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from french_club_pages import PASS, french, no_english, page, press, shown  # noqa: F401
from pypdf import PdfReader

from tutor import i18n
from tutor.club import Game, read_csv, to_csv
from tutor.club.duplicate import rank
from tutor.club.duplicate_csv import from_csv as duplicate_from_csv
from tutor.club.duplicate_csv import to_csv as duplicate_to_csv
from tutor.quiz import AnswerType, generate
from tutor.worksheets import answers_pdf, blank_sheet_pdf, make_worksheet, worksheet_pdf
from tutor.worksheets.worksheet import answer_label

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
MINE = [f"tutor/ui/{m}.py" for m in (
    "classroom/classroom", "classroom/teacher", "common/learner", "classroom/class_board", "classroom/class_duplicate",
    "classroom/class_timer", "classroom/stage", "classroom/projector", "classroom/own_questions", "club/organiser",
    "club/scoresheet", "club/sheet_saving", "club/scoresheet_view", "club/seasons", "club/duplicate",
    "club/duplicate_saving", "club/duplicate_list",
    "classroom/duplicate_board", "learn/worksheets")]
MINE += [str(p.relative_to(ROOT)) for d in ("tutor/worksheets", "tutor/club", "tutor/classroom")
         for p in sorted((ROOT / d).glob("*.py"))]
PLACEHOLDER = re.compile(r"\{[a-z_]*(?:![rs])?\}")


def msgids():
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
    for path in MINE:
        for _line, message, _comments, context in extract_from_file("python", ROOT / path, keywords=keywords):
            yield path, message, context


def test_every_string_of_these_modules_has_its_french_with_the_same_placeholders():
    cat = i18n.catalogue("fr")
    seen = 0
    for path, message, context in msgids():
        key = message if isinstance(message, str) else message[0]
        entry = cat.get(key, context=context)
        assert entry is not None and entry.string, f"{path}: no French for {message!r}"
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        want = set(PLACEHOLDER.findall(" ".join(message) if isinstance(message, tuple) else message))
        for form in forms:
            assert form, f"{path}: an empty plural form for {message!r}"
            got = set(PLACEHOLDER.findall(form))
            # a singular form may spell "1" out; every other placeholder must be kept, and none added
            assert want - {"{n}"} <= got <= want and ("{n}" in got or isinstance(message, tuple)
                                                      or "{n}" not in want), (path, message, form)
        seen += 1
    assert seen > 600  # the pages, the PDFs and the club and class messages


def test_french_text_has_french_punctuation_and_no_straight_apostrophe():
    # This fragment's own translations (another fragment may carry the same English with its own French).
    from babel.messages.pofile import read_po
    with (i18n.LOCALES / "fr" / "LC_MESSAGES" / "ui_club.po").open("rb") as fh:
        cat = read_po(fh, locale="fr")
    ours = {m if isinstance(m, str) else m[0] for _p, m, _c in msgids()} & {m.id if isinstance(m.id, str) else m.id[0]
                                                                        for m in cat if m.id}
    for key in ours:
        for form in (cat[key].string if isinstance(cat[key].string, tuple) else (cat[key].string,)):
            if "scrypt" in form:  # a shell command keeps its quotes
                continue
            assert "'" not in form.replace("!r}", ""), form
            assert not re.search(r" [?!;]", form) and " :" not in form, form  # a no-break space before


# -- the pages under AppTest ---------------------------------------------------------------------------------


def test_score_sheet_opens_in_french_and_keeps_score_in_french(french):  # noqa: F811  (the fixture)
    at = page("scoresheet")
    assert at.title[0].value == "Feuille de marque"
    no_english(at)
    at.text_input(key="club_new_name").set_value("Vendredi")
    for i, n in enumerate(["Anne", "Ève", "Cleo"]):  # three players: half points are possible
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at = press(at, "Commencer la partie")
    assert any("Pas encore de donne" in i.value for i in at.info)
    at.selectbox(key="club_taker").set_value("Ève")
    at.selectbox(key="club_contract").set_value("garde")
    at.text_input(key="club_points").set_value("40,5")  # the French decimal comma is read
    at.segmented_control(key="club_oudlers").set_value(2)
    at = press(at, "Ajouter la donne")
    assert not at.error, [e.value for e in at.error]
    texts = shown(at)
    assert any("Classement après 1 donne" in t for t in texts)
    assert any("40,5 points avec 2 bouts · chuté de 1" in t for t in texts), texts  # 41 needed with 2 bouts
    assert any(s.value == "Donne 1 enregistrée." for s in at.success)
    # The French export comes first: its own label, and it is the French file.
    first = at.download_button(key="club_csv_fr")
    assert first.label == "Télécharger la feuille (CSV)"
    assert "anglais" in at.download_button(key="club_csv_out").label
    no_english(at)


def test_a_refused_deal_is_explained_in_french(french):  # noqa: F811  (the fixture)
    at = page("scoresheet")
    for i, n in enumerate(["Anne", "Ève", "Cleo"]):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at = press(at, "Commencer la partie")
    at.selectbox(key="club_taker").set_value("Anne")
    at.selectbox(key="club_contract").set_value("petite")
    at.text_input(key="club_points").set_value("beaucoup")
    at.segmented_control(key="club_oudlers").set_value(1)
    at = press(at, "Ajouter la donne")
    error = at.error[0].value
    assert error.startswith("Pas enregistré, rien n’a changé") and "un nombre comme 43 ou 40,5" in error
    assert "**Points**" in error


def test_seasons_worksheets_and_duplicate_open_in_french(french):  # noqa: F811  (the fixture)
    at = page("seasons")
    assert at.title[0].value == "Saisons"
    no_english(at)
    at = page("worksheets")
    assert at.title[0].value == "Fiches d’exercices"
    assert at.subheader[0].value == "Feuille de marque vierge"
    no_english(at)
    at = page("duplicate")
    assert at.title[0].value == "Duplicate" and "formule de compétition de la FFT" in at.caption[0].value
    assert {t.label for t in at.text_input} == {"Nom du tournoi", "Joueurs Nord", "Joueurs Sud", "Joueurs Est",
                                                "Joueurs Ouest"}
    no_english(at)


def test_class_quiz_and_teacher_open_in_french_and_a_learner_joins_in_french(french):  # noqa: F811  (the fixture)
    at = page("class_quiz")
    assert at.title[0].value == "Quiz de classe"
    assert [b.label for b in at.button][:1] == ["Rejoindre le quiz"]
    no_english(at)
    at.text_input[0].input("ZZZZZZ")
    at.text_input[1].input("Ana")
    at = press(at, "Rejoindre le quiz")
    assert "Il n’y a pas de quiz de classe avec le code « ZZZZZZ »".replace(" ", "\u202f", 0) in \
        at.error[0].value.replace("«\u202f", "« ").replace("\u202f»", " »")

    teacher = page("teacher")
    assert teacher.title[0].value == "Enseignant"
    teacher.text_input[0].input(PASS)
    teacher = press(teacher, "Déverrouiller")
    assert not teacher.error
    labels = [e.label for e in teacher.expander]
    assert "Créer un quiz de classe" in labels
    teacher.text_input[0].input("Compter")
    teacher.multiselect[0].select("count")
    teacher.number_input[0].set_value(2)
    teacher = press(teacher, "Créer le quiz")
    assert not teacher.error, [e.value for e in teacher.error]
    assert any(s.value.startswith("Quiz créé. Code") for s in teacher.success)
    code = teacher.code[0].value.rsplit("=", 1)[1]
    assert any("2 questions · chacun à son rythme · ouvert" in m.value for m in teacher.markdown)

    learner = page("class_quiz", code=code)
    learner.text_input[1].input("Ana")
    learner = press(learner, "Rejoindre le quiz")
    assert any("Votre code PIN est" in i.value for i in learner.info)
    assert learner.get("progress")[0].proto.text == "Question 1 sur 2"


# -- the PDFs --------------------------------------------------------------------------------------------------


def text_of(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_blank_feuille_de_marque_in_french():
    with i18n.using("fr"):
        text = text_of(blank_sheet_pdf(5, ["Anne", "Ève"]))
    for words in ("Feuille de marque · 5 joueurs", "Preneur", "Appelé", "Contrat", "Bouts", "Primes", "Report",
                  "Totaux", "Contrat à faire", "3 bouts 36", "Joueur 3", "Chaque ligne fait zéro"):
        assert words in text, words
    for english in ("Taker", "Score sheet", "Brought forward", "players", "Target"):
        assert english not in text, english
    assert "Taker" in text_of(blank_sheet_pdf(5))  # English unchanged


def test_worksheet_and_answer_key_in_french_with_decimal_commas():
    with i18n.using("fr"):
        ws = make_worksheet(["score", "count"], 3, seed=5)
        sheet, key = text_of(worksheet_pdf(ws)), text_of(answers_pdf(ws))
        q = generate("count", 1)
        assert q.answer_type is AnswerType.NUMBER
        half = type(q)(**{**q.__dict__, "answer": 41.5}) if hasattr(q, "__dict__") else None
        if half is not None:
            assert answer_label(half) == "41,5"
    assert "Nom" in sheet and "Note" in sheet and "graine 5" in sheet and "Fiche d’exercices" in sheet
    assert "Corrigé" in key and "Explications détaillées" in key and "Réponse" in key
    assert "Answer key" not in key and "Worked explanations" not in key


def test_duplicate_diagrams_fiches_and_movement_in_french():
    from tutor.club.duplicate_setup import make_setup
    from tutor.worksheets.duplicate import diagrams_pdf, fiches_pdf, movement_pdf
    setup = make_setup(3, 3, per_round=1, seed=4, lines=(("Ann", "Bob", "Cid"), ("Dee", "Eve", "Fay"),
                                                         ("Gus", "Hal", "Ivy"), ("Jo", "Kim", "Lou")))
    with i18n.using("fr"):
        diagrams, fiches, movement = (text_of(f(setup)) for f in (diagrams_pdf, fiches_pdf, movement_pdf))
    assert "preneur" in diagrams and "Chien" in diagrams and "Atouts" in diagrams and "Nord" in diagrams
    assert re.search(r"réussie \d+\s?% du temps", diagrams)
    assert "Fiche ambulante" in fiches and "Nord écrit la marque" in fiches and "Vérifié" in fiches
    assert "carte de mouvement" in movement and "Ouest" in movement and "(West)" not in movement
    for text in (diagrams, fiches, movement):
        assert "taker" not in text and "dealer" not in text


# -- the CSV files ---------------------------------------------------------------------------------------------


def test_french_club_csv_round_trip():
    game = Game.new(["Anne", "Ève", "Cleo"]).add(
        {"taker": "Ève", "contract": "garde_sans", "points": "40.5", "oudlers": 2, "petit_au_bout": "defence"})
    text = to_csv(game, "Vendredi", 2, french=True)
    assert text.startswith("\ufeff") and "Preneur;" in text and "40,5" in text
    back, name, first = read_csv(text.removeprefix("\ufeff"))
    assert back == game and name == "Vendredi" and first == 2


def test_french_duplicate_results_csv_round_trip_with_the_ranking():
    text = "deal,table,N,E,S,W,taker,score\n1,1,Ann,Bob,Cid,Dan,N,56\n1,2,Eve,Fay,Gus,Hal,N,-52\n"
    results = duplicate_from_csv(text)
    ranking = rank(list(results))
    french = duplicate_to_csv(results, ranking, french=True)  # noqa: F811  (the fixture)
    assert french.startswith("\ufeffdonne;table;Nord;Est;Sud;Ouest;preneur;marque;note_preneur;note_defense\n")
    assert ";Nord;56;" in french and ",5" not in french.split("\n")[0]
    assert duplicate_from_csv(french) == results
    assert duplicate_to_csv(results, ranking) .startswith("deal,table,N,E,S,W,taker,score,taker_pct")


def test_class_duplicate_ranking_csv_in_french(monkeypatch):
    from fractions import Fraction
    from types import SimpleNamespace

    from tutor.classroom.duplicate_stats import Standing
    from tutor.ui.classroom import duplicate_board as board
    standing = Standing(1, "Ann", 2, Fraction(1, 3), None, Fraction(1, 3))
    monkeypatch.setattr(board.dup, "plays", lambda cs, quiz_id: ([(1, "Ann")], {}))
    monkeypatch.setattr(board.ds, "ranking", lambda n, results, names: [standing])
    quiz = SimpleNamespace(id=1, deals=[{}, {}])
    english = board.ranking_csv(None, quiz)
    assert english == "place,learner,deals,attack_pct,defence_pct,global_pct\n1,Ann,2,0.33,,0.33\n"
    with i18n.using("fr"):
        french = board.ranking_csv(None, quiz)
    assert french == "\ufeffplace;élève;donnes;pct_attaque;pct_defense;pct_global\n1;Ann;2;0,33;;0,33\n"
