"""Every theme tag a puzzle carries is listed for translation and reads in French on the French puzzle page
(issue 38: 'cash kings' and 'lead long suit' stayed English)."""

from tutor.i18n import using
from tutor.ui.common.data import puzzles
from tutor.ui.learn.puzzles import THEMES, theme_label

SAME_IN_FRENCH = {"charger", "chelem", "juste fait"}  # French words already


def test_every_puzzle_theme_is_listed_and_has_its_french():
    tags = {t for p in puzzles() for t in p.tags}
    words = {t.replace("-", " ") for t in tags}
    assert words <= set(THEMES), f"themes missing from THEMES: {sorted(words - set(THEMES))}"
    with using("fr"):
        english = sorted(w for w in words if theme_label(w.replace(" ", "-")) == w and w not in SAME_IN_FRENCH)
    assert english == [], f"themes shown in English on the French page: {english}"
