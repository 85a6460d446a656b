"""A practice table: one Deal, the learner's seat, and bots for every other seat.

The table hands each bot ``deal.view(seat)`` and nothing else, and moves bots only when it is
their turn, so the page can call ``advance()`` after each learner action.

>>> t = Table.new(4, seed=11)
>>> t.deal.seed, t.learner
(11, 0)
>>> _ = t.advance(); t.finished or t.learner_to_act
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, Deal, DeclareChelem, IllegalAction, Phase, PlayCard, SeatView, ShowPoignee, TarotError
from ..engine.words import N_, Text
from ..strategy.advisor.advise import card_advice
from ..strategy.bidding.advice import BidAdvice, advise_bid
from ..strategy.bidding.poignee import advise_poignee
from ..strategy.bots import POLICIES
from ..strategy.bots.policy import Move, decide
from ..strategy.review.deal import rewind

# Seat names around the table, the learner first; play goes counter-clockwise (seat order). "You" is a message
# id (« Vous »): the page translates it; the bots' names stay as they are in every language.
NAMES = {3: (N_("You"), "Anna", "Bruno"), 4: (N_("You"), "Anna", "Bruno", "Chloé"),
         5: (N_("You"), "Anna", "Bruno", "Chloé", "David")}
OVER = (Phase.DONE, Phase.CANCELLED)

Bot = Callable[[SeatView], Move]

# The table's level: which bots sit with the learner. "beginner": the frozen reference bots (the easy table);
# "club": the bots of ``bots.policy``, the default. The names are the profile's; ``bots.POLICIES`` holds the bots.
LEVELS = {"beginner": "reference", "club": "bots"}
DEFAULT_LEVEL = "club"


def bot_for(level: str = DEFAULT_LEVEL) -> Bot:
    """The bots of a table level (``LEVELS``); a level that is not one of them is a ValueError.

    >>> bot_for("club") is decide, bot_for("beginner") is POLICIES["reference"]
    (True, True)
    """
    if level not in LEVELS:
        raise ValueError(f"unknown table level {level!r}: one of {', '.join(LEVELS)}")
    return POLICIES[LEVELS[level]]


def dealer_for(players: int, seed: int) -> int:
    """The dealer of a practice deal: from the seed, so who speaks first varies from deal to deal."""
    return seed % players


def seat_name(players: int, seat: int) -> str:
    return NAMES[players][seat]


@dataclass
class Table:
    """The deal in play, who the learner is, and how many hints they asked for."""

    deal: Deal
    learner: int = 0
    hints: int = 0
    bot: Bot = decide
    started: bool = False  # the learner, as taker, has had the chance to announce a chelem
    level: str = DEFAULT_LEVEL  # which table (``LEVELS``): whose bots sit with the learner

    @classmethod
    def new(cls, players: int, seed: int, *, learner: int = 0, dealer: int | None = None,
            level: str = DEFAULT_LEVEL) -> Table:
        """``dealer``: given on an evening of deals (it passes on); else drawn from the seed. ``level``: the bots
        the learner plays with (``LEVELS``: "beginner" the reference bots, "club" the new ones)."""
        return cls(Deal.new(players, seed=seed, dealer=dealer_for(players, seed) if dealer is None else dealer),
                   learner, bot=bot_for(level), level=level)

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def finished(self) -> bool:
        return self.deal.phase in OVER

    @property
    def learner_to_act(self) -> bool:
        return not self.finished and self.deal.to_act == self.learner

    @property
    def awaiting_start(self) -> bool:
        """The learner took and no card is played yet: they may announce a chelem before play starts."""
        d = self.deal
        return (d.phase is Phase.PLAYING and d.taker == self.learner and not d.tricks and not d.trick
                and not d.chelem_announced and not self.started)

    def start_play(self, *, chelem: bool = False) -> None:
        """Play begins, after a chelem announcement if the learner wants one (they then lead)."""
        if chelem:
            self.deal.apply(DeclareChelem(self.learner))
        self.started = True
        self.advance()

    def view(self) -> SeatView:
        return self.deal.view(self.learner)

    def bot_move(self) -> Action:
        """Let the bot whose turn it is act once (it sees only its own seat's view)."""
        seat = self.deal.to_act
        move = self.bot(self.deal.view(seat))
        self.deal.apply(move.action)
        return move.action

    def advance(self, limit: int = 500) -> list[Action]:
        """Bots act until it is the learner's turn or the deal is over."""
        done: list[Action] = []
        while not self.finished and not self.learner_to_act and not self.awaiting_start and len(done) < limit:
            done.append(self.bot_move())
        return done

    def act(self, action: Action) -> None:
        """The learner's action: checked by the engine (IllegalAction says why), then the bots answer."""
        if action.seat != self.learner:
            raise IllegalAction(Text(N_("You can only act for your own seat.")), "seat")
        self.deal.apply(action)
        self.advance()

    def replay_from(self, step: int) -> Table:
        """The table set back to just before action number ``step`` of the deal's log (a card the learner
        played, from the deal review): the same cards dealt, every action before it replayed, the
        learner to play. The hints already used stay counted.

        >>> t = Table.new(4, seed=11); _ = t.advance(); before = list(t.deal.log)
        >>> t.replay_from(len(before)).deal.log == before
        True
        """
        if not 0 <= step <= len(self.deal.log):
            raise IllegalAction(Text(N_("There is no such moment in this deal.")), "order")
        deal = rewind(self.deal, step)
        return Table(deal, self.learner, self.hints, self.bot, started=self.started or bool(deal.tricks or deal.trick))

    def hint(self) -> Move:
        """The advice for the learner's seat; counted. A card is the advisor's (``advisor.card_advice``, the
        review's own call on the same position: the best mean, the bots' card when it scores the same),
        a bid the bidding estimator's (its best expected score: ``bid_advice``), and a poignée by playing the
        deal on both ways over sampled deals (``poignee_advice``); when the deal cannot be sampled, and for
        the king call and the écart, the advice is the bots' own move."""
        if not self.learner_to_act:
            raise IllegalAction(Text(N_("It is not your turn.")), "order")
        self.hints += 1
        advice = self.bid_advice()
        if advice is not None:
            return advice.move
        move = decide(self.view())
        if isinstance(move.action, ShowPoignee):  # show it or not: estimated too (``poignee_advice``)
            shown = advise_poignee(self.deal, self.learner, move.action.cards, seed=self.deal.seed or 0)
            if shown is not None:
                return shown.move
        if isinstance(move.action, PlayCard) and len(self.view().legal) > 1:
            return self.card_hint(move)
        return move

    def card_hint(self, bots: Move) -> Move:
        """The advisor's card, with why in words (the bots' reason when it keeps their card)."""
        try:
            advice = card_advice(self.view(), self.deal.seed)
        except ValueError:  # no deal of the unseen cards fits (should not happen): the bots' card
            return bots
        if advice.pick == bots.card:
            return Move(bots.action, Text(N_("{reason} (Checked over {n} deals of the cards you cannot see: no card "
                                             "does better.)"), reason=bots.reason, n=advice.samples), bots.principle)
        gain = advice.option(advice.pick).own_score - advice.option(bots.card).own_score
        return Move(PlayCard(self.learner, advice.pick),
                    Text(N_("Play {card.the_name}: over {n} deals of the cards you cannot see, it scores {gain} more "
                            "for you on average than {plain.the_name}, the plain-sense card."),
                         card=advice.pick, n=advice.samples, gain=f"{gain:+.0f}", plain=bots.card), "count-tricks")

    def bid_advice(self) -> BidAdvice | None:
        """The estimator's verdict on the learner's bid (seeded by the deal), or None outside the learner's
        free choice of a bid or when no sampled deal fits the bids so far."""
        view = self.view()
        if view.phase is not Phase.BIDDING or view.to_act != self.learner or self.learner in view.barred:
            return None
        try:
            return advise_bid(view, seed=self.deal.seed or 0)  # the review's seed too
        except TarotError:
            return None


def bots_play(deal: Deal, bot: Bot = decide, limit: int = 500) -> Deal:
    """Every seat played by ``bot`` to the end of the deal (for tests and the bench)."""
    for _ in range(limit):
        if deal.phase in OVER:
            break
        deal.apply(bot(deal.view(deal.to_act)).action)
    return deal
