"""Sentences whose subject is the learner say "you", with the verb that goes with it (issue 38: "You leads with
204"), in English and French: the evening's sheet, the partner, the guided hand's taker, a trick's winner."""

from types import SimpleNamespace

from tutor.engine import Contract, card
from tutor.i18n import using
from tutor.ui.practice.practice import contract_line, evening_line
from tutor.ui.practice.practice_parts import names_for, within


def test_the_evening_line_says_you_lead_and_you_deal():
    names = names_for(4, 0)  # You, Anna, Bruno, Chloé
    assert evening_line(3, names, 0, 204, 0) == "After 3 deals: you lead with 204. You deal next."
    assert evening_line(1, names, 2, 58, 3) == "After 1 deal: Bruno leads with 58. Chloé deals next."
    with using("fr"):
        names = names_for(4, 0)
        assert evening_line(3, names, 0, 204, 0) == ("Après 3 donnes\u00a0: vous menez avec 204. "
                                                     "Vous distribuez la suivante.")
        assert evening_line(1, names, 2, 58, 3) == ("Après 1 donne\u00a0: Bruno mène avec 58. "
                                                    "Chloé distribue la suivante.")


def test_the_learner_as_the_called_partner_is_you_are():
    view = SimpleNamespace(taker=1, seat=0, partner=0, called=card("KS"), contract=Contract.GARDE)
    names = names_for(5, 0)
    assert contract_line(view, names) == "**Anna** plays a **garde** (×2), calling the **king of spades**: you are " \
                                         "the partner."
    other = SimpleNamespace(taker=1, seat=0, partner=3, called=card("KS"), contract=Contract.GARDE)
    assert contract_line(other, names).endswith(": Chloé is the partner.")
    with using("fr"):
        said = contract_line(view, names_for(5, 0))
    assert said.endswith("\u00a0: vous êtes le partenaire.") and "Vous est" not in said


def test_the_learner_inside_a_sentence_is_you_in_lower_case():
    names = names_for(3, 0)
    assert within(names, 0) == "you" and within(names, 1) == "Anna"
    with using("fr"):
        names = names_for(3, 0)
        assert within(names, 0) == "vous" and within(names, 2) == "Bruno"


def test_a_guided_hand_where_the_learner_takes_says_you_took_in_both_languages():
    from apptest_helpers import french_page
    from practice_pages import practice
    at = practice(guided="hunting-the-petit")  # the learner (seat 1) takes
    story = next(m.value for m in at.markdown if "took a" in m.value)
    assert story.startswith("**You** took a **")
    fr = french_page("practice", guided="hunting-the-petit")
    assert not fr.exception
    story = next(m.value for m in fr.markdown if "pris une" in m.value)
    assert story.startswith("**Vous** avez pris une **"), story
