"""The learning pages in French (issue 28): every string they show is in the catalogue, and each page opens in
French under AppTest with its labels French and its English labels gone. English is tested, unchanged, by
the other page tests."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po
from french_learning_pages import APP, ROOT, french, page, shown  # noqa: F401
from streamlit.testing.v1 import AppTest

from tutor import i18n

FRAGMENT = ROOT / "tutor" / "i18n" / "locales" / "fr" / "LC_MESSAGES" / "ui_learn.po"
MINE = ("learn/course.py", "learn/lesson.py", "learn/lesson_memory.py", "learn/drill.py", "quiz/question.py",
        "learn/daily.py", "learn/puzzles.py", "learn/strategy_puzzle.py", "practice/practice.py", "practice/review.py",
        "practice/practice_parts.py", "practice/practice_guided.py", "practice/level.py", "learn/replay.py",
        "practice/deal_info.py",
        "learn/progress.py",
        "quiz/reference.py", "learn/check.py", "common/cards.py", "common/widgets.py", "table/line_stepper.py",
        "table/line_model.py", "table/table_model.py", "../quiz/registry.py",  # the Drill's kind labels live there
        "table/question_views.py", "table/table_view.py", "table/table_picture.py",
        "table/table_component.py", "common/safe.py", "common/data.py", "common/text.py")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Every message pybabel extracts from the learning pages' modules."""
    pot = tmp_path_factory.mktemp("pot") / "ui_learn.pot"
    files = [str(ROOT / "tutor" / "ui" / name) for name in MINE]
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-k", "N_", "-k", "NP_:1c,2",
                    "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3", "-o", str(pot), "--omit-header", *files],
                   check=True, capture_output=True, cwd=ROOT)
    with pot.open("rb") as fh:
        msgs = [m for m in read_po(fh) if m.id]
    assert len(msgs) > 400  # the extraction saw the pages (a broken command would give none)
    assert {("any", "difficulty"), ("Poignée", "drill topic")} <= {(m.id, m.context) for m in msgs}
    return msgs


def test_every_message_of_the_learning_pages_has_a_french_translation_with_its_placeholders(extracted):
    cat = i18n.catalogue("fr")
    missing, bad = [], []
    for m in extracted:
        found = cat.get(m.id, context=m.context)
        if found is None or not found.string or (isinstance(found.string, tuple) and not all(found.string)):
            missing.append(m.id)
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        # A plural's French singular may leave the count out ("Le pli déjà joué"); every form keeps the rest.
        for s in strings:
            if (wanted - {"n"}) - set(PLACEHOLDER.findall(s)) or set(PLACEHOLDER.findall(s)) - wanted:
                bad.append((m.id, s))
        if "n" in wanted and "n" not in PLACEHOLDER.findall(strings[-1]):
            bad.append((m.id, strings[-1]))
    assert missing == []
    assert bad == []


