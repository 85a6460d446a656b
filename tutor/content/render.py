"""Worked examples: the author writes the situation, the engine computes the result, this writes it up.

``render_example(step)`` returns Markdown for an example step. A row of cards is written as a mark,
``{cards:10H T14}``, which the app draws as card pictures (``tutor.ui.common.cards.with_card_pictures``) and plain
text writes as names (``plain_cards``); a card in a sentence is written by its name (10♥, trump 14, the
Excuse). A learner never reads a code. Bad situations raise ``ExampleError``.

>>> from .example_words import plain_cards
>>> from .schema import TrickExample
>>> print(plain_cards(render_spec(TrickExample(kind="trick", cards="10H T14 KH EX"))))
... # doctest: +NORMALIZE_WHITESPACE
Played, in order: 10♥, trump 14, K♥, the Excuse
<BLANKLINE>
**Trump 14 wins the trick.** The 14 is the highest trump in the trick, and any trump beats the suits.
The Excuse never wins a trick: its owner keeps it and gives a low card instead.
"""

from __future__ import annotations

from ..engine import (
    EXCUSE,
    Auction,
    Contract,
    RuleSet,
    TarotError,
    call_outcome,
    callable_cards,
    card_points,
    check_discard,
    check_poignee,
    count_oudlers,
    explain_all,
    explain_winner,
    is_petit_sec,
    pair_count,
    poignee_options,
    score_deal,
    target_points,
)
from ..engine.deal import draw_rank
from ..i18n import _, language, ngettext, pgettext
from ..i18n.typography import minus
from ..i18n.words import say
from .example_words import (
    DEFAULT_NAMES,
    DOG_SENTENCES,
    ExampleError,
    capitalised,
    card_the,
    card_word,
    cards_md,
    check_disjoint,
    check_score_params,
    engine_text,
    fmt,
    hand_players,
    need_size,
    words_list,
)
from .render_strategy import _best_card, _count_scale, _hand_count, _measured, best_card_line
from .schema import (
    AuctionExample,
    BestCardExample,
    CallExample,
    CountScaleExample,
    DealerExample,
    DiscardExample,
    ExampleStep,
    HandCountExample,
    LegalExample,
    MeasuredExample,
    PetitSecExample,
    PileExample,
    PoigneeExample,
    RulesExample,
    ScoreExample,
    SheetExample,
    TrickExample,
)


def render_example(step: ExampleStep) -> str:
    """Markdown for an example step: the situation and the engine's result (cached on the step)."""
    if step._rendered is None:
        step._rendered = render_spec(step.example)
    return step._rendered


def render_spec(spec) -> str:
    """Markdown for one example situation."""
    try:
        return minus(_RENDERERS[type(spec)](spec))  # one minus sign: the engine's worked lines write "-27"
    except ExampleError:
        raise
    except TarotError as err:
        raise ExampleError(f"the engine rejects this situation: {err}") from None


# ---------------------------------------------------------------- renderers


def _trick(s: TrickExample) -> str:
    i, why = explain_winner(s.cards, excuse_wins=s.excuse_wins)
    won = _("{card} wins the trick.").format(card=capitalised(card_word(s.cards[i])))
    return _("Played, in order: {cards}").format(cards=cards_md(s.cards)) + f"\n\n**{won}** {engine_text(why)}"


