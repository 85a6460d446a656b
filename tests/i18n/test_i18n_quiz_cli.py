"""Issue 28, items 4 and 2 (the command line): the engine's reasons, the card names, the quiz layer and the CLI in
French, the engine staying language-free and the English unchanged."""

from __future__ import annotations

import itertools
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from tutor.cli import main
from tutor.engine import card, explain_play, explain_winner, parse_cards, score_deal
from tutor.engine.seats import seat_label, table_picture
from tutor.engine.words import Text, plural
from tutor.i18n import catalogue, language, using
from tutor.i18n.words import card_name, card_short, cards_text, say
from tutor.quiz import check_answer, generate
from tutor.quiz.registry import KINDS_SPEC
from tutor.quiz.slips import SLIPS

ROOT = Path(__file__).resolve().parents[2]
# The quiz kinds whose questions, explanations and feedback are French (the others still build English).
FRENCH_KINDS = ("score", "count", "target", "legal", "winner", "ecart", "poignee", "bidding", "five", "excuse",
                "dealing", "best_card", "attack_card", "defence_card", "seat_card", "good_ecart", "contract")
# Kinds whose questions take seconds to make (the solver, the advisor, the play-outs, the bidding estimate): one
# seed each, at every table size and level; the rules kinds two.
SLOW_KINDS = ("good_ecart", "contract", "best_card", "attack_card", "defence_card", "seat_card")
# The files whose text this fragment (core.po) translates.
FILES = sorted([*ROOT.glob("tutor/engine/*.py"), ROOT / "tutor/i18n/words.py", *ROOT.glob("tutor/cli/*.py"),
                ROOT / "tutor/quiz/check.py", ROOT / "tutor/quiz/answers.py", ROOT / "tutor/quiz/scoreform.py",
                ROOT / "tutor/quiz/slips.py", ROOT / "tutor/quiz/rules.py", ROOT / "tutor/quiz/text.py",
                ROOT / "tutor/quiz/question.py", ROOT / "tutor/quiz/positions.py",
                ROOT / "tutor/strategy/bots/principles.py", ROOT / "tutor/strategy/review/deal.py",
                *(ROOT / f"tutor/quiz/kinds/{name}.py" for name in ("score", "piles", "play", "ecart", "poignee",
                                                                    "bidding", "five", "excuse", "dealing",
                                                                    "endgame", "seat", "good_ecart", "contract")),
                ROOT / "tutor/strategy/bots/ecart_score.py", ROOT / "tutor/strategy/bots/handcount.py",
                ROOT / "tutor/strategy/bidding/contracts.py", ROOT / "tutor/cardlook.py",
                ROOT / "tutor/quiz/solvers.py", ROOT / "tutor/quiz/solvers_scoring.py",
                ROOT / "tutor/quiz/solver_fields.py", ROOT / "tutor/quiz/own.py",
                ROOT / "tutor/strategy/bots/policy.py",
                ROOT / "tutor/quiz/strategy_puzzles.py", ROOT / "tutor/quiz/strategy_record.py"])
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "NP_": ((1, "c"), 2)}
# English words a French text must not hold. Allowed: card codes in the typed-answer help (KH 10D T21 EX).
ENGLISH = re.compile(r"\b(the|and|with|is|are|of|to|from|each|taker|defender|defence|attack|trick|trumps?|king|"
                     r"queen|score|deal|won|lost|step|target|right|wrong|you|your|not|this|that|by|for|card|"
                     r"seat|player|which|when|must|may|made|points counted|per)\b", re.I)


def fields(text: str) -> set[str]:
    """The parameter names of a message ('{card.the_name}' -> 'card')."""
    out = set()
    for _lit, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            out.add(re.split(r"[.\[]", name)[0])
    return out


def extracted() -> list:
    ids = []
    for path in FILES:
        for _line, msg, _comments, ctx in extract_from_file("python", str(path), keywords=KEYWORDS):
            ids.append((msg, ctx))
    return ids


