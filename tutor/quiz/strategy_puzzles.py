"""Strategy puzzles: "which card is best?" checked by the double-dummy solver, "what would you bid?"
checked by the bidding estimator.

They live in ``puzzles/strategy-*.yaml`` beside the rules puzzles, in the same list format, with
``kind: best-card``, ``kind: bid`` or ``kind: seat-card`` (single dummy: see ``tutor.quiz.seat_puzzles``).
All have ``id``, ``title``, ``tags`` (the themes),
``difficulty`` (1-3), ``skill`` (a strategy skill), ``principle`` (an id of
``tutor.strategy.bots.principles``), ``question``, ``solution`` and ``explanation``.

- ``best-card``: ``position`` is the solver's text format (``tarot-tutor solve``; seats 1..N, the
  5-player called partner in ``partner``); ``solution`` lists **every** best card for the seat to
  play. ``check`` solves the position exactly and the stated set must equal the solver's set of best
  cards (every tie counted).
- ``bid``: ``hand`` (the bidder's cards), ``players``, ``seat`` (1..N, default 1), ``samples``
  (default 100) and ``seed`` (default 1) for the estimator, and ``tolerance`` (points, default 0);
  ``solution`` is a contract or ``pass``. The stated bid's expected score must be the best, or within
  ``tolerance`` of it. Estimates are cached by content hash (``BidCache``).

>>> from tutor.content.yamlio import load_text
>>> doc = load_text('''
... - id: keep-the-petit-for-the-end
...   title: Keep it for the end
...   kind: best-card
...   tags: [petit-au-bout]
...   difficulty: 1
...   skill: endgames
...   principle: count-tricks
...   position:
...     players: 4
...     contract: petite
...     taker: 2
...     hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
...     trick: {leader: 2, cards: ""}
...     taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
...   question: Which card?
...   solution: T1
...   explanation: Keep the Petit for the last trick.
... ''', "x.yaml")
>>> p, problems = parse_strategy(doc[0], "x.yaml", doc.lines[0])
>>> [(x.line, x.message.split(": ")[1]) for x in verify_strategy(p)]
[(17, 'T1 is not best')]
"""

from __future__ import annotations

import re

from ..content.cardcodes import strict_cards
from ..content.yamlio import Problem
from ..engine import Contract, TarotError
from ..jsoncache import code_hash as _code_hash
from ..skills import STRATEGY_SKILLS
from ..strategy import (
    EXACT_CARDS,
    BeyondRange,
    Position,
    PositionError,
    Solution,
    estimate_bids,
    in_exact_range,
    solve,
)
from ..strategy.bidding.estimate import check_bid_hand
from ..strategy.bots.principles import PRINCIPLES, for_side
from .strategy_record import BidCache, StrategyPuzzle, bid_label

STRATEGY_KINDS = ("best-card", "bid", "seat-card")
COMMON = ("id", "title", "kind", "tags", "difficulty", "skill", "principle", "question", "solution", "explanation")
FIELDS = {"best-card": COMMON + ("position",),
          "bid": COMMON + ("hand", "players", "seat", "samples", "seed", "tolerance"),
          "seat-card": COMMON + ("deal", "seat", "seed")}
REQUIRED = {"best-card": COMMON + ("position",), "bid": COMMON + ("hand", "players"), "seat-card": COMMON + ("deal",)}
BIDS = ("pass",) + tuple(c.value for c in Contract)
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# A puzzle's rating comes from its difficulty (fixed: see tutor.progress.rating).
MAX_SAMPLES = 400


def _problem(path: str, line: int, pid: str, message: str) -> Problem:
    return Problem(path, line, f"puzzle '{pid}': {message}" if pid else message)


