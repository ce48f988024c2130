"""What an SQLite error means for a journal, said as the :class:`~.journal_errors.JournalError` a croupier
and a supervisor can act on: a full disk, a file size limit, a disk with next to no room, a read-only file,
a file that is no journal, a damaged one.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from dealer_assist.table.journal_errors import (JournalCorruptError, JournalError, JournalFullError,
                                                JournalReadOnlyError, JournalSizeLimitError, PathLike,
                                                UnreadableFileError)


# --------------------------------------------------------------------------- sqlite errors

def _if_damaged(path: Path) -> str:
    """The way on for a file that is no SQLite database: a damaged journal's recover, unless its first bytes
    say it is another kind of file (a screenshot, a video), a wrong path never to be recovered (qaAE F4)."""
    from dealer_assist.table.file_kinds import holds_text, known_format

    kind = known_format(path)
    if kind is not None:
        return f"It is {kind}, by its first bytes: the path is wrong (no journal looks like that, however damaged)"
    if holds_text(path):  # rev24 E7: a config or a log was told to 'journal recover --new', which refuses it
        return ("It holds text (a configuration, a log?): the path is wrong (a journal's pages hold binary data, "
                "however damaged)")
    return f"If it is the table's journal, damaged, {recover_new_hint(path)}"


def recover_new_hint(path: PathLike) -> str:
    """The supervisor's way on from a journal file nothing can be read from: kept aside, a new one begun."""
    return (f"a supervisor can set it aside (it is kept) and start a new journal: 'dealer-assist journal recover "
            f"{path} --new --supervisor NAME --reason TEXT [--config FILE]'")


#: What a journal being opened is doing, in an error's words.
OPENING = "opening it"
#: The extended I/O error codes SQLite gives for a write the disk may have had no room for (its plain page
#: writes say SQLITE_FULL): the -shm made or grown (SHMSIZE, qaAK F1: its 32 KB on a disk with less left),
#: mapped or opened, and a write, truncate or fsync.  Full only when the disk itself refuses a write of the
#: same size for want of room (ENOSPC, EDQUOT): SQLite does not say which errno it met.
_SHM_IOERRS = frozenset(10 | (n << 8) for n in (18, 19, 21))  # SHMOPEN SHMSIZE SHMMAP
_SPACE_IOERRS = _SHM_IOERRS | frozenset(10 | (n << 8) for n in (3, 4, 6))  # WRITE FSYNC TRUNCATE


@dataclass(frozen=True)
class _TightDisk:
    """A write-kind I/O error on a disk with next to no room: the room left, and what a test write got."""

    free: int
    refused: Optional[OSError]

    @property
    def full(self) -> bool:
        return self.refused is not None and self.refused.errno in _NO_ROOM

    def words(self) -> str:
        test = (f"a test write of the same size was refused too ({self.refused.strerror or self.refused})"
                if self.refused is not None else "a test write of the same size went through")
        return f"its disk also has only {self.free / 1024:.0f} KB free, but {test}, so the disk is not merely full"


def _tight_disk(code: Optional[int], path: Path) -> Optional[_TightDisk]:
    """For a write-kind SQLite I/O error on a disk with next to no room, what the disk says to a write of the
    size SQLite was making; None otherwise."""
    from dealer_assist.table.disk_room import SHM_REGION, WAL_FRAME, nearly_full, room_of, write_refusal

    if code not in _SPACE_IOERRS or _at_size_limit(path) or not nearly_full(path):
        return None
    room = room_of(path)
    refused = write_refusal(path, SHM_REGION if code in _SHM_IOERRS else WAL_FRAME)
    return _TightDisk(room.free if room is not None else 0, refused)


def _create_refusal(path: Path) -> Optional[OSError]:
    """What the journal's folder says to a new file: None when it makes one (rev32 R6: a disk out of inodes,
    its bytes free, was told 'check that the folder can be written')."""
    from dealer_assist.table.disk_room import write_refusal

    return write_refusal(path, 0) if path.parent.is_dir() else None


