"""Issue 12, rules to fix: every place states a rule the way RULES.md and the engine do.

Each case below is worked out by hand from RULES.md, not read back from the code under test.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tutor.engine import (
    CARDS,
    EXCUSE,
    Bid,
    Contract,
    Deal,
    DealtCards,
    IllegalAction,
    Phase,
    callable_cards,
    parse_cards,
    verify_call,
)
from tutor.engine.rule_text import RULE_TEXT, fill_rules
from tutor.quiz import check_answer, generate
from tutor.quiz.question import AnswerType

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- 1. the called card with 5 players

# (hand, the callable cards worked out from RULES.md, Bidding)
CALL_TABLE = [
    # No king or some kings: the four kings, nothing else (an own king means playing alone).
    ("2S 3H", "KS KH KD KC"),
    ("KS KH KD QS QH QD QC CS", "KS KH KD KC"),
    # All four kings: plus the queens NOT held.
    ("KS KH KD KC", "KS KH KD KC QS QH QD QC"),
    ("KS KH KD KC QH", "KS KH KD KC QS QD QC"),
    ("KS KH KD KC QS QH QD", "KS KH KD KC QC"),
    # All kings and all queens: plus the knights not held instead (the queens are all held).
    ("KS KH KD KC QS QH QD QC", "KS KH KD KC CS CH CD CC"),
    ("KS KH KD KC QS QH QD QC CD", "KS KH KD KC CS CH CC"),
    # Kings, queens and knights: plus the jacks not held.
    ("KS KH KD KC QS QH QD QC CS CH CD CC", "KS KH KD KC JS JH JD JC"),
    ("KS KH KD KC QS QH QD QC CS CH CD CC JS", "KS KH KD KC JH JD JC"),
    # Three knights only: no jack.
    ("KS KH KD KC QS QH QD QC CS CH CD", "KS KH KD KC CC"),
]


@pytest.mark.parametrize("hand,expected", CALL_TABLE)
def test_callable_cards_table(hand, expected):
    assert sorted(map(str, callable_cards(hand))) == sorted(expected.split())


def test_own_face_card_never_callable_with_its_reason():
    with pytest.raises(IllegalAction) as err:
        verify_call(parse_cards("KS KH KD KC QH 2S"), "QH")
    assert err.value.rule == "call_own" and "only with a king of their own" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        verify_call(parse_cards("KS KH KD QH 2S"), "QS")
    assert err.value.rule == "call_rank" and "all four kings" in str(err.value)
    assert verify_call(parse_cards("KS KH KD KC QH 2S"), "KS").code == "KS"  # own king: alone


def test_five_quiz_call_answers_follow_the_table():
    from tutor.quiz import generate
    for seed in range(60):
        q = generate("five", seed, players=5, difficulty=2, ask="call")
        hand = parse_cards(q.context["hand"])
        held_faces = {c for c in hand if c.kind < 4 and c.rank in (11, 12, 13)}
        assert not held_faces & set(q.answer), q.prompt  # a queen, knight or jack held is never an answer
        assert {c.code for c in q.answer} >= {"KS", "KH", "KD", "KC"}


def test_five_player_puzzles_and_lesson_say_the_new_rule():
    text = (ROOT / "puzzles" / "five-players.yaml").read_text()
    assert "solution: KS KH KD KC QS QD QC" in text
    assert "solution: KS KH KD KC CS CH CD CC" in text
    lesson = (ROOT / "lessons" / "14-five-players.yaml").read_text()
    assert "calls a **queen** instead" not in lesson and "may call a queen" in lesson


# ---------------------------------------------------------------- 2. the Excuse in the last trick


def _deal(players: int, hands: list[str], dog: str, dealer: int = 0) -> Deal:
    dealt = DealtCards(players, dealer, tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(dog)), 0, ())
    return Deal(dealt)


def _play_first_legal(deal: Deal, wanted: dict | None = None, keep=()) -> None:
    """Play the deal out: each seat its wanted card for that trick if legal, else its first legal card
    that is not in ``keep`` (kept cards go only when nothing else may be played)."""
    wanted = wanted or {}
    while deal.phase is Phase.PLAYING:
        seat = deal.to_act
        want = wanted.get((len(deal.tricks), seat))
        legal = deal.legal_cards(seat)
        if want is None or want not in legal:
            want = next((c for c in legal if c not in keep), legal[0])
        deal.play(seat, want)


# 4 players, dealer 0: seat 1 takes. Each defender has one low spade for the last trick; the Excuse sits with
# a defender (seat 2) or the taker, and the last trick is won by the taker's side or not.
SUITS_FOR = {
    1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 2S {x}",
    2: "T5 T4 T3 T2 KH QH CH JH 10H 9H 8H 7H 6H 5H 4H 3H KS {y}",
    3: "KD QD CD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D 1D 2H 1H 3S 4S",
    0: "KC QC CC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C 1C QS CS JS 10S",
}


def test_excuse_in_last_trick_changes_side_whoever_wins():
    """A defender's Excuse in the last trick goes to the attack, though the defence wins that trick.

    Seat 1 takes a garde sans and wins 17 tricks with trumps (the Petit once nobody else has one), then leads
    the 2 of spades; seat 2 plays the Excuse and seat 0 wins with the queen of spades. By hand: the Excuse
    changes side, so the attack has all three oudlers."""
    hands = {1: SUITS_FOR[1].format(x="T1"), 2: SUITS_FOR[2].format(y="EX"), 3: SUITS_FOR[3], 0: SUITS_FOR[0]}
    deal = _deal(4, [hands[s] for s in range(4)], "9S 8S 7S 6S 5S 1S")
    for seat, bid in ((1, Contract.GARDE_SANS), (2, None), (3, None), (0, None)):
        deal.apply(Bid(seat, bid))
    order = {(n, 1): c for n, c in enumerate(parse_cards("T21 T20 T19 T18 T1 T17 T16 T15 T14 T13 T12 T11 T10 "
                                                          "T9 T8 T7 T6 2S"))}
    _play_first_legal(deal, order, keep=set(parse_cards("EX QS")))
    last = deal.tricks[-1]
    assert EXCUSE in last.cards and last.seats[last.cards.index(EXCUSE)] == 2
    assert last.winner == 0 and deal.camp(0) == "defence"  # the defence's queen of spades wins the last trick
    pile, _points, notes = deal.attack_pile()
    assert EXCUSE in pile  # the defence's Excuse changed side
    assert any("changed side" in n and "although its own side won" in n for n in notes)
    assert deal.result().oudlers == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_excuse_rule_text_is_what_the_engine_does(players):
    """RULE_TEXT['excuse_last_trick'] says: to the other camp, whichever side wins (outside a chelem).
    Random legal deals, the Excuse kept to the end, both cases."""
    from tutor.engine import random_action
    seen = set()
    for seed in range(1500):
        rng = random.Random(seed)
        deal = Deal.new(players, seed=seed, dealer=seed % players)
        while deal.phase not in (Phase.DONE, Phase.CANCELLED):
            if deal.phase is Phase.PLAYING:
                legal = deal.legal_cards()
                deal.play(deal.to_act, rng.choice([c for c in legal if c is not EXCUSE] or legal))
            else:
                deal.apply(random_action(deal, rng))
        if deal.phase is not Phase.DONE:
            continue
        last = deal.tricks[-1]
        if EXCUSE not in last.cards or last.winner == last.seats[last.cards.index(EXCUSE)]:
            continue  # no Excuse in the last trick, or it won a chelem's last trick
        owner = deal.camp(last.seats[last.cards.index(EXCUSE)])
        pile, _pts, _notes = deal.attack_pile()
        ends = "attack" if EXCUSE in pile else "defence"
        swept = all(deal.camp(t.winner) == deal.camp(last.winner) for t in deal.tricks)
        assert ends == (owner if swept else {"attack": "defence", "defence": "attack"}[owner]), seed
        deal.result()
        if not swept:
            seen.add(owner == deal.camp(last.winner))
        if seen == {True, False}:
            break
    assert "whichever side wins" in RULE_TEXT["excuse_last_trick"]
    assert seen == {True, False}  # its own side won the last trick, and the other side did


WRONG_EXCUSE = re.compile(r"like any other card|goes to the side that wins? (that|the) trick", re.I)


def test_no_wrong_excuse_statement_anywhere():
    files = [*ROOT.glob("lessons/*.yaml"), *ROOT.glob("puzzles/**/*.yaml"), *ROOT.glob("tutor/**/*.py"),
             *ROOT.glob("tutor/**/*.md")]
    bad = []
    for f in files:
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if WRONG_EXCUSE.search(line) and "Excuse" in line + "excuse":
                bad.append(f"{f.relative_to(ROOT)}:{i}: {line.strip()}")
    # A guided hand's "your lowest trump, the 15" was false while holding the Petit (issue 12, point 10).
    assert "your lowest trump, the 15" not in (ROOT / "puzzles" / "guided" / "defence-poignee.yaml").read_text()
    # lesson 7's "played like any other card" is about playing it, not where it goes: allowed.
    bad = [b for b in bad if "is played like any other card" not in b]
    assert not bad, bad


@pytest.mark.parametrize("gid", ["excuse-before-the-last-trick", "petit-au-bout"])
def test_guided_hands_state_the_one_rule_and_the_engine_agrees(gid):
    """The guided hand warns that an Excuse kept for the last trick changes side: play the other card at
    that decision, let the bots finish, and Deal.result() must count the Excuse for the other camp."""
    from tutor.practice import bots_play
    from tutor.practice.guided import read_guided_file
    hand, problems = read_guided_file(ROOT / "puzzles" / "guided" / f"{gid}.yaml")
    assert hand is not None and not problems
    texts = [m.text for m in hand.moments] + [m.wrong for m in hand.moments] + [hand.end]
    assert any(RULE_TEXT["excuse_last_trick"] in t for t in texts)
    decision = next(m for m in hand.moments if m.expect is EXCUSE)
    deal = Deal(hand.dealt)
    for action in hand.log:
        if getattr(action, "card", None) is EXCUSE and action.seat == hand.seat:
            break
        deal.apply(action)
    assert len(deal.tricks) + 1 == decision.trick
    other = next(c for c in deal.legal_cards(hand.seat) if c is not EXCUSE)
    deal.play(hand.seat, other)
    bots_play(deal)
    last = deal.tricks[-1]
    assert EXCUSE in last.cards and last.seats[last.cards.index(EXCUSE)] == hand.seat
    pile, _points, _notes = deal.attack_pile()
    assert (EXCUSE in pile) == (deal.camp(hand.seat) == "defence")  # it went to the other camp
    deal.result()


def test_excuse_quiz_options_state_the_one_rule():
    from tutor.quiz.kinds.excuse import FATE_CHOICES
    right = next(c for c in FATE_CHOICES if c.key == "changes").label
    assert "other camp" in right and "whichever side won" in right


def test_excuse_quiz_last_trick_answers_match_the_engine():
    """Every generated last-trick question's answer is where Deal.result() put the Excuse."""
    from tutor.quiz import generate
    from tutor.quiz.positions import replay
    cases = set()
    for seed in range(40):
        q = generate("excuse", seed, players=4, difficulty=2, ask="last")
        deal = replay(q.context["deal"])
        last = deal.tricks[-1]
        owner = deal.camp(last.seats[last.cards.index(EXCUSE)])
        pile, _pts, _notes = deal.attack_pile()
        ends = "attack" if EXCUSE in pile else "defence"
        assert q.answer == "changes" and ends != owner
        deal.result()  # the engine counts it without complaint
        cases.add(owner == deal.camp(last.winner))
    assert cases == {True, False}  # both: its own side won the last trick, and the other side did