def test_the_fragment_uses_french_plurals_and_typography():
    text = FRAGMENT.read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in text
    with FRAGMENT.open("rb") as fh:
        cat = read_po(fh)
    strings = [s for m in cat if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not [s for s in strings if "(s)" in s]  # real plurals, never "donne(s)"
    with i18n.using("fr"):
        assert [i18n.ngettext("{n} day in a row", "{n} days in a row", n).format(n=n) for n in (1, 2)] == [
            "1 jour d’affilée", "2 jours d’affilée"]
    assert i18n.ngettext("{n} day in a row", "{n} days in a row", 1).format(n=1) == "1 day in a row"


def test_the_french_rules_summary_has_the_english_sections_in_order():
    from tutor.ui.quiz import reference
    english, french = reference.sections("en"), reference.sections("fr")  # noqa: F811  (the fixture)
    assert len(french) == len(english) and [h for h, _ in french] != [h for h, _ in english]
    with i18n.using("fr"):
        assert reference.section_by_slug("playing-a-trick")[0] == "Jouer un pli"
        assert reference.heading("Scoring") == "La marque"
        # French words find French sections, and an English tarot word still finds its section.
        assert [h for h, _ in reference.search("surcouper")] == ["Jouer un pli"]
        assert [h for h, _ in reference.search("overtrump")] == ["Jouer un pli"]
    assert reference.section_by_slug("playing-a-trick")[0] == "Playing a trick"


# ---------------------------------------------------------------- the pages in French, under AppTest


# Said by a layer below in the same words as a page (the table in words: ``tutor.engine.seats``; the score
# form's prompt: ``tutor.quiz``); the text layer says those in French, so they are not a page's English.
BELOW = {"Play goes counter-clockwise", "on the dealer's right, speaks first", "counter-clockwise",
         "Fill in each step: + for the attack, − for the defence, per defender, then every player's score"}


def english_left(text: str, extracted) -> list[str]:
    """The learning pages' English phrases (their fixed parts of 16 characters or more) still on the page."""
    cat = i18n.catalogue("fr")
    left = []
    for m in extracted:
        for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
            found = cat.get(m.id, context=m.context)
            if found is None or found.string in (msgid, (msgid, msgid)):
                continue
            for chunk in PLACEHOLDER.split(msgid)[::2]:
                chunk = chunk.strip(" *·:,.→()“”")
                if len(chunk) >= 16 and chunk in text and chunk not in BELOW:
                    left.append(chunk)
    return sorted(set(left))


def check_french(at: AppTest, extracted, *, french_words, english_words, content=()) -> str:
    """The page's own words French; ``content``: the course's texts shown (their French comes with the lesson
    files), left out of the scan for English."""
    assert not at.exception, at.exception
    text = shown(at)
    for piece in content:
        text = text.replace(piece, "")
    for w in french_words:
        assert w in text, w
    for w in english_words:
        assert w not in text, w
    assert english_left(text, extracted) == []
    return text


def test_course_map_in_french(french, extracted):  # noqa: F811  (the fixture)
    from tutor.ui.common.data import course
    at = page()
    check_french(at, extracted, french_words=["Commencez ici\u00a0: leçon 0", "Ouvrir", "environ", "Bien jouer"],
                 english_words=["Start here", "lessons done", "about 5 min"],
                 content=[x for lesson in course().lessons for x in (lesson.summary, lesson.title)])
    assert [b for b in at.button if b.key == "continue"][0].label == "Commencez ici →"


def test_a_lesson_in_french_from_its_first_step_to_a_check(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/lesson.py", lesson="the-deck")
    check_french(at, extracted, french_words=["Étape 1 sur", "Suivant →", "← Retour", "environ"],
                 english_words=["Step 1 of", "Next →", "← Back"])
    from tutor.content import CheckStep
    from tutor.ui.common.data import course
    lesson = course().lesson("the-deck")
    steps = list(lesson.steps) + list(lesson.quiz)
    i = next(k for k, s in enumerate(steps) if isinstance(s, CheckStep) and not s.is_generated)
    at = page("tutor/ui/pages/lesson.py", lesson="the-deck", step=str(i + 1))
    check_french(at, extracted, french_words=["**Question\u00a0:**", "Passer cette question →"],
                 english_words=["Skip this check", "Check my answer", "Answer the check to count it"])
    at = page("tutor/ui/pages/lesson.py", lesson="no-such-lesson")
    assert "Il n’y a pas de leçon nommée «\u202fno-such-lesson\u202f»" in at.warning[0].value


def test_the_lesson_end_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/lesson.py", lesson="the-deck", step="end")
    check_french(at, extracted, french_words=["Retour au plan du cours"], english_words=["Back to the course map"])


def test_the_drill_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/drill.py", kind="score", seed="7", players="4", difficulty="1")
    text = check_french(at, extracted,
                        french_words=["Exercices", "Compétences", "Difficulté", "graine **7**", "1 · facile",
                                      "Vérifier ma réponse", "Passer\u00a0: une autre question →"],
                        english_words=["Skills", "Difficulty", "Adapt the difficulty", "Skip: another question"])
    assert "La marque d’une donne" in text
    at = page("tutor/ui/pages/drill.py", kind="legal", seed="3", players="4", difficulty="1")
    text = check_french(at, extracted, french_words=["…ou tapez les cartes", "Toutes les notations marchent"],
                        english_words=["…or type the cards", "Any notation works"])
    # The card table's own words come in French too.
    assert "Cliquez sur les cartes" in text and "Click the cards" not in text


def test_the_puzzles_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/puzzles.py")
    check_french(at, extracted, french_words=["Problèmes", "Thèmes", "problème résolu sur", "Voir la solution"],
                 english_words=["Themes", "puzzles solved", "Show the solution"])
    at.button(key=next(b.key for b in at.button if b.key and b.key.endswith("_show"))).click().run()
    check_french(at, extracted, french_words=["**Solution\u00a0:**"], english_words=["**Solution:**"])


def test_practice_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/practice.py", players="4", seed="1")
    check_french(at, extracted, french_words=["Entraînement", "Nouvelle donne", "Recommencer cette donne",
                                              "Jouer une donne", "Donnes commentées"],
                 english_words=["New deal", "Restart this deal", "Play a deal", "hints used"])
    at.radio(key="pr_mode").set_value("Guided hands").run()
    from tutor.practice.guided import load_guided
    from tutor.ui.common.data import PUZZLES
    hands = load_guided(PUZZLES / "guided")[0]
    check_french(at, extracted, french_words=["Donne commentée", "Recommencer", "…ou tapez la carte à jouer"],
                 english_words=["Guided hand", "Start again", "Play on to the next decision"],
                 content=[x for h in hands for x in (h.title, h.summary)])


@pytest.mark.parametrize("view, french_words, english_words", [
    ("mastery", ["Vos progrès", "Réponses", "Leçons terminées", "Problèmes résolus"],
     ["Your progress", "Lessons done", "Puzzles solved"]),
    ("replay", ["Aucune erreur enregistrée"], ["No mistakes saved yet"]),
    ("review", ["Rejouer mes erreurs", "Révision espacée"], ["Replay my mistakes"]),
    ("profile", ["Transférer votre progression", "Importer comme nouvel élève"],
     ["Move your progress", "Import as a new learner"]),
])
def test_every_progress_view_in_french(french, extracted, view, french_words, english_words):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/progress.py", view=view)
    check_french(at, extracted, french_words=french_words, english_words=english_words)


def test_the_rules_reference_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/reference.py", section="scoring")
    text = check_french(at, extracted, french_words=["Les règles", "La marque", "Chercher dans les règles",
                                                     "Jouer un pli", "Glossaire\u00a0: français – anglais"],
                        english_words=["Search the rules", "Playing a trick", "Glossary: French"])
    assert "Petit au bout" in text and "40,5" in text
    at.text_input(key="ref_query").set_value("zzzz").run()
    assert "Rien dans les règles ne mentionne «\u202fzzzz\u202f»" in at.info[0].value


def test_check_a_deal_in_french(french, extracted):  # noqa: F811  (the fixture)
    at = page("tutor/ui/pages/check.py")
    check_french(at, extracted, french_words=["Vérifier une donne", "Marquer une donne", "Calculer la marque",
                                              "Quelles cartes puis-je jouer\u202f?"],
                 english_words=["Score a deal", "Score it", "Which cards may I play?"])
    at.button[0].click().run()  # the score form's button, with its default deal
    assert not at.exception
    assert at.success and at.success[0].value.startswith("Preneur ")
    at.text_input[0].set_value("KH QX")
    at.button[1].click().run()
    assert not at.exception and at.error


def test_english_is_untouched_on_the_same_pages():
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page("tutor/ui/pages/drill.py")
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Drill"]
    assert "Adapt the difficulty to my answers" in shown(at)
    assert "Exercices" not in shown(at)


def test_a_multiselect_invites_in_french():
    # Streamlit's own "Choose options" was left in English on the French pages' filters: each now says its own.
    from apptest_helpers import french_page
    for name in ("drill", "puzzles"):
        at = french_page(name)
        boxes = [m.proto.placeholder for m in at.multiselect]
        assert boxes and all(b == "Choisissez dans la liste" for b in boxes), (name, boxes)
