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
