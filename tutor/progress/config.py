"""Where the progress database lives: an environment variable, Streamlit secrets, or a file in the user's data dir.

The first that is set wins:

1. the environment variable ``TUTOR_DATABASE_URL`` (any SQLAlchemy URL);
2. ``TUTOR_DATABASE_URL`` in Streamlit secrets (``.streamlit/secrets.toml``), handed in by the app;
3. SQLite in the user's data directory (``platformdirs``), e.g. ``~/.local/share/tarot-tutor/progress.sqlite3``.

>>> database_url({"TUTOR_DATABASE_URL": "sqlite:///x.db"}, {"TUTOR_DATABASE_URL": "postgresql://h/db"})
'sqlite:///x.db'
>>> database_url({}, {"TUTOR_DATABASE_URL": "postgresql://h/db"})
'postgresql://h/db'
>>> database_url({}, {}).startswith("sqlite:///") and database_url({}, {}).endswith("progress.sqlite3")
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

ENV_VAR = "TUTOR_DATABASE_URL"
APP_NAME = "tarot-tutor"
FILE_NAME = "progress.sqlite3"


def default_path() -> Path:
    """The default SQLite file (its folder is made when the store opens)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


def database_url(environ: Mapping[str, str] | None = None, secrets: Mapping | None = None) -> str:
    """The SQLAlchemy URL to use; see the module docstring for the order."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets or {}):
        value = str(source.get(ENV_VAR, "") or "").strip()
        if value:
            return value
    return f"sqlite:///{default_path()}"
