"""The trainer's check of the room for a save counts the room an ordinary user has (statvfs ``f_bavail``), not
the room the file system keeps for root as well (``f_bfree``): on a disk whose last blocks are reserved, a save
as an ordinary account fails with ENOSPC though root would still fit it.  The check reads
``shutil.disk_usage``, whose ``free`` is ``f_bavail * f_frsize``; this pins it with a real statvfs result
whose two counts differ."""

from __future__ import annotations

import os

from dealer_assist.training.progress import SAVE_MARGIN, ProgressStore


REAL = os.statvfs("/")


def _statvfs(bavail_bytes: int, bfree_bytes: int):
    real = REAL
    fields = list(real)
    frsize = real.f_frsize
    fields[3] = bfree_bytes // frsize   # f_bfree
    fields[4] = bavail_bytes // frsize  # f_bavail
    return os.statvfs_result(fields)


def test_the_room_for_a_save_is_an_ordinary_users_not_roots(tmp_path, monkeypatch):
    store = ProgressStore(tmp_path / "progress.json")
    monkeypatch.setattr(os, "statvfs", lambda path: _statvfs(SAVE_MARGIN // 2, 10 * 2**30))
    problem = store._room_problem()
    assert problem is not None and "its disk has" in problem


def test_a_user_with_room_is_not_refused(tmp_path, monkeypatch):
    store = ProgressStore(tmp_path / "progress.json")
    monkeypatch.setattr(os, "statvfs", lambda path: _statvfs(10 * 2**30, 10 * 2**30))
    assert store._room_problem() is None