def _pile(s: PileExample) -> str:
    total = card_points(s.cards)
    n = len(s.cards)
    lines = [ngettext("The pile: {cards} ({n} cards)", "The pile: {cards} ({n} cards)", n).format(
        cards=cards_md(s.cards), n=n), ""]
    values = " + ".join(fmt(c.points) for c in s.cards)
    lines.append(_("**Card by card:** {values} = **{total}**").format(values=values, total=fmt(total)))
    groups = pair_count(s.cards)
    shown = " + ".join(f"({words_list(g)}: {fmt(v)})" for g, v in groups)
    pair_total = sum(v for _g, v in groups)
    lines.append("")
    lines.append(_("**In pairs:** {pairs} = **{total}**").format(pairs=shown, total=fmt(pair_total)))
    if s.target:
        n = count_oudlers(s.cards)
        t = target_points(n)
        lines.append("")
        verdict = (_("reaches the target exactly: *juste fait*, the contract is made (won by 0)") if total == t else
                   _("is {d} over the target: made, won by {d}").format(d=fmt(total - t)) if total > t else
                   _("is {d} short of the target: failed, lost by {d}").format(d=fmt(t - total)))
        lines.append(_("**Oudlers:** {n}, so the target is **{target}**. With {total} points the attack {verdict}.")
                     .format(n=n, target=t, total=fmt(total), verdict=verdict))
    return "\n".join(lines)


def _score_lines(s) -> str:
    return "\n".join(f"- {say(step.text)}" for step in s.steps)


def _score(s: ScoreExample) -> str:
    check_score_params(s)
    res = score_deal(**s.score_args())
    contract = Contract.parse(s.contract)
    head = ngettext("{players} players, {contract}: the attack has {points} points with {n} oudler.",
                    "{players} players, {contract}: the attack has {points} points with {n} oudlers.",
                    s.oudlers).format(players=s.players, contract=contract.french, points=fmt(s.taker_points),
                                      n=s.oudlers)
    tail = _("**Taker {score}**").format(score=f"{res.taker:+d}")
    if res.partner is not None:
        tail += _(", **partner {score}**").format(score=f"{res.partner:+d}")
    tail += _(", **each defender {score}** (sum {total}).").format(score=f"{res.defender:+d}", total=res.total())
    return f"{head}\n\n{_score_lines(res)}\n\n{tail}"


def _legal(s: LegalExample) -> str:
    check_disjoint(hand=s.hand, trick=s.trick)
    if len(s.trick) > 4:
        raise ExampleError("a trick has at most 4 cards before yours", "trick")
    if s.called_king is not None and not s.first_trick:
        raise ExampleError("called_king only matters on the first trick: add first_trick: true", "called_king")
    if s.first_trick and s.called_king is None:
        raise ExampleError("first_trick needs called_king (the 5-player first-lead rule)", "first_trick")
    verdicts = explain_all(s.hand, s.trick, called_king=s.called_king, first_trick=s.first_trick)
    legal = [v.card for v in verdicts if v.legal]
    head = _("Your hand: {cards}").format(cards=cards_md(s.hand)) + "\n\n"
    head += _("Trick so far: {cards}").format(cards=cards_md(s.trick)) if s.trick else _("You lead this trick.")
    if s.first_trick:
        head += " " + _("First trick of a 5-player deal; {card} was called.").format(card=card_word(s.called_king))
    lines = [head, "", "**" + _("You may play: {cards}").format(cards=cards_md(legal)) + "**", ""]
    for v in verdicts:
        mark = "✓" if v.legal else "✗"
        lines.append(f"- {mark} " + _("{card}: {reason}").format(card=card_word(v.card), reason=say(v.reason)))
    return "\n".join(lines)


def _discard(s: DiscardExample) -> str:
    rules = RuleSet.for_players(s.players)
    need_size(s.hand, rules.hand_size + rules.dog_size, f"with {s.players} players, the taker's hand with the dog",
              "hand")
    v = check_discard(s.hand, s.discard, players=s.players)
    lines = [_("The taker's hand with the dog ({n} cards): {cards}").format(n=len(s.hand), cards=cards_md(s.hand)),
             "", _("Proposed écart: {cards}").format(cards=cards_md(s.discard)), ""]
    if v.legal:
        lines.append("**" + _("Legal écart.") + "**")
        if v.shown:
            lines[-1] += " " + _("The trumps in it ({cards}) must be shown to the defence.").format(
                cards=cards_md(v.shown))
    else:
        lines.append("**" + _("Not allowed:") + "**")
        lines.extend(f"- {say(r)}" for r in v.reasons)
    if v.trumps_needed:
        lines.append("")
        lines.append(ngettext("This hand has too few other cards, so {n} trump must go to the écart.",
                              "This hand has too few other cards, so {n} trumps must go to the écart.",
                              v.trumps_needed).format(n=v.trumps_needed))
    return "\n".join(lines)


