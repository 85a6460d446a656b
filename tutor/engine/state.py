"""One deal from the shuffle to the score, driven by actions and replayable from its log.

Every seat gets its own view (``Deal.view(seat)``) that hides the other hands and the
hidden dog, so bots and quizzes never see what a player at the table could not.

>>> d = Deal.new(players=4, seed=3, dealer=0)
>>> d.phase
<Phase.BIDDING: 'bidding'>
>>> d.to_act
1
"""

from __future__ import annotations

import copy as _copy
import random

from .actions import Action, Bid, CallKing, DeclareChelem, DeclareMisere, Discard, PlayCard, ShowPoignee
from .announce import MISERE_SPOILERS, callable_cards, check_poignee, misere_kinds, verify_call
from .bidding import Auction
from .cards import CARDS, EXCUSE, Card, parse_card, sort_cards
from .deal import DealtCards, deal_cards, next_deal_after
from .ecart import check_discard
from .errors import IllegalAction
from .piles import chelem_result, count_attack, excuse_wins_last, petit_au_bout
from .play import PlayVerdict, explain_play, first_lead_mask, legal_mask, trick_state, winner_index
from .rules import Contract, DogFate, RuleSet
from .scoring import misere_scores, score_deal, settle_half_point
from .seats import seat_label
from .views import DealResult, Phase, SeatView, Trick
from .words import N_, Text, joined

# The whole deck in display order: filtering it by a mask sorts a hand without a sort
# (views are built at every move, thousands of times per bidding estimate).
_DISPLAY_ORDER = tuple(sort_cards(CARDS))


def _in_display_order(mask: int) -> list[Card]:
    """The cards of a bitmask, in display order (as sort_cards would give them)."""
    return [c for c in _DISPLAY_ORDER if mask & c.bit]


# Where a deal stands, and what cannot be done there: "You cannot bid now: the deal is at the playing stage."
# The house-rule misère note, per kind ({seat}: the declarer).
_MISERE_BY = {"trumps": N_("of trumps by {seat}"), "honours": N_("of honours by {seat}")}
_STAGE = {Phase.BIDDING: N_("the deal is at the bidding stage"), Phase.CALLING: N_("the deal is at the calling stage"),
          Phase.ECART: N_("the deal is at the ecart stage"), Phase.PLAYING: N_("the deal is at the playing stage"),
          Phase.DONE: N_("the deal is at the done stage"), Phase.CANCELLED: N_("the deal is at the cancelled stage")}
_NOT_NOW = {"bid": N_("You cannot bid now: {stage}."), "call a king": N_("You cannot call a king now: {stage}."),
            "discard": N_("You cannot discard now: {stage}."),
            "announce a chelem": N_("You cannot announce a chelem now: {stage}."),
            "show a poignée": N_("You cannot show a poignée now: {stage}."),
            "play a card": N_("You cannot play a card now: {stage}."),
            "declare a misère": N_("You cannot declare a misère now: {stage}.")}


