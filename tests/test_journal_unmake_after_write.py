"""A new journal whose first entry was refused, then written to, keeps its entries at close (rev32 R4).

A failed first write marks the new journal to be removed at close (no entry in it: a start on a full disk
leaves nothing behind); a later write that succeeded did not take the mark back, so close() deleted a
hash-chained journal with entries in it."""

from __future__ import annotations

import pytest

from dealer_assist.table.journal import Journal, JournalFullError


def test_a_new_journal_written_after_its_first_entry_failed_keeps_its_entries(tmp_path):
    journal = tmp_path / "j.sqlite"
    opened = Journal.open(journal, max_size=8 * 4096)
    with pytest.raises(JournalFullError):
        opened.append("note", {"text": "x" * 200000})  # the journal's own size limit refuses it
    for n in range(3):
        opened.append("note", {"n": n})
    opened.close()
    assert journal.exists()
    with Journal.open(journal, readonly=True) as reading:
        report = reading.verify()
        assert report.ok and report.head_seq == 3
