"""A journal file whose last pages are zeros: an interrupted write, read up to where it stops.

A power cut can leave the end of a file the file system had already made
longer filled with zero bytes, the data never on the disk.  SQLite finds such
a page of the entries' tree empty of any page it writes and calls the whole
file malformed, and a journal that had only lost its last entries was told as
"damaged, start a new journal", losing the table's continuation (rev12).  Here
the entries before those pages are found and read without SQLite stepping onto
them (each batch is read downwards, from its last entry: a scan upwards looks
at the entry after the last one it returns), so that ``journal verify`` says
where the chain stops and ``journal recover --continue`` goes on from there.
Only zero pages at the end of the file, past every entry that can be read, are
taken for this; damage anywhere else stays SQLite's "malformed".
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterator, List, Optional, Tuple

#: SQLite's primary result code for a malformed file.
SQLITE_CORRUPT = 11
#: The columns of an entry, in the order the chain reads them.
ROWS = "SELECT seq, time, kind, payload, prev_hash, hash FROM entries"
#: Entries read per query (as :meth:`.journal.Journal.entries_where` does).
BATCH = 500


def malformed(exc: sqlite3.Error) -> bool:
    """Whether SQLite said the file is malformed (not busy, full or unreadable)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == SQLITE_CORRUPT or "malformed" in str(exc)


def zero_tail(path: Path) -> int:
    """How many zero bytes the file at ``path`` ends in."""
    zeros = 0
    try:
        with open(path, "rb") as f:
            end = f.seek(0, os.SEEK_END)
            while end > 0:
                start = max(0, end - 65536)
                f.seek(start)
                chunk = f.read(end - start)
                kept = len(chunk.rstrip(b"\0"))
                zeros += len(chunk) - kept
                if kept:
                    break
                end = start
    except OSError:
        return 0
    return zeros


def _readable(conn: sqlite3.Connection, seq: int) -> bool:
    """Whether SQLite can find entry ``seq``'s place (it may be missing: only its page counts here)."""
    try:
        conn.execute("SELECT seq FROM entries WHERE seq = ?", (seq,)).fetchall()
        return True
    except sqlite3.Error as exc:
        if malformed(exc):
            return False
        raise


def readable_through(conn: sqlite3.Connection, head_seq: int) -> Optional[int]:
    """The last entry before the unreadable pages, when they hold every entry after it up to the head
    (``head_seq``, the number the journal's head says was written last); None when damage lies anywhere
    else (an entry after it, or past the head, can be read)."""
    if _readable(conn, head_seq + 1):  # the tree's last page is sound: the damage is not at its end
        return None
    good, bad = 0, head_seq + 1
    while bad - good > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if _readable(conn, middle) else (good, middle)
    if any(_readable(conn, seq) for seq in range(bad + 1, head_seq + 1)):
        return None  # an entry beyond is still there: a hole, not a tail cut off
    return good


def rows_through(read: Callable[[str, Tuple[Any, ...]], List[Tuple[Any, ...]]], last: int, condition: str = "1",
                 params: Tuple[Any, ...] = (), *, newest_first: bool = False) -> Iterator[Tuple[Any, ...]]:
    """The entries numbered 1..``last`` matching ``condition`` (this program's own SQL), in order (or newest
    first), never reading a page after entry ``last``'s; ``read(sql, params)`` runs a query."""
    windows = range(0, last, BATCH)
    for after in (reversed(windows) if newest_first else windows):
        upto = min(after + BATCH, last)
        rows = read(f"{ROWS} WHERE seq > ? AND seq <= ? AND ({condition}) ORDER BY seq DESC", (after, upto, *params))
        yield from (rows if newest_first else reversed(rows))
