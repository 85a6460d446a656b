"""Shared test settings: no test ever reads or writes the learner's real progress database.

At import (before any fixture, so also for the browser tests' `streamlit run` server) the
progress store points at a throw-away SQLite file; each test then gets its own fresh file.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# A Python told not to write bytecode (PYTHONDONTWRITEBYTECODE, as on the CI machines) compiles the package again
# in every process the suite starts (about 0.9 s of CPU for the Streamlit servers and the command lines): here the
# first process to import a module keeps its bytecode (in the ignored __pycache__ folders) for the others.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

_SESSION_DIR = Path(tempfile.mkdtemp(prefix="tarot-tutor-tests-"))
atexit.register(shutil.rmtree, _SESSION_DIR, ignore_errors=True)
os.environ["TUTOR_DATABASE_URL"] = f"sqlite:///{_SESSION_DIR / 'progress.sqlite3'}"
# Bid-puzzle estimates are cached for the session only, never in the developer's ~/.cache.
os.environ["TUTOR_CACHE_DIR"] = str(_SESSION_DIR / "cache")


def _scan_installed_components_once() -> None:
    """Every new AppTest scans the metadata of all ~300 installed packages for Streamlit components (0.2 s of CPU,
    about 1,500 times a run); the packages do not change during a run, so the scan is done once per process. Each
    AppTest still gets its own component registry."""
    import functools

    try:
        from streamlit.components.v2 import manifest_scanner
    except ImportError:  # another Streamlit: nothing to share
        return
    manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


_scan_installed_components_once()


def _machine_busy() -> float:
    """The whole machine's busy CPU seconds since boot (Linux's /proc/stat; 0 elsewhere): with one worker (-n 0)
    a test's share includes its Streamlit servers and its browser, which its own process times do not see."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle and iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _page_loads() -> int:
    """Pages the browser tests have loaded in this process so far (tests/browser/streamlit_page.py counts)."""
    counter = sys.modules.get("streamlit_page")
    return counter.LOADS[0] if counter else 0


_TIME_LOG = os.environ.get("TUTOR_TEST_TIME_LOG")  # bench/suite_time.py: where the suite's time goes

if _TIME_LOG:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        """Each test's wall-clock and CPU time (this worker's, and its finished child processes'), a JSON line."""
        import json
        import resource
        import time

        wall, cpu, busy, loads = time.perf_counter(), time.process_time(), _machine_busy(), _page_loads()
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        yield
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        line = json.dumps({"test": item.nodeid, "wall": round(time.perf_counter() - wall, 4),
                           "cpu": round(time.process_time() - cpu, 4),
                           "children": round(after.ru_utime + after.ru_stime - kids.ru_utime - kids.ru_stime, 4),
                           "machine": round(_machine_busy() - busy, 2), "pages": _page_loads() - loads})
        with open(_TIME_LOG, "a", encoding="utf-8") as f:  # one short append per test: the workers do not mix lines
            f.write(line + "\n")


def pytest_collection_modifyitems(config, items):
    """The longest tests (``long``) first: worksteal then balances the two workers with short tests at the end,
    instead of one worker finishing a minute-long test while the other has nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: the rest keep their order


@pytest.fixture(autouse=True)
def _fresh_progress_db(tmp_path_factory, monkeypatch):
    """A new, empty progress database for every test (AppTest sessions start with no learner)."""
    path = tmp_path_factory.mktemp("progress") / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DATABASE_URL", f"sqlite:///{path}")
    return path


def _fresh_postgres(url: str) -> str:
    """An empty schema of the test database for this pytest worker, as a URL that uses it.

    Only the throw-away database named by TUTOR_TEST_DATABASE_URL is touched; each xdist worker
    gets its own schema, so parallel runs do not trip over each other."""
    from postgres_schema import fresh_schema

    return fresh_schema(url)


BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A fresh, empty database URL: a SQLite file, and PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    url = os.environ.get("TUTOR_TEST_DATABASE_URL")
    if not url:
        if os.environ.get("TUTOR_REQUIRE_POSTGRES"):
            pytest.fail("TUTOR_TEST_DATABASE_URL is not set, but TUTOR_REQUIRE_POSTGRES asks for PostgreSQL")
        pytest.skip("PostgreSQL tests run when TUTOR_TEST_DATABASE_URL is set")
    return _fresh_postgres(url)


@pytest.fixture
def store(db_url):
    from tutor.progress import Store
    s = Store.open(db_url)
    yield s
    s.close()


@pytest.fixture
def db(_fresh_progress_db):
    """The test's progress database, opened directly to set up or inspect what the app saved."""
    from tutor.progress import Store

    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield s
    s.close()


@pytest.fixture(autouse=True)
def _quick_bid_estimate(monkeypatch):
    """"What would you bid?" estimates each contract from ``SAMPLES`` played-out deals (about 1 s of CPU in the
    app); tests that only need some such question use 12 deals. The grading does not depend on the number."""
    from tutor.quiz.kinds import contract
    monkeypatch.setattr(contract, "SAMPLES", 12)