def _check_entry(cat, msgid, problems, context=None):
    singular = msgid[0] if isinstance(msgid, tuple) else msgid
    entry = cat.get(singular, context=context)
    if entry is None and context is None:
        plurals = {m.id[1]: m for m in cat if isinstance(m.id, tuple)}
        entry = plurals.get(singular)
    if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
        problems.append(("untranslated", msgid))
        return
    ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
    strs = entry.string if isinstance(entry.string, tuple) else (entry.string,)
    want = set().union(*(fields(i) for i in ids))
    for s in strs:
        if not fields(ids[0]) <= fields(s) | fields(ids[-1]) or not fields(s) <= want:
            problems.append(("parameters", msgid, s))


def test_every_message_of_these_files_has_a_french_translation_with_its_parameters():
    cat = catalogue("fr")
    problems: list = []
    msgids = [m for m in extracted() if m[0]]
    assert len(msgids) > 250  # the extraction sees the engine's N_ marks and the layers' _() calls
    assert {("won", "side"), ("trumps", "suit")} <= set(msgids)  # the NP_ marks are seen, with their context
    for msgid, context in msgids:
        _check_entry(cat, msgid, problems, context)
    # The slips' rows are message ids too, given to the Slip table rather than to a marker.
    for slip in SLIPS:
        for msgid in (slip.wrong, slip.right):
            _check_entry(cat, msgid, problems)
        for v in slip.extra.values():
            if isinstance(v, Text):
                _check_entry(cat, v.msgid, problems, v.context)
    assert not problems, problems[:10]


def test_the_fragment_is_well_formed():
    po = (ROOT / "tutor/i18n/locales/fr/LC_MESSAGES/core.po").read_text(encoding="utf-8")
    assert 'Plural-Forms: nplurals=2; plural=(n > 1);' in po and "#, fuzzy" not in po


# ---------------------------------------------------------------- the engine stays English, the text layer says it


def test_the_engine_sentences_are_the_english_they_were():
    v = explain_play(parse_cards("5S T4 T16 EX"), parse_cards("10H T14"), "T4")
    assert v.reason == ("You have no hearts and a trump (the 14) is already in the trick: you must overtrump with a "
                        "higher trump (you hold the 16), even if your partner is winning.")
    assert isinstance(v.reason, Text) and say(v.reason) == v.reason  # English: the same words
    s = score_deal(players=4, contract="garde", taker_points=49, oudlers=2)
    assert s.steps[0].text == "Points: the attack made 49 with 2 oudlers." and str(plural(1, "trick")) == "1 trick"
    assert seat_label(0) == "seat 1" and table_picture(3, 0).text().startswith("Play goes counter-clockwise: Seat 1")


def test_the_engine_does_not_import_the_text_layer():
    for path in ROOT.glob("tutor/engine/*.py"):
        assert not re.search(r"^\s*(from|import)\s+\S*i18n", path.read_text(encoding="utf-8"), re.M), path


def test_engine_reasons_in_french():
    with using("fr"):
        v = explain_play(parse_cards("5S T4 T16 EX"), parse_cards("10H T14"), "T4")
        assert say(v.reason) == ("Vous n’avez pas de cœur et un atout (le 14) est déjà dans le pli\u00a0: vous devez "
                                 "surcouper avec un atout plus fort (vous avez le 16), même si votre partenaire est "
                                 "maître.")
        _i, why = explain_winner(parse_cards("EX 2H KH QH"))
        assert say(why).startswith("Aucun atout n’a été joué\u00a0: la plus forte carte à cœur remporte le pli, "
                                   "le Roi de cœur.")
        assert say(plural(2, "deal")) == "2 donnes" and say(plural(1, "oudler")) == "1 bout"
        assert say(seat_label(2)) == "joueur 3"
        assert say(table_picture(3, 1).text()) == (
            "Le jeu tourne dans le sens inverse des aiguilles d’une montre\u00a0: Joueur 1 → Joueur 2 (donneur) → "
            "Joueur 3.")


def test_rule_sentences_in_french():
    from tutor.engine.rule_text import RULE_TEXT, fill_rules
    from tutor.i18n import _
    with using("fr"):
        text = fill_rules("{rule:misdeal}", say=_)
    assert text.startswith("Après une fausse donne") and text == _translate(RULE_TEXT["misdeal"])
    assert fill_rules("{rule:misdeal}") == RULE_TEXT["misdeal"]


def _translate(msgid):
    from tutor.i18n import _
    with using("fr"):
        return _(msgid)


