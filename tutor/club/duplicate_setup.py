"""Setting up an individual duplicate tournament: the étuis (prepared deals) and the movement.

**The étuis.** Each étui has a number, a dealer, the taker's orientation (N, E, S, W in turn, so in a
round of 4 étuis each player takes once: the FFT's "about 1 in 4") and four 18-card hands plus the dog.
When the arbiter prepares the deals the contract is an imposed Garde (FFT p.15), and the taker's hand must
be "incontestablement prenable". We deal seeded deals (no Petit sec) until the strongest of the four hands
is judged prenable by the strategy layer (``tutor.strategy.bidding.prenable``: a garde's hand count, then the
bidding estimator's sampled deals played out by the bots, thresholds in its ``PRENABLE``). That hand
goes to the taker's orientation (the FFT's taker too may pick the hand that suits them); the others stay
as dealt.

**The movement.** Players keep their orientation; ``tables`` sets of étuis (set s = the étuis
s x per_round + 1 ...) travel between tables. Round 0: the players of line index t and set t at table t.
No player ever plays a set twice and every set is played once a round, so with R rounds each étui is
played R times. With a table count prime to 6 (5, 7, 11, 13 tables) the movement is the cyclic one
(East moves 1 table a round, South 2, West 3, the sets 1) and no two players meet twice. With other
counts no such movement exists for every round (2 tables: the second round must pair two players again);
the players are placed line by line by a matching that keeps every deal new to everyone and, seeded,
meets as few pairs again as it can (``Movement.repeats`` counts them).

>>> m = make_movement(5, 5, seed=1)
>>> m.repeats, [m.set_at(r, 0) for r in range(5)], m.table_of("E", 0, 2)
(0, [0, 1, 2, 3, 4], 2)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..engine import Card, TarotError, card, deal_cards
from ..i18n import _
from ..limits import MAX_DUPLICATE_ETUIS, MAX_DUPLICATE_TABLES
from ..names import hidden, lookalike_key
from ..strategy.bidding.prenable import by_count, prenable
from ..strategy.bots.handcount import hand_strength
from .duplicate import ORIENTATIONS

DEALS = 400  # seeded deals tried for one étui before giving up (a prenable hand comes far sooner)
# Play goes counter-clockwise: seen from above with North at the top, North, West, South, East.
PLAY_ORDER = ("N", "W", "S", "E")
MOVES = {"N": 0, "E": 1, "S": 2, "W": 3}  # tables a line moves each round in the cyclic movement
MATCH_TRIES = 30  # seeded tries per round of the matching movement; the one meeting fewest pairs again is kept


def engine_seat(orientation: str) -> int:
    """The engine's seat (0..3, counter-clockwise play order) of an orientation, North being seat 0."""
    return PLAY_ORDER.index(orientation)


@dataclass(frozen=True)
class Etui:
    """One prepared deal: hands by orientation (N, E, S, W), the dog, and how the taker's hand was judged."""

    number: int
    dealer: str
    taker: str
    hands: tuple[tuple[Card, ...], ...]  # in ORIENTATIONS order
    dog: tuple[Card, ...]
    garde_chance: float
    garde_expected: float

    def hand(self, orientation: str) -> tuple[Card, ...]:
        return self.hands[ORIENTATIONS.index(orientation)]

    @property
    def leader(self) -> str:
        """The player on the dealer's right leads (FFT p.14)."""
        return PLAY_ORDER[(engine_seat(self.dealer) + 1) % 4]


