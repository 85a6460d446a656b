"""Issue 28: a position file's refusals in French. ``tarot-tutor --lang fr solve FILE`` (and anything that reads a
position) says why a position is refused in French, field names as written in the file and cards by their French
names; an English user reads exactly the sentence of before (recorded below from the code before the change)."""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from tutor.cli import main
from tutor.engine import TarotError, card
from tutor.engine.cards import CARDS
from tutor.i18n import catalogue, using
from tutor.i18n.words import say
from tutor.strategy import Position, PositionError, solve
from tutor.strategy.exact.position import FIELDS, TAKEN_FIELDS
from tutor.strategy.exact.solver import estimate

ROOT = Path(__file__).resolve().parents[2]
DROP = object()
BASE = {"players": 4, "contract": "garde", "taker": 1,
        "hands": {1: "KH 3H", 2: "QH T2", 3: "4S 9H", 4: "7D 8D"},
        "trick": {"leader": 2, "cards": ""},
        "taken": {"attack_points": 61.5, "attack_oudlers": 1, "attack_tricks": 12, "defence_tricks": 4}}


def pos(**changes) -> dict:
    """BASE with some fields changed (``DROP`` removes one); ``hands``/``taken``/``trick`` update their mapping."""
    out = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if value is DROP:
            del out[key]
        elif key in ("hands", "taken", "trick") and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **{str(k): v for k, v in value.items()}}
            out[key] = {k: v for k, v in out[key].items() if v is not DROP}
        else:
            out[key] = value
    return out


def deal(players: int, size: int, **changes) -> dict:
    """A position with ``size`` cards in each of ``players`` hands, from the deck in order (no card twice)."""
    codes = [c.code for c in CARDS if c.code != "T1"]
    hands = {s + 1: " ".join(codes[s * size:(s + 1) * size]) for s in range(players)}
    return {"players": players, "contract": "garde", "taker": 1, "hands": hands,
            "trick": {"leader": 1, "cards": ""}, **changes}


# Bad position files, each refused for another reason.
FILES = {
    "not a mapping": [1, 2],
    "unknown field": pos(foo=1),
    "no contract": pos(contract=DROP),
    "players 7": pos(players=7),
    "contract a number": pos(contract=5),
    "contract unknown": pos(contract="grande"),
    "taker 9": pos(taker=9),
    "partner with 4": pos(partner=2),
    "partner the taker": pos(players=5, partner=1),
    "partner 9": pos(players=5, partner=9),
    "hands a string": pos(hands="KH 3H"),
    "hands seat 7": pos(hands={7: "5H"}),
    "hands seat missing": pos(hands={4: DROP}),
    "hand a mapping": pos(hands={1: {"a": 1}}),
    "hand nested": pos(hands={1: [["KH"]]}),
    "hand bad card": pos(hands={1: "KH ZZ"}),
    "hand bad trump": pos(hands={1: "KH T25"}),
    "hand too many": pos(hands={1: " ".join(["KH"] * 1200)}),
    "trick no leader": pos(trick={"leader": DROP}),
    "trick leader 0": pos(trick={"leader": 0}),
    "trick bad card": pos(trick={"cards": "5X"}),
    "taken a number": pos(taken=5),
    "taken unknown": pos(taken={"points": 3}),
    "poignees": pos(poignees=["quadruple"]),
    "chelem": pos(chelem="yes"),
    "points too many": pos(taken={"attack_points": 200}),
    "points quarter": pos(taken={"attack_points": 61.25}),
    "oudlers half": pos(taken={"attack_oudlers": 1.5}),
    "tricks text": pos(taken={"attack_tricks": "many"}),
    "card twice": pos(hands={2: "KH T2"}),
    "cards twice": pos(hands={2: "KH 3H", 4: "KH 3H"}),
    "trick full": pos(hands={1: "KH", 2: "QH", 3: "4S", 4: "7D"}, trick={"cards": "T2 9H 8D 3H"}),
    "hand too long": pos(hands={1: "KH 3H 5H"}),
    "hand one card": pos(hands={1: "KH"}),
    "hands too big": deal(4, 19),
    "trick illegal": pos(hands={2: "T2", 3: "9H"}, trick={"cards": "QH 4S"}),
    "tricks sum": pos(taken={"attack_tricks": 10}),
    "one trick over": deal(4, 17, taken={"attack_points": 0}),
    "oudlers too many": pos(hands={2: "QH T21"}, taken={"attack_oudlers": 3}),
    "points one oudler": pos(taken={"attack_points": 2}),
    "points two oudlers": pos(taken={"attack_points": 3, "attack_oudlers": 2}),
    "petit in play": pos(hands={2: "QH T1"}, petit_in_previous_trick=True),
}


