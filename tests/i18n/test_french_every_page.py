"""Every page opens in French under AppTest and a scan of everything it sends to the browser finds no English
(issue 28, "Tests and checks"). Each page is opened as a French learner meets it: a fresh visit, then with a
learner who has answered questions, a club game with deals and a class quiz running. The scan reads every
string of the page's elements (texts, labels, options, helps, placeholders, the card table's words), not only
the catalogue, so English built outside the text layer is caught too. Each learning and club page also has
its own deeper French tests (``test_i18n_ui_learn.py``, ``test_french_club_pages.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest_helpers import french_page
from french_words import ALLOWED, ENGLISH
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
PAGES = ["course", "lesson", "drill", "puzzles", "practice", "progress", "reference", "check", "scoresheet", "seasons",
         "duplicate", "worksheets", "class_quiz", "teacher", "table"]

# Strings a page sends that are not prose: ids, keys, kinds, icons, pictures, the card table's own code.
NOT_SHOWN = {"id", "form_id", "key", "query_param_key", "type", "icon", "element_id", "raw_values", "autocomplete",
             "component_name", "css", "js", "html_url", "url", "page_script_hash", "page_name", "url_pathname",
             "fragment_id", "script_hash", "token", "query_string", "page"}



def _strings(msg, field=""):
    for fd, value in msg.ListFields():
        if fd.name in NOT_SHOWN:
            continue
        for v in value if fd.is_repeated else [value]:
            if fd.type == fd.TYPE_STRING:
                yield fd.name, v
            elif fd.type == fd.TYPE_MESSAGE:
                yield from _strings(v, fd.name)


def _words_of_data(value):
    """The card table's data (JSON): only the values a learner reads, never its keys or codes."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in {"mode", "token", "pick_from", "code", "codes", "cards", "card", "suit", "key", "kind",
                         "preselected", "seat_codes", "state", "marks",
                         "field", "type"}:
                yield from _words_of_data(v)
    elif isinstance(value, list):
        for v in value:
            yield from _words_of_data(v)
    elif isinstance(value, str):
        yield value


def shown(at: AppTest) -> list[str]:
    """Every string the page sends to the browser that a learner can read."""
    out: list[str] = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            for _name, s in _strings(proto):
                if s.startswith(("data:image", "<img", "<svg", "<div class=\"tt-cards\"", "$$ID-")):
                    continue
                if s[:1] in "{[":
                    try:
                        out.extend(_words_of_data(json.loads(s)))
                        continue
                    except ValueError:
                        pass
                out.append(s)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    from tutor.ui.quiz import into_view
    from tutor.ui.table.table_component import CSS, JS
    code = {JS, CSS, into_view.JS, into_view.CSS, into_view.HTML}  # components' source, not words on the page
    return [s for s in out if s not in code]


def english_in(at: AppTest) -> list[tuple[str, str]]:
    """(English word, the line it is in) for each line of the page that reads English."""
    found = []
    for s in shown(at):
        for line in s.splitlines():
            words = ENGLISH.findall(ALLOWED.sub(" ", line))
            if words:
                found.append((words[0], line[:120]))
    return found


def test_the_scan_finds_english_and_passes_french():
    class Node:  # the smallest element tree: one markdown text
        def __init__(self, text):
            from streamlit.proto.Markdown_pb2 import Markdown
            self.proto, self.children = Markdown(body=text), {}

    class Page:
        def __init__(self, text):
            self._tree = Node(text)

    assert english_in(Page("Le preneur joue le Roi de cœur\u00a0; Anna défend.")) == []
    assert english_in(Page("Tapez KH ou T21, ou ouvrez `/practice?players=4&seed=1`")) == []
    assert english_in(Page("Le preneur\nThe taker plays")) == [("The", "The taker plays")]
    assert english_in(Page("Maîtrise de « Which cards may be played »"))[0][0] == "Which"


def open_page(name: str, **query) -> AppTest:
    return french_page(name, timeout=120, **query)


