"""Worked examples of the strategy lessons: the strategy layer decides, this writes it up (see render.py).

Split from render.py by topic; ``render`` puts these renderers in its table. The strategy layer is imported by
each renderer when it runs: the course map reads a checked course without it (issue 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Contract, RuleSet
from ..engine.seats import seat_label
from ..i18n import _, grouped, ngettext
from ..i18n.words import say
from .example_words import ExampleError, capitalised, card_word, cards_md, fmt, hand_players
from .measures import in_words, percent, signed
from .schema import BestCardExample, CountScaleExample, HandCountExample, MeasuredExample

if TYPE_CHECKING:
    from ..strategy import Position


def _hand_count(s: HandCountExample) -> str:
    players = s.players or hand_players(s.cards, "cards")
    size = RuleSet.for_players(players).hand_size
    if len(s.cards) != size:
        raise ExampleError(f"a {players}-player hand has {size} cards, not {len(s.cards)}", "cards")
    if len(set(s.cards)) != len(s.cards):
        raise ExampleError("a card is listed twice", "cards")
    from ..strategy.bots.handcount import count_steps
    hc = count_steps(s.cards, players=players)
    rows = [f"| {capitalised(say(step.label))} | {fmt(step.points)} |" for step in hc.steps]
    lines = [_("The hand ({players} players): {cards}").format(players=players, cards=cards_md(s.cards)), "",
             _("| what | points |"), "|---|---|", *rows, "| **" + _("Total") + f"** | **{fmt(hc.raw)}** |"]
    lines += ["", f"**{say(hc.verdict())}**"]
    return "\n".join(lines)


def _count_scale(s: CountScaleExample) -> str:
    from ..strategy.bots.handcount import count_scale
    rows = [f"| {capitalised(say(what))} | {say(points)} |" for what, points in count_scale()]
    return "\n".join([_("| what | points |"), "|---|---|", *rows])


def _seat_label(pos: Position, seat: int) -> str:
    role = _("taker") if seat == pos.taker else _("partner") if seat == pos.partner else _("defence")
    return f"{say(seat_label(seat, capital=True))} ({role})"


def _best_card(s: BestCardExample) -> str:
    from ..strategy import BeyondRange, Position, PositionError, solve
    try:
        pos = Position.from_mapping(s.position)
        sol = solve(pos, line=s.show_line)
    except BeyondRange as err:
        raise ExampleError(str(err), "position") from None
    except PositionError as err:
        raise ExampleError(f"the position: {err}", "position") from None
    seat = pos.to_play
    lines = [ngettext("{players} players, {contract}; the attack has won {points} points with {n} oudler so far.",
                      "{players} players, {contract}; the attack has won {points} points with {n} oudlers so far.",
                      pos.attack_oudlers).format(players=pos.players, contract=pos.contract.french,
                                                 points=fmt(pos.attack_points), n=pos.attack_oudlers), ""]
    lines += [f"- {_seat_label(pos, i)}: {cards_md(h)}" for i, h in enumerate(pos.hands)]
    if pos.trick:
        lines.append("- " + _("Trick so far, from {seat}: {cards}").format(seat=say(seat_label(pos.leader)),
                                                                          cards=cards_md(pos.trick)))
    attack = pos.is_attack(seat)
    lines += ["", (_("{seat} (attack) to play. Each card, with perfect play after it:") if attack else
                   _("{seat} (defence) to play. Each card, with perfect play after it:")).format(
                       seat=say(seat_label(seat, capital=True))), "",
              _("| card | taker's score | attack's points | |"), "|---|---|---|---|"]
    for c, v in sol.cards.items():
        mark = _("best") if c in sol.best else ""
        lines.append(f"| {card_word(c)} | {v.taker_score:+d} | {fmt(v.attack_points)} | {mark} |")
    best = _(" or ").join(card_word(c) for c in sol.best)
    lines += ["", "**" + (_("Best for the attack (the highest taker score): {cards}.") if attack else
                          _("Best for the defence (the lowest taker score): {cards}.")).format(cards=best) + "**"]
    if sol.line:  # drawn trick by trick on the card table under the example (``best_card_line``)
        lines += ["", _("A perfect line follows below, trick by trick on the table.")]
    return "\n".join(lines)


def best_card_line(s: BestCardExample):
    """The example's position and the solver's perfect line (seats from 0), for the stepper; None without one.

    The example's own check (``tarot-tutor check``) has already solved it, so a bad position never gets here."""
    if not s.show_line:
        return None
    from ..strategy import Position, solve
    pos = Position.from_mapping(s.position)
    return pos, list(solve(pos, line=True).line)


def _short(name: str) -> str:
    """The name players use, in a sentence.

    >>> _short("garde_sans")
    'garde sans'
    """
    from ..strategy.bidding.contracts import option_name
    return option_name(Contract(name)).lower()


def _measured(s: MeasuredExample) -> str:
    """Each group as two short lines, chances in words (no wide table: it must read on a phone).

    The petite and the garde are played the same way, so they share one rate; contracts with the same
    rate are named together.
    """
    m = s._measures
    if m is None:
        raise ExampleError("a measured example needs lessons/measurements.yaml (python bench/strategy_measure.py)",
                           "groups")
    lines: list[str] = []
    deals, spread = 0, 0.0
    for gid in s.groups:
        try:
            g = m.group(gid)
            rows = [(c, m.contract(gid, c)) for c in s.contracts]
        except KeyError as err:
            raise ExampleError(str(err.args[0]), "groups") from None
        deals += g["deals"]
        spread = max([spread, *(m.hand_spread(gid, c) or (r["high"] - r["low"]) / 2 for c, r in rows)])
        by_rate: dict[str, list[str]] = {}  # contracts whose rates read the same are named together
        for c, r in rows:
            by_rate.setdefault(f"{in_words(r['chance'])} ({percent(r['chance'])})", []).append(_short(c))
        every, either = _("every contract"), _(" or ")
        made = "; ".join(f"{every if len(names) == len(rows) > 2 else either.join(names)} {rate}"
                         for rate, names in by_rate.items())
        means = ", ".join(f"{_short(c)} {signed(r['expected'])}" for c, r in rows)
        lines += [f"**{m.title(gid)}** (" + _("{n} deals").format(n=grouped(g["deals"])) + ")", "",
                  "- " + _("made: {made}").format(made=made),
                  "- " + _("the taker's average score: {means}").format(means=means), ""]
    lines.append(_("Each hand was played out many times by the bots at every seat ({deals} deals in all). Hands "
                   "of the same count differ a lot, and a group holds only a few dozen hands: read each percentage "
                   "as \"about\", give or take up to {spread} points.").format(deals=grouped(deals),
                                                                              spread=round(spread * 100)))
    return "\n".join(lines)
