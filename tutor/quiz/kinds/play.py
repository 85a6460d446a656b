"""Playing a trick: which cards may be played (``legal``) and who wins the trick (``winner``).

Positions are decision points of seeded deals. For a wanted situation (an overtrump, the Excuse
led, the 5-player first lead ...) the deal is played forward until that situation comes up.
"""

from __future__ import annotations

import random

from ...engine import (
    CARDS,
    EXCUSE,
    PETIT,
    Card,
    Deal,
    PlayRule,
    RuleSet,
    explain_all,
    explain_winner,
)
from ...engine.seats import seat_label
from ...engine.words import N_, lower_first
from ...i18n import _
from ...i18n.words import card_short, say, the_card
from ..positions import Spot, find_spot, play_out, provenance, ready_to_play, ruffing_lead, seat_name
from ..question import AnswerType, Choice
from ..registry import Params, generator, make_question
from ..rules import rule_lines
from ..text import cap, md, named, trick_lines

# ---------------------------------------------------------------- situations

SITUATIONS = ("lead", "first_lead", "follow", "void", "trump_led", "overtrump", "overtrump_partner",
              "undertrump", "excuse_led", "discard")
# Drawn at random per level. A plain lead (every card legal) teaches little, so it is rare: one draw in
# eight at level 1, and a search that misses its situation never falls back on one.
BY_DIFFICULTY = {1: ("follow", "void", "follow", "void", "follow", "void", "follow", "lead"),
                 2: ("trump_led", "overtrump", "excuse_led", "discard", "void"),
                 3: ("overtrump_partner", "undertrump", "first_lead", "excuse_led", "undertrump")}
RUFFING = frozenset({"void", "overtrump", "overtrump_partner", "undertrump"})
_SUIT = tuple(sum(c.bit for c in CARDS if c.kind == k) for k in range(6))


def _team(deal: Deal, a: int, b: int) -> bool:
    """True when seat ``b`` is on ``a``'s side and ``a`` can know it (3-4 players, or a revealed partner)."""
    if deal.players == 5 and not deal.partner_revealed:
        return False
    return deal.camp(a) == deal.camp(b)


def situation(deal: Deal) -> set[str]:
    """The situations of the seat to act: 'follow', 'overtrump', 'excuse_led' ..."""
    seat = deal.to_act
    hand = deal.hands[seat]
    trick = deal.trick
    out: set[str] = set()
    if not trick:
        if not deal.tricks and deal.called is not None and deal.called.kind < 4:
            suit = hand & _SUIT[deal.called.kind] & ~deal.called.bit
            if suit and hand & ~_SUIT[deal.called.kind]:
                return {"first_lead"}
        return {"lead"}
    if trick[0] is EXCUSE:
        out.add("excuse_led")
    led = next((c.kind for c in trick if c is not EXCUSE), None)
    if led is None:
        return out | {"lead"}
    top = max((c.rank for c in trick if c.is_trump), default=0)
    trumps = hand & _SUIT[4]
    over = any(hand & c.bit for c in CARDS[55 + top + 1:77]) if top else bool(trumps)
    if led < 4 and hand & _SUIT[led]:
        return out | {"follow"}
    if not trumps:
        return out | {"discard"}
    if led == 4:
        out.add("trump_led")
        if not over:
            out.add("undertrump")
        return out
    if not top:
        return out | {"void"}
    if not over:
        return out | {"undertrump"}
    out.add("overtrump")
    seats = deal.trick_seats
    best = max(range(len(trick)), key=lambda i: trick[i].rank if trick[i].is_trump else -1)
    if _team(deal, seat, seats[best]):
        out.add("overtrump_partner")
    return out


# ---------------------------------------------------------------- legal


RULE_ID = {PlayRule.LEAD: "lead", PlayRule.FIRST_LEAD_CALLED_SUIT: "first_lead_called_suit",
           PlayRule.EXCUSE: "excuse", PlayRule.FOLLOW_SUIT: "follow_suit", PlayRule.MUST_TRUMP: "must_trump",
           PlayRule.MUST_OVERTRUMP: "must_overtrump", PlayRule.UNDERTRUMP: "undertrump",
           PlayRule.TRUMP_LED: "trump_led", PlayRule.DISCARD: "discard"}

