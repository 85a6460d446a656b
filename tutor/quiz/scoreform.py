"""The score breakdown form: its fields, the engine's values, and grading step by step.

Each field is one step of the FFT sum. A field is right when it equals the engine's value, or when
it follows correctly from the learner's own earlier (wrong) fields, so one slip costs one step.
Known wrong values are named from the one table of slips (``slips.py``): "35 is 25 + 2 × 5 instead of
(25 + 5) × 2 = 60".

>>> params = {"players": 4, "contract": "garde", "taker_points": 49, "oudlers": 2,
...           "petit_au_bout": "attack", "poignees": ["simple"]}
>>> form_answer(params)
{'target': 41, 'result': 8, 'contract': 66, 'petit_au_bout': 20, 'poignee': 20, 'per_defender': 106, \
'taker': 318, 'defender': -106}
>>> lost = dict(params, taker_points=34, petit_au_bout="defence", poignees=[])
>>> form_answer(lost)["contract"], form_answer(lost)["petit_au_bout"], form_answer(lost)["per_defender"]
(-64, -20, -84)
>>> mistakes_for(lost, "per_defender", 84)[0]
'sign_slip'
>>> mistakes_for(params, "contract", 41)[0]
'multiplied_margin_only'
"""

from __future__ import annotations

import re

from ..engine import POIGNEE_BONUS, Contract, DealScore, score_deal
from ..engine.rule_text import RULE_TEXT
from ..engine.words import N_
from ..i18n import _, language, ngettext
from ..i18n.words import say
from . import slips
from .answers import AnswerError, read_form, read_number
from .question import FormField, Question, fmt, signed

# One sign convention for every step (RULES.md, Scoring): each step is signed from the taker's side,
# + when the taker's side gains, − when it loses; the per-defender total is what each defender pays the
# taker's side (+) or receives from it (−). The shares are each player's own score. The hints never start
# with "+" or "-", which Markdown would turn into a bullet.
SIGN_CONVENTION = RULE_TEXT["score_signs"] + " The last fields are each player's own score."


def sign_convention() -> str:
    """``SIGN_CONVENTION`` in the learner's language."""
    return _(RULE_TEXT["score_signs"]) + " " + _("The last fields are each player's own score.")


FIELDS: dict[str, tuple[str, str]] = {
    "target": (N_("Target"), N_("points the attack needs with its oudlers")),
    "counted": (N_("Points counted"), N_("the attack's points after the half point goes to the winning side")),
    "result": (N_("Won (+) or lost (−) by"), N_("signed: +8 if the attack won by 8, −7 if it lost by 7")),
    "contract": (N_("Contract"), N_("(25 + points won or lost by) × the multiplier, signed: + if the attack won, "
                             "− if it lost")),
    "petit_au_bout": (N_("Petit au bout"), N_("10 × the multiplier, signed: + if the attack won the last trick "
                                              "with the Petit, − if the defence did")),
    "poignee": (N_("Poignée"), N_("20, 30 or 40, signed: + if the attack won the deal, − if the defence did")),
    "chelem": (N_("Chelem"), N_("signed: + for the attack, − for the defence")),
    "per_defender": (N_("Per defender"), N_("the sum of the steps above, signed: + each defender pays it, − each "
                                     "defender receives it")),
    "taker": (N_("Taker's score"), N_("the taker's own score, with its sign: + or −")),
    "partner": (N_("Partner's score"), N_("the partner's own score, with its sign: + or −")),
    "defender": (N_("Each defender's score"), N_("each defender's own score, with its sign: + or −")),
}
# Every field but the target and the points counted carries a sign, and a wrong sign is a mistake.
UNSIGNED = slips.UNSIGNED
SIGNED_STEPS = ("result", "contract", "petit_au_bout", "poignee", "chelem", "per_defender")
# The engine step that states each field.
STEP_OF = {"target": "target", "counted": "half_point", "result": "margin", "contract": "contract",
           "petit_au_bout": "petit_au_bout", "poignee": "poignee", "chelem": "chelem",
           "per_defender": "per_defender", "taker": "shares", "partner": "shares", "defender": "shares"}
ALIASES = {"points": "counted", "counted_points": "counted", "margin": "result", "won_by": "result",
           "lost_by": "result", "base": "contract", "pab": "petit_au_bout", "petit": "petit_au_bout",
           "poignée": "poignee", "slam": "chelem", "perdefender": "per_defender", "each_defender": "defender",
           "defenders": "defender", "defence": "defender", "defense": "defender"}
SHARES_ONLY = ("taker", "partner", "defender")


