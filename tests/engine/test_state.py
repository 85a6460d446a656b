"""Whole deals: the state machine, seat views, replay, the Excuse and petit au bout, perft counts."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_rules import reference_legal

from tutor.engine import (
    CARDS,
    EXCUSE,
    PETIT,
    Bid,
    Contract,
    Deal,
    DealtCards,
    IllegalAction,
    Phase,
    PlayCard,
    RuleSet,
    Trick,
    card_points,
    parse_action,
    parse_cards,
    random_action,
)
from tutor.engine.deal import deal_cards
from tutor.engine.piles import count_attack, petit_au_bout
from tutor.engine.play import first_lead_mask, legal_mask, winner_index
from tutor.engine.playout import random_playout


def play_out(deal: Deal, rng: random.Random) -> Deal:
    while deal.phase not in (Phase.DONE, Phase.CANCELLED):
        deal.apply(random_action(deal, rng))
    return deal


def defence_points(deal: Deal) -> float:
    """The defence's pile counted on its own (not as 91 minus the attack)."""
    pts = 0.0
    last = len(deal.tricks) - 1
    sweep = {deal.camp(t.winner) for t in deal.tricks}  # one side only: a chelem
    for n, t in enumerate(deal.tricks):
        won = deal.camp(t.winner)
        for c, seat in zip(t.cards, t.seats):
            if c is EXCUSE:
                owner = deal.camp(seat)
                if t.winner == seat:
                    side = owner
                elif n == last and len(sweep) == 2:  # RULES.md: it changes side, to the other camp
                    side = "attack" if owner == "defence" else "defence"
                else:
                    side = owner
                    if won != owner:  # the half-point exchange card
                        pts += 0.5 if won == "defence" else -0.5
                pts += 4.5 if side == "defence" else 0
            elif won == "defence":
                pts += c.points
    if deal.contract is Contract.GARDE_CONTRE:
        pts += card_points(deal.dog)
    return pts


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_random_legal_playout_always_finishes_and_accounts_for_everything(players, seed):
    rng = random.Random(seed)
    deal = play_out(Deal.new(players, seed=seed, dealer=seed % players), rng)
    if deal.phase is Phase.CANCELLED:
        assert deal.cancel_reason
        return
    played = [c for t in deal.tricks for c in t.cards]
    rest = list(deal.ecart) if deal.contract.dog.name == "TAKER_EXCHANGES" else list(deal.dog)
    assert sorted(c.index for c in played + rest) == list(range(78))
    result = deal.result()
    assert result.attack_points + defence_points(deal) == 91
    assert sum(result.seat_scores) == 0
    assert result.score.total() == 0
    # The log replays to the same deal.
    again = Deal.replay(players, seed, deal.log, dealer=seed % players)
    assert again.result().seat_scores == result.seat_scores
    assert [str(a) for a in again.log] == [str(a) for a in deal.log]
    assert [parse_action(str(a)) for a in deal.log] == deal.log


def test_thousands_of_fast_playouts_score_to_zero():
    for players in (3, 4, 5):
        rng = random.Random(players)
        for _ in range(700):
            p = random_playout(players, rng)
            assert p.score.total() == 0
            assert len(p.tricks) == {3: 24, 4: 18, 5: 15}[players]
            assert 0 <= p.attack_points <= 91


def test_seat_views_hide_other_hands_and_the_dog():
    deal = Deal.new(4, seed=11)
    rng = random.Random(0)
    view = deal.view(2)
    assert view.dog is None and len(view.hand) == 18
    deal.bid(1, "garde")
    for seat in (2, 3, 0):
        deal.bid(seat, None)
    assert deal.phase is Phase.ECART and deal.to_act == 1
    assert deal.view(2).dog == deal.dog  # a garde shows the dog to all
    taker_hand = deal.hand(1)
    assert len(taker_hand) == 24
    play_out(deal, rng)
    assert deal.view(2).ecart is None and deal.view(1).ecart == deal.ecart


def test_garde_sans_keeps_the_dog_hidden():
    deal = Deal.new(4, seed=12)
    deal.bid(1, "garde_sans")
    for seat in (2, 3, 0):
        deal.bid(seat, None)
    assert deal.phase is Phase.PLAYING
    assert all(deal.view(s).dog is None for s in range(4))
    assert len(deal.hand(1)) == 18