# What it means to pick an illegal card, by the rule that forbids it.
EXTRA = {
    PlayRule.FOLLOW_SUIT: ("must_follow_suit", N_("you must follow suit")),
    PlayRule.MUST_TRUMP: ("must_trump", N_("you must trump when you have none of the suit led")),
    PlayRule.MUST_OVERTRUMP: ("must_overtrump", N_("you must overtrump when you can")),
    PlayRule.TRUMP_LED: ("must_play_trump", N_("trumps were led: you must play a trump")),
    PlayRule.FIRST_LEAD_CALLED_SUIT: ("first_lead_called_suit", N_("the first lead may not be in the called suit")),
    PlayRule.NOT_IN_HAND: ("not_in_hand", N_("you do not hold it")),
}
# What it means to leave out a legal card.
MISSING = {
    PlayRule.EXCUSE: ("excuse_always", N_("the Excuse can always be played")),
    PlayRule.UNDERTRUMP: ("undertrump_allowed", N_("you cannot overtrump, so any trump is allowed, even a low one "
                                                   "(undertrump)")),
    PlayRule.FOLLOW_SUIT: ("follow_any", N_("any card of the suit led may be played; you need not play higher")),
    PlayRule.MUST_TRUMP: ("trump_any", N_("no trump is in the trick yet, so any trump will do")),
    PlayRule.MUST_OVERTRUMP: ("overtrump_any", N_("any trump that beats the highest one so far is allowed")),
    PlayRule.TRUMP_LED: ("trump_led_any", N_("any trump that obeys the rule is allowed, not only one")),
    PlayRule.DISCARD: ("discard_any", N_("with neither the suit led nor a trump, any card may be played")),
    PlayRule.LEAD: ("lead_any", N_("you lead, so any card may be played")),
    PlayRule.FIRST_LEAD_CALLED_SUIT: ("called_card_lead", N_("the called card itself may lead the first trick")),
}


def legal_notes(verdicts, *, partner_winning: bool) -> dict:
    """card code -> {'extra' or 'missing': [mistake id, message]} for the checker."""
    notes = {}
    for v in verdicts:
        if v.legal:
            mid, msg = MISSING[v.rule]
            if v.rule is PlayRule.LEAD and "Excuse was led" in v.reason:
                mid, msg = "excuse_led_sets_suit", _("the Excuse was led, so your card sets the suit: any card")
            notes[v.card.code] = {"missing": [mid, _(msg)]}
        else:
            mid = EXTRA[v.rule][0]
            # The engine's reason states the rule for this trick ("you have no diamonds: you must trump."): said
            # once, not after the rule in general words too.
            why = say(lower_first(v.reason))
            if v.rule is PlayRule.MUST_OVERTRUMP and partner_winning:
                mid = "must_overtrump_partner"  # its reason says "even if your partner is winning"
            elif v.rule is PlayRule.MUST_TRUMP and partner_winning:
                mid, why = "must_overtrump_partner", why + " " + _("Your partner winning the trick changes nothing.")
            notes[v.card.code] = {"extra": [mid, why]}
    return notes


def legal_explanation(verdicts, extra_rules=()) -> tuple[str, tuple[str, ...]]:
    legal = [v.card for v in verdicts if v.legal]
    groups: dict[tuple[bool, str], list[Card]] = {}
    for v in verdicts:
        groups.setdefault((v.legal, v.reason), []).append(v.card)
    lines = [_("**Legal: {cards}.**").format(cards=md(legal)), ""]
    for (ok, reason), cards in groups.items():
        lines.append(f"- {md(cards)} {'✓' if ok else '✗'} {say(reason)}")
    rules = tuple(dict.fromkeys([*extra_rules, *(RULE_ID[v.rule] for v in verdicts if v.rule in RULE_ID)]))
    return "\n".join(lines) + "\n\n" + rule_lines(rules), rules


def _who(view):
    return lambda s: seat_name(view, s)


