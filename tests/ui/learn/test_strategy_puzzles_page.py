"""The Puzzles page with strategy puzzles (AppTest): a best-card puzzle answered right and wrong (typed: AppTest
cannot click the card table; the browser test clicks it), the solver's values and line of play in the feedback,
a bid puzzle, the theme filter, the rating shown and moved, and "Show the solution" counted as a miss."""

from apptest_helpers import app

from tutor.engine import card
from tutor.progress import Store
from tutor.progress.rating import Rating, after_puzzle
from tutor.strategy import solve
from tutor.ui.common import data
from tutor.ui.table.line_model import line_steps
from tutor.ui.table.question_views import position_view

PID = "petit-when-nobody-can-overtrump"  # the taker must put the Petit on a trick nobody can overtrump


def puzzle(pid):
    return next(p for p in data.puzzles() if p.id == pid)


def click(at, label):
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception


def texts(at):
    return "\n".join([*(m.value for m in at.markdown), *(c.value for c in at.caption)])


def test_a_best_card_puzzle_answered_right_shows_every_cards_value_and_the_line(db):
    p = puzzle(PID)
    assert p.solution == ("T1",) == tuple(c.code for c in solve(p.position).best)
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    assert not at.exception
    assert at.subheader[0].value == "4 players · attack · trick 16"  # the title waits for the answer
    assert "4 players · Petite · taker: seat 3" in texts(at)
    at.text_input(key=f"pz_{PID}_typed").set_value("petit")
    click(at, "Check what I typed")
    assert at.subheader[0].value == p.title
    assert at.success[0].value == "Right: The Petit (trump 1) is best."
    shown = texts(at)
    assert "What each card yields" in shown and "A best line" in shown
    # The table lists every legal card with the solver's score, the best one marked.
    rows = at.table[0].value
    assert list(rows["Card"]) == ["The Petit (trump 1)", "Trump 18", "Trump 7"]
    assert list(rows["Taker's score"]) == ["+84", "−108", "−108"]  # the true minus sign learners read
    assert list(rows["For your side"]) == ["best", "192 points worse", "192 points worse"]
    # The line, trick by trick on the table, seats from 1, cards by name: its first trick first.
    assert "Trick 16: seat 1 J♠, seat 2 7♥, you (seat 3) trump 1, seat 4 C♠. You win it." in shown
    me = db.default_learner()
    assert PID in db.puzzles_solved(me.id)
    rating, count = db.puzzle_rating(me.id)
    assert count == 1 and round(rating.rating, 6) == round(after_puzzle(Rating(), p.difficulty, True).rating, 6)
    assert any(c.value.startswith("Your puzzle rating: 1500 → ") for c in at.caption)


def test_a_best_card_puzzle_answered_wrong_shows_what_the_card_costs(db):
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at.text_input(key=f"pz_{PID}_typed").set_value("T18")
    click(at, "Check what I typed")
    assert not at.exception
    assert at.error[0].value == "Not the best: Trump 18. Best: The Petit (trump 1)."
    shown = texts(at)
    assert "A best line" in shown and "After your Trump 18" not in shown  # the refutation waits for "Show me"
    me = db.default_learner()
    assert PID not in db.puzzles_solved(me.id)
    rating, count = db.puzzle_rating(me.id)
    assert count == 1 and rating.rating < 1500


def test_an_illegal_card_is_refused_and_not_counted(db):
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at.text_input(key=f"pz_{PID}_typed").set_value("KH")
    click(at, "Check what I typed")
    assert not at.exception
    assert "cannot be played here" in at.warning[0].value
    assert not at.error and not at.success
    assert db.puzzle_rating(db.default_learner().id)[1] == 0


def test_the_solution_shown_first_counts_as_a_miss(db):
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at.button(key=f"pz_{PID}_show").click().run()
    assert not at.exception
    solution = next(m.value for m in at.markdown if m.value.startswith("**Solution:**"))
    assert solution.count("<img") == 1 and 'alt="the Petit (trump 1)"' in solution  # the card's picture
    assert "Principle: Save the Petit." in texts(at)
    links = [el.proto for el in at.get("page_link") if el.proto.page == "lesson"]  # the principle's lesson
    # The learner is the taker: the attack's lesson, never "Playing the defence" (issue 24).
    want = [("Lesson: Playing the attack", "lesson=attack-play&step=1")]
    assert [(ln.label, ln.query_string) for ln in links] == want
    rating, count = db.puzzle_rating(db.default_learner().id)
    assert count == 1 and rating.rating < 1500


