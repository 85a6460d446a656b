"""Which option the advisor recommends (``Advice.pick``): a card is the best mean, the bots' card only when it
scores exactly the same; a bid (any other option) is the preferred one whenever it is tied within the noise.
Checked on hand-made sample values, where the means and the tie are worked out by hand."""

from tutor.engine import Deal
from tutor.strategy.advisor.advise import DECISIVE_SAMPLES, EQUAL, NOISE, _verdict

N = 20
assert N >= DECISIVE_SAMPLES
VIEW = Deal.new(4, seed=1, dealer=3).view(0)


def runs(**own):
    """Each option's samples (taker score, attack points, own score): ``own`` maps a key to its own scores."""
    return {k: [(v, 41.0, v) for v in vals] for k, vals in own.items()}


def test_a_card_tied_within_the_noise_but_lower_is_not_the_pick():
    # "bot" scores 20 less on one deal in ten: over 20 deals a mean gap of 2, sd 6.16, so the 95% half-width
    # t95(19) × 6.16 / √20 = 2.88 reaches past 0: a tie.
    best = [20.0] * N
    bot = [0.0 if i % 10 == 0 else 20.0 for i in range(N)]
    noisy = [40.0 if i % 2 else 0.0 for i in range(N)]  # same mean as best, but too noisy to tell apart
    r = runs(best=best, bot=bot, noisy=noisy)
    card = _verdict(VIEW, r, ["bot", "best", "noisy"], N, False, 0, 0, prefer="bot", keep=EQUAL)
    assert card.best == "best" and "bot" in card.ties
    assert (card.option("bot").gap, card.option("bot").gap_ci) == (2.0, 2.88)
    assert card.pick == "best"
    bid = _verdict(VIEW, r, ["bot", "best", "noisy"], N, False, 0, 0, prefer="bot", keep=NOISE)
    assert bid.pick == "bot"  # a bid keeps the preferred (lowest) option when it is tied


def test_a_card_scoring_exactly_the_same_as_the_best_is_kept_whatever_the_order():
    same = [15.0 if i % 3 else -5.0 for i in range(N)]
    r = runs(first=list(same), bot=list(same), worse=[v - 30 for v in same])
    a = _verdict(VIEW, r, ["first", "bot", "worse"], N, False, 0, 0, prefer="bot", keep=EQUAL)
    assert a.best == "first"  # the first listed of two equal means
    assert a.pick == "bot"  # but the order a hand is shown in does not choose: the bots' card, equal, is kept
    assert "worse" not in a.ties  # 30 worse on every deal: beyond any noise


def test_a_bots_card_clearly_worse_is_never_the_pick():
    r = runs(best=[30.0] * N, bot=[0.0] * N)
    for keep in (EQUAL, NOISE):
        assert _verdict(VIEW, r, ["bot", "best"], N, False, 0, 0, prefer="bot", keep=keep).pick == "best"
