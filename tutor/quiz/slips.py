"""Known slips in scoring: one table, per thing asked, of the wrong computations learners make.

Each row names a wrong computation and the right one, so feedback can say *which* slip gives the
learner's number ("33 is 25 + 2 × 4 instead of (25 + 4) × 2"). The rows come from RULES.md's common
mistakes (the multiplier on the margin only, the poignée to the wrong side or doubled) and from the
steps of the score form (the target's oudlers, the 25, the multiplier, the petit au bout × the
multiplier, each side's share, the sign).

>>> from tutor.engine import score_deal
>>> s = score_deal(players=4, contract="garde", taker_points=45, oudlers=2)
>>> diagnose("per_defender", s, 33)
'33 is 25 + 2 × 4 instead of (25 + 4) × 2 = 58'
>>> diagnose("per_defender", s, 58) is None, diagnose("per_defender", s, 12345) is None
(True, True)
>>> diagnose("taker", s, 58)
"58 is what each defender pays instead of the taker's share of the 3 defenders' payments: 3 × 58 = 174"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import DealScore, target_points


def _sign(s: DealScore) -> int:
    return 1 if s.won else -1


def _bonus(s: DealScore, prefix: str) -> int:
    """The attack-side value of a bonus step (petit_au_bout, poignee, chelem); 0 when absent."""
    return int(sum(st.value for st in s.steps if st.key == prefix or st.key.startswith(prefix + "_")))


def _per(s: DealScore, *, contract=None, pab=None, poignee=None, chelem=None) -> int:
    """What each defender pays, with one part of the sum replaced by a wrong value (attack's side)."""
    base = (25 + s.margin) * s.contract.multiplier * _sign(s)
    parts = (base if contract is None else contract, _bonus(s, "petit_au_bout") if pab is None else pab,
             _bonus(s, "poignee") if poignee is None else poignee, _bonus(s, "chelem") if chelem is None else chelem)
    return int(sum(parts))


def _words(s: DealScore) -> dict:
    k, m = s.contract.multiplier, s.margin
    return {"k": k, "m": m, "right": (25 + m) * k, "per": abs(s.per_defender), "pab": abs(_bonus(s, "petit_au_bout")),
            "p": abs(_bonus(s, "poignee")), "d": s.defenders, "taker": abs(s.taker), "target": s.target,
            "o": s.oudlers, "name": s.contract.value.replace("_", " "), "won": "won" if s.won else "lost",
            "tm": abs(s.taker) // max(1, abs(s.per_defender))}


@dataclass(frozen=True)
class Slip:
    asked: str  # what the question asks: target, contract, per_defender, taker, partner, defender
    id: str
    wrong: str  # the wrong computation, filled in from _words
    right: str  # the right one
    value: Callable[[DealScore], float | None]  # the number the slip gives (None: does not apply here)
    source: str  # "RULES.md" (a common mistake) or "score form" (one of its steps)

    def says(self, s: DealScore, given: float) -> str:
        w = _words(s)
        return f"{given:g} is {self.wrong.format(**w)} instead of {self.right.format(**w)}"


def _if(cond: Callable[[DealScore], bool], fn: Callable[[DealScore], float]) -> Callable[[DealScore], float | None]:
    return lambda s: fn(s) if cond(s) else None


_multiplied = lambda s: s.contract.multiplier > 1  # noqa: E731 - short predicates read best inline
_has_pab = lambda s: bool(_bonus(s, "petit_au_bout"))  # noqa: E731
_has_poignee = lambda s: bool(_bonus(s, "poignee"))  # noqa: E731

def _target_slip(n: int) -> Slip:
    return Slip("target", f"target_{n}_oudlers", f"the target with {n} oudler{'s' if n != 1 else ''}",
                "the target with {o} oudler(s): {target}", lambda s: target_points(n) if n != s.oudlers else None,
                "score form")


PER = "(25 + {m}) × {k} = {right}"
SLIPS: tuple[Slip, ...] = (
    # -- the target, from the attack's oudlers (score form step 1)
    *(_target_slip(n) for n in range(4)),
    # -- the contract's value, (25 + margin) × multiplier (score form step 3)
    Slip("contract", "multiplied_margin_only", "25 + {k} × {m}", PER,
         _if(_multiplied, lambda s: 25 + s.margin * s.contract.multiplier), "RULES.md"),
    Slip("contract", "forgot_25", "{m} × {k}, without the 25", PER, lambda s: s.margin * s.contract.multiplier,
         "score form"),
    Slip("contract", "forgot_multiplier", "25 + {m}, without the × {k} of a {name}", PER,
         _if(_multiplied, lambda s: 25 + s.margin), "score form"),
    # -- what each defender pays: the contract plus the bonuses (score form steps 3 to 6)
    Slip("per_defender", "multiplied_margin_only", "25 + {k} × {m}", PER,
         _if(_multiplied, lambda s: _per(s, contract=(25 + s.margin * s.contract.multiplier) * _sign(s))), "RULES.md"),
    Slip("per_defender", "forgot_25", "{m} × {k}, without the 25", PER,
         lambda s: _per(s, contract=s.margin * s.contract.multiplier * _sign(s)), "score form"),
    Slip("per_defender", "forgot_multiplier", "25 + {m}, without the × {k} of a {name}", PER,
         _if(_multiplied, lambda s: _per(s, contract=(25 + s.margin) * _sign(s))), "score form"),
    Slip("per_defender", "petit_au_bout_not_multiplied", "the petit au bout counted as 10",
         "10 × {k} = {pab} for the petit au bout", _if(lambda s: _has_pab(s) and _multiplied(s),
                                                       lambda s: _per(s, pab=10 * (1 if _bonus(s, "petit_au_bout") > 0
                                                                                   else -1))), "score form"),
    Slip("per_defender", "petit_au_bout_side", "the petit au bout given to the other side",
         "{pab} to the side that took the Petit in the last trick",
         _if(_has_pab, lambda s: _per(s, pab=-_bonus(s, "petit_au_bout"))), "score form"),
    Slip("per_defender", "poignee_wrong_side", "the poignée given to the side that showed it",
         "{p} to the side that won the deal", _if(_has_poignee, lambda s: _per(s, poignee=-_bonus(s, "poignee"))),
         "RULES.md"),
    Slip("per_defender", "poignee_multiplied", "the poignée multiplied by {k}", "{p}, never multiplied",
         _if(lambda s: _has_poignee(s) and _multiplied(s),
             lambda s: _per(s, poignee=_bonus(s, "poignee") * s.contract.multiplier)), "score form"),
    Slip("per_defender", "poignee_doubled", "the poignée counted double as if announced", "{p}, shown once",
         _if(_has_poignee, lambda s: _per(s, poignee=2 * _bonus(s, "poignee"))), "RULES.md"),
    # -- each side's share (score form's last step)
    Slip("taker", "taker_per_defender", "what each defender pays",
         "the taker's share of the {d} defenders' payments: {tm} × {per} = {taker}",
         lambda s: s.per_defender, "score form"),
    Slip("taker", "taker_one_too_many", "{per} × every other player, one too many",
         "{d} × {per} = {taker}, from the {d} defenders",
         lambda s: abs(s.per_defender) * (s.players - (s.partner is not None)) * _sign(s), "score form"),
    Slip("taker", "taker_sign", "the right amount with the wrong sign",
         "{taker} with the sign of the result: the taker {won}",
         lambda s: -s.taker if s.taker else None, "score form"),
    Slip("defender", "defender_sign", "the right amount with the wrong sign",
         "the opposite of what each defender pays: a defender loses when the taker wins",
         lambda s: -s.defender if s.defender else None, "score form"),
    Slip("defender", "defender_taker_share", "the taker's share", "each defender's own {per}",
         lambda s: -s.taker if s.defenders > 1 else None, "score form"),
)


# Asked without a sign: the amount is what counts (the result says who pays).
UNSIGNED = frozenset({"contract", "per_defender"})


def slips_for(asked: str) -> tuple[Slip, ...]:
    return tuple(x for x in SLIPS if x.asked == asked)


def find(asked: str, s: DealScore, given: float) -> Slip | None:
    """The first slip in the table that gives ``given`` for this deal (None: right, or no known slip)."""
    right = {"contract": _words(s)["right"] * _sign(s)}.get(asked, getattr(s, asked, None))
    if right is None or given == right or (asked in UNSIGNED and abs(given) == abs(right)):
        return None
    for slip in slips_for(asked):
        v = slip.value(s)
        if v is None or v == right:
            continue
        if given == v or (asked in UNSIGNED and abs(given) == abs(v)):
            return slip
    return None


def diagnose(asked: str, s: DealScore, given: float) -> str | None:
    """The sentence naming the slip that gives ``given``, or None (a right answer or an unknown slip)."""
    slip = find(asked, s, given)
    return slip.says(s, given) if slip else None
