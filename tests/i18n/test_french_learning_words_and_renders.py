"""The learning pages' last English (issue 28, stop 33): skill titles, the mastery words, the spaced review's notes,
the drill's level changes, the practice names, action lines and hints, all in French for a French learner, and
English unchanged. Each French string is in ``learn_more.po``."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from babel.messages.pofile import read_po
from french_learning_pages import french, page, shown  # noqa: F401  (``french`` is a fixture)

from tutor import i18n
from tutor.engine import parse_card, parse_cards
from tutor.engine.actions import Bid, CallKing, Discard, PlayCard, ShowPoignee, action_text
from tutor.engine.rules import Contract
from tutor.i18n.words import say
from tutor.progress.mastery import Mastery, plain_words
from tutor.progress.review import RATING_LABELS, SkillReview, new_card, rating_for, schedule
from tutor.quiz import generate
from tutor.quiz.adapt import next_level
from tutor.skills import SKILLS

ROOT = Path(__file__).resolve().parents[2]
MINE = ("tutor/skills.py", "tutor/progress/mastery.py", "tutor/progress/review.py", "tutor/quiz/adapt.py",
        "tutor/engine/actions.py", "tutor/practice/table.py", "tutor/strategy/bidding/advice.py",
        "tutor/strategy/bidding/estimate.py", "tutor/classroom/duplicate_stats.py")
FRAGMENT = ROOT / "tutor" / "i18n" / "locales" / "fr" / "LC_MESSAGES" / "learn_more.po"
PLACEHOLDER = re.compile(r"\{([\w.]+)\}")


def test_every_message_of_these_modules_has_a_french_translation_with_its_placeholders(tmp_path):
    pot = tmp_path / "learn.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-k", "N_", "-o", str(pot),
                    "--omit-header", *MINE], check=True, capture_output=True, cwd=ROOT)
    with pot.open("rb") as fh:
        ids = [m.id for m in read_po(fh) if m.id]
    assert len(ids) > 60  # the extraction saw the modules
    cat = i18n.catalogue("fr")
    plurals = {m.id[1] for m in cat if isinstance(m.id, tuple)}  # a counted message's English plural
    missing, bad = [], []
    for msgid in ids:
        found = cat.get(msgid)
        if found is None:
            if msgid not in plurals:
                missing.append(msgid)
            continue
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(strings):
            missing.append(msgid)
        wanted = set(PLACEHOLDER.findall(msgid)) - {"n"}
        bad += [(msgid, s) for s in strings if wanted - set(PLACEHOLDER.findall(s))]
    assert missing == [] and bad == []


def test_the_fragment_is_french_with_real_plurals():
    text = FRAGMENT.read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in text and "(s)" not in text


# ---------------------------------------------------------------- the layers below say English, the pages French

def test_skill_titles_in_french_and_english():
    with i18n.using("fr"):
        assert i18n._(SKILLS["legal-play"]) == "Les cartes que l’on peut jouer"
        assert i18n._(SKILLS["hand-judgement"]) == "Évaluer sa main\u00a0: le compte de la main"
        assert all(i18n._(title) != title for skill, title in SKILLS.items() if skill != "petit-au-bout")
    assert SKILLS["legal-play"] == "Which cards may be played"


def test_mastery_words_in_french_with_real_plurals():
    few, many, none = Mastery("c", 3, 1.0, 0.44), Mastery("c", 20, 0.9, 0.7), Mastery("c", 2, 0.0, 0.0)
    with i18n.using("fr"):
        assert say(plain_words(few)) == ("3 bonnes réponses sur 3\u00a0: un bon début, répondez à quelques "
                                         "questions de plus pour en être sûr")
        assert say(plain_words(many)) == "18 bonnes réponses sur vos 20 dernières\u00a0: solide"
        assert say(plain_words(none)).startswith("0 bonne réponse sur 2\u00a0: à revoir")
        assert say(plain_words(Mastery("c", 3, 0.5, 0.1))).startswith("1,5 bonne réponse sur 3")
    assert plain_words(many) == "18 right out of your last 20: solid"  # English as before


def test_drill_level_changes_in_french():
    up, down = next_level(1, [True, True, True])[1], next_level(2, [True, False, False])[1]
    with i18n.using("fr"):
        assert say(up) == "Trois bonnes réponses d’affilée\u00a0: on passe à la difficulté 2."
        assert say(down) == "Deux erreurs d’affilée\u00a0: on revient à la difficulté 1 pour consolider."
    assert up == "Three right in a row: stepping up to difficulty 2."
    assert down == "Two misses in a row: stepping down to difficulty 1 to steady things."


def test_review_notes_and_ratings_in_french():
    t = datetime(2026, 1, 5, 9, tzinfo=UTC)
    card = schedule(None, "legal-play", rating_for(True, 1.0, False), t)
    for k in range(1, 4):
        card = schedule(card, "legal-play", rating_for(True, 1.0, False), t + timedelta(days=10 * k))
    r = SkillReview("legal-play", card, 3, 4)
    later = t + timedelta(days=400)
    english = r.why(later)
    assert english.startswith("You should remember it for about ") and "% now" not in english
    with i18n.using("fr"):
        text = say(r.why(later, day=lambda d: "5 février"))
        assert text.startswith("Vous devriez vous en souvenir pendant environ ") and "jours\u202f;" in text
        assert "dernière révision le 5 février (juste)" in text and "sous les 90\u00a0%" not in text
        assert "remember" not in text and "recall" not in text
        assert [i18n._(RATING_LABELS[k]) for k in RATING_LABELS] == [
            "faux", "juste avec de l’aide ou à moitié juste", "juste", "facile"]
        fresh = SkillReview("counting", new_card("counting", t), None, 0)
        assert say(fresh.why(t)).startswith("Pas encore révisée")


def test_action_lines_in_french_and_english():
    names = {0: "You", 1: "Anna"}.get
    acts = [Bid(0, None), Bid(1, Contract.GARDE), CallKing(1, parse_card("KS")), Discard(0, ()),
            ShowPoignee(1, tuple(parse_cards("T21 T20 EX"))), PlayCard(0, parse_card("T7")),
            PlayCard(1, parse_card("EX")), PlayCard(1, parse_card("QH"))]
    with i18n.using("fr"):
        assert [say(action_text(a, names)) for a in acts] == [
            "Vous passez", "Anna annonce garde", "Anna appelle le Roi de pique", "Vous faites l’écart",
            "Anna montre une poignée de 3 atouts\u00a0: le 21, 20 d’atout, l’Excuse", "Vous jouez le 7 d’atout",
            "Anna joue l’Excuse", "Anna joue la Dame de cœur"]
        # The learner named « Vous » by the page still speaks in the second person.
        assert say(action_text(PlayCard(2, parse_card("KH")), {2: "Vous"}.get, you=2)) == "Vous jouez le Roi de cœur"
    assert [action_text(a, names) for a in acts] == [
        "You pass", "Anna bids garde", "Anna calls the king of spades", "You make the écart",
        "Anna shows a poignée of 3: trump 21, trump 20, the Excuse", "You play the trump 7",
        "Anna plays the Excuse", "Anna plays the queen of hearts"]


def test_the_class_duplicate_choices_in_french():
    from tutor.classroom.duplicate_stats import choice_words
    with i18n.using("fr"):
        assert say(choice_words("0:bid:garde", 4)) == "Vous annoncez garde"
        assert say(choice_words("0:ecart:KH,3S", 4)) == "écart\u00a0: 3 de pique, Roi de cœur"
    assert choice_words("0:play:KH", 4) == "You play the king of hearts"


# ---------------------------------------------------------------- real renders, in French

def _submit(at) -> None:
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("FormSubmitter"))).click().run()
    assert not at.exception


def _answer_count(at, right: bool) -> None:
    q = generate("count", at.session_state["drill_seed"], players=4, difficulty=at.session_state["drill_difficulty"])
    at.text_input[0].set_value(f"{q.answer:g}" if right else f"{q.answer + 1.5:g}")
    _submit(at)
    at.button(key="drill_next").click().run()


def test_drill_mastery_level_change_progress_and_review_in_french(french):  # noqa: F811
    at = page("tutor/ui/pages/drill.py")
    at.multiselect[0].set_value(["count"]).run()
    assert any("Maîtrise de" in c.value for c in at.caption)
    _answer_count(at, right=False)
    for _ in range(3):
        _answer_count(at, right=True)
    text = shown(at)
    assert "Trois bonnes réponses d’affilée\u00a0: on passe à la difficulté 2." in text
    assert "«\u202fLa valeur des cartes et le compte d’un tas de plis\u202f»\u00a0: 3 bonnes réponses sur 4" in text
    assert "Card values" not in text and "right out of" not in text and "stepping up" not in text

    at.switch_page("tutor/ui/pages/progress.py")
    at.query_params["lang"] = "fr"
    at.run()
    table = at.dataframe[0].value
    row = table[table["Compétence"] == "La valeur des cartes et le compte d’un tas de plis"].iloc[0]
    assert row.iloc[1] == ("3 bonnes réponses sur 4\u00a0: un bon début, répondez à quelques questions de plus pour "
                           "en être sûr")
    assert not [s for s in table["Compétence"] if s in SKILLS.values()]  # every title French
    assert "Which cards may be played" not in shown(at)

    at.segmented_control(key="progress_view").set_value("review").run()
    at.toggle[0].set_value(True).run()
    review = shown(at)
    assert "La valeur des cartes et le compte d’un tas de plis" in review and "Card values" not in review
    assert "Pas encore révisée : elle est à revoir maintenant" in review and "Not reviewed yet" not in review


def test_a_practice_deal_in_french_to_its_end_with_the_bid_hint_and_the_log(french):  # noqa: F811
    import practice_pages as tp
    at = page("tutor/ui/pages/practice.py", players="4", seed="94")  # a deal that is played (218 is passed out)
    text = shown(at)
    assert "Vous, joueur 1" in text and "You, seat 1" not in text
    at.button(key="pr_hint_btn").click().run()
    text = shown(at)
    assert "Estimé sur 80 donnes des cartes que vous ne voyez pas" in text
    assert "| enchère | réussie | marque moyenne |" in text and "(la meilleure)" in text
    with i18n.using("fr"):
        assert "**Principe\u00a0: " + i18n._("Bid for the best expected score") + ".**" in text
    for english in ("Estimated over", "| bid | made |", "you do not play", "Bid for the best expected score",
                    "played out by the bots"):
        assert english not in text, english
    tp.play_to_the_end(at)
    text = shown(at)
    assert "Vous passez" in text or "Vous annoncez" in text
    assert "Vous jouez" in text and "Anna joue" in text
    for english in ("You play", "You pass", "plays the", "Every step of the score is signed"):
        assert english not in text, english


def test_the_saving_notice_in_french():
    from tutor.progress.db import MESSAGES, Problem, StoreError
    with i18n.using("fr"):
        said = [say(StoreError(p, "“x.db”").args[0]) for p in MESSAGES]
        assert all("«\u202fRéessayer\u202f»" in s or "mettez l’application à jour" in s.lower() for s in said)
        assert not [s for s in said if "database" in s or "saved" in s]
    assert str(StoreError(Problem.FULL, "“x.db”")).startswith("The disk that holds the progress database “x.db”")
