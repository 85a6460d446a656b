"""The text layer's core: catalogues read with Babel, real plurals, one language per thread."""

import threading

from tutor import i18n
from tutor.i18n import _, ngettext


def test_french_plural_forms_follow_the_catalogue_rule():
    # French uses the singular for 0 and 1 (plural=(n > 1)); English uses it for 1 only.
    with i18n.using("fr"):
        assert [ngettext("{n} deal", "{n} deals", n).format(n=n) for n in (0, 1, 2)] == [
            "0 donne", "1 donne", "2 donnes"]
    assert [ngettext("{n} deal", "{n} deals", n).format(n=n) for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]


def test_an_unknown_string_stays_english_and_english_is_untouched():
    with i18n.using("fr"):
        assert _("A sentence nobody translated") == "A sentence nobody translated"
    assert _("{n} deal") == "{n} deal"


def test_each_thread_keeps_its_own_language():
    seen = {}

    def learner(lang):
        i18n.use(lang)
        seen[lang] = ngettext("{n} deal", "{n} deals", 2)

    threads = [threading.Thread(target=learner, args=(lang,)) for lang in ("fr", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"fr": "{n} donnes", "en": "{n} deals"}
    assert i18n.language() == "en"  # the main thread was not touched


def test_choose_reads_query_then_profile_then_browser_then_default():
    assert i18n.choose("fr", "en", "en-GB") == "fr"
    assert i18n.choose(None, "fr", "en") == "fr"
    assert i18n.choose("xx", None, "fr-CH, en;q=0.5") == "fr"
    assert i18n.choose("javascript:alert(1)", "<b>", "") == "en"
    assert i18n.choose("de" * 10_000) == "en"


def test_every_french_catalogue_compiles():
    cat = i18n.catalogue("fr")
    assert cat is not None and len(cat) >= 1
    assert i18n.translations("fr").gettext("{n} deal") == "{n} donne"


def test_a_pickled_text_is_still_said_in_french():
    """st.cache_data keeps a pickled copy of a cached verdict: a Text must come back a Text, not its English."""
    import pickle

    from tutor.engine import card
    from tutor.engine.words import N_, Text, counted, lower_first
    from tutor.i18n.words import say
    t = Text(N_("You do not hold {card.the_name}."), card=card("QH"))
    for value in (t, counted(2, N_("{n} deal"), N_("{n} deals")), lower_first(t), {"why": [t]}):
        back = pickle.loads(pickle.dumps(value))
        assert back == value
    back = pickle.loads(pickle.dumps(t))
    assert isinstance(back, Text) and str(back) == "You do not hold the queen of hearts."
    with i18n.using("fr"):
        assert say(back) == "Vous n’avez pas la Dame de cœur."
        assert say(pickle.loads(pickle.dumps(lower_first(t)))) == "vous n’avez pas la Dame de cœur."
