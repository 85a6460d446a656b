"""Issue 27: one picture of the table (the learner at the bottom, one seat geometry), and the legal cards
marked in the drills that are not about legality (an illegal click is refused, with a second try)."""

from __future__ import annotations

import math
import re

import pytest
from apptest_helpers import app

from tutor.engine.seats import seat_spots, table_picture
from tutor.quiz import check_answer, generate
from tutor.ui.table.question_views import legal_cards, question_view, refusal
from tutor.ui.table.table_model import seat_places
from tutor.ui.table.table_picture import seat_spots as svg_spots
from tutor.ui.table.table_picture import table_svg


def _angle(x: float, y: float) -> float:
    return round(math.degrees(math.atan2(y, x)) % 360, 1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_picture_and_the_card_table_place_every_seat_alike(players):
    """Both drawings put each seat at the same angle around the table, for every seat at the bottom."""
    for you in range(players):
        card_table = [_angle(x - 50, (50 - y) * 40 / 38) for x, y, _, _ in seat_places(players, you=you)]
        drawing = [_angle(x - 130, 130 - y) for x, y in svg_spots(players, you)]
        assert card_table == drawing, (players, you)
        assert drawing[you] == 270.0  # the learner at the bottom
        # play goes counter-clockwise seen from above: each next seat a step further round, to the right
        steps = [(drawing[(you + k + 1) % players] - drawing[(you + k) % players]) % 360 for k in range(players)]
        assert steps == [round(360 / players, 1)] * players or all(abs(s - 360 / players) < 0.2 for s in steps)


def test_the_engine_geometry_by_hand():
    # 4 players, seat 3 (index 2) at the bottom: seat 4 on its right, seat 1 across, seat 2 on its left.
    assert seat_spots(4, bottom=2) == ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
    pic = table_picture(4, dealer=1, notes={2: "you"}, bottom=2)
    assert [(s.x, s.y) for s in pic.seats] == list(seat_spots(4, bottom=2))


def test_the_drawing_puts_you_at_the_bottom():
    svg = table_svg(4, 1, ("Seat 1", "Seat 2", "Seat 3 (you)", "Seat 4"), 2)
    ys = {m.group(2): float(m.group(1)) for m in re.finditer(r'y="([\d.]+)"[^>]*>(Seat \d[^<]*)<', svg)}
    assert ys["Seat 3 (you)"] == max(ys.values())  # SVG's y points down: the bottom seat has the largest y


def _drill(kind: str, seed: int, players: int = 4, difficulty: int = 1):
    at = app("tutor/ui/pages/drill.py", kind=kind, seed=str(seed), players=str(players), difficulty=str(difficulty))
    assert not at.exception
    return at, f"drill_{kind}_{seed}_{players}_{difficulty}"


def _table_pictures(at) -> int:
    return sum('class="tt-table"' in str(m.value) for m in at.markdown)


def test_a_question_on_the_card_table_shows_no_second_picture():
    """A legal-cards question is drawn on the card table with its seats: the small drawing is not added (its
    words stay, as a caption)."""
    q = generate("legal", 3, players=4, difficulty=1)
    assert question_view(q, token="t").seats and "table" in q.context
    at, _ = _drill("legal", 3)
    assert _table_pictures(at) == 0
    assert any("counter-clockwise" in c.value for c in at.caption)


def test_a_question_without_the_card_table_draws_the_table_with_you_at_the_bottom():
    """"What would you bid?" is answered by a choice: the drawing shows the table, the learner at the bottom."""
    q = generate("contract", 1, players=4, difficulty=1)
    you = q.context["table"]["you"]
    assert you != 0  # else "at the bottom" would hold by chance
    at, _ = _drill("contract", 1)
    assert _table_pictures(at) == 1
    caption = next(c.value for c in at.caption if "counter-clockwise" in c.value)
    assert f"Seat {you + 1} (you)" in caption
    svg_alt = next(str(m.value) for m in at.markdown if 'class="tt-table"' in str(m.value))
    assert f"Seat {you + 1} (you)" in svg_alt


ILLEGAL_SEED = 4  # attack_card, 4 players, level 1: of trump 1, the Excuse and J♣ in hand, J♣ may not be played


def test_best_card_drills_ring_the_legal_cards():
    q = generate("attack_card", ILLEGAL_SEED, players=4, difficulty=1)
    legal = legal_cards(q)
    illegal = [c for c in q.pool if c not in legal]
    assert legal and illegal
    view = question_view(q, token="t")
    assert view.marked == legal and view.dimmed == frozenset(illegal)
    # the legality drill itself gives nothing away
    lq = generate("legal", 1, players=4)
    assert not question_view(lq, token="t").marked and refusal(lq, list(lq.pool)[:1]) is None


def test_an_illegal_card_in_a_best_card_drill_is_refused_then_a_second_try_counts():
    q = generate("attack_card", ILLEGAL_SEED, players=4, difficulty=1)
    illegal = next(c for c in q.pool if c not in legal_cards(q))
    assert check_answer(q, [illegal]).correct is False  # graded, it would be a wrong answer
    at, key = _drill("attack_card", ILLEGAL_SEED)
    at.text_input(key=f"{key}_typed").input(illegal.code)
    at.button(key=f"FormSubmitter:qform_{key}-Check what I typed").click().run()
    assert not at.exception
    assert any("not allowed here" in w.value for w in at.warning)
    assert f"{key}_feedback" not in at.session_state  # not an answer: nothing graded, nothing counted
    right = q.answer[0]
    at.text_input(key=f"{key}_typed").input(right.code)
    at.button(key=f"FormSubmitter:qform_{key}-Check what I typed").click().run()
    assert at.session_state[f"{key}_feedback"].correct
    assert not any("not allowed here" in w.value for w in at.warning)
