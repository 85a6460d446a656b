"""Who took the tricks bounds the attack's total: the chelem cases, the écart, the dog (tutor.engine.pilebounds).

Hand-computed bounds from the card values (oudler and king 4.5, queen 3.5, knight 2.5, jack 1.5, else 0.5;
the Excuse kept by a side without a trick counts 4, FFT p.8), then a property: every total the table
accepts is realised by concrete piles, counted by the engine's own pile counter (``count_attack``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.club import EntryError, Game
from tutor.club.csvio import CsvError, from_csv
from tutor.engine import Contract, TarotError, count_attack, score_deal, settle_half_point
from tutor.engine.cards import CARDS, EXCUSE, parse_cards
from tutor.engine.pilebounds import (
    PileError,
    bounds_table,
    check_pile_total,
    neither_bounds,
    sweep_totals,
)
from tutor.engine.rules import DogFate, RuleSet

P, G, GS, GC = Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE


def span(lo: float, hi: float) -> set[float]:
    """lo, lo + 1, ..., hi."""
    return {lo + i for i in range(int(hi - lo) + 1)}


# ------------------------------------------------------------------ hand-computed bounds


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("contract", [P, G, GS])
def test_attack_chelem_leaves_the_defence_only_the_excuse(players, contract):
    # Every card but the Excuse (4 points kept by the defence): 91 - 4 = 87 with 2 oudlers; all 91 with 3.
    assert sweep_totals(players, contract, "attack", 3) == {91}
    assert sweep_totals(players, contract, "attack", 2) == {87}
    assert sweep_totals(players, contract, "attack", 1) == set()
    assert sweep_totals(players, contract, "attack", 0) == set()


def test_attack_chelem_in_a_garde_contre_leaves_the_dog_to_the_defence():
    # 4 players, dog of 6. With 3 oudlers the dog has none: 6 low cards (3) to 4 kings + 2 queens (18 + 7 = 25).
    assert sweep_totals(4, GC, "attack", 3) == span(91 - 25, 91 - 3)
    # 0 oudlers: the defence has the 21 and the Petit in the dog, and the Excuse in the dog or kept (4).
    # Least: T21 T1 EX + 3 low = 15 -> 76. Most: T21 T1 + 4 kings (27) + the Excuse kept 4 = 31 -> 60.
    assert sweep_totals(4, GC, "attack", 0) == span(60, 76)
    # 5 players, dog of 3: 3 oudlers -> 3 low (1.5) to 3 kings (13.5): 77.5 to 89.5, in half points.
    assert sweep_totals(5, GC, "attack", 3) == span(77.5, 89.5)


def test_defence_chelem_leaves_the_attack_its_ecart_and_excuse():
    # Écart of 6 (3 or 4 players): no king, no oudler: 6 low (3) to 4 queens + 2 knights (14 + 5 = 19).
    for players in (3, 4):
        assert sweep_totals(players, P, "defence", 0) == span(3, 19)
        assert sweep_totals(players, G, "defence", 1) == span(3 + 4, 19 + 4)  # with its Excuse, 4 more
        assert sweep_totals(players, G, "defence", 2) == set()
    # 5 players, écart of 3: 1.5 to 3 queens (10.5).
    assert sweep_totals(5, P, "defence", 0) == span(1.5, 10.5)
    # Garde contre: nothing but the Excuse.
    assert sweep_totals(4, GC, "defence", 0) == {0}
    assert sweep_totals(4, GC, "defence", 1) == {4}
    # Garde sans: the dog is the attack's, whatever it holds: 3 oudlers = T21 T1 EX + 3 low (15) up to
    # T21 T1 + 4 kings (27) with its Excuse kept (4) = 31.
    assert sweep_totals(4, GS, "defence", 3) == span(15, 31)


def test_neither_side_took_every_trick():
    # 4 players, petite: the attack holds its écart (6 low = 3) and a trick of 4 low cards (2): 5. The
    # defence holds at least a trick of 4 cards less its own Excuse, which changed side in the last trick
    # (one defender plays it, another wins): 3 × 0.5 = 1.5, so the attack 89.5, counted 90 (it won).
    assert neither_bounds(4, P) == (5, 90)
    assert neither_bounds(3, GC) == (1.5, 91 - 3 - 1)  # no écart; the dog of 6 (3) to the defence
    # 5 players with a partner: the partner's Excuse can change side in the attack's only trick: 1.5 + 2.
    assert neither_bounds(5, G) == (1.5 + 2, 91 - 2)
    assert neither_bounds(5, G, alone=True) == (1.5 + 2.5, 91 - 2)


def _neither_extreme(players: int, contract: Contract, alone: bool, lowest: bool) -> float:
    """The engine's count of a deal where one side wins only the last trick, all low cards, and a side of
    two players or more plays its own Excuse in it (it changes side); the rest of the deck to the other side."""
    rules = RuleSet.for_players(players)
    attack = {0, 1} if players == 5 and not alone else {0}
    defence = [s for s in range(players) if s not in attack]
    camp = lambda seat: "attack" if seat in attack else "defence"  # noqa: E731
    small_seats = sorted(attack) if lowest else defence  # the side with a single trick
    big_seat = defence[0] if lowest else 0
    lows = [c for c in CARDS if c.points == 0.5]
    small_aside = (contract.dog is not DogFate.DEFENCE_KEEPS_HIDDEN) == lowest
    aside, lows = (lows[:rules.dog_size], lows[rules.dog_size:]) if small_aside else ([], lows)
    if len(small_seats) > 1:  # one plays the Excuse, the other wins: the Excuse changes side
        last = _Trick((EXCUSE, *lows[:players - 1]), (small_seats[1], small_seats[0],
                      *(s for s in range(players) if s not in small_seats[:2])), small_seats[0])
    else:
        last = _Trick(tuple(lows[:players]), (small_seats[0], *(s for s in range(players) if s != small_seats[0])),
                      small_seats[0])
    used = set(last.cards) | set(aside)
    rest = [c for c in CARDS if c not in used]
    if not aside:  # the big side's écart or dog
        aside, rest = rest[:rules.dog_size], rest[rules.dog_size:]
    order = (big_seat, *(s for s in range(players) if s != big_seat))
    tricks = [_Trick(tuple(rest[i:i + players]), order, big_seat) for i in range(0, len(rest), players)]
    assert len(tricks) + 1 == rules.tricks and all(len(t.cards) == players for t in tricks)
    ecart, dog = (aside, ()) if contract.dog is DogFate.TAKER_EXCHANGES else ((), aside)
    pile, points, _ = count_attack([*tricks, last], camp, contract, ecart, dog)
    return settle_half_point(players, points, sum(c.is_oudler for c in pile))[0]


@pytest.mark.parametrize("players, alone", [(3, False), (4, False), (5, False), (5, True)])
@pytest.mark.parametrize("contract", list(Contract))
def test_the_neither_bounds_are_reached_by_real_piles(players, contract, alone):
    # The bounds are not too strict: a deal counted by the engine reaches each end.
    assert _neither_extreme(players, contract, alone, lowest=True) == neither_bounds(players, contract, alone)[0]
    assert _neither_extreme(players, contract, alone, lowest=False) == neither_bounds(players, contract, alone)[1]


# ------------------------------------------------------------------ the rule where entries are checked


def test_the_issue_entries_are_refused_with_the_reason():
    g = Game.new(["Ann", "Bob", "Cleo", "Dan"])
    with pytest.raises(EntryError) as err:
        g.add(taker="Ann", contract="garde", points=50, oudlers=3, chelem="announced_made")
    (field, msg), = err.value.problems
    assert field == "chelem" and "keeps at most the Excuse" in msg and "87 points with 2 oudlers or 91 with 3" in msg
    with pytest.raises(EntryError) as err:
        g.add(taker="Ann", contract="petite", points=60, oudlers=2, chelem="made")
    assert err.value.problems[0][0] == "chelem"
    with pytest.raises(EntryError) as err:
        g.add(taker="Ann", contract="garde", points=0, oudlers=0)
    (field, msg), = err.value.problems
    assert field == "points" and "écart" in msg and "at least 5 points" in msg
    with pytest.raises(EntryError) as err:  # the defence's chelem, still with the écart's floor
        g.add(taker="Ann", contract="petite", points=0, oudlers=0, chelem="defence")
    assert err.value.problems[0][0] == "chelem" and "3 to 19 points with 0 oudlers" in err.value.problems[0][1]


def test_real_totals_are_still_accepted():
    g = Game.new(["Ann", "Bob", "Cleo", "Dan"])
    # FFT p.9: garde, chelem announced and made, the defence kept the Excuse: 87 with 2 oudlers -> 582.
    g = g.add(taker="Ann", contract="garde", points=87, oudlers=2, chelem="announced_made", poignees="simple",
              petit_au_bout="attack")
    assert g.sheet().rows[-1].scores == (1746, -582, -582, -582)
    g = g.add(taker="Bob", contract="garde_contre", points=0, oudlers=0, chelem="defence")
    assert g.sheet().rows[-1].score.per_defender == -(25 + 56) * 6 - 200


def test_check_a_deal_and_cli_use_the_same_rule(capsys):
    with pytest.raises(PileError, match="keeps at most the Excuse"):
        score_deal(players=4, contract="garde", taker_points=50, oudlers=3, chelem="announced_made")
    from tutor.cli import main
    assert main(["score", "--players", "4", "--contract", "petite", "--points", "60", "--oudlers", "2",
                 "--chelem", "made"]) != 0
    assert "87 points with 2 oudlers or 91 with 3" in capsys.readouterr().err


def test_csv_import_refuses_an_impossible_chelem():
    text = "taker,contract,points,oudlers,chelem,Ann,Bob,Cleo\nAnn,garde,50,3,announced_made,,,\n"
    with pytest.raises(CsvError) as err:
        from_csv(text, "sheet.csv")
    assert err.value.lines()[0].startswith("sheet.csv:2: chelem: the attack took every trick")


def test_a_five_player_total_must_fit_the_half_points():
    # 5 players, petite, defence chelem: an écart of 3 cards always ends in .5.
    with pytest.raises(PileError, match="1.5 to 10.5 points with 0 oudlers"):
        check_pile_total(5, "petite", 2, 0, "defence")
    check_pile_total(5, "petite", 2.5, 0, "defence")


def test_the_readme_shows_the_computed_table():
    """The club's guide (docs/club.md, or wherever the docs move it) shows exactly the computed table."""
    root = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
    docs = "".join(p.read_text(encoding="utf-8") for p in [root / "README.md", *(root / "docs").rglob("*.md")])
    assert bounds_table() in docs