def _poignee(s: PoigneeExample) -> str:
    rules = RuleSet.for_players(s.players)
    need_size(s.hand, rules.hand_size, f"a {s.players}-player hand", "hand")
    trumps = [c for c in s.hand if c.is_trump]
    options = poignee_options(s.hand, players=s.players)
    th = rules.poignee_thresholds
    lines = [_("Hand ({players} players): {cards}").format(players=s.players, cards=cards_md(s.hand)), "",
             _("Trumps: {n}").format(n=len(trumps)) + (_(", plus the Excuse") if EXCUSE in s.hand else "") + ". "
             + _("Thresholds with {players} players: simple {simple}, double {double}, triple {triple}.").format(
                 players=s.players, **th)]
    lines.append("")
    if options:
        lines.append(_("**May show: {levels}** (each exactly that many trumps; extra trumps stay hidden).").format(
            levels=", ".join(options)))
    else:
        lines.append("**" + _("Not enough trumps for a poignée.") + "**")
    if s.shown is not None:
        v = check_poignee(s.hand, s.shown, players=s.players)
        lines.append("")
        lines.append(_("Shown: {cards}").format(cards=cards_md(s.shown)))
        lines.append("")
        lines.append("**" + _("Correct {level} poignée.").format(level=v.level) + "**" if v.legal else
                     "**" + _("Not a correct show:") + "** " + " ".join(say(r) for r in v.reasons))
    return "\n".join(lines)


def _names(names, players: int, key: str = "names") -> list[str]:
    if names is None:
        return list(DEFAULT_NAMES[:players])
    if len(names) != players:
        raise ExampleError(f"give {players} names, one per player, not {len(names)}", key)
    return list(names)


def _auction(s: AuctionExample) -> str:
    if s.dealer >= s.players:
        raise ExampleError(f"no seat {s.dealer} at a {s.players}-player table (seats count from 0 here)", "dealer")
    if len(s.bids) > s.players:
        raise ExampleError(f"each of the {s.players} players speaks once: at most {s.players} bids", "bids")
    names = _names(s.names, s.players)
    a = Auction(players=s.players, dealer=s.dealer)
    lines = [_("{dealer} deals; {first}, on the dealer's right, speaks first.").format(
        dealer=names[s.dealer], first=names[(s.dealer + 1) % s.players]),
             "", _("| speaker | says |"), "|---|---|"]
    for bid in s.bids:
        seat = a.to_speak
        try:
            a.bid(seat, None if bid == "pass" else bid)
        except TarotError as err:
            raise ExampleError(f"{names[seat]} cannot bid {bid}: {err}", "bids") from None
        said = _("pass") if bid == "pass" else Contract.parse(bid).french
        lines.append(f"| {names[seat]} | {said} |")
    lines.append("")
    if not a.finished:
        h = a.highest
        best = (_("the highest bid so far is {contract} ({name})").format(contract=h[1].french, name=names[h[0]])
                if h else _("nobody has bid yet"))
        lines.append(_("{name} speaks next; {best}. Still open: {bids}, or pass.").format(
            name=names[a.to_speak], best=best,
            bids=", ".join(c.french for c in a.open_bids()) or _("nothing higher")))
    elif a.all_passed:
        lines.append(_("**Everyone passed:** the deal is cancelled and the next dealer deals."))
    else:
        c = a.contract
        lines.append(_("**{name} takes with a {contract}** (×{multiplier}).").format(
            name=names[a.taker], contract=c.french, multiplier=c.multiplier) + " " + _(DOG_SENTENCES[c.dog]))
    return "\n".join(lines)


