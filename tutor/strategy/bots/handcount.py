"""Hand evaluation for the bots and the lessons: the hand count, which contract to bid, what to discard, which
king to call.

**The count.** Two scales are implemented, so ``bench/handcount_scales.py`` can compare them on played-out deals:

- ``chavey``: the published scale of Noël Chavey (*Le jeu de tarot*, Hatier, 1986), as a club's page quoting the
  book gives it: the 21 10, the Excuse 8, the Petit 0 / 5 / 7 / 9 as the 5th / 6th / 7th-or-more trump (fewer: 0);
  2 per trump, the oudlers included, only when the hand holds 5 or more; 2 more per trump from 16 to 21 and 1 more
  per such trump in a run (19 20 21: 3); a king with its queen 10, a king 6, a queen 3, a knight 2, a jack 1; a
  long suit of 5 / 6 / 7 cards 5 / 7 / 9 (we add 2 per card after 7); a void 6 and a singleton 3 (the book lists
  them for the higher contracts; we count them when the trumps count, i.e. with 5 or more, since a void without
  trumps to cut with wins nothing).
- ``tutor``: this project's first count (2 per trump, 1 more from 16 to 20, the 21 10, the Excuse 8, the Petit
  5 / 7 / 9 with 5 / 6 / 7 trumps, king 6, queen 3, knight 2, jack 1, a king with its queen 1 more, long suits
  5 / 7 / 9, voids 6 and singletons 3 with 4 or more trumps).

``SCALE`` is the one adopted: the one whose count predicts the made rate better on measured deals (see the
bench script and README). Counts are **not** scaled: each table size has its own thresholds (``THRESHOLDS``),
and a hand with fewer than ``MIN_TRUMPS`` trumps never reaches a contract, whatever its count.

>>> from tutor.engine import parse_cards as P
>>> strong = P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D")
>>> weak = P("2H 3H 4H T2 T3 5S 6S 7S 8S 9S 2C 3C 4C 5C 6C 7D 8D 9D")
>>> hand_strength(strong, players=4) > 56 > 41 > hand_strength(weak, players=4)
True
>>> choose_bid(strong, players=4, open_bids=["petite", "garde", "garde_sans", "garde_contre"]).value
'garde'
>>> taker = P("KH QH 3H 4S 5S 6S 7S 8S 9S T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17")
>>> [str(c) for c in choose_ecart(taker, players=4)]  # a void in spades; hearts keep their king
['9S', '8S', '7S', '6S', '5S', '4S']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import EXCUSE, PETIT, SUITS, TRUMP_21, Card, Contract, RuleSet, callable_cards, check_discard
from ...engine.ecart import discardable, trumps_needed
from ...engine.words import N_, Text, counted, joined

SCALES = ("chavey", "tutor")
SCALE = "chavey"  # adopted: it predicts the made rate better (bench/handcount_scales.py, README "The hand count")

# ---- the tutor scale (the project's first count)
ONE_TRUMP = 2
BIG_TRUMP = 1  # extra for each trump from 16 to 20
OUDLER_POINTS = {TRUMP_21: 10, EXCUSE: 8}
PETIT_BY_TRUMPS = ((7, 9), (6, 7), (5, 5))  # the Petit is worth more the more trumps guard it
FACE = {14: 6, 13: 3, 12: 2, 11: 1}  # king, queen, knight, jack
KING_QUEEN = 1  # a king with its queen (a "mariage"): 1 more than 6 + 3
LONG_SUIT = {5: 5, 6: 7, 7: 9}  # 8 and more: 9 plus 2 per card
VOID, SINGLETON = 6, 3  # only worth something with trumps to cut with
TUTOR_CUT_TRUMPS = 4  # the tutor scale counts voids and singletons from this many trumps

# ---- the Chavey scale (1986): what differs from the table above
CHAVEY_TRUMPS_FROM = 5  # trumps count (2 each, every one, the oudlers included) only once there are 5
CHAVEY_MAJOR = 2  # extra per trump from 16 to 21
CHAVEY_RUN = 1  # extra per trump from 16 to 21 in a run of two or more (19 20 21: 3)
CHAVEY_PETIT = ((7, 9), (6, 7), (5, 5))  # the Petit as the 5th, 6th, 7th-or-more trump (the Excuse counted)
CHAVEY_MARIAGE = 10  # a king with its queen, instead of 6 + 3

# Hand count -> the highest contract a bot bids, per table size (the counts are not scaled). With 4 players:
# Chavey's own thresholds (40 / 56 / 71 / 81). With 3 and 5 players (bench/handcount_scales.py, seed 2026): the
# garde and up where the made rate fitted on played-out deals equals the 4-player rate at those thresholds; the
# petite at the published petite / garde ratio (40 / 56) of that garde threshold.
THRESHOLDS_BY_PLAYERS = {
    4: ((81, Contract.GARDE_CONTRE), (71, Contract.GARDE_SANS), (56, Contract.GARDE), (40, Contract.PETITE)),
    3: ((107, Contract.GARDE_CONTRE), (93, Contract.GARDE_SANS), (71, Contract.GARDE), (51, Contract.PETITE)),
    5: ((81, Contract.GARDE_CONTRE), (65, Contract.GARDE_SANS), (39, Contract.GARDE), (28, Contract.PETITE)),
}
THRESHOLDS = THRESHOLDS_BY_PLAYERS[4]  # the 4-player table (kept for the callers that only know 4 players)
# Fewer trumps than this (the Excuse counted) and a hand never bids, whatever its count: kings and long suits
# alone do not make a contract (measured: README "The hand count").
MIN_TRUMPS = {3: 6, 4: 5, 5: 4}


def thresholds(players: int = 4) -> tuple[tuple[int, Contract], ...]:
    """The (count, contract) thresholds of one table size, highest first."""
    return THRESHOLDS_BY_PLAYERS[players]


def _petit_value(trumps: int, table=PETIT_BY_TRUMPS) -> int:
    return next((v for need, v in table if trumps >= need), 0)


@dataclass(frozen=True)
class CountStep:
    """One line of the hand count: what it is for, in the learner's words, and its points."""

    label: str
    points: float