def test_rule_references_fill_in_and_unknown_ones_are_refused():
    assert fill_rules("x {rule:misdeal}") == "x " + RULE_TEXT["misdeal"]
    with pytest.raises(KeyError):
        fill_rules("{rule:nope}")
    from tutor.content.yamlio import ContentError, load_text
    with pytest.raises(ContentError) as err:
        load_text("a: 1\nb: '{rule:nope}'\n", "x.yaml")
    assert "x.yaml:2" in str(err.value)


# ---------------------------------------------------------------- 3. a chelem made without announcing it


def test_unannounced_chelem_excuse_wins_last_and_petit_counts_au_bout():
    """Seat 1 holds T21-T6, the Petit and the Excuse; garde sans, no announcement; leads every trump, then the
    Petit (trick 17) and the Excuse (trick 18). Worked by hand: every trick is the attack's, the Excuse wins the
    last one, the Petit counts au bout; 91 points, 3 oudlers, target 36: (25 + 55) × 4 = 320, petit au bout
    10 × 4 = 40, chelem made unannounced 200: 560 per defender, taker 3 × 560 = 1680."""
    taker = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T1 EX"
    rest = [c for c in CARDS if c not in set(parse_cards(taker))]
    trumps = [c for c in rest if c.is_trump]  # T2..T5
    suits = [c for c in rest if not c.is_trump]
    hands = [" ".join(c.code for c in suits[:18]), taker,
             " ".join(c.code for c in trumps + suits[18:32]), " ".join(c.code for c in suits[32:50])]
    dog = " ".join(c.code for c in suits[50:56])
    deal = _deal(4, hands, dog)
    for seat, bid in ((1, Contract.GARDE_SANS), (2, None), (3, None), (0, None)):
        deal.apply(Bid(seat, bid))
    plan = {(n, 1): c for n, c in enumerate(parse_cards(taker))}
    _play_first_legal(deal, plan)
    assert all(deal.camp(t.winner) == "attack" for t in deal.tricks)
    last = deal.tricks[-1]
    assert last.winner == 1 and last.cards[0] is EXCUSE
    r = deal.result()
    assert (r.attack_points, r.oudlers, r.chelem, r.petit_au_bout) == (91, 3, "made", "attack")
    assert r.score.per_defender == 560 and r.score.taker == 1680