def test_illegal_actions_are_refused_with_reasons():
    deal = Deal.new(4, seed=5)
    with pytest.raises(IllegalAction, match="turn"):
        deal.bid(2, "petite")
    deal.bid(1, "garde")
    with pytest.raises(IllegalAction, match="higher"):
        deal.bid(2, "petite")
    with pytest.raises(IllegalAction, match="stage"):
        deal.play(1, deal.hand(1)[0])
    for seat in (2, 3, 0):
        deal.bid(seat, None)
    with pytest.raises(IllegalAction, match="king"):
        kings = [c for c in deal.hand(1) if c.is_king]
        others = [c for c in deal.hand(1) if not c.is_king and not c.is_oudler and c.kind < 4]
        if not kings:
            pytest.skip("no king in this hand")
        deal.discard(1, kings[:1] + others[:5])


def test_wrong_card_says_why():
    rng = random.Random(3)
    for seed in range(200):
        deal = Deal.new(4, seed=seed)
        while deal.phase is not Phase.PLAYING:
            if deal.phase is Phase.CANCELLED:
                break
            deal.apply(random_action(deal, rng))
        if deal.phase is not Phase.PLAYING:
            continue
        while deal.phase is Phase.PLAYING:
            seat = deal.to_act
            legal = set(deal.legal_cards(seat))
            illegal = [c for c in deal.hand(seat) if c not in legal]
            if illegal:
                with pytest.raises(IllegalAction) as err:
                    deal.play(seat, illegal[0])
                assert err.value.rule in ("follow_suit", "must_trump", "must_overtrump", "trump_led")
                return
            deal.apply(random_action(deal, rng))
    pytest.fail("no illegal card found in 200 deals")


def test_five_players_partner_revealed_when_the_called_card_is_played():
    rng = random.Random(9)
    for seed in range(100):
        deal = Deal.new(5, seed=seed)
        if deal.phase is Phase.CANCELLED:
            continue
        deal.bid(1, "garde_sans")
        for seat in (2, 3, 4, 0):
            deal.bid(seat, None)
        called = next(c for c in CARDS if c.is_king and c not in deal.hand(1) and c not in deal.dog)
        deal.call(1, called)
        partner = deal.partner
        assert partner is not None and called in deal.hand(partner)
        others = [s for s in range(5) if s not in (1, partner)]
        assert all(deal.view(s).partner is None for s in others)
        assert deal.view(partner).partner == partner
        # First lead may not be in the called suit unless it is the called card.
        lead = deal.to_act
        for c in deal.legal_cards(lead):
            assert c.suit != called.suit or c is called
        while called not in [c for t in deal.tricks for c in t.cards] + deal.trick:
            deal.apply(random_action(deal, rng))
        assert all(deal.view(s).partner == partner for s in others)
        return
    pytest.fail("no suitable deal")


def test_called_king_in_the_dog_means_alone():
    for seed in range(500):
        deal = Deal.new(5, seed=seed)
        kings = [c for c in deal.dog if c.is_king]
        if deal.phase is Phase.CANCELLED or not kings:
            continue
        deal.bid(1, "garde_contre")
        for seat in (2, 3, 4, 0):
            deal.bid(seat, None)
        if kings[0] not in [c for c in deal.dog]:
            continue
        deal.call(1, kings[0])
        assert deal.partner is None
        play_out(deal, random.Random(seed))
        r = deal.result()
        assert r.score.alone and r.score.taker == 4 * r.score.per_defender
        return
    pytest.fail("no king in any dog")


def test_chelem_announcement_gives_the_lead_and_poignee_is_recorded():
    for seed in range(300):
        deal = Deal.new(4, seed=seed, dealer=0)
        if deal.phase is Phase.CANCELLED:
            continue
        deal.bid(1, None)
        deal.bid(2, "garde_sans")
        deal.bid(3, None)
        deal.bid(0, None)
        deal.declare_chelem(2)
        assert deal.to_act == 2
        from tutor.engine import poignee_options, poignee_to_show
        opts = poignee_options(deal.hand(2))
        if opts:
            deal.show_poignee(2, poignee_to_show(deal.hand(2), opts[0]))
        play_out(deal, random.Random(seed))
        r = deal.result()
        assert r.chelem in ("announced_made", "announced_failed")
        assert len(r.poignees) == (1 if opts else 0)
        return


# ---------------------------------------------------------------- the Excuse and petit au bout, by hand


def camp_of(attack):
    return lambda seat: "attack" if seat in attack else "defence"


def T(leader, cards, seats, winner):
    return Trick(leader, tuple(parse_cards(cards)), tuple(seats), winner)


def test_excuse_exchange_mid_deal():
    # Seat 0 attacks. A defender plays the Excuse in a trick the attack wins: the defence keeps it and
    # hands over a half point.
    tricks = [T(0, "KH EX 2H", (0, 1, 2), 0), T(0, "3S 4S 5S", (0, 1, 2), 2)]
    pile, pts, notes = count_attack(tricks, camp_of({0}), Contract.GARDE_SANS, [], [])
    assert EXCUSE not in pile
    assert pts == 4.5 + 0.5 + 0.5  # KH, 2H and the exchange card
    assert "half-point" in notes[0]


