"""Real small file systems for the full-disk tests: a tmpfs mounted in the test's own folder (root only: the tests
skip otherwise), and a filler file that leaves it a given room."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest


def mounted(tmp_path: Path, options: str):
    """A tmpfs mounted with ``options`` (``size=1m``, ``nr_inodes=8``), yielded, then unmounted."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def fill(disk: Path, leave: int) -> Path:
    """Fill ``disk`` to ``leave`` free bytes with a file of our own (removed to free the room)."""
    filler = disk / "filler"
    room = os.statvfs(disk)
    with open(filler, "ab") as out:
        try:
            out.write(b"\0" * max(0, room.f_bavail * room.f_frsize - leave))
            out.flush()
            os.fsync(out.fileno())
        except OSError:
            pass
    return filler
