"""The card table's logic, without a browser: what each page puts on the table, and what the answer the
browser sends back means. (The component itself is driven in tests/browser/test_browser_table.py.)"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import CARDS, Bid, Contract, Phase, PlayCard, parse_cards
from tutor.practice.table import NAMES, Table
from tutor.quiz import check_answer, generate
from tutor.quiz.positions import replay
from tutor.ui.common.cards import card_name
from tutor.ui.practice.practice_parts import names_for
from tutor.ui.table.question_views import answer_of, answered_by_table, card_choices, check_view, question_view
from tutor.ui.table.table_model import TableView, bot_cards_since, ecart_view, play_view, read_answer, seat_places

# ---------------------------------------------------------------- names and places


def test_every_card_is_named_as_the_lessons_name_it():
    names = [card_name(c) for c in CARDS]
    assert len(set(names)) == 78
    by_code = dict(zip((c.code for c in CARDS), names))
    assert by_code["KH"] == "King of hearts" and by_code["T21"] == "Trump 21" and by_code["EX"] == "The Excuse"
    assert by_code["CS"] == "Knight of spades" and by_code["T1"] == "The Petit (trump 1)"
    assert all(n == c.name[0].upper() + c.name[1:] for n, c in zip(names, CARDS))


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("you", [0, 1, 2])
def test_seats_sit_counter_clockwise_in_play_order_with_the_learner_at_the_bottom(n, you):
    places = seat_places(n, you=you)
    x, y, _, _ = places[you]
    assert y == max(p[1] for p in places) and x == 50  # the learner at the bottom, in the middle

    def angle(p):  # on the oval table (radii 40 and 38 %); screen y grows downwards, so it is flipped
        return math.atan2(-(p[1] - 50) / 38, (p[0] - 50) / 40)

    for s in range(n):
        a, b = places[(you + s) % n], places[(you + s + 1) % n]
        turn = (angle(b) - angle(a)) % (2 * math.pi)
        assert turn == pytest.approx(2 * math.pi / n, abs=0.01)  # the next seat in play order: one step on
        tx, ty = a[2], a[3]  # each seat's trick card lies between the seat and the middle
        assert math.dist((tx, ty), (50, 50)) < math.dist(a[:2], (50, 50))
    if n == 4:
        assert places[(you + 1) % 4][0] > 50  # so the next player is on the learner's right


# ---------------------------------------------------------------- practice


def _practice(seed=13, bid=None) -> Table:
    t = Table.new(4, seed)
    t.advance()
    t.act(Bid(0, bid))
    return t


def test_the_practice_table_shows_seats_roles_the_trick_and_playable_hand():
    t = _practice()  # seed 13: the learner passes, Anna takes; the learner is to play in trick 1
    d, view = t.deal, t.view()
    names = names_for(4, 0)
    tv = play_view(view, names, [len(d.hand(s)) for s in range(4)], token="x",
                   fresh=bot_cards_since(view.trick_seats, 0))
    data = tv.to_data()
    assert [s["name"] for s in data["seats"]] == list(NAMES[4])
    assert [s["marks"] for s in data["seats"]][d.dealer][0] == "dealer"
    assert "taker" in data["seats"][d.taker]["marks"] and d.taker == 1
    assert data["seats"][0]["you"] and "to play" in data["seats"][0]["marks"]
    assert [(p["seat"], p["card"]) for p in data["trick"]] == [(s, c.code) for s, c in zip(d.trick_seats, d.trick)]
    assert tv.mode == "play" and tv.choosable == view.hand
    assert set(data["marked"]) == {c.code for c in view.legal}
    assert set(data["dimmed"]) == {c.code for c in view.hand if c not in view.legal}
    assert tv.fresh == len(d.trick) == 2  # both cards came from the bots: they come in one at a time
    json.dumps(data)  # plain JSON for the component
    assert all(data["cards"][code]["src"].startswith("data:image/svg+xml;base64,") for code in data["hand"])


def test_after_the_learners_card_the_last_trick_can_be_looked_at():
    t = _practice()
    view = t.view()
    t.act(PlayCard(0, view.legal[0]))
    view = t.view()
    tv = play_view(view, names_for(4, 0), [len(t.deal.hand(s)) for s in range(4)], token="y")
    last = t.deal.tricks[0]
    assert tv.previous == tuple(zip(last.seats, last.cards)) and tv.previous_winner == last.winner
    won = [p for p in tv.to_data()["previous"] if p["won"]]
    assert len(won) == 1 and won[0]["seat"] == last.winner
    assert tv.trick_label == "Trick 2"


def test_bot_cards_since_counts_only_the_cards_after_the_learners():
    assert bot_cards_since((), 0) == 0
    assert bot_cards_since((0,), 0) == 0
    assert bot_cards_since((2, 3, 0, 1), 0) == 1
    assert bot_cards_since((1, 2, 3), 0) == 3


def test_the_ecart_needs_exactly_the_dog_size():
    t = _practice(bid=Contract.GARDE)
    assert t.deal.phase is Phase.ECART
    hand = t.view().hand
    tv = ecart_view(hand, t.deal.rules.dog_size, token="e")
    assert tv.need == 6 and tv.mode == "select"
    six = [c.code for c in hand[:6]]
    assert read_answer({"cards": six, "token": "e"}, tv) == tuple(hand[:6])
    assert read_answer({"cards": six[:5], "token": "e"}, tv) is None
    assert read_answer({"cards": [c.code for c in hand[:7]], "token": "e"}, tv) is None


# ---------------------------------------------------------------- quiz questions


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_legal_cards_question_is_drawn_from_its_deal(seed, players):
    q = generate("legal", seed, players=players, difficulty=1 + seed % 3)
    tv = question_view(q, token="q")
    me = q.context["seat"]
    deal = replay(q.context["deal"])
    assert tv.mode == "select" and tv.hand == q.pool and tv.need is None
    assert len(tv.seats) == players and tv.seats[me].name == "You" and tv.seats[me].you
    assert [s.name for i, s in enumerate(tv.seats) if i != me] == [f"Seat {i + 1}" for i in range(players) if i != me]
    assert tv.seats[deal.dealer].dealer and tv.seats[deal.taker].role == "taker"
    assert tuple(c for _, c in tv.trick) == q.cards.get("Trick so far", ())
    assert "Seat 0" not in json.dumps(tv.to_data())
    # The answer clicked on the table is graded like any other: the engine's answer is right.
    picked = read_answer({"cards": [c.code for c in q.answer], "token": "q"}, tv)
    assert check_answer(q, answer_of(q, picked)).correct
    wrong = read_answer({"cards": [q.pool[0].code], "token": "q"}, tv)
    assert check_answer(q, answer_of(q, wrong)).correct == (q.answer == (q.pool[0],))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_ecart_question_counts_to_the_dog_size(players):
    # Some écart questions ask to judge a proposed écart (a choice): take the first that asks for cards.
    q = next(q for seed in range(60) if answered_by_table(q := generate("ecart", seed, players=players)))
    tv = question_view(q, token="e")
    assert tv.need == {3: 6, 4: 6, 5: 3}[players] and tv.answer_label == "Put these aside"
    picked = read_answer({"cards": [c.code for c in q.answer], "token": "e"}, tv)
    assert check_answer(q, answer_of(q, picked)).correct


@pytest.mark.parametrize("seed", range(5))
def test_who_wins_is_answered_by_picking_a_card_of_the_trick(seed):
    q = generate("winner", seed, players=4, difficulty=1 + seed % 3)
    cards = card_choices(q)
    assert cards and answered_by_table(q)
    tv = question_view(q, token="w")
    assert tv.mode == "pick" and tv.pick_from == "trick" and tv.choosable == cards
    assert [s for s, _ in tv.trick] == q.context["seats"]
    for c in cards:
        picked = read_answer({"cards": [c.code], "token": "w"}, tv)
        assert check_answer(q, answer_of(q, picked)).correct == (c.code == q.answer)
    assert read_answer({"cards": [c.code for c in cards[:2]], "token": "w"}, tv) is None  # one card only


def test_questions_that_are_not_about_cards_stay_off_the_table():
    assert not answered_by_table(generate("count", 1, players=4))
    assert not answered_by_table(generate("score", 1, players=4))


def test_a_lesson_check_shows_its_rows_and_picks_from_its_pool():
    hand, trick = parse_cards("KH 3H 5S"), parse_cards("10H")
    tv = check_view({"Trick so far": trick, "Your hand": hand}, hand, single=False, token="c")
    assert tv.mode == "select" and tv.hand_label == "Your hand" and tv.groups == (("Trick so far", tuple(trick)),)
    assert read_answer({"cards": ["KH", "3H"], "token": "c"}, tv) == tuple(parse_cards("KH 3H"))


# ---------------------------------------------------------------- the answer sent back


HAND = tuple(parse_cards("KH 3H 5S T4 T16 EX"))


@given(st.lists(st.sampled_from([*HAND, *parse_cards("QS T21 1C")]), max_size=8))
def test_only_an_answer_made_of_offered_cards_counts(cards):
    tv = TableView(mode="select", hand=HAND, token="t")
    got = read_answer({"cards": [c.code for c in cards], "token": "t"}, tv)
    fits = bool(cards) and len(set(cards)) == len(cards) and all(c in HAND for c in cards)
    assert (got == tuple(cards)) if fits else got is None


@pytest.mark.parametrize("value", [None, "KH", ["KH"], {"cards": "KH", "token": "t"}, {"cards": ["KH"]},
                                   {"cards": ["KH"], "token": "old"}, {"cards": [], "token": "t"}])
def test_a_malformed_or_stale_answer_is_ignored(value):
    assert read_answer(value, TableView(mode="play", hand=HAND, token="t")) is None


def test_playing_sends_one_card_and_looking_sends_none():
    play = TableView(mode="play", hand=HAND, token="t")
    assert read_answer({"cards": ["KH"], "token": "t"}, play) == (HAND[0],)
    assert read_answer({"cards": ["KH", "3H"], "token": "t"}, play) is None
    look = TableView(mode="view", hand=HAND, token="t")
    assert look.choosable == () and read_answer({"cards": ["KH"], "token": "t"}, look) is None
    with pytest.raises(ValueError):
        TableView(mode="drag", hand=HAND)


def test_a_question_without_a_deal_shows_its_rows_and_names_the_row_to_choose_from():
    q = generate("five", next(s for s in range(40) if answered_by_table(generate("five", s, players=5))), players=5)
    tv = question_view(q, token="k")
    assert tv.seats == () and tv.hand == q.pool
    assert tv.hand_label == "Choose from these cards" and ("Your hand", q.cards["Your hand"]) in tv.groups


# ---------------------------------------------------------------- the pages keep the typed fallback


def test_a_lesson_card_check_on_the_table_still_takes_a_typed_answer(tmp_path, monkeypatch):
    """The table replaces the pills; typing the card still answers (AppTest cannot click the table)."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from tutor.ui.common.data import course

    lesson = course().lesson("ranks")
    i = next(i for i, s in enumerate(lesson.steps) if getattr(s, "answer_kind", None) == "card")
    step = lesson.steps[i]

    def opened() -> AppTest:
        at = AppTest.from_file(str(Path(__file__).resolve().parents[3] / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("tutor/ui/pages/lesson.py")
        at.query_params["lesson"] = "ranks"
        at.session_state["step_ranks"] = i
        at.run()
        assert not at.exception and not at.pills  # no pills: the cards are on the table
        return at

    def typed(at: AppTest, code: str) -> AppTest:
        at.text_input(key=f"ranks_{i}_typed").set_value(code)
        next(b for b in at.button if b.label == "Check what I typed").click().run()
        return at

    wrong = next(c for c in step.pick_from if c.code != str(step.answer))
    at = typed(opened(), wrong.code)
    assert at.error and "Not quite" in at.error[0].value
    # A lesson check is answered once an attempt: the answer stays, the box is gone.
    assert not [t for t in at.text_input if t.key == f"ranks_{i}_typed"]
    # A new learner on a fresh database types the right card (the first learner's attempt is kept).
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///{tmp_path / 'other.db'}")
    at = typed(opened(), str(step.answer))
    assert any(s.value == "Right!" for s in at.success)


def test_a_class_quiz_card_question_takes_a_typed_answer(monkeypatch):
    import os
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from tutor.classroom import passphrase
    from tutor.classroom.store import ClassStore
    from tutor.progress import Store

    secret = "card table class"
    monkeypatch.setenv(passphrase.ENV_VAR, passphrase.make_hash(secret, salt=b"0123456789abcdef"))
    # each test has a fresh database, so the passphrase throttle starts with no failures
    app = str(Path(__file__).resolve().parents[3] / "streamlit_app.py")

    def page(name, **query):
        at = AppTest.from_file(app, default_timeout=60)
        at.run()
        at.switch_page(f"tutor/ui/pages/{name}.py")
        for k, v in query.items():
            at.query_params[k] = v
        return at.run()

    def button(at, label):
        return next(b for b in at.button if b.label == label)

    teacher = page("teacher")
    teacher.text_input[0].input(secret)
    button(teacher, "Unlock").click().run()
    teacher.text_input[0].input("Legal cards")
    teacher.multiselect[0].select("legal")
    teacher.number_input[0].set_value(1)
    button(teacher, "Set the quiz").click().run()
    assert not teacher.exception and not teacher.error
    code = teacher.code[0].value.rsplit("=", 1)[1]
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        q = ClassStore(s.engine).find(code).questions[0]
    finally:
        s.close()
    at = page("class_quiz", code=code)
    at.text_input[1].input("Ana")
    button(at, "Join the quiz").click().run()
    assert not at.exception and not at.pills
    at.text_input(key=f"class_{code}_0_typed").input(" ".join(c.code for c in q.answer))
    button(at, "Send what I typed").click().run()
    assert not at.exception
    assert at.subheader[0].value.startswith("Your result: 1 right out of 1")