def test_chelem_rule_lines_do_not_say_announcer():
    from tutor.quiz import generate
    from tutor.quiz.rules import RULES
    assert "announcer" not in RULES["excuse_chelem"] and "every other trick" in RULES["excuse_chelem"]
    assert "announced or not" in RULES["excuse_chelem"]
    for seed in range(12):
        q = generate("excuse", seed, players=4, difficulty=3, ask="chelem_excuse")
        assert "announcer" not in q.explanation


# ---------------------------------------------------------------- 4. 5 players: the call before the dog


def test_five_players_dog_hidden_until_the_call():
    for seed in range(60):
        deal = Deal.new(5, seed=seed, dealer=0)
        if deal.phase is not Phase.BIDDING:
            continue
        deal.bid(1, Contract.PETITE)
        for s in (2, 3, 4, 0):
            deal.bid(s, None)
        assert deal.phase is Phase.CALLING
        assert all(deal.view(s).dog is None for s in range(5))  # nobody, the taker included, sees it yet
        deal.call(1, callable_cards(deal.hand(1))[0])
        assert deal.phase is Phase.ECART and deal.view(1).dog == deal.dog
        return
    pytest.fail("no 5-player deal without a petit sec")


# ---------------------------------------------------------------- 5. the misdeal and the first bid