class Deal:
    """The state of one deal. Apply actions with ``apply`` (or the named helpers)."""

    def __init__(self, dealt: DealtCards, *, rules: RuleSet | None = None, seed=None, misdealt: bool = False):
        self.rules = rules or RuleSet.for_players(dealt.players)
        self.players = dealt.players
        self.dealt = dealt
        self.seed = seed
        self.dealer = dealt.dealer
        self.hands: list[int] = [sum(c.bit for c in h) for h in dealt.hands]
        self.dog: tuple[Card, ...] = dealt.dog
        # A redeal after a misdeal: the same dealer deals and may not bid on it (FFT p.5).
        self.misdealt = misdealt
        self.auction = Auction(self.players, self.dealer, barred=frozenset({self.dealer}) if misdealt else frozenset())
        self.log: list[Action] = []
        self.taker: int | None = None
        self.contract: Contract | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.partner_revealed = False
        self.ecart: tuple[Card, ...] = ()
        self.chelem_announced = False
        self.poignees: list[tuple[int, tuple[Card, ...], str]] = []
        self.miseres: list[tuple[int, str]] = []  # house rule, only when self.rules.misere
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.leader = (self.dealer + 1) % self.players
        self.has_played: set[int] = set()
        self.cancel_reason = ""
        sec = dealt.petit_sec()
        self.phase = Phase.BIDDING
        if sec:
            self.phase = Phase.CANCELLED
            self.cancel_reason = Text(N_("{seat} has the Petit sec (the 1 as their only trump and no Excuse): they "
                                         "must show it and the deal is cancelled; the next dealer deals."),
                                      seat=seat_label(sec[0], capital=True))

    # ------------------------------------------------------------ construction

    @classmethod
    def new(cls, players: int = 4, *, seed=None, dealer: int = 0, misere: bool = False,
            misdealt: bool = False) -> Deal:
        """A freshly dealt deal. ``seed`` (int) makes it reproducible; ``misdealt`` marks the redeal of a
        misdeal, on which the dealer may not bid."""
        rules = RuleSet.for_players(players, misere=misere)
        return cls(deal_cards(players, dealer=dealer, seed=seed), rules=rules, seed=seed, misdealt=misdealt)

    @classmethod
    def replay(cls, players: int, seed, log, *, dealer: int = 0, misere: bool = False,
               misdealt: bool = False) -> Deal:
        """Rebuild a deal from its seed and its log of actions."""
        d = cls.new(players, seed=seed, dealer=dealer, misere=misere, misdealt=misdealt)
        for action in log:
            d.apply(action)
        return d

    def next_deal(self, seed=None, *, misdeal: bool = False) -> Deal:
        """The following deal: the next dealer deals after a played or cancelled deal; after a misdeal
        the same dealer deals again and may not bid on that deal.

        >>> again = Deal.new(4, seed=1, dealer=2).next_deal(seed=2, misdeal=True)
        >>> again.dealer, again.auction.barred
        (2, frozenset({2}))
        """
        nxt = next_deal_after(self.players, self.dealer, "misdeal" if misdeal else "played")
        return Deal.new(self.players, seed=seed, dealer=nxt.dealer, misere=self.rules.misere,
                        misdealt=nxt.barred is not None)

    # ------------------------------------------------------------ queries

    def hand(self, seat: int) -> list[Card]:
        return _in_display_order(self.hands[seat])

    @property
    def to_act(self) -> int | None:
        if self.phase is Phase.BIDDING:
            return self.auction.to_speak
        if self.phase in (Phase.CALLING, Phase.ECART):
            return self.taker
        if self.phase is Phase.PLAYING:
            return (self.leader + len(self.trick)) % self.players
        return None

    def camp(self, seat: int) -> str:
        """'attack' or 'defence' for a seat (the true camp, hidden or not)."""
        return "attack" if seat == self.taker or seat == self.partner else "defence"

    def legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.phase is not Phase.PLAYING or seat != self.to_act:
            return 0
        if not self.trick and not self.tricks and self.called is not None:
            return first_lead_mask(hand, self.called)
        return legal_mask(hand, *trick_state(self.trick))

    def legal_cards(self, seat: int | None = None) -> list[Card]:
        seat = self.to_act if seat is None else seat
        if seat is None:
            return []
        return _in_display_order(self.legal_mask(seat))

    def explain(self, seat: int, card) -> PlayVerdict:
        """Why ``card`` may or may not be played by ``seat`` now."""
        first = not self.tricks and not self.trick and self.called is not None
        return explain_play(self.hand(seat), self.trick, card, called_king=self.called, first_trick=first)

    def dog_visible(self) -> bool:
        """The dog is turned up for a petite or garde, and only after the 5-player call (RULES.md, Bidding)."""
        return (self.contract is not None and self.contract.dog is DogFate.TAKER_EXCHANGES
                and self.phase is not Phase.CALLING)

    def view(self, seat: int) -> SeatView:
        """The deal as ``seat`` sees it: no other hand, no hidden dog, no other écart."""
        partner_known = self.partner_revealed or seat == self.partner
        return SeatView(
            seat=seat, players=self.players, phase=self.phase, hand=tuple(self.hand(seat)),
            to_act=self.to_act, dealer=self.dealer, bids=tuple(self.auction.bids), taker=self.taker,
            contract=self.contract, called=self.called,
            partner=self.partner if partner_known else None,
            dog=self.dog if self.dog_visible() else None,
            ecart=self.ecart if seat == self.taker and self.ecart else None,
            ecart_trumps=tuple(c for c in self.ecart if c.is_trump),
            poignees=tuple((s, cards) for s, cards, _ in self.poignees),
            chelem_announced=self.chelem_announced, tricks=tuple(self.tricks), trick=tuple(self.trick),
            trick_seats=tuple(self.trick_seats),
            legal=tuple(self.legal_cards(seat)) if seat == self.to_act else (),
            miseres=tuple(self.miseres), barred=self.auction.barred,
        )

    # ------------------------------------------------------------ actions

    def verify(self, action: Action) -> None:
        """Raise IllegalAction with the reason when ``action`` is not allowed now."""
        if self.phase in (Phase.DONE, Phase.CANCELLED):
            raise IllegalAction(Text(N_("The deal is done: no more actions.") if self.phase is Phase.DONE else
                                     N_("The deal is cancelled: no more actions.")), "over")
        if isinstance(action, Bid):
            self._need(Phase.BIDDING, "bid")
            self.auction.verify_bid(action.seat, action.contract)
        elif isinstance(action, CallKing):
            self._need(Phase.CALLING, "call a king")
            self._need_seat(action.seat, self.taker, Text(N_("Only the taker calls a king.")))
            verify_call(self.hand(action.seat), action.card)
        elif isinstance(action, Discard):
            self._need(Phase.ECART, "discard")
            self._need_seat(action.seat, self.taker, Text(N_("Only the taker makes the écart.")))
            verdict = check_discard(self.hand(action.seat), action.cards, players=self.players)
            if not verdict:
                raise IllegalAction(joined(verdict.reasons, " "), verdict.rules[0])
        elif isinstance(action, DeclareChelem):
            self._need(Phase.PLAYING, "announce a chelem")
            self._need_seat(action.seat, self.taker, Text(N_("Only the taker announces a chelem.")))
            if self.tricks or self.trick or self.chelem_announced:
                raise IllegalAction(Text(N_("A chelem is announced once, before the first card is played.")),
                                    "chelem_time")
        elif isinstance(action, ShowPoignee):
            self._need(Phase.PLAYING, "show a poignée")
            if action.seat != self.to_act or action.seat in self.has_played:
                raise IllegalAction(Text(N_("A poignée is shown just before playing your first card.")),
                                    "poignee_time")
            if any(s == action.seat for s, _, _ in self.poignees):
                raise IllegalAction(Text(N_("A player shows one poignée at most.")), "poignee_once")
            verdict = check_poignee(self.hand(action.seat), action.cards, players=self.players)
            if not verdict:
                raise IllegalAction(joined(verdict.reasons, " "), "poignee")
        elif isinstance(action, DeclareMisere):
            self._verify_misere(action)
        elif isinstance(action, PlayCard):
            self._need(Phase.PLAYING, "play a card")
            if action.seat != self.to_act:
                raise IllegalAction(Text(N_("It is {seat}'s turn to play, not {other}'s."),
                                         seat=seat_label(self.to_act), other=seat_label(action.seat)), "order")
            if not self.legal_mask(action.seat) & action.card.bit:
                verdict = self.explain(action.seat, action.card)
                raise IllegalAction(verdict.reason, verdict.rule.value)
        else:
            raise IllegalAction(f"unknown action {action!r}", "unknown")

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def copy(self) -> Deal:
        """A copy that can be played on without touching this deal (the bidding included): the lists the
        actions grow are copied, the immutable values shared.

        >>> d = Deal.new(4, seed=1); e = d.copy(); _ = e.apply(Bid(e.to_act, None))
        >>> len(d.log), len(e.log), len(d.auction.bids), len(e.auction.bids)
        (0, 1, 0, 1)
        """
        c = _copy.copy(self)
        c.hands = list(self.hands)
        c.tricks = list(self.tricks)
        c.trick = list(self.trick)
        c.trick_seats = list(self.trick_seats)
        c.has_played = set(self.has_played)
        c.log = list(self.log)
        c.poignees = list(self.poignees)
        c.miseres = list(self.miseres)
        c.auction = _copy.copy(self.auction)
        c.auction.bids = list(self.auction.bids)
        return c

    def apply(self, action: Action) -> Action:
        """Check and perform ``action``; returns it (it is also appended to the log)."""
        self.verify(action)
        if isinstance(action, Bid):
            self._do_bid(action)
        elif isinstance(action, CallKing):
            self._do_call(action)
        elif isinstance(action, Discard):
            self._do_discard(action)
        elif isinstance(action, DeclareChelem):
            self.chelem_announced = True
            self.leader = action.seat
        elif isinstance(action, ShowPoignee):
            level = check_poignee(self.hand(action.seat), action.cards, players=self.players).level
            self.poignees.append((action.seat, tuple(action.cards), level))
        elif isinstance(action, DeclareMisere):
            self.miseres.append((action.seat, action.kind))
        else:
            self._do_play(action)
        self.log.append(action)
        return action

    # Named helpers, pokerkit style.
    def bid(self, seat: int, contract) -> Action:
        return self.apply(Bid(seat, None if contract in (None, "pass") else Contract.parse(contract)))

    def call(self, seat: int, card) -> Action:
        return self.apply(CallKing(seat, parse_card(card)))

    def discard(self, seat: int, cards) -> Action:
        from .cards import parse_cards
        cards = parse_cards(cards) if isinstance(cards, str) else [parse_card(c) for c in cards]
        return self.apply(Discard(seat, tuple(cards)))

    def declare_misere(self, seat: int, kind: str) -> Action:
        return self.apply(DeclareMisere(seat, kind))

    def declare_chelem(self, seat: int) -> Action:
        return self.apply(DeclareChelem(seat))

    def show_poignee(self, seat: int, cards) -> Action:
        from .cards import parse_cards
        cards = parse_cards(cards) if isinstance(cards, str) else [parse_card(c) for c in cards]
        return self.apply(ShowPoignee(seat, tuple(cards)))

    def play(self, seat: int, card) -> Action:
        return self.apply(PlayCard(seat, parse_card(card)))

    # ------------------------------------------------------------ internals

    def _need(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(Text(_NOT_NOW[what], stage=Text(_STAGE[self.phase])), "phase")

    def _verify_misere(self, action: DeclareMisere) -> None:
        if not self.rules.misere:
            raise IllegalAction(Text(N_("Misère is a house rule, not an FFT rule, and this table does not play it.")),
                                "misere_off")
        self._need(Phase.PLAYING, "declare a misère")
        if action.seat != self.to_act or action.seat in self.has_played:
            raise IllegalAction(Text(N_("A misère is declared just before playing your first card.")),
                                "misere_time")
        if action.kind not in MISERE_SPOILERS:
            raise IllegalAction(Text(N_("A misère is of 'trumps' or of 'honours', not {kind}."),
                                     kind=repr(action.kind)), "misere_kind")
        if any(s == action.seat and k == action.kind for s, k in self.miseres):
            raise IllegalAction(Text(N_("This misère has already been declared.")), "misere_once")
        if action.kind not in misere_kinds(self.hand(action.seat)):
            raise IllegalAction(Text(N_("A misère of trumps needs a hand with no trump and no Excuse.")
                                     if action.kind == "trumps" else
                                     N_("A misère of honours needs a hand with no face card and no oudler.")),
                                "misere_hand")

    @staticmethod
    def _need_seat(seat: int, want: int | None, msg: str) -> None:
        if seat != want:
            raise IllegalAction(msg, "seat")

    def _do_bid(self, action: Bid) -> None:
        self.auction.bid(action.seat, action.contract)
        if not self.auction.finished:
            return
        if self.auction.all_passed:
            self.phase = Phase.CANCELLED
            self.cancel_reason = Text(N_("Everyone passed: the deal is cancelled and the next dealer deals."))
            return
        self.taker, self.contract = self.auction.taker, self.auction.contract
        if self.players == 5:
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _do_call(self, action: CallKing) -> None:
        self.called = action.card
        holder = next((s for s in range(self.players) if self.hands[s] & action.card.bit), None)
        self.partner = None if holder in (None, self.taker) else holder
        self._after_call()

    def _after_call(self) -> None:
        if self.contract.dog is DogFate.TAKER_EXCHANGES:
            for c in self.dog:
                self.hands[self.taker] |= c.bit
            self.phase = Phase.ECART
        else:
            self.phase = Phase.PLAYING

    def _do_discard(self, action: Discard) -> None:
        for c in action.cards:
            self.hands[self.taker] &= ~c.bit
        self.ecart = tuple(action.cards)
        self.phase = Phase.PLAYING

    def _do_play(self, action: PlayCard) -> None:
        seat, c = action.seat, action.card
        self.hands[seat] &= ~c.bit
        self.has_played.add(seat)
        self.trick.append(c)
        self.trick_seats.append(seat)
        if c is self.called:
            self.partner_revealed = True
        if len(self.trick) < self.players:
            return
        last = len(self.tricks) == self.rules.tricks - 1
        excuse_wins = False
        if last and EXCUSE in self.trick:
            excuse_wins = excuse_wins_last(self.trick_seats[self.trick.index(EXCUSE)], self.tricks, self.camp)
        w = winner_index(self.trick, excuse_wins)
        winner = self.trick_seats[w]
        self.tricks.append(Trick(self.leader, tuple(self.trick), tuple(self.trick_seats), winner))
        self.trick, self.trick_seats = [], []
        self.leader = winner
        if len(self.tricks) == self.rules.tricks:
            self.phase = Phase.DONE

    # ------------------------------------------------------------ result

    def attack_pile(self) -> tuple[list[Card], float, list[str]]:
        """The attack's cards and points (Excuse exchange included), with notes on the Excuse."""
        return count_attack(self.tricks, self.camp, self.contract, self.ecart, self.dog)

    def result(self) -> DealResult:
        """Count the piles and score the deal (the deal must be done)."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(Text(N_("The deal is not finished yet.")), "not_done")
        pile, points, notes = self.attack_pile()
        oudlers = sum(1 for c in pile if c.is_oudler)
        pab, why = petit_au_bout(self.tricks, self.camp)
        if pab and "chelem" in why:
            notes.append(why)
        attack_tricks = sum(1 for t in self.tricks if self.camp(t.winner) == "attack")
        chelem = chelem_result(self.chelem_announced, attack_tricks, len(self.tricks))
        levels = tuple(level for _, _, level in self.poignees)
        alone = self.players == 5 and self.partner is None
        counted, why = settle_half_point(self.players, points, oudlers)
        if why:
            notes.append(why)
        score = score_deal(players=self.players, contract=self.contract, taker_points=counted, oudlers=oudlers,
                           petit_au_bout=pab, poignees=levels, chelem=chelem, alone=alone)
        seats = score.by_seat(self.taker, self.partner)
        if self.miseres:  # house rule: each declarer receives 10 from every other player
            extra = misere_scores(self.players, [s for s, _ in self.miseres], enabled=True)
            seats = [a + b for a, b in zip(seats, extra)]
            notes.append(Text(N_("House rule (not FFT): misère {which}, 10 from each other player."),
                              which=joined(Text(_MISERE_BY[k], seat=seat_label(s)) for s, k in self.miseres)))
        return DealResult(points, oudlers, pab, chelem, levels, attack_tricks, score, seats, notes,
                          tuple(self.miseres))


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action for whoever is to act (for tests and simple bots)."""
    seat = deal.to_act
    if deal.phase is Phase.BIDDING:
        options = [None] + deal.auction.open_bids()
        return Bid(seat, rng.choice(options))
    if deal.phase is Phase.CALLING:
        return CallKing(seat, rng.choice(callable_cards(deal.hand(seat))))
    if deal.phase is Phase.ECART:
        from .ecart import discardable
        hand = deal.hand(seat)
        pool = discardable(hand)
        n = deal.rules.dog_size
        if len(pool) >= n:
            return Discard(seat, tuple(rng.sample(pool, n)))
        trumps = [c for c in hand if c.is_trump and not c.is_oudler]
        return Discard(seat, tuple(pool) + tuple(rng.sample(trumps, n - len(pool))))
    cards = deal.legal_cards(seat)
    return PlayCard(seat, rng.choice(cards))
