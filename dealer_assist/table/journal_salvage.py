"""A journal whose file went away while the table had it open: the entries are saved from the open copy.

A folder cleaned up by hand, a journal moved aside, a backup job that replaced it:
SQLite goes on writing into the open file, deleted or not, and every entry is
lost when the table closes it (QA: a table played on for rounds into
``t.sqlite (deleted)``).  The journal notices before each entry
(:meth:`.journal.Journal.append`), and the data, still readable through the open
connection, is written back with SQLite's online backup.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Optional


def file_identity(path: Path) -> Optional[tuple[int, int]]:
    """The device and inode of the file at ``path`` (None when nothing is there): another file put in its
    place has another."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def save_open_copy(conn: sqlite3.Connection, path: Path) -> str:
    """Write the journal open on ``conn`` to ``path`` (its folder made again if it went), or beside it
    when another file now sits there; what was done, in words for the croupier's alert."""
    head = conn.execute("SELECT value FROM meta WHERE key = 'head_seq'").fetchone()[0]
    target = path if not os.path.lexists(path) else path.with_name(f"{path.name}.saved-at-{head}")
    try:
        path.parent.mkdir(mode=0o750, parents=True, exist_ok=True)
        dest = sqlite3.connect(str(target))
        try:
            conn.backup(dest)
        finally:
            dest.close()
        os.chmod(target, 0o640)
    except (OSError, sqlite3.Error) as exc:
        return (f"its open copy could not be saved ({exc}): keep this display open (its entries are lost when "
                f"it closes) and call IT")
    return f"every entry, up to {head}, was saved from the open copy to {target}: restart with --journal {target}"
