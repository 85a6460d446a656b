"""The ranking of an individual duplicate tournament, as the FFT does it (règlement 2012, pp.17-19).

Every table plays the same deals (étuis); a result is compared only with the others on the same deal.
Four players a table (4-player tarot): the étui names the taker's orientation, the three others defend.
The marque written on the fiche ambulante is the per-defender score: + when the taker made the
contract, - when they failed, so a higher marque is a better result for the taker.

1. **Topage** of each deal: the best marque gets 100 %, the worst 0 %, the others evenly between by rank
   (n results: steps of 100/(n-1)); equal marques share their notes (the mean of the notes their ranks
   would get); each defender gets 100 - the taker's note. A deal played once cannot be compared: 50 %.
2. Each player's **attack %** and **defence %**: the means of their notes as taker and as defender;
   **global % = 1/4 attack + 3/4 defence** (``WEIGHTS``). The FFT text does not say what a player who never
   took (or never defended) gets: we take the part that was measured as their global %.
3. The **classement général** (global %, best first) and the **classement alterné**: each orientation's
   players ranked by global %; the firsts of each line take places 1-4 (ordered by global %), the seconds
   5-8, and so on; a line with fewer players simply has nobody left at the deeper ranks.
4. **Ties share a place**, as an FFT arbiter writes them ("1 ex aequo"): in the classement général equal
   global % take the same place and the next one skips (1, 1, 1, 1, 5); in the classement alterné the same
   inside each group of places (the firsts of the lines, then the seconds...). The names still come in a
   fixed order (by name) so a listing never changes between two runs.

Notes are exact fractions (``Fraction``), so equal results stay equal whatever the order of the rows.

>>> [float(n) for n in topage([56, 62, -56, -52, 50])]   # the FFT's own example, 5 tables (p.18)
[75.0, 100.0, 0.0, 25.0, 50.0]
>>> [float(n) for n in topage([40, 40, -20])]              # a tie shares the notes 100 and 50
[75.0, 75.0, 0.0]
>>> float(global_pct(Fraction(60), Fraction(40))), float(global_pct(None, Fraction(40)))
(45.0, 40.0)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine import TarotError
from ..i18n import _, language

ORIENTATIONS = ("N", "E", "S", "W")  # the CSV's columns and the étui's pockets
ORIENTATION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
FRENCH_NAMES = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}
LINE_ORDER = ("N", "S", "E", "W")  # the FFT lists the lines of the classement alterné Nord, Sud, Est, Ouest

# The FFT's numbers in one place (p.17-18).
TOP = Fraction(100)                 # the best note on a deal; the worst is 0
PLAYED_ONCE = Fraction(50)          # our choice: a deal nobody else played cannot be compared
WEIGHTS = {"attack": Fraction(1, 4), "defence": Fraction(3, 4)}  # global % = 1/4 attack + 3/4 defence
TAKER_FACTOR = 3                    # with 4 players the taker scores 3 times the marque (the defenders' sum)


def side(orientation: str) -> str:
    """An orientation's name in the current language (North, Nord)."""
    return (FRENCH_NAMES if language() == "fr" else ORIENTATION_NAMES)[orientation]


class DuplicateError(TarotError):
    """A result that cannot be ranked; ``line`` is the CSV line (0 when there is none)."""

    def __init__(self, message: str, line: int = 0):
        self.line = line
        self.message = message
        super().__init__(_("line {line}: {message}").format(line=line, message=message) if line else message)


@dataclass(frozen=True)
class Result:
    """One étui played at one table: the players by orientation (N, E, S, W), the taker's orientation and
    the marque (per defender, + made, - failed)."""

    deal: int
    table: int
    seats: tuple[str, str, str, str]
    taker: str
    score: int
    line: int = field(default=0, compare=False)  # where it was read, for messages only

    def __post_init__(self):
        if self.taker not in ORIENTATIONS:
            raise DuplicateError(_("the taker must be one of N, E, S, W, not {taker!r}").format(taker=self.taker),
                                 self.line)

    def player(self, orientation: str) -> str:
        return self.seats[ORIENTATIONS.index(orientation)]

    @property
    def taker_name(self) -> str:
        return self.player(self.taker)


