"""The advisor's rollout: the practice bots' card play, on bitmasks, from a position to the score.

``bots.choose_play`` decides from a ``SeatView``; building a view and a ``Deal`` for every move of a
rollout costs about 0.4 ms, so 50 sampled deals of 16 options each would take seconds. ``Lean`` keeps only
what the bots' card play reads (the hands, the tricks, the voids shown, the trumps seen, who is whose
ally) as bitmasks updated card by card, and ``_choose`` is ``choose_play`` rewritten on them: the same
card in every position (a test replays thousands of positions against ``choose_play``), tens of times
faster. Each seat still decides only from what it could see: its own hand and the table's public facts.

A rollout plays to the last card (the bots also show their poignée at their first card, as they do at the
table) and scores the deal with the engine's own counting (``count_attack``, ``score_deal``), so its score is
the one ``Deal.result`` gives when the bots play on (tested).

>>> from tutor.engine import Deal
>>> from tutor.strategy.bots.policy import decide
>>> d = Deal.new(4, seed=7, dealer=0)
>>> while len(d.tricks) < 2:
...     _ = d.apply(decide(d.view(d.to_act)).action)
>>> lean = Lean.from_deal(d)
>>> taker_score, points, seats = lean.finish()
>>> while d.phase.value != "done":
...     _ = d.apply(decide(d.view(d.to_act)).action)
>>> (taker_score, seats) == (d.result().score.taker, d.result().seat_scores)
True
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Deal, DogFate, Phase, RuleSet, SeatView
from ...engine.cards import CARDS, TRUMP_BASE
from ...engine.piles import chelem_result
from ...engine.play import SUIT_MASKS, TRUMP_MASK, TRUMPS_ABOVE, first_lead_mask, legal_mask
from ...engine.scoring import score_deal, settle_half_point
from ..bots.leads import DRAW_SHARE
from ..bots.policy import cost

EX = 77
PETIT_I = TRUMP_BASE + 1
T21_I = TRUMP_BASE + 21
EX_BIT = 1 << EX
PETIT_BIT = 1 << PETIT_I
T21_BIT = 1 << T21_I
KINGS = sum(1 << (s * 14 + 13) for s in range(4))
KIND = tuple(c.kind for c in CARDS)
RANK = tuple(c.rank for c in CARDS)
POINTS = tuple(c.points for c in CARDS)
COST = tuple(cost(c) for c in CARDS)
DISPLAY = tuple(c.sort_key for c in CARDS)  # the order a view lists cards in (ties of ``max`` go to the first)
# Suit cards of a kind above a rank: what beats the best card of the suit led.
SUIT_ABOVE = tuple(tuple(sum(1 << (k * 14 + r - 1) for r in range(rank + 1, 15)) for rank in range(15))
                   for k in range(4))
ALL_SUITS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
CKEY = tuple(COST[i] * 10_000 + i for i in range(78))  # (cost, index) as one number: ``bots.cheapest``'s order
# The seats still to play after ``seat`` when ``k`` cards are in the trick, as a mask: AFTER[n][seat][k].
AFTER = {n: tuple(tuple(sum(1 << ((seat + j) % n) for j in range(1, n - k)) for k in range(n)) for seat in range(n))
         for n in (3, 4, 5)}


def _bits(mask: int):
    while mask:
        b = mask & -mask
        yield b.bit_length() - 1
        mask ^= b


def _cheapest(mask: int) -> int:
    """``bots.cheapest`` on a mask: the lowest (cost, index)."""
    best, key = -1, 1e12
    while mask:
        b = mask & -mask
        i = b.bit_length() - 1
        mask ^= b
        if CKEY[i] < key:
            best, key = i, CKEY[i]
    return best


class Lean:
    """One deal in play, as bitmasks: enough for the bots' card play and the final score."""

    __slots__ = ("n", "rules", "hands", "tricks", "trick", "seats", "leader", "taker", "partner", "revealed",
                 "called", "contract", "ecart", "dog", "levels", "shown", "shown_seats", "chelem", "played",
                 "voids", "rounds", "led", "top", "best_rank", "win_seat", "allies", "opponents")

    def copy(self) -> Lean:
        c = object.__new__(Lean)
        for name in Lean.__slots__:
            setattr(c, name, getattr(self, name))
        c.hands = list(self.hands)
        c.tricks = list(self.tricks)
        c.trick = list(self.trick)
        c.seats = list(self.seats)
        c.levels = list(self.levels)
        c.shown_seats = set(self.shown_seats)
        c.voids = list(self.voids)
        c.rounds = list(self.rounds)
        return c

    # ------------------------------------------------------------ building

    @classmethod
    def from_deal(cls, d: Deal) -> Lean:
        """The deal ``d`` (in play) as a lean state."""
        if d.phase is not Phase.PLAYING:
            raise ValueError("a lean rollout starts in the play")
        return cls._make(d.players, d.rules, list(d.hands), d.tricks, d.trick, d.trick_seats, d.to_act, d.taker,
                         d.partner, d.partner_revealed, d.called, d.contract, d.ecart, d.dog,
                         [(s, cards) for s, cards, _ in d.poignees], d.chelem_announced)

    @classmethod
    def from_view(cls, view: SeatView, hands, dog, ecart, partner: int | None) -> Lean:
        """The view's position with the unseen cards placed: ``hands`` now (bitmasks), the ``dog`` as dealt, the
        taker's ``ecart`` and the called king's holder ``partner`` (None: the taker is alone)."""
        revealed = view.called is not None and any(c is view.called for c in view.played)
        return cls._make(view.players, RuleSet.for_players(view.players), list(hands), view.tricks, view.trick,
                         view.trick_seats, view.to_act, view.taker, partner, revealed, view.called,
                         view.contract, ecart, dog, list(view.poignees), view.chelem_announced)

    @classmethod
    def _make(cls, n, rules, hands, tricks, trick, trick_seats, to_act, taker, partner, revealed, called,
              contract, ecart, dog, poignees, chelem) -> Lean:
        s = object.__new__(cls)
        s.n, s.rules, s.hands = n, rules, hands
        s.tricks = [(tuple(c.index for c in t.cards), tuple(t.seats), t.winner) for t in tricks]
        s.taker, s.partner, s.revealed = taker, partner, revealed
        s.called = -1 if called is None else called.index
        s.contract, s.ecart, s.dog, s.chelem = contract, tuple(ecart), tuple(dog), chelem
        s.levels = [rules.poignee_level(len(cards)) for _, cards in poignees]
        s.shown_seats = {seat for seat, _ in poignees}
        # The trumps gone where nobody can play them: the écart's (shown). A poignée's trumps are still in a hand.
        s.shown = sum(c.bit for c in ecart if c.is_trump)
        s.voids = [0] * n  # per seat, a mask of kinds (bit k) it showed it lacks (as ``bots.knowledge``)
        s.rounds = [0] * 5  # completed tricks led in each kind
        played = 0
        for t in tricks:
            led = -1
            for c, seat in zip(t.cards, t.seats):
                played |= c.bit
                led = s._void_check(led, c.index, seat)
            if led >= 0:
                s.rounds[led] += 1
        s.played = played
        s.trick, s.seats = [], []
        s.led, s.top, s.best_rank, s.win_seat = -1, 0, 0, -1
        s.leader = (to_act - len(trick)) % n
        s._camps()
        for c, seat in zip(trick, trick_seats):
            s._add(c.index, seat)
        return s

    def _camps(self) -> None:
        """Each seat's allies and opponents as it knows them (``bots.camps`` and ``knowledge``), as seat masks."""
        n, taker = self.n, self.taker
        every = (1 << n) - 1
        self.allies, self.opponents = [0] * n, [0] * n
        for seat in range(n):
            known = self.partner if (self.revealed or seat == self.partner) else None
            attack = (1 << taker) | (0 if known is None else 1 << known)
            others = every & ~(1 << seat)
            if attack >> seat & 1:
                allies = attack & ~(1 << seat)
                opp = others & ~attack if (n < 5 or known is not None) else 0
            elif n < 5 or known is not None:
                allies, opp = others & ~attack, attack
            else:
                allies, opp = 0, 1 << taker
            if n == 5 and known == seat:
                opp = every & ~(1 << seat) & ~(1 << taker)
            self.allies[seat], self.opponents[seat] = allies, opp

    def _void_check(self, led: int, i: int, seat: int) -> int:
        """The voids a card shows (``bots.knowledge``); returns the kind led so far."""
        k = KIND[i]
        if led < 0:
            return k if k != 5 else -1
        if k != led and k != 5:
            self.voids[seat] |= 1 << led
            if k != 4:
                self.voids[seat] |= 1 << 4
        return led

    def _add(self, i: int, seat: int) -> None:
        """Card ``i`` played by ``seat`` into the current trick (no end-of-trick handling)."""
        self.hands[seat] &= ~(1 << i)
        self.played |= 1 << i
        self.led = self._void_check(self.led, i, seat)
        self.trick.append(i)
        self.seats.append(seat)
        if i == self.called and not self.revealed:
            self.revealed = True
            self._camps()
        k = KIND[i]
        if k == 4:
            if RANK[i] > self.top:
                self.top = RANK[i]
                self.win_seat = seat
        elif k == self.led and not self.top and RANK[i] > self.best_rank:
            self.best_rank = RANK[i]
            self.win_seat = seat

    # ------------------------------------------------------------ playing

    def play(self, i: int) -> None:
        """The seat to act plays card ``i`` (legal: the caller's check)."""
        seat = (self.leader + len(self.trick)) % self.n
        self._add(i, seat)
        if len(self.trick) == self.n:
            self._close()

    def _close(self) -> None:
        seats = tuple(self.seats)
        winner = self.win_seat
        if EX in self.trick and len(self.tricks) == self.rules.tricks - 1:
            owner = seats[self.trick.index(EX)]
            side = self._attack(owner)
            if all(self._attack(t[2]) == side for t in self.tricks):
                winner = owner  # a chelem's last trick: the Excuse wins it
        self.tricks.append((tuple(self.trick), seats, winner))
        if self.led >= 0:
            self.rounds[self.led] += 1
        self.leader = winner
        self.trick, self.seats = [], []
        self.led, self.top, self.best_rank, self.win_seat = -1, 0, 0, -1

    def _attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def legal(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.tricks and not self.trick and self.called >= 0:
            return first_lead_mask(hand, CARDS[self.called])
        return legal_mask(hand, self.led, self.top)

    def finish(self, seat: int | None = None) -> tuple[int, float, list[int]]:
        """The bots play every card left; returns (the taker's score, the attack's points, every seat's score)."""
        total, n = self.rules.tricks, self.n
        while not self.tricks:  # the first trick: a bot shows its poignée before its first card
            s = (self.leader + len(self.trick)) % n
            if s not in self.shown_seats and s not in self.seats:
                self._poignee(s)
            self.play(self._choose(s))
        tricks = self.tricks
        while len(tricks) < total:
            self.play(self._choose((self.leader + len(self.trick)) % n))
        return self.score()

    def _poignee(self, seat: int) -> None:
        """A bot shows its biggest poignée before its first card (``bots._play_phase``)."""
        hand = self.hands[seat]
        trumps = (hand & TRUMP_MASK).bit_count()
        excuse = 1 if hand & EX_BIT else 0
        need = None
        for level, count in self.rules.poignee_thresholds.items():
            if trumps >= count or (excuse and trumps + 1 >= count):
                need = (level, count)
        self.shown_seats.add(seat)
        if need is None:
            return
        self.levels.append(need[0])  # its trumps stay in the hand: still out for the other seats

    def score(self) -> tuple[int, float, list[int]]:
        """The finished deal scored as ``Deal.result`` scores it (misères aside): the attack's pile with the
        Excuse rules of ``piles.count_attack`` (a kept Excuse costs its side a half point to the trick's
        winners; in the last trick it changes side, unless a chelem), the petit au bout, the chelem."""
        taker, partner = self.taker, self.partner
        tricks = self.tricks
        last = len(tricks) - 1
        attack_tricks = sum(1 for t in tricks if t[2] == taker or t[2] == partner)
        pile = 0
        half = 0.0  # half points handed over for a kept Excuse
        for k, (cards, seats, winner) in enumerate(tricks):
            won = winner in (taker, partner)
            mask = 0
            for i in cards:
                mask |= 1 << i
            if EX in cards:
                mask &= ~EX_BIT
                owner = seats[cards.index(EX)]
                mine = owner in (taker, partner)
                if winner == owner:
                    goes = mine
                elif k == last and attack_tricks not in (0, len(tricks)):
                    goes = not mine  # the last trick: the Excuse changes side (no chelem)
                else:
                    goes = mine
                    if won != mine:
                        half += -0.5 if mine else 0.5
                if goes:
                    pile |= EX_BIT
            if won:
                pile |= mask
        fate = self.contract.dog
        if fate is DogFate.TAKER_EXCHANGES:
            for c in self.ecart:
                pile |= c.bit
        elif fate is DogFate.TAKER_KEEPS_HIDDEN:
            for c in self.dog:
                pile |= c.bit
        points = half + sum(POINTS[i] for i in _bits(pile))
        oudlers = (pile & (PETIT_BIT | T21_BIT | EX_BIT)).bit_count()
        pab = None
        cards, seats, winner = tricks[-1]
        candidates = [tricks[-1]]
        if EX in cards and winner == seats[cards.index(EX)] and len(tricks) > 1:
            candidates.append(tricks[-2])
        for cards, _, winner in candidates:
            if PETIT_I in cards:
                pab = "attack" if winner in (taker, partner) else "defence"
                break
        chelem = chelem_result(self.chelem, attack_tricks, len(tricks))
        counted, _ = settle_half_point(self.n, points, oudlers)
        sc = _scored(self.n, self.contract, counted, oudlers, pab, tuple(self.levels), chelem,
                     self.n == 5 and partner is None)
        return sc.taker, points, sc.by_seat(taker, partner)

    # ------------------------------------------------------------ the bots' choice (``bots.choose_play``)

    def _choose(self, seat: int) -> int:
        if self.tricks or self.trick or self.called < 0:
            legal = legal_mask(self.hands[seat], self.led, self.top)
        else:
            legal = first_lead_mask(self.hands[seat], CARDS[self.called])
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        hand = self.hands[seat]
        unseen = TRUMP_MASK & ~self.played & ~hand & ~self.shown
        top_unseen = RANK[unseen.bit_length() - 1] if unseen else 0
        if legal & EX_BIT and hand.bit_count() == 2 and not self._chelem_run(seat):
            return EX
        if self.led < 0:
            return self._lead(seat, legal, hand, unseen, top_unseen)
        return self._follow(seat, legal, top_unseen)

    def _unseen_count(self, seat: int) -> int:
        return (TRUMP_MASK & ~self.played & ~self.hands[seat] & ~self.shown).bit_count()

    def _chelem_run(self, seat: int) -> bool:
        ours = self.allies[seat] | (1 << seat)
        return bool(self.tricks) and all(ours >> t[2] & 1 for t in self.tricks)

    def _safe(self, i: int, threats: bool, top_unseen: int) -> bool:
        if not threats:
            return True
        return KIND[i] == 4 and RANK[i] > top_unseen

    def _follow(self, seat: int, legal: int, top_unseen: int) -> int:
        allies = self.allies[seat]
        after = AFTER[self.n][seat][len(self.trick)]
        threats = bool(after & ~allies)
        plain = legal & ~EX_BIT
        winner_seat = self.win_seat
        top_i = self.trick[self.seats.index(winner_seat)]
        if allies >> winner_seat & 1 and self._safe(top_i, threats, top_unseen):
            if plain & PETIT_BIT:
                return PETIT_I
            givers = (plain & ~T21_BIT) or plain
            best = max(_bits(givers), key=lambda c: (POINTS[c], -COST[c], _neg(DISPLAY[c])))
            if POINTS[best] > 0.5:
                return best
            return _cheapest(plain)
        led = self.led
        if led < 4 and not self.top and (seat == self.taker or seat == self.partner) and not self.rounds[led]:
            king = 1 << (led * 14 + 13)  # the attack wins a suit's first round with its king (``bots._follow``)
            if plain & king and not any(self.opponents[seat] >> s & 1 and self.voids[s] >> led & 1
                                        for s in range(self.n)):
                return led * 14 + 13
        if self.top:
            winners = plain & TRUMPS_ABOVE[self.top]
        else:
            winners = (plain & SUIT_ABOVE[self.led][self.best_rank]) | (plain & TRUMP_MASK)
        if winners & PETIT_BIT and not threats and \
                (self.hands[seat] & TRUMP_MASK).bit_count() < self._unseen_count(seat):
            return PETIT_I  # the Petit wins, no opponent plays after, few trumps to bring it home (``bots._follow``)
        if winners:
            w = _cheapest(winners)
            risky_petit = w == PETIT_I and threats and top_unseen > 1
            if not risky_petit and (not after or self._safe(w, threats, top_unseen) or
                                    sum(POINTS[c] for c in self.trick) >= 4):
                return w
        losers = plain & ~winners
        if not losers:
            small = plain & ~PETIT_BIT
            if after and small and sum(POINTS[c] for c in self.trick) < 4:
                return _cheapest(small)  # keep the big trumps for a trick worth it
            safe = plain if not after else sum(1 << c for c in _bits(plain) if self._safe(c, threats, top_unseen))
            low = _cheapest(safe or (plain & ~PETIT_BIT) or plain)
            if low != PETIT_I or not legal & EX_BIT:
                return low
        low = _cheapest(losers or plain)
        if legal & EX_BIT and (low == PETIT_I or COST[low] >= 4.5):
            return EX
        return low

    def _lead(self, seat: int, legal: int, hand: int, unseen: int, top_unseen: int) -> int:
        trumps = legal & TRUMP_MASK
        if unseen & PETIT_BIT and trumps and trumps.bit_count() >= max(3, unseen.bit_count()):
            top = trumps.bit_length() - 1
            if RANK[top] > top_unseen:
                return top
            rest = trumps & ~PETIT_BIT
            return (rest & -rest).bit_length() - 1 if rest else top
        attack = seat == self.taker or (self.partner is not None and seat == self.partner)
        opponents = self.opponents[seat]
        for kind in range(4) if legal & KINGS else ():
            king = 1 << (kind * 14 + 13)
            if not legal & king:
                continue
            rounds = self.rounds[kind]
            cut = any(opponents >> s & 1 and self.voids[s] >> kind & 1 for s in range(self.n))
            if not cut and ((attack and not rounds) or (not attack and rounds == 1)):
                return kind * 14 + 13
        if seat == self.taker and unseen and trumps and RANK[trumps.bit_length() - 1] > top_unseen and \
                trumps.bit_count() > DRAW_SHARE * unseen.bit_count():
            return trumps.bit_length() - 1  # draw trumps with the master (``leads.draw_trumps``)
        if not attack:  # make the taker trump: a low card of a suit the taker has shown a void in (``leads``)
            lacks = self.voids[self.taker]
            if not lacks >> 4 & 1:
                pool = legal & ~KINGS & sum(SUIT_MASKS[k] for k in range(4) if lacks >> k & 1)
                if pool:
                    return _cheapest(pool)
        suits = legal & ALL_SUITS & ~KINGS
        if suits:
            length = [(hand & SUIT_MASKS[k]).bit_count() for k in range(4)]
            longest = max(length[k] for k in range(4) if suits & SUIT_MASKS[k])
            pool = sum(suits & SUIT_MASKS[k] for k in range(4) if length[k] == longest)
            return _cheapest(pool)
        plain = legal & ~EX_BIT
        rest = plain & ~PETIT_BIT
        return _cheapest(rest) if rest else PETIT_I


@lru_cache(maxsize=4096)
def _scored(players, contract, counted, oudlers, pab, levels, chelem, alone):
    return score_deal(players=players, contract=contract, taker_points=counted, oudlers=oudlers,
                      petit_au_bout=pab, poignees=levels, chelem=chelem, alone=alone)


def _neg(key: tuple[int, int]) -> tuple[int, int]:
    return (-key[0], -key[1])


def rollout_deal(d: Deal) -> tuple[int, float, list[int]]:
    """The bots play ``d`` (in play) to the end on a lean copy: (taker score, attack points, seat scores)."""
    return Lean.from_deal(d).finish()


__all__ = ["Lean", "rollout_deal", "KIND", "RANK", "POINTS", "COST", "AFTER"]