@dataclass(frozen=True)
class HandCount:
    """The itemised count of a hand: each step and the total (not scaled: thresholds are per table size)."""

    steps: tuple[CountStep, ...]
    raw: int
    hand_size: int
    players: int = 4
    trumps: int = 0  # trumps held, the Excuse counted (the MIN_TRUMPS rule)
    scale: str = SCALE

    def __iter__(self):  # the labelled steps, in order: ``for step in count_steps(hand)``
        return iter(self.steps)

    @property
    def total(self) -> float:
        return self.raw

    @property
    def too_few_trumps(self) -> bool:
        return self.trumps < MIN_TRUMPS[self.players]

    @property
    def contract(self) -> Contract | None:
        """The highest contract the count reaches (None: pass); never one with too few trumps."""
        if self.too_few_trumps:
            return None
        return next((c for need, c in thresholds(self.players) if self.total >= need), None)

    def lines(self) -> tuple[tuple[str, float], ...]:
        """The steps as (label, points) that add up to ``total`` (the steps worth points)."""
        return tuple((s.label, s.points) for s in self.steps if s.points)

    def verdict(self) -> str:
        """Where the count stands against this table's thresholds (``threshold_text``), in one sentence."""
        return threshold_text(self.total, self.players, self.trumps)

    def explain(self) -> str:
        """The count in one paragraph, each step with its points (lessons and hints say the same).

        >>> from tutor.engine import parse_cards as P
        >>> count_steps(P("T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S QD 7D 3C JC")).explain()[:60]
        'The count: 7 trumps, 2 points each: 14; 2 big trumps (16 to '
        """
        items = joined((Text(N_("{label}: {points}"), label=s.label, points=f"{s.points:g}") for s in self.steps),
                       "; ")
        return Text(N_("The count: {items}. Total {total}. {verdict}"), items=items, total=self.raw,
                    verdict=self.verdict())


def _trumps(n: int) -> Text:
    return counted(n, N_("{n} trump"), N_("{n} trumps"))


def _big(n: int) -> Text:
    return counted(n, N_("{n} big trump"), N_("{n} big trumps"))


# The steps of a suit, by what the suit holds ({suit}: the suit's name).
_FACE_STEP = {14: N_("{suit}: the king"), 13: N_("{suit}: the queen"), 12: N_("{suit}: the knight"),
              11: N_("{suit}: the jack")}


