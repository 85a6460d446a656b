"""The bid advice says its ties wherever it is put in words (issue 35, item 6): ``tarot-tutor bid`` and the Practice
hint advise the lowest of the tied options and name the higher ones tied with it, in English and in French."""

from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.engine import Contract, Deal, Phase, parse_cards
from tutor.i18n import using
from tutor.i18n.words import say
from tutor.strategy.bidding import advice as advice_mod
from tutor.strategy.bidding import estimate as estimate_mod
from tutor.strategy.bidding.contracts import ORDER, said, verdict
from tutor.strategy.bidding.estimate import BidEstimate, ContractEstimate

HAND = "T20 T18 T14 T12 T9 T7 T5 T1 EX KH 8H KS 4S QC 7C 3C 5D 2D"
# Per-deal scores worked out by hand: a garde +100, a garde sans +130 but noisier: its gap to the garde, +30 +66 -6
# +30, has mean +30, sd 29.4, se 14.7 and t95(3) = 3.18, so ±46.8 reaches 0: a tie. Pass (-20) and the petite (+50)
# are clearly below the garde sans (gaps +150 ±52 and +80 ±49), the garde contre far below.
SCORES = {None: (-20.0, -20.0, -20.0, -20.0), Contract.PETITE: (50.0, 52.0, 48.0, 50.0),
          Contract.GARDE: (100.0, 104.0, 96.0, 100.0), Contract.GARDE_SANS: (130.0, 170.0, 90.0, 130.0),
          Contract.GARDE_CONTRE: (-300.0, -320.0, -280.0, -300.0)}


def _fake(scores=SCORES):
    def estimate(*_args, **_kw) -> BidEstimate:
        contracts = {c: ContractEstimate(c, 3, 4, 0.75, 0.3, 0.95, sum(scores[c]) / 4, 0.75) for c in Contract}
        v = verdict(scores, ORDER)
        return BidEstimate(tuple(parse_cards(HAND)), 4, 0, 4, 1, contracts, v.advice, -20.0, dict(scores))
    return estimate


def test_the_verdict_of_these_scores_is_a_garde_with_the_garde_sans_tied():
    v = verdict(SCORES, ORDER)
    assert v.best is Contract.GARDE_SANS and v.ties == (Contract.GARDE, Contract.GARDE_SANS)
    assert v.advice is Contract.GARDE and v.over[Contract.GARDE_SANS][0] == pytest.approx(30.0)
    assert v.over[Contract.GARDE_SANS][1] == pytest.approx(46.77, abs=0.01)


def test_tarot_tutor_bid_advises_the_lowest_tied_bid_and_names_the_higher_one(monkeypatch, capsys):
    monkeypatch.setattr(estimate_mod, "estimate_bids", _fake())
    assert main(["bid", "--hand", HAND]) == 0
    out = capsys.readouterr().out
    assert "Advice: Garde: garde sans is within the noise (garde sans +30 a deal on average against garde, ±47); " \
           "the lowest of the tied bids risks the least. Garde: +100.0 for the taker on average, made 75% of the " \
           "time." in out
    assert "Pass is valued by play on the same deals" in out and "  Pass " in out and "-20.0" in out
    assert main(["--lang", "fr", "bid", "--hand", HAND]) == 0
    fr = capsys.readouterr().out.replace("\u00a0", " ")
    assert "Conseil : Garde : garde sans est dans le bruit de l’estimation (garde sans : +30 par donne en moyenne " \
           "face à garde, ±47) ; la plus basse des enchères à égalité risque le moins." in fr.replace("\u202f", " ")


def test_without_a_tie_the_line_is_the_old_one(monkeypatch, capsys):
    monkeypatch.setattr(estimate_mod, "estimate_bids", _fake({**SCORES, Contract.GARDE_SANS: (10.0, 12.0, 8.0, 10.0)}))
    assert main(["bid", "--hand", HAND]) == 0
    assert "Advice: Garde, the best expected score (+100.0 for the taker; made 75% of the time)." in \
        capsys.readouterr().out


def test_the_practice_hint_bids_the_advice_and_its_reason_says_the_tie():
    d = Deal.new(4, seed=9, dealer=3)
    view = d.view(0)
    assert d.phase is Phase.BIDDING and d.to_act == 0
    a = advice_mod.advise_bid(view, seed=4)
    v = a.verdict
    assert a.move.action.contract is v.advice == v.ties[0]
    assert say(said(v)) in a.move.reason and "passing is valued by play" in a.move.reason
    assert f"{advice_mod.signed_score(v.expected[v.advice])} a deal on average" in a.move.reason
    with using("fr"):
        assert "passer est évalué par le jeu" in say(a.move.reason)
