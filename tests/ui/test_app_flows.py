"""App flows beyond "the page opens" (AppTest): a bad lesson file on its own card, links from lessons and
explanations to the rules reference, drill links that reproduce a question, card answers typed (the
card table itself is driven in tests/browser)."""

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.quiz import RULES, generate
from tutor.quiz.puzzles import address_code
from tutor.skills import SKILLS
from tutor.ui.common import data
from tutor.ui.learn.puzzles import neutral_title
from tutor.ui.quiz.reference import SECTION_OF_RULE, SECTION_OF_SKILL, sections, slug
from tutor.ui.table.question_views import answered_by_table

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")


def app(page: str | None = None, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if page:
        at.run()
        at.switch_page(f"tutor/ui/pages/{page}.py")
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


# ---------------------------------------------------------------- a bad lesson file


@pytest.fixture
def broken_course(tmp_path, monkeypatch):
    """The real course with lesson 8's first check answered wrongly (Chloé instead of Bruno)."""
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    bad = lessons / "08-following-suit.yaml"
    text = bad.read_text(encoding="utf-8")
    assert "    answer: 1\n" in text
    bad.write_text(text.replace("    answer: 1\n", "    answer: 2\n", 1), encoding="utf-8")
    monkeypatch.setattr(data, "LESSONS", lessons)
    data.course.clear()
    yield bad
    data.course.clear()


def test_a_bad_lesson_file_shows_its_own_card_and_the_rest_works(broken_course):
    at = app()
    assert not at.exception
    # A new start draws the map from the lessons as read (issue 38): the engine's finding comes with the check,
    # which the page starts once it is drawn and the lesson pages wait for; the map's next run shows it.
    assert not at.error
    data.course()
    at.run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "08-following-suit.yaml" in errors[0] and "rest of the course works" in errors[0]
    assert any("08-following-suit.yaml:" in c.value and "engine" in c.value for c in at.caption)
    from urllib.parse import parse_qs
    opens = {parse_qs(link.proto.query_string)["lesson"][0] for link in at.get("page_link")}  # each row's Open
    assert "following-suit" not in opens
    assert {"the-deck", "overtrumping", "at-the-club"} <= opens
    # Another lesson still opens and plays; the broken one is never taught.
    at = app("lesson", lesson="overtrumping")
    assert not at.exception and at.title[0].value.startswith("Overtrumping")
    at = app("lesson", lesson="following-suit")
    assert not at.exception and "no lesson called" in at.warning[0].value


# ---------------------------------------------------------------- links to the rules reference


def test_every_rule_and_skill_links_to_a_real_section():
    headings = {h for h, _ in sections()}
    assert set(SECTION_OF_RULE) == set(RULES)
    assert set(SECTION_OF_SKILL) == set(SKILLS)
    assert set(SECTION_OF_RULE.values()) | set(SECTION_OF_SKILL.values()) <= headings
    assert len({slug(h) for h in headings}) == len(headings)


def links(at):
    return [(e.proto.label, e.proto.query_string) for e in at.get("page_link")]


def test_a_lesson_links_to_its_rules():
    at = app("lesson", lesson="following-suit")
    assert ("Rules reference: Playing a trick", "section=playing-a-trick") in links(at)


def test_the_reference_opens_on_the_linked_section():
    at = app("reference", section="five-players-the-called-king")
    assert not at.exception
    assert at.subheader[0].value == "Five players: the called king"
    assert any("called suit" in m.value for m in at.markdown)
    at = app("reference", section="no-such-section")  # an unknown section is ignored, not an error
    assert not at.exception and at.subheader[0].value.startswith("Glossary")


# ---------------------------------------------------------------- the drill


def typed(cards) -> str:
    return " ".join(c.code for c in cards)


def test_drill_legal_cards_answered_by_typing_links_the_rule():
    at = app("drill", kind="legal", seed="77", players="4", difficulty="2")
    assert not at.exception
    q = generate("legal", 77, players=4, difficulty=2)
    assert at.session_state["drill_seed"] == 77 and at.session_state["drill_kind"] == "legal"
    # Right: the legal cards typed (the fallback to the card table).
    at.text_input(key="drill_legal_77_4_2_typed").set_value(typed(q.answer))
    at.button[0].click().run()
    assert not at.exception
    assert at.success[0].value.startswith("Right") and at.session_state["drill_streak"] == 1
    assert ("Read the rule: Playing a trick", "section=playing-a-trick") in links(at)


def test_drill_wrong_cards_get_partial_credit_and_reset_the_streak():
    seed = next(s for s in range(100) if len(generate("legal", s, players=4, difficulty=1).answer) <
                len(generate("legal", s, players=4, difficulty=1).pool))
    q = generate("legal", seed, players=4, difficulty=1)
    at = app("drill", kind="legal", seed=str(seed), players="4", difficulty="1")
    at.session_state["drill_streak"] = 3
    extra = next(c for c in q.pool if c not in q.answer)
    at.text_input(key=f"drill_legal_{seed}_4_1_typed").set_value(typed([*q.answer, extra]))
    at.button[0].click().run()
    assert not at.exception
    # the extra card by its name (7♥, trump 4, the Excuse), never its code
    said = at.warning[0].value
    assert "Not quite" in said and extra.short.lower() in said.lower() and extra.code not in said.split()
    assert at.session_state["drill_streak"] == 0


def test_one_drill_answer_is_one_run_that_shows_the_new_streak_and_mastery(monkeypatch):
    """The streak line and the mastery line above the question are filled in after the answer is counted,
    so they are up to date without a second run of the page."""
    import tutor.ui.learn.drill as drill
    runs = []
    real_render = drill.render
    monkeypatch.setattr(drill, "render", lambda: runs.append(1) or real_render())  # the page imports it each run
    at = app("drill", kind="count", seed="5", players="4", difficulty="1")
    assert any("Streak 0]" in m.value and "0 answered · 0 right" in m.value for m in at.markdown)
    q = generate("count", 5, players=4, difficulty=1)
    runs.clear()
    at.text_input[0].set_value(f"{q.answer:g}")
    at.button[0].click().run()
    assert not at.exception and len(runs) == 1
    assert any("Streak 1]" in m.value and "1 answered · 1 right" in m.value for m in at.markdown)
    assert any("1 right out of 1" in c.value for c in at.caption)  # the answer just saved counts already


def test_drill_link_with_any_skill_reproduces_the_question():
    """A shared link names the kind, seed, players and difficulty: the same question, even for a skill
    that is not among the ones selected by default."""
    at = app("drill", kind="score", seed="4242", players="3", difficulty="3")
    assert not at.exception
    assert at.session_state["drill_kind"] == "score" and at.session_state["drill_seed"] == 4242
    assert "score" in at.multiselect[0].value
    assert at.selectbox(key="drill_players").value == 3 and at.selectbox(key="drill_difficulty").value == 3
    q = generate("score", 4242, players=3, difficulty=3)
    assert any(q.prompt.splitlines()[0][:40] in m.value for m in at.markdown)


def test_drill_puts_the_question_in_the_url():
    at = app("drill")
    kind, seed = at.session_state["drill_kind"], at.session_state["drill_seed"]
    assert at.query_params["kind"] == kind and at.query_params["seed"] == str(seed)
    at.button(key="drill_next").click().run()
    assert at.query_params["seed"] == str(at.session_state["drill_seed"])


def test_drill_keeps_its_skills_and_question_across_pages():
    at = app("drill")
    at.multiselect[0].set_value(["winner", "count"]).run()
    at.selectbox(key="drill_players").set_value(5).run()
    kind, seed = at.session_state["drill_kind"], at.session_state["drill_seed"]
    at.switch_page("tutor/ui/pages/reference.py")
    at.run()
    at.switch_page("tutor/ui/pages/drill.py")
    at.run()
    assert not at.exception
    assert at.multiselect[0].value == ["winner", "count"] and at.selectbox(key="drill_players").value == 5
    assert (at.session_state["drill_kind"], at.session_state["drill_seed"]) == (kind, seed)


# ---------------------------------------------------------------- puzzles


def test_choosing_puzzles_one_after_another_shows_each():
    """Every choice in the puzzle list is honoured (a key that followed the URL ignored every other one)."""
    at = app("puzzles")
    at.multiselect[0].set_value(["overtrump"]).run()
    for pid in ("overtrump-your-partner", "must-overtrump", "overtrump-partner-with-the-21"):
        at.selectbox(key="pz_pick").set_value(pid).run()
        assert not at.exception
        puzzle = next(p for p in data.puzzles() if p.id == pid)  # its neutral title until answered, and its question
        assert at.subheader[0].value == neutral_title(puzzle) and at.query_params["puzzle"] == address_code(pid)
        assert any(m.value == puzzle.question for m in at.markdown)


def test_a_puzzle_solved_by_typing_then_the_next_unsolved_one():
    at = app("puzzles", puzzle="overtrump-your-partner")
    assert at.subheader[0].value == "4 players · Legal cards"  # its title once answered
    puzzle = next(p for p in data.puzzles() if p.id == "overtrump-your-partner")
    assert "solved" not in at.selectbox(key="pz_pick").format_func(puzzle.id)
    at.text_input(key="pz_overtrump-your-partner_typed").set_value(typed(puzzle.to_question().answer))
    at.button[0].click().run()
    assert not at.exception
    assert any(s.value.startswith("Right") for s in at.success)
    assert at.subheader[0].value == "Even over your partner"
    assert "solved" in at.selectbox(key="pz_pick").format_func("overtrump-your-partner")
    at.button(key="pz_next").click().run()
    assert not at.exception
    assert at.selectbox(key="pz_pick").value != "overtrump-your-partner"


def test_drill_counts_each_question_once_even_across_settings():
    at = app("drill", kind="count", seed="5", players="4", difficulty="1")
    q1 = generate("count", 5, players=4, difficulty=1)
    at.text_input[0].set_value(f"{q1.answer:g}")
    at.button[0].click().run()
    assert at.session_state["drill_streak"] == 1
    at.selectbox(key="drill_difficulty").set_value(2).run()  # same seed, a new question
    q2 = generate("count", 5, players=4, difficulty=2)
    at.text_input[0].set_value(f"{q2.answer:g}")
    at.button[0].click().run()
    assert at.session_state["drill_streak"] == 2 and at.session_state["drill_answered"] == 2
    at.selectbox(key="drill_difficulty").set_value(1).run()  # back to the first: not counted again
    assert at.session_state["drill_answered"] == 2


def test_every_puzzle_can_be_chosen_and_solved_in_the_app():
    """Each puzzle, chosen from the list (by its label, as Streamlit does), is shown and its engine answer
    is marked right: no two puzzles share a label, every answer widget works."""
    from tutor.quiz.question import AnswerType

    at = app("puzzles")
    for p in data.puzzles():
        if not hasattr(p, "to_question"):
            continue  # strategy puzzles: tests/ui/learn/test_strategy_puzzles_page.py
        at.selectbox(key="pz_pick").set_value(p.id).run()
        assert at.subheader[0].value == neutral_title(p), p.id
        q = p.to_question()
        if answered_by_table(q):
            at.text_input(key=f"pz_{p.id}_typed").set_value(typed(q.answer) if isinstance(q.answer, tuple)
                                                            else q.answer)
        elif q.answer_type is AnswerType.CHOICE:
            at.radio[0].set_value(q.choice(q.answer).label)
        elif q.answer_type is AnswerType.NUMBER:
            at.text_input[0].set_value(str(q.answer))
        else:
            for f in q.fields:
                at.text_input(key=f"pz_{p.id}_f_{f.key}").set_value(str(q.answer[f.key]))
        at.button[0].click().run()
        assert not at.exception, p.id
        assert any(s.value.startswith("Right") for s in at.success), p.id
        assert at.subheader[0].value == p.title, p.id
    assert "solved" in at.selectbox(key="pz_pick").format_func(p.id)


def test_puzzle_titles_are_unique():
    titles = [p.title for p in data.puzzles()]
    assert len(titles) == len(set(titles))


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_every_kind_can_be_answered_right_in_the_drill(difficulty):
    """Each answer widget (typed cards, radio, number, score form) carries the engine's answer to "Right"."""
    from tutor.quiz import KINDS
    from tutor.quiz.question import AnswerType

    at = app("drill")
    for i, kind in enumerate(KINDS):
        players = KINDS[kind].players[i % len(KINDS[kind].players)]
        seed = 100 + i
        for k, v in {"kind": kind, "seed": str(seed), "players": str(players), "difficulty": str(difficulty)}.items():
            at.query_params[k] = v
        at.run()
        q = generate(kind, seed, players=players, difficulty=difficulty)
        key = f"drill_{kind}_{seed}_{players}_{difficulty}"
        if answered_by_table(q):
            # One card when the question takes one (the best card: any of the tied best cards is right).
            best = q.answer[:1] if q.context.get("pick_one") else q.answer
            at.text_input(key=f"{key}_typed").set_value(typed(best) if isinstance(q.answer, tuple) else q.answer)
        elif q.answer_type is AnswerType.CHOICE:
            at.radio(key=f"{key}_choice").set_value(q.choice(q.answer).label)
        elif q.answer_type is AnswerType.NUMBER:
            at.text_input(key=f"{key}_number").set_value(str(q.answer))
        else:
            for f in q.fields:
                at.text_input(key=f"{key}_f_{f.key}").set_value(str(q.answer[f.key]))
        at.button[0].click().run()
        assert not at.exception, kind
        assert any(s.value.startswith("Right") for s in at.success), (kind, q.answer_text)


@pytest.mark.long
def test_every_lesson_plays_to_the_end():
    """Every step of every lesson renders (texts, card pictures, worked examples, fixed and generated checks),
    and every check's right answer, given through its widget, is marked right: three stars each."""
    from lesson_answers import play_lesson

    at = app("lesson")
    for lesson in data.course().lessons:
        at.query_params["lesson"] = lesson.id
        at.query_params["step"] = "1"
        at.run()
        assert at.title[0].value == lesson.title
        play_lesson(at, lesson)
        checks = sum(1 for s in [*lesson.steps, *lesson.quiz] if s.kind == "check")
        assert any(s.value.startswith(f"You finished “{lesson.title}”: **{checks} of {checks} right, first try**")
                   for s in at.success), lesson.id
        assert any(m.value == "## ★★★" for m in at.markdown), lesson.id


def test_a_puzzle_solution_gives_the_note_the_worked_explanation_and_the_rule():
    at = app("puzzles", puzzle="overtrump-your-partner")
    assert not any(m.value.startswith("**Solution:**") for m in at.markdown)  # hidden until asked for
    at.button(key="pz_overtrump-your-partner_show").click().run()
    text = " ".join(m.value for m in at.markdown)
    assert "trump 19, the Excuse" in text and "no exception" in text and "above the 17" in text
    assert ("Read the rule: Playing a trick", "section=playing-a-trick") in links(at)


def test_the_next_puzzle_opens_with_its_solution_hidden():
    """Issue 12, point 16: showing one puzzle's solution does not show the next one's."""
    at = app("puzzles", puzzle="overtrump-your-partner")
    at.button(key="pz_overtrump-your-partner_show").click().run()
    assert any(m.value.startswith("**Solution:**") for m in at.markdown)
    at.button(key="pz_next").click().run()  # offered once the solution is shown
    assert not at.exception
    pid = at.selectbox(key="pz_pick").value
    assert pid != "overtrump-your-partner"
    assert not any(m.value.startswith("**Solution:**") for m in at.markdown)
    assert at.button(key=f"pz_{pid}_show").label == "Show the solution"
    # Back to the first: its solution is still shown (per puzzle, not for the whole page).
    at.selectbox(key="pz_pick").set_value("overtrump-your-partner").run()
    assert any(m.value.startswith("**Solution:**") for m in at.markdown)


def _right_position(labels, right_label):
    return labels.index(right_label)


def test_fixed_check_options_are_shown_in_a_seeded_order():
    """Issue 12, point 15: a fixed check's options come in an order drawn from the lesson and step, the
    same on every rerun, not the author's order (which often put the right answer first)."""
    from tutor.quiz.order import shuffled

    lesson = data.course().lesson("the-deck")
    i, step = next((i, s) for i, s in enumerate(lesson.steps) if getattr(s, "options", None))
    at = app("lesson", lesson="the-deck")
    for _ in range(i):
        next(b for b in at.button if b.label == "Next →").click().run()
    radio = at.radio(key=f"the-deck_{i}_radio")
    expected = [o.text for o in shuffled(step.options, f"the-deck_{i}")]
    assert list(radio.options) == expected
    at.run()
    assert list(at.radio(key=f"the-deck_{i}_radio").options) == expected  # stable on a rerun
    right = next(o.text for o in step.options if o.value == step.answer)
    at.radio(key=f"the-deck_{i}_radio").set_value(right)
    at.button[0].click().run()
    assert at.success[0].value == "Right!"


def test_generated_choices_are_shown_in_a_seeded_order():
    from tutor.quiz.order import question_salt, shuffled

    at = app("drill", kind="bidding", seed="12", players="4", difficulty="3")
    q = generate("bidding", 12, players=4, difficulty=3)
    radio = at.radio(key="drill_bidding_12_4_3_choice")
    assert list(radio.options) == [c.label for c in shuffled(q.choices, question_salt(q))]
    radio.set_value(q.choice(q.answer).label)
    at.button[0].click().run()
    assert any(s.value.startswith("Right") for s in at.success)


def test_the_overview_lesson_draws_the_table_as_a_picture():
    """Issue 12, point 13: lesson 0 shows the table (seats in play order, the dealer marked) as an SVG
    picture through a data URI, never as inline <svg>."""
    import base64
    import html

    at = app("lesson", lesson="a-whole-deal")
    assert at.title[0].value == "A whole deal at a glance" and at.caption[0].value.startswith("Lesson 0")
    next(b for b in at.button if b.label == "Next →").click().run()
    pictures = [m.value for m in at.markdown if 'class="tt-table"' in m.value]
    assert len(pictures) == 1 and "<svg" not in pictures[0]
    uri = pictures[0].split('src="', 1)[1].split('"', 1)[0]
    svg = base64.b64decode(uri.removeprefix("data:image/svg+xml;base64,")).decode()
    assert [w for w in ("Seat 1", "Seat 2", "Seat 3", "Seat 4", "dealer") if w in svg] == \
        ["Seat 1", "Seat 2", "Seat 3", "Seat 4", "dealer"]
    assert "Seat 0" not in svg
    assert "Seat 2, on the dealer's right, speaks first" in html.unescape(pictures[0])  # the alt text
