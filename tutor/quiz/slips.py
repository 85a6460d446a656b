"""Known slips in scoring: ONE table of the wrong computations learners make, read by the lessons'
scoring checks, the score form and the "Check a deal" page.

Each row is one slip in one field of the score form (target, points counted, result, contract, petit au
bout, poignée, chelem, per defender, taker, partner, defender): the id the form records, the number the
slip gives on a deal, and the wrong and the right computation, so feedback says *which* slip gives the
learner's number ("33 is 25 + 2 × 4 instead of (25 + 4) × 2 = 58"). A slip in one step of the sum (the
contract, a bonus) also gives a wrong total per defender, and is named there too. The rows come from
RULES.md's common mistakes (the multiplier on the margin only, the poignée to the wrong side or doubled)
and from the steps of the score form.

>>> from tutor.engine import score_deal
>>> s = score_deal(players=4, contract="garde", taker_points=45, oudlers=2)
>>> diagnose("per_defender", s, 33)
'33 is 25 + 2 × 4 instead of (25 + 4) × 2 = 58'
>>> diagnose("per_defender", s, 58) is None, diagnose("per_defender", s, 12345) is None
(True, True)
>>> diagnose("taker", s, 58)
"58 is what each defender pays instead of the taker's share of the 3 defenders' payments: 3 × 58 = 174"

A lesson asks the contract and the total per defender as an amount; the score form signs every step,
so there a wrong sign is a slip of its own:

>>> diagnose("per_defender", s, -58) is None, find("per_defender", s, -58, amount=False).id
(True, 'sign_slip')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import CHELEM_BONUS, DealScore, target_points
from ..engine.words import N_, NP_, Text, plural
from ..i18n import _
from ..i18n.words import say
from .question import fmt, signed

_SIDE = {"attack": N_("the attack"), "defence": N_("the defence")}

# The form signs every field but these two (+ when the taker's side gains, − when it loses).
UNSIGNED = frozenset({"target", "counted"})
# The steps of the sum each defender pays.
PARTS = ("contract", "petit_au_bout", "poignee", "chelem")
# A lesson asks these as an amount ("what does each defender pay?", "won or lost by how much?"): the
# result says who pays.
AMOUNT_ONLY = frozenset({"result", "contract", "per_defender"})
# A lesson's ``ask`` (``verify: {score_deal: {ask: …}}``) that names a field of the form otherwise.
ASKED_AS = {"margin": "result", "counted_points": "counted"}


def _sign(s: DealScore) -> int:
    return 1 if s.won else -1


def _defenders_pay(s: DealScore) -> bool:
    """Whether each defender pays (a won contract) or receives: the total, not the contract alone, says it
    (a garde won but an announced chelem failed costs the taker)."""
    return s.per_defender >= 0


def _bonus(s: DealScore, prefix: str) -> int:
    """The attack-side value of a bonus step (petit_au_bout, poignee, chelem); 0 when absent."""
    return int(sum(st.value for st in s.steps if st.key == prefix or st.key.startswith(prefix + "_")))


def right_values(s: DealScore) -> dict:
    """The right value of every field of the score form that applies to this deal.

    >>> from tutor.engine import score_deal
    >>> right_values(score_deal(players=4, contract="garde", taker_points=34, oudlers=2, petit_au_bout="defence"))
    {'target': 41, 'counted': 34, 'result': -7, 'contract': -64, 'petit_au_bout': -20, 'per_defender': -84, \
'taker': -252, 'defender': 84}
    """
    out = {"target": s.target, "counted": s.counted_points, "result": s.margin * _sign(s),
           "contract": (25 + s.margin) * s.contract.multiplier * _sign(s)}
    out.update({key: _bonus(s, key) for key in PARTS[1:] if any(st.key.startswith(key) for st in s.steps)})
    out.update(per_defender=s.per_defender, taker=s.taker)
    if s.partner is not None:
        out["partner"] = s.partner
    out["defender"] = s.defender
    return out


def _other_rounding(s: DealScore) -> float:
    """The points counted with the half point given to the losing side."""
    return math.floor(s.taker_points) if s.won else math.ceil(s.taker_points)


def _words(s: DealScore, field: str) -> dict:
    k, m, right = s.contract.multiplier, s.margin, right_values(s)
    want = right.get(field, 0)
    gains = want > 0
    pab_side = "attack" if _bonus(s, "petit_au_bout") > 0 else "defence"
    return {"the_winner": Text(_SIDE["attack" if s.won else "defence"]),
            "the_loser": Text(_SIDE["defence" if s.won else "attack"]), "the_pab_side": Text(_SIDE[pab_side]),
            "o_oudlers": plural(s.oudlers, "oudler"),
            "k": k, "m": m, "right": (25 + m) * k, "per": abs(s.per_defender), "pab": abs(_bonus(s, "petit_au_bout")),
            "p": abs(_bonus(s, "poignee")), "ch": signed(_bonus(s, "chelem")), "d": s.defenders,
            "taker": abs(s.taker), "partner": abs(s.partner or 0), "target": s.target, "o": s.oudlers,
            "os": "" if s.oudlers == 1 else "s", "name": s.contract.value.replace("_", " "),
            "won": NP_("side", "won") if s.won else NP_("side", "lost"), "winner": "attack" if s.won else "defence",
            "loser": "defence" if s.won else "attack", "pab_side": "attack" if _bonus(s, "petit_au_bout") > 0
            else "defence", "tm": abs(s.taker) // max(1, abs(s.per_defender)), "want": signed(want),
            "pts": fmt(s.taker_points), "counted": fmt(s.counted_points), "other": fmt(_other_rounding(s)),
            "plus": Text(N_("positive")) if s.taker > 0 else Text(N_("negative")), "each": fmt(s.per_defender),
            "own": fmt(s.taker),
            "own_partner": fmt(s.partner or 0), "lose": Text(N_("lose")) if _defenders_pay(s) else Text(N_("win")),
            "what": Text((N_("each defender pays it") if gains else N_("each defender receives it"))
                         if field == "per_defender" else N_("the taker's side gains it") if gains
                         else N_("the taker's side loses it"))}


@dataclass(frozen=True)
class Slip:
    field: str  # the field of the score form (the thing a lesson asks): target, counted, result, contract, ...
    id: str  # the id the form records; one slip on several numbers (× 4 or × 2 for × 3) has several rows
    wrong: str  # the wrong computation, filled in from _words
    right: str  # the right one
    value: Callable[[DealScore], float | None]  # the number the slip gives, signed as the form signs it
    source: str  # "RULES.md" (a common mistake) or "score form" (one of its steps)
    in_total: bool = True  # a slip in a step of the sum also gives a wrong total per defender
    extra: dict = field(default_factory=dict)  # the row's own values for ``wrong`` and ``right``

    @property
    def signed(self) -> bool:
        """Whether the field carries a sign, so the opposite of the right number is a slip."""
        return self.field not in UNSIGNED

    def says(self, s: DealScore, given: float, field: str | None = None) -> str:
        """The one sentence naming this slip, in the words of ``field`` (its own, or per_defender)."""
        w = {k: say(v) if isinstance(v, Text) else fmt(v) if isinstance(v, float) else v
             for k, v in {**_words(s, field or self.field), **self.extra}.items()}
        return _("{given} is {wrong} instead of {right}").format(given=fmt(given), wrong=_(self.wrong).format(**w),
                                                                 right=_(self.right).format(**w))


def _if(cond: Callable[[DealScore], bool], fn: Callable[[DealScore], float]) -> Callable[[DealScore], float | None]:
    return lambda s: fn(s) if cond(s) else None


_multiplied = lambda s: s.contract.multiplier > 1  # noqa: E731 - short predicates read best inline
_has_pab = lambda s: bool(_bonus(s, "petit_au_bout"))  # noqa: E731
_has_poignee = lambda s: bool(_bonus(s, "poignee"))  # noqa: E731
_pab_to_winner = lambda s: _has_pab(s) and (_bonus(s, "petit_au_bout") > 0) == s.won  # noqa: E731
_five_partner = lambda s: s.players == 5 and not s.alone  # noqa: E731


def _target_slip(n: int) -> Slip:
    return Slip("target", "target_oudlers", "the target with {n_oudlers}", "the target with {o_oudlers}: "
                "{target}", lambda s: target_points(n) if n != s.oudlers else None, "score form",
                extra={"n_oudlers": plural(n, "oudler")})


def _result_target_slip(n: int) -> Slip:
    return Slip("result", "target_oudlers", "{counted} − {t}, from the target with {n_oudlers}",
                "{want}, from the target with {o_oudlers}: {target}",
                lambda s: s.counted_points - target_points(n) if n != s.oudlers else None, "score form",
                extra={"n_oudlers": plural(n, "oudler"), "t": target_points(n)})


def _wrong_multiplier(j: int) -> Slip:
    return Slip("contract", "wrong_multiplier", "(25 + {m}) × {j}, the multiplier of another contract",
                "(25 + {m}) × {k} = {right}: a {name} multiplies by {k}, not {j}",
                lambda s: (25 + s.margin) * j * _sign(s) if j not in (s.contract.multiplier, 1) else None, "score form",
                extra={"j": j})


def _share(field_: str, mid: str, times: float, why: str, cond: Callable[[DealScore], bool],
           why_lost: str | None = None) -> tuple[Slip, ...]:
    """A share counted × ``times`` of the total per defender instead of the right multiple; ``why_lost``
    says it for a lost contract, where the taker pays instead of being paid."""
    right = "{each} × {tm} = {own}: {why}" if field_ == "taker" else "{each} × 1 = {own_partner}: {why}"
    won = (lambda s: cond(s) and _defenders_pay(s)) if why_lost else cond
    rows = [Slip(field_, mid, "{each} × {times}", right, _if(won, lambda s: s.per_defender * times), "score form",
                 extra={"times": float(times), "why": Text(why)})]
    if why_lost:
        lost = lambda s: cond(s) and not _defenders_pay(s)  # noqa: E731
        rows.append(Slip(field_, mid, "{each} × {times}", right, _if(lost, lambda s: s.per_defender * times),
                         "score form", extra={"times": float(times), "why": Text(why_lost)}))
    return tuple(rows)


def _sign_slip(field: str) -> Slip:
    return Slip(field, "sign_slip", "the right amount with the wrong sign", "{want}: every step is signed from the "
                "taker's side, + when it gains and − when it loses: {what}",
                lambda s: -right_values(s).get(field, 0) or None, "score form", in_total=False)


PER = "(25 + {m}) × {k} = {right}"
SLIPS: tuple[Slip, ...] = (
    # -- the target, from the attack's oudlers (score form step 1)
    *(_target_slip(n) for n in range(4)),
    # -- the points counted: the half point of 3 and 5 players
    Slip("counted", "half_point", "{pts} with the half point given to {the_loser}",
         "{counted}: the half point goes to the side that wins ({the_winner})",
         lambda s: _other_rounding(s) if _other_rounding(s) != s.counted_points else None, "score form"),
    # -- the result, won (+) or lost (−) by
    Slip("result", "result_sign", "the margin with the wrong sign", "{want}: the attack {won}",
         lambda s: -s.margin * _sign(s) or None, "score form"),
    Slip("result", "half_point", "{pts} − {target}, with the half point left in",
         "{want}: the half point goes to the side that wins, so the result is a whole number",
         lambda s: s.taker_points - s.target, "score form"),
    Slip("result", "half_point", "{other} − {target}, with the half point given to {the_loser}",
         "{want}: the half point goes to the side that wins, so {pts} counts as {counted}",
         lambda s: _other_rounding(s) - s.target if _other_rounding(s) != s.counted_points else None, "score form"),
    *(_result_target_slip(n) for n in range(4)),
    # -- the contract's value, (25 + margin) × multiplier, signed (score form step 3)
    Slip("contract", "multiplied_margin_only", "25 + {k} × {m}", PER,
         _if(lambda s: _multiplied(s) and s.margin > 0, lambda s: (25 + s.margin * s.contract.multiplier) * _sign(s)),
         "RULES.md"),
    Slip("contract", "forgot_25", "{m} × {k}, without the 25", PER,
         lambda s: s.margin * s.contract.multiplier * _sign(s), "score form"),
    Slip("contract", "forgot_multiplier", "25 + {m}, without the × {k} of a {name}", PER,
         _if(_multiplied, lambda s: (25 + s.margin) * _sign(s)), "score form"),
    *(_wrong_multiplier(j) for j in (2, 4, 6)),
    # -- the petit au bout: 10 × the multiplier, to the side that took the Petit in the last trick
    Slip("petit_au_bout", "petit_au_bout_not_multiplied", "the petit au bout counted as 10",
         "10 × {k} = {pab} for the petit au bout", _if(lambda s: _has_pab(s) and _multiplied(s),
                                                       lambda s: 10 if _bonus(s, "petit_au_bout") > 0 else -10),
         "score form"),
    Slip("petit_au_bout", "petit_au_bout_to_winner", "the petit au bout given to the side that won the deal",
         "{pab} to {the_pab_side}: the petit au bout goes to the side that won the last trick with the Petit, "
         "whatever the result of the deal",
         _if(lambda s: _has_pab(s) and not _pab_to_winner(s), lambda s: -_bonus(s, "petit_au_bout")), "score form"),
    Slip("petit_au_bout", "petit_au_bout_side", "the petit au bout given to the other side",
         "{pab} to the side that took the Petit in the last trick ({the_pab_side})",
         _if(_pab_to_winner, lambda s: -_bonus(s, "petit_au_bout")), "score form"),
    # -- the poignée: 20, 30 or 40 to the side that won the deal, never multiplied
    Slip("poignee", "poignee_wrong_side", "the poignée given to the side that showed it",
         "{p} to {the_winner}: the poignée goes to the side that won the deal, whichever side showed it",
         _if(_has_poignee, lambda s: -_bonus(s, "poignee")), "RULES.md"),
    Slip("poignee", "poignee_multiplied", "the poignée multiplied by {k}", "{p}: the poignée is never multiplied",
         _if(lambda s: _has_poignee(s) and _multiplied(s), lambda s: _bonus(s, "poignee") * s.contract.multiplier),
         "score form"),
    Slip("poignee", "poignee_doubled", "the poignée counted double as if announced",
         "{p}: a poignée is worth 20, 30 or 40, shown once", _if(_has_poignee, lambda s: 2 * _bonus(s, "poignee")),
         "RULES.md"),
    # -- the chelem: 400 announced and made, 200 made unannounced, 200 to each defender otherwise
    Slip("chelem", "chelem_value", "200 for the chelem, the bonus of one made without announcing it,",
         "{ch}: an announced chelem that is made is worth 400", _if(lambda s: s.chelem == "announced_made",
                                                                    lambda s: 200), "score form"),
    Slip("chelem", "chelem_value", "400 for the chelem, the bonus of an announced one,",
         "{ch}: a chelem made without announcing it is worth 200", _if(lambda s: s.chelem == "made",
                                                                       lambda s: 400), "score form"),
    Slip("chelem", "chelem_failed", "the 200 given to the attack",
         "{ch}: an announced chelem that fails costs the attack 200", _if(lambda s: s.chelem == "announced_failed",
                                                                          lambda s: 200), "score form"),
    Slip("chelem", "chelem_side", "the 200 given to the attack",
         "{ch}: the defence took every trick, so the 200 go to each defender",
         _if(lambda s: s.chelem == "defence", lambda s: 200), "score form"),
    Slip("chelem", "chelem_multiplied", "the chelem bonus multiplied by {k}", "{ch}: the chelem bonus is never "
         "multiplied", _if(lambda s: s.chelem is not None and _multiplied(s),
                           lambda s: CHELEM_BONUS[s.chelem] * s.contract.multiplier), "score form"),
    # -- a step with the right amount and the wrong sign (the total per defender is checked for it first)
    # (a bonus given with the wrong sign is given to the wrong side: its own row above names it)
    *(_sign_slip(k) for k in ("per_defender", "contract", "chelem")),
    # -- the taker's share (score form's last step)
    # (each defender pays the taker when the total per defender is +, and receives from the taker when it is −)
    Slip("taker", "taker_per_defender", "what each defender pays",
         "the taker's share of the {d} defenders' payments: {tm} × {per} = {taker}",
         _if(_defenders_pay, lambda s: s.per_defender), "score form"),
    Slip("taker", "taker_per_defender", "what each defender receives",
         "the taker's loss, paid to the {d} defenders: {tm} × {per} = {taker}",
         _if(lambda s: not _defenders_pay(s), lambda s: s.per_defender), "score form"),
    *_share("taker", "taker_share", 4, "with 4 players the taker is paid by 3 defenders, so × 3, not × 4",
            lambda s: s.players == 4, "with 4 players the taker pays 3 defenders, so × 3, not × 4"),
    *_share("taker", "taker_share", 2, "with 4 players the taker is paid by 3 defenders, so × 3, not × 2",
            lambda s: s.players == 4, "with 4 players the taker pays 3 defenders, so × 3, not × 2"),
    *_share("taker", "taker_share", 3, "with 3 players the taker is paid by 2 defenders, so × 2, not × 3",
            lambda s: s.players == 3, "with 3 players the taker pays 2 defenders, so × 2, not × 3"),
    *(row for n in (2, 3, 5) for row in _share(
        "taker", "alone_share", n, "a taker playing alone is paid by the 4 defenders, so × 4", lambda s: s.alone,
        "a taker playing alone pays the 4 defenders, so × 4")),
    *_share("taker", "five_split", 3, "with 5 players the taker takes × 2 and the partner × 1, not × 3 as with 4",
            _five_partner),
    *_share("taker", "five_split", 4, "alone is × 4, but here the taker has a partner: × 2", _five_partner),
    *_share("taker", "house_split", 1.5, "the 1.5 / 1.5 split is a house rule; the FFT gives the taker × 2 and the "
            "partner × 1", _five_partner),
    Slip("taker", "score_sign", "the right amount with the wrong sign",
         "{want}: the taker {won}, so their score is {plus}", lambda s: -s.taker or None, "score form"),
    # -- the partner's share (5 players)
    *_share("partner", "five_split", 2, "the partner takes × 1, the taker × 2", _five_partner),
    *_share("partner", "house_split", 1.5, "the 1.5 / 1.5 split is a house rule; the FFT gives the partner × 1",
            _five_partner),
    Slip("partner", "score_sign", "the right amount with the wrong sign",
         "{want}: the partner wins or loses with the taker", lambda s: -(s.partner or 0) or None, "score form"),
    # -- each defender's score
    Slip("defender", "score_sign", "the right amount with the wrong sign",
         "{want}: each defender scores the opposite of what they pay, so the defenders {lose} {per}",
         _if(_defenders_pay, lambda s: -s.defender or None), "score form"),
    Slip("defender", "score_sign", "the right amount with the wrong sign",
         "{want}: each defender receives {per} and scores it",
         _if(lambda s: not _defenders_pay(s), lambda s: -s.defender or None),
         "score form"),
    Slip("defender", "defender_taker_share", "the taker's share", "each defender's own {want}",
         lambda s: -s.taker if s.defenders > 1 else None, "score form"),
)


def slips_for(field: str) -> tuple[Slip, ...]:
    return tuple(x for x in SLIPS if x.field == field)


def _candidates(field: str, s: DealScore):
    """(slip, the number it gives in ``field``): the field's own rows, then, for the total per defender,
    each step's slip carried into the sum."""
    for slip in slips_for(field):
        yield slip, slip.value(s)
    if field == "per_defender":
        right = right_values(s)
        for slip in SLIPS:
            if slip.field in PARTS and slip.in_total:
                v = slip.value(s)
                yield slip, None if v is None else s.per_defender - right.get(slip.field, 0) + v


def find(field: str, s: DealScore, given: float, *, amount: bool | None = None) -> Slip | None:
    """The first slip in the table that gives ``given`` in ``field`` for this deal (None: right, or no known
    slip). With ``amount`` only the size counts, not the sign (the default for what AMOUNT_ONLY lists)."""
    right = right_values(s).get(field)
    amount = field in AMOUNT_ONLY if amount is None else amount
    size = abs if amount else (lambda x: x)
    if right is None or size(given) == size(right):
        return None
    for slip, v in _candidates(field, s):
        if v is not None and size(v) != size(right) and size(given) == size(v):
            return slip
    return None


def diagnose(field: str, s: DealScore, given: float, *, amount: bool | None = None) -> str | None:
    """The sentence naming the slip that gives ``given``, or None (a right answer or an unknown slip).

    >>> from tutor.engine import score_deal
    >>> diagnose("counted_points", score_deal(players=3, contract="petite", taker_points=40.5, oudlers=2), 41)
    '41 is 40.5 with the half point given to the attack instead of 40: the half point goes to the side that \
wins (the defence)'
    """
    field = ASKED_AS.get(field, field)
    slip = find(field, s, given, amount=amount)
    return slip.says(s, given, field) if slip else None
