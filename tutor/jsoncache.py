"""Results worth keeping between runs (bid estimates, king calls played out), in small JSON files.

A result is keyed by what it depends on: its question's content and ``code_hash()``, a hash of the strategy and
engine code, so a change to the bots or the rules computes it again. The files live in ``$TUTOR_CACHE_DIR``
(default ``~/.cache/tarot-tutor``; ``TUTOR_CACHE_DIR=off``: none). A cache that cannot be read or written only
costs time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def cache_file(name: str) -> Path | None:
    """``$TUTOR_CACHE_DIR/<name>`` (default ``~/.cache/tarot-tutor/<name>``); None when TUTOR_CACHE_DIR=off."""
    where = os.environ.get("TUTOR_CACHE_DIR", str(Path.home() / ".cache" / "tarot-tutor"))
    return None if where == "off" else Path(where) / name


@functools.cache  # the code does not change while the process runs: read and hash it once
def code_hash() -> str:
    """A hash of every module of ``tutor/strategy`` and ``tutor/engine``."""
    h = hashlib.sha256()
    for f in sorted([*(ROOT / "strategy").rglob("*.py"), *(ROOT / "engine").glob("*.py")]):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


class JsonCache:
    """Results kept in one JSON file, by key.

    Several app processes on one machine share the file: a write adds to what the file holds now (not
    only to what this process read) and replaces it whole (``os.replace``), so no process reads half a
    file or wipes another's results.

    >>> import tempfile
    >>> c = JsonCache(Path(tempfile.mkdtemp()) / "x.json")
    >>> c.put("k", {"v": 1}); JsonCache(c.path).get("k")
    {'v': 1}
    """

    def __init__(self, path: Path | None):
        self.path = path
        self.data: dict = self._read()

    def _read(self) -> dict:
        if self.path is None or not self.path.is_file():
            return {}
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: str):
        return self.data.get(key)

    def put(self, key: str, value) -> None:
        self.data = {**self._read(), **self.data, key: value}
        if self.path is None:
            return
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(self.data, sort_keys=True, indent=0))
            os.replace(tmp, self.path)
        except OSError:
            tmp.unlink(missing_ok=True)  # a cache that cannot be written only costs time