def test_excuse_in_the_last_trick_changes_side():
    # The defence won a trick, so this is no chelem: the defence's Excuse goes to the attack, no card back.
    tricks = [T(0, "3S 4S 5S", (0, 1, 2), 2), T(2, "KH 2H EX", (0, 1, 2), 0)]
    pile, pts, notes = count_attack(tricks, camp_of({0}), Contract.GARDE_SANS, [], [])
    assert EXCUSE in pile and pts == 4.5 + 0.5 + 4.5
    assert "changed side" in notes[0]
    # The attack's Excuse in the last trick goes to the defence: the attack keeps only its trick.
    tricks = [T(0, "3S 4S 5S", (0, 1, 2), 0), T(0, "EX 2H KH", (0, 1, 2), 2)]
    pile, pts, _ = count_attack(tricks, camp_of({0}), Contract.GARDE_SANS, [], [])
    assert EXCUSE not in pile and pts == 1.5


def test_excuse_in_the_last_trick_goes_to_the_other_camp_even_when_its_own_camp_wins():
    # RULES.md: "changes side (it goes to the other camp)". Seats 1 and 3 defend together (4 players);
    # defender 1 plays the Excuse in the last trick and defender 3 wins it: the Excuse goes to the attack.
    camp = camp_of({0, 2})
    tricks = [T(0, "3S 4S 5S 6S", (0, 1, 2, 3), 0), T(0, "2H EX 3H KH", (0, 1, 2, 3), 3)]
    pile, pts, notes = count_attack(tricks, camp, Contract.GARDE_SANS, [], [])
    assert EXCUSE in pile and pts == 4 * 0.5 + 4.5
    assert "its own side won" in notes[0]
    # 5 players: the taker's Excuse in the last trick, won by the partner, goes to the defence.
    camp = camp_of({0, 3})
    tricks = [T(0, "3S 4S 5S 6S 7S", (0, 1, 2, 3, 4), 1),
              T(1, "EX 2H 3H KH 4H", (0, 1, 2, 3, 4), 3)]
    pile, pts, _ = count_attack(tricks, camp, Contract.GARDE_SANS, [], [])
    assert EXCUSE not in pile and pts == 4.5 + 3 * 0.5


def test_defence_excuse_in_the_last_trick_of_an_attack_chelem_stays_with_the_defence():
    # RULES.md 7: the attack makes the chelem without the Excuse, so the defence keeps it (with the usual
    # half-point card), even though it was played in the last trick.
    tricks = [T(0, "3S 4S 5S", (0, 1, 2), 0), T(0, "KH 2H EX", (0, 1, 2), 0)]
    pile, pts, notes = count_attack(tricks, camp_of({0}), Contract.GARDE_SANS, [], [])
    assert EXCUSE not in pile and pts == 1.5 + 4.5 + 0.5 + 0.5
    assert "half-point" in notes[0]


def test_four_player_half_point_from_the_excuse_goes_to_the_winning_side():
    from tutor.engine import settle_half_point
    assert settle_half_point(4, 40.5, 2)[0] == 40  # lost: the half goes to the defence
    assert settle_half_point(4, 41.5, 2)[0] == 42  # won: the half goes to the attack
    assert settle_half_point(4, 56, 0) == (56, "")
    assert settle_half_point(5, 40.5, 2) == (40.5, "")  # score_deal settles 3 and 5 players itself


def test_excuse_wins_the_last_trick_of_a_chelem_and_petit_counts_au_bout_one_trick_early():
    tricks = [T(0, "3S 4S 5S", (0, 1, 2), 0), T(0, "T1 2H 6H", (0, 1, 2), 0), T(0, "EX T2 T3", (0, 1, 2), 0)]
    camp = camp_of({0})
    pile, pts, notes = count_attack(tricks, camp, Contract.GARDE_SANS, [], [])
    assert EXCUSE in pile and pts == 1.5 + 5.5 + 4.5 + 1.0
    assert petit_au_bout(tricks, camp)[0] == "attack"


def test_petit_au_bout_goes_to_the_last_trick_winner():
    tricks = [T(0, "3S 4S 5S", (0, 1, 2), 0), T(0, "T1 T2 T3", (0, 1, 2), 2)]
    assert petit_au_bout(tricks, camp_of({0}))[0] == "defence"
    tricks = [T(0, "T1 4S 5S", (0, 1, 2), 0), T(0, "3S T2 T3", (0, 1, 2), 2)]
    assert petit_au_bout(tricks, camp_of({0}))[0] is None


