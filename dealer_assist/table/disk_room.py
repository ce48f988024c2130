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
from typing import Optional

#: Free bytes on the journal's disk under which the table warns: at some 6 KB a round, weeks of play,
#: time enough to free space before the disk is full.
LOW_DISK = 256 * 2**20
#: A round's journal entries, about (bets, cards, outcome, settlement): what the warning counts in.
ROUND_BYTES = 6_000
#: Entries written between two looks at the disk.
DISK_EVERY = 500


def low_disk_warning(journal_path: Optional[str]) -> Optional[str]:
    """The warning's text when the disk holding ``journal_path`` has less than :data:`LOW_DISK` free,
    else None (an in-memory journal, or a disk that cannot be asked, has no warning: a full disk is
    still caught when the entry fails)."""
    if not journal_path:
        return None
    folder = os.path.dirname(os.path.abspath(journal_path))
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    if free >= LOW_DISK:
        return None
    return (f"{free / 2**20:.0f} MB free on the disk holding the journal ({folder}): room for about "
            f"{free // ROUND_BYTES:,} more rounds; when it is full the table stops until space is freed")
