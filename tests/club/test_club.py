"""The club score sheet: hand-worked sheets, edits and deletions, bad entries naming the field, long games."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.club import EntryError, Game, GameError, make_entry
from tutor.engine import RuleSet, score_deal
from tutor.engine.scoring import check_points

P3 = ("Ann", "Bob", "Cleo")
P4 = ("Ann", "Bob", "Cleo", "Dan")
P5 = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def fft_game():
    """The FFT's worked examples (RULES.md) played as one 4-player evening, each by a different taker."""
    g = Game.new(P4)
    g = g.add(taker="Ann", contract="garde", points=49, oudlers=2, poignees="simple", petit_au_bout="attack")
    g = g.add(taker="Bob", contract="garde sans", points=45, oudlers=2, petit_au_bout="defence")
    g = g.add(taker="Cleo", contract="petite", points=34, oudlers=2, poignees="simple", petit_au_bout="attack")
    g = g.add(taker="Dan", contract="garde", points=52, oudlers=2, poignees="simple")
    return g.add(taker="Ann", contract="garde", points=87, oudlers=2, poignees="simple", petit_au_bout="attack",
                 chelem="announced_made")


def test_fft_examples_as_a_sheet():
    s = fft_game().sheet()
    # Per defender 106, 76, -42, 92, 582 (RULES.md); the taker takes three times that.
    assert [r.scores for r in s.rows] == [
        (318, -106, -106, -106),
        (-76, 228, -76, -76),
        (42, 42, -126, 42),
        (-92, -92, -92, 276),
        (1746, -582, -582, -582),
    ]
    assert s.rows[2].totals == (284, 164, -308, -140)
    assert s.totals == (1938, -510, -982, -446)
    assert all(r.balanced for r in s.rows) and s.unbalanced() == []


def test_five_players_partner_and_alone():
    g = Game.new(P5)
    # Garde lost by 6 with 1 oudler (45 < 51): 31 × 2 = 62 per defender; taker ×2, partner ×1.
    g = g.add(taker="Cleo", partner="Ann", contract="garde", points=45, oudlers=1)
    # Petite alone, 56 with 0 oudlers, juste fait: 25 per defender; the taker alone takes 4 × 25.
    g = g.add(taker="Eve", contract="petite", points=56, oudlers=0, alone="yes")
    s = g.sheet()
    assert s.rows[0].scores == (-62, 62, -124, 62, 62)
    assert s.rows[1].scores == (-25, -25, -25, -25, 100)
    assert s.totals == (-87, 37, -149, 37, 162)


def test_three_players_half_points():
    # 40.5 with 2 oudlers counts 40: lost by 1, (25 + 1) × 2 = 52; the taker ×2.
    g = Game.new(P3).add(taker="Bob", contract="garde", points="40,5", oudlers=2)
    assert g.sheet().rows[0].scores == (52, -104, 52)


def test_edit_recomputes_every_later_row_and_leaves_the_old_game():
    g = fft_game()
    before = g.sheet()
    edited = g.edit(2, points=49)  # deal 2: garde sans won by 8 instead of 4 -> (25 + 8) × 4 - 40 = 92
    after = edited.sheet()
    assert after.rows[1].scores == (-92, 276, -92, -92)
    assert after.rows[0] == before.rows[0]
    for b, a in zip(before.rows[1:], after.rows[1:]):
        assert a.scores == b.scores or a.number == 2
        assert [x - y for x, y in zip(a.totals, b.totals)] == [-16, 48, -16, -16]
    assert g.sheet() == before  # the old value is untouched


def test_delete_and_replace():
    g = fft_game()
    d = g.delete(1)
    assert len(d.deals) == 4 and d.deals[0].taker == "Bob"
    assert d.sheet().totals == tuple(t - s for t, s in zip(g.sheet().totals, (318, -106, -106, -106)))
    r = g.replace(5, {"taker": "Dan", "contract": "petite", "points": 56, "oudlers": 0})
    assert r.sheet().rows[4].scores == (-25, -25, -25, 75)
    with pytest.raises(GameError, match="no deal 6"):
        g.delete(6)
    with pytest.raises(GameError, match="no deal 0"):
        g.edit(0, points=50)


