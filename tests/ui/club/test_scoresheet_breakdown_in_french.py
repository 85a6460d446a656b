"""The French score sheet says its last deal's breakdown in French (it was the engine's English, "Points: the
attack made 40 with 1 oudler."), with the true minus sign, and its chart names its axes and tooltip in French."""

from __future__ import annotations

from apptest_helpers import french_page

from tutor.club import Game
from tutor.i18n import using
from tutor.ui.club import scoresheet as sc


def press(at, label):
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_last_deals_breakdown_is_in_french_with_the_true_minus():
    with using("fr"):  # AppTest reads the page's select boxes through their French labels
        at = french_page("scoresheet", view="games")
        for i, n in enumerate(["Ann", "Bob", "Cleo", "Dan"]):
            at.text_input(key=f"club_new_p{i}").set_value(n)
        at = press(at, "Commencer la partie")
        at.selectbox(key="club_taker").set_value("Bob")
        at.selectbox(key="club_contract").set_value("petite")
        at.text_input(key="club_points").set_value("40")
        at.segmented_control(key="club_oudlers").set_value(1)
        at = press(at, "Ajouter la donne")
    # A petite with 40 points and 1 oudler: 51 needed, lost by 11; (25 + 11) × 1 = 36, the taker pays 3 × 36.
    steps = next(m.value for m in at.markdown if m.value.startswith("- Points"))
    assert steps.startswith("- Points\u00a0: l’attaque a fait 40 avec 1 bout."), steps
    assert "the attack" not in steps and "lost" not in steps
    assert "51 − 40" in steps and "51 - 40" not in steps and "−108" in steps, steps
    assert any("Bob **−108**" in m.value for m in at.markdown)


def test_the_chart_names_its_axes_and_tooltip_in_french():
    g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
    with using("fr"):
        spec = sc.chart_spec(g.sheet())
    line = spec["layer"][0]["encoding"]
    assert line["x"]["title"] == "donne" and line["y"]["title"] == "Total"
    assert [t["title"] for t in line["tooltip"]] == ["Joueur", "donne", "Total"]
