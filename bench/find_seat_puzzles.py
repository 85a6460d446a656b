"""Find single-dummy puzzles: seeded bot deals where the advisor's best card clearly beats the bots' own.

    python bench/find_seat_puzzles.py --players 4 --want 12 --out /tmp/seat-4.yaml [--side defence --start 60]
    python bench/find_seat_puzzles.py --write-verdicts puzzles/strategy-seat.yaml

The first form deals seeded deals (``positions.ready_to_play``: the bots bid, call and discard), lets the
bots play, and at a few of each deal's card decisions asks the advisor on the seat's view: first cheaply
(the Hint's budget), then with the puzzles' budget (``SEAT_BUDGET_MS``, the seed 1). A position is kept when
the bots' card is outside the advisor's tie set by more than the gap's 95% interval, and the tie set leaves
out at least two legal cards (not all tied). It writes draft YAML entries (the principle guessed from what
the seat sees, an explanation in words from the advisor's numbers) to be read and edited by hand, and the
verdicts beside them. The second form computes the committed verdicts of a puzzle file on every seed of the
stability rule, as ``tarot-tutor check --stability`` does (``tarot-tutor check`` then reads them instead of
sampling again). A draft is published only when its answer holds on those seeds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine import EXCUSE, PETIT, Deal, Phase  # noqa: E402
from tutor.engine.play import winner_index  # noqa: E402
from tutor.quiz.positions import provenance, ready_to_play  # noqa: E402
from tutor.quiz.seat_puzzles import (  # noqa: E402
    SEAT_BUDGET_MS,
    committed_path,
    deal_json,
    key_of,
    verdict_of,
)
from tutor.strategy.advisor.advise import HINT_BUDGET_MS, advise_card  # noqa: E402
from tutor.strategy.bots.policy import choose_play, decide  # noqa: E402
from tutor.strategy.bots.principles import PRINCIPLES  # noqa: E402

SEED = 1  # the advisor's seed for every puzzle
MIN_GAP = 4.0  # points for the seat: a smaller gap is not a lesson worth a puzzle
LOOKS = 5  # card decisions looked at per deal
TABLE_TAG = {3: ", three-players", 5: ", five-players"}  # the puzzles' tags for the table size


def role_of(deal: Deal, seat: int) -> str:
    if seat == deal.taker:
        return "the taker"
    if seat == deal.partner:
        return "the called partner"
    return "a defender"


def winning_seat(view) -> int | None:
    if not view.trick:
        return None
    return view.trick_seats[winner_index(view.trick)]


def guess_principle(deal: Deal, view, best, bot) -> str:
    """A principle a human can apply here, from what the seat sees (edited by hand afterwards)."""
    attack = deal.camp(view.seat) == "attack"
    if PETIT in (best, bot):
        return "petit-home" if attack and best != PETIT else "save-the-petit"
    if EXCUSE in (best, bot):
        return "excuse-timing"
    win = winning_seat(view)
    friend = win is not None and win != view.seat and (
        (not attack and win != view.taker) or (attack and view.partner is not None and win in (view.taker,
                                                                                                 view.partner)))
    if friend and best.points > bot.points:
        return "charger"
    if view.trick and best.points < bot.points:
        return "play-cheap"
    if not view.trick:
        if attack and best.is_trump and not bot.is_trump:
            return "draw-trumps"
        if best.is_king:
            return "cash-kings"
        if not attack and not best.is_trump:
            return "lead-long-suit"
    if view.trick and best.is_trump and not bot.is_trump:
        return "lead-to-cut" if not attack else "count-trumps"
    return "count-tricks"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def word(c) -> str:
    """A card as the prose names it: 'the Petit' for trump 1, else its short name ('K♥', 'trump 19')."""
    return "the Petit" if c.code == "T1" else c.short


def explanation(v: dict, best, bot, view) -> str:
    """The advisor's verdict in words, without its figures: they move with the seed and the bots, and the puzzle
    page shows every card's value from the committed verdict beside it."""
    from tutor.engine import card
    others = [word(card(c)) for c in v["ties"] if c != best.code]
    tie = f" ({' and '.join(others)} {'ties' if len(others) == 1 else 'tie'} with it)" if others else ""
    return (f"Over {v['samples']} deals of the cards you cannot see that fit the bids and the play so far, "
            f"{word(best)} scores best for you{tie}. {cap(word(bot))}, the card that tempts, scores less on the same "
            "deals.")


