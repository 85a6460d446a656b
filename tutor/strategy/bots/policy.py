"""The practice bots: one decision from one seat's view, with a one-line reason (the hint).

A bot is the function ``decide(view) -> Move``. It is given a ``SeatView`` only (the seat's hand and
what the table has shown), never the ``Deal``, so it cannot look at a hidden card. The same function
gives the learner's hint.

The play is plain club sense, not search: follow cheaply, win with the cheapest card that wins,
keep the Petit out of the opponents' tricks (the Excuse can stand in for it), give points
(charger) to a partner whose trick is safe, play the Excuse before the last trick, and lead
trumps to hunt the Petit (la chasse au Petit) when holding most of the trumps.

Over the reference bots (``reference``, frozen on 2026-12-02) each of these was kept only when it won in
duplicate (``bench/bots_duplicate.py``): the bids at the bots' own thresholds (``bidding``); the defence makes
the taker trump and the taker draws trumps with the master (``leads``); the attack wins a suit's first round
with its king; a cheap trick is trumped low, not with a master trump; a poignée's trumps count as still out;
the Petit is played when it wins a trick nobody against it plays after.
``advisor.rollout.Lean`` plays the same cards on bitmasks (tested).

>>> from tutor.engine import Deal
>>> d = Deal.new(4, seed=5, dealer=0)
>>> move = decide(d.view(d.to_act))
>>> move.action.seat == d.to_act and d.can(move.action)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...engine import (
    EXCUSE,
    PETIT,
    TRUMP_21,
    TRUMPS,
    Action,
    Bid,
    CallKing,
    Card,
    Contract,
    Discard,
    Phase,
    PlayCard,
    SeatView,
    ShowPoignee,
    poignee_options,
    poignee_to_show,
)
from ...engine.cards import EXCUSE_KIND, TRUMP_KIND
from ...engine.play import winner_index
from ...engine.rule_text import RULE_TEXT
from ...engine.words import N_
from ...i18n import _, language, ngettext
from ...i18n.words import say, the_card
from . import bidding, leads
from .handcount import choose_call, choose_ecart, count_steps, shown_count, thresholds
from .principles import for_side

_A_LEVEL = {"simple": N_("a simple poignée"), "double": N_("a double poignée"),
            "triple": N_("a triple poignée")}


@dataclass(frozen=True)
class Move:
    """What a seat does and why, in one line."""

    action: Action
    reason: str
    # The id of the principle it follows (``principles.PRINCIPLES``), so a hint links to the lesson that
    # teaches it; None only when the rules leave no choice (one legal card, a dealer barred after a misdeal).
    principle: str | None = None

    @property
    def card(self) -> Card | None:
        return self.action.card if isinstance(self.action, PlayCard) else None


# What a card costs when it is given away: points first; trumps are worth keeping, oudlers most.
SPECIAL_COST = {PETIT: 6.0, EXCUSE: 5.0, TRUMP_21: 7.0}


def cost(card: Card) -> float:
    """How much giving this card away hurts (lower is cheaper).

    >>> from tutor.engine import parse_card as C
    >>> cost(C("2H")) < cost(C("T5")) < cost(C("KH")) < cost(C("T1"))
    True
    """
    if card in SPECIAL_COST:
        return SPECIAL_COST[card]
    if card.is_trump:
        return 1.0 + card.rank * 0.05
    return card.points + card.rank * 0.01


# ---------------------------------------------------------------- what the seat knows


@dataclass(frozen=True)
class Knowledge:
    """Facts one seat can work out from its view: allies, voids seen, trumps still out."""

    allies: frozenset[int]
    opponents: frozenset[int]
    voids: dict  # seat -> set of kinds it showed it lacks
    unseen_trumps: tuple[Card, ...]  # trumps still out: neither played, nor in the écart, nor in this hand

    def top_unseen(self) -> int:
        return max((c.rank for c in self.unseen_trumps), default=0)


def camps(view: SeatView) -> tuple[frozenset[int], frozenset[int]]:
    """(allies, opponents) of the seat, as far as it knows. With 5 players a defender does not
    know the partner before the called card is played, so those seats are neither."""
    me, n, taker = view.seat, view.players, view.taker
    others = frozenset(range(n)) - {me}
    if taker is None:
        return frozenset(), frozenset()
    attack = {taker} | ({view.partner} if view.partner is not None else set())
    if me in attack:
        return frozenset(attack - {me}), others - attack if (n < 5 or view.partner is not None) else frozenset()
    if n < 5 or view.partner is not None:
        return others - attack, frozenset(attack)
    return frozenset(), frozenset({taker})


def knowledge(view: SeatView) -> Knowledge:
    allies, opponents = camps(view)
    if view.players == 5 and view.seat == view.partner:
        opponents = frozenset(range(view.players)) - {view.seat, view.taker}  # the partner knows both camps
    # One pass over the tricks on kinds and bitmasks: the estimator plays thousands of deals with this.
    voids: dict[int, set[int]] = {}
    seen = 0
    for cards, seats in [(t.cards, t.seats) for t in view.tricks] + [(view.trick, view.trick_seats)]:
        led = None
        for c in cards:
            seen |= c.bit
            if led is None and c.kind != EXCUSE_KIND:
                led = c.kind
        if led is None:
            continue
        for c, s in zip(cards, seats):
            kind = c.kind
            if kind in (led, EXCUSE_KIND):
                continue
            lacks = voids.setdefault(s, set())
            lacks.add(led)
            if kind != TRUMP_KIND:
                lacks.add(TRUMP_KIND)  # did not trump: no trumps either
    for c in view.hand:
        seen |= c.bit
    for c in view.ecart_trumps:  # gone to the taker's pile; a poignée's trumps are still in a hand, so still out
        seen |= c.bit
    unseen = tuple(c for c in TRUMPS if not seen & c.bit)
    return Knowledge(allies, opponents, voids, unseen)


# ---------------------------------------------------------------- decisions


def decide(view: SeatView) -> Move:
    """The bot's move for the seat whose view this is (it must be that seat's turn)."""
    if view.to_act != view.seat:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    handler = PHASES.get(view.phase)
    if handler is None:
        raise ValueError(f"nothing to decide in the {view.phase.value} phase")
    return handler(view)


def _bid(view: SeatView) -> Move:
    if view.seat in view.barred:
        rule = _(RULE_TEXT["misdeal"])
        return Move(Bid(view.seat, None), _("Pass: {why}").format(why=rule[0].lower() + rule[1:]), None)
    highest = max((b for _, b in view.bids if b is not None), default=None)
    open_bids = [c for c in Contract if highest is None or c > highest]
    count = count_steps(view.hand, players=view.players)  # the count quoted, made once
    strength = count.total
    want = bidding.contract_for(count)
    bid = want if want in open_bids else None
    if bid is None:
        taught = handcount_need(Contract.PETITE, view.players)  # the course's threshold (lesson 17)
        why = (_("Pass: {why}").format(why=_lower(say(count.verdict()))) if count.too_few_trumps else
               _("Pass: the hand counts {count}, {petite}.").format(count=_num(strength),
                                                                   petite=petite_need(view.players))
               if want is None and strength < taught else
               _("Pass: the hand counts {count}, enough for a petite by the hand count ({taught}), but these bots, "
                 "playing as they do, take a petite only from {need}.").format(
                   count=_num(strength), taught=taught, need=need_for(Contract.PETITE, view.players))
               if want is None else
               _("Pass: the hand counts {count}, worth a {contract}, and that has been outbid.").format(
                   count=_num(strength), contract=want.french))
        return Move(Bid(view.seat, None), why, "hand-count")
    return Move(Bid(view.seat, bid), _("Bid {contract}: the hand counts {count}, and these bots, playing as they do, "
                                       "bid a {contract} from a count of {need} with {players} players.").format(
        contract=bid.french, count=_num(strength), need=need_for(bid, view.players), players=view.players),
        "hand-count")


def _num(x: float) -> str:
    """A hand count as the learner reads it (``shown_count``), with a decimal comma in French."""
    text = shown_count(x)
    return text if language() == "en" else text.replace(".", ",")


def _lower(text: str) -> str:
    return text[0].lower() + text[1:]


def need_for(contract: Contract, players: int = 4) -> int:
    """The hand count a contract needs at this table size (the bots' table of thresholds)."""
    return bidding.need_for(contract, players)


def petite_need(players: int = 4) -> str:
    """Why a count under the course's petite threshold passes, told apart from the card points a taker must make."""
    return _("under the {need} a petite needs (the hand count's own threshold, not the card points a taker must "
             "make)").format(need=handcount_need(Contract.PETITE, players))


def handcount_need(contract: Contract, players: int = 4) -> int:
    """The hand count a contract needs by the course's thresholds (``handcount.thresholds``, lesson 17)."""
    return next(need for need, c in thresholds(players) if c is contract)


def _call(view: SeatView) -> Move:
    card = choose_call(view.hand)
    length = {kind: sum(1 for c in view.hand if c.kind == kind) for kind in range(4)}
    if card in view.hand:
        why = _("you hold every card you could call, so you play alone")
    elif length[card.kind] == max(length.values()):
        why = _("your longest suit ({n} cards), so your partner's help comes where you need it").format(
            n=length[card.kind])
    else:
        why = _(_OF_THE_SUITS[card.rank]).format(n=length[card.kind])
    return Move(CallKing(view.seat, card), _("Call {card}: {why}.").format(card=the_card(card), why=why),
                "call-a-king")


# "of the suits whose king you do not hold, …", by the called card's rank.
_OF_THE_SUITS = {r: m for r, m in (
    (14, N_("of the suits whose king you do not hold, your longest ({n} cards), so your partner's help comes where "
            "you need it")),
    (13, N_("of the suits whose queen you do not hold, your longest ({n} cards), so your partner's help comes "
            "where you need it")),
    (12, N_("of the suits whose knight you do not hold, your longest ({n} cards), so your partner's help comes "
            "where you need it")),
    (11, N_("of the suits whose jack you do not hold, your longest ({n} cards), so your partner's help comes where "
            "you need it")))}


def _ecart(view: SeatView) -> Move:
    cards = choose_ecart(view.hand, players=view.players)
    trumps = [c for c in cards if c.is_trump]
    why = (ngettext("Discard short suits without their king, to make voids and bank their points; {n} trump cannot "
                    "be avoided and is shown.",
                    "Discard short suits without their king, to make voids and bank their points; {n} trumps cannot "
                    "be avoided and are shown.", len(trumps)).format(n=len(trumps)) if trumps else
           _("Discard short suits without their king, to make voids and bank their points."))
    return Move(Discard(view.seat, tuple(cards)), why, "no-trumps-in-ecart" if trumps else "make-voids")


def _play_phase(view: SeatView) -> Move:
    first_card = not view.tricks and view.seat not in view.trick_seats
    if first_card and not any(s == view.seat for s, _ in view.poignees):
        options = poignee_options(view.hand, players=view.players)
        if options:
            level = options[-1]
            shown = poignee_to_show(view.hand, level, players=view.players)
            return Move(ShowPoignee(view.seat, tuple(shown)),
                        _("Show {level} ({n} trumps): its bonus goes to the side that wins.").format(
                            level=_(_A_LEVEL[level]), n=len(shown)),
                        "poignee-when")
    card, why, principle = choose_play(view)
    return Move(PlayCard(view.seat, card), why, principle)


PHASES = {Phase.BIDDING: _bid, Phase.CALLING: _call, Phase.ECART: _ecart, Phase.PLAYING: _play_phase}


# ---------------------------------------------------------------- card play


def cheapest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (cost(c), c.index))


