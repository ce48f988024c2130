"""A journal's files on disk: its writer lock, the SQLite files beside it, a new journal a start left unfinished,
a broken one kept under another name or set aside.

None of it changes an entry: it decides which file is the journal, and keeps
every other one a recovery or an interrupted start leaves.
"""

from __future__ import annotations

import errno
import glob
import os
import sqlite3
import weakref
from datetime import datetime, timezone
from pathlib import Path
from typing import List, Optional

from dealer_assist.table.journal_errors import (JournalError, JournalFullError, JournalInUseError,
                                                JournalSizeLimitError, PathLike)
from dealer_assist.table.journal_files import journal_remains, making, not_sqlite
from dealer_assist.table.journal_sqlite_errors import _NO_ROOM


def _one_name(path: Path) -> None:
    """Refuse to write a journal file that has other names (hard links).  Under two names two
    tables take two locks, and SQLite keeps a write-ahead log per name: one table's entries were
    lost when the other's log was merged, and the chain still verified."""
    try:
        names = os.stat(path).st_nlink
    except OSError:
        return  # not there yet: a new journal has one name
    if names > 1:
        raise JournalError(f"journal {path} has {names} names (hard links to one file): two tables could write it "
                           "under two names and one's entries would be lost; remove the other links (find / "
                           f"-samefile {path}), or copy the journal (cp) instead of linking it; nothing was written",
                           path)


