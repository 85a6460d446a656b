"""Quiz questions and strategy puzzles on the card table: the view each is shown as, the cards it offers, the cards
the engine allows, a refusal in words, and the answer the table's choice means. Pure values, no Streamlit.
"""

from __future__ import annotations

import json
from functools import lru_cache

from ...engine import Card, Deal, RuleSet, SeatView, TarotError, card, parse_cards
from ...engine.cards import BY_CODE
from ...i18n import _
from ...quiz.question import AnswerType, Question
from ..common.text import card_short, cards_text, say
from .table_model import (
    Seat,
    TableView,
    _plays,
    _role,
    _seat_words,
    role_word,
    seat_label,
    seats_of,
    trick_number,
    you_at,
    your_hand,
)

# ---------------------------------------------------------------- quiz questions


def card_choices(q: Question) -> tuple[Card, ...]:
    """The cards of a multiple-choice question whose choices are cards ("which card wins?"), else ()."""
    if q.answer_type is not AnswerType.CHOICE or not q.choices or not all(c.key in BY_CODE for c in q.choices):
        return ()
    return tuple(card(c.key) for c in q.choices)


def answer_cards(q: Question) -> tuple[Card, ...] | None:
    """The right answer as cards, to draw as pictures (the cards to pick, or the card chosen); else None.

    >>> from tutor.quiz import generate
    >>> [c.code for c in answer_cards(generate("winner", 3, players=4))] == [generate("winner", 3, players=4).answer]
    True
    """
    if q.answer_type is AnswerType.PICK_CARDS and isinstance(q.answer, tuple | list):
        return tuple(q.answer)
    if card_choices(q) and q.answer in BY_CODE:
        return (BY_CODE[q.answer],)
    return None


def given_words(q: Question, given: str) -> str:
    """A stored answer as the learner reads it: cards by name ('K♥, trump 21'), anything else as it was typed.

    >>> from tutor.quiz import generate
    >>> given_words(generate("legal", 1, players=4), "KH T21")
    'K♥, trump 21'
    """
    if q.answer_type is AnswerType.PICK_CARDS or card_choices(q):
        try:
            return cards_text(parse_cards(given))
        except TarotError:
            pass
    return given


def answered_by_table(q: Question) -> bool:
    """Questions answered on the card table: cards to pick, or a choice among cards."""
    return q.answer_type is AnswerType.PICK_CARDS or bool(card_choices(q))


@lru_cache(maxsize=256)
def _replayed(provenance: str) -> Deal | None:
    from ...quiz.positions import replay
    try:
        return replay(json.loads(provenance))
    except (TarotError, KeyError, ValueError, TypeError):
        return None  # a position without a replayable deal is shown without seats


def _deal_of(q: Question) -> Deal | None:
    data = q.context.get("deal")
    return _replayed(json.dumps(data, sort_keys=True)) if isinstance(data, dict) else None


def question_view(q: Question, *, token: str) -> TableView:
    """The table for a question: a replayable position is drawn with its seats and trick, any other
    with its card groups; the pool (or the trick's cards, for "which card wins?") is what is clicked."""
    choices = card_choices(q)
    if choices:
        return _winner_view(q, choices, token)
    single = bool(q.context.get("pick_one")) or q.grader == "one_card"
    mode = "pick" if single else "select"
    size = q.context.get("ecart_size")  # choose the écart (good_ecart): exactly that many cards
    need = size if isinstance(size, int) else len(q.answer) if q.kind == "ecart" and isinstance(q.answer, tuple) \
        else None
    pool = tuple(q.pool)
    deal = _deal_of(q)
    answer_label = _("Put these aside") if need else _("Check my answer")
    if deal is not None and "seat" in q.context:
        view = deal.view(int(q.context["seat"]))
        last = view.tricks[-1] if view.tricks else None
        # Every hand shown (an endgame): the other seats' hands lie beside the table, as card rows.
        others = tuple((label, tuple(cards)) for label, cards in q.cards.items()
                       if label.startswith(_seat_words()) and cards) if q.context.get("open_hands") else ()
        legal = legal_cards(q)  # a drill not about legality rings the legal cards, as Practice does
        return TableView(mode=mode, hand=pool, token=token, need=need, seats=seats_of(view, you=True), groups=others,
                         marked=legal or frozenset(),
                         dimmed=frozenset(c for c in pool if c not in legal) if legal else frozenset(),
                         trick=_plays(view.trick, view.trick_seats),
                         previous=_plays(last.cards, last.seats) if last else (),
                         previous_winner=last.winner if last else None, answer_label=answer_label,
                         trick_label=trick_number(len(view.tricks) + 1))
    rows = check_view(q.cards, pool, single=single, token=token)
    return TableView(mode=mode, hand=pool, token=token, need=need, groups=rows.groups, hand_label=rows.hand_label,
                     answer_label=answer_label)


