"""A journal file that goes away while the table has it open: the table stops at the next entry, and a file
deleted has every entry saved from the open copy (QA: a table played on into 't.sqlite (deleted)', and every
entry was lost when it closed)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal, JournalError
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


def test_a_journal_moved_without_its_wal_while_idle_is_saved_at_close(tmp_path):
    """QA: nothing was refused, so close saved nothing; SQLite folds no -wal into a moved file, and all was lost."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    (tmp_path / "archive").mkdir()
    path.rename(tmp_path / "archive" / "t.sqlite")
    session.close()
    (saved,) = tmp_path.glob("t.sqlite.saved-at-*")
    assert _cards_kept(saved) == 4 and str(saved) in session.journal_gone


def test_no_new_journal_is_made_where_one_went_away_while_open(tmp_path):
    """QA: a restart on the same --journal started a new journal at round 1 and SQLite dropped the old -wal."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    os.unlink(path)
    session.close()
    with pytest.raises(JournalError, match="saved-at-") as refused:
        Journal.open(path)
    assert not path.exists() and "move those files away" in str(refused.value)


def test_a_display_whose_journal_is_deleted_while_idle_exits_4_naming_the_saved_copy(tmp_path, qtbot, capsys):
    """QA: the copy was saved at close, and the display exited 0: a clean shift to a script or a shift log."""
    from PySide6.QtWidgets import QApplication

    from dealer_assist.table.config import AppConfig
    from dealer_assist.ui.app import TABLE_STOPPED, exec_table, open_table
    from dealer_assist.ui.main_window import Options

    folder = tmp_path / "journals"
    folder.mkdir()
    table = open_table(config=AppConfig(), source_spec="manual", journal_path=folder / "t.sqlite",
                       options=Options(sound=False), odds=False, start=True)
    table.session.skip_burn()
    shutil.rmtree(folder)
    code = exec_table(QApplication.instance(), table, size=(800, 600), fullscreen=False, screenshot=None,
                      quit_after=0.2)
    assert code == TABLE_STOPPED
    assert "was deleted while the table was open" in capsys.readouterr().err
    assert _cards_kept(folder / "t.sqlite") == 0  # saved back in place: every entry, the skipped burn's too


def test_recover_new_starts_its_journal_beside_an_older_saved_copy(tmp_path):
    """QA: recover --new set the broken file aside, then was refused its new journal by an old saved copy."""
    path = tmp_path / "t.sqlite"
    _table_after_a_round(path).close()
    (tmp_path / "t.sqlite.saved-at-7").write_bytes(b"an older incident's copy")
    journal, kept = Journal.start_new(path)
    journal.close()
    assert kept.exists() and _cards_kept(path) == 0


def test_the_refusal_over_remains_says_what_to_do_with_what_lies_there(tmp_path):
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    os.rename(path, tmp_path / "elsewhere.sqlite")  # moved away without its -wal; nothing saved yet
    with pytest.raises(JournalError) as refused:
        Journal.open(path)
    text = str(refused.value)
    assert "t.sqlite-wal" in text and " are: " in text and "put the journal file back beside them" in text
    assert "saved-at" not in text
    session.close()  # and now the open copy is saved beside them
    with pytest.raises(JournalError, match=r"start with --journal .*t\.sqlite\.saved-at-\d+ \(the copy saved"):
        Journal.open(path)


def test_the_end_event_of_a_table_whose_journal_was_replaced_gives_the_saved_copys_head(tmp_path):
    """Stop 53's note: `run --json` ended with journal_head null when the copy was saved beside the path,
    so a shift log had no head to check the saved copy against."""
    import time

    from dealer_assist.commands.display import _end_event

    path = tmp_path / "t.sqlite"
    started = time.time() - 1
    session = _table_after_a_round(path)
    older = tmp_path / "t.sqlite.saved-at-3"  # an earlier incident's copy, left in the folder: not this run's
    older.write_bytes(b"an older incident's copy")
    os.utime(older, (started - 3600, started - 3600))
    path.rename(tmp_path / "moved.sqlite")
    path.write_bytes(b"another file")
    session.close()
    (saved,) = set(tmp_path.glob("t.sqlite.saved-at-*")) - {older}
    event = _end_event(4, None, str(path), started)
    with Journal.open(saved, readonly=True) as journal:
        head = journal.verify()
    assert event["journal_saved_to"] == str(saved)
    assert event["journal_head"] == {"seq": head.head_seq, "hash": head.head_hash, "verified": True}


def test_the_advice_names_the_saved_copy_not_the_files_a_table_keeps_beside_it(tmp_path):
    """QA: once a table had been started on the saved copy (its .lock and -wal beside it), the advice for the
    old path named ``t.sqlite.saved-at-N.lock``; and of two copies the latest by its entries is named
    (``saved-at-100`` is later than ``saved-at-80``, which sorts after it as text)."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    os.unlink(path)
    session.close()
    (saved,) = tmp_path.glob("t.sqlite.saved-at-*")
    Journal.open(saved).close()  # a table started on it leaves its lock beside it
    for extra in (".lock", "-wal", "-shm"):
        (tmp_path / f"{saved.name}{extra}").write_bytes(b"")
    with pytest.raises(JournalError) as refused:
        Journal.open(path)
    assert f"start with --journal {saved} (the copy" in str(refused.value)
    later = tmp_path / "t.sqlite.saved-at-100"
    shutil.copy(saved, later)
    head = int(saved.name.rsplit("-", 1)[1])
    assert head < 100
    with pytest.raises(JournalError) as refused:
        Journal.open(path)
    assert f"start with --journal {later} (the copy" in str(refused.value)