def test_defence_keeps_its_excuse_in_an_attack_chelem_fft_example():
    # FFT p.9: the attack takes every trick, the defence keeps its Excuse: the attack counts 87.
    tricks = [T(0, "EX KH QH", (1, 0, 2), 0), T(0, "2S 3S 4S", (0, 1, 2), 0)]
    rest = [c for c in CARDS if c not in parse_cards("EX KH QH 2S 3S 4S")]
    pile, pts, _ = count_attack(tricks, camp_of({0}), Contract.GARDE_SANS, [], rest)
    assert pts == 87


# ---------------------------------------------------------------- perft: exhaustive counts from fixed deals


def perft(hands, leader, players, plies, trick=(), called=None, first=True):
    """Number of legal card sequences of length ``plies`` from the opening lead."""
    if plies == 0:
        return 1
    seat = (leader + len(trick)) % players
    hand = hands[seat]
    if not trick and first and called is not None:
        mask = first_lead_mask(hand, called)
    else:
        led = next((c.kind for c in trick if not c.is_excuse), -1)
        top = max((c.rank for c in trick if c.is_trump), default=0)
        mask = legal_mask(hand, led, top)
    total = 0
    for c in CARDS:
        if mask & c.bit:
            hands[seat] ^= c.bit
            nxt = trick + (c,)
            if len(nxt) == players:
                w = (leader + winner_index(list(nxt))) % players
                total += perft(hands, w, players, plies - 1, (), called, False)
            else:
                total += perft(hands, leader, players, plies - 1, nxt, called, first)
            hands[seat] ^= c.bit
    return total


# Pinned counts (one trick plus two cards, from the opening lead; 5 players with KH called):
# a change in legality shows up as a changed number. They were cross-checked with a perft
# built on the plain reference rules in test_play.py, and test_perft_matches_reference keeps checking.
GOLDEN = {
    (3, 1): 35221, (3, 2): 44867, (4, 1): 25997, (4, 2): 31814, (5, 1): 17322, (5, 2): 30174,
}


@pytest.mark.parametrize("players,seed", sorted(GOLDEN))
def test_perft_golden_counts(players, seed):
    d = deal_cards(players, dealer=0, seed=seed)
    hands = [sum(c.bit for c in h) for h in d.hands]
    called = parse_cards("KH")[0] if players == 5 else None
    count = perft(hands, 1, players, players + 2, called=called)
    assert count == GOLDEN[(players, seed)]


def test_dealt_cards_can_be_given_directly():
    hands = tuple(tuple(CARDS[i * 18:(i + 1) * 18]) for i in range(4))
    dealt = DealtCards(4, 0, hands, tuple(CARDS[72:]), 10, (1, 2, 3, 4, 5, 6))
    deal = Deal(dealt)
    assert deal.phase in (Phase.BIDDING, Phase.CANCELLED)
    assert PETIT in deal.hand(4 - 1) or PETIT in deal.dog or any(PETIT in deal.hand(s) for s in range(4))
    assert isinstance(Bid(1, None), Bid) and isinstance(PlayCard(1, EXCUSE), PlayCard)


def reference_perft(hands, leader, players, plies, trick=(), called=None, first=True):
    if plies == 0:
        return 1
    seat = (leader + len(trick)) % players
    legal = reference_legal(hands[seat], list(trick))
    if first and not trick and called is not None:
        legal = [c for c in legal if c.suit != called.suit or c is called] or legal
    total = 0
    for c in legal:
        hands[seat] = [x for x in hands[seat] if x is not c]
        nxt = trick + (c,)
        if len(nxt) == players:
            trumps = [(x.rank, i) for i, x in enumerate(nxt) if x.is_trump]
            led = next(x for x in nxt if not x.is_excuse)
            w = max(trumps)[1] if trumps else max((x.rank, i) for i, x in enumerate(nxt) if x.suit == led.suit)[1]
            total += reference_perft(hands, (leader + w) % players, players, plies - 1, (), called, False)
        else:
            total += reference_perft(hands, leader, players, plies - 1, nxt, called, first)
        hands[seat] = hands[seat] + [c]
    return total


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(100, 106))
def test_perft_matches_reference(players, seed):
    d = deal_cards(players, dealer=0, seed=seed)
    called = parse_cards("KS")[0] if players == 5 else None
    fast = perft([sum(c.bit for c in h) for h in d.hands], 1, players, players + 1, called=called)
    plain = reference_perft([list(h) for h in d.hands], 1, players, players + 1, called=called)
    assert fast == plain