def test_misdealing_dealer_redeals_and_may_not_bid():
    first = Deal.new(4, seed=3, dealer=2)
    again = first.next_deal(seed=4, misdeal=True)
    assert again.dealer == 2
    for seat in (3, 0, 1):
        again.bid(seat, None)
    assert again.to_act == 2 and again.auction.open_bids() == []
    with pytest.raises(IllegalAction) as err:
        again.bid(2, "petite")
    assert "may not bid" in str(err.value) and "Seat 3" in str(err.value)
    again.bid(2, None)  # passing is allowed: everyone passed, the deal is cancelled
    assert again.phase is Phase.CANCELLED
    # A normal next deal: the next dealer, who may bid.
    normal = first.next_deal(seed=4)
    assert normal.dealer == 3 and normal.auction.barred == frozenset()
    # The log replays with the flag.
    assert Deal.replay(4, 4, again.log, dealer=2, misdealt=True).phase is Phase.CANCELLED


def test_bots_pass_when_barred_after_a_misdeal():
    from tutor.practice import bots_play
    for seed in range(20):
        deal = Deal.new(4, seed=seed, dealer=1, misdealt=True)
        bots_play(deal)
        assert (1, None) in deal.auction.bids or deal.phase is Phase.CANCELLED


def test_lessons_use_the_fft_words():
    bidding = (ROOT / "lessons" / "06-bidding.yaml").read_text()
    assert "Je prise" in bidding and "{rule:first_bid}" in bidding
    assert "je prends" in RULE_TEXT["first_bid"]
    dealing = (ROOT / "lessons" / "05-dealing.yaml").read_text()
    assert "{rule:misdeal}" in dealing  # stated where dealing is taught, checked once bidding is
    assert "misdeal: true" in (ROOT / "lessons" / "06-bidding.yaml").read_text()


