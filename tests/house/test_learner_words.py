"""Issue 12, points 6-8: what a learner reads adds up and is in their words.

One scan (``leaks``) looks for code names, raw data and seats counted from 0 in every generated
question (every kind, many seeds), every lesson and puzzle as rendered, every guided hand and every
page's AppTest output. Piles shown must total what the text says.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest
from learner_text_scan import _strings, card_codes

from tutor.engine import card_points, parse_cards
from tutor.i18n import using
from tutor.quiz import KINDS, check_answer, generate
from tutor.skills import STRATEGY_SKILLS

ROOT = Path(__file__).resolve().parents[2]

# Code names a learner must never see, raw deal-log entries ("4:bid:pass"), long floats ("3.33333"), and
# seats counted from 0.
LEAK = re.compile(
    r"\b(garde_sans|garde_contre|per_defender|petit_au_bout|announced_made|announced_failed|poignee_\w+"
    r"|taker_points|card_notes|why_not)\b"
    r"|\b\d+:(bid|play|call|discard|poignee|chelem|misere)\b"
    r"|\b\d+\.\d{3,}\b"
    r"|\b(?:seat|joueur) 0\b"
    r"|\(credit \d+%\)",
    re.I)


def leaks(text: str) -> list[str]:
    """Every code name or raw value in ``text``.

    >>> leaks("A garde_sans by seat 0, 3.33333 points; 4:bid:pass")
    ['garde_sans', 'seat 0', '3.33333', '4:bid']
    """
    found = []
    for m in LEAK.finditer(text):
        found.append(m.group(0))
    # keep the order of appearance, as the doctest shows, without duplicates
    return sorted(set(found), key=text.index)


NOTATION_LESSONS = {"the-deck"}  # teaches the codes one types
# Rough text: "1 oudler(s)", "(partly right)" on a list's last point, "petite (prise) (×1)", a signed score with
# a tenth where scores are whole ("-172.3"; half points are real: "40.5 points", and a hand count's scaling
# may be "-9.75").
ROUGH = re.compile(r"\w\((?:s|es)\)|^\s*[-*] .*\(partly right\)|\(prise\) \(×|(?<![\w.])[+−-]\d+\.[1-46-9]\b", re.M)


def rough(text: str) -> list[str]:
    """Rough patterns in ``text``.

    >>> rough("1 oudler(s); petite (prise) (×1); -172.3 to the taker; 40.5 points")
    ['r(s)', '(prise) (×', '-172.3']
    """
    return [m.group(0) for m in ROUGH.finditer(str(text))]


def test_the_card_scan_catches_codes_and_rough_text():
    assert card_codes("Answer: 4S 1S QC 9C 6C 1C") == ["4S", "1S", "QC", "9C", "6C", "1C"]
    assert card_codes("worked examples written T19 KS KH") == ["T19", "KS", "KH"]
    assert card_codes("So `KH` is the king of hearts", notation=True) == []
    assert card_codes("Answer: K♥, 10♦, trump 21, the Excuse; seat 10; 2 players; CD-ROM") == []
    assert rough("After 1 deal(s)") == ["l(s)"] and rough("After 1 deal") == []
    assert rough("Not quite.\n\n- You left out 9♣ (partly right)") and not rough("- a\n\n*Partly right.*")


def test_the_scan_catches_what_it_must():
    assert leaks("Contract: (25 + 8) × 2 (garde_sans) = 66") == ["garde_sans"]
    assert leaks("per_defender; result: 10") == ["per_defender"]
    assert leaks("Seat 0 deals") == ["Seat 0"]
    assert leaks("Log: 4:bid:pass, 0:play:KH") == ["4:bid", "0:play"]
    assert leaks("3.33333 points") == ["3.33333"]
    assert leaks("Right (credit 50%)") == ["(credit 50%)"]
    assert leaks("Seat 1 deals a garde sans; 40.5 points; seat 10") == []


def _question_texts(q) -> list[str]:
    texts = [q.prompt, q.explanation, q.answer_text, *(c.label for c in q.choices),
             *(f.label + " " + f.hint for f in q.fields), *q.cards]
    for wrong in _wrong_answers(q):
        fb = check_answer(q, wrong)
        texts += [fb.message, fb.explanation or ""]  # not ``given``: the answer as stored (codes), never shown
    return texts


def _wrong_answers(q) -> list:
    if q.answer_type.value == "choice":
        return [c.key for c in q.choices]
    if q.answer_type.value == "number":
        return [q.answer + 1, -q.answer]
    if q.answer_type.value == "score_form":
        return [{k: -v for k, v in q.answer.items()}, {k: v + 1 for k, v in q.answer.items()}]
    return [" ".join(c.code for c in list(q.pool)[:2])] if q.pool else []


@cache
def generated(kind: str, seeds: int = 25, lang: str = "en") -> list:
    gen = KINDS[kind]
    if gen.skill in STRATEGY_SKILLS:
        seeds = 2  # a strategy question runs the solver or the estimator: fewer seeds, every level and table
    out = []
    with using(lang):
        for seed, players, difficulty in itertools.product(range(seeds), gen.players, (1, 2, 3)):
            out.append(generate(kind, seed, players=players, difficulty=difficulty))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_generated_questions_show_no_code_names(kind, lang):
    bad = []
    with using(lang):  # the feedback is said in the learner's language too
        for q in generated(kind, 25 if lang == "en" else 4, lang):
            for text in _question_texts(q):
                found = leaks(str(text)) + card_codes(text) + rough(text)
                if found:
                    bad.append((q.seed, q.params, found, str(text)[:160]))
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lessons_as_rendered_show_no_code_names(lang):
    from tutor.content import load_course
    course = load_course(ROOT / "lessons", lang=lang)
    assert not course.problems, course.problems[:3]
    bad = []
    with using(lang):
        bad += _lesson_problems(course)
    assert not bad, bad[:5]


def _lesson_problems(course) -> list:
    from tutor.content import ExampleStep, render_example
    bad = []
    for lesson in course.lessons:
        # every text of the lesson (its ``verify`` specs are for the engine and never shown), then each example
        # as the engine renders it
        # (nor the card fields: cards are drawn as pictures)
        texts = _strings(lesson.model_dump(), skip={"verify", "example", "cards", "pool", "answer", "accepted"})
        texts += [render_example(step) for step in lesson.steps if isinstance(step, ExampleStep)]
        notation = lesson.id in NOTATION_LESSONS
        bad += [(lesson.id, leaks(t) + card_codes(t, notation=notation) + rough(t), t[:120]) for t in texts
                if leaks(t) or card_codes(t, notation=notation) or rough(t)]
    return bad


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_puzzles_and_guided_hands_show_no_code_names(lang):
    with using(lang):
        bad = _puzzle_problems(lang)
    assert not bad, bad[:5]


def _puzzle_problems(lang: str) -> list:
    from tutor.practice.guided import guided_files, read_guided_file
    from tutor.quiz.puzzles import load_puzzles
    bad = []
    for puzzle in load_puzzles(ROOT / "puzzles", lang=lang):
        if not hasattr(puzzle, "to_question"):  # a strategy puzzle: its own words
            texts = [puzzle.title, puzzle.question, puzzle.explanation, puzzle.solution_text, *puzzle.tags]
        else:
            texts = _question_texts(puzzle.to_question())
        for text in texts:
            found = leaks(str(text)) + card_codes(text) + rough(text)
            if found:
                bad.append((puzzle.id, found))
    for path in guided_files(ROOT / "puzzles" / "guided"):
        hand, _problems = read_guided_file(path, lang)
        for text in [hand.title, hand.summary, hand.end, *(m.text for m in hand.moments),
                     *(m.wrong for m in hand.moments)]:
            if leaks(text) or card_codes(text) or rough(text):
                bad.append((hand.id, leaks(text) + card_codes(text) + rough(text)))
    return bad


# ---------------------------------------------------------------- seats, the table picture


def test_seats_are_named_from_1_and_the_table_goes_counter_clockwise():
    from tutor.engine.seats import seat_label, table_picture
    assert [seat_label(s) for s in range(4)] == ["seat 1", "seat 2", "seat 3", "seat 4"]
    pic = table_picture(4, dealer=0)
    # Seat 1 at the bottom, the next seat in play order on its right (counter-clockwise seen from above).
    xs = [(round(s.x, 3), round(s.y, 3)) for s in pic.seats]
    assert xs == [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
    assert pic.seats[0].dealer and pic.first_to_speak == 1
    assert pic.text() == "Play goes counter-clockwise: Seat 1 (dealer) → Seat 2 → Seat 3 → Seat 4."
    five = table_picture(5, dealer=3, notes={1: "you"})
    assert five.seats[3].label == "Seat 4 (dealer)" and five.seats[1].label == "Seat 2 (you)"


def test_seats_are_named_from_1_in_french_too():
    from tutor.engine.seats import seat_label, table_picture
    from tutor.i18n.words import say
    with using("fr"):
        assert [say(seat_label(s)) for s in range(4)] == ["joueur 1", "joueur 2", "joueur 3", "joueur 4"]
        text = say(table_picture(4, dealer=0).text())
    assert "Joueur 1 (donneur) → Joueur 2 → Joueur 3 → Joueur 4." in text and not leaks(text)
    assert leaks("le joueur 0 entame") == ["joueur 0"]


@pytest.mark.parametrize("kind", ["bidding", "excuse", "legal", "five"])
def test_questions_that_turn_on_seats_carry_a_table_picture(kind):
    from tutor.engine.seats import table_picture
    with_table = [q for q in generated(kind, 10) if "seat" in q.prompt.lower()]
    assert with_table
    for q in with_table:
        assert "table" in q.context, (q.kind, q.params, q.prompt[:120])
        t = q.context["table"]
        pic = table_picture(t["players"], t["dealer"])
        assert len(pic.seats) == q.params["players"]


# ---------------------------------------------------------------- 6. piles add up


def _pile_claims(q) -> list[tuple[list, float]]:
    """(cards shown, total the text states) for each pile whose total the text gives."""
    out = []
    stated = re.search(r"counts \*\*(\d+(?:\.5)?)\*\* points", q.prompt)
    if stated:
        for label, cards in q.cards.items():
            if "pile" in label.lower():
                out.append((list(cards), float(stated.group(1))))
    if q.kind == "count":
        out.append((list(parse_cards(q.context["pile"])), float(q.answer)))
    return out


@pytest.mark.parametrize("kind", ["target", "count"])
def test_every_pile_shown_totals_what_the_text_says(kind):
    checked = 0
    for seed, players, difficulty in itertools.product(range(50), (3, 4, 5), (1, 2, 3)):
        q = generate(kind, seed, players=players, difficulty=difficulty)
        for cards, total in _pile_claims(q):
            assert card_points(cards) == total, (seed, players, difficulty, total, card_points(cards))
            checked += 1
    assert checked > 100


def test_issue_example_target_seed_150_adds_up():
    q = generate("target", 150, players=4, difficulty=3)
    (cards, total), = _pile_claims(q)
    assert card_points(cards) == total and float(total).is_integer()  # 4 players: no half point


def test_attack_pile_always_adds_up_to_its_points():
    """The engine's pile: the exchange card for a kept Excuse is a real card, so the pile is its points."""
    from tutor.engine import Deal, Phase
    from tutor.practice import bots_play
    for seed in range(60):
        for players in (3, 4, 5):
            deal = Deal.new(players, seed=seed, dealer=seed % players)
            bots_play(deal)
            if deal.phase is not Phase.DONE:
                continue
            pile, points, _notes = deal.attack_pile()
            assert card_points(pile) == points, (seed, players)
            assert len(set(pile)) == len(pile)