def choose_card(view: SeatView) -> tuple[Card, str]:
    """The card to play now and why (also the learner's hint)."""
    card, why, _principle = choose_play(view)
    return card, why


def choose_play(view: SeatView) -> tuple[Card, str, str | None]:
    """The card to play now, why, and the principle it follows (None when the rules leave no choice), as the
    seat's side names it: a taker or partner is never sent to the defence's lesson, nor a defender to the
    attack's (``principles.for_side``)."""
    card, why, principle = _choose_play(view)
    return card, why, for_side(principle, attack=view.seat in (view.taker, view.partner))


def _choose_play(view: SeatView) -> tuple[Card, str, str | None]:
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0], _("It is your only legal card."), None
    k = knowledge(view)
    if EXCUSE in legal and len(view.hand) == 2 and not _chelem_run(view, k):
        return (EXCUSE, _("Play the Excuse now, not in the last trick.") + " " + _(RULE_TEXT["excuse_last_trick"]),
                "excuse-timing")
    suit_trick = [c for c in view.trick if c is not EXCUSE]
    return _lead(view, legal, k) if not suit_trick else _follow(view, legal, k)


def _chelem_run(view: SeatView, k: Knowledge) -> bool:
    """Our side has won every trick so far: the Excuse may then win the last one."""
    ours = k.allies | {view.seat}
    return bool(view.tricks) and all(t.winner in ours for t in view.tricks)


