"""The solver's search: exact values of every legal card, by zero-window alpha-beta (MTD(f)).

A value is ``taker score * SCALE + attack half points``. It has hundreds of levels, which makes a
full-window alpha-beta weak; so each card's value is found by a few searches that only ask "is it at
least v?" (MTD(f)), each cutting far more, sharing one transposition table of bounds.

What keeps it fast, and exact:
- the table is keyed at the start of each trick (hands, leader, the sweep); its entries note what the attack
  had won, and the value grows with that, so an entry bounds positions where the attack has won more or less;
- the hands in that key are canonical: each kind's live low cards (half a point, not an oudler) are packed
  down their run in order, since only their order among the live cards counts from there on; positions that
  differ only in which low cards are gone share one entry (its move is kept in the same form);
- each test starts from the bounds so far; the next goes a sixteenth of the gap past the last answer;
- quick bounds there: the attack cannot end below what it holds nor above winning every card still in
  play, and the score is monotone in points, oudlers, petit au bout and chelem (``taker_score``);
- low cards of one kind (half a point, not an oudler) that lie next to each other among the cards still
  in play and sit in one hand are interchangeable, so only one of them is searched;
- the last trick is forced (one card each) and counted at once;
- moves are tried likely-best first: the table's move, then leading a master (the highest card still in
  play of a kind; the most points first), else high, beating an opponent's card with the lowest card that
  does, giving points to a partner's trick, else throwing the fewest points.
"""

from __future__ import annotations

from ...engine.cards import CARDS, EXCUSE_INDEX
from ...engine.errors import TarotError
from ...engine.play import KIND_MASKS, legal_mask
from ...engine.rules import CHELEM_BONUS, CONTRACT_BASE, PETIT_AU_BOUT_BONUS, POIGNEE_BONUS, RuleSet, target_points
from ...engine.scoring import score_deal, settle_half_point
from ...engine.words import N_, Text
from .lowcards import PLAIN_LOW, PLAIN_LOW_MASK, RUN_BASE, RUN_BELOW, canonical, from_canonical
from .position import Position, PositionError
from .tricks import ATTACK_ONLY, DEFENCE_ONLY, KIND, OUDLER, POINTS2, RANK, settle_trick, sweep_of

INF = 10**9
SCALE = 256  # value = taker score * SCALE + attack half points (always below 256)
PETIT_INDEX = 56
PETIT_BIT = 1 << PETIT_INDEX
EXCUSE_BIT = 1 << EXCUSE_INDEX
OUDLER_MASK = sum(1 << i for i in range(78) if OUDLER[i])
SAME_KIND_BELOW = tuple(((1 << i) - 1) & KIND_MASKS[KIND[i]] for i in range(78))
# Move ordering keys (smaller first). Leading: high cards first, then points.
LEAD_KEY = tuple((30 - RANK[i]) * 32 + 20 - POINTS2[i] for i in range(78))
# A partner holds the trick: give points, keep high cards.
GIVE_KEY = tuple((20 - POINTS2[i]) * 32 + RANK[i] for i in range(78))
# An opponent holds it: the lowest card that beats it, else the fewest points.
BEAT_KEY = RANK
THROW_KEY = tuple(1000 + POINTS2[i] * 32 + RANK[i] for i in range(78))


def taker_score(players: int, contract, poignees, alone: bool, points2: int, oudlers: int, pab: int,
                chelem: str | None) -> int:
    """The taker's score as ``score_deal`` counts it (``pab`` +1 attack, -1 defence, 0 none), without its
    checks that the pile can happen: for bounds, where the arguments are extremes. Monotone in every
    argument the attack wants more of; tests compare it with ``score_deal``."""
    rules = RuleSet.for_players(players)
    target = target_points(oudlers)
    points = settle_half_point(players, points2 / 2, oudlers)[0]
    won = points >= target
    counted = int(points) if points == int(points) else (int(points) + 1 if won else int(points))
    sign = 1 if won else -1
    mult = contract.multiplier
    total = sign * (CONTRACT_BASE + abs(counted - target)) * mult + pab * PETIT_AU_BOUT_BONUS * mult
    total += sign * sum(POIGNEE_BONUS[p] for p in poignees)
    if chelem:
        total += CHELEM_BONUS[chelem]
    share = rules.alone_share if players == 5 and alone else rules.taker_share
    return int(total) * share


