"""The French CSV export: French headers and words, ``;``, decimal commas and a byte-order mark, so French Excel
opens it in columns; every cell guarded against formulas in both exports; names that would be read as a column."""

from __future__ import annotations

import csv
import io

import pytest

from tutor.club import Game, read_csv, to_csv
from tutor.club.game import GameError
from tutor.progress import Store
from tutor.progress.club_store import ClubStore


def club_night() -> Game:
    g = Game.new(["Anne", "Benoît", "Ève", "Denis", "Élise"])
    # 1. garde 49 with 2 oudlers (needs 41): won by 8, (25 + 8) × 2 + petit au bout 10 × 2 + poignée 20 = 106.
    g = g.add(taker="Anne", partner="Benoît", contract="garde", points=49, oudlers=2, petit_au_bout="attack",
              poignees="simple")
    # 2. petite alone, 40.5 with 1 oudler counts 40 (needs 51): lost by 11, 36 each, the taker alone −144.
    g = g.add(taker="Ève", contract="petite", points=40.5, oudlers=1, alone=True)
    # 3. garde sans juste fait (41, 2 oudlers): 25 × 4 = 100, petit au bout to the defence −10 × 4: 60.
    g = g.add(taker="Denis", partner="Anne", contract="garde_sans", points=41, oudlers=2, petit_au_bout="defence")
    # 4. garde contre, chelem announced and made, 85.5 with 2 oudlers counts 86: (25 + 45) × 6 + 400 = 820.
    return g.add(taker="Benoît", partner="Élise", contract="garde_contre", points=85.5, oudlers=2,
                 chelem="announced_made")


def test_the_french_export_line_by_line():
    text = to_csv(club_night(), "Vendredi", first_dealer=4, french=True)
    assert text.encode("utf-8")[:3] == b"\xef\xbb\xbf"
    assert text[1:].splitlines() == [
        "# partie;Vendredi",
        "# premier donneur;Élise",
        "Preneur;Partenaire;Contrat;Points;Bouts;Petit au bout;Poignées;Chelem;Seul;Anne;Benoît;Ève;Denis;Élise",
        "Anne;Benoît;Garde;49;2;attaque;simple;;;212;106;-106;-106;-106",
        "Ève;;Petite;40,5;1;;;;oui;36;36;-144;36;36",
        "Denis;Anne;Garde sans le chien;41;2;défense;;;;60;-60;-60;120;-60",
        "Benoît;Élise;Garde contre le chien;85,5;2;;;annoncé réussi;;-820;1640;-820;-820;820",
    ]
    assert read_csv(text) == (club_night(), "Vendredi", 4)


def test_as_french_excel_splits_it_every_row_has_the_headers_columns():
    raw = to_csv(club_night(), "Vendredi", 0, french=True).encode("utf-8")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    header = rows[2]
    assert all(len(r) == len(header) for r in rows[3:]) and header[-3:] == ["Ève", "Denis", "Élise"]


def _cells(text: str, delimiter: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=delimiter) for c in row]


@pytest.mark.parametrize("french", [False, True])
def test_formula_cells_are_guarded_in_both_exports_and_read_back(french):
    hostile = ['=HYPERLINK("http://x";"y")', "@SUM(A1)", "+33 6", "Bob", "-Zoé"]
    game = Game.new(hostile).add(taker=hostile[0], partner=hostile[1], contract="garde", points=51, oudlers=1)
    text = to_csv(game, "=cmd|' /C calc'!A0", first_dealer=2, french=french)
    for cell in _cells(text, ";" if french else ","):
        if cell[:1] in ("=", "+", "-", "@"):
            assert cell.lstrip("+-").isdigit(), cell  # only a number may start so: the scores
    assert read_csv(text) == (game, "=cmd|' /C calc'!A0", 2)


def test_a_name_with_a_comma_or_semicolon_does_not_confuse_the_separator():
    game = Game.new(["Smith, J", "Dupont; A", "Lee"]).add(taker="Lee", contract="petite", points=60, oudlers=1)
    for french in (False, True):
        assert read_csv(to_csv(game, "Soirée, 1; 2", 1, french=french)) == (game, "Soirée, 1; 2", 1)


def test_a_file_without_the_name_lines_still_reads_and_a_bad_first_dealer_is_named():
    game = read_csv("preneur;contrat;points;bouts;A;B;C\nA;garde;56;2;;;\n")
    assert (game.name, game.first_dealer, len(game.game.deals)) == (None, None, 1)
    with pytest.raises(Exception, match=":1: first dealer: no player called 'Zed'"):
        read_csv("# first dealer,Zed\ntaker,contract,points,oudlers,A,B,C\n")


@pytest.mark.parametrize("name", ["Preneur", "seul", "Bouts", "Poignées", "Appelé", "Petit au bout"])
def test_a_french_column_is_no_name_for_a_new_player_but_an_old_game_still_loads(name):
    with pytest.raises(GameError, match="it is a column of the sheet"):
        Game.new([name, "B", "C"])
    # A game saved before the French columns were refused: it still opens, its deals still count.
    old = Game.from_rows([name, "B", "C"], [{"taker": name, "contract": "garde", "points": 56, "oudlers": 2}])
    clubs = ClubStore(Store.open("sqlite://"))
    gid = clubs.save(old, "Old")
    assert clubs.load(gid).game == old
    added = clubs.append(gid, {"taker": "B", "contract": "petite", "points": 60, "oudlers": 1})
    assert added.game.deals[1].taker == "B"