def parse_strategy(entry, path: str, line: int) -> tuple[StrategyPuzzle | None, list[Problem]]:
    """The puzzle of one YAML entry, or the problems that stop it (each at its line)."""
    lines = getattr(entry, "lines", {})
    at = lambda key: lines.get(key, line)  # noqa: E731
    pid = str(entry.get("id", ""))
    kind = entry.get("kind")
    out: list[Problem] = []
    for key in entry:
        if key not in FIELDS[kind]:
            out.append(_problem(path, at(key), pid, f"unknown field '{key}' for a {kind} puzzle; the fields are "
                                                    + ", ".join(FIELDS[kind])))
    out += [_problem(path, line, pid, f"missing field '{k}'") for k in REQUIRED[kind] if k not in entry]
    if out:
        return None, out
    if not isinstance(entry["id"], str) or not _ID.match(entry["id"]):
        out.append(_problem(path, at("id"), pid, "id must be lowercase words joined by hyphens, like 'save-the-petit'"))
    for key in ("title", "question", "explanation"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            out.append(_problem(path, at(key), pid, f"{key} must be text"))
    tags = entry["tags"]
    if not isinstance(tags, list) or not tags or not all(isinstance(t, str) and t for t in tags):
        out.append(_problem(path, at("tags"), pid, "tags must be a non-empty list of words, like [petit, endgame]"))
    difficulty = entry["difficulty"]
    if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
        out.append(_problem(path, at("difficulty"), pid, f"difficulty must be 1, 2 or 3, not {difficulty!r}"))
    if entry["skill"] not in STRATEGY_SKILLS:
        out.append(_problem(path, at("skill"), pid, f"skill {entry['skill']!r} is not a strategy skill; skills: "
                                                    + ", ".join(STRATEGY_SKILLS)))
    if entry["principle"] not in PRINCIPLES:
        out.append(_problem(path, at("principle"), pid, f"unknown principle {entry['principle']!r}; principles: "
                                                        + ", ".join(PRINCIPLES)))
    values: dict = {}
    if kind == "best-card":
        try:
            position = Position.from_mapping(entry["position"])
            values.update(position=position, players=position.players)
        except TarotError as err:
            out.append(_problem(path, at("position"), pid, f"position: {err}"))
        try:
            raw = entry["solution"]
            cards = strict_cards(str(raw) if isinstance(raw, int) else raw)
            if not cards:
                raise ValueError("give at least one card")
            values["solution"] = tuple(c.code for c in cards)
        except ValueError as err:
            out.append(_problem(path, at("solution"), pid, f"solution: {err}"))
    elif kind == "seat-card":
        from .seat_puzzles import seat_fields  # single dummy (it builds on this module)
        values.update(seat_fields(entry, path, at, pid, out))
    else:
        values.update(_bid_fields(entry, path, at, pid, out))
    if out:
        return None, out
    principle = entry["principle"]
    if "position" in values:  # the principle as the learner's side names it (a taker's is the attack's)
        principle = for_side(principle, attack=values["position"].is_attack(values["position"].to_play))
    puzzle = StrategyPuzzle(
        id=entry["id"], title=entry["title"].strip(), kind=kind, tags=tuple(tags), difficulty=difficulty,
        skill=entry["skill"], principle=principle, question=entry["question"].strip(),
        explanation=entry["explanation"].strip(), path=path, line=line, lines=dict(lines), **values)
    return puzzle, _cheap_checks(puzzle)


def _bid_fields(entry, path, at, pid, out) -> dict:
    values: dict = {}
    players = entry["players"]
    if players not in (3, 4, 5) or isinstance(players, bool):
        out.append(_problem(path, at("players"), pid, f"players must be 3, 4 or 5, not {players!r}"))
        return values
    values["players"] = players
    for key, low, high, default in (("seat", 1, players, 1), ("samples", 1, MAX_SAMPLES, 100),
                                    ("seed", 0, 2**31, 1)):
        v = entry.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            out.append(_problem(path, at(key), pid, f"{key} must be a whole number from {low} to {high}"))
        else:
            values[key] = v - 1 if key == "seat" else v
    tolerance = entry.get("tolerance", 0)
    if not isinstance(tolerance, int | float) or isinstance(tolerance, bool) or not 0 <= tolerance <= 1000:
        out.append(_problem(path, at("tolerance"), pid, "tolerance is a number of points from 0 to 1000"))
    else:
        values["tolerance"] = float(tolerance)
    try:
        values["hand"] = tuple(strict_cards(entry["hand"]))
    except ValueError as err:
        out.append(_problem(path, at("hand"), pid, f"hand: {err}"))
    solution = str(entry["solution"]).strip().lower().replace(" ", "_")
    if solution not in BIDS:
        out.append(_problem(path, at("solution"), pid, f"a bid puzzle's solution is one of {', '.join(BIDS)}, "
                                                       f"not {entry['solution']!r}"))
    values["solution"] = (solution,)
    return values


def _cheap_checks(p: StrategyPuzzle) -> list[Problem]:
    """What the app checks on loading (no search): the position in the exact range, legal stated cards."""
    at = p.lines.get
    if p.kind == "bid":
        try:  # the estimator's own checks: hand size, a card twice, the Petit sec
            check_bid_hand(p.hand, players=p.players, seat=p.seat)
        except TarotError as err:
            return [_problem(p.path, at("hand", p.line), p.id, f"hand: {err}")]
        return []
    if p.kind == "seat-card":
        from .seat_puzzles import cheap_seat_checks
        return cheap_seat_checks(p)
    pos = p.position
    if pos.cards_left == 0:
        return [_problem(p.path, at("position", p.line), p.id, "position: no card is left to play")]
    if not in_exact_range(pos):
        return [_problem(p.path, at("position", p.line), p.id,
                         f"position: {pos.cards_left} cards left is outside the solver's exact range "
                         f"(at most {EXACT_CARDS[pos.players]} with {pos.players} players): "
                         "a puzzle must be solved exactly")]
    legal = {c.code for c in pos.legal()}
    wrong = [c for c in p.solution if c not in legal]
    if wrong:
        return [_problem(p.path, at("solution", p.line), p.id,
                         f"{wrong[0]} is not a legal card for seat {pos.to_play + 1} here; legal: "
                         + " ".join(c.code for c in pos.legal()))]
    return []


# ------------------------------------------------------------------ the deep checks


def solution_of(p: StrategyPuzzle) -> Solution:
    """The solver's exact answer for a best-card puzzle, with a perfect line."""
    return solve(p.position, line=True)


def _value_text(v) -> str:
    return f"{v.taker_score:+d} (attack {v.attack_points:g} points)"


def verify_best_card(p: StrategyPuzzle, solution: Solution | None = None) -> list[Problem]:
    """The stated set of best cards against the solver's: a card that is not best, or a tie left out."""
    line = p.lines.get("solution", p.line)
    try:
        s = solution or solution_of(p)
    except (BeyondRange, PositionError) as err:
        return [_problem(p.path, p.lines.get("position", p.line), p.id, f"position: {err}")]
    best = {c.code for c in s.best}
    top = s.value
    out = []
    by_code = {c.code: v for c, v in s.cards.items()}
    for code in p.solution:
        if code not in best:
            out.append(_problem(p.path, line, p.id, f"{code} is not best: it gives the taker "
                                                    f"{_value_text(by_code[code])}, the best card "
                                                    f"{s.best[0].code} gives {_value_text(top)}"))
    missing = [c.code for c in s.best if c.code not in p.solution]
    if missing and not out:
        out.append(_problem(p.path, line, p.id, f"the solver's best cards are {' '.join(c.code for c in s.best)}: "
                                                f"{' '.join(missing)} ties at {_value_text(top)} and must be listed "
                                                "too (every tie counts)"))
    return out


def bid_values(p: StrategyPuzzle, cache: BidCache | None = None) -> dict:
    """Each bid's chance and expected score, from the seeded estimator (cached); 'pass' has the bidder's mean score
    when it passes and the others bid and play as the bots do (``estimate.passing``)."""
    key = f"{p.digest}-{_code_hash()}"
    if cache is not None and (hit := cache.get(key)) is not None:
        return hit
    est = estimate_bids(p.hand, players=p.players, seat=p.seat, samples=p.samples, seed=p.seed)
    values = {"pass": {"chance": None, "expected": round(est.passing, 1)}}
    values.update({c.value: {"chance": e.chance, "expected": round(e.expected, 1)} for c, e in est.contracts.items()})
    if cache is not None:
        cache.put(key, values)
    return values


def best_bids(values: dict) -> list[str]:
    """The bids with the best expected score (the lower bid first among equals).

    >>> best_bids({"pass": {"expected": 0}, "petite": {"expected": 30.0}, "garde": {"expected": 30.0}})
    ['petite', 'garde']
    """
    top = max(v["expected"] for v in values.values())
    return [b for b in BIDS if b in values and values[b]["expected"] == top]


def verify_bid(p: StrategyPuzzle, cache: BidCache | None = None) -> list[Problem]:
    values = bid_values(p, cache)
    stated = p.solution[0]
    top = best_bids(values)[0]
    gap = values[top]["expected"] - values[stated]["expected"]
    if gap <= p.tolerance:
        return []
    return [_problem(p.path, p.lines.get("solution", p.line), p.id,
                     f"{bid_label(stated)} is not the best bid: its expected score is "
                     f"{values[stated]['expected']:+.1f}, {bid_label(top)} gives {values[top]['expected']:+.1f} "
                     f"({p.samples} deals, seed {p.seed}; tolerance {p.tolerance:g})")]


def verify_strategy(p: StrategyPuzzle, cache: BidCache | None = None) -> list[Problem]:
    """The deep check: the solver for a best-card puzzle, the estimator for a bid puzzle, the advisor for a
    seat-card puzzle (its verdicts in their own cache, beside the bid estimates)."""
    if p.kind == "seat-card":
        from .seat_puzzles import seat_cache, verify_seat
        return verify_seat(p, seat_cache())
    return verify_best_card(p) if p.kind == "best-card" else verify_bid(p, cache)