def legal_cards(q: Question) -> frozenset[Card] | None:
    """The cards the learner may play in a one-card question on a dealt position that is not about legality
    (the best-card drills): ringed on the table, as in Practice. None when legality is the question, or no
    deal is at the learner's turn.

    >>> from tutor.quiz import generate
    >>> q = generate("attack_card", 1, players=4, difficulty=1)
    >>> legal = legal_cards(q)
    >>> bool(legal) and set(q.answer) <= legal and legal <= set(q.pool)
    True
    >>> legal_cards(generate("legal", 1, players=4)) is None
    True
    """
    if q.kind == "legal" or q.answer_type is not AnswerType.PICK_CARDS or not q.context.get("pick_one"):
        return None
    deal = _deal_of(q)
    if deal is None or "seat" not in q.context:
        return None
    view = deal.view(int(q.context["seat"]))
    return frozenset(view.legal) if view.to_act == view.seat and view.legal else None


def refusal(q: Question, cards) -> str | None:
    """What to say when a card that may not be played is chosen in such a drill: not an answer, a second try.

    >>> from tutor.quiz import generate
    >>> q = generate("attack_card", 1, players=4, difficulty=1)
    >>> refusal(q, [q.answer[0]]) is None
    True
    """
    legal = legal_cards(q)
    cards = list(cards or ())
    if legal is None or len(cards) != 1 or cards[0] in legal:
        return None
    reason = say(_deal_of(q).explain(int(q.context["seat"]), cards[0]).reason)
    name = card_short(cards[0])
    return _("{card} is not allowed here: {reason} Choose another card.").format(card=name[:1].upper() + name[1:],
                                                                                 reason=reason)


def check_view(shown: dict, pool, *, single: bool, token: str) -> TableView:
    """A lesson's fixed check: its card rows to look at, and the row to choose from (``pool``).

    >>> from tutor.engine import parse_cards
    >>> t = check_view({"Trick so far": parse_cards("10H"), "Your hand": parse_cards("KH 5S")},
    ...                parse_cards("KH 5S"), single=True, token="c")
    >>> t.mode, t.hand_label, [label for label, _ in t.groups]
    ('pick', 'Your hand', ['Trick so far'])
    """
    pool = tuple(pool)
    groups = tuple((label, tuple(cards)) for label, cards in shown.items() if cards and tuple(cards) != pool)
    label = next((label for label, cards in shown.items() if tuple(cards) == pool), _("Choose from these cards"))
    return TableView(mode="pick" if single else "select", hand=pool, token=token, groups=groups, hand_label=label)


def _winner_view(q: Question, choices: tuple[Card, ...], token: str) -> TableView:
    deal, seats = _deal_of(q), q.context.get("seats")
    if deal is not None and isinstance(seats, list) and len(seats) == len(choices):
        view = deal.view(deal.taker if deal.taker is not None else 0)
        table = tuple(Seat(seat_label(s), _role(view, s), dealer=s == deal.dealer) for s in range(deal.players))
        return TableView(mode="pick", token=token, seats=table, trick=tuple(zip(seats, choices)),
                         pick_from="trick", hand_label="", trick_label=_("Which card wins?"))
    groups = tuple((label, tuple(cards)) for label, cards in q.cards.items() if tuple(cards) != choices and cards)
    return TableView(mode="pick", hand=choices, token=token, groups=groups, hand_label=_("The cards to choose from"))


