"""Which files on disk are a journal, or part of one: what no output of a command may be written over.

A journal is more than its file: SQLite keeps its newest entries in ``NAME-wal``
until they are merged, the table's writer lock is ``NAME.lock`` and ``journal
recover`` keeps the wrong PINs given for a broken journal in ``NAME.pin-tries``.
An export written over any of them loses the record, or part of it without a
word (QA: ``--out NAME-wal`` cut a journal's last 61 entries and ``verify`` still
said OK), so a command asks here before it writes a file a user named.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path
from typing import Optional

from dealer_assist.table.journal_salvage import SIDECARS, saved_copies

#: The first 16 bytes of every SQLite database, a journal included.
SQLITE_HEADER = b"SQLite format 3\0"
#: The first 4 bytes of an SQLite write-ahead log (big-endian 0x377f0682 or 0x377f0683).
_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
#: Where ``journal recover`` keeps the refused PINs of a broken journal, beside it.
PIN_TRIES = ".pin-tries"
#: The table's writer lock, beside the file the journal's path leads to.
LOCK = ".lock"
#: Beside a new journal while a start makes it (see :func:`making`).
MAKING = ".making"
#: Every file kept beside a journal, by the ending added to its name.
BESIDE = (*SIDECARS, LOCK, PIN_TRIES, MAKING)


def _head(path: Path, size: int) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(size)
    except OSError:
        return b""


def is_sqlite(path: os.PathLike | str) -> bool:
    """Whether ``path`` is a file that starts as an SQLite database does (any journal, or a copy of one)."""
    return os.path.isfile(path) and _head(Path(path), len(SQLITE_HEADER)) == SQLITE_HEADER


def not_sqlite(path: os.PathLike | str) -> bool:
    """Whether ``path`` holds bytes that no SQLite database starts with: not a journal, whatever SQLite
    would read through a -wal beside it (which holds every page it changed, the first one too).

    Zero bytes are let through: a first page a power cut tore reads as zeros, and SQLite reads it back
    from the -wal beside it, whose pages ``verify`` then judges by the hash chain (rev11: such a journal
    was refused as "not a journal", and recover then offered only --new, losing the table's continuation)."""
    head = _head(Path(path), len(SQLITE_HEADER))
    return bool(head.strip(b"\0")) and not SQLITE_HEADER.startswith(head)


def journal_part(path: os.PathLike | str, journal: Optional[os.PathLike | str] = None) -> Optional[str]:
    """What ``path`` is of a journal, in words, or None when it is none of one.

    ``journal`` (the journal a command reads) is matched by the file itself, so a link or a second
    name to it counts; any other journal is known by its SQLite header, and a file beside one by its
    name's ending (an absent -wal too: a file put there would be read as the journal's)."""
    path = Path(path)
    if journal is not None:
        try:
            if path.exists() and os.path.samefile(path, journal):
                return f"the journal {journal} itself"
        except OSError:
            pass
        for end in BESIDE:
            if os.path.realpath(path) in (os.path.realpath(journal) + end, os.path.abspath(journal) + end):
                return f"the file {path.name} kept beside the journal {journal}"
    if is_sqlite(path):
        return "an SQLite database (a table's journal, or a copy of one)"
    if path.is_file() and _head(path, 4) in _WAL_MAGIC:
        return "an SQLite write-ahead log (the newest entries of a journal)"
    # realpath, not Path.resolve(): that raises on a symlink loop (rev11: a traceback for --out LOOP)
    for name in {os.path.abspath(path), os.path.realpath(path)}:
        for end in BESIDE:
            if name.endswith(end) and is_sqlite(name[:-len(end)]):
                return f"the file {Path(name).name} kept beside the journal {name[:-len(end)]}"
    return None


def making(path: Path) -> Path:
    """Made before a new journal's file and removed once the journal is whole (its tables written): found
    beside an empty file or one with no tables, it says a start was killed while it made the journal, so
    nothing was journaled and the file can go (qaAK F2).  Without it such a file may be an emptied journal,
    or one whose -wal was lost: evidence, refused and kept."""
    return path.with_name(path.name + MAKING)


def rebuilding(path: Path) -> Path:
    """Where ``journal recover --continue`` builds the new file before it takes the journal's place."""
    return path.with_name(path.name + ".rebuilding")


def starting(path: Path) -> Path:
    """Where ``journal recover`` puts the new journal, whole (``--new``: the fresh one; ``--continue``: the one
    rebuilt as :func:`rebuilding`), before it takes the journal's place."""
    return path.with_name(path.name + ".starting")


def recover_stopped(path: Path, how: Optional[str] = None) -> str:
    """What to do where a ``journal recover`` (``how``: ``new`` or ``continue``, None when not known) was
    stopped before it ended (its new journal left as :func:`starting`), in words."""
    again = f"--{how}" if how else "--new or --continue, as it was run,"
    return (f"a 'journal recover {path}{' --' + how if how else ''}' was stopped before it ended "
            f"({starting(path).name} holds the new journal it was writing): run it again, 'dealer-assist journal "
            f"recover {path} {again} --supervisor NAME --reason TEXT [--config FILE]', and it finishes it (the "
            f"broken journal is kept either way)")


def journal_remains(path: Path) -> Optional[str]:
    """What is left where a journal was and is no more, and what to do, in words; None when nothing is.

    Its -wal or -shm would be taken by SQLite and dropped, a copy saved beside it
    (:mod:`.journal_salvage`) or the file ``journal recover`` set aside holds its record: a new journal
    there would start the table again from round 1 (QA; qaI F8: a recover stopped half-way, known by the
    ``NAME.rebuilding`` it left)."""
    if os.path.lexists(starting(path)):
        return f"journal {path} is not there: {recover_stopped(path)}"
    sidecars = [f for f in _with_sidecars(path)[1:] if os.path.lexists(f)]
    saved = saved_copies(path.parent, path.name)
    half_made = [f for f in _with_sidecars(rebuilding(path)) if os.path.lexists(f)]
    # A NAME.kept-* alone is what every recover that ended leaves: the journal it rebuilt went on past it, so
    # it tells of an interrupted recover only beside the half-made file (rev11: a journal archived after a
    # recover was refused, and the advice to put the kept file back would rewind the table to before it).
    kept = sorted(path.parent.glob(f"{glob.escape(path.name)}.kept-*[0-9]Z")) if half_made else []
    found = [*sidecars, *saved, *kept, *half_made]
    if not found:
        return None
    if saved:
        todo = f"start with --journal {saved[-1]} (the copy saved when it went)"
    elif half_made:
        todo = (f"put back the file 'journal recover' set aside ({kept[-1] if kept else 'NAME.kept-TIME'}, with its -wal "
                f"and -shm if there) as {path.name} and run that 'journal recover' again (it was stopped before "
                f"it ended)")
    else:
        todo = "put the journal file back beside them (its -wal may hold entries the file has not)"
    return (f"journal {path} is not there, but {', '.join(str(f) for f in found)} {'are' if len(found) > 1 else 'is'}: "
            f"a journal was there and was deleted or moved. To go on with it, {todo}; to begin a new journal here, "
            f"move those files away first")


def _with_sidecars(path: Path) -> list[Path]:
    """The file and the -wal and -shm SQLite keeps beside it."""
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
