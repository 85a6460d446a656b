"""Pytest collection settings shared by the test suite and the doctests in ``tutor/``."""

# Streamlit page scripts draw their page when imported; --doctest-modules must not import them
# outside a Streamlit run, or the half-built page state leaks into the AppTest runs that follow.
collect_ignore_glob = [
    "tutor/ui/pages/*.py",
    "tutor/progress/migrations/*",  # alembic scripts run only under alembic
    # conftest files are plugins, not doctest modules; collecting two of them clashes on the name.
    "tests/conftest.py",
    "tests/*/conftest.py",
    # the tests' data: a fixture program (the seat protocol's) reads its standard input when imported
    "tests/fixtures/*",
]
