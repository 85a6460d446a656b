"""The seat protocol: an outside program plays one seat of a deal over JSON lines on its standard input and output.

Seats are numbered from 0 in this protocol, as in the engine's action text (``2:play:KH``): seat 0 .. players-1,
the same numbers every deal; the dealer changes (``dealer``) and the seat after the dealer speaks and leads first.
Cards are in the engine's text form (``KH``, ``10S``, ``T21``, ``EX``), actions in its action text
(``str(action)``, read back with ``parse_action``). We write one JSON object a line:

- ``{"type": "hello", ...}`` once, when the program is started: the protocol's version and the rules; the
  program answers ``{"type": "hello", "name": "..."}`` when it is ready (waited for up to START_WAIT seconds,
  so its start-up is not charged to its first decision);
- ``{"type": "deal", ...}`` when a deal starts for a seat the program plays;
- ``{"type": "decide", "id": N, "view": {...}, "legal": [...]}`` for each decision: the program answers one
  line, ``{"id": N, "action": "2:play:KH"}``, within the time limit;
- ``{"type": "result", ...}`` at the end of each deal it played, then ``{"type": "bye"}`` at the end.

Only ``decide`` lines are answered. A line read that is JSON but not the answer to the decision asked (another
``id``: a late answer to an earlier decision, or the program's own chatter) is skipped. A decision answered
late, with a line that is not JSON or has no readable action (malformed), or with an action the rules refuse
(illegal) is counted and replaced by the bots' move; once the program has stopped, every decision left is
counted as ``gone`` and replaced the same way.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections import Counter

from ... import __version__
from ...engine import (
    Action,
    Bid,
    CallKing,
    Deal,
    DeclareChelem,
    Discard,
    Phase,
    PlayCard,
    SeatView,
    ShowPoignee,
    callable_cards,
    check_discard,
    check_poignee,
    parse_action,
    poignee_options,
    poignee_to_show,
)
from ...engine.ecart import discardable, trumps_needed
from ...engine.errors import TarotError
from ...engine.rules import Contract, RuleSet
from ...i18n import _
from ..bots.policy import decide

VERSION = 1
FAULTS = ("late", "malformed", "illegal", "gone")
KILL_WAIT = 2.0  # seconds a program has to exit after "bye" and its input closed, before it is killed
START_WAIT = 10.0  # seconds a program has to answer "hello" (its start-up is not charged to its first decision)


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def view_json(view: SeatView) -> dict:
    """The seat's view as JSON: only what ``Deal.view(seat)`` holds (its hand, what the table has shown)."""
    return {
        "seat": view.seat, "players": view.players, "dealer": view.dealer, "phase": view.phase.value,
        "to_act": view.to_act, "hand": codes(view.hand),
        "bids": [[s, "pass" if b is None else b.value] for s, b in view.bids],
        "taker": view.taker, "contract": view.contract.value if view.contract else None,
        "called": view.called.code if view.called else None, "partner": view.partner,
        "dog": codes(view.dog) if view.dog is not None else None,
        "ecart": codes(view.ecart) if view.ecart is not None else None,
        "ecart_trumps": codes(view.ecart_trumps),
        "poignees": [[s, codes(cards)] for s, cards in view.poignees],
        "chelem_announced": view.chelem_announced,
        "tricks": [{"leader": t.leader, "seats": list(t.seats), "cards": codes(t.cards), "winner": t.winner}
                   for t in view.tricks],
        "trick": {"seats": list(view.trick_seats), "cards": codes(view.trick)},
    }


def legal_actions(view: SeatView) -> list[str]:
    """Every action the seat may take now, in the engine's text, from its view alone. The écart is not listed
    (it is a choice of several cards: ``ecart_rule``); a poignée is listed once a level, as its highest trumps,
    but any poignée the rules allow is accepted."""
    seat = view.seat
    if view.phase is Phase.BIDDING:
        top = max((b for _s, b in view.bids if b is not None), default=None)
        opened = [] if seat in view.barred else [c for c in Contract if top is None or c > top]
        return [str(Bid(seat, c)) for c in [None, *opened]]
    if view.phase is Phase.CALLING:
        return [str(CallKing(seat, c)) for c in callable_cards(list(view.hand))]
    if view.phase is not Phase.PLAYING:
        return []
    out = [str(PlayCard(seat, c)) for c in view.legal]
    first = not view.tricks and seat not in view.trick_seats
    if first and not any(s == seat for s, _c in view.poignees):
        for level in poignee_options(list(view.hand), players=view.players):
            out.append(str(ShowPoignee(seat, tuple(poignee_to_show(list(view.hand), level, players=view.players)))))
    if seat == view.taker and not view.tricks and not view.trick and not view.chelem_announced:
        out.append(str(DeclareChelem(seat)))
    return out


def ecart_rule(view: SeatView) -> dict:
    """What the écart may hold: ``size`` cards, from ``discardable`` (suit cards, no king), and ``trumps``
    more of the hand's trumps other than the oudlers only when those are too few."""
    n = RuleSet.for_players(view.players).dog_size
    return {"size": n, "discardable": codes(discardable(list(view.hand))),
            "trumps_needed": trumps_needed(list(view.hand), n)}


