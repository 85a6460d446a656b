"""Single-dummy puzzles (``kind: seat-card``): "which card?" decided on what one seat can see.

The learner sees their hand, the dog if it was shown, the bids, the contract, the called king, the
poignées shown and the tricks played so far: never another seat's cards. The position is a real deal,
stored so it can be rebuilt: ``deal`` is ``{players, seed, dealer, log}`` (the engine's deal seed and
the actions played, in the engine's notation, separated by spaces; see ``positions.provenance``), and
the seat to play is the one whose turn it is after the log (``seat``, 1..N, states it).

**Graded by the advisor** (``tutor.strategy.advisor.advise.advise_card``) on that seat's view, with the seed
``seed`` (default 1) and a budget of ``SEAT_BUDGET_MS``: every card in the advisor's tie set is right.
``solution`` must list **exactly** that tie set (the best card and every card whose paired gap to it has
a 95% interval reaching 0), so what the puzzle says is what the grader accepts. A position where the
advisor ties every legal card teaches nothing and is refused.

**Stable answers only.** A sampled verdict moves with the seed. A puzzle is published only when its stated
cards stay inside the advisor's tie set on ``STABILITY_SEEDS`` seeds at the puzzle's budget: its own seed and the
next ones (``stability_seeds``). ``tarot-tutor check`` names the puzzle and the seed that breaks it.

Verdicts are cached by the position, the seed, the budget and a hash of the advisor's code (the modules it imports,
engine included, ``advisor_code_hash``): first in ``<puzzle file>.verdicts.json`` beside the puzzle file (committed,
read only; written by ``tarot-tutor check --stability FILE``, ``puzzles.record_verdicts``), then in the user's cache
(``BidCache``'s folder). A change to the advisor, the bots or the rules computes the puzzle's own verdict again, but
the other seeds' verdicts are read from the committed record only (so the check stays fast on a fresh clone): when
it was made for another version of the advisor, the check fails and says the one command that records it again. A
puzzle file with no record beside it (a draft) has every verdict computed and cached. """

from __future__ import annotations

import ast
import functools
import hashlib
import json
from pathlib import Path

from ..content.yamlio import Problem
from ..engine import CARDS, Card, Deal, Phase, SeatView, TarotError, card, parse_action
from ..strategy.advisor.advise import advise_card
from .strategy_record import BidCache, StrategyPuzzle, default_cache

SEAT_BUDGET_MS = 1000  # the advisor's budget for a puzzle: about 200 sampled deals mid-deal
STABILITY_SEEDS = 3  # the stated answer must stay inside the tie set on this many seeds (the puzzle's and the next)
RESTAMP = "tarot-tutor check --stability {path}"  # the one command that records a file's verdicts again
MAX_LOG = 200  # actions in a deal's log: bids, a call, an écart, poignées and at most 78 cards


def _problem(path: str, line: int, pid: str, message: str) -> Problem:
    return Problem(path, line, f"puzzle '{pid}': {message}" if pid else message)


