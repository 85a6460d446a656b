"""The texts an expert read found wrong (issue 35, item 8), each checked against the engine or the hand count, in
English and in French: the hand count's trumps, lesson 30's multiplier, lesson 22's trump signals, lesson 23's
chelem lead and the puzzle where the Excuse saves a trump."""

from __future__ import annotations

from pathlib import Path

import yaml

from tutor.engine import Bid, CallKing, Contract, Deal, DeclareChelem, Discard, Phase, card, parse_cards
from tutor.engine.scoring import score_deal
from tutor.quiz.puzzles import read_puzzle_file
from tutor.strategy.bots.handcount import count_scale, hand_strength
from tutor.strategy.exact.solver import solve

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())


def _text(path: str) -> str:
    """Every string of a YAML file, joined (what a learner can read of it)."""
    out: list[str] = []

    def walk(x):
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(yaml.safe_load((ROOT / path).read_text()))
    return " ".join(" ".join(out).split())


def test_the_trump_count_says_every_trump_counts_once_there_are_five_and_reaches_the_lessons_54():
    # Lesson 17's check: 8 trumps and the Excuse (9 counted), big 16 18 20 (no run), the Excuse, K♠ with Q♠,
    # K♥, a void in diamonds. By hand: 9 × 2 + 3 × 2 + 8 + 10 + 6 + 6 = 54. Read "from the 5th" (the 5 trumps
    # beyond the 4th: 10 points, not 18) it would be 46, so that wording could not reach the answer.
    hand = parse_cards("T20 T18 T16 T14 T11 T8 T5 T3 EX KS QS 7S KH 9H 4H 2C 6C 8C")
    assert hand_strength(hand, players=4) == 9 * 2 + 3 * 2 + 8 + 10 + 6 + 6 == 54
    # Four trumps count nothing; the fifth makes all five count: 2 × 5 = 10 at once.
    # (two small cards in every suit: no void, singleton or long suit to count).
    suits = parse_cards("2S 3S 2H 3H 2D 3D 2C 3C")
    four, five = parse_cards("T2 T4 T6 T8 4S"), parse_cards("T2 T4 T6 T8 T10")
    assert hand_strength(four + suits, players=4) == 0 and hand_strength(five + suits, players=4) == 10
    en, fr = _text("lessons/17-judging-a-hand.yaml"), _text("lessons/fr/17-judging-a-hand.yaml")
    assert "from the 5th" not in en and "once there are 5" in en and "once you hold 5 or more" in en
    assert "à partir du 5e" not in fr and "qu’à partir de 5" in fr and "dès que vous en avez 5 ou plus" in fr
    assert dict(count_scale())["each trump (the Excuse counted), once there are 5 or more"] == "2"


def test_lesson_30_multiplies_the_contract_not_the_poignee_or_the_chelem():
    # The engine: a poignée simple adds 20 in a petite and in a garde sans alike; announcing a made chelem adds
    # 200 (400 against the 200 of one made unannounced) in every contract, while the contract is multiplied.
    for bonus in ("poignees", "chelem"):
        extra = {"poignees": ("simple",)} if bonus == "poignees" else {"chelem": "announced_made"}
        for contract, mult in ((Contract.PETITE, 1), (Contract.GARDE, 2), (Contract.GARDE_SANS, 4)):
            points = 87 if bonus == "chelem" else 51
            plain = score_deal(players=4, contract=contract, taker_points=points, oudlers=2,
                               **({"chelem": "made"} if bonus == "chelem" else {})).defender
            more = score_deal(players=4, contract=contract, taker_points=points, oudlers=2, **extra).defender
            assert -(more - plain) == (20 if bonus == "poignees" else 200), (bonus, contract)
            if bonus == "poignees":
                assert -plain == (25 + points - 41) * mult
    en, fr = _text("lessons/30-excuse-garde-sans-chelem.yaml"), _text("lessons/fr/30-excuse-garde-sans-chelem.yaml")
    assert "Everything is multiplied" not in en and "every point and bonus is multiplied" not in en
    assert "chelem bonuses are not multiplied" in en and "(the poignée and chelem bonuses are not)" in en
    assert "Tout est multiplié" not in fr and "chaque prime sont multipliés" not in fr
    assert "de chelem ne sont pas multipliées" in fr and "(pas les primes de poignée et de chelem)" in fr


def test_lesson_22_gives_the_odd_trump_the_defence_of_the_petit_and_descending_trumps_the_petit():
    en, fr = _text("lessons/22-defence-play.yaml"), _text("lessons/fr/22-defence-play.yaml")
    assert "at least 7 trumps and the defence of the Petit" in en
    assert "Following to trumps in descending order** (a higher trump, then a lower one) signals the Petit" in en
    assert "partners stop leading trumps" in en and "trumps high then low signal the Petit" in en
    assert "au moins 7 atouts et la défense du Petit" in fr and "ordre décroissant" in fr
    assert "le signal du Petit" in fr and "cessent de jouer atout" in fr


def test_lesson_23_says_the_chelem_announcer_leads_the_first_trick_as_the_engine_plays_it():
    # The engine: seat 1 speaks first (dealer seat 4), seat 3 takes and announces: seat 3 leads, not seat 1.
    d = Deal.new(4, seed=5, dealer=3)
    for s in range(4):
        d.apply(Bid(s, Contract.GARDE_SANS if s == 2 else None))
    if d.phase is Phase.CALLING:  # pragma: no cover - 4 players call no king
        d.apply(CallKing(2, card("KH")))
    if d.phase is Phase.ECART:  # pragma: no cover - a garde sans makes no écart
        d.apply(Discard(2, ()))
    assert d.phase is Phase.PLAYING and d.to_act == 0
    d.apply(DeclareChelem(2))
    assert d.to_act == 2
    en, fr = _text("lessons/23-announcing.yaml"), _text("lessons/fr/23-announcing.yaml")
    assert "the announcer then leads the first trick" in en and "the announcer leads it" in en
    assert "celui qui annonce entame alors le premier pli" in fr and "celui qui annonce l’entame" in fr


def test_the_excuse_puzzle_says_what_happens_whatever_seat_4_leads():
    puzzles, problems = read_puzzle_file(ROOT / "puzzles" / "strategy-play.yaml", deep=False)
    p = next(q for q in puzzles if q.id == "taker-excuse-save-the-trumps")
    after = p.position.play(card("EX"))
    values = solve(after).cards
    # Seat 4 can lead the king of diamonds as well as the 19 or the 18: every lead gives the taker the same score.
    assert {c.code for c in values} == {"T19", "T18", "KD"}
    assert len({v.taker_score for v in values.values()}) == 1 and min(v.taker_score for v in values.values()) > 0
    for lead in ("KD", "T19", "T18"):  # and in each perfect line the Petit (seat 3) takes the king of diamonds
        line = solve(after.play(card(lead)), line=True).line
        kd_trick = next(i // 4 for i, (s, c) in enumerate([(4 - 1, card(lead)), *line]) if c.code == "KD")
        trick = [(s, c) for s, c in [(3, card(lead)), *line]][kd_trick * 4:kd_trick * 4 + 4]
        assert (2, card("T1")) in trick, (lead, trick)
    fr = _text("puzzles/fr/strategy-play.yaml")
    assert "must lead the 19" not in p.explanation and "Whatever seat 4 leads next" in p.explanation
    assert "doit ensuite ouvrir avec le 19" not in fr and "Quoi que le joueur 4 ouvre ensuite" in fr