def test_a_saved_copy_deleted_in_its_turn_is_named_for_the_first_path(tmp_path):
    """QA: the table restarted on the saved copy as advised, and that copy was deleted while open too: it was
    saved as t.sqlite.saved-at-N.saved-at-M, which the advice for t.sqlite did not match; with the leftover
    -wal and -shm moved away a new, empty journal opened there at round 1."""
    path = tmp_path / "t.sqlite"
    session = _table_after_a_round(path)
    os.unlink(path)
    session.close()
    (first,) = tmp_path.glob("t.sqlite.saved-at-*")
    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(first), odds=False)
    os.unlink(first)
    again.close()
    (second,) = (f for f in tmp_path.glob("t.sqlite.saved-at-*.saved-at-*") if f.name.count("saved-at") == 2
                 and f.name[-1].isdigit())
    for leftover in tmp_path.glob("*"):
        if leftover.name.endswith(("-wal", "-shm", ".lock")):
            leftover.unlink()
    with pytest.raises(JournalError) as refused:
        Journal.open(path)
    assert f"start with --journal {second} (the copy" in str(refused.value)


def test_a_journal_cut_short_is_told_as_damaged_not_as_edited(tmp_path):
    """qaI F5: a closed journal that lost its last 100 bytes (a power cut's torn page) was reported as 'entry N
    was changed after it was written', the words for tampering; its entry holds zero bytes where it was."""
    import subprocess
    import sys

    path = tmp_path / "cut.sqlite"
    with Journal.open(path, clock=lambda: "2026-12-05T21:00:00.000000Z") as journal:
        for n in range(300):
            journal.append("card_read", {"round": n // 6, "card": "9S", "source": "sim", "source_seq": n})
    os.truncate(path, path.stat().st_size - 100)
    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "verify", str(path)],
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    first = done.stdout.splitlines()[0]
    assert "(damaged): entry " in first and "holds zero bytes in its" in first and "cut short" in first, first
    assert "changed after it was written" not in done.stdout
    import sqlite3

    edited = tmp_path / "edited.sqlite"
    with Journal.open(edited) as journal:
        for n in range(3):
            journal.append("card_read", {"round": 1, "card": "9S", "source": "sim", "source_seq": n})
    conn = sqlite3.connect(str(edited), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("UPDATE entries SET hash = hash || char(0) WHERE seq = 2")  # a NUL added by hand: an edit
    conn.close()
    with Journal.open(edited, readonly=True) as journal:
        assert (journal.verify().problem, journal.verify().first_bad_seq) == ("edited", 2)


SIZE_LIMITED_TABLE = """
import sys
from decimal import Decimal
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(sys.argv[1]), odds=False)
for n in range(20000):
    if session.snapshot.stopped:
        break
    session.place(1, Bet.PLAYER, Decimal("25"))
    session.undo()
print(session.snapshot.stopped)
"""


def test_a_table_stopped_by_the_file_size_limit_names_the_limit_not_the_disk(tmp_path):
    """qaI F6: under 'ulimit -f' the table stopped (rightly) saying 'input/output error ... check the disk',
    which sends IT to a healthy disk."""
    import resource
    import subprocess
    import sys

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (400_000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    path = tmp_path / "u.sqlite"
    done = subprocess.run([sys.executable, "-c", SIZE_LIMITED_TABLE, str(path)], preexec_fn=limited,
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    stopped = done.stdout
    assert "file size limit (400000 bytes: 'ulimit -f'" in stopped and "raise or remove the limit" in stopped, stopped
    assert "check the disk" not in stopped and "Fix the disk" not in stopped
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok  # the chain holds up to the entry refused


def _verify_json(path) -> dict:
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "verify", str(path), "--json"],
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    return json.loads(done.stdout)


def _bets_with(path, *updates: str) -> None:
    import sqlite3

    with Journal.open(path) as journal:
        for i in range(10):
            journal.append("bet_placed", {"seat": 1, "bet": "banker", "amount": "10.00", "i": i})
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    for update in updates:
        conn.execute(update)
    conn.close()


def test_an_edit_with_zero_bytes_put_in_its_hash_is_not_passed_off_as_damage(tmp_path):
    """rev11 F4: entry 5 of 10 edited (10.00 -> 900.00) and its hash's last character set to NUL was told
    as 'damaged ... as by a power cut', an edit a pit boss would then put down to the hardware."""
    edited = tmp_path / "edited.sqlite"
    _bets_with(edited, "UPDATE entries SET payload = replace(payload, '10.00', '900.00') WHERE seq = 5",
               "UPDATE entries SET hash = substr(hash, 1, 63) || char(0) WHERE seq = 5")
    report = _verify_json(edited)
    assert (report["problem"], report["first_bad_seq"]) == ("edited", 5), report
    # the whole hash zeroed, amid good entries, is no better
    zeroed = tmp_path / "zeroed.sqlite"
    _bets_with(zeroed, "UPDATE entries SET payload = replace(payload, '10.00', '900.00') WHERE seq = 5",
               "UPDATE entries SET hash = zeroblob(64) WHERE seq = 5",
               "UPDATE entries SET hash = CAST(hash AS TEXT) WHERE seq = 5")
    report = _verify_json(zeroed)
    assert (report["problem"], report["first_bad_seq"]) == ("edited", 5), report
    # the same zeros without the edit are damage: what is left of the entry is what was written
    torn = tmp_path / "torn.sqlite"
    _bets_with(torn, "UPDATE entries SET hash = substr(hash, 1, 40) || replace(hex(zeroblob(24)), '00', char(0)) "
                     "WHERE seq = 5")
    report = _verify_json(torn)
    assert (report["problem"], report["first_bad_seq"]) == ("damaged", 5), report