def topage(scores: Sequence[int]) -> tuple[Fraction, ...]:
    """The taker's note for each marque of one deal, in the order given.

    Rank the n marques from the worst (rank 0) to the best (rank n-1); rank r is worth 100 r/(n-1); equal
    marques get the mean of their ranks' notes. One result alone gets 50.

    >>> [float(n) for n in topage([10, 10, 10])], [float(n) for n in topage([-30])]
    ([50.0, 50.0, 50.0], [50.0])
    """
    n = len(scores)
    if n == 0:
        return ()
    if n == 1:
        return (PLAYED_ONCE,)
    ordered = sorted(scores)
    step = TOP / (n - 1)
    note = {}
    for s in set(scores):
        first = ordered.index(s)
        last = first + ordered.count(s) - 1
        note[s] = step * Fraction(first + last, 2)  # the mean of ranks first..last, times the step
    return tuple(note[s] for s in scores)


def global_pct(attack: Fraction | None, defence: Fraction | None) -> Fraction:
    """1/4 attack + 3/4 defence; with only one of them measured, that one (the FFT text is silent)."""
    if attack is None and defence is None:
        raise DuplicateError(_("a player with no deal has no percentage"))
    if attack is None:
        return defence
    if defence is None:
        return attack
    return WEIGHTS["attack"] * attack + WEIGHTS["defence"] * defence


@dataclass(frozen=True)
class Note:
    """One result with its topage: the taker's note and each defender's."""

    result: Result
    taker_note: Fraction

    @property
    def defence_note(self) -> Fraction:
        return TOP - self.taker_note


@dataclass(frozen=True)
class RouteLine:
    """One deal on a player's feuille de route."""

    deal: int
    table: int
    orientation: str
    took: bool
    marque: int   # as written on the fiche (per defender, + the taker made it)
    score: int    # this player's own score: the taker +3 x marque, a defender - marque
    note: Fraction


@dataclass(frozen=True)
class Player:
    """A player's feuille de route and percentages (None: never in that role)."""

    name: str
    seat: str  # the orientation they played (the most played one, should they have moved)
    route: tuple[RouteLine, ...]
    attack: Fraction | None
    defence: Fraction | None
    global_: Fraction


@dataclass(frozen=True)
class Ranking:
    """The whole tournament: the topage of each deal, the players, and the two classements (names), with the
    place of each name (``general_places[i]`` is the place of ``general[i]``; equal percentages share one)."""

    notes: dict  # deal -> tuple[Note, ...], by table
    players: tuple[Player, ...]  # in the order of the classement général
    general: tuple[str, ...]
    alternate: tuple[str, ...]
    general_places: tuple[int, ...] = ()
    alternate_places: tuple[int, ...] = ()

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def general_place(self, name: str) -> str:
        """The place of ``name`` in the classement général as written ("3", or "1 ex aequo")."""
        i = self.general.index(name)
        return place_label(self.general_places[i], self.general_places.count(self.general_places[i]) > 1)

    def alternate_place(self, name: str) -> str:
        i = self.alternate.index(name)
        return place_label(self.alternate_places[i], self.alternate_places.count(self.alternate_places[i]) > 1)


def shared_places(values: Sequence, start: int = 1) -> tuple[int, ...]:
    """The places of values already in order (best first): equal neighbours share a place, the next skips.

    >>> shared_places([100, 100, 100, 100, 50]), shared_places([70, 60, 60, 40], start=5)
    ((1, 1, 1, 1, 5), (5, 6, 6, 8))
    """
    places: list[int] = []
    for i, v in enumerate(values):
        places.append(places[-1] if i and v == values[i - 1] else start + i)
    return tuple(places)


def place_label(place: int, tied: bool) -> str:
    """A place as the arbiter writes it: "2", or "1 ex aequo" when shared."""
    return _("{n} ex aequo").format(n=place) if tied else str(place)


def check_results(results: Iterable[Result]) -> tuple[Result, ...]:
    """The results, checked as a whole: one player per seat at a table, each deal once per table, no
    player on the same deal twice, one taker orientation per deal (the étui's). Raises DuplicateError."""
    results = tuple(results)
    seen_table: dict[tuple[int, int], Result] = {}
    seen_player: dict[tuple[int, str], Result] = {}
    taker_of: dict[int, Result] = {}
    for r in results:
        names = Counter(r.seats)
        twice = [n for n, k in names.items() if k > 1]
        if twice:
            raise DuplicateError(_("{name} sits in two seats at table {table} (deal {deal})").format(
                name=twice[0], table=r.table, deal=r.deal), r.line)
        if (r.deal, r.table) in seen_table:
            raise DuplicateError(_("deal {deal} is played twice at table {table} (see line {line})").format(
                deal=r.deal, table=r.table, line=seen_table[r.deal, r.table].line), r.line)
        seen_table[r.deal, r.table] = r
        for name in r.seats:
            if (r.deal, name) in seen_player:
                other = seen_player[r.deal, name]
                raise DuplicateError(_("{name} plays deal {deal} twice (tables {one} and {other})").format(
                    name=name, deal=r.deal, one=other.table, other=r.table), r.line)
            seen_player[r.deal, name] = r
        first = taker_of.setdefault(r.deal, r)
        if first.taker != r.taker:
            raise DuplicateError(_("deal {deal}: the taker is {first} at table {one} but {second} at table {other}; "
                                   "the étui names one taker").format(deal=r.deal, first=side(first.taker),
                                                                      one=first.table, second=side(r.taker),
                                                                      other=r.table), r.line)
    return results


