"""Practice (issue 27): the poignée pre-selects the lowest trumps that make the count, and "Also check my
earlier cards" stays on after Replay from here and on the next deal."""

from __future__ import annotations

from types import SimpleNamespace

from practice_pages import learner_step, play_to_the_end, practice, table

from tutor.engine import Phase, RuleSet
from tutor.strategy.review.deal import Decision, learner_steps
from tutor.ui.practice import practice as page
from tutor.ui.practice import review


def _to_the_poignee(at) -> None:
    for _ in range(40):
        if any(b.key == "pr_poignee_go" for b in at.button):
            return
        learner_step(at, show_poignee=False)
    raise AssertionError("no poignée offered")


def test_the_poignee_preselects_the_lowest_trumps_that_make_the_count():
    at = practice(players="4", seed="4317")  # the learner holds more than 10 trumps once the dog is taken
    _to_the_poignee(at)
    hand = table(at).deal.hand(table(at).learner)
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: c.rank)
    need = RuleSet.for_players(4).poignee_thresholds["simple"]
    assert len(trumps) > need and not any(c.is_excuse for c in hand)  # more than enough: a real choice
    # Worked out by hand: the ten lowest, shown highest first; the others stay hidden.
    lowest = [c.code for c in reversed(trumps[:need])]
    assert at.text_input(key="pr_poignee_simple").value.split() == lowest
    assert trumps[-1].code not in lowest
    at.button(key="pr_poignee_go").click().run()
    assert not at.exception
    assert [sorted(c.code for c in cards) for _, cards, _level in table(at).deal.poignees] == [sorted(lowest)]


def test_the_excuse_is_preselected_only_when_a_trump_is_missing():
    at = practice(players="4", seed="94")  # 9 trumps and the Excuse: the Excuse makes the tenth (22 is passed out now)
    _to_the_poignee(at)
    hand = table(at).deal.hand(table(at).learner)
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: -c.rank)
    assert len(trumps) == 9
    assert at.text_input(key="pr_poignee_simple").value.split() == [c.code for c in trumps] + ["EX"]


def _one_costly_card(table, *, estimated):
    """A stand-in review (the real one is tested in test_practice_page): the learner's last card listed as
    costly, so the page offers Replay from here at once."""
    step = learner_steps(table.deal, table.learner)[-1]
    played = table.deal.log[step].card
    return (Decision(trick=18, seat=table.learner, played=played, better=played, gain=50.0, exact=True,
                     options=((played, 0.0),), step=step),)


def test_also_check_my_earlier_cards_stays_on_after_replay_and_on_the_next_deal(monkeypatch):
    monkeypatch.setattr(review, "_reviewed", _one_costly_card)
    monkeypatch.setattr(review, "_choices_reviewed", lambda *key: (None, None))
    # The next deal's seed is drawn at random: fixed here, so that it is a deal that is played (not all passes).
    monkeypatch.setattr(page, "random", SimpleNamespace(randrange=lambda *_: 94))
    at = practice(players="4", seed="94")  # a deal the bots take
    play_to_the_end(at)
    assert at.toggle(key="pr_review_all").value is False
    at.toggle(key="pr_review_all").set_value(True).run()
    # Replay from here: the review is not drawn while the deal is played again; then it is back, still on.
    replay = next(b for b in at.button if b.key and b.key.startswith("pr_replay_"))
    replay.click().run()
    assert table(at).deal.phase is not Phase.DONE and not any(t.key == "pr_review_all" for t in at.toggle)
    play_to_the_end(at)
    assert at.toggle(key="pr_review_all").value is True
    # The next deal: the same.
    at.button(key="pr_next_deal").click().run()
    assert table(at).deal.phase is not Phase.DONE and not any(t.key == "pr_review_all" for t in at.toggle)
    play_to_the_end(at)
    assert at.toggle(key="pr_review_all").value is True
    # And off stays off.
    at.toggle(key="pr_review_all").set_value(False).run()
    at.button(key="pr_next_deal").click().run()
    play_to_the_end(at)
    assert at.toggle(key="pr_review_all").value is False
