"""A journal started, or recovered, on a full disk (qaAK F1, F2, F4, F7).

F1: SQLite tells the -shm it cannot make (32 KB) on a full disk as an I/O error (SQLITE_IOERR_SHMSIZE),
not SQLITE_FULL: the start said "check the disk" and ``run --json``'s end event lost the journal's head.
F2: a new journal a full disk stopped before its first entry was left at the path, empty or with no
tables, and every later start refused it as an emptied journal.  F4: ``journal recover`` on a full disk
told the croupier to stop the table, left a partial ``NAME.rebuilding``, or (its lock file's pid not
written) blamed the output.  F7: an empty HOME put the journal under ``/.local``.

A real full disk is a 1 MB tmpfs (root only: those tests skip otherwise); the faults that need no root are
made without one (a journal size limit is a real SQLITE_FULL; only the I/O error code of F1's unit test is
made by hand, since no full disk can be had without root).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.journal import Journal, JournalError, JournalFullError
from tmpfs_disks import fill, mounted

REPO = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")


@pytest.fixture
def small_disk(tmp_path):
    """A real 1 MB file system."""
    yield from mounted(tmp_path, "size=1m")


@pytest.fixture
def few_inodes(tmp_path):
    """A real file system with room for 20 MB but only 8 files."""
    yield from mounted(tmp_path, "size=20m,nr_inodes=8")


def sqlite_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name)
                  and not p.name.endswith(".lock"))


def a_journal(path: Path, entries: int = 5) -> Journal:
    with Journal.open(path) as journal:
        for n in range(entries):
            journal.append("note", {"n": n, "text": "x" * 200})
    return journal


# --------------------------------------------------------------------------- F1

def test_an_io_error_of_a_full_disk_is_said_as_a_full_disk(tmp_path, monkeypatch):
    """Unit: SQLITE_IOERR_SHMSIZE (4874) on a disk with next to no room, which refuses a test write for want of
    room (ENOSPC), is a full disk, said with what to do; on a disk with room, the same code stays an I/O error
    (the error code and the refusal are made by hand: real ones need a full disk)."""
    import errno

    from dealer_assist.table import disk_room, journal as journal_module

    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = 4874
    path = tmp_path / "j.sqlite"
    monkeypatch.setattr(disk_room.shutil, "disk_usage", lambda folder: type("U", (), {"free": 8192})())
    monkeypatch.setattr(disk_room, "write_refusal",
                        lambda journal_path, size: OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    said = journal_module._translate(error, path, "opening it")
    assert isinstance(said, JournalFullError)
    assert "is full while opening it" in str(said) and "free disk space, then start again" in str(said)
    assert "check the disk" not in str(said) and "stop the table" not in str(said)
    monkeypatch.setattr(disk_room.shutil, "disk_usage", lambda folder: type("U", (), {"free": 2**30})())
    said = journal_module._translate(error, path, "opening it")
    assert not isinstance(said, JournalFullError) and "check the disk" in str(said)


@pytest.mark.parametrize("leave", [0, 8192, 16384])
def test_a_start_on_a_full_disk_says_it_is_full_and_gives_the_head(small_disk, leave):
    journal = small_disk / "j.sqlite"
    a_journal(journal)
    with Journal.open(journal, readonly=True) as reading:
        head = reading.verify()
    filler = fill(small_disk, leave)
    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--source", "manual", "--journal",
                           str(journal), "--json", "--quit-after", "3"], capture_output=True, text=True, env=ENV,
                          timeout=120)
    end = json.loads(done.stdout.splitlines()[-1])
    assert end["code"] == 3, done.stderr
    assert "is full while opening it" in end["error"] and "free disk space, then start again" in end["error"]
    assert "check the disk" not in end["error"]
    assert end["journal_head"] == {"seq": head.head_seq, "hash": head.head_hash, "verified": True}
    filler.unlink()
    with Journal.open(journal) as going_on:  # room freed: the table goes on with the same journal
        assert going_on.verify().head_hash == head.head_hash


# --------------------------------------------------------------------------- F2

@pytest.mark.parametrize("leave", [0, 20000])
def test_a_new_journal_a_full_disk_refused_leaves_nothing_behind(small_disk, leave):
    folder = small_disk / "nëw dir"
    folder.mkdir()
    journal = folder / "j.sqlite"
    filler = fill(small_disk, leave)
    with pytest.raises(JournalFullError, match="is full while opening it.*free disk space, then start again"):
        Journal.open(journal)
    assert sqlite_files(journal) == []
    filler.unlink()
    with Journal.open(journal) as started:  # the next start, room freed, just works
        started.append("note", {"n": 1})
        assert started.verify().ok


def test_a_new_journal_whose_first_entry_could_not_be_written_is_removed(tmp_path):
    """No root: the journal's own size limit refuses the first entry with SQLite's own SQLITE_FULL."""
    journal = tmp_path / "j.sqlite"
    opened = Journal.open(journal, max_size=4096)  # no page more than the new journal's own
    with pytest.raises(JournalFullError, match="NOT written"):
        opened.append("note", {"text": "x" * 20000})
    opened.close()
    assert sqlite_files(journal) == []
    with Journal.open(journal) as again:
        again.append("note", {"n": 1})
        assert again.verify().head_seq == 1


def test_a_journal_that_was_there_is_never_removed(tmp_path):
    """Only what this open made goes: an existing journal, even with no entries, stays."""
    journal = tmp_path / "j.sqlite"
    Journal.open(journal).close()  # a journal with no entry, made by an earlier start
    size = journal.stat().st_size
    opened = Journal.open(journal, max_size=4096)
    with pytest.raises(JournalFullError):
        opened.append("note", {"text": "x" * 20000})
    opened.close()
    assert journal.stat().st_size == size
    with Journal.open(journal, readonly=True) as reading:
        assert reading.verify().ok


def test_a_new_journal_with_an_entry_stays_when_a_later_entry_fails(tmp_path):
    journal = tmp_path / "j.sqlite"
    opened = Journal.open(journal, max_size=8 * 4096)
    opened.append("note", {"n": 1})
    with pytest.raises(JournalFullError):
        opened.append("note", {"text": "x" * 200000})
    opened.close()
    with Journal.open(journal, readonly=True) as reading:
        assert reading.verify().head_seq == 1


# --------------------------------------------------------------------------- F4

def a_damaged_journal(path: Path) -> None:
    """A closed journal whose last page is zeros, as a power cut leaves it: 'recover --continue' goes on."""
    a_journal(path, entries=60)
    data = bytearray(path.read_bytes())
    data[-4096:] = bytes(4096)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("leave", [0, 65536])
@pytest.mark.parametrize("how", ["continue", "new"])
def test_a_recover_on_a_full_disk_says_so_and_running_it_again_finishes_it(small_disk, leave, how):
    journal = small_disk / "d.sqlite"
    a_damaged_journal(journal)
    before = journal.read_bytes()
    filler = fill(small_disk, leave)
    argv = [sys.executable, "-m", "dealer_assist.cli", "journal", "recover", str(journal), f"--{how}",
            "--supervisor", "Zoë", "--reason", "power cut"]
    done = subprocess.run(argv, capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "the disk is full" in done.stderr and "run the same" in done.stderr, done.stderr
    assert "stop the table" not in done.stderr and "cannot write the output" not in done.stderr
    assert sqlite_files(journal) == ["d.sqlite"]  # no partial .rebuilding / .starting, nothing set aside
    assert journal.read_bytes() == before
    filler.unlink()
    done = subprocess.run(argv, capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    with Journal.open(journal, readonly=True) as recovered:
        assert recovered.verify().ok


def test_a_full_disk_elsewhere_than_the_output_is_not_blamed_on_it(monkeypatch, capfd):
    """A write that names no file, refused by a full disk, is the output's only if the output fails."""
    import errno

    from dealer_assist import cli
    from dealer_assist.commands import journal as journal_commands

    def full(args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal_commands, "run_recover", full)
    code = cli.main(["journal", "recover", "x.sqlite", "--continue", "--supervisor", "Z", "--reason", "r"])
    said = capfd.readouterr().err
    assert code == 2
    assert "a disk is full (No space left on device)" in said and "cannot write the output" not in said