def deal_json(raw) -> str:
    """The ``deal`` mapping checked for shape and written canonically (the cache's and the app's key)."""
    if not isinstance(raw, dict) or set(raw) != {"players", "seed", "dealer", "log"}:
        raise ValueError("deal is a mapping with players, seed, dealer and log")
    players, seed, dealer, log = raw["players"], raw["seed"], raw["dealer"], raw["log"]
    if players not in (3, 4, 5) or isinstance(players, bool):
        raise ValueError(f"players must be 3, 4 or 5, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        raise ValueError("seed must be a whole number from 0 to 2147483647")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise ValueError(f"dealer is a seat counted from 0, below {players}")
    if not isinstance(log, str):
        raise ValueError("log is the actions played, separated by spaces")
    actions = log.split()
    if len(actions) > MAX_LOG:
        raise ValueError(f"log has more than {MAX_LOG} actions")
    return json.dumps({"players": players, "seed": seed, "dealer": dealer, "log": actions}, sort_keys=True)


@functools.lru_cache(maxsize=256)
def rebuilt(text: str) -> Deal:
    """The deal of a ``deal_json``, every action checked by the engine (raises ``TarotError``)."""
    data = json.loads(text)
    deal = Deal.new(data["players"], seed=data["seed"], dealer=data["dealer"])
    for i, action in enumerate(data["log"], 1):
        try:
            deal.apply(parse_action(action))
        except TarotError as err:
            raise TarotError(f"action {i} of the log ({action}): {err}") from None
    return deal


def seat_fields(entry, path, at, pid, out: list) -> dict:
    """The fields of a seat-card puzzle, or problems appended to ``out``."""
    values: dict = {}
    try:
        text = deal_json(entry["deal"])
        deal = rebuilt(text)
    except (ValueError, TarotError) as err:
        out.append(_problem(path, at("deal"), pid, f"deal: {err}"))
        return values
    if deal.phase is not Phase.PLAYING:
        out.append(_problem(path, at("deal"), pid, "deal: the log must stop while the cards are played"))
        return values
    seat = entry.get("seat", deal.to_act + 1)
    if seat != deal.to_act + 1:
        out.append(_problem(path, at("seat"), pid, f"seat {seat!r} is not the seat to play: seat "
                                                   f"{deal.to_act + 1} is"))
    seed = entry.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        out.append(_problem(path, at("seed"), pid, "seed (the advisor's) must be a whole number from 0"))
    try:
        raw = entry["solution"]
        cards = [card(c) for c in str(raw).split()] if isinstance(raw, str | int) else []
        if not cards:
            raise ValueError("give at least one card")
    except (ValueError, TarotError) as err:
        out.append(_problem(path, at("solution"), pid, f"solution: {err}"))
        return values
    values.update(deal_json=text, players=deal.players, seat=deal.to_act, seed=seed,
                  solution=tuple(c.code for c in cards))
    return values


def seat_view(p: StrategyPuzzle) -> SeatView:
    """What the seat to play sees (its hand, the public actions, the dog if shown)."""
    return rebuilt(p.deal_json).view(p.seat)


def cheap_seat_checks(p: StrategyPuzzle) -> list[Problem]:
    """On loading (no sampling): the stated cards are legal for the seat, and there is a choice."""
    legal = seat_view(p).legal
    at = p.lines.get
    if len(legal) < 2:
        return [_problem(p.path, at("deal", p.line), p.id, "the seat has only one legal card: nothing to decide")]
    wrong = [c for c in p.solution if card(c) not in legal]
    if wrong:
        return [_problem(p.path, at("solution", p.line), p.id,
                         f"{wrong[0]} is not a legal card for seat {p.seat + 1} here; legal: "
                         + " ".join(c.code for c in legal))]
    return []


# ------------------------------------------------------------------ the advisor's verdict, cached


def _imports(path: Path, package: Path) -> set[Path]:
    """The tutor modules ``path`` imports (relative imports only: the project's own)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            parts = (node.module or "").split(".") if node.module else []
            target = base.joinpath(*parts)
            names = [target / f"{a.name}.py" for a in node.names] if not parts or target.is_dir() else []
            for f in (target.with_suffix(".py"), target / "__init__.py", *names):
                if f.is_file() and package in f.parents:
                    out.add(f)
    return out


@functools.cache
def advisor_code_hash() -> str:
    """A hash of the advisor's module and every project module it imports, in turn (a change to the
    advisor, the bots, the sampler, the solver or the engine changes it; a change elsewhere does not)."""
    package = Path(__file__).resolve().parents[1]
    todo, seen = [package / "strategy" / "advisor" / "advise.py"], set()
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo += _imports(f, package)
    h = hashlib.sha256()
    for f in sorted(seen):
        h.update(f.relative_to(package).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def verdict_key(p: StrategyPuzzle) -> str:
    return key_of(p.deal_json, p.seat, p.seed)


def key_of(deal_text: str, seat: int, seed: int) -> str:
    """The cache key: the position, the seed and the budget, then the advisor's code hash."""
    data = {"deal": deal_text, "seat": seat, "seed": seed, "budget_ms": SEAT_BUDGET_MS}
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]
    return f"{digest}-{advisor_code_hash()}"


def committed_path(puzzle_path: str) -> Path:
    """``puzzles/strategy-seat.yaml`` -> ``puzzles/strategy-seat.verdicts.json``."""
    p = Path(puzzle_path)
    return p.with_name(p.stem + ".verdicts.json")


@functools.lru_cache(maxsize=32)
def _committed(path: str, mtime: float) -> dict:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def committed_verdicts(puzzle_path: str) -> dict:
    f = committed_path(puzzle_path)
    try:
        return _committed(str(f), f.stat().st_mtime)
    except OSError:
        return {}


def verdict_of(view: SeatView, seed: int) -> dict:
    """The advisor's verdict as JSON-able data: every legal card's mean score for the seat, its paired gap
    to the best with the gap's 95% half-width, the tie set, the best and the pick."""
    a = advise_card(view, budget_ms=SEAT_BUDGET_MS, seed=seed)
    return {"ties": [c.code for c in a.ties], "best": a.best.code, "pick": a.pick.code, "samples": a.samples,
            "exact": a.exact, "budget_ms": SEAT_BUDGET_MS, "seed": seed,
            "options": [{"card": o.key.code, "own": round(o.own_score, 1), "gap": round(o.gap, 1),
                         "gap_ci": round(o.gap_ci, 1), "samples": o.samples} for o in a.options]}


def seat_verdict(p: StrategyPuzzle, cache: BidCache | None = None) -> dict:
    """The advisor's verdict for a seat-card puzzle: from the committed file, the cache, or computed."""
    key = verdict_key(p)
    hit = committed_verdicts(p.path).get(key) if p.path else None
    if hit is None and cache is not None:
        hit = cache.get(key)
    if hit is not None:
        return hit
    out = verdict_of(seat_view(p), p.seed)
    if cache is not None:
        cache.put(key, out)
    return out