# ---------------------------------------------------------------- 7. one sign convention


LOST = {"players": 4, "contract": "garde", "taker_points": 34, "oudlers": 2, "petit_au_bout": "defence",
        "poignees": [], "chelem": None, "alone": False}


def test_form_model_answer_and_steps_use_one_sign_convention():
    """A garde lost by 7 (34 with 2 oudlers), petit au bout for the defence. By hand, from the taker's side:
    contract -(25 + 7) x 2 = -64, petit au bout -20, per defender -84 (each defender receives 84), taker
    -252, each defender +84."""
    from tutor.quiz.question import Question
    from tutor.quiz.scoreform import SIGN_CONVENTION, form_answer, form_fields, mistakes_for
    answer = form_answer(LOST)
    assert answer == {"target": 41, "result": -7, "contract": -64, "petit_au_bout": -20, "per_defender": -84,
                      "taker": -252, "defender": 84}
    assert mistakes_for(LOST, "contract", 64)[0] == "sign_slip"
    assert mistakes_for(LOST, "per_defender", 84)[0] == "sign_slip"
    q = Question(kind="score", seed=None, params={}, skill="scoring", prompt="p", answer_type=AnswerType.SCORE_FORM,
                 answer=answer, fields=form_fields(answer), explanation="", rules=(), context={"score": LOST},
                 grader="score_form")
    assert "Contract: -64" in q.answer_text and "Per defender: -84" in q.answer_text
    fb = check_answer(q, dict(answer, per_defender=84))
    assert not fb.correct and "sign_slip" in fb.mistakes and "each defender receives it" in fb.message
    assert all(not f.hint.lstrip().startswith(("+", "-", "−")) for f in q.fields)  # no Markdown bullet
    assert "+ when the taker’s side gains" in SIGN_CONVENTION
    from tutor.engine import score_deal
    steps = {st.key: st.text for st in score_deal(**LOST).steps}
    assert "lost: -64" in steps["contract"]
    assert "Per defender: -64 - 20 = -84: each defender receives 84" in steps["per_defender"]


def test_worksheet_key_prints_the_convention_and_signed_steps():
    import io

    from pypdf import PdfReader

    from tutor.worksheets import Worksheet, answers_pdf
    qs = [generate("score", seed, players=4, difficulty=1) for seed in range(40)]
    lost = next(q for q in qs if q.answer["result"] < 0)
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(answers_pdf(Worksheet("Key", [lost])))).pages)
    text = " ".join(text.split())
    assert "signed from the taker" in text
    assert f"Per defender: {lost.answer['per_defender']}" in text and lost.answer["per_defender"] < 0


def test_form_fields_come_in_the_order_of_the_steps():
    from tutor.ui.quiz.question import form_rows
    keys = ["target", "result", "contract", "petit_au_bout", "per_defender", "taker", "defender"]
    assert [k for row in form_rows(keys) for k in row] == keys
    assert all(len(row) <= 2 for row in form_rows(keys))