def prepare_etui(number: int, seed: int) -> Etui:
    """Étui ``number`` of the tournament seeded ``seed``: the same arguments give the same étui."""
    rng = random.Random(f"duplicate:{seed}:{number}")
    taker = ORIENTATIONS[(number - 1) % 4]
    dealer = PLAY_ORDER[(number - 1) % 4]
    d_seat, t_seat = engine_seat(dealer), engine_seat(taker)
    for _deal in range(DEALS):
        dealt = deal_cards(4, dealer=d_seat, seed=rng)
        if dealt.petit_sec():
            continue
        best = max(range(4), key=lambda s: hand_strength(dealt.hands[s], players=4))
        if not by_count(dealt.hands[best], players=4):
            continue
        speaking = (t_seat - d_seat - 1) % 4  # the estimator counts seats from the first to speak
        verdict = prenable(dealt.hands[best], players=4, seat=speaking, rng=random.Random(rng.getrandbits(32)))
        if not verdict:
            continue
        by_seat = list(dealt.hands)
        by_seat[best], by_seat[t_seat] = by_seat[t_seat], by_seat[best]
        hands = tuple(tuple(sorted(by_seat[engine_seat(o)], key=lambda c: c.index)) for o in ORIENTATIONS)
        return Etui(number, dealer, taker, hands, tuple(sorted(dealt.dog, key=lambda c: c.index)),
                    verdict.chance, verdict.expected)
    raise TarotError(_("no prenable hand found for étui {n} in {deals} deals").format(n=number, deals=DEALS))


@dataclass(frozen=True)
class Movement:
    """Where everyone sits each round. ``places[r][o][i]`` is the table (from 0) of the i-th player of line
    ``o`` (ORIENTATIONS order) in round r; ``sets[r][t]`` the set of étuis at table t in round r."""

    tables: int
    rounds: int
    places: tuple[tuple[tuple[int, ...], ...], ...]
    sets: tuple[tuple[int, ...], ...]

    def table_of(self, orientation: str, index: int, rnd: int) -> int:
        return self.places[rnd][ORIENTATIONS.index(orientation)][index]

    def set_at(self, rnd: int, table: int) -> int:
        return self.sets[rnd][table]

    def seating(self, rnd: int) -> tuple[tuple[int, int, int, int], ...]:
        """For each table, the line index of its N, E, S and W players in round ``rnd``."""
        where = self.places[rnd]
        return tuple(tuple(where[o].index(t) for o in range(4)) for t in range(self.tables))

    @property
    def repeats(self) -> int:
        """Pairs of players who meet more than once (0 in the cyclic movement)."""
        met: dict[tuple, int] = {}
        for r in range(self.rounds):
            for seats in self.seating(r):
                players = list(enumerate(seats))
                for a in range(4):
                    for b in range(a + 1, 4):
                        met[players[a], players[b]] = met.get((players[a], players[b]), 0) + 1
        return sum(k - 1 for k in met.values() if k > 1)


def check_size(tables: int, rounds: int, per_round: int) -> None:
    if not 2 <= tables <= MAX_DUPLICATE_TABLES:
        raise TarotError(_("a duplicate needs 2 to {most} tables, not {n}").format(most=MAX_DUPLICATE_TABLES, n=tables))
    if not 2 <= rounds <= tables:
        raise TarotError(_("with {tables} tables there are 2 to {tables} rounds (each étui once a table), "
                           "not {n}").format(
            tables=tables, n=rounds))
    if not 1 <= per_round <= MAX_DUPLICATE_ETUIS:
        raise TarotError(_("a table plays 1 to {most} étuis a round, not {n}").format(most=MAX_DUPLICATE_ETUIS,
                                                                                      n=per_round))


def make_movement(tables: int, rounds: int, seed: int = 0) -> Movement:
    """The movement for ``tables`` tables and ``rounds`` rounds (see the module's text); seeded."""
    check_size(tables, rounds, 1)
    if math.gcd(tables, 6) == 1:
        places = tuple(tuple(tuple((i + MOVES[o] * r) % tables for i in range(tables)) for o in ORIENTATIONS)
                       for r in range(rounds))
        sets = tuple(tuple((t + r) % tables for t in range(tables)) for r in range(rounds))
        return Movement(tables, rounds, places, sets)
    return _matched(tables, rounds, random.Random(f"movement:{seed}:{tables}:{rounds}"))


