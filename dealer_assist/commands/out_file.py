"""The one check every command makes before it writes a file the user named (``--out``, ``--screenshot``...).

QA: ``journal export J --out J`` replaced the table's journal with its export,
exit 0 (a live table stopped); ``--out J-wal`` cut its newest entries without a
word.  Any file that is a journal or part of one
(:func:`dealer_assist.table.journal_files.journal_part`) is refused, before
anything is read or written.
"""

from __future__ import annotations

import os
from typing import Optional

from dealer_assist.commands.output import CommandError


def refuse_journal_part(path: os.PathLike | str, option: str, example: str,
                        journal: Optional[os.PathLike | str] = None) -> None:
    """Raise :class:`CommandError` (exit 2) when ``path``, given as ``option``, is a journal or a file
    kept beside one (``journal``: the one the command reads, matched however it is named).
    ``example`` is a file name to suggest instead."""
    from dealer_assist.table.journal_files import journal_part

    what = journal_part(path, journal)
    if what is not None:
        raise CommandError(f"{option} {path} is {what}: writing there would destroy the table's record, so "
                           f"nothing was written and the file is unchanged; give {option} another file, "
                           f"e.g. {example}")


def write_problem(path: os.PathLike | str, option: str, example: str) -> str:
    """Why the file ``path``, given as ``option``, cannot be written, or "": a folder given for a file, a folder
    that does not exist, one this user may not write in, a read-only file.  Each is said as what it is (qaAC F13:
    a folder given to ``--capture`` was "not a folder this user may write in", and a missing folder was found
    only once the port was open)."""
    from pathlib import Path

    path = Path(path)
    if path.is_dir():
        return f"{option} {path} is a folder: give a file name, e.g. {path / example}"
    folder = path.parent
    existing = next((p for p in (folder, *folder.parents) if p.exists()), Path("."))
    if existing != folder and existing.is_dir():
        return (f"{option} {path}: there is no folder {folder} (the nearest that exists is {existing}): create it "
                f"first, or give a file in a folder that exists, e.g. {example}")
    if not existing.is_dir():
        return f"{option} {path}: {existing} is a file, not a folder: give a file in a folder, e.g. {example}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{option} {path}: this user may not write in the folder {folder}: give a file in another, e.g. {example}"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{option} {path} is read-only: give another file, e.g. {example}"
    return ""
