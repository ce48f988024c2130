"""``journal recover --new`` killed at each of its steps leaves the broken journal at its path, or the new one
whole, never no journal; and a second ``recover --new`` finishes it (rev12: killed between setting the
broken file aside and starting the new one, only the kept file was left, and the next ``run`` began an
unlinked journal from round 1).

The recover runs in a process of its own that dies by SIGKILL right after one of its steps is on disk
(the test wraps the step's fsync in that process only; nothing in the program stops on purpose)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.journal import Journal

REPO = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")

#: `journal recover PATH --new`, killed by SIGKILL after its step number argv[2] (the n-th fsync:
#: 1 the new journal written whole, 2 the broken one's kept name given, 3 the new one in its place) or,
#: with "append", in the middle of writing the new journal (after its first entry).
KILLED_AT_A_STEP = """
import os, signal, sys
from dealer_assist.table import journal
from dealer_assist.cli import main

step, calls = sys.argv[2], []
real_durable, real_append = journal._durable, journal.Journal.append

def durable(path):
    real_durable(path)
    calls.append(path)
    if str(len(calls)) == step:
        os.kill(os.getpid(), signal.SIGKILL)

def append(self, kind, payload=None):
    entry = real_append(self, kind, payload)
    if step == "append" and self.path.name.endswith(".starting"):
        os.kill(os.getpid(), signal.SIGKILL)
    return entry

journal._durable = durable
journal.Journal.append = append
main(["journal", "recover", sys.argv[1], "--new", "--supervisor", "Bob", "--reason", "disk"])
"""


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], cwd=cwd, env=ENV, input="",
                          capture_output=True, text=True, timeout=120)


def broken_journal(path: Path) -> str:
    """Twelve entries, entry 7 edited behind the journal's back; the file's digest."""
    with Journal.open(path) as journal:
        for n in range(12):
            journal.append("card_read", {"round": 1, "card": "9S", "source": "sim", "source_seq": n})
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER entries_append_only_update")
    conn.execute("UPDATE entries SET time = '2020-01-01T00:00:00.000000Z' WHERE seq = 7")
    conn.close()
    return digest(path)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def started_anew(path: Path, old: str) -> Path:
    """Assert the journal at ``path`` is the new one, whole, linked to the broken one kept as it was;
    the kept file."""
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        entries = list(journal.entries())
    assert [e.kind for e in entries[:2]] == ["journal_started", "correction"], entries
    kept = Path(entries[0].payload["previous"])
    assert (path.parent / entries[1].payload["kept"]).resolve() == kept and entries[1].payload["recovered"] == "journal_new"
    assert kept.exists() and digest(kept) == old and os.stat(kept).st_nlink == 1
    assert entries[0].payload["previous_verified_seq"] == 6
    assert list(path.parent.glob(f"{path.name}.kept-*")) == [kept]
    assert not list(path.parent.glob("*.starting*"))
    return kept


@pytest.mark.parametrize("step", ["append", "1", "2", "3"])
def test_a_recover_new_killed_at_each_step_leaves_one_journal_and_a_second_run_finishes_it(tmp_path, step):
    path = tmp_path / "t.sqlite"
    old = broken_journal(path)
    killed = subprocess.run([sys.executable, "-c", KILLED_AT_A_STEP, str(path), step], env=ENV, input="",
                            timeout=120, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    assert path.exists(), "the path never lacks a journal"
    if step == "3":  # the new journal had taken the path: all done
        started_anew(path, old)
        again = cli("journal", "recover", "t.sqlite", "--new", "--supervisor", "Bob", "--reason", "disk",
                    cwd=tmp_path)
        assert again.returncode == 1 and "nothing to recover" in again.stderr, again.stderr
        return
    assert digest(path) == old  # the broken journal, as it was
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0 and "stopped before it ended" in started.stderr, started.stderr
    assert digest(path) == old  # the table began no journal of its own there
    again = cli("journal", "recover", "t.sqlite", "--new", "--supervisor", "Bob", "--reason", "disk", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    started_anew(path, old)


def test_a_recover_new_stopped_between_renames_is_finished_by_a_second_run(tmp_path):
    """Where the file system has no hard links the broken journal is renamed to its kept name: stopped
    there, the path is empty; the new journal, whole, waits beside it and a second run puts it in place
    (the state built on disk as a kill after step 2 leaves it, then the path's name taken away)."""
    path = tmp_path / "t.sqlite"
    old = broken_journal(path)
    killed = subprocess.run([sys.executable, "-c", KILLED_AT_A_STEP, str(path), "2"], env=ENV, input="",
                            timeout=120, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    os.unlink(path)  # the kept name stays: as a rename leaves it
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0 and "stopped before it ended" in started.stderr, started.stderr
    assert not path.exists()
    wrong = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "disk",
                cwd=tmp_path)
    assert wrong.returncode == 2 and "--new" in wrong.stderr and not path.exists(), wrong.stderr
    again = cli("journal", "recover", "t.sqlite", "--new", "--supervisor", "Bob", "--reason", "disk", cwd=tmp_path)
    assert again.returncode == 0 and "is finished" in again.stdout, again.stderr
    started_anew(path, old)
