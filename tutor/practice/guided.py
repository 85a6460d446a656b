"""Guided hands (``puzzles/guided/*.yaml``): fixed deals with commentary, played from one seat.

One file is one deal: the hands and the dog (or a ``seed``), the learner's ``seat``, the whole
auction, the king called, the écart, the poignées, every trick, and ``moments`` of commentary
keyed to a trick (and optionally to a card played in it). A moment with ``expect`` is a decision:
the learner must find that card, and any other legal card gets the ``wrong`` explanation and a retry.

    id: hunting-the-petit
    title: Hunting the Petit
    summary: Lead trumps to force the Petit out.
    players: 4
    seat: 0
    dealer: 3
    hands: ["T21 T20 …", "…", "…", "…"]    # seat 0, 1, 2, 3
    dog: 2S 3S …
    auction: [garde, pass, pass, pass]   # in speaking order, from the dealer's right
    ecart: 4H 5H …                       # the taker's, when the contract takes the dog
    tricks:                              # in play order, from the trick's leader
      - T21 T3 T1 T5
    moments:
      - {trick: 1, expect: T21, text: "…", wrong: "…"}
      - {trick: 1, card: T1, text: "…"}
    end: What to remember.

Validation replays the whole deal through the engine: every bid, call, écart, poignée and card
must be legal, the deal must be complete, and every moment must name a trick and a card of it.

>>> from tutor.content.yamlio import load_text
>>> doc = load_text('id: x\\ntitle: X\\nplayers: 4\\nseat: 0\\nseed: 1\\nauction: [pass]\\ntricks: []\\n', "x.yaml")
>>> [str(p) for p in check_guided(doc, "x.yaml")[1]][:2]
["x.yaml:1: guided hand 'x': missing field 'summary'", "x.yaml:1: guided hand 'x': missing field 'moments'"]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..content.cardcodes import strict_card, strict_cards
from ..content.overlay import read_translated
from ..content.yamlio import ContentError, Problem, load_file
from ..engine import (
    Action,
    Bid,
    CallKing,
    Card,
    Contract,
    Deal,
    DeclareChelem,
    Discard,
    IllegalAction,
    Phase,
    PlayCard,
    RuleSet,
    ShowPoignee,
    TarotError,
    deal_cards,
)
from ..engine.deal import DealtCards

REQUIRED = ("id", "title", "summary", "players", "seat", "auction", "tricks", "moments")
OPTIONAL = ("dealer", "hands", "dog", "seed", "call", "ecart", "poignees", "chelem", "end", "tags")
MOMENT_FIELDS = ("trick", "card", "expect", "text", "wrong")
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Moment:
    """A comment shown at trick ``trick`` (1-based): at its start, after ``card`` is played, or,
    with ``expect``, when the learner must find that card."""

    trick: int
    text: str
    card: Card | None = None
    expect: Card | None = None
    wrong: str = ""
    line: int = 0


@dataclass(frozen=True)
class GuidedHand:
    id: str
    title: str
    summary: str
    players: int
    seat: int
    dealt: DealtCards
    log: tuple[Action, ...]  # the whole deal, bids to last card
    moments: tuple[Moment, ...]
    end: str = ""
    tags: tuple[str, ...] = ()
    path: str = ""
    line: int = 0

    def new_deal(self) -> Deal:
        return Deal(self.dealt, rules=RuleSet.for_players(self.players))

    def finished_deal(self) -> Deal:
        d = self.new_deal()
        for a in self.log:
            d.apply(a)
        return d

    def decisions(self) -> list[Moment]:
        return [m for m in self.moments if m.expect is not None]


class _Problems(list):
    def add(self, path: str, line: int, gid: str, message: str) -> None:
        self.append(Problem(path, line, f"guided hand '{gid}': {message}" if gid else message))


def _cards(value, problems: _Problems, path, line, gid, what) -> list[Card] | None:
    try:
        return strict_cards(value)
    except ValueError as err:
        problems.add(path, line, gid, f"{what}: {err}")
        return None


def _dealt(doc, path, gid, problems: _Problems) -> DealtCards | None:
    lines = getattr(doc, "lines", {})
    players, dealer = doc["players"], doc.get("dealer", 0)
    if "seed" in doc:
        if "hands" in doc or "dog" in doc:
            problems.add(path, lines.get("seed", doc.line), gid,
                         "give either a seed or the hands and the dog, not both")
            return None
        return deal_cards(players, dealer=dealer, seed=doc["seed"])
    if "hands" not in doc or "dog" not in doc:
        problems.add(path, doc.line, gid, "the deal needs a seed, or the hands and the dog")
        return None
    rules = RuleSet.for_players(players)
    raw = doc["hands"]
    if not isinstance(raw, list) or len(raw) != players:
        problems.add(path, lines.get("hands", doc.line), gid, f"hands: one hand per seat ({players}), in seat order")
        return None
    hands = []
    for i, h in enumerate(raw):
        at = raw.lines[i] if hasattr(raw, "lines") else lines.get("hands", doc.line)
        cards = _cards(h, problems, path, at, gid, f"hand of seat {i}")
        if cards is None:
            return None
        if len(cards) != rules.hand_size:
            problems.add(path, at, gid, f"seat {i} has {len(cards)} cards; with {players} players a hand has "
                                        f"{rules.hand_size}")
        hands.append(tuple(cards))
    dog = _cards(doc["dog"], problems, path, lines.get("dog", doc.line), gid, "dog")
    if dog is None:
        return None
    if len(dog) != rules.dog_size:
        problems.add(path, lines.get("dog", doc.line), gid, f"the dog has {len(dog)} cards, not {rules.dog_size}")
    every = [c for h in hands for c in h] + dog
    if len(set(every)) != len(every) or len(every) != 78:
        twice = sorted({str(c) for c in every if every.count(c) > 1})
        missing = 78 - len(set(every))
        problems.add(path, lines.get("hands", doc.line), gid,
                     "the hands and the dog must hold the 78 cards once each"
                     + (f"; twice: {' '.join(twice)}" if twice else "") + (f"; {missing} missing" if missing else ""))
        return None
    if problems:
        return None
    return DealtCards(players, dealer, tuple(hands), tuple(dog), 0, ())


def _header(doc, path: str) -> tuple[str, _Problems]:
    problems = _Problems()
    gid = str(doc.get("id", "")) if isinstance(doc, dict) else ""
    if not isinstance(doc, dict):
        problems.add(path, getattr(doc, "line", 1) or 1, "", "a guided hand file is a mapping (id: …, title: …)")
        return gid, problems
    lines = getattr(doc, "lines", {})
    for key in doc:
        if key not in REQUIRED + OPTIONAL:
            problems.add(path, lines.get(key, doc.line), gid, f"unknown field '{key}'; the fields are "
                         + ", ".join(REQUIRED + OPTIONAL))
    for key in REQUIRED:
        if key not in doc:
            problems.add(path, doc.line, gid, f"missing field '{key}'")
    if problems:
        return gid, problems
    if not _ID.match(gid):
        problems.add(path, lines["id"], gid, "the id is lower-case words joined by hyphens")
    if doc["players"] not in (3, 4, 5):
        problems.add(path, lines["players"], gid, "players is 3, 4 or 5")
    elif not (isinstance(doc["seat"], int) and 0 <= doc["seat"] < doc["players"]):
        problems.add(path, lines["seat"], gid, f"seat is a number from 0 to {doc['players'] - 1}")
    elif not (isinstance(doc.get("dealer", 0), int) and 0 <= doc.get("dealer", 0) < doc["players"]):
        problems.add(path, lines.get("dealer", doc.line), gid, f"dealer is a number from 0 to {doc['players'] - 1}")
    return gid, problems


def _replay(doc, dealt: DealtCards, path: str, gid: str, problems: _Problems) -> tuple[Deal, list[Action], list]:
    """Apply the file's deal to the engine, naming the line of the first illegal step.

    Returns the deal, its log and, per trick, the line it was written on.
    """
    lines = getattr(doc, "lines", {})
    deal = Deal(dealt, rules=RuleSet.for_players(dealt.players))
    log: list[Action] = []
    if deal.phase is Phase.CANCELLED:
        problems.add(path, lines.get("hands", lines.get("seed", doc.line)), gid, deal.cancel_reason)
        return deal, log, []

    def do(action: Action, line: int, what: str) -> bool:
        try:
            log.append(deal.apply(action))
            return True
        except IllegalAction as err:
            problems.add(path, line, gid, f"{what}: {err}")
            return False

    auction = doc["auction"]
    at = lines["auction"]
    if not isinstance(auction, list) or len(auction) != dealt.players:
        problems.add(path, at, gid, f"the auction has one bid per player ({dealt.players}), in speaking order")
        return deal, log, []
    for bid in auction:
        try:
            contract = None if str(bid).lower() in ("pass", "none") else Contract.parse(bid)
        except TarotError as err:
            problems.add(path, at, gid, f"auction: {err}")
            return deal, log, []
        if not do(Bid(deal.to_act, contract), at, "auction"):
            return deal, log, []
    if deal.phase is Phase.CANCELLED:
        problems.add(path, at, gid, "everyone passed: there is no deal to play")
        return deal, log, []
    if deal.phase is Phase.CALLING:
        if "call" not in doc:
            problems.add(path, doc.line, gid, "with 5 players the taker calls a king: add 'call'")
            return deal, log, []
        try:
            card = strict_card(doc["call"])
        except ValueError as err:
            problems.add(path, lines["call"], gid, f"call: {err}")
            return deal, log, []
        if not do(CallKing(deal.taker, card), lines["call"], "call"):
            return deal, log, []
    elif "call" in doc:
        problems.add(path, lines["call"], gid, "only a 5-player taker calls a king")
    if deal.phase is Phase.ECART:
        if "ecart" not in doc:
            problems.add(path, doc.line, gid, f"the {deal.contract.value} takes the dog: add the taker's 'ecart'")
            return deal, log, []
        cards = _cards(doc["ecart"], problems, path, lines["ecart"], gid, "ecart")
        if cards is None or not do(Discard(deal.taker, tuple(cards)), lines["ecart"], "ecart"):
            return deal, log, []
    elif "ecart" in doc:
        problems.add(path, lines["ecart"], gid, f"a {deal.contract.value} leaves the dog alone: no écart")
    if doc.get("chelem") and not do(DeclareChelem(deal.taker), lines["chelem"], "chelem"):
        return deal, log, []
    shows = {}
    raw_shows = doc.get("poignees") or {}
    if not isinstance(raw_shows, dict):
        problems.add(path, lines.get("poignees", doc.line), gid, "poignees maps a seat to the trumps it shows")
        return deal, log, []
    for seat, value in raw_shows.items():
        where = raw_shows.lines.get(seat, lines["poignees"]) if hasattr(raw_shows, "lines") else doc.line
        cards = _cards(value, problems, path, where, gid, f"poignée of seat {seat}")
        if cards is None:
            return deal, log, []
        shows[seat] = (tuple(cards), where)
    tricks = doc["tricks"]
    trick_lines = list(getattr(tricks, "lines", [])) if isinstance(tricks, list) else []
    if not isinstance(tricks, list):
        problems.add(path, lines["tricks"], gid, "tricks is a list, one line of cards per trick")
        return deal, log, []
    for n, text in enumerate(tricks, start=1):
        tl = trick_lines[n - 1] if n - 1 < len(trick_lines) else lines["tricks"]
        cards = _cards(text, problems, path, tl, gid, f"trick {n}")
        if cards is None:
            return deal, log, trick_lines
        if len(cards) != dealt.players:
            problems.add(path, tl, gid, f"trick {n} has {len(cards)} cards, not {dealt.players}")
            return deal, log, trick_lines
        for c in cards:
            seat = deal.to_act
            if seat is None:
                problems.add(path, tl, gid, f"trick {n}: the deal is already over")
                return deal, log, trick_lines
            if seat in shows and seat not in deal.has_played:
                shown, where = shows.pop(seat)
                if not do(ShowPoignee(seat, shown), where, f"poignée of seat {seat}"):
                    return deal, log, trick_lines
            if not do(PlayCard(seat, c), tl, f"trick {n}, seat {seat} plays {c}"):
                return deal, log, trick_lines
    for seat, (_, where) in shows.items():
        problems.add(path, where, gid, f"seat {seat} never plays a first card, so its poignée is never shown")
    if deal.phase is not Phase.DONE:
        problems.add(path, lines["tricks"], gid, f"the deal is not complete: {len(deal.tricks)} tricks of "
                                                 f"{deal.rules.tricks} are written")
    return deal, log, trick_lines


def _moments(doc, deal: Deal, seat: int, path: str, gid: str, problems: _Problems) -> list[Moment]:
    raw = doc["moments"]
    out: list[Moment] = []
    if not isinstance(raw, list) or not raw:
        problems.add(path, doc.lines["moments"], gid, "moments is a non-empty list of comments")
        return out
    for i, m in enumerate(raw):
        at = raw.lines[i] if hasattr(raw, "lines") else doc.line
        if not isinstance(m, dict) or "trick" not in m or "text" not in m:
            problems.add(path, at, gid, "each moment has a 'trick' (1, 2, …) and a 'text'")
            continue
        extra = [k for k in m if k not in MOMENT_FIELDS]
        if extra:
            problems.add(path, at, gid,
                         f"unknown moment field '{extra[0]}'; the fields are " + ", ".join(MOMENT_FIELDS))
            continue
        n = m["trick"]
        if not isinstance(n, int) or not 1 <= n <= len(deal.tricks):
            problems.add(path, at, gid, f"moment: there is no trick {n!r} (the deal has {len(deal.tricks)})")
            continue
        trick = deal.tricks[n - 1]
        card = expect = None
        try:
            card = strict_card(m["card"]) if "card" in m else None
            expect = strict_card(m["expect"]) if "expect" in m else None
        except ValueError as err:
            problems.add(path, at, gid, f"moment: {err}")
            continue
        if card is not None and card not in trick.cards:
            shown = " ".join(map(str, trick.cards))
            problems.add(path, at, gid, f"moment: {card} is not played in trick {n} ({shown})")
            continue
        if expect is not None:
            if seat not in trick.seats or trick.card_of(seat) is not expect:
                mine = trick.card_of(seat) if seat in trick.seats else None
                problems.add(path, at, gid, f"moment: the learner (seat {seat}) plays {mine} in trick {n}, "
                                            f"not {expect}")
                continue
            if "wrong" not in m:
                problems.add(path, at, gid, "a moment with 'expect' explains a wrong card in 'wrong'")
                continue
        out.append(Moment(n, str(m["text"]).strip(), card, expect, str(m.get("wrong", "")).strip(), at))
    return out


def check_guided(doc, path: str) -> tuple[GuidedHand | None, list[Problem]]:
    """(the guided hand, or None when it has a problem; every problem) of one parsed file."""
    gid, problems = _header(doc, path)
    if problems:
        return None, list(problems)
    dealt = _dealt(doc, path, gid, problems)
    if dealt is None:
        return None, list(problems)
    deal, log, _ = _replay(doc, dealt, path, gid, problems)
    if problems:
        return None, list(problems)
    moments = _moments(doc, deal, doc["seat"], path, gid, problems)
    if problems:
        return None, list(problems)
    hand = GuidedHand(gid, str(doc["title"]), str(doc["summary"]).strip(), doc["players"], doc["seat"], dealt,
                      tuple(log), tuple(moments), str(doc.get("end", "")).strip(), tuple(doc.get("tags") or ()),
                      path, doc.line)
    return hand, []


def read_guided_file(path, lang: str | None = None) -> tuple[GuidedHand | None, list[Problem]]:
    """One guided hand and its problems; with ``lang``, the text of its translation laid over it."""
    try:
        doc = read_translated(path, lang, "puzzles")[0] if lang and lang != "en" else load_file(path)
    except ContentError as err:
        return None, list(err.problems)
    return check_guided(doc, str(path))


def check_guided_file(path) -> list[Problem]:
    """Every problem of one guided-hand file."""
    return read_guided_file(path)[1]


def guided_files(directory) -> list[Path]:
    d = Path(directory)
    if not d.is_dir():
        return []
    return sorted(p for p in d.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def load_guided(directory, lang: str | None = None) -> tuple[list[GuidedHand], list[Problem]]:
    """The valid guided hands of ``directory`` in file order (in ``lang``: default English), and the problems
    of the others."""
    hands, problems, seen = [], [], {}
    for f in guided_files(directory):
        hand, found = read_guided_file(f, lang)
        if hand is not None and hand.id in seen:
            found = [Problem(str(f), hand.line, f"guided hand '{hand.id}': the id is also used in {seen[hand.id]}")]
            hand = None
        problems += found
        if hand is not None:
            seen[hand.id] = str(f)
            hands.append(hand)
    return hands, problems