# The English refusal of each, recorded from the code before the French (byte for byte).
ENGLISH = {
    'not a mapping': 'a position is a mapping: players, contract, taker, hands, trick, taken, …',
        'unknown field': (
        "unknown field 'foo'; the fields are players, contract, taker, partner, hands, trick, taken, "
        'poignees, chelem, petit_in_previous_trick'),
    'no contract': "the position needs 'contract'",
    'players 7': 'players is 3, 4 or 5, not 7',
    'contract a number': 'contract is petite, garde, garde_sans or garde_contre, not 5',
    'contract unknown': "unknown contract 'grande': use one of petite, garde, garde sans, garde contre",
    'taker 9': 'taker is a seat from 1 to 4, not 9',
    'partner with 4': 'only a 5-player taker has a partner: use partner: null',
    'partner the taker': 'the partner is another seat than the taker (null when the taker plays alone)',
    'partner 9': 'partner is a seat from 1 to 5, not 9',
    'hands a string': 'hands maps each seat (1..players) to its cards, e.g. 1: KH 3H T5',
    'hands seat 7': "a seat in hands is a seat from 1 to 4, not '7'",
    'hands seat missing': 'hands: seat 4 is missing (give every seat, even an empty hand as "")',
    'hand a mapping': 'the hand of seat 1: give the cards as codes separated by spaces, e.g. KH 3H T5',
    'hand nested': 'the hand of seat 1: give at most 78 cards, each as a code, e.g. KH 3H T5',
    'hand bad card': "the hand of seat 1: not a card: 'ZZ' (write cards like KH, CS, 10D, 1C, T21, EX)",
    'hand bad trump': "the hand of seat 1: not a card: 'T25' (trumps run from 1 to 21)",
    'hand too many': 'the hand of seat 1: 1,200 cards, but the deck has 78',
    'trick no leader': 'trick is {leader: seat, cards: "…"}, the cards in play order from the leader',
    'trick leader 0': "the trick's leader is a seat from 1 to 4, not 0",
    'trick bad card': "the trick: not a card: '5X' (write cards like KH, CS, 10D, 1C, T21, EX)",
    'taken a number': 'taken is {attack_points: …, attack_oudlers: …, attack_tricks: …, defence_tricks: …}',
        'taken unknown': (
        "unknown field 'points' in taken; use attack_points, attack_oudlers, attack_tricks, defence_tricks"),
    'poignees': 'poignees lists the poignées already shown (at most 4): simple, double or triple',
    'chelem': "chelem is null or announced, not 'yes'",
    'points too many': 'taken: attack_points is a number from 0 to 91, not 200',
    'points quarter': 'taken: attack_points cannot be 61.25 (points go in half points)',
    'oudlers half': 'taken: attack_oudlers cannot be 1.5',
    'tricks text': "taken: attack_tricks is a number from 0 to 18, not 'many'",
    'card twice': 'KH is given twice: each card exists once',
    'cards twice': '3H KH is given twice: each card exists once',
    'trick full': 'a trick in progress has fewer than 4 cards, not 4',
        'hand too long': (
        'seat 1 holds 3 cards, but with the trick as given it must hold 2 (every seat holds as many cards, '
        'less one for those who played to the trick)'),
        'hand one card': (
        'seat 1 holds 1 card, but with the trick as given it must hold 2 (every seat holds as many cards, '
        'less one for those who played to the trick)'),
    'hands too big': 'with 4 players a hand has at most 18 cards',
    'trick illegal': 'the trick cannot happen: seat 3 played 4S but had to play 9H',
    'tricks sum': 'taken: 16 tricks are over (with 2 left), so attack_tricks + defence_tricks must be 16, not 14',
    'one trick over': 'taken: 1 trick is over (with 17 left), so attack_tricks + defence_tricks must be 1, not 0',
    'oudlers too many': 'taken: attack_oudlers is between 0 and 2 (the oudlers already played or in the dog), not 3',
        'points one oudler': (
        "taken: with 1 oudler won, the attack's points are between 4 and 71.5 (the cards already played or in "
        'the dog), not 2'),
        'points two oudlers': (
        "taken: with 2 oudlers won, the attack's points are between 8.5 and 76 (the cards already played or "
        'in the dog), not 3'),
    'petit in play': 'petit_in_previous_trick: the Petit is still in play, or no trick is over yet',
}


