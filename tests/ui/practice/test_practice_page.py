"""The Practice page, driven with AppTest: whole deals against bots, and a guided hand."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

import pytest
from practice_pages import codes, learner_step, play_to_the_end, play_typed, practice, table

from tutor.engine import EXCUSE, Contract, Phase, PlayCard, ShowPoignee, check_discard, explain_play
from tutor.i18n.typography import minus
from tutor.practice import choose_ecart, decide
from tutor.quiz.scoreform import FIELDS
from tutor.strategy import estimate_bids
from tutor.strategy.bidding.advice import review_bid, signed_score
from tutor.strategy.bidding.contracts import fits, option_name, verdict
from tutor.strategy.bidding.poignee import advise_poignee, review_poignee
from tutor.strategy.bots.handcount import count_steps
from tutor.strategy.bots.policy import choose_play
from tutor.strategy.bots.principles import PRINCIPLES, STRATEGY_LESSONS
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve
from tutor.strategy.review.deal import MIN_GAIN_ESTIMATED, decision_at, learner_steps, listed, rewind
from tutor.ui.common.cards import card_label
from tutor.ui.practice import review


def test_a_whole_deal_as_taker_with_ecart_poignee_scoring_and_replay():
    at = practice(players="4", seed="94")  # the learner takes a petite with ten trumps
    assert "#94" in at.caption[0].value
    play_to_the_end(at)
    d = table(at).deal
    assert d.taker == 0 and d.ecart and d.poignees and d.poignees[0][0] == 0
    # The learner scores the deal on the breakdown form, then sees the full count.
    q_fields = [f for f in FIELDS if any(t.label == FIELDS[f][0] for t in at.text_input)]
    assert "target" in q_fields and "taker" in q_fields
    from tutor.ui.practice.practice_parts import score_question
    q = score_question(d)
    for f in q.fields:
        at.text_input(key=f"pr_score_4_94_f_{f.key}").set_value(str(q.answer[f.key]))
    at.button[[b.label for b in at.button].index("Check my answer")].click().run()
    assert not at.exception
    assert any("Right" in s.value for s in at.success)
    assert [s.value for s in at.subheader] == ["The full breakdown", "Review of your play", "Tonight's sheet"]
    text = " ".join(m.value for m in at.markdown)
    steps = d.result().score.steps
    assert {s.key for s in steps} >= {"target", "margin", "contract", "per_defender", "shares"}
    assert all(minus(s.text) in text for s in steps)  # every step of the engine's breakdown, with true minus signs
    assert any(s.key.startswith("poignee") for s in steps)  # the learner's poignée is in the score
    assert at.slider(key="pr_replay").value == 1
    at.slider(key="pr_replay").set_value(5).run()
    assert "Trick 5, led by you" in " ".join(m.value for m in at.markdown)  # "you" inside a sentence


@pytest.mark.parametrize("players,seed", [(3, 47), (5, 9)])
def test_whole_deals_with_3_and_5_players(players, seed):
    at = practice(players=str(players), seed=str(seed))
    play_to_the_end(at)
    d = table(at).deal
    assert d.taker == 0 and sum(d.result().seat_scores) == 0
    if players == 5:
        assert d.called is not None


def test_an_illegal_card_is_refused_with_the_engines_reason():
    at = practice(players="4", seed="94")
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
    at = practice(players="4", seed="94")
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
    at.query_params["dealer"] = str(t.deal.dealer + 1)
    at.run()
    at.button(key="pr_bid_garde").click().run()
    assert table(at).deal.phase is Phase.ECART
    assert "4 trumps must go too" in at.info[0].value


def test_a_cancelled_deal_says_why_and_deals_the_next():
    at = practice(players="5", seed="98")
    assert "Petit sec" in at.warning[0].value
    at.button(key="pr_next").click().run()
    assert table(at).deal.seed == 99 and at.query_params["seed"] == ["99"] or at.query_params["seed"] == "99"
    at = practice(players="4", seed="6")
    learner_step(at)
    assert "Everyone passed" in at.warning[0].value


def test_the_hint_names_a_card_with_a_reason_and_is_counted():
    at = practice(players="4", seed="94")  # Bruno deals, Chloé passes, the learner speaks second
    at.button(key="pr_hint_btn").click().run()
    assert table(at).hints == 1
    assert "hints used: 1" in at.caption[0].value
    # The bid is advised by the estimator, as the learner's seat sees it: second to speak (seat 1 of the
    # estimator's order), after a pass, with the deal's seed. Worked out here without the page.
    hand = table(at).view().hand
    est = estimate_bids(hand, players=4, seat=1, samples=80, rng=random.Random(94), given=fits([None], 4, 1))
    v = verdict(est.scores, (None, *Contract))
    info = at.info[0].value
    assert f"Hint: bid {option_name(v.best).lower()}." in info and "Estimated over 80 deals" in info
    table_md = next(m.value for m in at.markdown if m.value.startswith("| bid | made | average score |"))
    rows = [line.split(" | ") for line in table_md.splitlines()[2:]]
    assert [int(r[2].rstrip(" |").replace("−", "-")) for r in rows] == [round(v.expected[o]) for o in v.options]
    assert "(best)" in rows[v.options.index(v.best)][0]
    # The count is quoted too, item by item, its thresholds told apart from the card points, and both
    # principles linked to their lessons.
    shown = at.dataframe[0].value
    assert list(shown["item"]) == [step.label for step in count_steps(hand, players=4).steps]
    assert f"counts {count_steps(hand, players=4).total:g}" in info
    assert "not the 41 card points a taker with 2 oudlers must make" in " ".join(c.value for c in at.caption)
    said = " ".join(m.value for m in at.markdown)
    assert "Count your hand" in said and "Bid for the best expected score" in said
    assert lesson_links(at) == ["which-contract", "judging-a-hand"]


def test_the_poignee_hint_says_show_or_hide_with_both_averages():
    at = practice(players="4", seed="94")  # the learner takes with ten trumps, and is winning
    for _ in range(10):  # the bidding, the écart and the start: then the poignée, before the first card
        t = table(at)
        if not t.awaiting_start and t.learner_to_act and isinstance(decide(t.view()).action, ShowPoignee):
            break
        learner_step(at)
    shown = decide(t.view()).action.cards
    advice = advise_poignee(t.deal, 0, shown, seed=94)  # worked out without the page
    at.button(key="pr_hint_btn").click().run()
    assert not at.exception
    info = at.info[0].value
    assert info.startswith("**Hint: show a poignée") and advice.shows
    both = f"{signed_score(advice.show)} a deal for you with it shown, {signed_score(advice.hide)} with it hidden"
    assert both in info
    assert "Show a poignée when it pays" in " ".join(m.value for m in at.markdown)
    assert lesson_links(at) == ["announcing"]


def test_the_review_lists_a_poignee_kept_hidden_when_showing_paid():
    at = practice(players="4", seed="94")  # the learner takes, is winning, and keeps the poignée hidden
    for _ in range(120):
        t = table(at)
        if t.finished:
            break
        if t.learner_to_act and not t.awaiting_start and t.deal.phase is Phase.PLAYING \
                and isinstance(decide(t.view()).action, ShowPoignee):
            play_typed(at, "pr", choose_play(t.view())[0])  # not shown: the first card at once
            continue
        learner_step(at)
    log = list(table(at).deal.log)
    r = review_poignee(table(at).deal, 0)  # worked out without the page
    assert r.costly and not r.showed
    line = next(m.value for m in at.markdown if m.value.startswith("**The poignée:**"))
    assert line.startswith(f"**The poignée:** you kept it hidden; showing it was better: **{r.gain:+.0f}**")
    at.button(key=f"pr_replay_poignee_{r.step}").click().run()
    assert not at.exception
    assert table(at).deal.log == log[:r.step] and table(at).learner_to_act and not table(at).finished


def lesson_links(at) -> list[str]:
    """The lesson ids the page links to (``/lesson?lesson=<id>``)."""
    return [parse_qs(el.proto.query_string)["lesson"][0] for el in at.get("page_link")
            if el.proto.page == "lesson"]


REVIEW_SEED = 368  # 4 players: the learner takes and, at trick 14, keeps the Excuse when it should go
BID_REVIEW_SEED = 115  # 4 players: the learner bids a petite as the bots would; a garde was better


def test_the_review_after_a_deal_lists_the_costly_cards_and_replays_from_one(monkeypatch):
    at = practice(players="4", seed=str(REVIEW_SEED))
    play_to_the_end(at)
    t = table(at)
    deal, log = t.deal, list(t.deal.log)
    assert "Review of your play" in [s.value for s in at.subheader]
    # What the page lists is what the review finds, card by card, with the same seeds as the page: at
    # first the last tricks (each sampled deal solved exactly), with the toggle the earlier cards too (played
    # out by the bots). The page's cache is per deal and card, so valuing the cards here first spares the page
    # the work.
    key = (4, REVIEW_SEED, deal.dealer, tuple(str(a) for a in log))
    found = [review._valued(*key, k, False) for k in learner_steps(deal, 0)]
    exact_ones = [d for d in found if d is not None and d.exact]
    assert exact_ones == [decision_at(deal, d.step, exact_only=True) for d in exact_ones]
    costly = [d for d in found if d is not None and listed(d)]
    assert any(not d.exact for d in costly)  # the toggle has earlier cards to add
    exact = next(d for d in costly if d.exact and d.trick == 14)
    assert exact.played.is_trump and exact.better is EXCUSE and exact.principle == "excuse-timing"
    # With every card known the Excuse was best too: the solver on the real deal, worked out without the page.
    sol = solve(Position.from_deal(rewind(deal, exact.step))).cards
    assert exact.dd_best is EXCUSE and exact.dd_gain == sol[EXCUSE].taker_score - sol[exact.played].taker_score > 0

    def listed_on_page() -> list[str]:
        return [m.value for m in at.markdown if m.value.startswith("**Trick") and "was better" in m.value]

    def line(d) -> str:
        return f"**Trick {d.trick}:** you played **{card_label(d.played)}**; **{card_label(d.better)}**"

    assert all(x.startswith(line(d)) for x, d in zip(listed_on_page(), [d for d in costly if d.exact]))
    assert len(listed_on_page()) == sum(d.exact for d in costly)
    text = " ".join(m.value for m in at.markdown)
    assert (f"**{exact.gain:+.0f}** to your score on average (on what you could see: {exact.samples} deals sampled, "
            "each solved exactly)") in text
    assert "Play the Excuse in time" in text
    captions = " ".join(c.value for c in at.caption)
    assert (f"With every card known (after the deal), the Excuse was best: {exact.dd_gain:+g} against your card. "
            "Hint could not see that, so it does not count here.") in captions
    assert set(lesson_links(at)) <= set(STRATEGY_LESSONS) and "attack-play" in lesson_links(at)
    at.toggle(key="pr_review_all").set_value(True).run(timeout=180)
    assert not at.exception
    assert len(listed_on_page()) == len(costly) and all(x.startswith(line(d)) for x, d in zip(listed_on_page(), costly))
    # A rerun recomputes nothing: the review is kept for this deal.
    calls = []
    monkeypatch.setattr(review, "decision_at", lambda *a, **k: calls.append(a))
    at.run()
    assert not calls and not at.exception and "Review of your play" in [s.value for s in at.subheader]
    monkeypatch.undo()
    # Replay from the costly trump: the table is as it was before that card, the learner to play.
    at.button(key=f"pr_replay_{exact.step}").click().run()
    assert not at.exception
    back = table(at)
    assert back.deal.log == log[:exact.step] and back.learner_to_act and not back.finished
    assert "Back at trick 14" in " ".join(i.value for i in at.info)
    # This time the Excuse goes at trick 14; the rest plays on to a new ending.
    play_typed(at, "pr", EXCUSE)
    assert table(at).deal.log[exact.step] == PlayCard(0, EXCUSE)
    play_to_the_end(at)


def test_the_review_lists_a_costly_bid_and_replays_from_it():
    """Seed 115: the learner bids a petite as the bots would; the estimate at that moment prefers a garde by more
    than the listing threshold and beyond its noise, so the review lists the bid first, with the table."""
    at = practice(players="4", seed=str(BID_REVIEW_SEED))
    play_to_the_end(at)
    deal = table(at).deal
    r = review_bid(deal, 0)  # worked out without the page, from the deal's log
    assert r.said is Contract.PETITE and r.advice.verdict.best is Contract.GARDE and r.costly(MIN_GAIN_ESTIMATED)
    expected = r.advice.verdict.expected
    assert r.gain == pytest.approx(expected[Contract.GARDE] - expected[Contract.PETITE])
    first = next(m.value for m in at.markdown if "was better" in m.value)  # the first costly decision listed
    assert first.startswith(f"**The bidding:** you said **petite**; **garde** was better: **{r.gain:+.0f}**")
    assert minus(r.advice.table()) in [m.value for m in at.markdown]  # with the true minus sign learners read
    at.button(key=f"pr_replay_{r.step}").click().run()
    assert not at.exception
    back = table(at)
    assert back.deal.phase is Phase.BIDDING and back.learner_to_act and back.deal.log == deal.log[:r.step]
    assert "Back at the bidding" in " ".join(i.value for i in at.info)


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
    at = practice(players="4", seed="94")
    at.radio(key="pr_players").set_value(5).run()
    assert table(at).players == 4  # changing the size alone does not throw away the deal in play
    assert "5 players from the next deal on" in at.info[0].value  # said, and applied to the next deal
    at.button(key="pr_new").click().run()
    t = table(at)
    assert t.players == 5 and t.deal.seed != 94
    link = f"players=5&seed={t.deal.seed}&dealer={t.deal.dealer + 1}"
    assert f"#{t.deal.seed}" in at.caption[0].value and link in at.caption[0].value
    assert at.query_params["seed"] in (str(t.deal.seed), [str(t.deal.seed)])
    at.button(key="pr_restart").click().run()
    assert table(at).deal.seed == t.deal.seed and table(at) is not t


def test_an_evening_keeps_a_running_sheet_and_the_dealer_passes_on():
    at = practice(players="4", seed="94")
    first = table(at).deal.dealer
    play_to_the_end(at)
    d1 = table(at).deal
    at.button(key="pr_next_deal").click().run()
    t2 = table(at)
    assert t2.deal.dealer == (first + 1) % 4 and t2.players == 4
    assert at.query_params["dealer"] in (str(t2.deal.dealer + 1), [str(t2.deal.dealer + 1)])
    for _ in range(120):  # a random deal: played to its end, or cancelled (it then scores 0 for all)
        if table(at).finished:
            break
        learner_step(at)
    evening = at.session_state["pr_evening"]
    assert len(evening.rows) == 2
    s1 = tuple(d1.result().seat_scores)
    assert evening.rows[0].scores == s1 and evening.rows[0].dealer == first
    assert evening.totals == tuple(a + b for a, b in zip(s1, evening.rows[1].scores)) and sum(evening.totals) == 0
    sheet = at.dataframe[-1].value
    assert list(sheet["deal"]) == [1, 2] and list(sheet["Σ You"]) == [s1[0], evening.totals[0]]
    dealer = (first + 2) % 4  # the learner (seat 1, "You") in the second person: "You deal next."
    assert at.caption[-1].value.endswith("You deal next." if dealer == 0 else
                                         f"{('You', 'Anna', 'Bruno', 'Chloé')[dealer]} deals next.")


def test_new_deal_asks_first_when_a_deal_is_in_progress():
    at = practice(players="4", seed="94")
    learner_step(at)  # the learner has bid: a deal in progress
    t = table(at)
    at.button(key="pr_new").click().run()
    assert table(at) is t and "A deal is in progress" in at.warning[0].value
    at.button(key="pr_new_no").click().run()
    assert table(at) is t and not any("in progress" in w.value for w in at.warning)
    at.button(key="pr_new").click().run()
    at.button(key="pr_new_yes").click().run()
    assert table(at) is not t and not at.exception
    # A deal not begun is replaced at once.
    fresh = table(at)
    at.button(key="pr_new").click().run()
    assert table(at) is not fresh or any(a.seat == 0 for a in fresh.deal.log)


def test_guided_commentary_follows_the_trick_and_a_jump_tells_what_happened():
    at = practice(guided="hunting-the-petit")
    run = at.session_state["pg_runs"]["hunting-the-petit"]
    assert run.trick_number == 1 and any(i.value.startswith("**Trick 1.**") for i in at.info)
    # Play trick 1's card: at trick 2 the box no longer speaks of trick 1.
    play_typed(at, "pg", run.expected())
    run = at.session_state["pg_runs"]["hunting-the-petit"]
    assert run.trick_number == 2
    assert not any(i.value.startswith("**Trick 1.**") for i in at.info)
    assert any("Trick 2" in i.value for i in at.info) or any("Trick 2: no comment" in c.value for c in at.caption)
    assert any(e.label.startswith("Earlier comments") for e in at.expander)
    # Play on: tricks 2 and 3 are played at once, and their comments are shown (trick 2's T20).
    at.button(key="pg_skip").click().run()
    run = at.session_state["pg_runs"]["hunting-the-petit"]
    assert run.trick_number == 4 and run.decision() is not None
    jump = next(i.value for i in at.info if "played for you" in i.value)
    assert jump.startswith("**Tricks 2 to 3, played for you:**") and "Bruno's 20 took the trick" in jump
    # A wrong card: why the hand's card is better, not only "try again".
    wrong = next(c for c in run.deal.legal_cards(0) if c is not run.expected())
    play_typed(at, "pg", wrong)
    err = at.error[0].value
    assert "is legal, but" in err and "is better here" in err and "Start the hunt with the 21" in err


def test_a_jump_over_tricks_without_comments_says_so():
    at = practice(guided="saving-the-petit")  # from trick 1 (already commented) to the decision at 13
    at.button(key="pg_skip").click().run()
    assert at.session_state["pg_runs"]["saving-the-petit"].trick_number == 13
    jump = next(i.value for i in at.info if "played for you" in i.value)
    assert jump == "**Tricks 1 to 12, played for you:** no comment on them; nothing in them changes the plan."


def test_a_play_hint_names_its_principle_and_links_to_the_lesson_that_teaches_it():
    at = practice(players="4", seed="13")  # the learner passes, Anna takes; then the learner plays
    at.button(key="pr_bid_pass").click().run()
    assert table(at).deal.phase is Phase.PLAYING and table(at).learner_to_act
    move = decide(table(at).view())
    at.button(key="pr_hint_btn").click().run()
    assert not at.exception
    p = PRINCIPLES[move.principle]
    assert f"Principle: {p.name}." in " ".join(m.value for m in at.markdown)
    assert lesson_links(at) == [p.lesson] and p.lesson in STRATEGY_LESSONS
    assert not at.dataframe  # no hand count where the hint does not quote one