def test_french_card_names():
    with using("fr"):
        assert [card_name(card(c)) for c in ("KS", "QH", "CD", "JC", "1S", "T7", "T1", "T21", "EX")] == [
            "Roi de pique", "Dame de cœur", "Cavalier de carreau", "Valet de trèfle", "As de pique", "7 d’atout",
            "le Petit", "le 21", "l’Excuse"]
        assert cards_text(parse_cards("KH T7 EX")) == "R♥, 7 d’atout, l’Excuse"
        assert card_short(card("CS")) == "C♠"
    assert card_short(card("CS")) == "C♠" and card_name(card("T7")) == "trump 7"


# ---------------------------------------------------------------- generated questions in French


def _texts(q) -> list[str]:
    texts = [q.prompt, q.explanation, q.answer_text, *(c.label for c in q.choices),
             *(f.label + " " + f.hint for f in q.fields)]
    wrongs = []
    if q.answer_type.value == "score_form":
        wrongs = [{k: -v for k, v in q.answer.items()}, {k: v + 1 for k, v in q.answer.items()}, q.answer,
                  {"target": "lots"}, "nonsense"]
    elif q.answer_type.value == "choice":
        wrongs = [c.key for c in q.choices] + ["nonsense"]
    elif q.answer_type.value == "number":
        wrongs = [q.answer, q.answer + 1, -q.answer, "lots"]
    for raw in wrongs:
        fb = check_answer(q, raw)
        texts.append(fb.message)
    return texts


def english_words(text: str) -> list[str]:
    text = re.sub(r"KH,? 10D,? T21,? EX", "", text)  # the typed-answer help
    return ENGLISH.findall(text)


@pytest.mark.parametrize("kind", FRENCH_KINDS)
def test_generated_questions_read_in_french(kind, monkeypatch):
    from tutor.quiz.kinds import good_ecart
    monkeypatch.setattr(good_ecart, "SAMPLES", 6)  # the words, not the play-outs, are under test
    bad = []
    seeds = range(1 if kind in SLOW_KINDS else 2)
    for seed, players, difficulty in itertools.product(seeds, KINDS_SPEC[kind].players, (1, 2, 3)):
        with using("fr"):
            q = generate(kind, seed, players=players, difficulty=difficulty)
            for text in _texts(q):
                found = english_words(text) + (["{"] if "{" in text or "}" in text else [])
                if found:
                    bad.append((seed, players, difficulty, found, text[:200]))
    assert not bad, bad[:5]


def test_every_chelem_case_of_the_score_question_reads_in_french():
    for chelem in ("announced_made", "made", "announced_failed", "defence"):
        with using("fr"):
            q = generate("score", 1, players=4, difficulty=3, chelem=chelem)
            bad = [t for t in _texts(q) if english_words(t) or "{" in t]
        assert not bad, (chelem, bad[:2])


def test_a_question_in_english_is_unchanged():
    q = generate("score", 3, players=4, difficulty=2)
    assert q.prompt.startswith("**Score this deal.** 4 players") and "Fill in each step" in q.prompt
    assert check_answer(q, q.answer).message == "Right! Every step is correct."
    assert language() == "en"


# ---------------------------------------------------------------- the command line


def run(capsys, *argv) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_quiz_in_french(capsys):
    status, out, _err = run(capsys, "--lang", "fr", "quiz", "--kind", "score", "--seed", "3", "--answers")
    assert status == 0 and "Marquez cette donne." in out and "graine 3" in out and "Réponse\u00a0:" in out
    assert not english_words(out.replace("score", "")), english_words(out)  # the kind's name is its code
    assert language() == "en"  # the command's language does not outlive it


def test_cli_score_in_french(capsys):
    status, out, _err = run(capsys, "--lang", "fr", "score", "--players", "5", "--contract", "garde", "--points",
                            "40.5", "--oudlers", "2", "--poignee", "simple")
    assert status == 0
    assert "Points\u00a0: l’attaque a fait 40,5 avec 2 bouts." in out
    assert "preneur -144   partenaire -72   chaque défenseur +72" in out
    assert not english_words(out), english_words(out)