# --------------------------------------------------------------------------- F7

@pytest.mark.parametrize("xdg", ["", "relative/share"])
def test_an_empty_home_is_not_the_root_folder(monkeypatch, xdg):
    import pwd

    from dealer_assist.table.config import default_journal_path

    monkeypatch.setenv("HOME", "")
    monkeypatch.setenv("XDG_DATA_HOME", xdg)
    home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    assert default_journal_path() == home / ".local" / "share" / "dealer-assist" / "baccarat-journal.sqlite"


def test_the_trainers_progress_file_lies_beside_the_journal_with_an_empty_home(monkeypatch):
    from dealer_assist.table.config import default_journal_path
    from dealer_assist.training.progress import default_store_path

    monkeypatch.setenv("HOME", "")
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert default_store_path().parent == default_journal_path().parent
    assert not str(default_store_path()).startswith("/.local")


def test_an_absolute_xdg_data_home_is_used(monkeypatch, tmp_path):
    from dealer_assist.table.config import default_journal_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_journal_path("blackjack") == tmp_path / "dealer-assist" / "blackjack-journal.sqlite"


# --------------------------------------------------------------------------- F2, a start killed

KILLED_AT = {
    # before SQLite wrote anything: the file is empty
    "created": "import sqlite3\nsqlite3.connect = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n",
    # SQLite wrote the file's header (WAL mode), no table yet
    "header": ("from dealer_assist.table.journal import Journal\n"
               "def prepare(conn, path, readonly, created=False):\n"
               "    conn.execute('PRAGMA journal_mode = WAL')\n"
               "    conn.execute('CREATE TABLE half (x)')\n"
               "    conn.execute('DROP TABLE half')\n"
               "    os.kill(os.getpid(), signal.SIGKILL)\n"
               "Journal._prepare = staticmethod(prepare)\n"),
}