def score_of(params: dict) -> DealScore:
    return score_deal(**params)


def form_answer(params: dict, keys=None) -> dict:
    """The engine's value of every field that applies to this deal (or of ``keys``)."""
    s = score_of(params)
    values = slips.right_values(s)
    if s.counted_points == s.taker_points:
        del values["counted"]  # no half point to settle: the form leaves the field out
    if keys is not None:
        values = {k: values[k] for k in keys if k in values}
    return values


def form_fields(keys) -> tuple[FormField, ...]:
    return tuple(FormField(k, _(FIELDS[k][0]), _(FIELDS[k][1])) for k in keys)


def step_text(s: DealScore, key: str) -> str:
    want = STEP_OF[key]
    return " ".join(say(st.text) for st in s.steps if st.key == want or st.key.startswith(want + "_"))


# ---------------------------------------------------------------- known mistakes


def mistakes_for(params: dict, key: str, value: float) -> tuple[str, str] | None:
    """The known slip that gives ``value`` in field ``key``, as (id, message), or None: a lookup into the
    one table of slips (``tutor.quiz.slips``), which the lessons' scoring checks read too."""
    s = score_of(params)
    slip = slips.find(key, s, value, amount=False)
    return (slip.id, slip.says(s, value, key)) if slip else None


# ---------------------------------------------------------------- grading


_WON = re.compile(r"(?i)\b(won|made|gagn\w*|passe?)\b")
_LOST = re.compile(r"(?i)\b(lost|down|chut\w*)\b")


def _read_value(key: str, raw) -> float:
    if key == "result" and isinstance(raw, str):
        text = raw
        sign = -1 if _LOST.search(text) else 1
        number = re.sub(r"(?i)[a-zéè ]+", "", text.replace("by", " "))
        if _LOST.search(text) or _WON.search(text):
            return sign * abs(read_number(number))
    return read_number(raw)


def _read_form(q: Question, raw) -> dict:
    wanted = [f.key for f in q.fields]
    if isinstance(raw, list | tuple) and len(raw) == len(wanted):
        raw = dict(zip(wanted, raw))
    labels = {re.sub(r"[\W_]+", "_", name.lower()).strip("_"): key for key, (label, _hint) in FIELDS.items()
              for name in (label, _(label))}
    given = {}
    for k, v in read_form(raw).items():
        k = re.sub(r"[\W_]+", "_", k).strip("_")
        k = ALIASES.get(k, labels.get(k, k))
        if k in wanted and v is not None and str(v).strip() != "":
            given[k] = v
    if not given:
        raise AnswerError(_("fill in at least one field of the form: {fields}").format(
            fields=", ".join(f.label for f in q.fields)))
    return given


def grade_form(q: Question, raw) -> tuple[float, str, list[str], dict, str]:
    """(credit, message, mistake ids, field -> right?, the answer as read)."""
    params = q.context["score"]
    s = score_of(params)
    want = q.answer
    given_raw = _read_form(q, raw)
    values: dict = {}
    unreadable: dict = {}
    for k, v in given_raw.items():
        try:
            values[k] = _read_value(k, v)
        except AnswerError as err:
            unreadable[k] = str(err)
    marks: dict[str, bool] = {}
    notes: list[str] = []
    ids: list[str] = []
    first_wrong = None
    for f in q.fields:
        k = f.key
        if k not in values:
            marks[k] = False
            notes.append(_("**{field}**: {problem}.").format(field=f.label, problem=unreadable[k]) if k in unreadable
                         else _("**{field}**: missing; it is {right}. {step}").format(
                             field=f.label, right=fmt(want[k]), step=step_text(s, k)))
            first_wrong = first_wrong or k
            continue
        v = values[k]
        ok = _same(k, v, want[k])
        carried = not ok and _follows(k, v, values, q, s)
        marks[k] = ok or carried
        if ok:
            continue
        if carried:
            notes.append(_("**{field}**: {value} follows from your earlier steps, so it counts.").format(
                field=f.label, value=fmt(v)))
            continue
        first_wrong = first_wrong or k
        found = mistakes_for(params, k, v)
        correct = signed(want[k]) if k not in UNSIGNED else fmt(want[k])
        if found:
            ids.append(found[0])
            notes.append(_("**{field}**: {slip}. It is {right}.").format(field=f.label, slip=found[1], right=correct))
        else:
            ids.append(f"wrong_{k}")
            notes.append(_("**{field}**: {value} is not right; it is {right}. {step}").format(
                field=f.label, value=fmt(v), right=correct, step=step_text(s, k)))
    credit = sum(marks.values()) / len(q.fields)
    # The answer as the learner wrote it, in the words of the form (shown again in Replay).
    given_text = "; ".join(f"{_(FIELDS[f.key][0])}: "
                           f"{fmt(values[f.key]) if f.key in UNSIGNED else signed(values[f.key])}"
                           for f in q.fields if f.key in values)
    if credit >= 1.0:
        message = _("Right! Every step is correct.") if not notes else \
            _("Right, with a slip carried through:") + "\n\n" + "\n".join(f"- {n}" for n in notes)
        return 1.0 if not notes else credit, message, ids, marks, given_text
    head = ngettext("{n} of {total} step right.", "{n} of {total} steps right.", len(q.fields)).format(
        n=sum(marks.values()), total=len(q.fields))
    if first_wrong:
        head += " " + _("The first wrong step is **{field}**.").format(field=_(FIELDS[first_wrong][0]))
    return credit, head + "\n\n" + "\n".join(f"- {n}" for n in notes), ids, marks, given_text


