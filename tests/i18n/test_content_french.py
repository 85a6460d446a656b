"""French lessons and glossary: the overlay loader, the French check and its stamps, and the content fragment."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from lesson_texts import written

import tutor.quiz  # noqa: F401  (hands the generators to the lesson checker)
from tutor import i18n
from tutor.cli import main
from tutor.content.example_words import plain_cards
from tutor.content.lessons import lesson_files, load_course, load_lesson
from tutor.content.render import render_example
from tutor.content.schema import CheckStep, ExampleStep, TextStep
from tutor.content.stamps import check_translation, stamp_translation, translation_files
from tutor.content.verify import check_answer

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
FRENCH = LESSONS / "fr"
OWN = ["00-a-whole-deal.yaml", "01-the-deck.yaml", "02-ranks.yaml", "03-card-values.yaml", "04-the-goal.yaml",
       "05-dealing.yaml"]


@pytest.fixture(scope="module")
def french():
    return load_course(LESSONS, lang="fr")


@pytest.fixture(scope="module")
def english():
    return load_course(LESSONS, lang="en")


def _texts(lesson) -> list[str]:
    """Every text a learner reads in a lesson, examples rendered."""
    out = [lesson.title, lesson.summary]
    for step in [*lesson.steps, *lesson.quiz]:
        out += written(step)
        if isinstance(step, ExampleStep):
            out.append(plain_cards(render_example(step)))
    return out


# ---------------------------------------------------------------- loading


def test_french_course_loads_with_every_check_verified(french, english):
    """The French course is the English one with French words: same lessons, no problem, every answer the same."""
    assert french.problems == [] and french.translations == []
    assert french.ids == english.ids
    for fr, en in zip(french.lessons, english.lessons):
        assert [s.kind for s in fr.steps] == [s.kind for s in en.steps]
        for a, b in zip([*fr.checks, *fr.quiz], [*en.checks, *en.quiz]):
            assert (a.answer, a.answer_kind, a.verify, a.generator) == (b.answer, b.answer_kind, b.verify, b.generator)
            if a.options:
                assert [o.value for o in a.options] == [o.value for o in b.options]


@pytest.mark.parametrize("name", OWN)
def test_a_french_lesson_reads_in_french_with_no_placeholder_left(french, english, name):
    lesson = next(x for x in french.lessons if Path(x.path).name == name)
    en = next(x for x in english.lessons if Path(x.path).name == name)
    with i18n.using("fr"):
        texts = _texts(lesson)
    assert not [t for t in texts if re.search(r"\{(?!cards:)", t)], "a placeholder was left unfilled"
    assert lesson.title != en.title and lesson.summary != en.summary
    english_words = re.compile(r"\b(the|and|with|which|how many|points is|dealer|trick)\b", re.I)
    from tutor.engine.rule_text import RULE_TEXT
    with i18n.using("fr"):  # rule sentences are French once their catalogue (tutor.engine's) translates them
        untranslated = [s for s in RULE_TEXT.values() if i18n._(s) == s]
    allowed = ("*the Fool*", *untranslated)  # lesson 1 names the English name of the Excuse on purpose
    assert [t for t in texts if english_words.search(re.sub("|".join(map(re.escape, allowed)), "", t))] == []


def test_french_options_keep_their_values_and_the_answer_still_grades(french):
    deck = french.lesson("card-values")
    queen = next(s for s in deck.checks if s.options and s.answer == 3.5)
    assert [o.text for o in queen.options] == ["2,5", "3,5", "4,5"]
    assert check_answer(queen, 3.5) and not check_answer(queen, 2.5)
    first = french.lesson("a-whole-deal").checks[0]
    assert first.options[0].value == "counter-clockwise" and first.options[0].text.startswith("Sens inverse")


def test_rule_sentences_come_through_the_text_layer(french, monkeypatch):
    """{rule:misdeal} in a French lesson is the RULE_TEXT sentence passed through _() (f4's catalogue makes it
    French); English lessons keep the sentence as it is."""
    from tutor.content import overlay
    from tutor.engine.rule_text import RULE_TEXT
    monkeypatch.setattr(overlay, "_", lambda s: "«" + s + "»")
    with i18n.using("fr"):
        lf = load_lesson(LESSONS / "05-dealing.yaml")
    body = next(s.body for s in lf.lesson.steps if isinstance(s, TextStep) and "fausse donne" in s.body)
    assert "«" + RULE_TEXT["misdeal"] + "»" in body
    assert "{rule:" not in body


def test_english_learners_see_the_english_lesson(english):
    deck = english.lesson("the-deck")
    assert deck.title == "The deck"
    assert english.glossary.get("atout").definition.startswith("One of the 21")


def test_no_french_file_means_the_english_lesson(tmp_path):
    root = _copy(tmp_path)
    (root / "fr" / "02-ranks.yaml").unlink()
    c = load_course(root, lang="fr")
    assert c.lesson("ranks").title == "Ranks, and the three oudlers"
    assert c.lesson("the-deck").title == "Le jeu de tarot"


def test_a_broken_translation_falls_back_to_english_and_is_reported(tmp_path):
    root = _copy(tmp_path)
    path = root / "fr" / "02-ranks.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - kind: mistake", "  - kind: text"), "utf-8")
    c = load_course(root, lang="fr")
    assert c.lesson("ranks").title == "Ranks, and the three oudlers"
    assert any("02-ranks.yaml" in p.path and "mistake" in p.message for p in c.translations)


def test_the_french_glossary_keeps_terms_and_english(french, english):
    assert [t.french for t in french.glossary.terms] == [t.french for t in english.glossary.terms]
    assert [t.english for t in french.glossary.terms] == [t.english for t in english.glossary.terms]
    assert french.glossary.get("atout").definition.startswith("L’une des 21 cartes")


def test_typed_word_answers_accept_the_french_words(tmp_path):
    """answer_words: a typed word answer (English) accepts the French words listed in the translation."""
    from tutor.content.overlay import check_lesson
    from tutor.content.yamlio import load_text
    en = load_text("title: T\nsummary: S\nsteps:\n  - kind: check\n    question: Q?\n    answer: excuse\n"
                   "quiz: []\n", "e.yaml", rules=False)
    fr = load_text("title: T\nsummary: S\nsteps:\n  - kind: check\n    question: Q ?\n"
                   "    answer_words: [l’Excuse, excuse]\nquiz: []\n", "f.yaml", rules=False)
    assert check_lesson(en, fr, "f.yaml").problems == []
    fr_bad = load_text("title: T\nsummary: S\nsteps:\n  - kind: check\n    question: Q ?\n"
                       "    answer_words: oui\nquiz: []\n", "f.yaml", rules=False)
    assert [p.line for p in check_lesson(en, fr_bad, "f.yaml").problems] == [6]
    step = CheckStep(question="Q", answer="excuse", options=None)
    step._value_kind = "text"
    from tutor.content.overlay import word_answers
    step._words = word_answers(["l’Excuse"], "excuse")
    assert check_answer(step, "L'excuse") and check_answer(step, "excuse") and not check_answer(step, "le Petit")


def test_lessons_still_without_french_are_listed():
    """Informative: which lessons have no French file yet (never fails)."""
    missing = [p.name for p in lesson_files(LESSONS) if not (FRENCH / p.name).exists()]
    print(f"{len(missing)} lessons without French: {', '.join(missing) or 'none'}")
    assert all((FRENCH / name).exists() for name in OWN)


# ---------------------------------------------------------------- the French check


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    return root


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _problems(path: Path) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in check_translation(path)]


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if text in line)


def test_every_french_file_of_the_repository_passes_the_check():
    assert translation_files(LESSONS), "lessons/fr has translations"
    for fr, en, what in translation_files(LESSONS):
        assert check_translation(fr, en, what) == [], fr


def test_check_command_checks_french_files(tmp_path, capsys):
    root = _copy(tmp_path)
    assert main(["check", str(root)]) == 0
    path = root / "fr" / "01-the-deck.yaml"
    _edit(path, "    options: [\"13\", \"14\", \"15\"]", "    options: [\"13\", \"14\"]")
    capsys.readouterr()
    assert main(["check", str(root)]) == 1
    out = capsys.readouterr().out
    line = _line_of(path, 'options: ["13", "14"]')
    assert f"{path}:{line}: step 5 (check): 'options' has 2 items, the English 3 (missing)" in out
    assert main(["check", str(path)]) == 1  # one French file on its own


def test_missing_step(tmp_path):
    path = _copy(tmp_path) / "fr" / "04-the-goal.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - kind: cards")
    end = text.index("  - kind: check", start)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    problems = _problems(path)
    assert problems[0][1].startswith("step 2: the English step 2 is a cards step, not check")
    assert any("step 11 (summary) is missing: the English has 11 steps, this file 10" in m for _, m in problems)


def test_one_step_too_many(tmp_path):
    path = _copy(tmp_path) / "fr" / "04-the-goal.yaml"
    _edit(path, "quiz:\n", "  - kind: text\n    body: De trop.\n\nquiz:\n")
    assert (_line_of(path, "body: De trop.") - 1, "step 12: one too many: the English has 11 steps") in \
        _problems(path)


def test_missing_and_extra_quiz_question(tmp_path):
    path = _copy(tmp_path) / "fr" / "04-the-goal.yaml"
    _edit(path, "  - {}\n  - {}\n", "  - {}\n")
    assert any("quiz question 3 is missing" in m for _, m in _problems(path))
    path = _copy(tmp_path / "b") / "fr" / "04-the-goal.yaml"
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n  - {}\n"
    path.write_text(text, encoding="utf-8")
    assert (len(text.split("\n")) - 1, "quiz question 4: one too many: the English has 3 quiz questions") in \
        _problems(path)


def test_another_kind_at_a_place(tmp_path):
    path = _copy(tmp_path) / "fr" / "02-ranks.yaml"
    _edit(path, "  - kind: mistake", "  - kind: text")
    line = _line_of(path, "Les figures vont") - 2  # the step's first line: '- kind: text', then its stamp
    assert (line, "step 3: the English step 3 is a mistake step, not text: keep the steps in the English order") \
        in _problems(path)


def test_missing_option_and_extra_option(tmp_path):
    path = _copy(tmp_path) / "fr" / "03-card-values.yaml"
    _edit(path, 'options: ["78", "91", "100"]', 'options: ["78", "91", "100", "120"]')
    line = _line_of(path, '"120"')
    assert (line, "step 13 (check): 'options' has 4 items, the English 3 (one too many): same number, same order") \
        in _problems(path)


def test_missing_summary_point(tmp_path):
    path = _copy(tmp_path) / "fr" / "03-card-values.yaml"
    _edit(path, "      - \"Le jeu entier vaut 91 points.\"\n", "")
    assert any(m.startswith("step 14 (summary): 'points' has 2 items, the English 3") for _, m in _problems(path))


def test_a_key_the_english_lacks_and_one_it_has(tmp_path):
    path = _copy(tmp_path) / "fr" / "03-card-values.yaml"
    _edit(path, "    question: Combien de points vaut une Dame", "    hint: Pensez aux figures.\n"
                "    question: Combien de points vaut une Dame")
    assert (_line_of(path, "hint: Pensez"), "step 3 (check): 'hint': the English has no such key here; remove it") \
        in _problems(path)
    path2 = _copy(tmp_path / "b") / "fr" / "03-card-values.yaml"
    text = path2.read_text(encoding="utf-8")
    path2.write_text(re.sub(r"    why: Les atouts sont forts[^\n]*\n", "", text), encoding="utf-8")
    assert any(m == "step 4 (mistake): 'why' is missing (the English has it)" for _, m in _problems(path2))
    path3 = _copy(tmp_path / "c") / "fr" / "03-card-values.yaml"
    _edit(path3, "  - kind: example\n", "  - kind: example\n    answer: 5\n", 1)
    assert any("'answer': a translation gives only the text; remove it" in m for _, m in _problems(path3))


def test_a_lost_placeholder(tmp_path):
    path = _copy(tmp_path) / "fr" / "05-dealing.yaml"
    _edit(path, "{rule:misdeal} ", "")
    assert any("{rule:misdeal} is missing; keep every placeholder exactly as in English" in m
               for _, m in _problems(path))


def test_out_of_date_with_the_english_names_the_french_line(tmp_path):
    root = _copy(tmp_path)
    _edit(root / "03-card-values.yaml", "How many points is trump 14 worth?", "What is trump 14 worth?")
    path = root / "fr" / "03-card-values.yaml"
    problems = _problems(path)
    assert len(problems) == 1
    line, message = problems[0]
    assert message.startswith("step 5 (check): out of date: the English text changed since this was translated")
    assert "tarot-tutor check --stamp-french" in message
    assert path.read_text(encoding="utf-8").split("\n")[line - 1].strip().startswith("en: ")
    assert stamp_translation(path) == (1, [])
    assert _problems(path) == []


def test_missing_stamp_and_the_stamp_command(tmp_path, capsys):
    root = _copy(tmp_path)
    path = root / "fr" / "02-ranks.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\n *en: [0-9a-f]{8}", "", text), encoding="utf-8")
    problems = _problems(path)
    assert problems and all("no 'en:' stamp yet" in m for _, m in problems)
    assert main(["check", "--stamp-french", str(root)]) == 0
    assert "stamped " in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == text  # the stamps come back where they were


def test_a_translation_without_an_english_file(tmp_path):
    root = _copy(tmp_path)
    shutil.copy(root / "fr" / "02-ranks.yaml", root / "fr" / "99-nothing.yaml")
    assert _problems(root / "fr" / "99-nothing.yaml")[0][1].startswith("no English file")


def test_glossary_terms_must_match_the_english(tmp_path):
    path = _copy(tmp_path) / "fr" / "glossary.yaml"
    _edit(path, "  - french: couleur", "  - french: couleurs")
    assert any("term 3 (couleur): 'french' must be 'couleur'" in m for _, m in _problems(path))


# ---------------------------------------------------------------- the catalogue fragment


def test_every_content_string_has_a_french_translation():
    """Every msgid extracted from tutor/content has a French msgstr keeping its {placeholders}."""
    from babel.messages.extract import extract_from_dir
    cat = i18n.catalogue("fr")
    ids = {}
    for _file, _line, msg, _comments, ctx in extract_from_dir(str(REPO / "tutor" / "content"), keywords={
            "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}):
        ids[(msg if isinstance(msg, str) else msg[0], ctx)] = msg
    assert len(ids) > 80 and ("won", "deal") in ids
    for key, ctx in ids:
        entry = cat.get(key, context=ctx)
        assert entry is not None and entry.string, f"no French for {key!r}"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for s in strings:
            assert set(re.findall(r"\{\w+\}", key)) <= set(re.findall(r"\{\w+\}", s)), (key, s)


def test_the_fragment_header_has_french_plurals():
    with (REPO / "tutor/i18n/locales/fr/LC_MESSAGES/content.po").open("rb") as fh:
        cat = read_po(fh, locale="fr")
    assert cat.num_plurals == 2 and "(n > 1)" in cat.plural_expr
    with i18n.using("fr"):
        from tutor.content.measures import in_words
        assert in_words(0.288) == "environ 3 donnes sur 10" and in_words(0.144) == "environ 1 donne sur 10"
    assert in_words(0.288) == "about 3 deals in 10"


# ---------------------------------------------------------------- puzzles


PUZZLES = REPO / "puzzles"


def test_french_puzzles_keep_every_puzzle_and_its_solution():
    from tutor.quiz.puzzles import load_puzzles
    en = {p.id: p for p in load_puzzles(PUZZLES)}
    fr = {p.id: p for p in load_puzzles(PUZZLES, lang="fr")}
    assert list(fr) == list(en)
    translated = [pid for pid in fr if fr[pid].title != en[pid].title]
    assert len(translated) >= 30 and "overtrump-your-partner" in translated
    for pid in translated:
        assert (fr[pid].solution, fr[pid].position, fr[pid].kind) == (en[pid].solution, en[pid].position, en[pid].kind)
        assert "{" not in fr[pid].question + fr[pid].explanation
    assert fr["overtrump-your-partner"].question.startswith("Le pli s’est ouvert à pique")


def test_french_puzzle_files_pass_the_check_and_name_a_missing_puzzle(tmp_path):
    for fr, en, what in translation_files(PUZZLES):
        assert check_translation(fr, en, what) == [], fr
    root = tmp_path / "puzzles"
    (root / "fr").mkdir(parents=True)
    shutil.copy(PUZZLES / "counting.yaml", root / "counting.yaml")
    path = root / "fr" / "counting.yaml"
    text = (PUZZLES / "fr" / "counting.yaml").read_text(encoding="utf-8")
    start = text.index("count-the-court:")
    path.write_text(text[:start] + text[text.index("target-two-oudlers:"):] + "no-such-puzzle:\n  title: X\n",
                    encoding="utf-8")
    messages = [m for _, m in _problems(path)]
    assert "puzzle 'count-the-court' is missing: give its text (the English file has it)" in messages
    assert "puzzle 'no-such-puzzle': one too many, no English puzzle has this id" in messages
