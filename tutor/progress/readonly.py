"""A SQLite file on a read-only filesystem (an ext4 disk remounted read-only after errors, a read-only
mount) or in a folder that cannot be written: opened read-only, so the app still shows the progress
in it and says it is read-only, instead of "cannot be opened".

SQLite in WAL mode makes a ``-shm`` file beside the database even to read it, which such a folder
refuses. A cleanly closed file has no ``-wal`` left (or an empty one), so it is opened as
``immutable``: SQLite then reads it without any lock or side file. With a ``-wal`` holding pages, it is
opened ``mode=ro`` (its ``-shm`` is there too, as SQLite leaves them together).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from sqlalchemy.engine import URL, make_url

from .db import sqlite_path


def read_only_place(folder: Path) -> bool:
    """True when nothing can be written in ``folder``: a read-only filesystem, or no permission."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    return not os.access(folder, os.W_OK)


def read_only_url(url: URL) -> URL | None:
    """The URL that reads the SQLite file of ``url`` without writing anything, when it must be read so;
    None for other databases, a missing file, a file already opened as a URI, or a writable folder."""
    url = make_url(url)
    path = sqlite_path(url)
    if path is None or str(url.database).startswith("file:") or not path.is_file():
        return None
    if not read_only_place(path.resolve().parent):
        return None
    wal = path.with_name(path.name + "-wal")
    clean = not wal.exists() or wal.stat().st_size == 0
    mode = "mode=ro&immutable=1" if clean else "mode=ro"
    return make_url(f"sqlite:///file:{quote(str(path.resolve()))}?{mode}&uri=true")
