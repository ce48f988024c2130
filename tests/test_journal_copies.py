"""A journal's file without its -wal: copied alone, or its -wal removed (qaL F4).

SQLite keeps a journal's newest entries in ``NAME-wal`` until it merges them into the file.  A copy of
the file alone verified OK while it lacked hundreds of rounds, and a young journal's file whose -wal was
removed (no tables in it yet) was taken over by ``run`` as a new journal.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.table.journal import Journal, NotAJournalError

ROOT = Path(__file__).resolve().parents[1]

#: A table's journal written by a process that is then killed (-9), before any round ended.
KILLED_YOUNG = textwrap.dedent("""
    import os, signal, sys
    from dealer_assist.table.journal import Journal
    journal = Journal.open(sys.argv[1])
    journal.append("shoe_start", {"shoe": 1, "decks": 8})
    for i in range(30):
        journal.append("card_read", {"round": 1, "card": "KD", "source": "sim", "source_seq": i})
    os.kill(os.getpid(), signal.SIGKILL)
""")


def play_round(journal: Journal, number: int, *, ended: bool = True) -> None:
    journal.append("round_start", {"round": number, "shoe": 1, "game": "baccarat"})
    journal.append("bet_placed", {"round": number, "seat": 1, "bet": "banker", "stake": "25.00"})
    journal.append("deal", {"round": number})
    if ended:
        journal.append("outcome", {"round": number, "winner": "banker"})
        journal.append("round_end", {"round": number})


def killed_young_journal(path: Path) -> None:
    child = subprocess.run([sys.executable, "-c", KILLED_YOUNG, str(path)], env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert child.returncode == -signal.SIGKILL
    assert Path(f"{path}-wal").stat().st_size > 0  # its entries are there, and only there


def test_a_young_journal_whose_wal_was_removed_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "j.sqlite"
    killed_young_journal(path)
    for end in ("-wal", "-shm"):
        Path(f"{path}{end}").unlink()
    before = path.read_bytes()
    with pytest.raises(NotAJournalError, match=r"no tables in it.*nothing was written.*put j\.sqlite-wal back"):
        Journal.open(path)
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_an_empty_sqlite_database_of_another_program_is_not_made_a_journal(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")  # a database with a header and no tables
    conn.close()
    before = path.read_bytes()
    assert before
    with pytest.raises(NotAJournalError, match="no tables in it"):
        Journal.open(path)
    assert path.read_bytes() == before


def test_run_refuses_the_file_with_exit_3_and_writes_nothing(tmp_path):
    path = tmp_path / "j.sqlite"
    killed_young_journal(path)
    for end in ("-wal", "-shm"):
        Path(f"{path}{end}").unlink()
    before = path.read_bytes()
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "dealer_assist", "run", "--source", "sim:31", "--journal", str(path),
                          "--quit-after", "0"], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 3, out.stderr
    assert "no tables in it" in out.stderr and "j.sqlite-wal back" in out.stderr
    assert path.read_bytes() == before


def test_the_file_alone_lacks_at_most_the_round_being_played_and_verify_says_so(tmp_path, capsys):
    path, copy = tmp_path / "j.sqlite", tmp_path / "copy.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        for number in range(1, 4):
            play_round(journal, number)
        ended = len(journal)
        play_round(journal, 4, ended=False)
        shutil.copyfile(path, copy)  # a backup of "*.sqlite" while the table runs
        with Journal.open(copy, readonly=True) as alone:
            assert alone.verify().ok
            assert len(alone) == ended  # every round that ended; before, none (all were in the -wal)
    assert main(["journal", "verify", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "NOTE" in out and "no copy.sqlite-wal lies beside it" in out and "journal copy FILE COPY" in out
    assert main(["journal", "verify", str(path)]) == 0  # closed cleanly: nothing is missing
    assert "NOTE" not in capsys.readouterr().out


def test_a_copy_with_its_wal_or_of_a_closed_journal_gets_no_note(tmp_path, capsys):
    path, copy = tmp_path / "j.sqlite", tmp_path / "copy.sqlite"
    journal = Journal.open(path)
    play_round(journal, 1)
    play_round(journal, 2, ended=False)
    shutil.copyfile(path, copy)
    shutil.copyfile(f"{path}-wal", f"{copy}-wal")
    assert main(["journal", "verify", str(copy)]) == 0
    assert "NOTE" not in capsys.readouterr().out
    with Journal.open(copy, readonly=True) as both:
        assert len(both) == len(journal)  # the -wal beside it gives every entry
    journal.close()
    shutil.copyfile(path, tmp_path / "closed.sqlite")
    assert main(["journal", "verify", str(tmp_path / "closed.sqlite"), "--json"]) == 0
    assert '"log_missing": false' in capsys.readouterr().out


#: A table's journal: two rounds ended, a third begun with its bet, then the process killed (-9).
KILLED_MID_ROUND = textwrap.dedent("""
    import os, signal, sys
    from dealer_assist.table.journal import Journal
    journal = Journal.open(sys.argv[1])
    for number in (1, 2, 3):
        journal.append("round_start", {"round": number, "shoe": 1, "game": "baccarat"})
        journal.append("bet_placed", {"round": number, "seat": 1, "bet": "banker", "stake": "25.00"})
        if number < 3:
            journal.append("round_end", {"round": number})
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_restart_on_a_file_whose_wal_was_lost_says_the_last_entries_may_be_missing(tmp_path):
    """After the first round's end the file alone is a journal: a restart goes on from it, and says so."""
    from dealer_assist.table.session import TableSession

    path = tmp_path / "j.sqlite"
    child = subprocess.run([sys.executable, "-c", KILLED_MID_ROUND, str(path)], env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert child.returncode == -signal.SIGKILL
    kept = tmp_path / "kept"
    kept.mkdir()
    for end in ("-wal", "-shm"):  # an IT person clears the "stray" files away
        Path(f"{path}{end}").rename(kept / f"j.sqlite{end}")
    journal = Journal.open(path)
    assert journal.log_missing and len(journal) == 6  # round 3's start and bet were only in the -wal
    session = TableSession(journal=journal, odds=False)
    (alert,) = [a for a in session.snapshot.alerts if a.code == "journal_log"]
    assert "JOURNAL MAY LACK ITS LAST ENTRIES" == alert.title and "j.sqlite-wal is not beside it" in alert.text
    session.close()
    again = Journal.open(path)  # closed cleanly since: nothing more to say
    assert not again.log_missing
    again.close()


def test_a_crash_with_its_wal_beside_it_or_a_clean_close_raises_nothing(tmp_path):
    path = tmp_path / "j.sqlite"
    child = subprocess.run([sys.executable, "-c", KILLED_MID_ROUND, str(path)], env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert child.returncode == -signal.SIGKILL
    with Journal.open(path) as journal:
        assert not journal.log_missing and len(journal) == 8
