"""A French club's spreadsheet read as a score sheet: French headers and values, accents and case optional."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.club import Game
from tutor.club.csvio import CsvError, column_field, from_csv, to_csv
from tutor.club.entry import make_entry

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "club" / "feuille-club.csv"


def test_a_real_french_sheet_is_read_and_checked_against_its_scores():
    # The file's score cells were worked out by hand (FFT rules) and are checked line by line on import:
    # 1. garde 49, 2 oudlers, petit au bout and a simple poignée: (25 + 8) × 2 + 20 + 20 = 106 per defender;
    # 2. petite alone, 40,5 with 1 oudler: counts 40, lost by 11: 36 each, the taker alone −144;
    # 3. garde sans juste fait (41, 2 oudlers), petit au bout by the defence: 25 × 4 − 40 = 60;
    # 4. garde contre, chelem announced and made, 85,5 with 2 oudlers: counts 86, (25 + 45) × 6 + 400 = 820.
    game = from_csv(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)
    assert game.players == ("Anne", "Benoît", "Chloé", "Denis", "Élise")
    first, alone, sans, chelem = game.deals
    assert (first.taker, first.partner, first.contract.value, first.petit_au_bout, first.poignees) == \
        ("Anne", "Benoît", "garde", "attack", ("simple",))
    assert alone.alone and alone.points == 40.5 and alone.partner is None
    assert sans.contract.value == "garde_sans" and sans.petit_au_bout == "defence"
    assert chelem.chelem == "announced_made" and chelem.contract.value == "garde_contre"
    assert game.sheet().totals == (212 + 36 - 60 + 820, 106 + 36 - 60 + 1640, -106 - 144 - 60 - 820,
                                   -106 + 36 + 120 - 820, -106 + 36 + 60 - 820)


@pytest.mark.parametrize("header, field", [
    ("preneur", "taker"), ("Partenaire", "partner"), ("appelé", "partner"), ("CONTRAT", "contract"),
    ("points", "points"), ("Bouts", "oudlers"), ("petit au bout", "petit_au_bout"), ("Petit_au_Bout", "petit_au_bout"),
    ("poignées", "poignees"), ("Poignees", "poignees"), ("chelem", "chelem"), ("Seul", "alone"),
    ("taker", "taker"), ("Oudlers", "oudlers"), ("Chloé", None), ("Anne", None),
])
def test_french_and_english_headers(header, field):
    assert column_field(header) == field


@pytest.mark.parametrize("typed, value", [
    ({"contract": "garde sans"}, ("contract", "garde_sans")),
    ({"contract": "Garde Contre"}, ("contract", "garde_contre")),
    ({"contract": "prise"}, ("contract", "petite")),
    ({"petit_au_bout": "défense"}, ("petit_au_bout", "defence")),
    ({"petit_au_bout": "DEFENSE"}, ("petit_au_bout", "defence")),
    ({"petit_au_bout": "non"}, ("petit_au_bout", None)),
    ({"chelem": "non"}, ("chelem", None)),
])
def test_french_values_accents_and_case_optional(typed, value):
    fields = {"taker": "Ann", "contract": "garde", "points": "56", "oudlers": "2", **typed}
    entry = make_entry(("Ann", "Bob", "Cleo"), fields)
    got = getattr(entry, value[0])
    assert (got.value if hasattr(got, "value") else got) == value[1]


@pytest.mark.parametrize("typed, chelem", [
    ("annoncé et réussi", "announced_made"), ("Annonce reussi", "announced_made"), ("non annoncé", "made"),
    ("réussi", "made"), ("annoncé et chuté", "announced_failed"), ("Défense", "defence"),
])
def test_french_chelem_values(typed, chelem):
    points = {"announced_made": 91, "made": 91, "announced_failed": 60, "defence": 3}[chelem]
    oudlers = {"announced_made": 3, "made": 3, "announced_failed": 2, "defence": 0}[chelem]
    entry = make_entry(("Ann", "Bob", "Cleo"), {"taker": "Ann", "contract": "garde", "points": points,
                                                "oudlers": oudlers, "chelem": typed})
    assert entry.chelem == chelem


@pytest.mark.parametrize("typed, alone", [("oui", True), ("OUI", True), ("non", False), ("Non", False), ("", False)])
def test_seul_oui_non(typed, alone):
    fields = {"taker": "A", "contract": "garde", "points": "56", "oudlers": "2", "alone": typed}
    if not alone:
        fields["partner"] = "B"
    assert make_entry(("A", "B", "C", "D", "E"), fields).alone is alone


def test_a_french_column_twice_is_named():
    with pytest.raises(CsvError, match="two 'taker' columns \\('preneur' and 'taker'\\)"):
        from_csv("preneur;taker;contrat;points;bouts;A;B;C\n")


def test_missing_french_columns_are_named():
    with pytest.raises(CsvError, match="no oudlers column"):
        from_csv("preneur;contrat;points;A;B;C\nA;garde;56;;;\n")


def test_formula_cells_stay_text_in_a_french_sheet():
    # A cell a spreadsheet would run (=, +, -, @) is never a number or a name here: the guard's quote is dropped
    # on import and the value is checked like any other.
    text = "preneur;contrat;points;bouts;A;B;C\n=HYPERLINK(\"x\");garde;56;2;;;\n"
    with pytest.raises(CsvError, match="taker: no player called"):
        from_csv(text)


def test_export_stays_the_english_columns_and_reads_back():
    game = from_csv(FIXTURE.read_text(encoding="utf-8"))
    assert from_csv(to_csv(game)) == game
    assert to_csv(Game.new(["A", "B", "C"])).startswith("taker,partner,contract")


def test_the_cli_reads_the_french_sheet(capsys):
    import json

    from tutor.cli import main
    assert main(["sheet", str(FIXTURE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"Anne": 1008, "Benoît": 1722, "Chloé": -1130, "Denis": -770, "Élise": -830}
    assert data["balanced"]
