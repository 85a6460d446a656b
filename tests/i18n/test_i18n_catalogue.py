"""The French catalogue as a whole: one French per English message (with its context) across the fragments,
the loader's merge keyed by message and context, and pgettext/npgettext/NP_ for words whose French depends on use."""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor import i18n
from tutor.engine import card
from tutor.engine.play import card_kind_name
from tutor.engine.words import NP_, Text
from tutor.i18n import npgettext, pgettext
from tutor.i18n.words import say

ROOT = Path(__file__).resolve().parents[2]
FRAGMENTS = sorted((i18n.LOCALES / "fr" / "LC_MESSAGES").glob("*.po"))


def _french_by_message() -> dict:
    """(msgid, msgctxt) -> {fragment: French}; a plural's forms as a tuple."""
    found: dict = defaultdict(dict)
    for path in FRAGMENTS:
        with path.open("rb") as fh:
            for m in read_po(fh, locale="fr"):
                if m.id and m.string and not m.fuzzy:
                    key = (m.id[0] if isinstance(m.id, tuple) else m.id, m.context)
                    found[key][path.name] = m.string
    return found


def _same(a, b) -> bool:
    # A plural entry and a singular one with the same msgid (ngettext here, _() there) agree on the singular.
    if isinstance(a, tuple) != isinstance(b, tuple):
        return (a[0] if isinstance(a, tuple) else a) == (b[0] if isinstance(b, tuple) else b)
    return a == b


def test_no_english_message_has_two_french_ones_across_the_fragments():
    found = _french_by_message()
    assert len(FRAGMENTS) >= 6 and len(found) > 2000  # the fragments were read
    clashes = {key: by_file for key, by_file in found.items()
               if any(not _same(s, t) for s in by_file.values() for t in by_file.values())}
    assert clashes == {}


def test_the_check_finds_a_clash(tmp_path, monkeypatch):
    """The test above can fail: a fragment giving other French for a message another one has is caught."""
    (tmp_path / "zz.po").write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Your PIN"\nmsgstr "Votre code"\n',
                                    encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "FRAGMENTS", [*FRAGMENTS, tmp_path / "zz.po"])
    found = _french_by_message()
    assert set(found[("Your PIN", None)].values()) == {"Votre code PIN", "Votre code"}


def test_the_merge_keys_by_context_and_the_last_fragment_wins(tmp_path, monkeypatch):
    head = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "a.po").write_text(head + 'msgid "won"\nmsgstr "premier"\n\nmsgctxt "deal"\nmsgid "won"\n'
                                 'msgstr "gagnée"\n\nmsgid "{n} deal"\nmsgid_plural "{n} deals"\n'
                                 'msgstr[0] "{n} donne"\nmsgstr[1] "{n} donnes"\n', encoding="utf-8")
    (folder / "b.po").write_text(head + 'msgid "won"\nmsgstr "second"\n\nmsgctxt "side"\nmsgid "won"\n'
                                 'msgstr "gagné"\n\nmsgid "{n} deal"\nmsgstr "{n} donne"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    cat = i18n.catalogue("fr")
    assert cat.get("won").string == "second"  # the later fragment replaces the earlier one
    assert cat.get("won", context="deal").string == "gagnée"
    assert cat.get("won", context="side").string == "gagné"
    assert cat.get("{n} deal").string == ("{n} donne", "{n} donnes")  # a singular never replaces the plural


def test_pgettext_picks_the_french_of_its_context_and_english_stays_as_it_was():
    with i18n.using("fr"):
        assert (pgettext("deal", "won"), pgettext("deal", "lost")) == ("gagnée", "chutée")
        assert (pgettext("side", "won"), pgettext("side", "lost")) == ("gagné", "chuté")
        assert pgettext("score sheet", "partner") == "appelé" and i18n._("partner") == "partenaire"
        assert pgettext("deal", "score") == "marque" and i18n._("score") == "score"
        assert pgettext("difficulty", "any") == "toutes" and i18n._("any") == "au choix"
        assert pgettext("no such context", "won") == "won"  # no French for it: the English
        assert npgettext("deal", "{n} deal", "{n} deals", 2) == "{n} deals"
    with i18n.using("en"):
        assert (pgettext("deal", "won"), pgettext("score sheet", "partner")) == ("won", "partner")
        assert npgettext("deal", "{n} deal", "{n} deals", 1) == "{n} deal"


def test_np_marks_a_message_said_later_in_its_context():
    word = NP_("score sheet", "partner")
    assert isinstance(word, Text) and word == "partner" and (word.msgid, word.context) == ("partner", "score sheet")
    with i18n.using("fr"):
        assert i18n._(word) == "appelé" and say(word) == "appelé"
        assert say(Text("{a} · {b}", a=NP_("deal", "won"), b=NP_("side", "lost"))) == "gagnée · chuté"
        assert say(card_kind_name(card("T5"))) == "atout" and say(card_kind_name(card("5S"))) == "pique"
    assert say(word) == "partner" and say(card_kind_name(card("T5"))) == "trumps"


def test_the_club_refusals_and_the_drill_name_their_words_in_their_context():
    from tutor.club.entry import field_words
    from tutor.ui.learn.drill import KIND_LABELS
    with i18n.using("fr"):
        assert field_words("partner") == "appelé" and field_words("petit_au_bout") == "Petit au bout"
        assert i18n._(KIND_LABELS["poignee"]) == "La poignée" and i18n._("Poignée") == "Poignée"
    assert field_words("partner") == "partner" and i18n._(KIND_LABELS["poignee"]) == "Poignée"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Every message that the README's extraction command finds in the code."""
    pot = tmp_path_factory.mktemp("pot") / "all.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "N_",
                    "-k", "NP_:1c,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3", "-o", str(pot),
                    "--omit-header", "."], check=True, capture_output=True, cwd=ROOT)
    with pot.open("rb") as fh:
        return [m for m in read_po(fh) if m.id]


@pytest.fixture(scope="module")
def extracted_with_context(extracted):
    return [m for m in extracted if m.context]


def test_every_message_in_the_code_has_its_french(extracted):
    """Not only the modules each French issue listed: every message of the package and the app, so a new
    English sentence cannot reach a French page untranslated ("Time is up" on the projector did)."""
    cat = i18n.catalogue("fr")
    assert len(extracted) > 2000  # the extraction saw the whole package
    plurals = {m.id[1] for m in cat if isinstance(m.id, tuple)}  # a plural marked on its own with N_ (``counted``)
    missing = []
    for m in extracted:
        singular = m.id if isinstance(m.id, str) else m.id[0]
        if singular in plurals:
            continue
        found = cat.get(singular, context=m.context)
        strings = () if found is None else found.string if isinstance(found.string, tuple) else (found.string,)
        if not strings or not all(strings):
            missing.append((singular, m.context, m.locations[:1]))
    assert missing == []


def test_every_message_with_a_context_has_its_french(extracted_with_context):
    cat = i18n.catalogue("fr")
    keys = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in extracted_with_context}
    assert {("won", "deal"), ("won", "side"), ("won", "trick"), ("trumps", "suit"), ("partner", "score sheet")} <= keys
    missing = [k for k in keys if not (cat.get(k[0], context=k[1]) and cat.get(k[0], context=k[1]).string)]
    assert missing == []
    # The words said by context everywhere have no bare French left to drift from them.
    assert cat.get("won") is None and cat.get("lost") is None