def _translate(exc: sqlite3.Error, path: Path, doing: str) -> JournalError:
    """Turn an SQLite error into the journal error a croupier and a supervisor can act on."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    tight = _tight_disk(code, path)
    if primary == 13 or "disk is full" in text or (tight is not None and tight.full):  # SQLITE_FULL
        if doing == OPENING:  # no table runs yet, and nothing was written (qaAK F1)
            return JournalFullError(
                f"journal {path} is full while {doing} (its disk has no room left, or the journal reached its size "
                f"limit); nothing was written: free disk space, then start again", path)
        return JournalFullError(
            f"journal {path} is full while {doing} (the disk or its size limit is reached); the entry was NOT "
            f"written: stop the table, free disk space, then restart to carry on", path)
    if primary == 8 or "readonly" in text:  # SQLITE_READONLY
        return JournalReadOnlyError(
            f"journal {path} is read-only while {doing} ({text}); nothing was written: make the file and its "
            f"folder writable, or choose another journal with --journal PATH", path)
    if primary == 14:  # SQLITE_CANTOPEN
        refused = _create_refusal(path)
        if refused is not None and refused.errno in _NO_ROOM:  # a disk with no inodes left has bytes free
            return JournalFullError(
                f"journal {path} is full while {doing} (its disk has no room left for a new file, which SQLite "
                f"needs for {path.name}-wal: {refused.strerror or refused}); nothing was written: free disk "
                f"space or delete files on that disk, then start again", path)
        return JournalReadOnlyError(
            f"cannot open journal {path} while {doing} ({text}): check that the folder exists and can be "
            f"written (SQLite needs to create {path.name}-wal beside it)", path)
    if primary == 26:  # SQLITE_NOTADB
        return UnreadableFileError(f"{path} is not a dealer-assist journal (not an SQLite database); it was left "
                                   f"untouched: give the path of a journal file. {_if_damaged(path)}", path)
    if primary == 11:  # SQLITE_CORRUPT
        return JournalCorruptError(f"journal {path} is damaged ({text}) while {doing}; it was left untouched: "
                                   f"{recover_new_hint(path)}", path)
    if primary in (5, 6):  # SQLITE_BUSY / LOCKED
        return JournalError(f"journal {path} is in use by another program while {doing} ({text}): "
                            f"close the other dealer-assist using it", path)
    if primary == 10 and _at_size_limit(path):  # SQLite tells EFBIG only as an I/O error
        return JournalSizeLimitError(
            f"journal {path} reached {size_limit_words()} while {doing}; the entry was NOT written: stop the table, "
            f"{RAISE_THE_LIMIT}, then restart to carry on (the disk is not at fault)", path)
    if primary == 10 and tight is not None:  # both facts: the error, and the little room left
        if doing == OPENING:
            return JournalError(f"journal {path}: input/output error while {doing} ({text}); {tight.words()}; "
                                f"nothing was written: check the disk and free space on it, then start again", path)
        return JournalError(f"journal {path}: input/output error while {doing} ({text}); {tight.words()}; the "
                            f"entry was NOT written: stop the table, check the disk and free space on it, then "
                            f"restart to carry on", path)
    if primary == 10:  # SQLITE_IOERR
        return JournalError(f"journal {path}: input/output error while {doing} ({text}); the entry was NOT "
                            f"written: stop the table and check the disk", path)
    return JournalError(f"journal {path}: {text} while {doing}", path)


#: What to do about the file size limit, in the journal's message and in any other output's that meets it.
RAISE_THE_LIMIT = "raise or remove the limit for the account that runs it"


def size_limit_words() -> str:
    """The limit a write met with EFBIG ("File too large"), in words: mostly ``ulimit -f``, which no freed
    disk space lifts (qaI, rev11: 'check the disk' and 'free disk space' sent IT to a healthy disk)."""
    limit = _size_limit()
    if limit is None:
        return "the largest file the disk's file system takes"
    return f"this process's file size limit ({limit} bytes: 'ulimit -f' or the account's limits)"


def _size_limit() -> Optional[int]:
    """The largest file this process may write (``ulimit -f``), None without a limit."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def _at_size_limit(path: Path) -> bool:
    """Whether the journal or its -wal is within a few pages of the file size limit (qaI: a table stopped on
    it said 'check the disk', which sent IT to a healthy disk)."""
    limit = _size_limit()
    if limit is None:
        return False
    sizes = [os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if os.path.exists(p)]
    return bool(sizes) and max(sizes) + 65536 > limit


def no_tables(path: Path) -> str:
    """Why an SQLite file with no tables at all is not made a journal, and what to do (qaL F4: one whose -wal,
    holding every entry of a young journal, was removed was taken over by ``run`` as a new journal)."""
    wal = f"{path.name}-wal"
    return (f"{path} is an SQLite database with no tables in it, not a dealer-assist journal; it was left untouched "
            f"and nothing was written to it. A young journal keeps its entries in {wal} beside the file until they "
            f"are merged into it: if {wal} was removed, or the file was copied without it, put {wal} back beside it "
            f"(from where it was copied) and start again; if the file is nothing of the table's, move it away or "
            f"give another --journal PATH")


#: The errors of a write a disk had no room for (EFBIG is a size limit's, said as such where it is met).
_NO_ROOM = (errno.ENOSPC, errno.EDQUOT)
