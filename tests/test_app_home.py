"""The Streamlit entry page, driven with AppTest."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")


def test_home_opens_and_scores_a_deal():
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Check a deal"
    at.number_input[0].set_value(49.0)
    at.button[0].click().run()
    assert not at.exception
    assert any("(25 + 8) × 2" in m.value for m in at.markdown)
    assert "Taker +198" in at.success[0].value


def test_home_legal_check_and_bad_input():
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input[0].set_value("5S T4 T16 EX")
    at.text_input[1].set_value("10H T14")
    at.button[1].click().run()
    assert "Legal: T16 EX" in at.success[0].value
    at.text_input[0].set_value("KH QX")
    at.button[1].click().run()
    assert not at.exception
    assert "not a card" in at.error[0].value