# ---------------------------------------------------------------- every page, as AppTest sees it

APP = str(ROOT / "streamlit_app.py")
PAGES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "ui" / "pages").glob("*.py"))


def _page_texts(at) -> list[str]:
    """Every text element a learner reads on the page: Markdown, captions, alerts, titles, labels, options."""
    texts = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "info", "warning", "error", "success",
                 "text", "code"):
        texts += [str(e.value) for e in getattr(at, kind)]
    for kind in ("button", "text_input", "number_input", "selectbox", "radio", "multiselect", "checkbox"):
        for e in getattr(at, kind):
            texts.append(str(getattr(e, "label", "")))
            texts += [str(o) for o in getattr(e, "options", ()) or ()]
            texts.append(str(getattr(e, "help", "") or ""))
    return texts


def _open(page: str, **query):
    from streamlit.testing.v1 import AppTest
    at = AppTest.from_file(APP, default_timeout=90)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    at.switch_page(page)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def _typing_help(at) -> set[str]:
    """The help of the boxes where cards are typed: the one place codes are for."""
    return {str(e.help) for e in at.text_input if e.help}


def page_problems(at, *, notation: bool = False) -> list:
    """Code names, card codes and rough text on the page, as AppTest sees it."""
    allowed = _typing_help(at)
    return [(leaks(t) + card_codes(t, notation=notation) + rough(t), t[:120]) for t in _page_texts(at)
            if t not in allowed and (leaks(t) or card_codes(t, notation=notation) or rough(t))]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_shows_no_code_names(page, lang):
    at = _open(page, **({"lang": lang} if lang != "en" else {}))
    assert not at.exception
    bad = page_problems(at)
    assert not bad, bad[:5]


