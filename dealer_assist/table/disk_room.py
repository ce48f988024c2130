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
        return (f"{self.free / 2**20:.0f} MB free on the disk holding the journal ({self.folder}): room for about "
                f"{self.free // ROUND_BYTES:,} more rounds; when it is full the table stops until space is freed")


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