def test_a_bid_puzzle_shows_each_contracts_chance_and_score(db):
    pid = "bid-nothing-to-take"
    at = app("tutor/ui/pages/puzzles.py", puzzle=pid)
    assert not at.exception
    at.radio(key=f"pz_{pid}_bid").set_value("Garde")
    click(at, "Check my answer")
    assert not at.exception
    assert at.error[0].value == "Not the best bid: Garde. Best: Pass."
    rows = at.table[0].value
    assert list(rows["Bid"]) == ["Pass", "Petite", "Garde", "Garde sans", "Garde contre"]
    # Passing is valued by play (you defend whoever takes), as the estimator gives it for this puzzle.
    from tutor.quiz.strategy_puzzles import bid_values
    from tutor.strategy.bidding.advice import signed_score
    puzzle = next(q for q in data.puzzles() if q.id == pid)
    assert rows["Expected score"].iloc[0] == signed_score(bid_values(puzzle)["pass"]["expected"]).replace("-", "−")
    assert list(rows[""]).index("best") == 0


def test_strategy_puzzles_have_themes_to_filter_on():
    at = app("tutor/ui/pages/puzzles.py")
    at.multiselect[0].set_value(["charger"]).run()
    assert not at.exception
    options = at.selectbox(key="pz_pick").options
    charger = [p for p in data.puzzles() if "charger" in p.tags]
    assert len(options) == len(charger) >= 3


def test_the_next_puzzle_is_near_the_learners_rating(db):
    me = db.default_learner()
    for i in range(6):  # a strong record: the rating climbs towards the three-star puzzles
        db.record_puzzle(me.id, f"old-{i}", solved=True, credit=1.0, difficulty=3)
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    assert "Puzzle rating: " in texts(at)
    at.button(key=f"pz_{PID}_show").click().run()
    at.button(key="pz_next").click().run()
    assert not at.exception
    assert puzzle(at.selectbox(key="pz_pick").value).difficulty == 3


