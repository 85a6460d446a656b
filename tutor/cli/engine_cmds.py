"""``tarot-tutor score`` and ``tarot-tutor legal``: the engine's verdicts on the command line."""

from __future__ import annotations

import json

from ..engine import explain_all, explain_winner, format_cards, parse_card, parse_cards, score_deal
from ..engine.scoring import CHELEM_OUTCOMES
from ..i18n import _
from ..i18n.words import say, the_card


def register(sub) -> None:
    p = sub.add_parser("score", help=_("score one deal with the FFT breakdown"))
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--contract", required=True,
                   help=_("petite, garde, garde_sans or garde_contre (French names accepted)"))
    p.add_argument("--points", required=True, help=_("the attack's card points, e.g. 43 or 40.5"))
    p.add_argument("--oudlers", required=True, type=int, help=_("oudlers in the attack's pile (0-3)"))
    p.add_argument("--petit-au-bout", choices=("attack", "defence"),
                   help=_("side that took the Petit in the last trick"))
    p.add_argument("--poignee", action="append", default=[], choices=("simple", "double", "triple"),
                   help=_("a poignée shown by either side (repeat for several)"))
    p.add_argument("--chelem", choices=CHELEM_OUTCOMES)
    p.add_argument("--alone", action="store_true", help=_("5 players: the taker plays alone"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_score)

    p = sub.add_parser("legal", help=_("which cards may be played to a trick, and why not the others"))
    p.add_argument("--hand", required=True, help=_('the hand, e.g. "KH 3H 5S T4 EX"'))
    p.add_argument("--trick", default="", help=_("cards already played to the trick, in order"))
    p.add_argument("--called", help=_("5 players: the called king (for the first lead)"))
    p.add_argument("--first-trick", action="store_true", help=_("5 players: this is the first trick"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_legal)


def _number(text: str) -> float:
    from ..engine.errors import TarotError
    try:
        return float(str(text).replace(",", "."))
    except ValueError:
        raise TarotError(_("points must be a number like 43 or 40.5, not {value}").format(value=repr(text))) from None


MAX_TRICK_BEFORE = 4  # at most four cards precede yours (5 players)


def _check_position(hand, trick, called) -> None:
    """Refuse a position no deal can reach: a card twice, a full trick, a called trump."""
    from ..engine.errors import TarotError
    twice_in = {"hand": _("{cards} appears twice in the hand: each card exists once"),
                "trick": _("{cards} appears twice in the trick: each card exists once")}
    for what, cards in (("hand", hand), ("trick", trick)):
        twice = sorted({c for c in cards if cards.count(c) > 1}, key=lambda c: c.index)
        if twice:
            raise TarotError(twice_in[what].format(cards=format_cards(twice)))
    overlap = sorted(set(hand) & set(trick), key=lambda c: c.index)
    if overlap:
        raise TarotError(_("{cards} cannot be both in the hand and in the trick").format(cards=format_cards(overlap)))
    if len(trick) > MAX_TRICK_BEFORE:
        raise TarotError(_("a trick you still play to has at most {most} cards before yours, not {n}").format(
            most=MAX_TRICK_BEFORE, n=len(trick)))
    if called is not None and (called.suit is None or called.rank < 11):
        raise TarotError(_("the called card is a king (or a queen, knight or jack), not {card}").format(
            card=the_card(called)))


def cmd_score(args) -> int:
    s = score_deal(players=args.players, contract=args.contract, taker_points=_number(args.points),
                   oudlers=args.oudlers, petit_au_bout=args.petit_au_bout, poignees=args.poignee,
                   chelem=args.chelem, alone=args.alone)
    if args.json:
        print(json.dumps(s.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print("\n".join(say(st.text) for st in s.steps))
    print()
    if s.partner is not None:
        print(_("taker {taker:+d}   partner {partner:+d}   each defender {defender:+d}").format(
            taker=s.taker, partner=s.partner, defender=s.defender))
    else:
        print(_("taker {taker:+d}   each defender {defender:+d}").format(taker=s.taker, defender=s.defender))
    return 0


def cmd_legal(args) -> int:
    hand = parse_cards(args.hand)
    if not hand:
        from ..engine.errors import TarotError
        raise TarotError(_("the hand is empty: give it with --hand, e.g. --hand \"KH 3H T4 EX\""))
    trick = parse_cards(args.trick)
    called = parse_card(args.called) if args.called else None
    _check_position(hand, trick, called)
    verdicts = explain_all(hand, trick, called_king=called, first_trick=args.first_trick)
    legal = [v.card for v in verdicts if v.legal]
    if args.json:
        print(json.dumps({
            "hand": format_cards(hand), "trick": format_cards(trick),
            "legal": [str(c) for c in legal],
            "verdicts": [{"card": str(v.card), "legal": v.legal, "rule": v.rule.value, "reason": v.reason}
                         for v in verdicts],
        }, ensure_ascii=False, indent=2))
        return 0
    print(_("Legal: {cards}").format(cards=format_cards(legal)))
    for v in verdicts:
        if not v.legal:
            print(_("  {name}: {value}").format(name=v.card, value=say(v.reason)))
    if trick and len(trick) >= 2:
        i, why = explain_winner(trick)
        print(_("So far {card} is winning the trick. {why}").format(card=trick[i], why=say(why)))
    return 0
