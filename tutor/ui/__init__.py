"""The Streamlit app, in rooms. Only this package imports streamlit.

``pages/`` holds the page scripts (each a few lines that call a room). The areas ``learn``, ``club`` and
``classroom`` never import each other; they use ``practice`` (Practice's table, where the class duplicate is
played too), ``quiz`` (one question on screen), ``table`` (the card table) and ``common`` (the learner, the
language, text, safe display, card pictures, widgets), each only the ones below it (the ``ui-rooms``
contract in pyproject.toml).
"""