def _order(players: Iterable[Player]) -> list[Player]:
    """Best global % first; equal percentages by name (a stable, visible tie-break)."""
    return sorted(players, key=lambda p: (-p.global_, p.name.casefold(), p.name))


def alternate_ranking(players: Iterable[Player]) -> tuple[str, ...]:
    """The classement alterné: the k-th of every line, ordered by global %, then the (k+1)-th...

    >>> P = lambda name, seat, g: Player(name, seat, (), None, Fraction(g), Fraction(g))
    >>> alternate_ranking([P("a", "N", 70), P("b", "N", 60), P("c", "S", 50), P("d", "E", 40), P("e", "E", 65)])
    ('a', 'e', 'c', 'b', 'd')
    """
    return tuple(p.name for group in _alternate_groups(players) for p in group)


def _alternate_groups(players: Iterable[Player]) -> list[list[Player]]:
    """The groups of the classement alterné: the firsts of every line (best first), then the seconds..."""
    lines = defaultdict(list)
    for p in players:
        lines[p.seat].append(p)
    ranked = [_order(lines[o]) for o in LINE_ORDER]
    return [_order(line[k] for line in ranked if k < len(line))
            for k in range(max((len(line) for line in ranked), default=0))]


def alternate_places(players: Iterable[Player]) -> tuple[int, ...]:
    """The place of each name of ``alternate_ranking``: inside a group equal global % share a place.

    >>> P = lambda name, seat, g: Player(name, seat, (), None, Fraction(g), Fraction(g))
    >>> alternate_places([P("a", "N", 70), P("b", "N", 60), P("c", "S", 70), P("d", "S", 60)])
    (1, 1, 3, 3)
    """
    places: list[int] = []
    for group in _alternate_groups(players):
        places += shared_places([p.global_ for p in group], start=len(places) + 1)
    return tuple(places)


def _mean(values: list[Fraction]) -> Fraction | None:
    return sum(values, Fraction(0)) / len(values) if values else None


def rank(results: Iterable[Result]) -> Ranking:
    """Topage, percentages and both classements of a tournament's results (see the module's text)."""
    results = check_results(results)
    if not results:
        raise DuplicateError(_("there are no results to rank"))
    by_deal = defaultdict(list)
    for r in results:
        by_deal[r.deal].append(r)
    notes = {}
    route = defaultdict(list)
    for deal in sorted(by_deal):
        rows = sorted(by_deal[deal], key=lambda r: r.table)
        notes[deal] = tuple(Note(r, n) for r, n in zip(rows, topage([r.score for r in rows])))
        for note in notes[deal]:
            r = note.result
            for o, name in zip(ORIENTATIONS, r.seats):
                took = o == r.taker
                route[name].append(RouteLine(deal, r.table, o, took, r.score,
                                             TAKER_FACTOR * r.score if took else -r.score,
                                             note.taker_note if took else note.defence_note))
    players = []
    for name, lines in route.items():
        attack = _mean([ln.note for ln in lines if ln.took])
        defence = _mean([ln.note for ln in lines if not ln.took])
        seats = Counter(ln.orientation for ln in lines)
        seat = max(ORIENTATIONS, key=lambda o: (seats[o], -ORIENTATIONS.index(o)))
        players.append(Player(name, seat, tuple(lines), attack, defence, global_pct(attack, defence)))
    ordered = _order(players)
    return Ranking(notes, tuple(ordered), tuple(p.name for p in ordered), alternate_ranking(ordered),
                   shared_places([p.global_ for p in ordered]), alternate_places(ordered))


def pct(value: Fraction | None, digits: int = 2) -> float | None:
    """A note as a float for display and JSON (None stays None)."""
    return None if value is None else round(float(value), digits)
