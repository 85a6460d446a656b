"""The verify queries on the deal around the play: contracts, the auction, the first dealer, the king call, the
deck, the next dealer and leader, and the Excuse (``queries.ask`` runs them by name).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    DECK,
    EXCUSE,
    SUITS,
    Auction,
    Contract,
    Deal,
    TarotError,
    callable_cards,
    card,
    card_points,
)
from ..engine.deal import draw_rank
from ..engine.piles import count_attack
from ..engine.words import Text
from ..i18n import _
from ..i18n.words import say
from .example_words import (
    DOG_SENTENCES,
    check_disjoint,
)
from .query_args import QueryError, Result, _args, _card, _cards, _choice, _contract, _full_hand, _players
from .render import call_result


def q_contract(spec) -> Result:
    spec = _args(spec, "contract", ("name", "field"))
    c = _contract(spec["name"], "name")
    name = _choice(spec, "field", ("multiplier", "level", "dog", "french", "english"))
    if name == "dog":
        return Result(c.dog.name.lower(), "text", note=_(DOG_SENTENCES[c.dog]))
    if name == "level":
        return Result(c.level + 1, "number")
    return Result(getattr(c, name), "number" if name == "multiplier" else "text")


AUCTION_ASKS = ("next_speaker", "taker", "contract", "all_passed", "can_bid")


def q_auction(spec) -> Result:
    spec = _args(spec, "auction", ("bids",), ("players", "dealer", "ask", "bid", "misdeal"))
    players = _players(spec)
    dealer = spec.get("dealer", 0)
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise QueryError(f"dealer must be a seat from 0 to {players - 1}", "dealer")
    ask = _choice(spec, "ask", AUCTION_ASKS, "taker")
    bids = spec["bids"]
    if not isinstance(bids, list):
        raise QueryError("bids is a list like [pass, petite, garde]", "bids")
    # misdeal: true is the redeal of a misdeal, on which the dealer may not bid.
    a = Auction(players=players, dealer=dealer, barred=frozenset({dealer}) if spec.get("misdeal") else frozenset())
    for b in bids:
        try:
            a.bid(a.to_speak, None if b == "pass" else b)
        except TarotError as err:
            raise QueryError(f"bids: {b!r} is not possible: {err}", "bids") from None
    if ask == "can_bid":
        if "bid" not in spec:
            raise QueryError("ask: can_bid needs bid: the contract to try", "bid")
        if a.finished:
            raise QueryError("everyone has already spoken", "bids")
        ok = a.can_bid(a.to_speak, spec["bid"])
        return Result(ok, "bool", note=None if ok else _why_not(a, spec["bid"]))
    if ask == "next_speaker":
        if a.finished:
            raise QueryError("everyone has already spoken", "bids")
        return Result(a.to_speak, "number")
    if not a.finished:
        raise QueryError(f"ask: {ask} needs all {players} players to have spoken", "bids")
    if ask == "all_passed":
        return Result(a.all_passed, "bool")
    if ask == "taker":
        return Result(a.taker if a.taker is not None else "none", "number" if a.taker is not None else "text")
    return Result(a.contract.value if a.contract else "none", "text")


def _why_not(a: Auction, bid) -> str:
    try:
        a.verify_bid(a.to_speak, bid)
    except TarotError as err:
        return say(err.args[0]) if err.args and isinstance(err.args[0], Text) else str(err)
    return ""


def q_first_dealer(spec) -> Result:
    if not isinstance(spec, list) or not 3 <= len(spec) <= 5:
        raise QueryError("first_dealer takes the cards drawn, one per player, like [5H, T3, 1C, 1S]")
    finals = [_card(x) for x in spec]
    if EXCUSE in finals:
        raise QueryError("the Excuse does not count: list the card drawn instead of it")
    if len(set(finals)) != len(finals):
        raise QueryError("the same card is drawn twice")
    low = min(finals, key=draw_rank)
    return Result(low, "card", pool=finals, shown={"Cards drawn": finals})


def q_callable(spec) -> Result:
    spec = _args(spec, "callable", ("hand", "card"))
    hand = _cards(spec, "hand")
    _full_hand(hand, 5, "hand")
    card = _card(spec["card"], "card")
    return Result(card in callable_cards(hand), "bool", shown={"Taker's hand": hand, "Called": [card]})


def q_plays_alone(spec) -> Result:
    spec = _args(spec, "plays_alone", ("taker_hand", "called"), ("dog",))
    hand, dog = _cards(spec, "taker_hand"), _cards(spec, "dog")
    _full_hand(hand, 5, "taker_hand")
    called = _card(spec["called"], "called")
    if called not in callable_cards(hand):
        raise QueryError(f"called: {called} may not be called from this hand", "called")
    check_disjoint(taker_hand=hand, dog=dog)
    alone, why = call_result(called, hand, dog)
    return Result(alone, "bool", note=why,
                  shown={"Taker's hand": hand, "Dog": dog, "Called": [called]})


DECK_FACTS = {
    "total": lambda: len(DECK),
    "trumps": lambda: sum(1 for c in DECK if c.is_trump),
    "suit_cards": lambda: sum(1 for c in DECK if c.suit is not None),
    "per_suit": lambda: sum(1 for c in DECK if c.suit is SUITS[0]),
    "face_cards": lambda: sum(1 for c in DECK if c.suit is not None and c.rank > 10),
    "oudlers": lambda: sum(1 for c in DECK if c.is_oudler),
    "points": lambda: card_points(DECK),
}


def q_deck(spec) -> Result:
    if spec not in DECK_FACTS:
        raise QueryError(f"deck takes one of {', '.join(DECK_FACTS)}, not {spec!r}")
    return Result(DECK_FACTS[spec](), "number")


def q_is_trump(spec) -> Result:
    c = _card(spec)
    return Result(c.is_trump, "bool", shown={"Card": [c]})


def q_next_dealer(spec) -> Result:
    spec = _args(spec, "next_dealer", ("after",), ("players", "dealer"))
    players = _players(spec)
    dealer = spec.get("dealer", 0)
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise QueryError(f"dealer must be a seat from 0 to {players - 1}", "dealer")
    after = _choice(spec, "after", ("deal", "misdeal", "all_pass", "petit_sec"))
    deal = Deal.new(players, seed=0, dealer=dealer)
    return Result(deal.next_deal(seed=0, misdeal=after == "misdeal").dealer, "number")


def q_first_leader(spec) -> Result:
    spec = _args(spec, "first_leader", (), ("players", "dealer"))
    players = _players(spec)
    dealer = spec.get("dealer", 0)
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise QueryError(f"dealer must be a seat from 0 to {players - 1}", "dealer")
    return Result(Deal.new(players, seed=0, dealer=dealer).leader, "number")


@dataclass(frozen=True)
class _Trick:
    cards: tuple
    seats: tuple
    winner: int


def q_excuse(spec) -> Result:
    """Whose pile the Excuse ends in, computed by the engine's end-of-deal count."""
    spec = _args(spec, "excuse", ("played_by", "won_by"), ("last_trick", "chelem"))
    played_by = _choice(spec, "played_by", ("attack", "defence"))
    won_by = _choice(spec, "won_by", ("attack", "defence"))
    last, chelem = bool(spec.get("last_trick", False)), bool(spec.get("chelem", False))
    if chelem and (not last or won_by != played_by):
        raise QueryError("in a chelem the Excuse wins only the last trick, for its own side", "chelem")
    # Seats 0 and 3 attack, 1 and 2 defend; the Excuse's side-mate wins when the same side wins.
    ex_seat = 0 if played_by == "attack" else 1
    if chelem:
        winner = ex_seat
    elif won_by == played_by:
        winner = 3 if played_by == "attack" else 2
    else:
        winner = 1 if won_by == "defence" else 0
    others = [s for s in (0, 1, 2, 3) if s != ex_seat]
    trick = _Trick((EXCUSE, *(card(x) for x in ("2C", "3C", "4C"))), (ex_seat, *others), winner)
    # The other trick goes to the other side, so that only an asked-for chelem is a chelem.
    plain_winner = winner if chelem else (1 if winner in (0, 3) else 0)
    plain = _Trick(tuple(card(x) for x in ("5D", "6D", "7D", "8D")), (0, 1, 2, 3), plain_winner)
    tricks = [plain, trick] if last else [trick, plain]
    pile, _points, notes = count_attack(tricks, lambda seat: "attack" if seat in (0, 3) else "defence",
                                        Contract.GARDE_SANS, (), ())
    side = "attack" if EXCUSE in pile else "defence"
    note = " ".join(say(n) for n in notes) or (_("The Excuse stays with the attack.") if side == "attack" else
                                                _("The Excuse stays with the defence."))
    return Result(side, "text", note=note)