# Refusals that no file reaches through ``from_mapping``: the text itself, a position built in code, a card played,
# and the solver's. Each: (how to get it, its English before the French).
def _built(**changes):
    base = Position.from_mapping(BASE)
    values = {k: getattr(base, k) for k in Position.__dataclass_fields__ if k != "masks"}
    return Position(**{**values, **changes})


OTHERS = {
    "too large": (lambda: Position.parse("x" * 70_000), "the position is larger than the 64 KB allowed"),
    "YAML line": (lambda: Position.parse("players: 4\nhands: [\n"), "the position is not valid YAML or JSON (line 3)"),
    "nesting": (lambda: Position.parse("[" * 2000),
                "the position is not valid YAML or JSON: a number or a nesting too large"),
    "play": (lambda: Position.from_mapping(BASE).play(card("KH")), "KH is not a legal card for seat 2 here"),
    "hands count": (lambda: _built(hands=Position.from_mapping(BASE).hands[:3]),
                    "a 4-player position has 4 hands, not 3"),
    "taker seat": (lambda: _built(taker=7), "the taker is a seat from 1 to 4"),
    "leader seat": (lambda: _built(leader=7), "the trick's leader is a seat from 1 to 4"),
    "partner": (lambda: _built(partner=2), "only a 5-player taker has a partner, another seat than the taker's"),
    "deal over": (lambda: solve(Position.from_mapping(pos(hands={1: "", 2: "", 3: "", 4: ""}, taken={
        "attack_points": 40, "attack_tricks": 10, "defence_tricks": 8}))),
        "the deal is over: there is no card left to play"),
    "beyond range": (lambda: solve(Position.from_mapping(deal(4, 10, taken={"attack_points": 20, "attack_tricks": 4,
                                                                             "defence_tricks": 4}))),
                     "this position has 40 cards left; the solver is exact up to 24 with 4 players "
                     "(use --estimate for an estimate)"),
    "first trick of 5": (lambda: estimate(Position.from_mapping(deal(5, 15, taken={"attack_points": 0}))),
                         "the first trick of a 5-player deal depends on the called king, which a position does not "
                         "give: start from the second trick"),
}

# English words a French refusal must not hold (as in tests/cli/test_cli_french.py, with the position's own words;
# none is also French: « points » is both, so it is not here).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|with|is|are|of|to|from|each|which|when|must|may|this|that|by|for|your|you|not|only|also|one|"
    r"players?|seats?|hands?|tricks?|cards?|taker|partner|leader|defender|deal|deck|oudlers?|won|left|"
    r"over|between|give|given|twice|unknown|field|needs|mapping|number|cannot|half|dog|played|play|"
    r"legal|here|less|who|those|solver|estimate|first|second|called|king|start|fit|allowed|larger|"
    r"valid|nesting|large|missing|even|empty|error|use|lists|already|shown|most|announced|null)\b", re.I)
# Not prose: code in backticks, quoted values, option names, card codes, the file's field names and values.
NOT_PROSE = re.compile(r"`[^`]*`|'[^']*'|(?<![\w-])--[\w-]+|\b(?:[KQCJ]|10|[1-9])[SHDC]\b|\bT\d{1,2}\b|\bEX\b|"
                       r"\b\w+_\w+\b|\btarot-tutor\b")
TYPED = {*FIELDS, *TAKEN_FIELDS, "petite", "garde", "simple", "double", "triple", "YAML", "JSON"}


def english_left(text: str) -> list[str]:
    prose = NOT_PROSE.sub(" ", text)
    words = [w for w in re.findall(r"[\w-]+", prose) if w not in TYPED]
    return sorted({m.group(0) for m in ENGLISH_WORDS.finditer(" ".join(words))})


def test_the_scan_sees_english_and_passes_french():
    assert english_left("taken: with 1 oudler won, the attack's points") == ["oudler", "the", "with", "won"]
    assert english_left("`taken`\u00a0: avec 1 bout gagné, les points de l’attaque") == []
    assert english_left("champ inconnu 'foo'\u202f; les champs sont\u00a0: players, contract, taker, hands") == []


def refusal(data):
    """The refusal of a position file, as raised (a Text that remembers its message)."""
    with pytest.raises(TarotError) as caught:
        Position.from_mapping(data)
    return caught.value.args[0]


@pytest.mark.parametrize("name", FILES)
def test_the_english_refusal_is_unchanged(name):
    assert str(refusal(FILES[name])) == ENGLISH[name]
    assert say(refusal(FILES[name])) == ENGLISH[name]


@pytest.mark.parametrize("name", OTHERS)
def test_every_other_english_refusal_is_unchanged(name):
    how, english = OTHERS[name]
    with pytest.raises(PositionError) as caught:
        how()
    assert str(caught.value) == english and say(caught.value.args[0]) == english
    with using("fr"):
        french = say(caught.value.args[0])
    assert french != english and english_left(french) == [], french


