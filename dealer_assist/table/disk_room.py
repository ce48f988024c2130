"""How much room the journal has left on its disk, told while the table still runs.

A full disk stops the table (JOURNAL FAILURE: nothing is shown that was not
recorded), and a soak audit found nothing that warned before it: a journal grows by
some 6 KB a round, about 300 MB a year at one table, and the disk is shared with
the rest of the machine.  The look is one ``statvfs``, cheap enough to take every
few hundred entries.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import Optional

#: Free bytes on the journal's disk under which the table warns: at some 6 KB a round, weeks of play,
#: time enough to free space before the disk is full.
LOW_DISK = 256 * 2**20
#: Free bytes under which the warning is an error: a busy machine fills that within hours.
FULL_SOON = 32 * 2**20
#: A round's journal entries, about (bets, cards, outcome, settlement): what the warning counts in.
ROUND_BYTES = 6_000
#: Entries written between two looks at the disk.
DISK_EVERY = 500
#: What the journal's -wal may take before it is merged into the file, whatever the rounds: SQLite's own
#: merge comes at 1,000 pages (4 MB), and the -wal grows by whole pages, several an entry (qaL F5: with
#: 200 KB free the alert promised "about 22 more rounds" and the table stopped 6 cards later).
WAL_ROOM = 1000 * 4096
#: What to do, while the table runs and once a journal failure stopped it (qaL F5: a stopped table
#: still said "the table goes on meanwhile").
ACTION = "free disk space on this machine or call IT; the table goes on meanwhile"
ACTION_STOPPED = "free disk space on this machine or call IT, then restart dealer-assist: the table has stopped"


@dataclass(frozen=True)
class DiskRoom:
    """The free space of the folder a journal is in."""

    folder: str
    free: int

    @property
    def level(self) -> Optional[str]:
        """The alert's level the room calls for: None while there is room."""
        return "error" if self.free < FULL_SOON else "warning" if self.free < LOW_DISK else None

    @property
    def text(self) -> str:
        free = f"{self.free / 2**20:.0f} MB" if self.free >= 10 * 2**20 else f"{self.free / 2**20:.1f} MB"
        rounds = (self.free - WAL_ROOM) // ROUND_BYTES
        room = (f"room for about {rounds:,} more rounds" if rounds > 0 else
                f"too little to count on another round (the journal's write-ahead log alone may take "
                f"about {round(WAL_ROOM / 2**20)} MB): the table may stop at any card")
        return (f"{free} free on the disk holding the journal ({self.folder}): {room}; when it is full the table "
                f"stops until space is freed")


#: Free bytes under which an I/O error SQLite gives for a write is the disk being full: SQLite grows its -shm
#: 32 KB at a time and writes whole pages; a disk that still had this much would have taken them.
NEARLY_FULL = 2**20


def nearly_full(journal_path: os.PathLike | str) -> bool:
    """Whether the disk holding ``journal_path`` is (all but) full: SQLite tells ENOSPC as ``SQLITE_FULL``
    for a page it writes, but as an I/O error for the -shm it could not make (qaAK F1: 'check the disk'
    sent IT to a healthy disk that was merely full)."""
    room = room_of(journal_path)
    return room is not None and room.free < NEARLY_FULL


#: What SQLite makes at once: its -shm grows by 32 KB regions, its -wal by a page (4 KB) and a frame header.
SHM_REGION = 32 * 1024
WAL_FRAME = 4096 + 24


def write_refusal(journal_path: os.PathLike | str, size: int) -> Optional[OSError]:
    """What a test write of ``size`` bytes beside ``journal_path`` gets from its disk: None when it takes them.

    SQLite's I/O error codes carry no errno: a disk with no room and a failing one give the same code, and
    only ENOSPC or EDQUOT is a full disk (a failing disk that also had little room was told full, and IT
    freed space on a disk that was failing).  So the disk is asked itself; the test file is removed."""
    folder = os.path.dirname(os.path.abspath(journal_path))
    try:
        fd, name = tempfile.mkstemp(prefix=".dealer-assist-room-", dir=folder)
    except OSError as exc:
        return exc
    try:
        left = memoryview(bytes(size))
        while left:
            left = left[os.write(fd, left):]
        os.fsync(fd)
    except OSError as exc:
        return exc
    finally:
        os.close(fd)
        try:
            os.unlink(name)
        except OSError:
            pass
    return None


def room_of(journal_path: Optional[os.PathLike | str]) -> Optional[DiskRoom]:
    """The room left beside ``journal_path``; None for an in-memory journal or a folder that cannot be
    asked (gone, or not readable: what the journal does then, it says when it writes)."""
    if not journal_path:
        return None
    folder = os.path.dirname(os.path.abspath(journal_path))
    try:
        return DiskRoom(folder, shutil.disk_usage(folder).free)
    except OSError:
        return None
