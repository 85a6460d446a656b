"""The learning pages opened in French under AppTest, and what they show read back."""

from __future__ import annotations

from contextvars import ContextVar
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor import i18n

ROOT = Path(__file__).resolve().parents[2]

APP = str(ROOT / "streamlit_app.py")


@pytest.fixture
def french(monkeypatch):
    """The app's text in French for this test. The language switch (``?lang=fr``) is given too, so the test
    keeps working once the app reads it; until then every thread's language starts as French."""
    monkeypatch.setattr(i18n, "_current", ContextVar("tutor_language", default="fr"))


def page(path: str | None = None, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.query_params["lang"] = "fr"
    at.run()
    if path:
        at.switch_page(path)
    at.query_params["lang"] = "fr"
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def _strings(msg):
    for fd, value in msg.ListFields():
        items = value if fd.is_repeated else [value]
        for v in items:
            if fd.type == fd.TYPE_STRING:
                yield v
            elif fd.type == fd.TYPE_MESSAGE:
                yield from _strings(v)


def shown(at: AppTest) -> str:
    """Every string the page sends to the browser: texts, labels, options, helps, placeholders, the card
    table's data."""
    out = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            out.extend(s for s in _strings(proto) if not s.startswith("data:image"))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    from tutor.ui.table.table_component import CSS, JS  # the card table's code (its words come in its data)
    return "\n".join(s for s in out if s not in (JS, CSS))