def find(players: int, want: int, start: int, out: Path, side: str | None = None) -> None:
    per_side = {"attack": (want + 1) // 2, "defence": want // 2} if side is None else \
        {"attack": want * (side == "attack"), "defence": want * (side == "defence")}
    found: list[str] = []
    verdicts: dict = {}
    i = start
    while sum(per_side.values()) > 0:
        rng = random.Random(f"seat-puzzle:{players}:{i}")
        i += 1
        try:
            deal = ready_to_play(players, rng)
        except Exception:  # noqa: BLE001 - a deal nobody takes
            continue
        total = deal.rules.tricks
        spots = sorted(rng.sample(range(players * 2, players * (total - 1)), LOOKS))
        step = 0
        while deal.phase is Phase.PLAYING:
            seat = deal.to_act
            view = deal.view(seat)
            side = deal.camp(seat)
            if step in spots and len(view.legal) >= 3 and per_side[side] > 0:
                hit = look(deal, view)
                if hit is not None:
                    v, best, bot = hit
                    text = deal_json_of(deal)
                    verdicts[key_of(text, seat, SEED)] = v
                    found.append(entry(deal, view, v, best, bot, len(found) + 1, i - 1))
                    per_side[side] -= 1
                    print(f"deal {i - 1} step {step}: {players}p {side} best {best.code} bot {bot.code} "
                          f"ties {v['ties']} of {len(v['options'])}", flush=True)
                    out.write_text("\n".join(found))
                    out.with_suffix(".verdicts.json").write_text(json.dumps(verdicts, indent=0, sort_keys=True))
                    break
            deal.apply(decide(view).action)
            step += 1


def deal_json_of(deal: Deal) -> str:
    prov = provenance(deal)
    return deal_json({"players": prov["players"], "seed": prov["seed"], "dealer": prov["dealer"],
                      "log": " ".join(prov["log"])})


def look(deal: Deal, view):
    bot = choose_play(view)[0]
    quick = advise_card(view, budget_ms=HINT_BUDGET_MS, seed=SEED)
    if bot in quick.ties or len(quick.ties) > len(view.legal) - 2:
        return None
    v = verdict_of(view, SEED)
    opt = {o["card"]: o for o in v["options"]}
    w = opt[bot.code]
    if bot.code in v["ties"] or len(v["ties"]) > len(v["options"]) - 2 or w["gap"] < max(MIN_GAP, w["gap_ci"]):
        return None
    from tutor.engine import card
    return v, card(v["pick"]), bot


def entry(deal: Deal, view, v: dict, best, bot, n: int, deal_index: int) -> str:
    from tutor.engine import card
    players, seat = deal.players, view.seat
    attack = deal.camp(seat) == "attack"
    principle = guess_principle(deal, view, best, bot)
    prov = provenance(deal)
    gap = {o["card"]: o for o in v["options"]}[bot.code]["gap"]
    difficulty = 1 if gap >= 25 else 2 if gap >= 10 else 3
    ties = " ".join(v["ties"])
    log = " ".join(prov["log"])
    side = "attack" if attack else "defence"
    p = PRINCIPLES[principle]
    del card
    return (f"- id: seat-{players}p-{side}-{n:02d}\n"
            f"  title: \"{p.name} ({players} players)\"\n"
            f"  kind: seat-card\n"
            f"  tags: [strategy, single-dummy, {side}{TABLE_TAG.get(players, '')}]\n"
            f"  difficulty: {difficulty}\n"
            f"  skill: {'attack-play' if attack else 'defence-play'}\n"
            f"  principle: {principle}\n"
            f"  deal:\n    players: {players}\n    seed: {prov['seed']}\n    dealer: {prov['dealer']}\n"
            f"    log: >-\n      {log}\n"
            f"  seat: {seat + 1}\n"
            f"  question: You are {role_of(deal, seat)}, to play to trick {len(view.tricks) + 1}. Which card?\n"
            f"  solution: {ties}\n"
            f"  explanation: >-\n    {explanation(v, best, bot, view)} {p.says}\n"
            f"  # found from deal {deal_index}, bots' card {bot.code}\n")


def write_verdicts(path: Path) -> None:
    """The committed record of a puzzle file, on every seed of the stability rule (``tarot-tutor check --stability``
    does the same): a record of the puzzle's own seed alone would fail the check."""
    from tutor.quiz.puzzles import record_verdicts
    n = record_verdicts(path, lambda pid, seed, ties: print(pid, seed, ties, flush=True))
    print(f"{n} verdicts written to {committed_path(str(path))}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--want", type=int, default=10)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("/tmp/seat.yaml"))
    ap.add_argument("--side", choices=("attack", "defence"))
    ap.add_argument("--write-verdicts", type=Path)
    a = ap.parse_args()
    if a.write_verdicts:
        write_verdicts(a.write_verdicts)
    else:
        print(f"budget {SEAT_BUDGET_MS} ms, seed {SEED}", flush=True)
        find(a.players, a.want, a.start, a.out, a.side)


if __name__ == "__main__":
    main()