@pytest.mark.parametrize("name", PAGES)
def test_every_page_opens_in_french_with_no_english(name):
    at = open_page(name)
    assert not at.exception, at.exception
    assert english_in(at) == [], english_in(at)


@pytest.fixture
def learner_with_history(db):
    """A learner who has finished a lesson and answered drill questions, right and wrong, on several skills."""
    from datetime import UTC, datetime, timedelta

    from tutor.progress.store import AnswerRecord
    me = db.default_learner()
    start = datetime.now(UTC) - timedelta(days=9)
    db.finish_lesson(me.id, "the-deck", at=start)
    for i, (skill, kind) in enumerate([("legal-play", "legal"), ("scoring", "score"), ("trick-winner", "winner"),
                                       ("counting", "count"), ("legal-play", "legal"), ("target", "target")] * 3):
        db.record_answer(me.id, AnswerRecord(skill, kind, i, {"players": 4}, "x", i % 3 != 0, float(i % 3 != 0)),
                         at=start + timedelta(days=i % 8, minutes=i))
    assert db.count_answers(me.id) == 18
    return me


@pytest.mark.parametrize("name", ["course", "drill", "progress"])
def test_a_learner_with_a_history_reads_french(name, learner_with_history):
    at = open_page(name)
    assert not at.exception, at.exception
    assert english_in(at) == [], english_in(at)


def test_a_practice_deal_under_way_reads_french():
    at = open_page("practice", players="4", seed="3", dealer="2")
    assert not at.exception, at.exception
    assert english_in(at) == [], english_in(at)
    assert "Vous, joueur 1" in "\n".join(shown(at))  # the seat line names the learner in French


def test_the_first_profile_is_called_moi_in_french(learner_with_history):
    assert "Élève\u00a0: **Moi**" in "\n".join(shown(open_page("progress")))
    english = AppTest.from_file(APP, default_timeout=120).run()
    english.switch_page("tutor/ui/pages/progress.py")
    assert "Learner: **Me**" in "\n".join(shown(english.run()))


@pytest.fixture
def french_widgets(monkeypatch):
    """AppTest formats a widget's options in the test's thread: French there too."""
    from contextvars import ContextVar

    from tutor import i18n
    monkeypatch.setattr(i18n, "_current", ContextVar("tutor_language", default="fr"))


def test_a_guided_hand_reads_french_from_its_list_to_its_decisions(french_widgets):
    at = open_page("practice", guided="1")
    assert not at.exception, at.exception
    text = "\n".join(shown(at))
    assert "La chasse au Petit" in text or "chasse au Petit" in text  # the hands' French titles
    found = english_in(at)
    for _ in range(4):  # play on to the next decisions: the moments' words
        (skip,) = [b for b in at.button if b.key == "pg_skip"]
        if skip.disabled:
            break
        skip.click().run()
        assert not at.exception, at.exception
        found += english_in(at)
    assert found == []


@pytest.mark.parametrize("pid", ["seat-3p-attack-02", "seat-3p-defence-03", "bid-nothing-to-take",
                                 "three-players-excuse-before-the-end"])
def test_a_strategy_puzzle_answered_and_solved_reads_french(french_widgets, pid):
    """A strategy puzzle (a seat's card, a bid, a card with every hand shown) asked, answered and its solution
    shown: the advisor's and the solver's verdicts in French."""
    at = open_page("puzzles", puzzle=pid)
    assert not at.exception, at.exception
    found = english_in(at)
    for r in at.radio:
        if r.options:
            r.set_value(r.options[0])
    check = [b for b in at.button if b.label.startswith("Vérifier")]
    check[0].click().run()
    found += english_in(at)
    (solution,) = [b for b in at.button if b.label == "Voir la solution"]
    solution.click().run()
    assert not at.exception, at.exception
    text = "\n".join(shown(at))
    assert "**Principe\u00a0: " in text  # the principle behind the answer, in French
    found += english_in(at)
    assert found == []
