"""Tarot Tutor: the Streamlit entry point (``streamlit run streamlit_app.py``)."""

import streamlit as st

from tutor.ui.check import render

st.set_page_config(page_title="Tarot Tutor", page_icon="🃏", layout="wide")
render()
