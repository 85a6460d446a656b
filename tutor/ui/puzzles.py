import streamlit as st


def render():
    st.title("puzzles")
