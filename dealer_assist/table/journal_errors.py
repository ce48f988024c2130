"""The journal's errors: one class for each way a journal can fail, each message saying what, why and what to do.

A caller catches :class:`JournalError` for any of them, or a subclass for the
one it can act on (a full disk, a file in use, a broken chain).
"""

from __future__ import annotations

from typing import Optional, Union

from dealer_assist.table.chain import VerifyReport


PathLike = Union[str, "os.PathLike[str]"]


# --------------------------------------------------------------------------- errors

class JournalError(Exception):
    """Anything that stops the journal from recording; the table must stop, not carry on unrecorded."""

    def __init__(self, message: str, path: Optional[PathLike] = None) -> None:
        super().__init__(message)
        self.path = None if path is None else str(path)


class JournalFullError(JournalError):
    """The disk (or the journal's size limit) is full; the entry was not written."""


class JournalSizeLimitError(JournalFullError):
    """The process's file size limit (``ulimit -f``) is reached, not the disk; the entry was not written."""


class JournalGoneError(JournalError):
    """The journal's file was deleted, moved or replaced while the table had it open (see
    :mod:`.journal_salvage`)."""


class JournalReadOnlyError(JournalError):
    """The journal file or its folder cannot be written."""


class NotAJournalError(JournalError):
    """The file exists but is not a dealer-assist journal (another database, or not SQLite)."""


class UnreadableFileError(NotAJournalError):
    """The file cannot be read as any journal: not SQLite at all, or empty.

    A wrong path looks the same as a journal whose header was destroyed, so
    nothing is done to it; a supervisor who knows it was the table's journal
    sets it aside with ``journal recover --new`` (:func:`recover_new_hint`).
    """


class JournalCorruptError(JournalError):
    """SQLite reports the file damaged, or its tables are not the journal's."""


class UnreadableEntryError(JournalCorruptError):
    """An entry whose payload cannot be read as a JSON object (no text, or no object); :attr:`seq` is its number."""

    def __init__(self, message: str, path: Optional[PathLike], seq: int) -> None:
        super().__init__(message, path)
        self.seq = seq


class JournalBrokenError(JournalError):
    """The hash chain does not hold; :attr:`report` says where and why."""

    def __init__(self, message: str, path: Optional[PathLike], report: "VerifyReport") -> None:
        super().__init__(message, path)
        self.report = report


class JournalClosedError(JournalError):
    """The journal was closed; nothing more can be written to it."""


class JournalInUseError(JournalError):
    """Another dealer-assist (or another part of this one) is already writing this journal."""


class JournalPayloadError(JournalError, TypeError):
    """A payload that cannot be journaled (not a dict, not JSON-serialisable); nothing was written."""