@pytest.mark.parametrize("point", sorted(KILLED_AT))
def test_a_start_killed_while_it_made_a_new_journal_does_not_block_the_next(tmp_path, point):
    """kill -9 between making the file and its tables: the file is empty or has no tables, and the mark
    beside it says a start was making it, so the next start removes it and makes the journal (nothing was
    journaled).  A real SIGKILL of a child process, at a point its patched code chooses."""
    journal = tmp_path / "j.sqlite"
    code = ("import os, signal, sys\n" + KILLED_AT[point]
            + "from dealer_assist.table.journal import Journal\nJournal.open(sys.argv[1])\n")
    done = subprocess.run([sys.executable, "-c", code, str(journal)], env=ENV, capture_output=True, timeout=60)
    assert done.returncode == -9, done.stderr
    assert journal.exists()
    assert (journal.stat().st_size == 0) == (point == "created")
    with Journal.open(journal) as started:
        started.append("note", {"n": 1})
        assert started.verify().head_seq == 1
    assert not (tmp_path / "j.sqlite.making").exists()


def test_an_empty_file_no_start_was_making_is_kept_as_evidence(tmp_path):
    """Without the mark, an empty file may be a journal someone emptied: refused, kept, as before."""
    journal = tmp_path / "j.sqlite"
    journal.touch()
    with pytest.raises(JournalError, match="empty file"):
        Journal.open(journal)
    assert journal.exists() and journal.stat().st_size == 0


def test_a_journal_made_whole_keeps_its_entries_whatever_mark_is_left_beside_it(tmp_path):
    """Killed after the tables were written, just before the mark went: the journal is whole and stays."""
    journal = tmp_path / "j.sqlite"
    with Journal.open(journal) as first:
        first.append("note", {"n": 1})
    (tmp_path / "j.sqlite.making").touch()
    with Journal.open(journal) as again:
        assert again.verify().head_seq == 1
    assert not (tmp_path / "j.sqlite.making").exists()


def test_a_start_on_a_disk_out_of_inodes_says_it_is_full(few_inodes):
    """rev32 R6: SQLite cannot make the -wal of a journal that was there, its disk out of inodes with bytes
    free, and the table was told to check that the folder can be written."""
    path = few_inodes / "t.sqlite"
    a_journal(path)
    n = 0
    while True:
        try:
            (few_inodes / f"f{n}").touch()
        except OSError:
            break
        n += 1
    with pytest.raises(JournalFullError) as said:
        Journal.open(path)
    assert "no room left for a new file" in str(said.value) and "delete files" in str(said.value)
    assert sorted(p.name for p in few_inodes.iterdir() if not p.name.startswith("f")) == ["t.sqlite",
                                                                                         "t.sqlite.lock"]


@pytest.mark.parametrize("verb", ["verify", "export"])
def test_checking_a_journal_a_killed_start_was_making_says_the_next_start_makes_it(tmp_path, verb):
    """qaAU F2: `journal verify`/`export` on the empty file such a kill leaves called it an emptied journal
    and sent the technician to a supervisor's recover, though the next `run` just makes it anew."""
    journal = tmp_path / "j.sqlite"
    journal.touch()
    (tmp_path / "j.sqlite.making").touch()
    extra = ["--out", str(tmp_path / "x.csv")] if verb == "export" else []
    done = subprocess.run([sys.executable, "-m", "dealer_assist", "journal", verb, str(journal), *extra],
                          env=ENV, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "makes it anew" in done.stderr and "supervisor" not in done.stderr, done.stderr
    assert journal.exists() and (tmp_path / "j.sqlite.making").exists()  # a check changes nothing