def _matched(tables: int, rounds: int, rng: random.Random) -> Movement:
    """Sets move one table a round; each line is placed by a perfect matching of players to tables whose set
    is new to them (one always exists: the graph is regular), preferring tables where they meet nobody again."""
    identity = tuple(range(tables))
    places = [tuple(identity for _ in ORIENTATIONS)]
    sets = [identity]
    seen = {(o, i): {i} for o in range(4) for i in range(tables)}  # the sets each player has played
    met = {(o, i): set() for o in range(4) for i in range(tables)}
    _meet(met, places[0], tables)
    for r in range(1, rounds):
        round_sets = tuple((t + r) % tables for t in range(tables))
        best = None
        for _try in range(MATCH_TRIES):
            where = [identity]  # North stays at its table
            cost = 0
            for o in range(1, 4):
                at_table = [[(p, where[p].index(t)) for p in range(o)] for t in range(tables)]
                order = list(range(tables))
                rng.shuffle(order)
                options = {}
                for i in range(tables):
                    ok = [t for t in range(tables) if round_sets[t] not in seen[o, i]]
                    rng.shuffle(ok)
                    options[i] = sorted(ok, key=lambda t, i=i: sum(q in met[o, i] for q in at_table[t]))
                match = _match(order, options, tables)
                where.append(tuple(match[i] for i in range(tables)))
                cost += sum(sum(q in met[o, i] for q in at_table[match[i]]) for i in range(tables))
            if best is None or cost < best[0]:
                best = (cost, tuple(where))
            if cost == 0:
                break
        places.append(best[1])
        sets.append(round_sets)
        for o in range(4):
            for i in range(tables):
                seen[o, i].add(round_sets[best[1][o][i]])
        _meet(met, best[1], tables)
    return Movement(tables, rounds, tuple(places), tuple(sets))


def _meet(met: dict, where, tables: int) -> None:
    for t in range(tables):
        here = [(o, where[o].index(t)) for o in range(4)]
        for p in here:
            met[p].update(q for q in here if q != p)


def _match(order: list[int], options: dict[int, list[int]], tables: int) -> dict[int, int]:
    """A perfect matching of players to tables (Kuhn's augmenting paths), trying each player's options in order."""
    owner: dict[int, int] = {}

    def place(i: int, visited: set[int]) -> bool:
        for t in options[i]:
            if t in visited:
                continue
            visited.add(t)
            if t not in owner or place(owner[t], visited):
                owner[t] = i
                return True
        return False

    for i in order:
        if not place(i, set()):
            raise TarotError(_("no movement keeps every deal new to every player"))  # cannot happen: regular graph
    return {i: t for t, i in owner.items()}


@dataclass(frozen=True)
class Setup:
    """A whole tournament: the players by line (``lines[o][i]``: the i-th player of orientation o, who starts at
    table i + 1), the étuis and the movement. Tables, rounds and étuis are shown counted from 1."""

    tables: int
    rounds: int
    per_round: int
    seed: int
    lines: tuple[tuple[str, ...], ...]
    etuis: tuple[Etui, ...]
    movement: Movement

    def set_etuis(self, s: int) -> tuple[int, ...]:
        """The numbers of the étuis in set ``s`` (from 0)."""
        return tuple(range(s * self.per_round + 1, (s + 1) * self.per_round + 1))

    def round_card(self, rnd: int) -> tuple[tuple[int, tuple[str, str, str, str], tuple[int, ...]], ...]:
        """Round ``rnd`` (from 0): for each table (from 1), its N, E, S, W players and the étuis it plays."""
        return tuple((t + 1, tuple(self.lines[o][i] for o, i in enumerate(seats)),
                      self.set_etuis(self.movement.set_at(rnd, t)))
                     for t, seats in enumerate(self.movement.seating(rnd)))

    def plays(self) -> tuple[tuple[int, int, tuple[str, str, str, str]], ...]:
        """Every (étui, table, players N..W) of the tournament, in the order they are played: the results to enter."""
        out = []
        for r in range(self.rounds):
            for table, players, etuis in self.round_card(r):
                out += [(e, table, players) for e in etuis]
        return tuple(sorted(out))

    def etui(self, number: int) -> Etui:
        return self.etuis[number - 1]


def default_lines(tables: int) -> tuple[tuple[str, ...], ...]:
    """Placeholder names: North 1, East 1, ... by the table each starts at (Nord 1, Est 1... in French)."""
    from .duplicate import side
    return tuple(tuple(f"{side(o)} {i + 1}" for i in range(tables)) for o in ORIENTATIONS)


