"""The numbers of a duplicate class session: topage, the class ranking, the spread and the split decisions.

**Topage in class.** Every learner held the same seat (seat 1, "You"), so a deal's results are the
learners' own scores in that seat, compared with ``tutor.club.duplicate.topage``: the best score gets
100 %, the worst 0 %, the others evenly between by rank, equal scores share their notes, a deal finished
by one learner alone gets 50 %. A learner whose seat took on that deal played it in attack, else in
defence (a deal everyone passed counts as defence), and their **global %** is the FFT's
``global_pct``: 1/4 of the mean attack note + 3/4 of the mean defence note (``WEIGHTS``).

**Where the class split.** The bots answer the same way to the same moves, so two learners are at the
same moment of a deal exactly when the logs before it are the same. Every decision of the learner's seat
(bid, écart, card, poignée, chelem, call) is grouped by the log before it; a moment at which learners
chose differently is a split. ``MAX_CARD_SPLITS`` card moments a deal are judged at most (the earliest,
which the most learners shared), so the dashboard's work stays bounded.

**The verdict on each choice** is the strategy layer's: the bidding estimator's mean score for each bid
(``bid_advice``), the écart's points on its principles against the best écart (``ecart_score``), and each
card's final score from the review (``review.decision_at``: exact by the solver near the end, else
estimated), in the learner's own points.

>>> r = ranking(2, {(1, 0): (120, True), (2, 0): (-40, False), (1, 1): (30, False), (2, 1): (60, True)},
...             {1: "Ann", 2: "Bob"})
>>> [(s.name, pct(s.attack), pct(s.defence), pct(s.global_)) for s in r]
[('Ann', 100.0, 0.0, 25.0), ('Bob', 100.0, 0.0, 25.0)]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..club.duplicate import global_pct, pct, topage
from ..engine import Bid, CallKing, Deal, DeclareChelem, Discard, PlayCard, ShowPoignee
from ..engine.actions import action_text
from ..engine.words import N_, Text, card_word, joined
from ..practice.class_deals import LEARNER, parse_log
from ..practice.table import dealer_for
from ..strategy.advisor.by_play import paired
from ..strategy.bidding.advice import advise_bid, signed_score
from ..strategy.bidding.contracts import option_name
from ..strategy.review.deal import decision_at, learner_factor

MAX_CARD_SPLITS = 4  # card moments judged per deal (each may take a few seconds when estimated)
REVIEW_SAMPLES = 12  # sampled deals per estimated card, as Practice's review


@dataclass(frozen=True)
class Standing:
    """One learner in the class ranking: their notes and percentages (None: never in that role)."""

    player_id: int
    name: str
    deals: int
    attack: Fraction | None
    defence: Fraction | None
    global_: Fraction


def notes(scores: Sequence[int]) -> tuple[Fraction, ...]:
    """Each score's topage among the scores of one deal (same order)."""
    return topage(list(scores))


def note_of(score: int, scores: Sequence[int]) -> Fraction:
    """The note of ``score`` among ``scores`` (which include it)."""
    return notes(scores)[list(scores).index(score)]


def ranking(count: int, results: Mapping[tuple[int, int], tuple[int, bool]], names: Mapping[int, str]
            ) -> list[Standing]:
    """The class ranking by global % (best first; ties by name): ``results`` maps (learner, deal) to
    (score, took) for the finished deals; learners without one are left out."""
    per_deal: dict[int, list[tuple[int, int, bool]]] = {}
    for (pid, number), (score, took) in results.items():
        per_deal.setdefault(number, []).append((pid, score, took))
    attack: dict[int, list[Fraction]] = {}
    defence: dict[int, list[Fraction]] = {}
    for rows in per_deal.values():
        for (pid, _, took), note in zip(rows, notes([s for _, s, _ in rows])):
            (attack if took else defence).setdefault(pid, []).append(note)
    out = []
    for pid in {p for p, _ in results}:
        a, d = attack.get(pid, []), defence.get(pid, [])
        am = sum(a, Fraction(0)) / len(a) if a else None
        dm = sum(d, Fraction(0)) / len(d) if d else None
        out.append(Standing(pid, names.get(pid, "?"), len(a) + len(d), am, dm, global_pct(am, dm)))
    return sorted(out, key=lambda s: (-s.global_, s.name.casefold(), s.player_id))


def spread(scores: Sequence[int]) -> dict:
    """The spread of one deal's results: how many, the lowest, the median, the highest, and each score's count."""
    s = sorted(scores)
    if not s:
        return {"results": 0}
    mid = len(s) // 2
    median = s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
    return {"results": len(s), "lowest": s[0], "median": median, "highest": s[-1], "counts": Counter(s)}


# ---------------------------------------------------------------- the split decisions


# A moment's kind: its choices' kinds, the first in this order (a poignée shown or not, then a card, is "poignée").
KINDS = {Bid: "bid", CallKing: "call", Discard: "écart", DeclareChelem: "chelem", ShowPoignee: "poignée",
         PlayCard: "card"}


def same_code(action) -> str:
    """The action's code with its cards in one order (an écart chosen in another order is the same écart)."""
    if isinstance(action, Discard | ShowPoignee):
        return str(type(action)(action.seat, tuple(sorted(action.cards, key=lambda c: c.index))))
    return str(action)


