"""Helpers for driving a Streamlit page in the browser tests."""


def settle(pg, timeout: float = 30000) -> None:
    """Wait until Streamlit has finished its current run (its root says so in data-test-script-state),
    so a click lands on the element of the finished page, not on one about to be redrawn."""
    pg.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                         "?.getAttribute('data-test-script-state') === 'notRunning'", timeout=timeout)