def decision(view: SeatView, ident: int, time_limit: float) -> dict:
    out = {"type": "decide", "id": ident, "time_limit": time_limit, "view": view_json(view),
           "legal": legal_actions(view)}
    if view.phase is Phase.ECART:
        out["ecart"] = ecart_rule(view)
    return out


def result_json(deal: Deal, seat: int) -> dict:
    """The end of a deal for ``seat``: every seat's score, the contract and whether it was made, the whole log
    (every card is shown once the deal is over)."""
    out = {"type": "result", "seat": seat, "log": [str(a) for a in deal.log]}
    if deal.phase is Phase.CANCELLED:
        return {**out, "cancelled": True, "scores": [0] * deal.players, "score": 0}
    r = deal.result()
    return {**out, "cancelled": False, "taker": deal.taker, "partner": deal.partner,
            "contract": deal.contract.value, "attack_points": r.attack_points, "made": r.score.won,
            "scores": list(r.seat_scores), "score": r.seat_scores[seat], "dog": codes(deal.dog)}


def allowed(view: SeatView, action: Action) -> bool:
    """Whether the seat may take ``action`` now: the engine's own check, on the deal the view comes from."""
    return action.seat == view.seat and _deal_check(view, action)


def _deal_check(view: SeatView, action: Action) -> bool:
    if isinstance(action, (Bid, CallKing, PlayCard, DeclareChelem)):
        return str(action) in legal_actions(view)
    if isinstance(action, ShowPoignee):
        first = not view.tricks and view.seat not in view.trick_seats and view.phase is Phase.PLAYING
        return (first and not any(s == view.seat for s, _c in view.poignees)
                and bool(check_poignee(list(view.hand), action.cards, players=view.players)))
    if isinstance(action, Discard):
        return view.phase is Phase.ECART and bool(check_discard(list(view.hand), action.cards, players=view.players))
    return False


class Program:
    """An outside program playing seats over the protocol: started now, stopped by ``close``. ``faults`` counts
    the decisions it was asked and the ones it lost, by kind (``FAULTS``)."""

    def __init__(self, argv: list[str], *, time_limit: float = 2.0, stderr: str | None = None):
        self.argv, self.time_limit = argv, time_limit
        self.faults: Counter = Counter()  # "decisions" asked, and each kind of FAULTS
        self._id = 0
        self._err = open(stderr, "a", encoding="utf-8") if stderr else None  # noqa: SIM115 (open till close)
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err,
                                         text=True, encoding="utf-8", bufsize=1)
        except OSError as err:
            raise TarotError(_("cannot start the program {command!r}: {why}").format(
                command=" ".join(argv), why=err.strerror or err)) from None
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._send({"type": "hello", "protocol": VERSION, "engine": f"tarot-tutor {__version__}", "rules": "FFT",
                    "seats": "numbered from 0", "time_limit": time_limit})
        self.name = self._greeting()

    def _greeting(self) -> str | None:
        """The name in the program's own hello line, waited for up to START_WAIT seconds (None without one)."""
        try:
            line = self._lines.get(timeout=START_WAIT)
        except queue.Empty:
            return None
        if line is None:
            self._lines.put(None)
            return None
        try:
            answer = json.loads(line)
        except ValueError:
            return None
        return str(answer.get("name")) if isinstance(answer, dict) and answer.get("type") == "hello" else None

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)  # the program closed its output

    def _send(self, message: dict) -> bool:
        if self.proc.poll() is not None:
            return False
        try:
            self.proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def begin(self, seat: int, deal: Deal, board: int) -> None:
        self._send({"type": "deal", "board": board, "seat": seat, "players": deal.players, "dealer": deal.dealer})

    def end(self, seat: int, deal: Deal) -> None:
        self._send(result_json(deal, seat))

    def move(self, view: SeatView, seed: int) -> Action:
        self.faults["decisions"] += 1
        action, fault = self._ask(view)
        if fault is None:
            return action
        self.faults[fault] += 1
        return decide(view).action  # the bots' move instead

    def _ask(self, view: SeatView) -> tuple[Action | None, str | None]:
        self._id += 1
        if not self._send(decision(view, self._id, self.time_limit)):
            return None, "gone"
        deadline = time.monotonic() + self.time_limit
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None, "late"
            if line is None:
                self._lines.put(None)  # stays closed for the next decisions
                return None, "gone"
            try:
                answer = json.loads(line)
            except ValueError:
                return None, "malformed"
            if not isinstance(answer, dict):
                return None, "malformed"
            if answer.get("id") != self._id:
                continue  # a late answer to an earlier decision, or chatter: skipped
            text = answer.get("action")
            if not isinstance(text, str):
                return None, "malformed"
            try:
                action = parse_action(text)
            except (TarotError, ValueError, KeyError, IndexError):
                return None, "malformed"
            return (action, None) if allowed(view, action) else (None, "illegal")

    def close(self) -> None:
        """Say bye, close its input, give it a moment, then kill it if it is still running."""
        self._send({"type": "bye"})
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=KILL_WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self._err is not None:
            self._err.close()


__all__ = ["Program", "view_json", "legal_actions", "ecart_rule", "decision", "result_json", "allowed", "FAULTS",
           "VERSION"]
