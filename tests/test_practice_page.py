"""The Practice page, driven with AppTest: whole deals against bots, and a guided hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine import Phase, check_discard, explain_play
from tutor.practice import choose_ecart, decide
from tutor.quiz.scoreform import FIELDS

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PAGE = "tutor/ui/pages/practice.py"


def practice(**query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(PAGE)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception
    return at


def codes(cards) -> str:
    return " ".join(c.code for c in cards)


def play_typed(at, prefix: str, card) -> None:
    """Play a card through the typed fallback (the card table is driven in the browser tests)."""
    at.text_input(key=f"{prefix}_typed").set_value(card.code)
    at.button(key=f"{prefix}_play_go").click().run()


def table(at):
    return at.session_state["pr_table"]


def learner_step(at, *, show_poignee: bool = True) -> None:
    """One learner action through the page's widgets, choosing what the hint would."""
    t = table(at)
    d = t.deal
    view = t.view()
    if d.phase is Phase.BIDDING:
        bid = decide(view).action.contract
        at.button(key=f"pr_bid_{bid.value if bid else 'pass'}").click().run()
    elif d.phase is Phase.CALLING:
        at.button(key=f"pr_call_{decide(view).action.card}").click().run()
    elif d.phase is Phase.ECART:
        at.text_input(key="pr_ecart_typed").set_value(codes(choose_ecart(view.hand, players=d.players)))
        at.button(key="pr_ecart_go").click().run()
    elif t.awaiting_start:
        at.button(key="pr_start").click().run()
    else:
        if show_poignee and any(b.key == "pr_poignee_go" for b in at.button):
            at.button(key="pr_poignee_go").click().run()
            return
        play_typed(at, "pr", decide(view).card)
    assert not at.exception


def play_to_the_end(at) -> None:
    for _ in range(120):
        if table(at).finished:
            break
        before = (len(table(at).deal.log), table(at).started)
        learner_step(at)
        assert (len(table(at).deal.log), table(at).started) != before, "every learner action moves the deal on"
    assert table(at).deal.phase is Phase.DONE


def test_a_whole_deal_as_taker_with_ecart_poignee_scoring_and_replay():
    at = practice(players="4", seed="218")  # the learner takes a petite with ten trumps
    assert "#218" in at.caption[0].value
    play_to_the_end(at)
    d = table(at).deal
    assert d.taker == 0 and d.ecart and d.poignees and d.poignees[0][0] == 0
    # The learner scores the deal on the breakdown form, then sees the full count.
    q_fields = [f for f in FIELDS if any(t.label == FIELDS[f][0] for t in at.text_input)]
    assert "target" in q_fields and "taker" in q_fields
    from tutor.ui.practice_parts import score_question
    q = score_question(d)
    for f in q.fields:
        at.text_input(key=f"pr_score_4_218_f_{f.key}").set_value(str(q.answer[f.key]))
    at.button[[b.label for b in at.button].index("Check my answer")].click().run()
    assert not at.exception
    assert any("Right" in s.value for s in at.success)
    assert [s.value for s in at.subheader] == ["The full breakdown"]
    text = " ".join(m.value for m in at.markdown)
    steps = d.result().score.steps
    assert {s.key for s in steps} >= {"target", "margin", "contract", "per_defender", "shares"}
    assert all(s.text in text for s in steps)  # every step of the engine's breakdown is on the page
    assert any(s.key.startswith("poignee") for s in steps)  # the learner's poignée is in the score
    assert at.slider(key="pr_replay").value == 1
    at.slider(key="pr_replay").set_value(5).run()
    assert "Trick 5, led by You" in " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize("players,seed", [(3, 5), (5, 9)])
def test_whole_deals_with_3_and_5_players(players, seed):
    at = practice(players=str(players), seed=str(seed))
    play_to_the_end(at)
    d = table(at).deal
    assert d.taker == 0 and sum(d.result().seat_scores) == 0
    if players == 5:
        assert d.called is not None


def test_an_illegal_card_is_refused_with_the_engines_reason():
    at = practice(players="4", seed="218")
    while True:
        t = table(at)
        if t.deal.phase is Phase.PLAYING and t.learner_to_act and len(t.view().legal) < len(t.view().hand):
            break
        learner_step(at, show_poignee=False)
    view = t.view()
    bad = next(c for c in view.hand if c not in view.legal)
    before = len(t.deal.log)
    play_typed(at, "pr", bad)
    assert len(table(at).deal.log) == before
    reason = explain_play(view.hand, view.trick, bad).reason
    assert reason in at.error[0].value and bad.name in at.error[0].value