def _after_me(view: SeatView) -> list[int]:
    left = view.players - len(view.trick) - 1
    return [(view.seat + i) % view.players for i in range(1, left + 1)]


def _wins(trick: tuple[Card, ...], card: Card) -> bool:
    if card is EXCUSE:
        return False
    cards = list(trick) + [card]
    return winner_index(cards) == len(cards) - 1


def _safe(view: SeatView, k: Knowledge, card: Card, after: list[int], led: int) -> bool:
    """Will ``card`` (winning now) still win once the seats after me have played?"""
    threats = [s for s in after if s not in k.allies]
    if not threats:
        return True
    if card.is_trump:
        return card.rank > k.top_unseen()
    return False  # a suit card can still be trumped by an opponent to come (a taker makes voids in the écart)


def _follow(view: SeatView, legal: list[Card], k: Knowledge) -> tuple[Card, str]:
    trick = view.trick
    w = winner_index(list(trick))
    winner_seat, top = view.trick_seats[w], trick[w]
    after = _after_me(view)
    led = next(c.kind for c in trick if c is not EXCUSE)
    plain = [c for c in legal if c is not EXCUSE]
    if winner_seat in k.allies and _safe(view, k, top, after, led):
        if PETIT in plain:
            return (PETIT, _("Save the Petit: your partner's trick is safe, so the Petit lands in your side's pile."),
                    "save-the-petit")
        givers = [c for c in plain if c is not TRUMP_21]
        best = max(givers or plain, key=lambda c: (c.points, -cost(c)))
        if best.points > 0.5:
            return (best, _("Give points to your partner (charger): their trick is safe, so {card} is banked.").format(
                card=the_card(best)), "charger")
        return cheapest(plain), _("Your partner's trick is safe: play your cheapest card."), "play-cheap"
    if led < 4 and view.seat in (view.taker, view.partner):
        king = next((c for c in plain if c.kind == led and c.is_king), None)
        fresh = not any(_led(t.cards) == led for t in view.tricks)
        cut = any(led in k.voids.get(s, ()) for s in k.opponents)
        if king is not None and fresh and not cut and _wins(trick, king):
            return king, _("Play {card}: it is the first round of this suit, so the king should hold.").format(
                card=the_card(king)), "cash-kings"
    winners = [c for c in plain if _wins(trick, c)]
    # The Petit wins and nobody against it plays after: bank it, unless holding most of the trumps, where it can
    # wait for the last trick (petit au bout).
    mine = sum(1 for c in view.hand if c.is_trump)
    if PETIT in winners and not any(s not in k.allies for s in after) and mine < len(k.unseen_trumps):
        return PETIT, _("Save the Petit: it wins this trick and nobody against you plays after you."), "save-the-petit"
    if winners:
        w_card = cheapest(winners)
        risky_petit = w_card is PETIT and any(s not in k.allies for s in after) and k.top_unseen() > 1
        if not risky_petit and (not after or _safe(view, k, w_card, after, led) or _worth(trick)):
            return w_card, _("Win with the cheapest card that wins: {card} beats {beaten}.").format(
                card=the_card(w_card), beaten=the_card(top)), "play-cheap"
    losers = [c for c in plain if not _wins(trick, c)]
    if not losers:
        small = [c for c in plain if c is not PETIT]
        if after and small and not _worth(trick):
            low = cheapest(small)
            return low, _("Keep your big trumps: this trick holds few points, so play your smallest, {card}.").format(
                card=the_card(low)), "play-cheap"
        safe = [c for c in plain if not after or _safe(view, k, c, after, led)]
        low = cheapest(safe or [c for c in plain if c is not PETIT] or plain)
        if low is not PETIT or EXCUSE not in legal:
            if low in safe and low is not cheapest(plain):
                return low, _("Every card you may play wins the trick for now: play {card}, the cheapest card that "
                              "no trump still out can beat.").format(card=the_card(low)), "play-cheap"
            why = (_("Every card you may play wins the trick and it will hold: use the cheapest, {card}.")
                   if low in safe else _("Every card you may play wins the trick for now: use the cheapest, {card}."))
            return low, why.format(card=the_card(low)), "play-cheap"
    low = cheapest(losers or plain)
    if EXCUSE in legal and (low is PETIT or cost(low) >= 4.5):
        return EXCUSE, _("Play the Excuse: it keeps {card} out of the opponents' trick.").format(
            card=the_card(low)), "excuse-timing"
    if low is PETIT:
        return low, _("The Petit is all you can play here."), "play-cheap"
    if winner_seat in k.allies:
        return low, _("Your partner is winning but may be beaten: follow cheaply."), "play-cheap"
    return low, _("You cannot win this trick safely: follow with your cheapest card."), "play-cheap"


