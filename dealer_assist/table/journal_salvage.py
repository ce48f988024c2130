"""A journal whose file went away while the table had it open: the entries are saved from the open copy.

A folder cleaned up by hand, a journal moved aside, a backup job that replaced it:
SQLite goes on writing into the open file, deleted or not, and every entry is
lost when the table closes it (QA: a table played on for rounds into
``t.sqlite (deleted)``).  The journal notices before each entry
(:meth:`.journal.Journal.append`), and the data, still readable through the open
connection, is written back with SQLite's online backup.
"""

from __future__ import annotations

import glob
import os
import sqlite3
import tempfile
import weakref
from pathlib import Path
from typing import Optional

#: The files SQLite keeps beside a journal: a new database at the path would take them as its own.
SIDECARS = ("-wal", "-shm", "-journal")


class HeldFile:
    """A journal file held open by a descriptor of its own: whether it is still the file at its path, and,
    when not, whether it was deleted (no name left: its data lives only while open) or moved."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: Optional[int] = fd
        st = os.fstat(fd)
        self._identity = (st.st_dev, st.st_ino)
        self._closer = weakref.finalize(self, os.close, fd)  # a journal dropped unclosed leaks no descriptor

    @classmethod
    def of(cls, path: Path) -> Optional["HeldFile"]:
        """The file at ``path`` held, or None when it cannot be opened (nothing is then checked)."""
        try:
            return cls(path, os.open(path, os.O_RDONLY | os.O_CLOEXEC))
        except OSError:
            return None

    def in_place(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self._identity

    def deleted(self) -> bool:
        return self._fd is not None and os.fstat(self._fd).st_nlink == 0

    def close(self) -> None:
        self._closer()
        self._fd = None


def _home() -> Path:
    from dealer_assist.table.config import home_folder  # an empty HOME is not the root folder

    return home_folder()


def _places(path: Path, head: str) -> list[Path]:
    """Where the open copy may go, best first: the journal's own path when nothing of it is left there
    (not even a -wal, which SQLite would delete, or take, opening a new file there), else beside it;
    then the home and temporary folders, for a folder that cannot be made again."""
    free = not any(os.path.lexists(f"{path}{end}") for end in ("", *SIDECARS))
    name = f"{path.name}.saved-at-{head}"
    return ([path] if free else []) + [path.with_name(name), _home() / name, Path(tempfile.gettempdir()) / name]


def save_open_copy(conn: sqlite3.Connection, path: Path) -> Optional[Path]:
    """Write the journal open on ``conn`` to the first place of :func:`_places` that takes it (the
    journal's folder made again if it went); None when none does."""
    head = conn.execute("SELECT value FROM meta WHERE key = 'head_seq'").fetchone()[0]
    for target in _places(path, head):
        if os.path.lexists(target):
            continue
        try:
            target.parent.mkdir(mode=0o750, parents=True, exist_ok=True)
            write_copy(conn, target)
            return target
        except (OSError, sqlite3.Error):
            continue
    return None


def write_copy(conn: sqlite3.Connection, target: Path, *, closed: bool = True) -> None:
    """Write the journal open on ``conn`` into the file ``target`` with SQLite's online backup: whole as it
    stands at that moment, the entries still in its -wal too, while a table may go on writing it.  The copy
    says ``writer`` ``closed`` when ``closed``: the backup carries the running table's ``open`` mark, and a
    file saying ``open`` with no -wal beside it is taken for one whose last entries were lost (rev13 F2:
    a whole ``.backup`` copy raised JOURNAL MAY LACK ITS LAST ENTRIES); it is made owner and group only."""
    dest = sqlite3.connect(str(target))
    try:
        conn.backup(dest)
        if closed:
            try:  # whole, not a file whose -wal was lost (see Journal.without_its_log)
                dest.execute("UPDATE meta SET value = 'closed' WHERE key = 'writer'")
                dest.commit()
            except sqlite3.Error:
                pass
    finally:
        dest.close()
    os.chmod(target, 0o640)


def saved_copies(folder: Path, name: str) -> list[Path]:
    """The copies :func:`save_open_copy` made in ``folder`` of a journal named ``name`` (and of those copies),
    by the entry they end at (the last is the latest): not the files SQLite and the lock keep beside a copy
    a table was started on (QA: the advice named ``NAME.saved-at-80.lock``)."""
    copies = []
    for f in folder.glob(f"{glob.escape(name)}.saved-at-*"):
        # A copy deleted in its turn while a table ran on it is saved as NAME.saved-at-5.saved-at-7 (QA).
        heads = f.name[len(name) + len(".saved-at-"):].split(".saved-at-")
        if all(head.isdigit() for head in heads):
            copies.append(((int(heads[-1]), len(heads)), f))
    return [f for _, f in sorted(copies)]


def copies_saved(path: Path, since: float) -> list[Path]:
    """The copies :func:`save_open_copy` made of the journal at ``path`` since the time ``since``
    (beside it, in the home or temporary folder), newest first."""
    found = [f for folder in (path.parent, _home(), Path(tempfile.gettempdir()))
             for f in saved_copies(folder, path.name)]
    dated = []
    for f in set(found):
        try:
            dated.append((f.stat().st_mtime, f))
        except OSError:
            continue
    return [f for t, f in sorted(dated, reverse=True) if t >= since]