def table_text(view) -> str:
    """Who took what, who you are, and what you know of the partner."""
    n = view.players
    lines = [_("**{n} players**, trick {k} of {tricks}.").format(n=n, k=view.trick_number + 1,
                                                                 tricks=RuleSet.for_players(n).tricks)]
    contract = f"{view.contract.french} (×{view.contract.multiplier})"
    if view.seat == view.taker:
        lines.append(_("You are the taker, with a {contract}.").format(contract=contract))
    else:
        you = say(seat_label(view.seat))
        if view.partner == view.seat:
            you = _("{seat}, the taker's partner (you hold the called card)").format(seat=you)
        elif n < 5 or view.partner is not None:
            you = _("{seat}, a defender").format(seat=you)
        lines.append(_("{taker} is the taker, with a {contract}. You are {you}.").format(
            taker=say(seat_label(view.taker, capital=True)), contract=contract, you=you))
    if view.called is not None:
        called = _("The taker called {card}.").format(card=card_short(view.called))
        if view.partner is not None and view.partner != view.seat:
            called += " " + _("{seat} has played it: they are the partner.").format(
                seat=say(seat_label(view.partner, capital=True)))
        elif view.partner is None and view.seat != view.taker:
            called += " " + _("Its holder has not shown it yet.")
        lines.append(called)
    return " ".join(lines)


@generator("legal", "legal-play", N_("Pick every card you may play"), options={"situation": SITUATIONS})
def legal_question(rng: random.Random, p: Params):
    wanted = p.get("situation") or rng.choice([s for s in BY_DIFFICULTY[p.difficulty]
                                                if s != "first_lead" or p.players == 5])
    players = p.players
    if wanted == "first_lead" and players != 5:
        from ...engine import TarotError
        raise TarotError(_("the first-lead rule (the called suit) is for 5 players: use players=5"))
    excuse = (EXCUSE,) if wanted == "excuse_led" else ()
    steer = ruffing_lead if wanted in RUFFING else None

    level = set(BY_DIFFICULTY[p.difficulty]) - ({"lead"} if wanted != "lead" else set())
    backup: list[Spot] = []

    def want(deal: Deal):
        found = situation(deal)
        if wanted in found:
            return found
        if not backup and found & level:  # a drawn situation may give way to another of its level
            backup.append(Spot(deal.view(deal.to_act), found, provenance(deal)))
        return None

    # An asked-for situation is searched for longer.
    spot = find_spot(players, rng, want, hold=excuse, lead=excuse, steer=steer, deals=60 if p.get("situation") else 6)
    if spot is None:
        spot = backup[0] if backup else find_spot(players, rng, lambda d: situation(d) & level or None,
                                                  steer=ruffing_lead, deals=60)
    view = spot.view
    situations = spot.facts
    first = not view.tricks and not view.trick and view.called is not None
    verdicts = explain_all(view.hand, view.trick, called_king=view.called, first_trick=first)
    legal = tuple(v.card for v in verdicts if v.legal)
    extra_rules = ["excuse_led"] if "excuse_led" in situations else []
    explanation, rules = legal_explanation(verdicts, extra_rules)
    who = _who(view)
    if view.trick:
        trick = _("In this trick {plays}.").format(plays=trick_lines(view.trick, view.trick_seats, who))
    elif first:
        trick = _("You lead the first trick.")
    else:
        trick = _("You lead this trick.")
    prompt = f"{table_text(view)}\n\n{trick}\n\n" + _("**Which cards may you play?** Pick all of them.")
    partner_winning = "overtrump_partner" in situations
    cards = {_("Your hand"): view.hand}
    if view.trick:
        cards = {_("Trick so far"): view.trick, **cards}
    ctx = {"hand": " ".join(c.code for c in view.hand), "trick": " ".join(c.code for c in view.trick),
           "called": view.called.code if view.called else None, "first_trick": first, "seat": view.seat,
           "situation": sorted(situations), "card_notes": legal_notes(verdicts, partner_winning=partner_winning),
           "deal": spot.provenance,
           "table": {"players": view.players, "dealer": view.dealer, "you": view.seat, "taker": view.taker}}
    return make_question(p, prompt=prompt, cards=cards, answer_type=AnswerType.PICK_CARDS, answer=legal,
                         pool=view.hand, explanation=explanation, rules=rules, grader="cards", context=ctx,
                         tags=tuple(sorted(situations)))


# ---------------------------------------------------------------- winner


