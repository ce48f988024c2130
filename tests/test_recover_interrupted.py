"""``journal recover --continue`` stopped half-way (kill -9, a power cut) leaves the journal where it was (qaI F8).

It had set the broken journal aside before rebuilding it, so a crash during the
rebuild (seconds, for a big journal) left no journal at the path: the next
``run`` began a new one from round 1, the table's shoe, bets, limits and
supervisors gone, and nothing linked the three files.  Here the recover runs in
a process of its own that dies by SIGKILL in the middle of the rebuild.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

REPO = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")

#: `journal recover PATH --continue`, killed by SIGKILL once it has begun writing the rebuilt file.
KILLED_IN_THE_REBUILD = """
import os, signal, sys
from dealer_assist.table import journal
from dealer_assist.cli import main

def die(schema):
    os.kill(os.getpid(), signal.SIGKILL)

journal._split_schema = die
main(["journal", "recover", sys.argv[1], "--continue", "--supervisor", "Bob", "--reason", "disk"])
"""


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], cwd=cwd, env=ENV, input="",
                          capture_output=True, text=True, timeout=120)


def broken_journal(path: Path) -> None:
    """Two rounds a table played, then entry 20 edited behind its back."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    for _ in range(2):
        assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
        for code in ("9S", "KH", "QD", "5C"):
            assert session.enter_card(code) is None
        assert session.next_round() is None
    session.close()
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("UPDATE entries SET time = '2020-01-01T00:00:00.000000Z' WHERE seq = 20")
    conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_recover_killed_while_rebuilding_leaves_the_journal_in_place_and_can_run_again(tmp_path):
    path = tmp_path / "t.sqlite"
    broken_journal(path)
    before = digest(path)
    killed = subprocess.run([sys.executable, "-c", KILLED_IN_THE_REBUILD, str(path)], env=ENV, timeout=120,
                            capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    assert path.exists() and digest(path) == before  # the broken journal, as it was: nothing set aside
    assert not list(tmp_path.glob("t.sqlite.kept-*"))
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0 and "fails its check" in started.stderr, started.stderr  # not a new journal
    again = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "disk", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert not list(tmp_path.glob("t.sqlite.rebuilding*"))
    with Journal.open(path, readonly=True) as journal:
        report = journal.verify()
        assert report.ok and report.count > 19 and next(journal.entries()).kind == "shoe_start"


def test_a_table_is_not_started_anew_where_an_interrupted_recover_left_its_files(tmp_path):
    """As an earlier release left it: the journal set aside, a half-made rebuild, no journal at the path."""
    path = tmp_path / "t.sqlite"
    broken_journal(path)
    kept = tmp_path / "t.sqlite.kept-20261205T213335016430Z"
    os.replace(path, kept)
    (tmp_path / "t.sqlite.rebuilding").write_bytes(kept.read_bytes()[:8192])
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0, started.stdout
    assert kept.name in started.stderr and "t.sqlite.rebuilding" in started.stderr, started.stderr
    assert "run that 'journal recover' again (it was stopped before it ended)" in started.stderr
    assert not path.exists()
    verified = cli("journal", "verify", "t.sqlite", cwd=tmp_path)
    assert verified.returncode == 2 and "is not there, but" in verified.stderr, verified.stderr


def test_the_file_a_recover_that_ended_kept_does_not_block_a_new_journal(tmp_path):
    """rev11 F5: after a recover that ended (the rebuilt journal at NAME, the broken one as NAME.kept-*) the
    journal was archived; a new journal at NAME was refused, advising to put the kept file back as NAME,
    which would have restarted the table from before the recover, every entry written since gone."""
    path = tmp_path / "t.sqlite"
    broken_journal(path)
    done = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "disk", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    kept = list(tmp_path.glob("t.sqlite.kept-*"))
    assert len(kept) == 1 and not list(tmp_path.glob("t.sqlite.rebuilding*"))
    os.replace(path, tmp_path / "shift-1.sqlite")  # the shift's journal archived
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode == 0, started.stderr
    assert "put back the file" not in started.stderr
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
    assert kept[0].exists()
