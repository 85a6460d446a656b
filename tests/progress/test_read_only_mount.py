"""Issue 39: a cleanly closed SQLite file (no -wal, no -shm) on a read-only filesystem, as an ext4 disk
remounted read-only after errors leaves it: it is opened read-only, its progress is shown, and the store
says it is read-only (it said "cannot be opened … Check TUTOR_DATABASE_URL" and read nothing).

The read-only filesystem is a tmpfs mounted and remounted read-only in a mount namespace of the test's
own (``unshare -m``, as root), so nothing outside the test sees it."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.progress import Store

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
OPEN = """
import sys
from tutor.progress import Store
from tutor.progress.db import StoreError
try:
    s = Store.open(sys.argv[1])
    print("READ_ONLY", s.read_only)
    print("LEARNERS", ",".join(x.name for x in s.learners()))
    s.sign_in("Ana", "4821", "tab")
except (StoreError, ValueError) as err:
    print("ERROR", err)
"""


def _read_only_mount_works(where: Path) -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount -t tmpfs none {where} && mount -o remount,ro {where}"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.parametrize("form", ["sqlite:///{path}", "sqlite:///{rel}"])
def test_a_clean_file_on_a_read_only_filesystem_is_read_and_said_read_only(tmp_path, form):
    mount = tmp_path / "disk"
    mount.mkdir()
    if not _read_only_mount_works(mount):
        pytest.skip("no mount namespace here (unshare -m needs root)")
    made = tmp_path / "made.sqlite3"
    s = Store.open(f"sqlite:///{made}")
    s.create_learner("Ana", pin="4821")
    s.close()
    con = sqlite3.connect(made)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    assert not list(tmp_path.glob("made.sqlite3-*"))  # closed cleanly: no -wal, no -shm
    url = form.format(path=mount / "p.sqlite3", rel="disk/p.sqlite3")
    script = (f"mount -t tmpfs none {mount} && cp {made} {mount}/p.sqlite3 && mount -o remount,ro {mount} "
              f"&& cd {tmp_path} && {sys.executable} -c '{OPEN}' '{url}'")
    proc = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "READ_ONLY The progress database" in out and "is read-only" in out, out
    assert "LEARNERS Ana" in out, out
    assert "cannot be opened" not in out
    assert "Signing in is off" in out  # a PIN is never checked where wrong tries cannot be counted


def test_a_writable_folder_opens_as_before(tmp_path):
    s = Store.open(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    assert s.read_only == ""
    s.create_learner("Ana", pin="4821")
    s.close()