# ------------------------------------------------------------------ every accepted total has real piles

# Cards by their value in half points, for building the kept pile: oudlers first, then the rest.
_VALUE_CARDS: dict[int, list] = {}
for _c in CARDS:
    if not _c.is_oudler:
        _VALUE_CARDS.setdefault(round(_c.points * 2), []).append(_c)


def _kept_pile(size: int, oudlers: tuple, halves: int, ecart: bool) -> list | None:
    """``size`` real cards holding exactly ``oudlers`` and worth ``halves`` half points, or None."""
    rest, need = size - len(oudlers), halves - 9 * len(oudlers)
    values = sorted((v for v in _VALUE_CARDS if not (ecart and v == 9)), reverse=True)  # no king in an écart

    def fill(n, total, i):
        if n == 0:
            return [] if total == 0 else None
        for j in range(i, len(values)):
            v = values[j]
            for count in range(min(n, len(_VALUE_CARDS[v]), total // v), 0, -1):
                tail = fill(n - count, total - count * v, j + 1)
                if tail is not None:
                    return _VALUE_CARDS[v][:count] + tail
        return None

    tail = fill(rest, need, 0) if rest >= 0 and need >= 0 else None
    return None if tail is None else list(oudlers) + tail


@dataclass(frozen=True)
class _Trick:
    cards: tuple
    seats: tuple
    winner: int


def _realise(players: int, contract: Contract, swept_by: str, oudlers: int, points: float):
    """Concrete piles where ``swept_by`` takes every trick and the attack counts ``points`` with ``oudlers``."""
    rules = RuleSet.for_players(players)
    t21, t1 = parse_cards("T21 T1")
    loser = "defence" if swept_by == "attack" else "attack"
    loser_oudlers = 3 - oudlers if swept_by == "attack" else oudlers
    loser_points = 91 - points if swept_by == "attack" else points
    aside = {"attack": {P: "ecart", G: "ecart", GS: "dog"}, "defence": {GC: "dog"}}[loser].get(contract)
    size = rules.dog_size if aside else 0
    for keeps_excuse in (False, True):  # the loser plays its Excuse (kept, 4) or has it in its écart/dog
        pool = [t21, t1] if keeps_excuse else [EXCUSE, t21, t1]
        for n_kept in range(len(pool) + 1):
            kept_oudlers = tuple(pool[:n_kept])
            if n_kept + keeps_excuse != loser_oudlers or (aside == "ecart" and n_kept):
                continue
            halves = round((loser_points - 4 * keeps_excuse) * 2)
            pile = _kept_pile(size, kept_oudlers, halves, aside == "ecart")
            if pile is not None:
                return pile, keeps_excuse, aside
    return None


def _count(players, contract, swept_by, pile, keeps_excuse, aside):
    """The engine's count of the attack's pile, with every trick won by ``swept_by`` (seat 0 is the taker)."""
    rules = RuleSet.for_players(players)
    camp = lambda seat: "attack" if seat == 0 else "defence"  # noqa: E731
    winner, loser = (0, 1) if swept_by == "attack" else (1, 0)
    rest = [c for c in CARDS if c not in pile and c is not EXCUSE]
    if aside is None:  # the winner's écart or dog: any of its cards
        pile, rest = rest[:rules.dog_size], rest[rules.dog_size:]
    exchanges = contract.dog is DogFate.TAKER_EXCHANGES
    ecart, dog = (pile, ()) if exchanges else ((), pile)
    if EXCUSE not in pile:  # led in the first trick by the loser (who keeps it) or else by the winner
        rest = [EXCUSE] + rest
    leader = loser if keeps_excuse else winner
    seats = (leader,) + tuple(s for s in range(players) if s != leader)
    tricks = [_Trick(tuple(rest[i:i + players]), seats, winner) for i in range(0, len(rest), players)]
    assert len(tricks) == rules.tricks and all(len(t.cards) == players for t in tricks)
    return count_attack(tricks, camp, contract, ecart, dog)


@settings(max_examples=300, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), contract=st.sampled_from(list(Contract)),
       swept_by=st.sampled_from(["attack", "defence"]), oudlers=st.integers(0, 3), data=st.data())
def test_every_accepted_total_is_realised_by_real_piles(players, contract, swept_by, oudlers, data):
    totals = sorted(sweep_totals(players, contract, swept_by, oudlers))
    if not totals:
        with pytest.raises(TarotError):
            check_pile_total(players, contract, 50, oudlers, "made" if swept_by == "attack" else "defence")
        return
    points = data.draw(st.sampled_from(totals))
    found = _realise(players, contract, swept_by, oudlers, points)
    assert found is not None, (players, contract, swept_by, oudlers, points)
    pile, counted, _notes = _count(players, contract, swept_by, *found)
    assert counted == points
    assert sum(c.is_oudler for c in pile) == oudlers


def test_every_trick_without_a_chelem_marked_is_refused():
    # 91 with 3 oudlers leaves the defence nothing: the attack took every trick.
    with pytest.raises(PileError, match="no chelem is marked.*at most 90 points, not 91.*mark the chelem as made"):
        check_pile_total(4, "garde", 91, 3, None)
    with pytest.raises(PileError, match="the chelem failed, so the defence won at least one trick"):
        check_pile_total(4, "garde", 91, 3, "announced_failed")
    check_pile_total(4, "garde", 90, 3, None)


def test_a_failed_chelem_may_be_a_defence_sweep():
    # 3 points: the écart alone (6 low cards) — only when the defence took every trick.
    check_pile_total(4, "petite", 3, 0, "announced_failed")
    check_pile_total(4, "petite", 3, 0, "defence")
    with pytest.raises(PileError, match="at least 5 points, not 3"):
        check_pile_total(4, "petite", 3, 0, None)