@pytest.mark.parametrize("players,fields,field,words", [
    (P4, dict(points=95), "points", "between 0 and 91, not 95"),
    (P4, dict(oudlers=4), "oudlers", "only 3 oudlers"),
    (P4, dict(partner="Bob"), "partner", "only a 5-player game"),
    (P3, dict(poignees="simple simple"), "poignees", "13 (simple) + 13 (simple) = 26 trumps"),
    (P4, dict(poignees="simple double"), "poignees", "= 23 trumps"),
    (P5, dict(partner="Bob", poignees="15"), "poignees", "8 (simple), 10 (double) or 13 (triple) trumps, not 15"),
    (P5, dict(partner="Bob", poignees="simple " * 6), "poignees", "at most one poignée"),
    (P4, dict(taker="Bobb"), "taker", "did you mean 'Bob'"),
    (P5, dict(), "partner", "name the called partner"),
    (P5, dict(partner="Ann"), "partner", "is the taker"),
    (P5, dict(partner="Bob", alone=True), "partner", "playing alone has no partner"),
    (P4, dict(alone="yes"), "alone", "only a 5-player taker"),
    (P4, dict(points=45.5), "points", "always whole"),
    (P4, dict(points=10, oudlers=3), "points", "between 13 and 91"),
    (P4, dict(oudlers=0, petit_au_bout="attack"), "petit_au_bout", "at least 1 oudler"),
    (P4, dict(petit_au_bout="defence", chelem="made"), "chelem", "cannot have the Petit au bout"),
    (P4, dict(contract="gard"), "contract", "unknown contract"),
    (P4, dict(chelem="maybe"), "chelem", "not 'maybe'"),
    (P4, dict(points=""), "points", "missing"),
    (P4, dict(colour="red"), "colour", "not a field"),
])
def test_bad_entries_name_the_field(players, fields, field, words):
    base = {"taker": "Ann", "contract": "garde", "points": 45, "oudlers": 2}
    with pytest.raises(EntryError) as err:
        make_entry(players, {**base, **fields})
    assert [f for f, _ in err.value.problems] == [field]
    assert words in str(err.value)


def test_every_bad_field_is_reported_and_nothing_is_half_saved():
    g = fft_game()
    with pytest.raises(EntryError) as err:
        g.add(taker="Zoe", contract="garde", points=95, oudlers=4, partner="Bob")
    assert [f for f, _ in err.value.problems] == ["taker", "partner", "points", "oudlers"]
    with pytest.raises(EntryError):
        g.edit(3, oudlers=0, petit_au_bout="attack")
    assert g == fft_game()


def test_poignee_by_trump_count_and_legal_combinations():
    # 4 players: two simple poignées show 10 + 10 = 20 trumps, which the deck allows.
    e = make_entry(P4, {"taker": "Ann", "contract": "garde", "points": 45, "oudlers": 2, "poignees": "10"})
    assert e.poignees == ("simple",)
    e = make_entry(P4, {"taker": "Ann", "contract": "garde", "points": 45, "oudlers": 2, "poignees": ["simple",
                                                                                                      "simple"]})
    assert e.poignees == ("simple", "simple")
    e = make_entry(P5, {"taker": "Ann", "partner": "Bob", "contract": "garde", "points": 45, "oudlers": 2,
                        "poignees": "8 13"})  # 21 trumps: possible
    assert e.poignees == ("simple", "triple")


@pytest.mark.parametrize("names,words", [
    (("Ann", "Bob"), "3, 4 or 5 players"),
    (("Ann", "bob", "Bob"), "two players are called"),
    (("Ann", "Bob", " "), "cannot be empty"),
    (("Ann", "Bob", "points"), "column of the sheet"),
    (("Ann", "Bob", "#3"), "cannot start with #"),
    (("Ann", "Bob", "Cl\neo"), "one line"),
])
def test_bad_games(names, words):
    with pytest.raises(GameError, match=words):
        Game.new(names)


def random_fields(rng, players):
    """Random deal fields that the engine's ``score_deal`` accepts (drawn again until it does)."""
    while True:
        f = draw_fields(rng, players)
        try:
            score_deal(players=len(players), contract=f["contract"], taker_points=f["points"],
                       oudlers=f["oudlers"], petit_au_bout=f["petit_au_bout"], poignees=f["poignees"],
                       chelem=f["chelem"], alone=f["alone"])
            return f
        except ValueError:
            continue


