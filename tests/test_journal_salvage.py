"""A journal file that goes away while the table has it open: the table stops at the next entry, and a file
deleted has every entry saved from the open copy (QA: a table played on into 't.sqlite (deleted)', and every
entry was lost when it closed)."""

from __future__ import annotations

import os
import shutil

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules


def _table_after_a_round(path) -> TableSession:
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    session.deal()
    for code in ("9S", "2H", "TC", "3D"):
        assert session.enter_card(code) is None
    assert session.next_round() is None
    return session


def _cards_kept(path) -> int:
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        return [e.kind for e in journal.entries()].count("card_assigned")


def test_a_journal_whose_folder_is_removed_is_saved_back_in_place_and_the_table_stops(tmp_path):
    folder = tmp_path / "journals"
    folder.mkdir()
    path = folder / "t.sqlite"
    session = _table_after_a_round(path)
    shutil.rmtree(folder)
    assert session.enter_card("9S") is not None  # refused: the table stops, nothing shown unrecorded
    stopped = session.snapshot.stopped
    assert "was deleted" in stopped and f"restart with --journal {path}" in stopped and "Fix the disk" not in stopped
    session.close()
    assert _cards_kept(path) == 4 and oct(path.stat().st_mode & 0o777) == oct(0o640)


def test_a_journal_deleted_with_its_wal_left_is_saved_beside_it_not_over_the_wal(tmp_path):
    """QA: a new file at the path made SQLite take the old -wal as its own."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    os.unlink(path)
    assert os.path.exists(f"{path}-wal")
    assert session.enter_card("9S") is not None
    (saved,) = tmp_path.glob("t.sqlite.saved-at-*")
    assert str(saved) in session.snapshot.stopped
    session.close()
    assert _cards_kept(saved) == 4


def test_a_journal_moved_and_replaced_while_open_is_saved_beside_the_new_file(tmp_path):
    """Moved without its -wal, the file lacks the last entries: the open copy has them all."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    path.rename(tmp_path / "moved.sqlite")
    path.write_bytes(b"another file")  # and another put in its place
    assert session.enter_card("9S") is not None
    (saved,) = tmp_path.glob("t.sqlite.saved-at-*")
    assert "moved or replaced" in session.snapshot.stopped and str(saved) in session.snapshot.stopped
    session.close()
    assert _cards_kept(saved) == 4
    assert path.read_bytes() == b"another file"


def test_a_save_that_fails_is_tried_again_at_close(tmp_path, monkeypatch):
    """QA: a save that failed was never tried again, and the message said both to keep the display open and
    to restart."""
    from dealer_assist.table import journal_salvage

    folder = tmp_path / "journals"
    folder.mkdir()
    path = folder / "t.sqlite"
    session = _table_after_a_round(path)
    shutil.rmtree(folder)
    monkeypatch.setattr(journal_salvage, "_places", lambda path, head: [])  # nowhere takes it
    assert session.enter_card("9S") is not None
    assert "could not be saved anywhere" in session.snapshot.stopped and "restart" not in session.snapshot.stopped
    monkeypatch.undo()  # IT made room
    session.close()
    assert _cards_kept(path) == 4
