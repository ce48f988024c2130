"""A journal's write-kind I/O error on a disk with little room (under 1 MB) is not called a full disk unless the
disk refuses a write for want of room (ENOSPC, EDQUOT): SQLite's error code carries no errno, so a failing disk
that also had little room was told "full", and IT freed space on a disk that was failing.  The message names
both facts, the input/output error and the little room, and says what to do.

The SQLite error code is made by hand (a real one needs a failing disk); the test write is a real one, on the
test's own folder, unless a test makes it fail.
"""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

from dealer_assist.table import disk_room, journal as journal_module
from dealer_assist.table.journal import JournalFullError

IOERR_WRITE, IOERR_SHMSIZE = 778, 4874


def _error(code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = code
    return error


@pytest.fixture
def little_room(monkeypatch):
    monkeypatch.setattr(disk_room.shutil, "disk_usage", lambda folder: type("U", (), {"free": 300 * 1024})())


@pytest.mark.parametrize("code", [IOERR_WRITE, IOERR_SHMSIZE])
def test_an_io_error_on_a_disk_with_little_room_that_takes_writes_is_no_full_disk(tmp_path, little_room, code):
    said = journal_module._translate(_error(code), tmp_path / "j.sqlite", "writing card")
    text = str(said)
    assert not isinstance(said, JournalFullError)
    assert "is full" not in text and "disk is full" not in text
    assert "input/output error while writing card" in text and "300 KB free" in text
    assert "went through" in text
    assert "entry was NOT written" in text and "check the disk and free space on it" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # the test write left nothing behind


def test_an_io_error_the_test_write_meets_too_is_said_as_a_failing_disk(tmp_path, little_room, monkeypatch):
    def failing(fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(disk_room.os, "fsync", failing)
    said = journal_module._translate(_error(IOERR_SHMSIZE), tmp_path / "j.sqlite", journal_module.OPENING)
    text = str(said)
    assert not isinstance(said, JournalFullError)
    assert "input/output error while opening it" in text and "300 KB free" in text
    assert "refused too (Input/output error)" in text
    assert "nothing was written: check the disk and free space on it, then start again" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("no_room", [errno.ENOSPC, errno.EDQUOT])
def test_a_write_refused_for_want_of_room_is_a_full_disk(tmp_path, little_room, monkeypatch, no_room):
    def refusing(fd, data):
        raise OSError(no_room, os.strerror(no_room))

    monkeypatch.setattr(disk_room.os, "write", refusing)
    said = journal_module._translate(_error(IOERR_WRITE), tmp_path / "j.sqlite", "writing card")
    assert isinstance(said, JournalFullError) and "is full while writing card" in str(said)
