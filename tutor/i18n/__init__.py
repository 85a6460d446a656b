"""The text layer's languages: gettext catalogues read with Babel, one language per learner.

Every string a learner reads is written in English in the code and wrapped in ``_()`` (or ``ngettext`` for a
count, ``N_`` to mark a string translated later). The French catalogue lives in
the fragments of ``tutor/i18n/locales/fr/LC_MESSAGES/`` and is compiled in memory on first use (Babel's own
``write_mo``), so a fresh install needs no build step. The language is a context variable: each Streamlit
run and each command sets it for its own thread, so two learners on one server each read their own.

>>> with using("fr"):
...     ngettext("{n} deal", "{n} deals", 1).format(n=1), ngettext("{n} deal", "{n} deals", 2).format(n=2)
('1 donne', '2 donnes')
>>> ngettext("{n} deal", "{n} deals", 2).format(n=2)
'2 deals'
>>> number(41.5, "fr"), number(41.5, "en"), number(-7, "fr")
('41,5', '41.5', '-7')
>>> choose("de-DE", "fr-CA,fr;q=0.9", None)
'fr'

One English word may need two French ones by use: ``pgettext(context, message)`` (``npgettext`` for a count,
``NP_`` to mark one translated later) picks the French written for that context (``msgctxt`` in the ``.po``).

>>> with using("fr"):
...     pgettext("deal", "won"), pgettext("side", "won"), _(NP_("score sheet", "partner")), _("partner")
('gagnée', 'gagné', 'appelé', 'partenaire')
>>> pgettext("deal", "won"), npgettext("deal", "{n} deal", "{n} deals", 2)
('won', '{n} deals')
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

from ..engine.words import NP_  # noqa: F401  (re-exported: the text layer's marker for a message with a context)

# Language code -> its own name, as the switch shows it.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
DEFAULT = "en"
LOCALES = Path(__file__).resolve().parent / "locales"

_current: ContextVar[str | None] = ContextVar("tutor_language", default=None)
# Where a thread that never called use() finds its language: the UI sets it to the session's, since
# Streamlit runs widget callbacks and timed fragments in a fresh thread before (or without) the page's setup.
_fallback: Callable[[], str | None] = lambda: None  # noqa: E731


def set_fallback(fn: Callable[[], str | None]) -> None:
    """Read the language from ``fn()`` in a thread that has not called ``use()`` (None or an error: English)."""
    global _fallback
    _fallback = fn


def normalise(tag: str | None) -> str | None:
    """A supported language code for a tag such as ``fr-FR``, ``fr_FR.UTF-8`` or ``FR``; else None.

    >>> normalise("fr_FR.UTF-8"), normalise("en-GB"), normalise("de"), normalise(None), normalise("")
    ('fr', 'en', None, None, None)
    """
    if not tag or not isinstance(tag, str):
        return None
    code = tag.strip()[:35].replace("_", "-").split(".")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def choose(*candidates: str | None) -> str:
    """The first supported language among ``candidates`` (each may be an Accept-Language list), else English."""
    for cand in candidates:
        if not cand or not isinstance(cand, str):
            continue
        for part in cand.split(",")[:20]:
            code = normalise(part.split(";")[0])
            if code:
                return code
    return DEFAULT


def language() -> str:
    """The language of the text being built now."""
    code = _current.get()
    if code is None:
        try:
            code = normalise(_fallback()) or DEFAULT
        except Exception:  # a broken hook must never stop a page: English
            code = DEFAULT
    return code


def use(lang: str | None) -> str:
    """Build the text of this thread (one Streamlit run, one command) in ``lang``; returns the code used."""
    code = normalise(lang) or DEFAULT
    _current.set(code)
    return code


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """``use(lang)`` for the ``with`` block only."""
    token = _current.set(code := normalise(lang) or DEFAULT)
    try:
        yield code
    finally:
        _current.reset(token)


def catalogue(lang: str) -> Catalog | None:
    """All ``.po`` files of ``lang`` merged into one Babel catalogue (None for English, the source language)."""
    folder = LOCALES / lang / "LC_MESSAGES"
    files = sorted(folder.glob("*.po")) if folder.is_dir() else []
    if not files:
        return None
    from babel.messages.pofile import read_po  # babel's catalogue reader: only for a language other than English
    merged: Catalog | None = None
    for path in files:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        if merged is None:
            merged = cat
            continue
        for msg in cat:
            if msg.id and msg.string and not msg.fuzzy and (not isinstance(msg.string, tuple) or all(msg.string)):
                # Keyed by (msgid, msgctxt); Catalog's own update would keep the first French, so replace it
                # (but a plural entry is never replaced by a singular one with the same msgid).
                current = merged.get(msg.id, context=msg.context)
                if current is not None and current.pluralizable and not msg.pluralizable:
                    continue
                merged.delete(msg.id, context=msg.context)
                merged[msg.id] = msg
    return merged


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of ``lang`` (English: the identity)."""
    cat = catalogue(lang) if lang != DEFAULT else None
    if cat is None:
        return NullTranslations()
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, cat)  # fuzzy entries are left out: an unsure translation shows the English
    buf.seek(0)
    return Translations(fp=buf)


def _(message: str) -> str:
    """``message`` in the current language (one marked with ``NP_`` keeps its context)."""
    context = getattr(message, "context", None)
    if context is not None:
        return translations(language()).pgettext(context, message.msgid)
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the current language (real plurals, never "donne(s)")."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as said in ``context`` (``pgettext("deal", "won")``: « gagnée », a donne being feminine)."""
    return translations(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` for a message told apart by ``context``."""
    return translations(language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown (``_(value)``)."""
    return message


def grouped(n: int) -> str:
    """A whole number with its thousands marked: ``1,200`` in English (``f"{n:,}"``); in French ``1 200``, with a
    narrow no-break space (``1,200`` would read as one point two).

    >>> grouped(1200), grouped(2_000_000)
    ('1,200', '2,000,000')
    >>> with using("fr"):
    ...     grouped(1200) == "1\u202f200"
    True
    """
    return f"{n:,}" if language() == "en" else f"{n:,}".replace(",", "\u202f")


def percent(x: float) -> str:
    """A share as a whole percentage: ``57%`` in English (``f"{x:.0%}"``), ``57 %`` in French.

    >>> percent(0.57)
    '57%'
    >>> with using("fr"):
    ...     percent(0.57) == "57\u202f%"
    True
    """
    text = f"{x:.0%}"
    return text if language() == "en" else text.replace("%", "\u202f%")


def number(value: float, lang: str | None = None) -> str:
    """A number as the language writes it: ``41,5`` in French, ``41.5`` in English (no grouping)."""
    code = normalise(lang) or language()
    return format_decimal(value, locale=code, group_separator=False)