def _follows(key: str, value: float, given: dict, q: Question, s: DealScore) -> bool:
    """True when a total or a share is right for the learner's own (wrong) earlier values."""
    want = q.answer
    if key == "per_defender":
        parts = [k for k in ("contract", "petit_au_bout", "poignee", "chelem") if k in want]
        if "result" not in given or not all(k in given for k in parts):
            return False
        if all(_same(k, given[k], want[k]) for k in parts):
            return False  # the steps are right, so only the right total is right
        return sum(given[k] for k in parts) == value
    if key in SHARES_ONLY and s.per_defender and "per_defender" in given \
            and not _same("per_defender", given["per_defender"], want["per_defender"]):
        return value == want[key] / s.per_defender * given["per_defender"]
    return False


def _same(key: str, value: float, want: float) -> bool:
    return value == want


def score_params(players: int, contract, points: float, oudlers: int, *, petit_au_bout=None, poignees=(),
                 chelem=None, alone: bool = False) -> dict:
    """Normalised, JSON-able score_deal parameters."""
    return {"players": players, "contract": Contract.parse(contract).value, "taker_points": points,
            "oudlers": oudlers, "petit_au_bout": petit_au_bout, "poignees": list(poignees), "chelem": chelem,
            "alone": alone}


CHELEM_WORDS = {"announced_made": N_("the taker announced a chelem and made it"),
                "made": N_("the attack took every trick without announcing a chelem"),
                "announced_failed": N_("the taker announced a chelem and failed"),
                "defence": N_("the defence took every trick")}


def describe(params: dict, shown_by=None) -> str:
    """The deal in words, for a prompt; ``shown_by`` names the side ('attack' or 'defence') that showed each
    poignée, so a learner meets the defence's poignée going to a winning taker.

    >>> describe({"players": 4, "contract": "garde", "taker_points": 49, "oudlers": 2,
    ...           "poignees": ["simple"]}, shown_by=["defence"])
    '4 players, a **garde** (×2); the attack made **49** points with **2 oudlers**; a **simple** poignée was \
shown by the defence (20).'
    """
    c = Contract.parse(params["contract"])
    players = params["players"]
    first = _("{players} players, a **{contract}** (×{multiplier})").format(
        players=players, contract=c.french, multiplier=c.multiplier)
    if players == 5:
        first = (_("{table}, the taker playing alone") if params.get("alone") else
                 _("{table}, the taker with a partner")).format(table=first)
    parts = [first]
    n = params["oudlers"]
    parts.append(ngettext("the attack made **{points}** points with **{n} oudler**",
                          "the attack made **{points}** points with **{n} oudlers**", n).format(
        points=fmt(params["taker_points"]), n=n))
    pab = params.get("petit_au_bout")
    if pab:
        parts.append(_("the **attack** won the last trick with the Petit in it") if pab == "attack" else
                     _("the **defence** won the last trick with the Petit in it"))
    sides = list(shown_by or ())
    for i, p in enumerate(params.get("poignees") or ()):
        if i < len(sides):
            text = (_("a **{level}** poignée was shown by the attack ({bonus})") if sides[i] == "attack" else
                    _("a **{level}** poignée was shown by the defence ({bonus})"))
        else:
            text = _("a **{level}** poignée was shown ({bonus})")
        parts.append(text.format(level=p, bonus=POIGNEE_BONUS[p]))
    ch = params.get("chelem")
    if ch:
        parts.append(_(CHELEM_WORDS[ch]))
    return ("\u202f; " if language() == "fr" else "; ").join(parts) + "."  # French: a narrow space before ;