@dataclass(frozen=True)
class Split:
    """A moment of one deal at which learners at the same point chose differently."""

    step: int  # the decision's place in the deal's log
    kind: str  # "bid", "écart", "card", ...
    before: tuple[str, ...]  # the log before it (the same for everyone counted here)
    choices: tuple[tuple[str, int], ...]  # (action code, learners), most chosen first

    @property
    def learners(self) -> int:
        return sum(n for _, n in self.choices)


def splits(logs: Sequence[str]) -> list[Split]:
    """Every moment at which the learners' logs (``log_text`` each) split, in the order of the deal."""
    moments: dict[tuple[str, ...], Counter] = {}
    kinds: dict[tuple[str, ...], set] = {}
    for text in logs:
        actions = parse_log(text)
        codes = [same_code(a) for a in actions]
        for i, a in enumerate(actions):
            if a.seat != LEARNER:
                continue
            key = tuple(codes[:i])
            moments.setdefault(key, Counter())[codes[i]] += 1
            kinds.setdefault(key, set()).add(type(a))
    order = list(KINDS.values())

    def kind(types: set) -> str:
        return min((KINDS.get(t, "move") for t in types), key=lambda n: order.index(n) if n in order else len(order))
    out = [Split(len(k), kind(kinds[k]), k, tuple(sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))))
           for k, c in moments.items() if len(c) > 1]
    return sorted(out, key=lambda s: (s.step, -s.learners))


def bounded(found: Sequence[Split]) -> list[Split]:
    """The splits the dashboard judges: every bid and écart split, and the first MAX_CARD_SPLITS card ones."""
    cards = [s for s in found if s.kind == "card"][:MAX_CARD_SPLITS]
    return [s for s in found if s.kind != "card" or s in cards]


def choice_words(code: str, players: int) -> str:
    """A choice in words for the teacher ("You bid garde", "You play the king of hearts"): a ``Text`` the page
    says in the teacher's language (a code it cannot read stays as it is)."""
    action = parse_log(code)[0]
    if isinstance(action, Discard):
        return Text(N_("écart: {cards}"), cards=joined(card_word(c, "name") for c in sorted(action.cards,
                                                                                        key=lambda c: c.index)))
    return action_text(action, {LEARNER: "You"}.get) if action.seat == LEARNER else code


def _mark(best: bool, tied: bool) -> Text | str:
    """' (best)', ' (tied with the best)' or nothing, after a verdict."""
    return Text(N_(" (best)")) if best else Text(N_(" (tied with the best)")) if tied else ""


def judge(players: int, seed: int, split: Split) -> dict[str, str]:
    """The strategy layer's verdict on each choice of ``split`` (choice code -> words); a kind it does not
    judge gets none. Seconds of work for a card estimated over sampled deals: cache it."""
    deal = Deal.replay(players, seed, parse_log(" ".join(split.before)), dealer=dealer_for(players, seed))
    codes = [c for c, _ in split.choices]
    if split.kind == "bid":
        advice = advise_bid(deal.view(LEARNER), seed=seed)
        v = advice.verdict
        out = {}
        for code in codes:
            said = parse_log(code)[0].contract
            if said in v.expected:
                out[code] = Text(N_("{bid}: {score} a deal on average{mark}"), bid=Text(option_name(said)),
                                 score=signed_score(v.expected[said]), mark=_mark(said == v.best, said in v.ties))
        return out
    if split.kind == "écart":  # graded by play, as the écart drill: every écart on the same sampled deals
        advice = paired(deal.view(LEARNER), {code: parse_log(code)[0] for code in codes}, seed=seed)
        out = {}
        for code in codes:
            o = advice.option(code)
            out[code] = Text(N_("{score} a deal for you on average over {n} deals{mark}"),
                             score=f"{round(o.own_score):+d}", n=o.samples,
                             mark=_mark(code == advice.best, advice.tied(code)))
        return out
    if split.kind == "card":
        first = parse_log(codes[0])[0]
        played = Deal.replay(players, seed, [*parse_log(" ".join(split.before)), first],
                             dealer=dealer_for(players, seed))
        d = decision_at(played, split.step, samples=REVIEW_SAMPLES, rng=random.Random(f"{seed}:{split.step}"))
        if d is None:
            return {}
        factor = learner_factor(deal, LEARNER)
        how = Text(N_("exact")) if d.exact else Text(N_("estimated over {n} deals"), n=d.samples)
        values = {str(PlayCard(LEARNER, c)): v * factor for c, v in d.options}
        best = max(values.values())
        return {code: Text(N_("{score} to your score ({how}){mark}"), score=signed_score(values[code]), how=how,
                           mark=_mark(True, False) if values[code] == best else
                           Text(N_(", {gap} on the best"), gap=signed_score(values[code] - best)))
                for code in codes if code in values}
    return {}


__all__ = ["MAX_CARD_SPLITS", "Split", "Standing", "bounded", "choice_words", "judge", "note_of", "notes", "pct",
           "ranking", "same_code", "splits", "spread"]
