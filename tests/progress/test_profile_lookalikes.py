"""Issue 39: profile names that draw like another's, PINs anyone would try first, and the answer to a
taken name that must not list the names sign-in keeps to itself."""

from __future__ import annotations

import pytest

from tutor.names import lookalike, weak_pin

NO_MATCH = "do not match a profile you can use here"


@pytest.mark.parametrize("name", ["Anna\u200b", "\u202eannA", "A\u00adnna", "Anna\u2060", "\u202bAnna\u202c"])
def test_invisible_characters_are_refused_in_a_profile_name(store, name):
    with pytest.raises(ValueError, match="invisible or formatting"):
        store.create_learner(name, pin="4821")


def test_a_taken_or_lookalike_name_gets_the_answer_a_wrong_sign_in_gets(store):
    store.create_learner("Anna", pin="4821")
    with pytest.raises(ValueError) as wrong:
        store.sign_in("Nobody", "4821", "s1")
    answers = {str(wrong.value)}
    for name in ("anna", "Ann\u0430", "\u0410NNA"):
        with pytest.raises(ValueError) as err:
            store.create_learner(name, pin="7305")
        answers.add(str(err.value))
    assert len(answers) == 1 and NO_MATCH in answers.pop()  # one sentence, no name in it
    bea = store.create_learner("Bea", pin="7305")
    with pytest.raises(ValueError):
        store.rename_learner(bea.id, "Ann\u0430")


@pytest.mark.parametrize("pin", ["1234", "0000", "aaaa", "1111", "4321", "9876", "abcd", "1212", "123123", "azerty",
                                 "000000", "2580"])
def test_pins_anyone_would_try_first_are_refused(store, pin):
    assert weak_pin(pin)
    with pytest.raises(ValueError, match="first anyone would try"):
        store.create_learner("Cleo", pin=pin)
    cleo = store.create_learner("Cleo", pin="4821")
    with pytest.raises(ValueError, match="first anyone would try"):
        store.set_pin(cleo.id, pin)


@pytest.mark.parametrize("pin", ["4821", "7305", "1357x", "0417", "1243", "correct horse"])
def test_other_pins_are_kept(pin):
    assert not weak_pin(pin)


def test_lookalike_finds_the_name_it_looks_like():
    assert lookalike("Nico1as", ["Anna", "Nicolas"]) == "Nicolas"
    assert lookalike("Nicola", ["Anna", "Nicolas"]) is None


def test_an_import_cannot_take_a_name_that_looks_like_anothers(store):
    from tutor.progress.transfer import export_learner, import_learner
    anna = store.create_learner("Anna", pin="4821")
    data = export_learner(store, anna.id)
    with pytest.raises(ValueError, match="already a learner"):
        import_learner(store, data, "Ann\u0430")
    with pytest.raises(ValueError, match="invisible"):
        import_learner(store, data, "Anna\u200b")
    assert import_learner(store, data, "Anna B").name == "Anna B"


def test_the_first_profile_does_not_load_the_lookalike_table(store):
    """A new install's first page makes its first profile: with no other name to look like, Unicode's table of
    confusable characters (tens of milliseconds to build) is not read; the second profile still meets it."""
    from tutor.names import _prototypes

    _prototypes.cache_clear()
    anna = store.create_learner("Anna", pin="4821")
    store.rename_learner(anna.id, "Anne")  # the only profile, renamed: nobody else to look like either
    assert _prototypes.cache_info().currsize == 0
    with pytest.raises(ValueError, match=NO_MATCH):
        store.create_learner("Ann\u0435", pin="7305")  # a Cyrillic е: looks like Anne
    assert _prototypes.cache_info().currsize == 1
