"""The club and class pages opened in French under AppTest, and what they show read back (no English left)."""

from __future__ import annotations

import re
from contextvars import ContextVar

import pytest
from apptest_helpers import french_page
from streamlit.testing.v1 import AppTest

from tutor import i18n
from tutor.classroom import passphrase

# Words that give English away in a page's text; a French page uses none of them (as whole words).
ENGLISH = re.compile(r"\b(the|and|your|with|players|deal|deals|game|games|sheet|teacher|learners?|quiz code|"
                     r"Save|Delete|Start|Join|Set|Print|Download|Results|Rounds)\b")

PASS = "tarot for year nine"


@pytest.fixture
def french(monkeypatch):
    """Every run of the app in French: the language's default is French (until the sidebar's switch, which
    reads ``?lang=fr``, sets it per run)."""
    monkeypatch.setattr(i18n, "_current", ContextVar("tutor_language", default="fr"))
    monkeypatch.setenv(passphrase.ENV_VAR, passphrase.make_hash(PASS, salt=b"0123456789abcdef"))


def page(name: str, **query) -> AppTest:
    at = french_page(name, **query)
    assert not at.exception, at.exception
    return at


def shown(at: AppTest) -> list[str]:
    """The text the main part of the page shows: titles, paragraphs, messages and the widgets' labels."""
    main = at.main
    texts = [e.value for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning",
                                  "error", "success") for e in getattr(main, kind)]
    for kind in ("button", "text_input", "number_input", "selectbox", "multiselect", "checkbox", "text_area",
                 "date_input", "expander", "segmented_control", "toggle", "radio"):
        texts += [e.label for e in getattr(main, kind)]
    return [t for t in texts if t]


def no_english(at: AppTest) -> None:
    for text in shown(at):
        if text.startswith("- "):  # a deal's scoring steps: the engine's sentences, the quiz layer's to translate
            continue
        plain = re.sub(r"`[^`]*`", "", text)  # code (commands, settings) stays as it is typed
        assert not ENGLISH.search(plain), text


def press(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at