def _dealer(s: DealerExample) -> str:
    n = len(s.draws)
    names = _names(s.names, n)
    finals = []
    for i, draw in enumerate(s.draws):
        if not draw:
            raise ExampleError(f"draw {i + 1} is empty", "draws")
        if any(c is EXCUSE for c in draw[-1:]):
            raise ExampleError(f"{names[i]} drew the Excuse last: the Excuse does not count, add the card drawn next",
                               "draws")
        if any(c is not EXCUSE for c in draw[:-1]):
            raise ExampleError(f"{names[i]} drew again only after the Excuse: list 'EX' then the new card", "draws")
        finals.append(draw[-1])
    drawn = [c for draw in s.draws for c in draw]
    if len(set(drawn)) != len(drawn):
        raise ExampleError("the same card cannot be drawn twice", "draws")
    low = min(range(n), key=lambda i: draw_rank(finals[i]))
    lines = [_("| player | draws |"), "|---|---|"]
    for i, draw in enumerate(s.draws):
        extra = _(" (the Excuse does not count: draws again)") if len(draw) > 1 else ""
        lines.append(f"| {names[i]} | {cards_md(draw)}{extra} |")
    c = finals[low]
    tie = not c.is_trump and any(i != low and not finals[i].is_trump and finals[i].rank == c.rank for i in range(n))
    why = (_("the lowest card (a tie on rank is settled by suit: spades > hearts > diamonds > clubs)") if tie
           else _("the lowest card"))
    lines += ["", _("**{name} deals:** {card} is {why}.").format(name=names[low], card=card_word(c), why=why)]
    return "\n".join(lines)


def _call(s: CallExample) -> str:
    need_size(s.taker_hand, 15, "a 5-player hand", "taker_hand")
    if s.dog:
        need_size(s.dog, 3, "the 5-player dog", "dog")
    check_disjoint(taker_hand=s.taker_hand, dog=s.dog)
    options = callable_cards(s.taker_hand)
    if s.called not in options:
        raise ExampleError(f"{s.called} may not be called from this hand: the taker may call "
                           + ", ".join(str(c) for c in options), "called")
    _alone, why = call_result(s.called, s.taker_hand, s.dog)
    lines = [_("The taker's hand: {cards}").format(cards=cards_md(s.taker_hand)), "",
             _("The taker may call: {cards}").format(cards=cards_md(options)), "",
             _("The taker calls **{card}**.").format(card=card_word(s.called))]
    if s.dog:
        lines[-1] += " " + _("The dog, turned over after the call: {cards}.").format(cards=cards_md(s.dog))
    lines += ["", f"**{why}**"]
    return "\n".join(lines)


def call_result(called, taker_hand, dog) -> tuple[bool, str]:
    """(taker plays alone?, sentence), as the engine decides it."""
    # Give the called card to another seat unless the taker or the dog has it: then the engine names a partner.
    elsewhere = {1: [called]} if called not in taker_hand and called not in dog else {}
    seat, _outcome = call_outcome(called, taker_hand=taker_hand, dog=dog, hands=elsewhere)
    if seat is not None:
        return False, _("Whoever holds the {card} is the taker's partner (2 against 3); nobody knows who "
                        "until that card is played.").format(card=_card_after_the(called))
    if called in taker_hand:
        return True, _("The taker called the {card} from their own hand, so the taker plays alone "
                       "(1 against 4).").format(card=_card_after_the(called))
    return True, _("The {card} is in the dog, so the taker plays alone (1 against 4).").format(
        card=_card_after_the(called))


def _card_after_the(c) -> str:
    """The card's name after 'the' in English ('king of hearts'); in French the name itself (the French
    sentences carry no article of their own: « le Roi de cœur »)."""
    return c.name if language() == "en" else card_the(c)