def test_an_illegal_ecart_is_refused_with_the_reason():
    at = practice(players="4", seed="218")
    while table(at).deal.phase is not Phase.ECART:
        learner_step(at)
    d = table(at).deal
    hand = d.hand(0)
    picked = [c for c in hand if c.is_trump and not c.is_oudler][:1] + choose_ecart(hand, players=4)[:5]
    assert not check_discard(hand, picked).legal
    at.text_input(key="pr_ecart_typed").set_value(codes(picked))
    at.button(key="pr_ecart_go").click().run()
    assert "You may discard a trump only when you cannot avoid it" in at.error[0].value
    assert table(at).deal.phase is Phase.ECART
    assert not at.info  # no trump is unavoidable in this hand


def test_unavoidable_trumps_are_announced_in_the_ecart():
    from tutor.engine import CARDS, Deal, parse_cards
    from tutor.engine.deal import DealtCards
    from tutor.practice.table import Table

    mine = parse_cards("KH KS KD KC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15")
    dog = parse_cards("2H 3H T16 T17 T18 T19")
    rest = [c for c in CARDS if c not in mine and c not in dog]
    hands = (tuple(mine), tuple(rest[:18]), tuple(rest[18:36]), tuple(rest[36:]))
    at = practice()
    t = Table(Deal(DealtCards(4, 3, hands, tuple(dog), 0, ())))
    t.deal.seed = int(at.query_params["seed"][0] if isinstance(at.query_params["seed"], list)
                      else at.query_params["seed"])
    at.session_state["pr_table"] = t
    at.run()
    at.button(key="pr_bid_garde").click().run()
    assert table(at).deal.phase is Phase.ECART
    assert "4 trump(s) must go too" in at.info[0].value


def test_a_cancelled_deal_says_why_and_deals_the_next():
    at = practice(players="5", seed="98")
    assert "Petit sec" in at.warning[0].value
    at.button(key="pr_next").click().run()
    assert table(at).deal.seed == 99 and at.query_params["seed"] == ["99"] or at.query_params["seed"] == "99"
    at = practice(players="4", seed="2")
    learner_step(at)
    assert "Everyone passed" in at.warning[0].value


def test_the_hint_names_a_card_with_a_reason_and_is_counted():
    at = practice(players="4", seed="218")
    at.button(key="pr_hint_btn").click().run()
    assert table(at).hints == 1
    assert "Hint" in at.info[0].value and "hand counts" in at.info[0].value
    assert "hints used: 1" in at.caption[0].value


def test_a_guided_hand_through_the_page():
    at = practice(guided="five-player-partner")
    assert at.radio(key="pr_mode").value == "Guided hands"
    assert any("you are her partner" in i.value for i in at.info)
    run = at.session_state["pg_runs"]["five-player-partner"]
    assert run.decision() is None and run.trick_number == 1  # trick 1: the script's card is ringed
    at.button(key="pg_skip").click().run()
    run = at.session_state["pg_runs"]["five-player-partner"]
    assert run.decision() is not None and run.trick_number == 2
    assert "Your decision" in at.warning[0].value
    # A wrong but legal card gets the explanation, and the learner tries again.
    play_typed(at, "pg", next(c for c in run.deal.legal_cards(0) if c is not run.expected()))
    assert "keep the 15" in at.error[0].value
    play_typed(at, "pg", run.expected())
    run = at.session_state["pg_runs"]["five-player-partner"]
    assert run.trick_number == 3 and run.decision().expect.code == "KS"
    play_typed(at, "pg", run.expected())
    for _ in range(20):
        if run.finished:
            break
        at.button(key="pg_skip").click().run()
        run = at.session_state["pg_runs"]["five-player-partner"]
        if not run.finished:
            play_typed(at, "pg", run.expected())
    assert run.finished and not at.exception
    assert any("End of the hand" in s.value for s in at.success)
    assert "Decisions missed on the way: 1" in at.success[0].value


def test_new_deal_for_another_table_size_keeps_the_link():
    at = practice(players="4", seed="218")
    at.radio(key="pr_players").set_value(5).run()
    assert table(at).players == 4  # changing the size alone does not throw away the deal in play
    at.button(key="pr_new").click().run()
    t = table(at)
    assert t.players == 5 and t.deal.seed != 218
    assert f"#{t.deal.seed}" in at.caption[0].value and f"players=5&seed={t.deal.seed}" in at.caption[0].value
    assert at.query_params["seed"] in (str(t.deal.seed), [str(t.deal.seed)])
    at.button(key="pr_restart").click().run()
    assert table(at).deal.seed == t.deal.seed and table(at) is not t