class Search:
    """Zero-window alpha-beta over the rest of the deal (fail-soft), values as ``SCALE`` says."""

    def __init__(self, p: Position):
        self.p = p
        self.n = n = p.players
        self.att = tuple(p.is_attack(s) for s in range(n))
        self.hands = list(p.masks)
        self.base2 = int(round(p.attack_points * 2))
        self.base_oudlers = p.attack_oudlers
        self.tt: dict = {}
        self.leaf_cache: dict = {}
        self.bound_cache: dict = {}
        self.move_cache: dict = {}
        self.canon: dict = {}
        self.pack_cache: dict = {}
        self.masters: dict = {}
        self.last_cache: dict = {}
        self.settle_cache: dict = {}
        self.nodes = 0
        self.seats = {lead: [(lead + i) % n for i in range(n)] for lead in range(n)}
        left = p.tricks_left
        self.tcs = [[0] * n for _ in range(left + 1)]  # the cards of the trick in progress, by tricks left
        tc = self.tcs[left]
        live = 0
        for h in self.hands:
            live |= h
        led, top, win = -1, 0, -1
        for j, c in enumerate(p.trick):
            i = tc[j] = c.index
            live |= 1 << i
            led, top, win = _next_state(tc, j, i, led, top, win)
        rem = sum(POINTS2[i] for i in range(78) if live >> i & 1)
        self.root = (p.leader, len(p.trick), led, top, win, 0, 0, sweep_of(p.attack_tricks, p.defence_tricks),
                     _petit_previous(p), left, live, rem)

    # ------------------------------------------------------------ root

    def root_values(self) -> dict:
        """Every legal card's exact value (cards that are interchangeable share one search)."""
        p = self.p
        leader, ntrick, led, top, win, pts, oud, sweep, pprev, left, live, rem = self.root
        seat = p.to_play
        legal = legal_mask(self.hands[seat], led, top) if ntrick else self.hands[seat]
        values: dict[int, int] = {}
        guess = None
        for i in self._moves(legal, leader, ntrick, led, top, win, live, self.tcs[left], -1):
            if guess is None:
                guess = self._guess()
            values[i] = guess = self._mtd(i, guess)
        m = legal
        while m:  # a card skipped as interchangeable has the value of the next one down
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            if i not in values:
                values[i] = values[(live & SAME_KIND_BELOW[i]).bit_length() - 1]
        return {CARDS[i]: v for i, v in values.items()}

    def _mtd(self, i: int, guess: int) -> int:
        """Card ``i``'s exact value, by zero-window tests ("is it at least beta?") until the bounds meet (MTD(f)).
        The quick bounds start the bracket; after a test, the next one goes a sixteenth of the gap past the
        answer, not one step: a value far from the guess is found in fewer tests (the climb one point at a
        time took up to 80 tests), while a test near the value, the costly kind, stays near it."""
        leader, ntrick, led, top, win, pts, oud, sweep, pprev, left, live, rem = self.root
        # The quick bounds hold from the second-to-last trick up; in the last one the Petit of the trick before
        # may still be au bout (a chelem's Excuse), and every answer there is exact anyway.
        lo, hi = self._bounds(pts, oud, sweep, live, rem) if left > 1 else (-INF, INF)
        g = min(max(guess, lo), hi)  # bounds that meet already are the answer
        while lo < hi:
            if g <= lo:
                beta = lo + 1 + (hi - lo - 1) // 16
            elif g >= hi:
                beta = hi - (hi - lo - 1) // 16
            else:
                beta = g
            g = self._node(leader, ntrick, led, top, win, pts, oud, sweep, pprev, left, live, rem,
                           beta - 1, beta, 1 << i)
            if g >= beta:
                lo = g
            else:
                hi = g
        return g

    def _guess(self) -> int:
        """A first guess for MTD(f): the quick bounds' middle."""
        leader, ntrick, led, top, win, pts, oud, sweep, pprev, left, live, rem = self.root
        lb, ub = self._bounds(pts, oud, sweep, live, rem)
        return (lb + ub) // 2

    # ------------------------------------------------------------ search

    def _node(self, leader, ntrick, led, top, win, pts, oud, sweep, pprev, left, live, rem, alpha, beta,
              only=0) -> int:
        self.nodes += 1
        entries = None
        tt_move = -1
        hands = self.hands
        if ntrick == 0:
            if left == 1:
                return self._last_trick(leader, pts, oud, sweep, pprev)
            bk = (pts, oud, sweep, rem, live & OUDLER_MASK)
            b = self.bound_cache.get(bk)
            if b is None:
                b = self.bound_cache[bk] = self._bounds_of(*bk)
            if b[1] <= alpha:
                return b[1]
            if b[0] >= beta:
                return b[0]
            if not only:
                hk = (*hands, leader, sweep)
                entries = self.tt.get(hk)
                if entries is None:  # first time here: share the entry of the canonical hands
                    ck = (*canonical(hands, self.pack_cache), leader, sweep)
                    entries = self.canon.get(ck)
                    if entries is None:
                        entries = self.canon[ck] = []
                    self.tt[hk] = entries
                if entries:
                    # The value only grows with what the attack has won: V(pts + d) >= V(pts) + d (the score
                    # grows with points, the points part by d) and more oudlers never lower it. So an entry
                    # for less won bounds this one from below, one for more won from above.
                    lo, hi = -INF, INF
                    for e in entries:
                        ep, eo, elo, ehi, em = e
                        if ep == pts and eo == oud:
                            if elo > lo:
                                lo = elo
                            if ehi < hi:
                                hi = ehi
                            tt_move = em
                        else:
                            if ep <= pts and eo <= oud and elo + pts - ep > lo:
                                lo = elo + pts - ep
                            if ep >= pts and eo >= oud and ehi - ep + pts < hi:
                                hi = ehi - ep + pts
                            if tt_move < 0:
                                tt_move = em
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                    if tt_move >= 0 and PLAIN_LOW[tt_move]:
                        tt_move = from_canonical(tt_move, live)
        a0, b0 = alpha, beta
        tc = self.tcs[left]
        att = self.att
        seats = self.seats[leader]
        seat = seats[ntrick]
        hand = hands[seat]
        legal = only or (legal_mask(hand, led, top) if ntrick else hand)
        maximise = att[seat]
        w = -1 if win < 0 else tc[win]
        # Only the live low cards between the lowest and highest legal card can make two cards interchangeable.
        if w < 0:  # a leader tries its masters first: the highest card still in play of a kind
            mast = self.masters.get(live)
            if mast is None:
                mast = self.masters[live] = _masters(live)
            mast &= legal
        else:
            mast = 0
        mk = (legal, live & PLAIN_LOW_MASK & ((1 << legal.bit_length()) - (legal & -legal)), w,
              w >= 0 and att[seats[win]] == maximise, mast)
        moves = self.move_cache.get(mk)
        if moves is None:
            moves = self.move_cache[mk] = _ordered(*mk)
        if tt_move >= 0 and tt_move != moves[0] and tt_move in moves:
            moves = [tt_move] + [i for i in moves if i != tt_move]
        best = -INF if maximise else INF
        best_move = -1
        last = ntrick + 1 == self.n
        for i in moves:
            hands[seat] = hand ^ (1 << i)
            tc[ntrick] = i
            k = KIND[i]
            nled, ntop, nwin = led, top, win
            if k == 4:
                if RANK[i] > top:
                    ntop, nwin = RANK[i], ntrick
                if led < 0:
                    nled = 4
            elif k != 5:
                if led < 0:
                    nled, nwin = k, ntrick
                elif k == led and top == 0 and RANK[i] > RANK[w]:
                    nwin = ntrick
            if not last:
                v = self._node(leader, ntrick + 1, nled, ntop, nwin, pts, oud, sweep, pprev, left, live, rem,
                               alpha, beta)
            elif left == 1:  # only from a root inside the last trick
                v = self._end(tc, settle_trick(tc, seats, att, True, sweep), pts, oud, pprev)
            else:  # the trick is full: count it, then go on with the next one
                tm = tp = 0
                for c in tc:
                    tm |= 1 << c
                    tp += POINTS2[c]
                if tm & EXCUSE_BIT:
                    sk = (*tc, leader, sweep)
                    out = self.settle_cache.get(sk)
                    if out is None:
                        out = self.settle_cache[sk] = settle_trick(tc, seats, att, False, sweep)
                    winner, nsweep, npts, noud = out.winner, out.sweep, pts + out.points2, oud + out.oudlers
                else:
                    winner = seats[nwin]
                    if att[winner]:
                        npts, noud, nsweep = pts + tp, oud + (tm & OUDLER_MASK).bit_count(), sweep & ATTACK_ONLY
                    else:
                        npts, noud, nsweep = pts, oud, sweep & DEFENCE_ONLY
                nprev = (1 if att[winner] else 2) if tm & PETIT_BIT else 0
                v = self._node(winner, 0, -1, 0, -1, npts, noud, nsweep, nprev, left - 1, live ^ tm, rem - tp,
                               alpha, beta)
            hands[seat] = hand
            if maximise:
                if v > best:
                    best, best_move = v, i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_move = v, i
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if entries is not None:
            for e in entries:
                if e[0] == pts and e[1] == oud:
                    break
            else:
                e = [pts, oud, -INF, INF, -1]
                entries.append(e)
            # Every bound found is true of the position, so keep the tightest of each; a test that failed
            # low says nothing of the best move, so it keeps the one a test that failed high found.
            if best_move >= 0 and PLAIN_LOW[best_move]:
                best_move = RUN_BASE[best_move] + (live & RUN_BELOW[best_move]).bit_count()  # as in the key
            if best <= a0:
                if best < e[3]:
                    e[3] = best
                if e[4] < 0:
                    e[4] = best_move
            elif best >= b0:
                if best > e[2]:
                    e[2] = best
                e[4] = best_move
            else:
                e[2] = e[3] = best
                e[4] = best_move
        return best

    def _last_trick(self, leader, pts, oud, sweep, pprev) -> int:
        """The last trick: every hand holds one card."""
        self.nodes += 1
        hands = self.hands
        tc = tuple(hands[s].bit_length() - 1 for s in self.seats[leader])
        key = (tc, leader, pts, oud, sweep, pprev)
        v = self.last_cache.get(key)
        if v is None:
            out = settle_trick(list(tc), self.seats[leader], self.att, True, sweep)
            v = self.last_cache[key] = self._end(tc, out, pts, oud, pprev)
        return v

    def _end(self, tc, out, pts, oud, pprev) -> int:
        win_att = self.att[out.winner]
        if PETIT_INDEX in tc:
            pab = "attack" if win_att else "defence"
        elif out.excuse_won and pprev:
            pab = "attack" if pprev == 1 else "defence"
        else:
            pab = None
        return self._leaf(pts + out.points2, oud + out.oudlers, pab, out.sweep)

    def _leaf(self, pts, oud, pab, sweep) -> int:
        key = (pts, oud, pab, sweep)
        v = self.leaf_cache.get(key)
        if v is None:
            v = self.leaf_cache[key] = self._score(pts, oud, pab, sweep)
        return v

    def _score(self, pts, oud, pab, sweep) -> int:
        p = self.p
        points2 = self.base2 + pts
        oudlers = self.base_oudlers + oud
        counted = settle_half_point(p.players, points2 / 2, oudlers)[0]
        try:
            score = score_deal(players=p.players, contract=p.contract, taker_points=counted, oudlers=oudlers,
                               petit_au_bout=pab, poignees=p.poignees, chelem=self._chelem(sweep),
                               alone=p.alone)
        except TarotError as err:
            problem = err.args[0] if err.args else str(err)
            raise PositionError(Text(N_("taken does not fit the cards left: {problem}"), problem=problem)) from None
        return score.taker * SCALE + points2

    def _chelem(self, sweep) -> str | None:
        announced = self.p.chelem_announced
        if sweep & ATTACK_ONLY:
            return "announced_made" if announced else "made"
        if announced:
            return "announced_failed"
        return "defence" if sweep & DEFENCE_ONLY else None

    def _bounds(self, pts, oud, sweep, live, rem) -> tuple[int, int]:
        """The lowest and highest value the deal can still end with, at the start of a trick."""
        bk = (pts, oud, sweep, rem, live & OUDLER_MASK)
        b = self.bound_cache.get(bk)
        if b is None:
            b = self.bound_cache[bk] = self._bounds_of(*bk)
        return b

    def _bounds_of(self, pts, oud, sweep, rem, live_oudlers) -> tuple[int, int]:
        """The lowest and highest value the deal can still end with, at the start of a trick: the attack
        keeps what it has won and may win every card still in play (the Excuse's exchange moves less)."""
        petit = 1 if live_oudlers & PETIT_BIT else 0
        p = self.p
        args = (p.players, p.contract, p.poignees, p.alone)
        lo2, hi2 = self.base2 + pts, self.base2 + pts + rem
        lo_oud = self.base_oudlers + oud
        hi_oud = lo_oud + live_oudlers.bit_count()
        lb = taker_score(*args, lo2, lo_oud, -petit, self._chelem(sweep & DEFENCE_ONLY)) * SCALE + lo2
        ub = taker_score(*args, hi2, hi_oud, petit, self._chelem(sweep & ATTACK_ONLY)) * SCALE + hi2
        return lb, ub

    def _moves(self, legal, leader, ntrick, led, top, win, live, tc, tt_move) -> list[int]:
        """The cards to search, one per class of interchangeable cards, likely best first."""
        if win < 0:
            w, give = -1, False
        else:
            w = tc[win]
            give = self.att[self.seats[leader][win]] == self.att[(leader + ntrick) % self.n]
        key = (legal, live, w, give)
        out = self.move_cache.get(key)
        if out is None:
            out = self.move_cache[key] = _ordered(legal, live, w, give)
        if tt_move >= 0 and tt_move != out[0] and tt_move in out:
            out = [tt_move] + [i for i in out if i != tt_move]
        return out

    def principal_line(self, first) -> list:
        """A perfect line of play from the root, starting with ``first``, to the end of the deal."""
        line = []
        pos, card = self.p, first
        while True:
            line.append((pos.to_play, card))
            pos = pos.play(card)
            if pos.cards_left == 0:
                return line
            values = Search(pos).root_values()
            pick = max if pos.is_attack(pos.to_play) else min
            card = pick(sorted(values, key=lambda c: c.sort_key), key=values.__getitem__)


