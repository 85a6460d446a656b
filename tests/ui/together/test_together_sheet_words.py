"""The table's sheet names this phone's seat "you", with the verb that goes with it ("You deal next", never "You
deals next"), counts one deal in the singular, and writes a negative lead with the true minus; French too."""

from __future__ import annotations

from tutor import i18n
from tutor.ui.together.sheet import dealer_line, lead_line

NAMES = ["You", "Ana", "Ben", "Bot, seat 4"]


def test_you_deal_and_lead_with_your_own_verb():
    assert dealer_line(0, NAMES, 0, next_deal=True) == "You deal next."
    assert dealer_line(0, NAMES, 0, next_deal=False) == "You deal this deal."
    assert dealer_line(2, NAMES, 0, next_deal=True) == "Ben deals next."
    assert lead_line(1, 0, 40, NAMES, 0) == "After 1 deal, you lead with +40."
    assert lead_line(2, 1, -10, NAMES, 0) == "After 2 deals, Ana leads with \u221210."
    assert lead_line(2, 1, 0, NAMES, 0) == "After 2 deals, Ana leads with 0."


def test_the_same_in_french():
    with i18n.using("fr"):
        assert dealer_line(0, NAMES, 0, next_deal=True) == "Vous distribuez la suivante."
        assert lead_line(1, 0, 40, NAMES, 0) == "Après 1 donne, vous menez avec +40."
        assert lead_line(3, 2, -5, NAMES, 0) == "Après 3 donnes, Ben mène avec \u22125."

