"""Issue 28 (stop 33, task content): the course's generated text in French. Every step of every lesson, the glossary,
every puzzle and guided hand rendered in French hold no English; the generated parts (measured titles, score lines,
the count table, check notes, the misère note) read French, the English unchanged; every string of this task's
files has a French translation with its placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from lesson_texts import written

import tutor.quiz  # noqa: F401  (hands the generators to the lesson checker)
from tutor import i18n
from tutor.content.example_words import plain_cards
from tutor.content.glossary import load_glossary
from tutor.content.lessons import load_course
from tutor.content.measures import Measures
from tutor.content.render import render_example
from tutor.content.schema import CheckStep, ExampleStep
from tutor.i18n.words import say
from tutor.practice.guided import load_guided
from tutor.quiz.puzzles import load_puzzles
from tutor.strategy.bots.handcount import count_scale

ROOT = Path(__file__).resolve().parents[2]
LESSONS, PUZZLES = ROOT / "lessons", ROOT / "puzzles"
# Common English words a French text must not hold ("score", "total", "but", "points" are French words too).
ENGLISH = re.compile(r"\b(the|and|with|is|are|of|to|from|each|taker|defender|defence|attack|trick|trumps?|king|"
                     r"queen|deal|deals|won|lost|step|target|right|wrong|you|your|not|this|that|by|for|card|"
                     r"seat|player|players|which|when|must|may|made|per|hand|hands|count|result|what|none|bid|dog|"
                     r"partner|leads?|plays?|its|have|has|one|two|all|shares|void|more|pass)\b", re.I)
# Allowed: lesson 1 teaches the English names of the cards (the codes K, Q, J, C come from them) and the Fool.
ALLOWED = {"01-the-deck.yaml": re.compile(r"\b(king|queen|knight|jack|the Fool|spades|hearts)\b", re.I)}
# This task's files: every string they mark has a French translation.
FILES = [ROOT / f for f in ("tutor/content/measures.py", "tutor/content/render.py", "tutor/content/render_strategy.py",
                            "tutor/content/queries.py", "tutor/content/deal_queries.py",
                            "tutor/content/example_words.py", "tutor/content/strategy_queries.py",
                            "tutor/content/query_args.py", "tutor/strategy/bots/handcount.py", "tutor/engine/state.py",
                            "tutor/engine/views.py",
                            "tutor/engine/scoring.py")]


def english_in(text: str, allowed: re.Pattern | None = None) -> list[str]:
    lines = [allowed.sub("", line) if allowed else line for line in text.splitlines()]
    return [line for line in lines if ENGLISH.search(line)]


@pytest.fixture(scope="module")
def french_course():
    with i18n.using("fr"):
        return load_course(LESSONS, lang="fr")


def _step_texts(step) -> list[str]:
    out = written(step)
    if isinstance(step, CheckStep):
        out += [step.engine_note or "", *(say(label) for label in step.shown_cards)]
    if isinstance(step, ExampleStep):
        out.append(plain_cards(render_example(step)))
    return out


def test_every_lesson_step_reads_french(french_course):
    assert french_course.problems == [] and len(french_course.lessons) == 31
    found = []
    with i18n.using("fr"):
        for lesson in french_course.lessons:
            name = Path(lesson.path).name
            for i, step in enumerate([*lesson.steps, *lesson.quiz]):
                for text in [lesson.title, lesson.summary] if i == 0 else []:
                    found += [(name, "top", x) for x in english_in(text, ALLOWED.get(name))]
                for text in _step_texts(step):
                    found += [(name, i, x) for x in english_in(text, ALLOWED.get(name))]
    assert found == []


def test_the_glossary_puzzles_and_guided_hands_read_french():
    found = []
    with i18n.using("fr"):
        glossary, problems = load_glossary(LESSONS / "glossary.yaml", "fr")
        assert not problems
        for term in glossary.terms:
            found += [("glossary", term.french, x) for x in english_in(term.definition)]
        for p in load_puzzles(PUZZLES, lang="fr"):
            found += [(p.id, x) for t in (p.title, p.question, p.explanation) for x in english_in(t or "")]
        hands, problems = load_guided(PUZZLES / "guided", lang="fr")
        assert hands and not problems
        for h in hands:
            texts = [h.title, h.summary, h.end, *(m.text for m in h.moments), *(m.wrong for m in h.moments)]
            found += [(h.id, x) for t in texts for x in english_in(t or "")]
    assert found == []


def _lesson(course, name):
    return next(x for x in course.lessons if Path(x.path).name == name)


def _examples(lesson) -> str:
    return "\n".join(render_example(s) for s in lesson.steps if isinstance(s, ExampleStep))


def test_measured_titles_are_built_from_the_group_and_read_french(french_course):
    with i18n.using("fr"):
        text = _examples(_lesson(french_course, "17-judging-a-hand.yaml"))
        text += _examples(_lesson(french_course, "18-which-contract.yaml"))
    assert "**4 joueurs, compte de la main de 31 à 39**" in text
    assert "**4 joueurs, compte de la main de 81 ou plus**" in text
    assert "**3 joueurs, compte de 56 à 75, au moins 40\u202f% de la main en atouts**" in text
    m = Measures({"entries": {"g": {"players": 5, "band": [28, 38.99], "keep": "enough-trumps"},
                              "h": {"players": 4, "band": [45, 60.99], "keep": "few-trumps"}}})
    assert m.title("g") == "5 players, hand count 28 to 38"  # English as the file's old titles read
    assert m.title("h") == "4 players, count 45 to 60, at most a quarter of the hand trumps"
    with i18n.using("fr"):
        assert m.title("h") == "4 joueurs, compte de 45 à 60, au plus un quart de la main en atouts"


def test_the_measurements_file_holds_no_title_of_its_own():
    """One truth: the title comes from players, band and keep; the bench writes those, not a sentence."""
    data = (LESSONS / "measurements.yaml").read_text(encoding="utf-8")
    assert "\n    what:" not in data and data.count("\n    keep: ") == data.count("\n    band:")
    bench = (ROOT / "bench" / "strategy_measure.py").read_text(encoding="utf-8")
    assert '"keep": group.keep' in bench and '"what"' not in bench


def test_score_lines_use_the_house_words(french_course):
    with i18n.using("fr"):
        text = _examples(_lesson(french_course, "12-scoring.yaml"))
    assert "Nombre de points à réaliser\u00a0: 51 avec 1 bout." in text
    assert "Différence\u00a0: 51 − 44, le contrat chute de 7." in text  # the true minus sign
    assert "Points\u00a0: l’attaque a fait 44 avec 1 bout." in text
    assert not english_in(plain_cards(text))


def test_the_count_table_reads_french_and_the_english_is_unchanged():
    rows = count_scale()
    assert rows[0] == ("each trump (the Excuse counted), once there are 5 or more", "2")
    assert dict(rows)["the Petit"] == ("9 with 7+ trumps, 7 with 6+ trumps, 5 with 5+ trumps; 0 with fewer "
                                       "(it would be caught)")
    with i18n.using("fr"):
        said = [(say(a), say(b)) for a, b in rows]
    assert said[0] == ("chaque atout (l’Excuse comptée), dès qu’il y en a 5 ou plus", "2")
    assert ("le Petit", "9 avec 7 atouts ou plus, 7 avec 6 atouts ou plus, 5 avec 5 atouts ou plus\u202f; 0 avec moins "
            "(il serait pris)") in said
    assert not [r for r in said if english_in(" ".join(r))]


def test_the_misere_note_is_an_engine_text_the_text_layer_translates():
    from tutor.engine.state import _MISERE_BY
    from tutor.engine.words import N_, Text, joined
    note = Text(N_("House rule (not FFT): misère {which}, 10 from each other player."),
                which=joined(Text(_MISERE_BY[k], seat=Text(N_("seat {n}"), n=s + 1)) for s, k in ((1, "trumps"),
                                                                                             (2, "honours"))))
    assert note == "House rule (not FFT): misère of trumps by seat 2, of honours by seat 3, 10 from each other player."
    with i18n.using("fr"):
        assert say(note) == ("Règle maison (pas FFT)\u00a0: misère d’atouts par le joueur 2, de têtes par le joueur 3, "
                             "10 de chacun des autres joueurs.")


def fields(text: str) -> set[str]:
    return {re.split(r"[.\[]", name)[0] for _l, name, _s, _c in string.Formatter().parse(text) if name is not None}


def test_every_string_of_this_task_has_a_french_translation_with_its_placeholders():
    cat = i18n.catalogue("fr")
    plurals = {m.id[1]: m for m in cat if isinstance(m.id, tuple)}
    problems = []
    for path in FILES:
        for line, msg, _c, _x in extract_from_file("python", str(path), keywords={"_": None, "N_": None,
                                                                                   "ngettext": (1, 2)}):
            singular = msg[0] if isinstance(msg, tuple) else msg
            entry = cat.get(singular) or plurals.get(singular)
            if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
                problems.append((path.name, line, singular))
                continue
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            for s in entry.string if isinstance(entry.string, tuple) else (entry.string,):
                if not fields(ids[0]) <= fields(s) | fields(ids[-1]):
                    problems.append((path.name, line, singular, s))
    assert problems == []


def test_house_wording_entame_only_for_the_first_card_of_the_deal():
    """« entame »/« entamer » is the deal's first card; a later trick is opened (« ouvrir le pli »)."""
    later = re.compile(r"entamez-vous|en entame\b(?! du premier pli)|entame d’atout|atout entamé|On (a )?entam|"
                       r"entame le \d|"
                       r"Toute autre entame|chaque entame", re.I)
    found = [(p.name, line) for p in [*(LESSONS / "fr").glob("*.yaml"), *(PUZZLES / "fr").rglob("*.yaml")]
             for line in p.read_text(encoding="utf-8").splitlines() if later.search(line)]
    assert found == []