class _WriterLock:
    """An exclusive ``flock`` on ``<journal>.lock``; the kernel drops it when the process dies, even by kill -9.

    A separate file, because closing any descriptor of the database file
    itself would silently drop SQLite's own POSIX locks.
    """

    def __init__(self, fd: Optional[int]) -> None:
        # A journal dropped unclosed (its connection goes with it) must not lock its file out until exit.
        self._closer = weakref.finalize(self, os.close, fd) if fd is not None else None

    @classmethod
    def acquire(cls, path: Path) -> "_WriterLock":
        try:
            import fcntl
        except ImportError:  # no flock on this system: SQLite's own locking still serialises writes
            return cls(None)
        # Named after the file the path leads to: two tables reaching one journal by two names (a
        # symlink) must meet at one lock.  Never through a link: truncating it would empty its target.
        lock_path = Path(os.path.realpath(path) + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise JournalError(f"the journal's lock file {lock_path} is a link to another file: remove the "
                                   "link (nothing was written to it), then start again", path) from None
            return cls(None)  # a read-only folder: opening the journal itself will say so clearly
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
                raise JournalInUseError(
                    f"journal {path} is already being written by another dealer-assist (process {holder}); "
                    f"two tables cannot share one journal: close the other one or use another --journal PATH",
                    path) from None
            raise
        try:  # who holds it, for the message of a table refused; the lock holds without it
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        except OSError:  # a full disk (qaAK F4: 'cannot write the output' for a recover): the journal says it
            pass
        return cls(fd)

    def release(self) -> None:
        if self._closer is not None:
            self._closer()  # closing the descriptor releases the flock (once: a finalizer runs once)


def _open_elsewhere(path: Path) -> bool:
    """Whether SQLite's files beside the journal say a connection has it open (or had, and did not close it):
    its -shm index exists, or its -wal holds entries not yet merged into the file."""
    return Path(str(path) + "-shm").exists() or _wal_holds_entries(path)


def _wal_holds_entries(path: Path) -> bool:
    """Whether the journal's -wal beside it holds entries not yet merged into the file."""
    try:
        return Path(str(path) + "-wal").stat().st_size > 0
    except OSError:  # no -wal: everything is in the file
        return False


def _refuse_over_remains(path: Path) -> None:
    """Refuse a new journal where one was (see :func:`.journal_files.journal_remains`)."""
    remains = journal_remains(path)
    if remains is not None:
        raise JournalError(remains, path)


def _sqlite_files(path: Path) -> List[Path]:
    return [path, Path(str(path) + "-wal"), Path(str(path) + "-shm")]


def _no_room(exc: BaseException) -> bool:
    """Whether an error is a full disk's (not a size limit's, which no freed space lifts)."""
    if isinstance(exc, JournalFullError):
        return not isinstance(exc, JournalSizeLimitError)
    return isinstance(exc, OSError) and exc.errno in _NO_ROOM


def _recover_full(path: Path, tmp: Path, how: str) -> JournalFullError:
    """A ``journal recover`` that found no room to write the new journal, in words: no table runs, and the
    same recover run again once there is room does it all (qaAK F4: it said to stop the table and restart)."""
    return JournalFullError(
        f"journal {path}: the disk is full, so the recovered journal could not be written ({tmp.name}, now "
        f"removed); nothing was changed: {path.name} is at its path as it was. Free disk space, then run the same "
        f"'dealer-assist journal recover {path} --{how} --supervisor NAME --reason TEXT' again: it does it all", path)


def _drop_unfinished(path: Path) -> None:
    """Remove what a start killed while it made a new journal left (qaAK F2): the file, empty or with no
    tables, and the -wal and -shm beside it (nothing was journaled), known by :func:`.journal_files.making`
    beside it.  A journal made whole (killed just before the mark went) is kept; only the mark goes."""
    if not os.path.lexists(making(path)):
        return
    if not os.path.lexists(path) or _never_made(path):
        _unmake(path)
    else:
        making(path).unlink()


def _never_made(path: Path) -> bool:
    """Whether the journal file at ``path`` holds nothing yet: empty, or an SQLite database with no tables."""
    if path.is_symlink() or not path.is_file():
        return False
    if path.stat().st_size == 0:
        return not _wal_holds_entries(path)
    if not_sqlite(path):
        return False
    try:
        conn = sqlite3.connect(str(path), isolation_level=None)
        try:
            return conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def _unmake(path: Path) -> None:
    """Remove a new journal this process made and wrote no entry to, with the -wal and -shm SQLite made for
    it (a new journal is refused where either was left: see :func:`_refuse_over_remains`)."""
    for made in (*_sqlite_files(path), making(path)):
        try:
            made.unlink(missing_ok=True)
        except OSError:  # what cannot be removed is refused, with its own words, at the next start
            pass


def _holds_nothing_or_sqlite(path: Path) -> bool:
    """Whether a file is empty (a journal being created) or starts with SQLite's header."""
    with open(path, "rb") as f:
        head = f.read(16)
    return not head or head == b"SQLite format 3\x00"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _kept_name(path: Path) -> Path:
    """The name a broken journal is kept under: the one an interrupted :meth:`Journal.start_new` or
    :meth:`Journal.continue_from_verified` already gave
    it (a second name of the same file), else a new one."""
    for kept in sorted(path.parent.glob(f"{glob.escape(path.name)}.kept-*[0-9]Z")):
        if _same_file(kept, path):
            return kept
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    return path.with_name(f"{path.name}.kept-{stamp}")


def _fold_wal(path: Path) -> None:
    """Fold a journal's -wal into its file (nothing, for a file that is no database)."""
    try:
        conn = sqlite3.connect(str(path), isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # not a database at all, or busy: the renames keep every byte


def set_aside(path: PathLike) -> Path:
    """Rename a journal (with its ``-wal``/``-shm``) to ``<name>.kept-<UTC time>``; never deletes anything."""
    path = Path(path)
    if not path.is_file():
        raise JournalError(f"cannot set journal {path} aside: there is no such file", path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    kept = path.with_name(f"{path.name}.kept-{stamp}")
    # Fold the -wal into the file first: the three renames are not atomic together, and a WAL
    # separated from its database by a crash between them would be discarded by SQLite.
    _fold_wal(path)
    for source, target in zip(_sqlite_files(path)[::-1], _sqlite_files(kept)[::-1]):
        if source.exists():
            os.replace(source, target)
    return kept