def _wrong(q):
    """An answer to ``q`` that is not right (so the page shows the verdict, the answer and why)."""
    for raw in _wrong_answers(q):
        if not check_answer(q, raw).correct:
            return raw
    return _wrong_answers(q)[0]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_question_kind_on_the_drill_page_reads_in_words(kind):
    """Each kind as the Drill shows it, before and after a wrong answer: no code, no rough text; a card answer
    is drawn as card pictures."""
    from tutor.ui.table.question_views import answer_cards
    players = KINDS[kind].players[-1]
    at = _open("tutor/ui/pages/drill.py", kind=kind, seed="7", players=str(players), difficulty="2")
    assert not at.exception
    assert not page_problems(at), page_problems(at)[:5]
    q = generate(kind, 7, players=players, difficulty=2)
    at.session_state[f"drill_{kind}_7_{players}_2_feedback"] = check_answer(q, _wrong(q))
    at.run()
    assert not at.exception
    bad = page_problems(at)
    assert not bad, bad[:5]
    if answer_cards(q) and q.answer_text not in check_answer(q, _wrong(q)).message:
        shown = [m.value for m in at.markdown if str(m.value).startswith("**Answer:**")]
        assert shown and shown[0].count("<img") == len(answer_cards(q)), shown


@pytest.mark.parametrize("lesson_id", ["card-values", "following-suit", "winning-tricks", "five-players", "endgames",
                                       "defending-together", "the-takers-trumps", "discards"])
