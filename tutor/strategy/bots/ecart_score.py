"""An écart described by the principles of a good one: a scored table, each row a principle.

The écart drill is graded by play (``by_play.grade_ecarts``), not by this table: the table's best écart is one
of the candidates played out, and ``card_reasons`` says why each card of an écart is there, in the principles'
words (never against lesson 19: a queen behind her own king is protected).

The rules come first (``check_discard``): an illegal écart scores nothing, with the rule's reason.
A legal one scores by the table ``ROWS``:

| principle (``principles.PRINCIPLES``) | points |
|---|---|
| make-voids: a plain suit the écart empties (you can then trump it) | 10 per void |
| bank-points: the card points the écart puts in your pile | 1 per point |
| no-trumps-in-ecart: when trumps must go, the smallest ones | 3 per trump among the smallest |

Kings and oudlers never go (the rules, and keep-kings), so they score nothing: a legal écart always
keeps them. The best écart is found exactly (every set of voidable suits, the rest filled with the
most points), and the credit is the écart's points over the best's.

>>> from tutor.engine import parse_cards as P
>>> hand = P("KH QH 3H 4S 5S 6S 7S 8S 9S T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17")
>>> [str(c) for c in best_ecart(hand, 4)]   # the void in spades (hearts keep their king)
['9S', '8S', '7S', '6S', '5S', '4S']
>>> s = score_ecart(hand, P("QH 3H 4S 5S 6S 7S"), players=4)
>>> s.total, s.best_total, s.credit       # no void, 6 points; the void and 3 points make 13
(6.0, 13.0, 0.46)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import SUITS, Card, RuleSet, check_discard, sort_cards
from ...engine.ecart import discardable, trumps_needed
from ...i18n import _, language, ngettext, number
from ...i18n.words import cards_text
from .principles import PRINCIPLES

SUIT_NAMES = tuple(s.english for s in SUITS)  # by kind, as the engine orders them
VOID_POINTS = 10
POINT_POINTS = 1
SMALL_TRUMP_POINTS = 3
# principle id -> what one unit is, and its points (the table above, in the order shown)
ROWS = (("make-voids", "voids made", VOID_POINTS), ("bank-points", "card points banked", POINT_POINTS),
        ("no-trumps-in-ecart", "smallest trumps given up", SMALL_TRUMP_POINTS))


@dataclass(frozen=True)
class Row:
    """One principle: how many units your écart earns and the best écart earns, and the points."""

    principle: str
    unit: str
    got: float
    best: float
    points: float
    best_points: float

    @property
    def name(self) -> str:
        return PRINCIPLES[self.principle].name


@dataclass(frozen=True)
class EcartScore:
    """The verdict: legal or not (with the rules' reasons), the scored rows, the reason for each card,
    and one best écart."""

    legal: bool
    reasons: tuple[str, ...]  # the rules broken (illegal écart)
    rule_ids: tuple[str, ...]
    rows: tuple[Row, ...]
    cards: tuple[tuple[Card, str, str], ...]  # (card, why, principle id)
    best: tuple[Card, ...]
    shown: tuple[Card, ...]  # trumps to show

    @property
    def total(self) -> float:
        return sum(r.points for r in self.rows)

    @property
    def best_total(self) -> float:
        return sum(r.best_points for r in self.rows)

    @property
    def credit(self) -> float:
        if not self.legal:
            return 0.0
        if self.total >= self.best_total - 1e-9:
            return 1.0
        return round(max(0.0, self.total / self.best_total), 2) if self.best_total else 1.0


def _units(hand: Sequence[Card], ecart: Sequence[Card], smallest: frozenset) -> tuple[int, float, int]:
    """(voids made, card points banked, smallest trumps given up)."""
    held = Counter(c.kind for c in hand if c.kind < 4)
    gone = Counter(c.kind for c in ecart if c.kind < 4)
    voids = sum(1 for k, n in held.items() if gone[k] == n)
    points = sum(c.points for c in ecart if c.kind < 4)
    return voids, points, sum(1 for c in ecart if c in smallest)


def _value(units: tuple[int, float, int]) -> float:
    return sum(u * pts for u, (_, _, pts) in zip(units, ROWS))


def best_ecart(hand: Sequence[Card], players: int) -> tuple[Card, ...]:
    """A best legal écart by the table: every set of suits that can be emptied, the rest of the écart
    filled with the most points (ties: the bots' order, shortest suits first, display order)."""
    hand = list(hand)
    n = RuleSet.for_players(players).dog_size
    pool = discardable(hand)
    need = trumps_needed(hand, n)
    trumps = _smallest_trumps(hand, need)
    if need:
        return tuple(sort_cards(pool + list(trumps)))
    by_kind: dict[int, list[Card]] = {}
    for c in pool:
        by_kind.setdefault(c.kind, []).append(c)
    kings = {c.kind for c in hand if c.is_king}
    voidable = [k for k in by_kind if k not in kings]
    best, best_value = None, -1.0
    for r in range(len(voidable) + 1):
        for suits in itertools.combinations(sorted(voidable), r):
            chosen = [c for k in suits for c in by_kind[k]]
            if len(chosen) > n:
                continue
            rest = sorted((c for c in pool if c.kind not in suits), key=lambda c: (-c.points, -c.rank, c.kind))
            chosen += rest[:n - len(chosen)]
            value = _value(_units(hand, chosen, trumps))
            if value > best_value + 1e-9:
                best, best_value = chosen, value
    return tuple(sort_cards(best))


def _smallest_trumps(hand: Sequence[Card], need: int) -> frozenset:
    """The ``need`` smallest trumps that may go (never an oudler)."""
    small = sorted((c for c in hand if c.is_trump and not c.is_oudler), key=lambda c: c.rank)
    return frozenset(small[:need])


def score_ecart(hand: Sequence[Card], ecart: Sequence[Card], *, players: int) -> EcartScore:
    """The scored table for ``ecart`` from the taker's ``hand`` (the dog taken in)."""
    hand, ecart = list(hand), list(ecart)
    verdict = check_discard(hand, ecart, players=players)
    n = RuleSet.for_players(players).dog_size
    smallest = _smallest_trumps(hand, trumps_needed(hand, n))
    best = best_ecart(hand, players)
    if not verdict.legal:
        return EcartScore(False, tuple(verdict.reasons), tuple(verdict.rules), (), (), best, ())
    mine, top = _units(hand, ecart, smallest), _units(hand, best, smallest)
    rows = tuple(Row(pid, unit, got, want, got * pts, want * pts)
                 for (pid, unit, pts), got, want in zip(ROWS, mine, top))
    return EcartScore(True, (), (), rows, card_reasons(hand, ecart, smallest), best, tuple(verdict.shown))


def card_reasons(hand: Sequence[Card], ecart: Sequence[Card], smallest: frozenset) -> tuple:
    """Why each card of the écart is there, in the principles' words: (card, why, principle id)."""
    held = Counter(c.kind for c in hand if c.kind < 4)
    gone = Counter(c.kind for c in ecart if c.kind < 4)
    kings = {c.kind for c in hand if c.is_king}
    out = []
    for c in sort_cards(ecart):
        if c.is_trump:
            if c in smallest:
                out.append((c, _("a trump that cannot be avoided, and one of your smallest: it is shown"),
                            "no-trumps-in-ecart"))
            else:
                lower = sort_cards(smallest)
                shown = " ".join(x.code for x in lower) if language() == "en" else cards_text(lower)
                out.append((c, _("a trump bigger than needed: {cards} would do").format(cards=shown),
                            "no-trumps-in-ecart"))
            continue
        suit = _(SUIT_NAMES[c.kind])
        # "4.5 points"; English says "0.5 points", French « 0,5 point » (singular below 2)
        en = language() == "en"
        pts = ngettext("{n} point", "{n} points", 1 if (c.points == 1 if en else c.points < 2) else 2).format(
            n=f"{c.points:g}" if en else number(c.points))
        if gone[c.kind] == held[c.kind]:
            out.append((c, (_("empties {suit}: a void you can trump, and banks {points}") if c.points > 0.5 else
                            _("empties {suit}: a void you can trump")).format(suit=suit, points=pts), "make-voids"))
        elif c.points > 0.5 and c.kind in kings:
            # Lesson 19: a queen (or knight) behind her own king is protected; putting her aside is a choice.
            out.append((c, _("banks {points}; with the king of {suit} in your hand it was protected, not in "
                             "danger").format(points=pts, suit=suit), "bank-points"))
        elif c.points > 0.5:
            out.append((c, _("banks {points} that could be lost in play").format(points=pts), "bank-points"))
        elif c.kind in kings:
            out.append((c, _("a small card from {suit}, where you keep the king (no void there): it banks "
                             "{points}").format(suit=suit, points=pts), "bank-points"))
        else:
            left = held[c.kind] - gone[c.kind]
            out.append((c, ngettext("a small card: {suit} keeps {n} card, so no void",
                                    "a small card: {suit} keeps {n} cards, so no void", left).format(suit=suit, n=left),
                        "make-voids"))
    return tuple(out)