def run(capsys, tmp_path, lang: str, data) -> tuple[int, str, str]:
    path = tmp_path / "pos.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["--lang", lang, "solve", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LANG", raising=False)


@pytest.mark.parametrize("name", FILES)
def test_tarot_tutor_solve_refuses_each_bad_file_in_french(capsys, tmp_path, name):
    code, out, err = run(capsys, tmp_path, "fr", FILES[name])
    assert code == 2 and out == ""
    assert err.startswith("tarot-tutor\u00a0: erreur\u00a0: ") and err.endswith("\n")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert english_left(err) == [], err
    code, out, err = run(capsys, tmp_path, "en", FILES[name])
    assert (code, out, err) == (2, "", f"tarot-tutor: error: {ENGLISH[name]}\n")


# What a French player reads: cards by their French names, seats as « joueur », decimal commas, real plurals.
SAID = {
    "trick illegal": "ce pli est impossible\u00a0: le joueur 3 a joué le 4 de pique, mais il ne pouvait jouer que 9♥",
    "cards twice": "en double\u00a0: 3♥, R♥\u202f; chaque carte n’existe qu’une fois",
    "points two oudlers": "avec 2 bouts gagnés, les points de l’attaque vont de 8,5 à 76",
    "points one oudler": "avec 1 bout gagné, les points de l’attaque vont de 4 à 71,5",
    "one trick over": "`taken`\u00a0: 1 pli est terminé (il en reste 17)",
    "tricks sum": "`taken`\u00a0: 16 plis sont terminés (il en reste 2)",
    "hand one card": "le joueur 1 a 1 carte, mais",
    "hand too long": "le joueur 1 a 3 cartes, mais",
    "hand bad card": "la main du joueur 1\u00a0: ",
    "hands seat missing": "il manque le joueur 4",
    "points quarter": "ne peut pas valoir 61,25 (les points se comptent par demi-points)",
    "hand too many": "1200 cartes, alors que le jeu n’en compte que 78",
    "contract unknown": "contrat inconnu",
    "trick no leader": "`trick` s’écrit `{leader: joueur, cards: \"…\"}`",
}


@pytest.mark.parametrize("name", SAID)
def test_the_french_says_it_as_a_player_would(name):
    with using("fr"):
        assert SAID[name] in say(refusal(FILES[name]))


def test_a_card_not_legal_is_named_in_french():
    with using("fr"), pytest.raises(PositionError) as caught:
        Position.from_mapping(BASE).play(card("KH"))
    with using("fr"):
        assert say(caught.value.args[0]) == "le Roi de cœur n’est pas une carte jouable ici pour le joueur 2"


# The catalogue: every message of the position and the solver's refusals has its French, with its placeholders.
KEYWORDS = {"N_": None, "NP_": ((1, "c"), 2)}
SOURCES = [ROOT / "tutor" / "strategy" / "exact" / name for name in ("position.py", "solver.py", "search.py")]


def _fields(text: str) -> set[str]:
    return {re.split(r"[.\[!:]", name)[0] for _l, name, _s, _c in string.Formatter().parse(text) if name}


def test_every_position_message_has_its_french_with_its_placeholders():
    cat = catalogue("fr")
    plurals = {m.id[1]: m for m in cat if isinstance(m.id, tuple)}  # a counted message's English plural
    seen, problems = 0, []
    for path in SOURCES:
        for _line, msgid, _comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            seen += 1
            entry = plurals.get(msgid) or cat.get(msgid, context=context)
            strs = () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if not strs or not all(strs):
                problems.append(("untranslated", path.name, msgid))
                continue
            for s in strs:
                if _fields(s) != _fields(msgid):
                    problems.append(("placeholders", msgid, s))
    assert seen > 50 and problems == []


def test_the_installed_command_refuses_in_french_without_a_traceback(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text("players: 4\ncontract: garde\ntaker: 1\nhands: {1: KH 3H, 2: KH T2, 3: 4S 9H, 4: 7D 8D}\n"
                    "trick: {leader: 2, cards: \"\"}\n",
                    encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL")}
    r = subprocess.run([sys.executable, "-m", "tutor", "--lang", "fr", "solve", str(path)], capture_output=True,
                       text=True, timeout=60, env=env, cwd=ROOT)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == "tarot-tutor\u00a0: erreur\u00a0: en double\u00a0: R♥\u202f; chaque carte n’existe qu’une fois\n"
