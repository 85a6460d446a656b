"""The learning flow in Chromium: the lesson's place survives reload, Back and Forward; Back from a lesson
reaches the course map; a profile switch survives a reload; Replay's Next mistake logs no warning."""

import re
import uuid

from playwright.sync_api import expect
from streamlit_page import choose, settle


def step_shown(page, n: int) -> None:
    expect(page.get_by_text(re.compile(rf"^Step {n} of \d+$"))).to_be_visible()
    settle(page)


def test_the_lesson_step_survives_reload_back_and_forward(page, server):
    page.goto(f"{server}/lesson?lesson=bidding&step=4")
    step_shown(page, 4)
    page.get_by_role("button", name=re.compile(r"^(Next|Skip this check) →$")).click()
    page.wait_for_url("**/lesson?lesson=bidding&step=5")
    step_shown(page, 5)
    page.reload()
    step_shown(page, 5)
    assert page.url.endswith("/lesson?lesson=bidding&step=5")
    page.go_back()
    page.wait_for_url("**/lesson?lesson=bidding&step=4")
    step_shown(page, 4)
    page.go_forward()
    page.wait_for_url("**/lesson?lesson=bidding&step=5")
    step_shown(page, 5)


def test_back_from_a_lesson_reaches_the_course_map(page, server):
    page.goto(server)
    expect(page.get_by_role("heading", name="Tarot Tutor")).to_be_visible()
    settle(page)
    page.get_by_role("button", name=re.compile(r"^(Start here|Continue) →$")).click()
    page.wait_for_url(re.compile(r".*/lesson\?lesson=[\w-]+&step=1$"))
    step_shown(page, 1)
    page.get_by_role("button", name=re.compile(r"^(Next|Skip this check) →$")).click()
    step_shown(page, 2)
    page.go_back()
    step_shown(page, 1)
    page.go_back()
    expect(page.get_by_role("heading", name="Tarot Tutor")).to_be_visible()
    settle(page)
    assert "lesson=" not in page.url and "/lesson" not in page.url  # not "/?lesson=the-goal"


def new_learner(page, server, name: str) -> None:
    """A fresh profile, which later visits open (the browser tests share one database)."""
    page.goto(f"{server}/progress?view=profile")
    expect(page.get_by_role("textbox", name="New learner")).to_be_visible()
    settle(page)
    page.get_by_role("textbox", name="New learner").fill(name)
    page.get_by_role("button", name="Create and switch").click()
    expect(page.get_by_text(f"Learner: {name}")).to_be_visible()
    settle(page)


def test_a_profile_switch_survives_a_reload(page, server):
    first, second = f"Ann {uuid.uuid4().hex[:6]}", f"Bob {uuid.uuid4().hex[:6]}"
    for name in (first, second):
        new_learner(page, server, name)
    settle(page)
    choose(page, page.get_by_role("combobox", name=re.compile("Who is learning")),
           page.get_by_role("option", name=first))
    expect(page.get_by_text(f"Learner: {first}")).to_be_visible()
    settle(page)
    page.reload()
    expect(page.get_by_text(f"Learner: {first}")).to_be_visible()


def test_next_mistake_in_replay_logs_no_warning(page, server):
    """Two wrong answers, then Next mistake: the server log must stay clean (checked by conftest)."""
    from tutor.quiz import generate

    new_learner(page, server, f"Replay {uuid.uuid4().hex[:6]}")  # only this test's mistakes in the list
    for seed, off in ((880_001, 1.5), (880_002, 101)):  # answers that tell the two mistakes apart
        q = generate("count", seed, players=4, difficulty=1)
        page.goto(f"{server}/drill?kind=count&seed={seed}&players=4&difficulty=1")
        page.get_by_text(f"seed {seed}").first.wait_for()
        settle(page)
        page.get_by_role("textbox", name="Your answer").fill(f"{q.answer + off:g}")
        page.get_by_role("button", name="Check my answer").click()
        expect(page.get_by_text("Show me why")).to_be_visible()
    page.goto(f"{server}/progress?view=replay")
    expect(page.get_by_role("button", name="Next mistake →")).to_be_visible()
    settle(page)
    picker = page.get_by_test_id("stSelectbox").filter(has_text="Mistake")
    before = picker.locator("input").input_value()
    assert "you answered" in before
    page.get_by_role("button", name="Next mistake →").click()
    expect(picker.locator("input")).not_to_have_value(before)  # waits for the run it caused
    settle(page)
    new_learner(page, server, f"After {uuid.uuid4().hex[:6]}")  # the next tests start with no mistakes


