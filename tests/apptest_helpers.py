"""Opening the app under Streamlit's AppTest, shared by the page tests."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")


def app(page: str | None = None, **query) -> AppTest:
    """The app after a first run, switched to ``page`` with ``query`` in its address, run again."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    if page:
        at.switch_page(page)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()