def test_the_table_shows_every_hand_with_seats_from_one():
    p = puzzle("five-players-the-petit-must-fall")
    t = position_view(p.position, token="t")
    assert [s.name for s in t.seats] == ["You (seat 1)", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
    assert [s.role for s in t.seats] == ["taker", "defence", "defence", "partner", "defence"]
    assert [label for label, _ in t.groups] == ["Seat 2 (defence)", "Seat 3 (defence)", "Seat 4 (partner)",
                                                "Seat 5 (defence)"]
    assert sum(len(cards) for _, cards in t.groups) + len(t.hand) == p.position.cards_left
    assert "Seat 0" not in str(t.to_data())


def test_store_is_untouched_without_a_learner_store(tmp_path):
    s = Store.open(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert s.puzzle_rating(s.default_learner().id) == (Rating(), 0)
    s.close()


def test_the_progress_page_shows_the_rating(db):
    me = db.default_learner()
    db.record_puzzle(me.id, PID, solved=True, credit=1.0, difficulty=2)
    rating = db.puzzle_rating(me.id)[0]
    at = app("tutor/ui/pages/progress.py")
    assert not at.exception
    assert any(c.value.startswith(f"Puzzle rating: {rating.rating:.0f} (likely between ") for c in at.caption)


def test_the_best_line_steps_trick_by_trick_on_the_table(db):
    """The perfect line is a stepper: one trick at a time on the card table, Previous / Next trick."""
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at.text_input(key=f"pz_{PID}_typed").set_value("petit")
    click(at, "Check what I typed")
    key = f"pz_{PID}_best"
    assert at.button(key=f"{key}_prev").disabled and not at.button(key=f"{key}_next").disabled
    assert "trick 1 of 3 of this line" in texts(at)
    at.button(key=f"{key}_next").click().run()
    shown = texts(at)
    assert "trick 2 of 3 of this line" in shown and "Trick 16:" not in shown
    # Worked by hand: the taker leads the 18, seat 1 overtrumps with the 20, seat 2 gives the Excuse.
    assert "Trick 17: you (seat 3) trump 18, seat 4 Q♠, seat 1 trump 20, seat 2 the Excuse. Seat 1 wins it." in shown
    at.button(key=f"{key}_next").click().run()
    assert "Trick 18:" in texts(at) and at.button(key=f"{key}_next").disabled
    at.button(key=f"{key}_prev").click().run()
    assert "Trick 17:" in texts(at) and not at.exception


def test_show_me_plays_the_refutation_after_a_wrong_card(db):
    """After a wrong answer, "Show me" plays the solver's line after the learner's card, trick by trick."""
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at.text_input(key=f"pz_{PID}_typed").set_value("T18")
    click(at, "Check what I typed")
    assert "After your Trump 18" not in texts(at)
    click(at, "Show me")
    shown = texts(at)
    assert "After your Trump 18, with perfect play" in shown
    p = puzzle(PID)
    after = p.position.play(card("T18"))
    line = [(p.position.to_play, card("T18")), *solve(after, line=True).line]
    first = line_steps(p.position, line)[0].words
    assert first in shown and "you (seat 3) trump 18" in first  # the learner's own card opens the refutation
    assert not any(b.label == "Show me" for b in at.button)
    key = f"pz_{PID}_refute"
    at.button(key=f"{key}_next").click().run()
    assert line_steps(p.position, line)[1].words in texts(at)
    # The right answer gets no "Show me": there is nothing to refute.
    at2 = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    at2.text_input(key=f"pz_{PID}_typed").set_value("petit")
    click(at2, "Check what I typed")
    assert not any(b.label == "Show me" for b in at2.button)


# ---------------------------------------------------------------- captions and single-dummy puzzles

SEAT_PID = "seat-4p-defence-28"  # a defender cashes the K♠ at trick 10: the 7♠ (the bots' card) is worse


def test_a_double_dummy_puzzle_says_every_hand_is_shown():
    at = app("tutor/ui/pages/puzzles.py", puzzle=PID)
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert any(c.startswith("Every hand is shown") for c in captions)
    assert not any("You see only your hand" in c for c in captions)


def test_a_single_dummy_puzzle_shows_only_the_seats_view_and_grades_by_the_advisor(db):
    import re

    from tutor.engine import card
    from tutor.quiz.seat_puzzles import hidden_cards, seat_view
    from tutor.ui.common.cards import card_name

    p = puzzle(SEAT_PID)
    at = app("tutor/ui/pages/puzzles.py", puzzle=SEAT_PID)
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert any(c.startswith("You see only your hand and what has been played") for c in captions)
    assert not any(c.startswith("Every hand is shown") for c in captions)
    assert any("taker: seat 1" in c and "4 players" in c for c in captions)
    # No other seat's card is named anywhere on the page before the answer (the table is checked in
    # test_seat_puzzles.py: AppTest cannot read the component).
    shown = texts(at) + "\n".join(e.label for e in at.expander)
    for c in hidden_cards(p):
        for name in {c.short, card_name(c)}:
            assert not re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w♠♥♦♣])", shown), name
    assert p.solution == ("KS",) and card("7S") in seat_view(p).legal
    at.text_input(key=f"pz_{SEAT_PID}_typed").set_value("7S")
    click(at, "Check what I typed")
    assert at.error[0].value.startswith(f"Not the best: {card_name(card('7S'))}. Best: {card_name(card('KS'))}")
    at.button(key=f"pz_{SEAT_PID}_show").click().run()
    assert not at.exception
    rows = at.table[0].value
    assert list(rows["Card"])[0] == card_name(card("KS")) and list(rows["Verdict"])[0] == "best"
    assert any("points worse" in v for v in rows["Verdict"])
    assert "on 400 deals of the cards you cannot see" in texts(at)


def test_a_single_dummy_puzzle_answered_right(db):
    from tutor.engine import card
    from tutor.ui.common.cards import card_name

    at = app("tutor/ui/pages/puzzles.py", puzzle=SEAT_PID)
    at.text_input(key=f"pz_{SEAT_PID}_typed").set_value("KS")
    click(at, "Check what I typed")
    assert at.success[0].value == f"Right: {card_name(card('KS'))} is best."
    assert SEAT_PID in db.puzzles_solved(db.default_learner().id)