def count_steps(hand: Sequence[Card], *, players: int = 4, scale: str = SCALE) -> HandCount:
    """The hand count step by step: the one place the count is made (``hand_strength`` adds it up).

    >>> from tutor.engine import parse_cards as P
    >>> hc = count_steps(P("T21 T20 T18 T15 T12 T9 T7 T5 T3 EX KH QH 8H 5H KS 2S 4C 6D"), players=4)
    >>> for s in hc.steps: print(f"{s.label}: {s.points:g}")
    10 trumps (the Excuse among them), 2 points each: 20
    3 big trumps (16 to 21), 2 more each: 6
    2 big trumps in a run (20 21), 1 more each: 2
    the 21: 10
    the Excuse: 8
    spades: the king: 6
    hearts: king and queen together: 10
    diamonds: a singleton (with 5 or more trumps): 3
    clubs: a singleton (with 5 or more trumps): 3
    >>> hc.total, hc.contract.value
    (68, 'garde')
    """
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}")
    steps: list[CountStep] = []

    def add(label: str, points: int) -> None:
        steps.append(CountStep(label, points))

    trumps = [c for c in hand if c.is_trump]
    held = len(trumps) + (EXCUSE in hand)
    if scale == "chavey":
        _chavey_trumps(hand, trumps, held, add)
        cut_from = CHAVEY_TRUMPS_FROM
    else:
        _tutor_trumps(hand, trumps, add)
        cut_from = TUTOR_CUT_TRUMPS
    held_for_cut = held if scale == "chavey" else len(trumps)
    by_suit = Counter(c.kind for c in hand if c.kind < 4)
    ranks = {(c.kind, c.rank) for c in hand if c.kind < 4}
    for kind in range(4):
        suit = Text(SUITS[kind].english)
        length = by_suit.get(kind, 0)
        mariage = (kind, 14) in ranks and (kind, 13) in ranks
        for r, v in FACE.items():
            if (kind, r) not in ranks or (scale == "chavey" and mariage and r in (13, 14)):
                continue
            add(Text(_FACE_STEP[r], suit=suit), v)
        if mariage:
            add(Text(N_("{suit}: king and queen together"), suit=suit),
                CHAVEY_MARIAGE if scale == "chavey" else KING_QUEEN)
        long = LONG_SUIT.get(length, 9 + 2 * (length - 7) if length > 7 else 0)
        if long:
            add(Text(N_("{suit}: {n} cards, a long suit"), suit=suit, n=length), long)
        cut = held_for_cut >= cut_from
        if length == 0:
            add(Text(N_("{suit}: a void (with {cut} or more trumps)") if cut else
                     N_("{suit}: a void (worth nothing with fewer than {cut} trumps to cut with)"), suit=suit,
                     cut=cut_from), VOID if cut else 0)
        elif length == 1:
            add(Text(N_("{suit}: a singleton (with {cut} or more trumps)") if cut else
                     N_("{suit}: a singleton (worth nothing with fewer than {cut} trumps)"), suit=suit, cut=cut_from),
                SINGLETON if cut else 0)
        elif not long and not any((kind, r) in ranks for r in FACE):
            add(Text(N_("{suit}: {n} cards, nothing"), suit=suit, n=length), 0)
    return HandCount(tuple(steps), sum(int(s.points) for s in steps), RuleSet.for_players(players).hand_size,
                     players, held, scale)


def _tutor_trumps(hand, trumps, add) -> None:
    n = len(trumps)
    if n:
        add(Text(N_("{n_trumps}, {each} points each"), n_trumps=_trumps(n), each=ONE_TRUMP), n * ONE_TRUMP)
    big = sum(1 for c in trumps if 16 <= c.rank <= 20)
    if big:
        add(Text(N_("{n_big} (16 to 20), {each} more each"), n_big=_big(big), each=BIG_TRUMP), big * BIG_TRUMP)
    for oudler, points in OUDLER_POINTS.items():
        if oudler in hand:
            add(Text(N_("the 21")) if oudler == TRUMP_21 else Text(N_("the Excuse")), points)
    if PETIT in hand:
        v = _petit_value(n)
        add(Text(N_("the Petit, with {n_trumps}") if v else
                 N_("the Petit, with {n_trumps} (it needs at least {need} to count)"), n_trumps=_trumps(n),
                 need=PETIT_BY_TRUMPS[-1][0]), v)