def draw_fields(rng, players):
    n = len(players)
    rules = RuleSet.for_players(n)
    oudlers = rng.randrange(4)
    while True:
        points = rng.randrange(0, 183) / 2 if rules.half_points else float(rng.randrange(0, 92))
        try:
            check_points(rules, points, oudlers)
            break
        except ValueError:
            continue
    seats = rng.sample(range(n), 2)
    alone = n == 5 and rng.random() < 0.2
    pab = rng.choice([None, None, "attack", "defence"])
    if pab == "attack" and oudlers == 0 or pab == "defence" and oudlers == 3:
        pab = None
    chelem = rng.choice([None] * 12 + ["announced_made", "made", "announced_failed", "defence"])
    if chelem in ("announced_made", "made") and pab == "defence" or chelem == "defence" and pab == "attack":
        chelem = None
    poignees = rng.choice([[], [], ["simple"], ["double"], ["triple"], ["simple", "simple"]])
    if sum(rules.poignee_thresholds[p] for p in poignees) > 22:
        poignees = poignees[:1]
    return {"taker": players[seats[0]], "partner": players[seats[1]] if n == 5 and not alone else None,
            "contract": rng.choice(["petite", "garde", "garde_sans", "garde_contre"]), "points": points,
            "oudlers": oudlers, "petit_au_bout": pab, "poignees": poignees, "chelem": chelem, "alone": alone}


@pytest.mark.parametrize("players", [P3, P4, P5])
def test_long_random_game_matches_score_deal(players):
    rng = random.Random(f"club-{len(players)}")
    g = Game.new(players)
    expected_totals = [0] * len(players)
    running = []
    for _ in range(400):
        f = random_fields(rng, players)
        g = g.add(f)
        s = score_deal(players=len(players), contract=f["contract"], taker_points=f["points"], oudlers=f["oudlers"],
                       petit_au_bout=f["petit_au_bout"], poignees=f["poignees"], chelem=f["chelem"],
                       alone=f["alone"])
        partner = players.index(f["partner"]) if f["partner"] else None
        by_seat = s.by_seat(players.index(f["taker"]), partner)
        expected_totals = [t + v for t, v in zip(expected_totals, by_seat)]
        running.append(tuple(expected_totals))
    sheet = g.sheet()
    assert [r.totals for r in sheet.rows] == running
    assert sheet.totals == running[-1] and sum(sheet.totals) == 0
    assert sheet.unbalanced() == []


def test_unbalanced_row_is_caught():
    from dataclasses import replace
    sheet = fft_game().sheet()
    broken = replace(sheet, rows=(sheet.rows[0], replace(sheet.rows[1], scores=(-76, 228, -76, -75))))
    assert broken.unbalanced() == [2]


def test_rows_round_trip_for_a_store():
    g = fft_game()
    assert Game.from_rows(g.players, g.to_rows()) == g
    assert Game.from_dict(g.to_dict()) == g
    rows = g.to_rows()
    rows[3]["oudlers"] = 5
    with pytest.raises(EntryError, match="deal 4: oudlers"):
        Game.from_rows(g.players, rows)


def test_typed_values_are_accepted_too():
    from tutor.engine import Contract
    e = make_entry(P3, {"taker": "cleo", "contract": Contract.GARDE_CONTRE, "points": 0, "oudlers": 0,
                        "chelem": "defence", "petit_au_bout": "défense"})
    # 0 points, 0 oudlers: lost by 56 -> (25 + 56) × 6 = 486, petit au bout 10 × 6 = 60, chelem 200.
    assert (e.taker, e.petit_au_bout, e.chelem) == ("Cleo", "defence", "defence")
    assert Game.new(P3).add(e).sheet().rows[0].scores == (746, 746, -1492)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 15), data=st.data())
def test_delete_and_edit_shift_every_later_total_by_the_change(seed, size, data):
    rng = random.Random(seed)
    players = data.draw(st.sampled_from([P3, P4, P5]))
    g = Game.from_rows(players, [random_fields(rng, players) for _ in range(size)])
    before = g.sheet()
    k = data.draw(st.integers(1, size))
    removed = before.rows[k - 1].scores
    after = g.delete(k).sheet()
    assert [r.totals for r in after.rows[:k - 1]] == [r.totals for r in before.rows[:k - 1]]
    for old, new in zip(before.rows[k:], after.rows[k - 1:]):
        assert new.scores == old.scores
        assert new.totals == tuple(t - s for t, s in zip(old.totals, removed))
    fields = random_fields(rng, players)
    edited = g.replace(k, fields).sheet()
    change = tuple(n - o for n, o in zip(edited.rows[k - 1].scores, removed))
    for old, new in zip(before.rows[k - 1:], edited.rows[k - 1:]):
        assert new.totals == tuple(t + c for t, c in zip(old.totals, change))
    assert edited.unbalanced() == [] and sum(edited.totals) == 0