def _ordered(legal, live, w, give, mast=0) -> list[int]:
    """One card per class of interchangeable cards, in the order to try them: leading (``w`` < 0), high
    cards first; when a partner holds the trick with card ``w``, points first; else a card that beats
    ``w`` (the lowest first), then the fewest points."""
    out = []
    m = legal
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        if PLAIN_LOW[i]:
            below = live & SAME_KIND_BELOW[i]
            if below:
                j = below.bit_length() - 1
                if legal >> j & 1 and PLAIN_LOW[j]:
                    continue  # the next card down is the same card for every purpose
        out.append(i)
    if len(out) > 1:
        if w < 0:
            out.sort(key=lambda i: GIVE_KEY[i] - 10000 if mast >> i & 1 else LEAD_KEY[i])
        elif give:
            out.sort(key=GIVE_KEY.__getitem__)
        else:
            wk, wr = KIND[w], RANK[w]
            out.sort(key=lambda i: BEAT_KEY[i] if (KIND[i] == wk and RANK[i] > wr) or (KIND[i] == 4 and wk != 4)
                     else THROW_KEY[i])
    return out


def _masters(live: int) -> int:
    """The highest card still in play of each suit and of the trumps."""
    mast = 0
    for km in KIND_MASKS[:5]:
        x = live & km
        if x:
            mast |= 1 << (x.bit_length() - 1)
    return mast


def _next_state(tc, j, i, led, top, win):
    """(led kind, top trump, winning place) after card ``i`` is played as the ``j``-th of the trick."""
    k = KIND[i]
    if k == 4:
        if RANK[i] > top:
            top, win = RANK[i], j
        if led < 0:
            led = 4
    elif k != 5:
        if led < 0:
            led, win = k, j
        elif k == led and top == 0 and RANK[i] > RANK[tc[win]]:
            win = j
    return led, top, win


def _petit_previous(p: Position) -> int:
    """The camp (1 attack, 2 defence) that won the Petit in the previous trick, as far as it can matter:
    the Excuse wins the last trick only for a camp that won every trick, that one included."""
    if not p.petit_in_previous_trick:
        return 0
    return 1 if p.defence_tricks == 0 else 2 if p.attack_tricks == 0 else 0
