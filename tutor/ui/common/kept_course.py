"""The checked course kept on disk between server processes (issue 38: a first page that does not wait).

Loading the course checks every lesson against the engine (its answers, examples, the solver's best cards, every
generated question): 1 to 1.5 s of CPU, paid again by every new server process before its first page. A process
keeps the course it checked in ``$TUTOR_CACHE_DIR/course-<language>-<dir>.pickle``, keyed by everything the check
reads: every file under the lessons' directory (their translations, the glossary, the measurements), every file
of the package outside its UI (the engine, the strategy, the generators, the catalogues), the language and the
versions of Python, pydantic, PyYAML and Babel. Any change to one of them checks the course again, so what a
process shows is what a full check would give.

The file is Python's pickle, read only when this user owns it and nobody else may write it (or its folder):
anyone else able to write it could make the server run code. A file that cannot be read or written only costs
time; ``TUTOR_CACHE_DIR=off`` keeps none.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from ...jsoncache import cache_file

PACKAGE = Path(__file__).resolve().parents[2]  # tutor/
NOT_READ = {"ui", "__pycache__"}  # the pages do not change the course; compiled copies follow their sources


def course_key(root: Path, lang: str) -> str:
    """A hash of everything loading the course in ``lang`` from ``root`` reads."""
    import babel
    import pydantic
    import yaml

    versions = f"{sys.version}\0{pydantic.VERSION}\0{yaml.__version__}\0{babel.__version__}"
    h = hashlib.sha256(f"{versions}\0{lang}\0{root.resolve()}".encode())
    for base, skip in ((root, {"__pycache__"}), (PACKAGE, NOT_READ)):
        for f in sorted(base.rglob("*")):
            rel = f.relative_to(base)
            if skip.intersection(rel.parts) or not f.is_file():
                continue
            h.update(f"\0{rel}\0".encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def _where(root: Path, lang: str) -> Path | None:
    tag = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:8]
    return cache_file(f"course-{lang}-{tag}.pickle")


def _private(path: Path) -> bool:
    """This user's file, in this user's folder, that nobody else may write."""
    for p in (path, path.parent):
        info = p.stat()
        if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
    return True


def kept_course(root: Path, lang: str, load: Callable[[], object]):
    """The course ``load()`` gives, from the disk when a process already checked the same files and code."""
    course, key = read_kept(root, lang)
    if course is None:
        course = load()
        keep(root, lang, key, course)
    return course


def read_kept(root: Path, lang: str) -> tuple[object | None, str]:
    """(the kept course, or None when there is none for these files and this code; the key it must have)."""
    path = _where(root, lang)
    key = course_key(root, lang)
    if path is not None and path.is_file():
        try:
            if _private(path):
                with path.open("rb") as f:
                    kept_key, course = pickle.load(f)
                if kept_key == key:
                    return course, key
        except Exception:  # damaged, from another version, half written by a crash: check the course again
            pass
    return None, key


def keep(root: Path, lang: str, key: str, course: object) -> None:
    """Keep ``course``, checked for ``key``, for the next process (a cache that cannot be written only costs time)."""
    path = _where(root, lang)
    if path is None:
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            pickle.dump((key, course), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # whole or not at all: another process never reads half a file
    except Exception:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