def _led(cards) -> int | None:
    return next((c.kind for c in cards if c is not EXCUSE), None)


def _worth(trick) -> bool:
    """A trick worth fighting for even at some risk."""
    return sum(c.points for c in trick) >= 4


def _lead(view: SeatView, legal: list[Card], k: Knowledge) -> tuple[Card, str]:
    hand = list(view.hand)
    trumps = sorted((c for c in legal if c.is_trump), key=lambda c: c.rank)
    petit_out = PETIT in k.unseen_trumps
    if petit_out and trumps and len(trumps) >= max(3, len(k.unseen_trumps)):
        top = trumps[-1]
        card = top if top.rank > k.top_unseen() else next((c for c in trumps if c is not PETIT), top)
        return card, _("Hunt the Petit (chasse au Petit): you hold most of the trumps, so lead them."), "hunt-the-petit"
    attack = view.seat == view.taker or view.seat == view.partner
    for c in sorted((c for c in legal if c.is_king), key=lambda c: c.kind):
        rounds = sum(1 for t in view.tricks if _led(t.cards) == c.kind)
        cut = any(c.kind in k.voids.get(s, ()) for s in k.opponents)
        if attack and not rounds and not cut:
            return c, _("Lead {card} while the suit is fresh: it will probably hold.").format(card=the_card(c)), \
                "cash-kings"
        # The taker made voids in the écart: a defender leads a king once the taker has followed the suit.
        if not attack and rounds == 1 and not cut:
            return c, _("Lead {card}: the taker followed this suit last time, so it should hold.").format(
                card=the_card(c)), "cash-kings"
    pick = leads.draw_trumps(view, trumps, k) if attack else leads.lead_to_cut(view, legal, k, cost)
    if pick is not None:
        return pick
    suits = [c for c in legal if c.kind < 4 and not c.is_king]
    if suits:
        length = {kind: sum(1 for c in hand if c.kind == kind) for kind in range(4)}
        longest = max(length[c.kind] for c in suits)
        pick = cheapest(c for c in suits if length[c.kind] == longest)
        if longest == max(length.values()):
            return pick, _("Lead low from your longest suit ({n} cards), keeping your high cards and "
                           "trumps.").format(n=longest), "lead-long-suit"
        return pick, _("Lead low from the longest suit you may lead now ({n} cards), keeping your high cards and "
                       "trumps.").format(n=longest), "lead-long-suit"
    plain = [c for c in legal if c is not EXCUSE]
    pick = cheapest(c for c in plain if c is not PETIT) if any(c is not PETIT for c in plain) else plain[0]
    return pick, _("Lead your cheapest card; keep the Petit and the Excuse for later."), "play-cheap"