def test_cli_language_from_the_environment(capsys, monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    _s, out, _e = run(capsys, "score", "--contract", "garde", "--points", "49", "--oudlers", "2")
    assert "Nombre de points à réaliser\u00a0: 41 avec 2 bouts." in out
    _s, out, _e = run(capsys, "--lang", "en", "score", "--contract", "garde", "--points", "49", "--oudlers", "2")
    assert "Target: 41 points with 2 oudlers." in out
    monkeypatch.setenv("LANG", "C.UTF-8")
    _s, out, _e = run(capsys, "score", "--contract", "garde", "--points", "49", "--oudlers", "2")
    assert "Target: 41 points with 2 oudlers." in out and "taker +198   each defender -66" in out


def test_cli_legal_and_errors_in_french(capsys):
    status, out, _e = run(capsys, "--lang", "fr", "legal", "--hand", "KH 3H 5S T4 EX", "--trick", "10S T7")
    assert status == 0 and out.startswith("Cartes jouables\u00a0: 5S EX")
    assert "vous devez fournir à pique" in out and not english_words(out)
    status, _o, err = run(capsys, "--lang", "fr", "score", "--contract", "garde", "--points", "lots", "--oudlers", "2")
    assert status == 2 and err.startswith("tarot-tutor\u00a0: erreur\u00a0:")


# ---------------------------------------------------------------- bad input and typed answers in French


def test_the_engines_bad_input_errors_in_french():
    from tutor.engine import TarotError
    with pytest.raises(TarotError) as err:
        score_deal(players=4, contract="garde", taker_points=40.25, oudlers=2)
    assert str(err.value) == "points go in half points: 40.25 is impossible"  # English: as it was
    with using("fr"):
        assert say(err.value.args[0]) == "les points vont par demi-points\u00a0: 40,25 est impossible"
    with pytest.raises(TarotError) as err:
        parse_cards("ZZ")
    with using("fr"):
        assert say(err.value.args[0]).startswith("ce n’est pas une carte\u00a0: 'ZZ'")


def test_french_card_names_can_be_typed_back():
    """A French learner may type a card as the app writes it: « 7 d’atout », « le 21 », « la Dame de pique »."""
    from tutor.engine import CARDS
    from tutor.i18n.words import french
    from tutor.quiz.answers import read_cards
    for form in ("name", "the_name", "short"):
        with using("fr"):
            assert read_cards(", ".join(getattr(french(c), form) for c in CARDS)) == list(CARDS), form
    assert read_cards("7 d'atout, le Petit, atout 12, Roi de cœur, R♥") == parse_cards("T7 T1 T12 KH KH")
    assert read_cards("KH 10D T21 EX") == parse_cards("KH 10D T21 EX")


def test_the_rules_puzzles_solved_text_reads_in_french():
    """A written puzzle's own words come from its French file; what the engine adds (the worked explanation, the
    choices, the feedback) is French too."""
    import dataclasses

    from tutor.quiz.puzzles import Puzzle, load_puzzles
    bad = []
    for p in load_puzzles(ROOT / "puzzles"):
        if not isinstance(p, Puzzle):
            continue
        with using("fr"):
            q = dataclasses.replace(p, question="", explanation="").to_question()
            bad += [(p.id, t[:120]) for t in _texts(q) if english_words(t) or "{" in t]
    assert not bad, bad[:5]


def test_the_practice_hints_read_in_french():
    """The bots' reason for each move is the learner's hint at the table: French in French, English unchanged."""
    from tutor.engine import Deal
    from tutor.strategy.bots.policy import decide
    bad, moves = [], 0
    for players, seed in itertools.product((3, 4, 5), range(2)):
        deal = Deal.new(players, seed=seed)
        while deal.phase.value not in ("done", "cancelled"):
            english = decide(deal.view(deal.to_act))
            with using("fr"):
                french = decide(deal.view(deal.to_act))
            assert french.action == english.action
            moves += 1
            if english_words(french.reason) or "{" in french.reason:
                bad.append(french.reason)
            deal.apply(english.action)
    assert moves > 100 and not bad, bad[:5]


def test_every_question_kind_is_in_the_french_scan():
    from tutor.quiz import KINDS
    assert set(FRENCH_KINDS) == set(KINDS)  # a new kind joins the scan above
