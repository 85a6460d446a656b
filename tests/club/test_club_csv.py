"""The score sheet's CSV format (round trips, spreadsheets' quirks, file:line errors) and ``tarot-tutor sheet``."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.club import CsvError, EntryError, Game, from_csv, make_entry, to_csv
from tutor.club.csvio import read_csv
from tutor.club.game import GameError, check_name
from tutor.names import lookalike_key

HEADER = "taker,partner,contract,points,oudlers,petit_au_bout,poignees,chelem,alone"

def _new_name(name: str) -> bool:
    try:
        check_name(name)  # not a column, English or French
    except GameError:
        return False
    return True


names = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs"),
                              exclude_characters="\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
                                                 "\u2009\u200a\u202f\u205f\u3000\u1680"),
                min_size=1, max_size=12).map(str.strip).filter(_new_name)
# Names a spreadsheet trips on: accents, the separators, quotes, formula starters, a number.
awkward = st.sampled_from(["Ève", "Élise", "Smith, J", "a;b", 'Zoé "Z"', "=1+1", "@me", "+33", "-5", "'=x", "O'Neil"])


@st.composite
def games(draw):
    n = draw(st.sampled_from([3, 4, 5]))
    # names the sheet tells apart (check_players: not the same in any case, nor lookalikes)
    players = draw(st.lists(st.one_of(names, awkward), min_size=n, max_size=n, unique_by=lookalike_key))
    half = n in (3, 5)
    rows = []
    for _ in range(draw(st.integers(0, 10))):
        taker, partner = draw(st.permutations(players))[:2]
        alone = n == 5 and draw(st.booleans())
        fields = {
            "taker": taker, "partner": partner if n == 5 and not alone else None, "alone": alone,
            "contract": draw(st.sampled_from(["petite", "garde", "garde_sans", "garde_contre"])),
            "oudlers": (oudlers := draw(st.integers(0, 3))),
            # roughly the points possible with that many oudlers (the engine has the last word)
            "points": draw(st.integers(9 * oudlers - 1, 182 - 9 * (3 - oudlers) + 1).filter(lambda p: p >= 0))
            / 2 if half else draw(st.integers(5 * oudlers, 91 - 5 * (3 - oudlers))),
            "petit_au_bout": draw(st.sampled_from([None, None, "attack", "defence"])),
            "poignees": draw(st.lists(st.sampled_from(["simple", "double", "triple"]), max_size=2)),
            "chelem": draw(st.sampled_from([None] * 6 + ["announced_made", "made", "announced_failed", "defence"])),
        }
        try:
            make_entry(players, fields)
        except EntryError:
            continue  # an impossible deal: draw the next one
        rows.append(fields)
    return Game.from_rows(players, rows)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_csv_round_trip(game):
    text = to_csv(game)
    assert from_csv(text) == game
    assert to_csv(from_csv(text)) == text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.one_of(st.none(), names, awkward), st.integers(0, 4), st.booleans())
def test_both_exports_give_back_the_game_its_name_and_first_dealer(game, name, first, french):
    first %= len(game.players)
    text = to_csv(game, name, first, french=french)
    assert read_csv(text) == (game, name, first)
    # As a spreadsheet saves it: bytes in UTF-8 (the French file with its byte-order mark), read back whole.
    data = text.encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf") is french
    assert read_csv(data.decode("utf-8-sig")) == (game, name, first)


def sample_game():
    g = Game.new(["Ann", "Bob", "Chloé", "Dan", "Eve"])
    g = g.add(taker="Ann", partner="Bob", contract="garde", points=49, oudlers=2, petit_au_bout="attack",
              poignees="simple")
    g = g.add(taker="Chloé", contract="petite", points=40.5, oudlers=1, alone=True)
    return g.add(taker="Dan", partner="Ann", contract="garde_sans", points=60, oudlers=1)


def test_export_format_is_the_documented_one():
    lines = to_csv(sample_game()).splitlines()
    assert lines[0] == HEADER + ",Ann,Bob,Chloé,Dan,Eve"
    # 49 with 2 oudlers: won by 8, 66 + 20 + 20 = 106 per defender; taker ×2, partner ×1.
    assert lines[1] == "Ann,Bob,garde,49,2,attack,simple,,,212,106,-106,-106,-106"
    # 40.5 with 1 oudler counts 40: lost by 11, 36 per defender; the taker alone pays 4 × 36.
    assert lines[2] == "Chloé,,petite,40.5,1,,,,yes,36,36,-144,36,36"


def test_import_spreadsheet_quirks():
    # Semicolons and decimal commas (a French spreadsheet), a byte-order mark, any column order and case,
    # blank and comment lines, French values, and the player cells left empty.
    text = ("\ufeff# club night, table 2\nPoints;Taker;Contract;Oudlers;Poignees;Ann;Bob;Cleo;Dan\n\n"
            "40,5;Bob;Garde contre;2;;;;;\n"
            "# the next one was checked twice\n"
            "56;cleo;garde sans;1;10;-140;-140;420;-140\n")
    with pytest.raises(CsvError, match="<csv>:4: points: with 4 players the points are always whole"):
        from_csv(text)
    g = from_csv(text.replace("40,5", "41"))
    assert [e.taker for e in g.deals] == ["Bob", "Cleo"]
    assert g.deals[1].poignees == ("simple",)
    assert g.sheet().rows[1].scores == (-140, -140, 420, -140)  # (25 + 5) × 4 + 20 = 140 per defender


def test_bad_lines_are_all_reported_with_their_line_numbers():
    text = (f"{HEADER},Ann,Bob,Cleo,Dan\n"
            "Ann,,garde,95,2,,,,,,,,\n"
            "Bobb,,garde,45,4,,,,,,,,\n"
            "Cleo,Dan,petite,45,2,,,,,,,,\n"
            "Ann,,garde,49,2,,,,,300,-100,-100,-100\n"
            "Ann,,garde,49,2,,,,,,,,,,,\n")
    with pytest.raises(CsvError) as err:
        from_csv(text, "deals.csv")
    lines = err.value.lines()
    assert lines[0] == "deals.csv:2: points: the attack's points must be between 0 and 91, not 95"
    assert lines[1].startswith("deals.csv:3: taker: no player called 'Bobb'")
    assert lines[2].startswith("deals.csv:3: oudlers: there are only 3 oudlers")
    assert lines[3].startswith("deals.csv:4: partner: only a 5-player game")
    assert "deals.csv:5: Ann: the sheet says 300 but this deal scores +198" in lines
    assert lines[-1] == "deals.csv:6: 16 cells but the header has 13 columns"


@pytest.mark.parametrize("text,words", [
    ("", "empty sheet"),
    ("taker,contract,points,Ann,Bob,Cleo\n", "no oudlers column"),
    (f"{HEADER},Ann,Bob\n", "3, 4 or 5 players"),
    (f"{HEADER},Ann,Bob,ann\n", "two players are called"),
    (f"{HEADER},Ann,Bob,Cleo,points\n", "two 'points' columns"),
])
def test_bad_headers(text, words):
    with pytest.raises(CsvError, match=words):
        from_csv(text)


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_prints_the_sheet_with_totals(tmp_path, capsys):
    path = tmp_path / "deals.csv"
    path.write_text(to_csv(sample_game()), encoding="utf-8")
    status, out, err = run(capsys, "sheet", str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[-5:] == ["Ann", "Bob", "Chloé", "Dan", "Eve"]
    totals = next(ln for ln in lines if ln.strip().startswith("Totals"))
    # +212 +36 +136 / +106 +36 -136 / -106 -144 -136 / -106 +36 +272 / -106 +36 -136
    assert totals.split()[1:] == ["+384", "+6", "-386", "+202", "-206"]
    assert "every row sums to zero" in out
    status, out, _ = run(capsys, "sheet", str(path), "--running", "--breakdown")
    assert status == 0 and "Contract: (25 + 8) × 2 (garde) = 66, won: +66." in out
    assert "+248" in out  # Ann's running total after deal 2


def test_cli_json(tmp_path, capsys):
    path = tmp_path / "deals.csv"
    path.write_text(to_csv(sample_game()), encoding="utf-8")
    status, out, _ = run(capsys, "sheet", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["players"] == ["Ann", "Bob", "Chloé", "Dan", "Eve"]
    assert data["totals"] == {"Ann": 384, "Bob": 6, "Chloé": -386, "Dan": 202, "Eve": -206}
    assert data["balanced"] is True and data["deals"][1]["alone"] is True
    assert data["deals"][0]["scores"]["Bob"] == 106


def test_cli_bad_csv_is_file_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.csv"
    path.write_text(f"{HEADER},Ann,Bob,Cleo,Dan\nAnn,,garde,95,2\nBob,,garde,45,4\n", encoding="utf-8")
    status, out, err = run(capsys, "sheet", str(path))
    assert status == 2 and out == ""
    assert err.splitlines() == [f"{path}:2: points: the attack's points must be between 0 and 91, not 95",
                                f"{path}:3: oudlers: there are only 3 oudlers (the 21, the Petit and the Excuse), "
                                "not 4"]
    path.write_bytes("taker,contract\nZoë".encode("latin-1"))
    status, _, err = run(capsys, "sheet", str(path))
    assert status == 2 and "not UTF-8" in err and len(err.splitlines()) == 1
    status, _, err = run(capsys, "sheet", str(tmp_path / "missing.csv"))
    assert status == 2 and "No such file" in err and "Traceback" not in err


def test_cli_reads_standard_input(monkeypatch, capsys):
    import io as _io
    text = to_csv(sample_game()).replace(",212,106,-106,-106,-106", ",,,,,")
    monkeypatch.setattr("sys.stdin", _io.TextIOWrapper(_io.BytesIO(text.encode("utf-8"))))
    status, out, _ = run(capsys, "sheet", "-")
    assert status == 0 and "+384" in out