def seat_cache() -> BidCache:
    """The user's cache of verdicts, beside the bid estimates (``default_cache``'s folder)."""
    bids = default_cache()
    return BidCache(None if bids.path is None else bids.path.with_name("seat-verdicts.json"))


def _names(codes) -> str:
    return " ".join(codes)


def verify_seat(p: StrategyPuzzle, cache: BidCache | None = None) -> list[Problem]:
    """The stated solution against the advisor's tie set; a verdict tying every legal card is refused; then the
    answer's stability on the other seeds (``verify_stability``)."""
    cache = cache if cache is not None else seat_cache()
    out = _verify_own_seed(p, cache)
    return out or verify_stability(p, cache)


def stability_seeds(p: StrategyPuzzle) -> tuple[int, ...]:
    """The seeds the answer must hold on: the puzzle's own, then the next ones.

    >>> from types import SimpleNamespace
    >>> stability_seeds(SimpleNamespace(seed=1))
    (1, 2, 3)
    """
    return tuple(p.seed + k for k in range(STABILITY_SEEDS))


def recorded_hashes(puzzle_path: str) -> set[str]:
    """The advisor code hashes the committed record of a puzzle file was made with."""
    return {k.rsplit("-", 1)[-1] for k in committed_verdicts(puzzle_path)}


def verify_stability(p: StrategyPuzzle, cache: BidCache | None = None) -> list[Problem]:
    """The stated cards inside the advisor's tie set on every seed of ``stability_seeds`` but the puzzle's own (checked
    by ``verify_seat``). A published file's verdicts are read from its record only; a verdict missing there (the
    advisor changed since it was recorded) is a problem naming the command that records them again."""
    line = p.lines.get("solution", p.line)
    published = bool(p.path) and committed_path(p.path).is_file()
    record = committed_verdicts(p.path) if p.path else {}
    out, missing = [], []
    for seed in stability_seeds(p)[1:]:
        key = key_of(p.deal_json, p.seat, seed)
        v = record.get(key)
        if v is None and not published:
            v = cache.get(key) if cache is not None else None
            if v is None:
                v = verdict_of(seat_view(p), seed)
                if cache is not None:
                    cache.put(key, v)
        if v is None:
            missing.append(seed)
            continue
        outside = [c for c in p.solution if c not in v["ties"]]
        if outside:
            out.append(_problem(p.path, line, p.id, f"the answer does not hold at seed {seed}: {_names(outside)} "
                                                    f"outside the advisor's tie set {_names(v['ties'])} "
                                                    f"({v['samples']} sampled deals, budget {v['budget_ms']} ms)"))
    if missing:
        old = ", ".join(sorted(recorded_hashes(p.path))) or "none"
        out.append(_problem(p.path, line, p.id, f"its verdicts at seed {', '.join(map(str, missing))} are not "
                                                f"recorded for this version of the advisor (code {advisor_code_hash()}"
                                                f"; the record has {old}): run `{RESTAMP.format(path=p.path)}` to "
                                                "record them again"))
    return out


def _verify_own_seed(p: StrategyPuzzle, cache: BidCache | None) -> list[Problem]:
    v = seat_verdict(p, cache)
    line = p.lines.get("solution", p.line)
    how = f"({v['samples']} sampled deals, seed {v['seed']}, budget {v['budget_ms']} ms)"
    ties, by_card = v["ties"], {o["card"]: o for o in v["options"]}
    if len(ties) == len(v["options"]):
        return [_problem(p.path, line, p.id, f"the advisor ties every legal card {how}: no card is better, "
                                             "so the puzzle teaches nothing")]
    out = []
    for code in p.solution:
        if code not in ties:
            o = by_card[code]
            out.append(_problem(p.path, line, p.id, f"{code} is not among the advisor's best: it gives the seat "
                                                    f"{o['own']:+.1f} on average, {o['gap']:.1f} less than "
                                                    f"{v['best']} (±{o['gap_ci']:.1f}) {how}"))
    missing = [c for c in ties if c not in p.solution]
    if missing and not out:
        out.append(_problem(p.path, line, p.id, f"the advisor's tie set is {_names(ties)} {how}: {_names(missing)} "
                                                "ties with the best and must be listed too"))
    return out


def hidden_cards(p: StrategyPuzzle) -> tuple[Card, ...]:
    """The cards the seat cannot see (for tests): every card but its hand, the cards played, the dog if it
    was shown, its own écart, the trumps of the écart and the poignées shown."""
    view = seat_view(p)
    seen = {*view.hand, *view.played, *(view.dog or ()), *(view.ecart or ()), *view.ecart_trumps,
            *(c for _, cards in view.poignees for c in cards)}
    return tuple(c for c in CARDS if c not in seen)