def make_setup(tables: int, rounds: int, per_round: int = 4, seed: int = 0, lines=None) -> Setup:
    """Prepare the étuis and the movement; ``lines`` are the players' names by orientation (default placeholders).

    >>> s = make_setup(5, 2, per_round=1, seed=7)
    >>> len(s.etuis), s.round_card(1)[0]
    (5, (1, ('North 1', 'East 5', 'South 4', 'West 3'), (2,)))
    """
    check_size(tables, rounds, per_round)
    lines = default_lines(tables) if lines is None else tuple(tuple(line) for line in lines)
    if len(lines) != 4 or any(len(line) != tables for line in lines):
        raise TarotError(_("each orientation needs {n} players, one a table").format(n=tables))
    names = [n for line in lines for n in line]
    if any(hidden(c) for n in names for c in str(n)):
        raise TarotError(_("a player's name cannot hold invisible or formatting characters"))
    keys = [lookalike_key(n) for n in names]  # the same name, or one that looks the same
    if len(set(keys)) != len(keys):
        twice = next(n for n, k in zip(names, keys) if keys.count(k) > 1)
        raise TarotError(_("{name} is named twice: each player plays in one seat").format(name=twice))
    etuis = tuple(prepare_etui(n, seed) for n in range(1, tables * per_round + 1))
    return Setup(tables, rounds, per_round, seed, lines, etuis, make_movement(tables, rounds, seed))


# -- the set-up as stored (``tutor.progress.duplicate_store``) -------------------------------------------------
# The étuis are kept card by card, not re-dealt from the seed: a later bidding estimator or bot could judge
# other deals prenable, and a tournament's paper must print the same at any time.

SETUP_FORMAT = 1  # raised when the stored form changes


def setup_to_dict(setup: Setup) -> dict:
    """The whole set-up as JSON-ready values (cards by code).

    >>> s = make_setup(2, 2, per_round=1, seed=3)
    >>> setup_from_dict(setup_to_dict(s)) == s
    True
    """
    return {"format": SETUP_FORMAT, "tables": setup.tables, "rounds": setup.rounds, "per_round": setup.per_round,
            "seed": setup.seed, "lines": [list(line) for line in setup.lines],
            "etuis": [{"number": e.number, "dealer": e.dealer, "taker": e.taker,
                       "hands": [[c.code for c in hand] for hand in e.hands], "dog": [c.code for c in e.dog],
                       "garde_chance": e.garde_chance, "garde_expected": e.garde_expected} for e in setup.etuis],
            "movement": {"places": [[list(line) for line in rnd] for rnd in setup.movement.places],
                         "sets": [list(rnd) for rnd in setup.movement.sets]}}


def setup_from_dict(data: dict) -> Setup:
    """The set-up ``setup_to_dict`` wrote; TarotError when it is not one (a damaged or foreign row)."""
    try:
        if data.get("format") != SETUP_FORMAT:
            raise ValueError(data.get("format"))
        tables, rounds, per_round = int(data["tables"]), int(data["rounds"]), int(data["per_round"])
        check_size(tables, rounds, per_round)
        etuis = tuple(Etui(int(e["number"]), str(e["dealer"]), str(e["taker"]),
                           tuple(tuple(card(c) for c in hand) for hand in e["hands"]),
                           tuple(card(c) for c in e["dog"]), float(e["garde_chance"]), float(e["garde_expected"]))
                      for e in data["etuis"])
        m = data["movement"]
        movement = Movement(tables, rounds, tuple(tuple(tuple(int(t) for t in line) for line in rnd)
                                                  for rnd in m["places"]),
                            tuple(tuple(int(s) for s in rnd) for rnd in m["sets"]))
        setup = Setup(tables, rounds, per_round, int(data["seed"]),
                      tuple(tuple(str(n) for n in line) for line in data["lines"]), etuis, movement)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise TarotError(_("this tournament's stored set-up cannot be read")) from err
    if (len(setup.etuis) != tables * per_round or len(movement.places) != rounds or len(setup.lines) != 4
            or any(len(line) != tables for line in setup.lines)
            or any(e.number != i or len(e.hands) != 4 for i, e in enumerate(setup.etuis, 1))):
        raise TarotError(_("this tournament's stored set-up cannot be read"))
    return setup
