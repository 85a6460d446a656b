"""``tarot-tutor quiz``: print generated questions, and with ``--answers`` their answers and explanations.

Question i of a run has the seed ``--seed + i``, so a teacher can reproduce any question from its
kind and seed: ``tarot-tutor quiz --kind legal --seed 43 --count 1``.
"""

from __future__ import annotations

import json
import random
import re

from ..engine.errors import TarotError
from ..i18n import _, grouped
from ..limits import MAX_DRILL_QUESTIONS, MAX_QUESTIONS, MAX_SEED


def kind_choices() -> list[str] | None:
    """The quiz kinds for ``--kind``; None when the quiz package cannot load (the command then says why)."""
    try:
        from ..quiz import KINDS
    except ImportError:
        return None
    return list(KINDS)


def register(sub) -> None:
    kinds = kind_choices()
    p = sub.add_parser("quiz", help=_("generated questions of one kind, checked by the engine"))
    p.add_argument("--kind", required=True, choices=kinds, help=_("the kind of question"))
    p.add_argument("--count", type=int, default=1,
                   help=_("how many questions (1-{most}, default 1; 1-{drill} for a strategy drill)").format(
                       most=MAX_QUESTIONS, drill=MAX_DRILL_QUESTIONS))
    p.add_argument("--seed", type=int, help=_("seed of the first question (default: a random one, printed)"))
    p.add_argument("--players", type=int, choices=(3, 4, 5), help=_("player count (default: drawn from the seed)"))
    p.add_argument("--difficulty", type=int, choices=(1, 2, 3), help=_("1-3 (default: drawn from the seed)"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a kind's option, e.g. situation=overtrump (legal) or ask=open (bidding)"))
    p.add_argument("--answers", action="store_true", help=_("print the answers and their explanations"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_quiz)


def max_count(kind: str) -> int:
    """How many questions of ``kind`` one run makes at most: a strategy drill's estimates take up to 2 s each."""
    from ..quiz import KINDS
    from ..skills import STRATEGY_SKILLS
    return MAX_DRILL_QUESTIONS if kind in KINDS and KINDS[kind].skill in STRATEGY_SKILLS else MAX_QUESTIONS


def check_count(kind: str, count: int) -> None:
    """Refuse a --count outside 1..max_count(kind) before any question is made."""
    most = max_count(kind)
    if not 1 <= count <= most:
        if most == MAX_DRILL_QUESTIONS:
            raise TarotError(_("--count is between 1 and {most} for a strategy drill, not {n}").format(
                most=most, n=count))
        raise TarotError(_("--count is between 1 and {most}, not {n}").format(most=most, n=count))


def check_seed(seed: int | None, option: str = "--seed") -> None:
    """Refuse a seed outside 0..MAX_SEED, the seeds the app and the quiz links use."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise TarotError(_("{option} is between 0 and {most}, not {n}").format(
            option=option, most=grouped(MAX_SEED), n=seed))


def _options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise TarotError(_("--option takes NAME=VALUE, not {value}").format(value=repr(pair)))
        out[name.strip()] = value.strip()
    return out


def plain(markdown: str) -> str:
    """Markdown as terminal text: no bold marks, no code quotes."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", markdown).replace("`", "")


def cmd_quiz(args) -> int:
    from ..quiz import generate
    from ..quiz.order import shown_choices
    check_count(args.kind, args.count)
    check_seed(args.seed)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    params = _options(args.option)
    if args.players is not None:
        params["players"] = args.players
    if args.difficulty is not None:
        params["difficulty"] = args.difficulty
    questions = [generate(args.kind, seed + i, **params) for i in range(args.count)]
    if args.json:
        out = []
        for q in questions:
            d = q.to_dict()
            if not args.answers:
                for key in ("answer", "answer_text", "explanation", "context", "rules"):
                    d.pop(key, None)
            out.append(d)
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    for n, q in enumerate(questions, 1):
        p = q.params
        head = _("#{n}  {kind} · seed {seed} · {players} · difficulty {difficulty}").format(
            n=n, kind=q.kind, seed=q.seed, difficulty=p["difficulty"],
            players=_("{n} players").format(n=p["players"]))
        print(head + "".join(f" · {k}={v}" for k, v in p.items() if k not in ("players", "difficulty")))
        print(plain(q.prompt))
        for label, cards in q.cards.items():
            print(_("  {name}: {value}").format(name=label, value=" ".join(c.code for c in cards) or _("(none)")))
        for i, c in enumerate(shown_choices(q), 1):
            print(f"  {i}. {plain(c.label)}")
        if q.fields:
            print("  " + _("Fill in: {fields}").format(fields=_("; ").join(f.label for f in q.fields)))
        if args.answers:
            print(_("Answer: {answer}").format(answer=plain(q.answer_text)))
            print(plain(q.explanation))
        print()
    return 0