def _trick_features(trick) -> set[str]:
    out = set()
    if any(c.is_trump for c in trick.cards):
        out.add("trumps")
    if EXCUSE in trick.cards:
        out.add("excuse")
    led = next((c for c in trick.cards if c is not EXCUSE), None)
    if led is not None and led.is_trump:
        out.add("trump_led")
    if trick.cards[0] is EXCUSE:
        out.add("excuse_led")
    if PETIT in trick.cards:
        out.add("petit")
    return out


WINNER_WANTS = {1: ({"plain"},), 2: ({"trumps"}, {"trumps"}, {"trump_led"}), 3: ({"excuse"}, {"excuse_led"}, {"petit"})}


def why_not_winner(cards: list[Card], seats: list[int], win: int) -> dict:
    """choice key -> [mistake id, message] for each card that does not win."""
    winner = cards[win]
    led = next((c for c in cards if c is not EXCUSE), None)
    out = {}
    for c in cards:
        if c is winner:
            continue
        if c is EXCUSE:
            out[c.code] = ["excuse_never_wins", _("the Excuse never wins a trick (except at the end of a chelem)")]
        elif c.is_trump:
            out[c.code] = ["lower_trump", _("the highest trump wins: the {high} beats the {low}").format(
                high=winner.rank, low=c.rank)]
        elif winner.is_trump:
            out[c.code] = ["trump_beats_suit", _("any trump beats every card of the suits")]
        elif led is not None and c.kind != led.kind:
            suit = _(led.suit.english)
            out[c.code] = ["off_suit", (_("{suit} were led (the Excuse was led, so the next card set the suit): a "
                                          "card of another suit cannot win") if cards[0] is EXCUSE else
                                        _("{suit} were led: a card of another suit cannot win")).format(suit=suit)]
        elif c.rank == 11 and winner.rank == 12:
            out[c.code] = ["knight_rank", _("the knight (cavalier) ranks between the queen and the jack")]
        else:
            out[c.code] = ["lower_card", _("{high} is higher than {low}").format(
                high=the_card(winner), low=the_card(c))]
    return out


@generator("winner", "trick-winner", N_("Say which card wins a trick"))
def winner_question(rng: random.Random, p: Params):
    wants = rng.choice(WINNER_WANTS[p.difficulty])
    lead = (EXCUSE,) if "excuse_led" in wants else ()
    trick = deal = None
    for _try in range(20):
        deal = play_out(ready_to_play(p.players, rng), rng, lead=lead)
        fitting = [t for t in deal.tricks[:-1] if (_trick_features(t) >= wants if wants != {"plain"}
                                                   else not _trick_features(t))]
        if fitting:
            trick = rng.choice(fitting)
            break
    if trick is None:  # pragma: no cover
        trick = rng.choice(deal.tricks[:-1])
    n = deal.tricks.index(trick)
    cards, seats = list(trick.cards), list(trick.seats)
    win, why = explain_winner(cards)

    def name(s: int) -> str:
        role = _("the taker") if s == deal.taker else ""
        if deal.players < 5 and s != deal.taker:
            role = _("a defender")
        return say(seat_label(s)) + (f" ({role})" if role else "")

    choices = tuple(Choice(c.code, f"{named(c)} — {name(s)}") for c, s in zip(cards, seats))
    rules = ["trick_winner"] + (["excuse_never_wins"] if EXCUSE in cards else []) + (
        ["excuse_led"] if cards[0] is EXCUSE else [])
    explanation = _("**{card} wins**, so {seat} takes the trick and leads the next one.").format(
        card=cap(card_short(cards[win])), seat=name(seats[win])) + f" {say(why)}\n\n{rule_lines(rules)}"
    played = trick_lines(cards, seats, name)
    prompt = _("**{n} players**, trick {k}. {plays}.").format(n=p.players, k=n + 1, plays=cap(played)) + "\n\n" + \
        _("**Which card wins this trick?**")
    return make_question(p, prompt=prompt, cards={_("The trick"): tuple(cards)}, answer_type=AnswerType.CHOICE,
                         answer=cards[win].code, choices=choices, explanation=explanation, rules=tuple(rules),
                         grader="choice", context={"trick": " ".join(c.code for c in cards), "seats": seats,
                                                   "why_not": why_not_winner(cards, seats, win),
                                                   "deal": provenance(deal), "trick_number": n + 1},
                         tags=tuple(sorted(_trick_features(trick))) or ("plain",))