def _answer_check(page, server, lesson_id: str, i: int, step, *, right: bool) -> None:
    """Open step ``i`` (from 0) by its address, as a reload does, and answer its check."""
    page.goto(f"{server}/lesson?lesson={lesson_id}&step={i + 1}")
    step_shown(page, i + 1)
    if step.options:
        text = next(o.text for o in step.options if (o.value == step.answer) == right)
        page.get_by_text(text, exact=True).click()
    else:
        page.get_by_role("textbox", name="Your answer").fill(f"{step.answer:g}" if right else "9999")
    page.get_by_role("button", name="Check my answer").click()
    # Answered once: the answer stays on the page with its verdict, the form is gone.
    expect(page.get_by_text(re.compile(r"^Your answer: "))).to_be_visible()
    expect(page.get_by_text("Right!" if right else "Not quite.", exact=right)).to_be_visible()
    expect(page.get_by_role("button", name="Check my answer")).to_have_count(0)
    settle(page)


def test_lesson_answers_score_and_stars_survive_reloads(page, server):
    """Issue 27: lesson 0 with a wrong answer, reloads between the checks and at the last step, then the
    score; a reload after the end and the course map show the same score and stars."""
    from tutor.content import CheckStep
    from tutor.content.lessons import load_course
    from tutor.ui.common.data import LESSONS

    lesson = load_course(LESSONS).lesson("a-whole-deal")
    steps = [*lesson.steps, *lesson.quiz]
    checks = [i for i, s in enumerate(steps) if isinstance(s, CheckStep)]
    new_learner(page, server, f"Reload {uuid.uuid4().hex[:6]}")
    for i in checks:
        _answer_check(page, server, lesson.id, i, steps[i], right=i != checks[0])
    page.reload()  # at the last step, every check answered: Finish, not "You skipped"
    step_shown(page, len(steps))
    expect(page.get_by_text(re.compile(r"^Your answer: "))).to_be_visible()
    page.get_by_role("button", name="Finish →").click()
    page.wait_for_url(f"**/lesson?lesson={lesson.id}&step=again")
    expect(page.get_by_role("heading", name="Second chance")).to_be_visible()
    settle(page)
    right = next(o.text for o in steps[checks[0]].options if o.value == steps[checks[0]].answer)
    page.get_by_text(right, exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!", exact=True)).to_be_visible()
    settle(page)
    page.get_by_role("button", name="See my score →").click()
    score = f"You finished “{lesson.title}”: 4 of 5 right, first try."
    expect(page.get_by_text(score)).to_be_visible()
    expect(page.get_by_role("heading", name="★★☆")).to_be_visible()
    settle(page)
    page.reload()
    expect(page.get_by_text(score)).to_be_visible()
    expect(page.get_by_role("heading", name="★★☆")).to_be_visible()
    expect(page.get_by_text("You skipped", exact=False)).to_have_count(0)
    settle(page)
    # The first check still shows the wrong answer given before all the reloads.
    page.goto(f"{server}/lesson?lesson={lesson.id}&step={checks[0] + 1}")
    step_shown(page, checks[0] + 1)
    expect(page.get_by_text("Not quite.", exact=False)).to_be_visible()
    expect(page.get_by_text("You finished this lesson (★★☆)", exact=False)).to_be_visible()
    page.goto(server)
    expect(page.get_by_text(re.compile(rf"{lesson.number}\. {lesson.title} · done · ★★☆"))).to_be_visible()
    settle(page)
