"""Every page opens, and the main flows work, driven with Streamlit's AppTest."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def app(page: str | None = None, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if page:
        at.run()  # registers the pages of st.navigation
        at.switch_page(page)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


ROOT = Path(APP).parent
# Every page script in the folder, so a new page is tested without anyone adding it here.
PAGE_FILES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "ui" / "pages").glob("*.py"))


def test_every_page_file_is_in_the_navigation():
    nav = (ROOT / "streamlit_app.py").read_text(encoding="utf-8")
    assert len(PAGE_FILES) >= 8
    assert [p for p in PAGE_FILES if f'"{p}"' not in nav] == []


@pytest.mark.parametrize("page", PAGE_FILES)
def test_every_page_opens_without_an_exception(page):
    at = app(page)
    assert not at.exception
    assert at.title


def test_course_map_shows_where_to_start():
    at = app()
    assert at.title[0].value == "Tarot Tutor"
    assert any("Start here: lesson 0 · A whole deal at a glance" in m.value for m in at.markdown)
    assert any(b.key == "continue" for b in at.button)


def test_deep_link_opens_that_lesson():
    at = app("tutor/ui/pages/lesson.py", lesson="bidding")
    assert not at.exception
    assert at.title[0].value.lower().startswith("bidding")
    at = app("tutor/ui/pages/lesson.py", lesson="no-such-lesson")
    assert not at.exception
    assert "no lesson called" in at.warning[0].value


def test_a_lesson_can_be_stepped_through_to_the_end():
    from lesson_answers import play_lesson

    from tutor.ui.common.data import course

    at = app("tutor/ui/pages/lesson.py", lesson="the-deck")
    play_lesson(at, course().lesson("the-deck"))
    assert at.query_params["step"] == "end"
    assert any(s.value.startswith("You finished “The deck”: **9 of 9 right, first try**") for s in at.success)
    assert any(m.value == "## ★★★" for m in at.markdown)


def test_a_fixed_check_gives_right_and_wrong_feedback():
    from tutor.content import CheckStep
    from tutor.ui.common.data import course

    lesson = course().lesson("the-deck")
    steps = [*lesson.steps, *lesson.quiz]
    index, other = [i for i, s in enumerate(steps) if isinstance(s, CheckStep) and s.options][:2]
    step = steps[index]
    at = app("tutor/ui/pages/lesson.py", lesson=lesson.id)
    at.session_state[f"step_{lesson.id}"] = index
    at.run()
    wrong = next(o.text for o in step.options if o.value != step.answer)
    at.radio[0].set_value(wrong)
    at.button[0].click().run()
    assert at.error and "Not quite" in at.error[0].value
    # A check is answered once per attempt: the answer stays shown with its verdict, with no form to change it.
    assert f"Your answer: **{wrong}**" in [m.value for m in at.markdown] and not at.radio
    at.session_state[f"step_{lesson.id}"] = other
    at.run()
    step = steps[other]
    at.radio[0].set_value(next(o.text for o in step.options if o.value == step.answer))
    at.button[0].click().run()
    assert any(s.value == "Right!" for s in at.success)


def test_rules_reference_search():
    at = app("tutor/ui/pages/reference.py")
    at.text_input[0].set_value("overtrump").run()
    assert not at.exception
    assert [e.label for e in at.expander] == ["Playing a trick"]
    at.text_input[0].set_value("zzzz").run()
    assert "Nothing in the rules" in at.info[0].value


def test_check_page_scores_and_rejects_bad_cards():
    at = app("tutor/ui/pages/check.py")
    at.number_input[0].set_value(49.0)
    at.button[0].click().run()
    assert any("(25 + 8) × 2" in m.value for m in at.markdown)
    assert "Taker +198" in at.success[0].value
    at.text_input[0].set_value("KH QX")
    at.button[1].click().run()
    assert not at.exception
    assert "not a card" in at.error[0].value


def _drill(kind: str) -> AppTest:
    at = app("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value([kind]).run()
    return at


def test_drill_right_and_wrong_answers_give_feedback_and_streak():
    from tutor.quiz import generate

    at = _drill("count")
    seed = at.session_state["drill_seed"]
    q = generate("count", seed, players=4, difficulty=1)
    assert any(f"seed **{seed}**" in c.value for c in at.caption)  # the seed is shown, to share
    at.text_input[0].set_value(str(q.answer + 1.5))
    at.button[0].click().run()
    assert not at.exception
    assert at.error and at.session_state["drill_streak"] == 0
    assert any(e.label == "Show me why" for e in at.expander)
    at.button(key="drill_next").click().run()
    seed2 = at.session_state["drill_seed"]
    q2 = generate("count", seed2, players=4, difficulty=1)
    at.text_input[0].set_value(f"{q2.answer:g}")
    at.button[0].click().run()
    assert any(s.value.startswith("Right") for s in at.success)
    assert at.session_state["drill_streak"] == 1


def test_drill_seed_deep_link_reproduces_the_question():
    at = app("tutor/ui/pages/drill.py", seed="4242", kind="legal")
    assert at.session_state["drill_seed"] == 4242


def test_puzzle_solved_is_recorded():
    from tutor.ui.common.data import puzzles

    first = next(p for p in puzzles() if p.to_question().answer_type.value == "choice")
    at = app("tutor/ui/pages/puzzles.py", puzzle=first.id)
    assert at.subheader[0].value != first.title  # a neutral title until it is answered
    q = first.to_question()
    at.radio[0].set_value(q.choice(q.answer).label)
    at.button[0].click().run()
    assert not at.exception and at.subheader[0].value == first.title
    assert first.id in at.session_state["done_puzzles"]