def test_lesson_examples_on_the_page_are_pictures_and_words(lesson_id):
    """A lesson's worked examples as the page draws them: rows of cards as pictures, no code in the text."""
    from tutor.content import ExampleStep, load_course
    lesson = next(x for x in load_course(ROOT / "lessons").lessons if x.id == lesson_id)
    step = next(i for i, s in enumerate(lesson.steps, 1) if isinstance(s, ExampleStep))
    at = _open("tutor/ui/pages/lesson.py", lesson=lesson_id, step=str(step))
    assert not at.exception
    assert not page_problems(at, notation=lesson_id in NOTATION_LESSONS)
    assert any("{cards:" not in str(m.value) and "<img" in str(m.value) for m in at.markdown)


@pytest.mark.long
def test_practice_with_five_players_hides_the_dog_until_the_call_and_shows_the_table():
    """Play 5-player practice deals through the page with the hint's moves: the table picture shows while
    bidding, the dog is never drawn while the learner (the taker) has still to call, "You play" not "You plays",
    and nothing on the way leaks a code name."""
    from practice_pages import learner_step, table

    from tutor.engine import Phase
    called = 0
    for seed in range(40):
        at = _open("tutor/ui/pages/practice.py", players="5", seed=str(seed))
        assert not at.exception
        if table(at).deal.phase is Phase.BIDDING:
            assert any("counter-clockwise" in c.value for c in at.caption)  # the table picture's text
        for _ in range(140):
            t = table(at)
            texts = _page_texts(at)
            bad = [(leaks(x), x[:100]) for x in texts if leaks(x)]
            assert not bad, (seed, bad[:3])
            assert not any("You plays" in x for x in texts)
            if t.deal.phase is Phase.CALLING and t.deal.taker == t.learner:
                called += 1
                assert not any("shown to everyone" in x for x in texts), seed
                assert any("face down" in x for x in texts)
            if t.finished or t.deal.phase is Phase.CANCELLED:
                break
            learner_step(at)
        if called:
            break
    assert called, "no seed made the learner the taker with 5 players"


def test_what_the_app_writes_can_be_typed_back():
    """A learner may type a card as they read it: every card's name (``cards_text``) parses back to the card."""
    from tutor.engine import CARDS, cards_text, parse_cards
    assert parse_cards(cards_text(CARDS)) == list(CARDS)
    assert parse_cards("9♣, 6♣, trump 1, the Excuse") == parse_cards("9C 6C T1 EX")
