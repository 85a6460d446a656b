"""Opening the app under Streamlit's AppTest, shared by the page tests."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def app(page: str | None = None, **query) -> AppTest:
    """The app after a first run, switched to ``page`` with ``query`` in its address, run again."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    if page:
        at.switch_page(page)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def french_page(name: str, *, timeout: float = 60, **query) -> AppTest:
    """Page ``name`` (``tutor/ui/pages/<name>.py``) opened in French, ``?lang=fr`` kept in its address with
    ``query``, as a French learner's link opens it."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    at.query_params["lang"] = "fr"
    at.run()
    at.switch_page(f"tutor/ui/pages/{name}.py")
    at.query_params["lang"] = "fr"
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def refresh(at: AppTest) -> AppTest:
    """What the browser's timers do for the page's ``st.fragment(run_every=…)`` parts: those fragments run
    alone, not the page (``at.run()`` always runs the whole page, so it cannot show what a part outside the
    fragments misses). ``at`` then holds what that run drew: the fragments' own elements, or the whole page
    when a fragment asked for a full rerun (``st.rerun()``)."""
    from functools import partial
    from unittest import mock

    from streamlit.testing.v1 import local_script_runner

    storage = at._fragment_storage  # the fragments the last run registered (every one of this app's is timed)
    ids = storage.order_fragment_ids(list(storage._fragments))
    assert ids, "the page drew no fragment"
    timed = partial(local_script_runner.RerunData, fragment_id_queue=ids, is_auto_rerun=True)
    with mock.patch.object(local_script_runner, "RerunData", timed):
        return at.run()


def drawn(element):
    """What an ``st.dataframe`` draws, as text: its Styler's display values when the page styled it (the cells as
    the learner reads them, "−27"), else each value as Python writes it ("-27")."""
    import pyarrow as pa

    arrow = element.proto.arrow_data
    if arrow.HasField("styler") and arrow.styler.display_values:
        return pa.ipc.open_stream(arrow.styler.display_values).read_pandas()
    return element.value.astype(str)
