"""Issue 28: the club and class pages walked in French with real state, as a club organiser and a teacher meet
them: a game with deals, a season of saved games, a duplicate tournament with results and its ranking, a class
quiz a learner is answering and the teacher's dashboard. Every text, label and table header is French."""

from __future__ import annotations

import re

import pytest
from duplicate_pages import enter_marques
from french_club_pages import french, no_english, page, press, shown  # noqa: F401  (french: a fixture)

from tutor import i18n
from tutor.ui.club.duplicate import SETUP
from tutor.ui.club.seasons import CHOSEN

pytestmark = pytest.mark.usefixtures("french")  # every run of the app in French

# English table headers a French page must not show (the dataframes' columns).
ENGLISH_COLUMNS = re.compile(r"\b(Player|Taker|Defence|Attack|Seat|Role|Own|Rank|Games|Deals|Won|"
                             r"learner|right|answered|time|kind|answers|skill|deals played|"
                             r"playing now|Partner|Contract|Oudlers)\b")


def fr(message: str) -> str:
    """``message`` as the French page says it (labels are found by their French, never typed twice)."""
    with i18n.using("fr"):
        return i18n._(message)


def tables_in_french(at) -> None:
    for frame in at.dataframe:
        for column in frame.value.columns:
            assert not ENGLISH_COLUMNS.search(str(column)), column
    for table in at.table:
        for column in table.value.columns:
            assert not ENGLISH_COLUMNS.search(str(column)), column


def test_a_duplicate_tournament_with_results_and_its_ranking_in_french():
    at = page("duplicate")
    at.number_input(key="dup_tables").set_value(2)
    at.number_input(key="dup_rounds").set_value(2)
    at.number_input(key="dup_per_round").set_value(1)
    at.number_input(key="dup_seed").set_value(3)
    for o, names in {"N": "Anne, Bea", "E": "Cyril, Dom", "S": "Éli, Flo", "W": "Gilles, Hugo"}.items():
        at.text_input(key=f"dup_names_{o}").set_value(names)
    at = press(at, fr("Prepare the étuis and the movement"))
    assert not at.error, [e.value for e in at.error]
    assert any("2 tables, 2 tours" in s.value for s in at.success), [s.value for s in at.success]
    at = press(at, fr("Make the PDFs"))
    setup = at.session_state[SETUP]
    enter_marques(at, setup, {1: [56, -20], 2: [10, 30]})
    assert not at.exception
    at.selectbox(key="dup_route_player").set_value("Anne")
    at.run()
    assert len(at.dataframe) == 4  # the topage, both classements and Anne's feuille de route
    tables_in_french(at)
    no_english(at)
    texts = shown(at)
    assert any("Anne\u00a0: attaque" in t.replace("\\", "") for t in texts), [t for t in texts if "Anne" in t]
    assert any(re.search(r"\d+,\d\d %", t) for t in texts)  # the percentages with a decimal comma
    labels = {d.proto.label for d in at.get("download_button")}
    assert fr("Results (CSV)") in labels and fr("Diagrams (PDF)") in labels
    assert {t.label for t in at.number_input if t.key and t.key.startswith("dup_m_")} <= {
        f"Table {n} · {name} prend" for n in (1, 2) for name in ("Anne", "Bea", "Cyril", "Dom", "Éli", "Flo",
                                                                 "Gilles", "Hugo")}


def test_a_refused_duplicate_set_up_is_explained_in_french():
    at = page("duplicate")
    at.number_input(key="dup_tables").set_value(2)
    at.text_input(key="dup_names_N").set_value("Anne, Bea, Cyril")
    at = press(at, fr("Prepare the étuis and the movement"))
    assert at.error and at.error[0].value.replace("\\", "") == "Nord\u00a0: 3 noms pour 2 tables (un par table)"
    no_english(at)


def _start_game(at, players):
    at.text_input(key="club_new_name").set_value("Vendredi")
    for i, n in enumerate(players):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    return press(at, fr("Start the game"))


def _add_deal(at, taker, contract, points, oudlers):
    at.selectbox(key="club_taker").set_value(taker)
    at.selectbox(key="club_contract").set_value(contract)
    at.text_input(key="club_points").set_value(points)
    at.segmented_control(key="club_oudlers").set_value(oudlers)
    at = press(at, fr("Add deal"))
    assert not at.error, [e.value for e in at.error]
    return at


def test_a_game_with_deals_then_the_season_in_french():
    at = _start_game(page("scoresheet"), ["Anne", "Bruno", "Chloé", "David"])
    at = _add_deal(at, "Anne", "garde", "52", 2)
    at = _add_deal(at, "Bruno", "petite", "38", 1)
    at = _add_deal(at, "Chloé", "garde_sans", "60", 3)
    assert any("Classement après 3 donnes" in t for t in shown(at))
    tables_in_french(at)
    no_english(at)
    # a deal refused: the taker playing alone at 4 is not a thing; the partner cannot be named at 4 either
    at.selectbox(key="club_taker").set_value("David")
    at.selectbox(key="club_contract").set_value("garde")
    at.text_input(key="club_points").set_value("95")
    at.segmented_control(key="club_oudlers").set_value(2)
    at = press(at, fr("Add deal"))
    error = at.error[0].value
    assert error.startswith(fr("Not saved, nothing changed:")) and "**Points**\u00a0: " in error, error
    assert not re.search(r"\b(the|points must|between|not)\b", error), error

    seasons = page("seasons")
    no_english(seasons)
    games = seasons.multiselect(key=CHOSEN)
    assert len(games.options) == 1  # the game saved above, in this season
    games.set_value([games.options[0]] if not games.value else list(games.value))
    seasons.run()
    assert not seasons.exception and seasons.dataframe  # the league table
    tables_in_french(seasons)
    no_english(seasons)


def test_a_running_class_quiz_and_the_teachers_dashboard_in_french():
    from french_club_pages import PASS
    teacher = page("teacher")
    teacher.text_input[0].input(PASS)
    teacher = press(teacher, fr("Unlock"))
    teacher.text_input[0].input("Compter")
    teacher.multiselect[0].select("count")
    teacher.number_input[0].set_value(2)
    teacher = press(teacher, "Créer le quiz")
    code = teacher.code[0].value.rsplit("=", 1)[1]

    learner = page("class_quiz", code=code)
    learner.text_input[1].input("Zoé")
    learner = press(learner, fr("Join the quiz"))
    assert not learner.exception
    number = next(t for t in learner.text_input if t.key and t.key.endswith("_number"))  # a count: a number
    number.input("7")
    learner = press(learner, "Envoyer ma réponse")
    assert learner.get("progress")[0].proto.text == "Question 2 sur 2"
    no_english(learner)

    teacher.run()
    assert not teacher.exception
    no_english(teacher)
    tables_in_french(teacher)
    assert any("Zoé" in frame.value.to_string() for frame in teacher.dataframe)  # her answer is on the board
    labels = {d.proto.label for d in teacher.get("download_button")}
    assert fr("Download the answers (CSV)") in labels

    # a wrong passphrase, then a try too soon after it: both refused in French
    other = page("teacher")
    for _try in range(2):
        other.text_input[0].input("pas le bon mot de passe")
        other = press(other, fr("Unlock"))
        assert other.error and not re.search(r"\b(the|wrong|passphrase|wait|try)\b", other.error[0].value), \
            other.error[0].value
    assert "Phrase secrète fausse" in other.error[0].value or "attendez" in other.error[0].value.lower()
