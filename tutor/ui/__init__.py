"""Streamlit pages. Only this package imports streamlit."""