def _chavey_trumps(hand, trumps, held, add) -> None:
    counted = held >= CHAVEY_TRUMPS_FROM
    if held:
        message = {(True, True): N_("{n_trumps} (the Excuse among them), {each} points each"),
                   (False, True): N_("{n_trumps}, {each} points each"),
                   (True, False): N_("{n_trumps} (the Excuse among them), {each} points each (they count only "
                                     "once there are {first})"),
                   (False, False): N_("{n_trumps}, {each} points each (they count only once there are {first})")}[
            EXCUSE in hand, counted]
        add(Text(message, n_trumps=_trumps(held), each=ONE_TRUMP, first=CHAVEY_TRUMPS_FROM),
            held * ONE_TRUMP if counted else 0)
    majors = sorted(c.rank for c in trumps if c.rank >= 16)
    if majors:
        add(Text(N_("{n_big} (16 to 21), {each} more each"), n_big=_big(len(majors)), each=CHAVEY_MAJOR),
            len(majors) * CHAVEY_MAJOR)
    run = [r for r in majors if r - 1 in majors or r + 1 in majors]
    if run:
        add(Text(N_("{n_big} in a run ({run}), {each} more each"), n_big=_big(len(run)),
                 run=" ".join(map(str, run)), each=CHAVEY_RUN), len(run) * CHAVEY_RUN)
    for oudler, points in OUDLER_POINTS.items():
        if oudler in hand:
            add(Text(N_("the 21")) if oudler == TRUMP_21 else Text(N_("the Excuse")), points)
    if PETIT in hand:
        v = _petit_value(held, CHAVEY_PETIT)
        add(Text(N_("the Petit, with {n_trumps}") if v else
                 N_("the Petit, with {n_trumps} (it needs at least {need} to count)"), n_trumps=_trumps(held),
                 need=CHAVEY_PETIT[-1][0]), v)


_FACE_WORDS = {14: N_("a king"), 13: N_("a queen"), 12: N_("a knight"), 11: N_("a jack")}


def hand_strength(hand: Sequence[Card], *, players: int = 4, scale: str = SCALE) -> float:
    """The count of a hand (compare it with ``thresholds(players)``)."""
    return count_steps(hand, players=players, scale=scale).total


_CONTRACT_WORDS = {Contract.PETITE: N_("a petite"), Contract.GARDE: N_("a garde"),
                   Contract.GARDE_SANS: N_("a garde sans"), Contract.GARDE_CONTRE: N_("a garde contre")}


def shown_count(total: float) -> str:
    """A count as the learner reads it: never rounded across a threshold (40.8 is not "41").

    >>> shown_count(38), shown_count(40.8), shown_count(50.25), shown_count(41.0625)
    ('38', '40.8', '50.25', '41.06')
    """
    return f"{total:g}" if total == round(total, 2) else f"{total:.2f}"


def threshold_text(total: float, players: int = 4, trumps: int | None = None) -> str:
    """Where a count stands against the bidding thresholds of a table size, in one sentence.

    >>> threshold_text(38)
    'Counts 38, under the 40 a petite needs: pass.'
    >>> threshold_text(60)
    'Counts 60: enough for a garde (56), under the 71 a garde sans needs.'
    >>> threshold_text(90.5)
    'Counts 90.5: enough for a garde contre (81).'
    >>> threshold_text(45, 4, trumps=2)
    'Counts 45, but with only 2 trumps (the Excuse counted) a hand needs 5 to bid: pass.'
    """
    shown = shown_count(total)
    if trumps is not None and trumps < MIN_TRUMPS[players]:
        return counted(trumps, N_("Counts {shown}, but with only {n} trump (the Excuse counted) a hand needs {need} "
                                  "to bid: pass."),
                       N_("Counts {shown}, but with only {n} trumps (the Excuse counted) a hand needs {need} to bid: "
                          "pass."), shown=shown, need=MIN_TRUMPS[players])
    up = sorted(thresholds(players))  # lowest first
    reached = [(need, c) for need, c in up if total >= need]
    nxt = next(((need, c) for need, c in up if total < need), None)
    if not reached:
        return Text(N_("Counts {shown}, under the {need} {contract} needs: pass."), shown=shown, need=nxt[0],
                    contract=Text(_CONTRACT_WORDS[nxt[1]]))
    need, c = reached[-1]
    if nxt:
        return Text(N_("Counts {shown}: enough for {contract} ({need}), under the {next} {next_contract} needs."),
                    shown=shown, contract=Text(_CONTRACT_WORDS[c]), need=need, next=nxt[0],
                    next_contract=Text(_CONTRACT_WORDS[nxt[1]]))
    return Text(N_("Counts {shown}: enough for {contract} ({need})."), shown=shown, contract=Text(_CONTRACT_WORDS[c]),
                need=need)