def test_a_four_player_deal_whose_excuse_changes_side_is_scored_with_the_half_point_rule():
    # Seed 2576 (found by search): a defender plays the Excuse in the last trick and another defender
    # wins it, so the Excuse goes to the attack and its pile ends in a half point.
    deal = play_out(Deal.new(4, seed=2576), random.Random(2576))
    last = deal.tricks[-1]
    owner = last.seats[last.cards.index(EXCUSE)]
    assert deal.camp(owner) == deal.camp(last.winner) == "defence"
    result = deal.result()
    assert result.attack_points == 18.5 and result.score.counted_points == 18  # lost: the half to the defence
    assert any("half point goes to the side that wins" in n for n in result.notes)
    assert result.attack_points + defence_points(deal) == 91
    assert sum(result.seat_scores) == 0


def misere_deal(misere: bool) -> Deal:
    """Seat 1 holds eighteen low suit cards (no trump, no Excuse, no face card); seat 3 takes a garde sans."""
    low = parse_cards("1S 2S 3S 4S 5S 6S 7S 8S 9S 1H 2H 3H 4H 5H 6H 7H 8H 9H")
    rest = [c for c in CARDS if c not in low]
    hands = (tuple(rest[:18]), tuple(low), tuple(rest[18:36]), tuple(rest[36:54]))
    deal = Deal(DealtCards(4, 0, hands, tuple(rest[54:]), 10, (1, 2, 3, 4, 5, 6)),
                rules=RuleSet.for_players(4, misere=misere))
    for seat, bid in ((1, None), (2, None), (3, "garde_sans"), (0, None)):
        deal.bid(seat, bid)
    return deal


def test_misere_house_rule_is_declared_before_the_first_card_and_scored():
    from tutor.engine import DeclareMisere
    with pytest.raises(IllegalAction, match="house rule"):
        misere_deal(False).declare_misere(1, "trumps")  # off by default: the FFT has no misère
    deal = misere_deal(True)
    assert deal.to_act == 1
    deal.declare_misere(1, "trumps")
    with pytest.raises(IllegalAction, match="already"):
        deal.declare_misere(1, "trumps")
    deal.declare_misere(1, "honours")  # this hand qualifies for both
    deal.play(1, "9S")
    assert not deal.can(DeclareMisere(1, "honours"))  # after the first card: too late
    with pytest.raises(IllegalAction, match="no face card and no oudler"):
        deal.declare_misere(2, "honours")  # seat 2 holds face cards
    assert deal.view(0).miseres == ((1, "trumps"), (1, "honours"))
    play_out(deal, random.Random(1))
    result = deal.result()
    plain = result.score.by_seat(3)
    # Two misères: seat 1 receives 2 × 10 from each of the three others.
    assert [a - b for a, b in zip(result.seat_scores, plain)] == [-20, 60, -20, -20]
    assert sum(result.seat_scores) == 0 and result.miseres == ((1, "trumps"), (1, "honours"))
    (note,) = [n for n in result.notes if "House rule" in n]
    assert note == "House rule (not FFT): misère of trumps by seat 2, of honours by seat 2, 10 from each other player."
    from tutor.i18n import using
    from tutor.i18n.words import say
    with using("fr"):  # the engine's note is a message id the text layer says in French
        assert say(note) == ("Règle maison (pas FFT)\u00a0: misère d’atouts par le joueur 2, de têtes par le "
                             "joueur 2, 10 de chacun des autres joueurs.")
    assert [str(a) for a in deal.log][4:6] == ["1:misere:trumps", "1:misere:honours"]
    assert parse_action("1:misere:trumps") == DeclareMisere(1, "trumps")


def test_a_seeded_deal_with_a_misere_replays_from_its_log():
    # Seed 117: the dealer (seat 0) holds no face card and no oudler.
    deal = Deal.new(4, seed=117, misere=True)
    for seat, bid in ((1, "garde_sans"), (2, None), (3, None), (0, None)):
        deal.bid(seat, bid)
    rng = random.Random(117)
    while deal.to_act != 0:
        deal.apply(random_action(deal, rng))
    deal.declare_misere(0, "honours")
    play_out(deal, rng)
    result = deal.result()
    assert [a - b for a, b in zip(result.seat_scores, result.score.by_seat(1))] == [30, -10, -10, -10]
    again = Deal.replay(4, 117, deal.log, misere=True)
    assert again.result().seat_scores == result.seat_scores
    with pytest.raises(IllegalAction, match="house rule"):
        Deal.replay(4, 117, deal.log)  # the same log at an FFT table: misère is refused