def answer_of(q: Question, cards: tuple[Card, ...]):
    """The table's cards as the question's raw answer: the cards, or the chosen card's choice key."""
    if card_choices(q):
        return cards[0].code if cards else None
    return list(cards)


# ---------------------------------------------------------------- strategy puzzles


def position_view(pos, *, token: str) -> TableView:
    """A best-card puzzle (a ``tutor.strategy.Position``): every seat with its role and hand, named from 1
    ("You (seat 3)", "Seat 4"), the trick in front of the seats that played it, and the hand of the seat to
    play, to click (legal cards ringed, the others dimmed). The other hands are shown in play order from
    the seat after the learner's.

    >>> from tutor.strategy import Position
    >>> p = Position.parse('''
    ... players: 4
    ... contract: garde
    ... taker: 1
    ... hands: {1: KH 3H, 2: T2, 3: 4S, 4: 7D 8D}
    ... trick: {leader: 2, cards: "QS 5S"}
    ... taken: {attack_points: 50, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 4}
    ... ''')
    >>> t = position_view(p, token="x")
    >>> [s.name for s in t.seats], t.trick
    (['Seat 1', 'Seat 2', 'Seat 3', 'You (seat 4)'], ((1, Card('QS')), (2, Card('5S'))))
    >>> [label for label, _ in t.groups], t.hand_label
    (['Seat 1 (taker)', 'Seat 2 (defence)', 'Seat 3 (defence)'], 'Your hand (seat 4, defence)')
    """
    n, me = pos.players, pos.to_play

    def role(s: int) -> str:
        return "taker" if s == pos.taker else "partner" if s == pos.partner else "defence"

    names = [you_at(s) if s == me else seat_label(s) for s in range(n)]
    seats = tuple(Seat(names[s], role(s), turn=s == me, cards_left=len(pos.hands[s]), you=s == me) for s in range(n))
    legal = frozenset(pos.legal())
    others = [(me + k) % n for k in range(1, n)]
    groups = tuple((f"{seat_label(s)} ({role_word(role(s))})", tuple(pos.hands[s])) for s in others)
    done = pos.attack_tricks + pos.defence_tricks
    return TableView(mode="play", hand=tuple(pos.hands[me]), token=token, seats=seats,
                     trick=tuple(((pos.leader + i) % n, c) for i, c in enumerate(pos.trick)), groups=groups,
                     marked=legal, dimmed=frozenset(c for c in pos.hands[me] if c not in legal),
                     hand_label=your_hand(me, role(me)), trick_label=trick_number(done + 1))


def seat_puzzle_view(view: SeatView, *, token: str) -> TableView:
    """A single-dummy puzzle: the seat's own view only. The seats with the roles the seat knows (a hidden
    5-player partner stays unnamed), the trick and the last one, the dog beside the table if it was shown,
    and the seat's hand to click (legal cards ringed). No other seat's card is drawn.

    >>> from tutor.engine import Deal
    >>> from tutor.strategy.bots.policy import decide
    >>> d = Deal.new(4, seed=7, dealer=0)
    >>> while len(d.tricks) < 2:
    ...     _ = d.apply(decide(d.view(d.to_act)).action)
    >>> t = seat_puzzle_view(d.view(d.to_act), token="x")
    >>> t.hand == d.view(d.to_act).hand and t.previous_winner is not None
    True
    """
    last = view.tricks[-1] if view.tricks else None
    legal = frozenset(view.legal)
    groups = ((_("The dog (shown)"), tuple(view.dog)),) if view.dog else ()
    sizes = [RuleSet.for_players(view.players).hand_size - sum(1 for t in view.tricks for s in t.seats if s == k)
             - sum(1 for s in view.trick_seats if s == k) for k in range(view.players)]
    return TableView(mode="play", hand=view.hand, token=token, seats=seats_of(view, hand_sizes=sizes),
                     trick=_plays(view.trick, view.trick_seats), groups=groups,
                     previous=_plays(last.cards, last.seats) if last else (),
                     previous_winner=last.winner if last else None, marked=legal,
                     dimmed=frozenset(c for c in view.hand if c not in legal),
                     hand_label=_("Your hand"), trick_label=trick_number(len(view.tricks) + 1))