def _petit_sec(s: PetitSecExample) -> str:
    players = hand_players(s.hand)
    trumps = [c for c in s.hand if c.is_trump]
    sec = is_petit_sec(s.hand)
    lines = [_("A {players}-player hand: {cards}").format(players=players, cards=cards_md(s.hand)), ""]
    if sec:
        lines.append(_("**Petit sec:** the Petit is this player's only trump and they have no Excuse. They must "
                       "say so and show their hand; the deal is cancelled before anyone bids."))
    elif any(c.rank == 1 for c in trumps):
        why = (_("they also hold the Excuse") if EXCUSE in s.hand
               else ngettext("they hold {n} trump", "they hold {n} trumps", len(trumps)).format(n=len(trumps)))
        lines.append(_("**Not a Petit sec:** {why}, so the deal goes on.").format(why=why))
    else:
        lines.append(_("**Not a Petit sec:** this hand does not hold the Petit."))
    return "\n".join(lines)


def _rules(s: RulesExample) -> str:
    cols = [_("players")]
    if "cards" in s.show:
        cols += [_("cards each"), _("dog"), _("dealt in packets of")]
    if "poignee" in s.show:
        cols += [_("simple poignée"), "double", "triple"]
    if "shares" in s.show:
        cols += [_("taker's share")]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for n in s.players:
        r = RuleSet.for_players(n)
        row = [str(n)]
        if "cards" in s.show:
            row += [str(r.hand_size), str(r.dog_size), str(r.packet_size)]
        if "poignee" in s.show:
            row += [_("{n} trumps").format(n=r.poignee_thresholds[k]) for k in ("simple", "double", "triple")]
        if "shares" in s.show:
            share = f"×{r.taker_share}"
            if r.partner_share:
                share += " " + _("(partner ×{partner}; alone ×{alone})").format(partner=r.partner_share,
                                                                               alone=r.alone_share)
            row.append(share)
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def _sheet(s: SheetExample) -> str:
    names = list(s.names)
    n = len(names)
    if len(set(names)) != n:
        raise ExampleError("two players have the same name", "names")
    totals = [0] * n
    lines = ["| " + _("deal") + " | " + " | ".join(names) + " | " + _("sum") + " |", "|---|" + "---|" * (n + 1)]
    for k, d in enumerate(s.deals, 1):
        if d.players != n:
            raise ExampleError(f"deal {k}: this sheet has {n} players, so write players: {n}", "deals")
        try:
            check_score_params(d)
        except ExampleError as err:
            raise ExampleError(f"deal {k}: {err}", "deals") from None
        if d.taker not in names:
            raise ExampleError(f"deal {k}: the taker {d.taker!r} is not one of {', '.join(names)}", "deals")
        if (d.partner is not None) != (n == 5 and not d.alone):
            raise ExampleError(f"deal {k}: name a partner exactly when 5 play and the taker is not alone", "deals")
        if d.partner is not None and (d.partner not in names or d.partner == d.taker):
            raise ExampleError(f"deal {k}: the partner {d.partner!r} must be another player of the table", "deals")
        res = score_deal(**d.score_args())
        row = res.by_seat(names.index(d.taker), names.index(d.partner) if d.partner else None)
        totals = [a + b for a, b in zip(totals, row)]
        c = Contract.parse(d.contract)
        label = f"{k}. {d.taker}, {c.french}, " + (pgettext("deal", "won") if res.won else pgettext("deal", "lost"))
        lines.append(f"| {label} | " + " | ".join(f"{v:+d}" for v in row) + f" | {sum(row)} |")
    lines.append("| **" + _("total") + "** | " + " | ".join(f"**{v:+d}**" for v in totals) + f" | **{sum(totals)}** |")
    return "\n".join(lines)


__all__ = ["best_card_line"]  # re-exported for the app's lesson page

_RENDERERS = {
    TrickExample: _trick, PileExample: _pile, ScoreExample: _score, LegalExample: _legal,
    DiscardExample: _discard, PoigneeExample: _poignee, AuctionExample: _auction, DealerExample: _dealer,
    CallExample: _call, PetitSecExample: _petit_sec, RulesExample: _rules, SheetExample: _sheet,
    HandCountExample: _hand_count, CountScaleExample: _count_scale, BestCardExample: _best_card,
    MeasuredExample: _measured,
}