def count_scale(players: int = 4) -> tuple[tuple[str, str], ...]:
    """The points of the adopted count, as (what, points) rows in the learner's words, read from the tables above
    (each a ``Text``, so the text layer says it in the learner's language).

    >>> dict(count_scale())["each trump (the Excuse counted), once there are 5 or more"]
    '2'
    """
    petit = joined((Text(N_("{points} with {need}+ trumps"), points=v, need=need) for need, v in CHAVEY_PETIT), ", ")
    long = joined((Text(N_("{n} cards: {points}"), n=n, points=v) for n, v in LONG_SUIT.items()), ", ")
    names = {TRUMP_21: Text(N_("the 21")), EXCUSE: Text(N_("the Excuse"))}
    bids = joined((Text(N_("{n} players: {bids}"), n=n, bids=", ".join(f"{_CONTRACT_WORDS[c][2:]} {need}"
                                                                        for need, c in sorted(t)))
                   for n, t in sorted(THRESHOLDS_BY_PLAYERS.items())), "; ")
    return ((Text(N_("each trump (the Excuse counted), once there are 5 or more")), f"{ONE_TRUMP}"),
            (Text(N_("each big trump (16 to 21)")), Text(N_("{n} more"), n=CHAVEY_MAJOR)),
            (Text(N_("each big trump in a run (19 20 21)")), Text(N_("{n} more"), n=CHAVEY_RUN)),
            *((names[c], f"{v}") for c, v in OUDLER_POINTS.items()),
            (Text(N_("the Petit")), Text(N_("{values}; 0 with fewer (it would be caught)"), values=petit)),
            (Text(N_("a king with its queen")), f"{CHAVEY_MARIAGE}"),
            *((Text(_FACE_WORDS[r]), f"{v}") for r, v in FACE.items()),
            (Text(N_("a long suit")), Text(N_("{values}; 2 more for each card after 7"), values=long)),
            (Text(N_("a void (only with 5 or more trumps)")), f"{VOID}"),
            (Text(N_("a singleton (only with 5 or more trumps)")), f"{SINGLETON}"),
            (Text(N_("the bidding thresholds")), bids),
            (Text(N_("too few trumps")), joined((Text(N_("{n} players: under {m} trumps, pass"), n=n, m=m)
                                                for n, m in sorted(MIN_TRUMPS.items())), ", ")))


def wanted_contract(hand: Sequence[Card], *, players: int = 4) -> Contract | None:
    """The highest contract this hand is worth, or None (pass)."""
    return count_steps(hand, players=players).contract


def choose_bid(hand: Sequence[Card], *, players: int, open_bids: Sequence) -> Contract | None:
    """Bid the contract the hand is worth when it is still open, else pass (None)."""
    want = wanted_contract(hand, players=players)
    if want is None:
        return None
    # Bid what the hand is worth; a lower contract would only be outbid by someone weaker.
    return want if want in [Contract.parse(c) for c in open_bids] else None


def choose_ecart(hand: Sequence[Card], *, players: int) -> list[Card]:
    """A legal, sensible écart from the taker's hand (dog included).

    Short suits without their king go first (to make voids, les coupes), the high cards of those
    suits before the low ones (their points are safe in the écart); a trump only when unavoidable.
    """
    size = RuleSet.for_players(players).dog_size
    pool = discardable(list(hand))
    length = Counter(c.kind for c in hand if c.kind < 4)
    kings = {c.kind for c in hand if c.is_king}
    # Suits without a king, shortest first; a suit with its king is kept (the king wants guards).
    order = sorted(pool, key=lambda c: (c.kind in kings, length[c.kind], c.kind, -c.points, -c.rank))
    chosen = order[:size]
    need = trumps_needed(list(hand), size)
    if need:
        low_trumps = sorted((c for c in hand if c.is_trump and not c.is_oudler), key=lambda c: c.rank)
        chosen = pool + low_trumps[:need]
    verdict = check_discard(list(hand), chosen, players=players)
    assert verdict.legal, verdict.reasons  # the rule above is the rule of the écart; a failure is a bug
    return chosen


def choose_call(hand: Sequence[Card]) -> Card:
    """5 players: call the king of the suit where the hand is longest (it guards the partner's lead).

    With all four kings the engine offers queens too; a card the hand does not hold is preferred.
    """
    options = callable_cards(list(hand))
    missing = [c for c in options if c not in hand] or options
    length = Counter(c.kind for c in hand if c.kind < 4)
    top = max(c.rank for c in missing)  # a king before a queen
    return max((c for c in missing if c.rank == top), key=lambda c: (length[c.kind], -c.kind))
