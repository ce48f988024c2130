"""``journal recover --continue`` killed at each of its steps leaves the broken journal at its path, or the
continued one whole with the supervisor's decision in it; and a second ``recover --continue`` finishes it
(rev13 F4: killed right after the rebuilt file took the path, the journal verified OK but recorded no
``correction``: who authorised the continuation, and why, was lost, and a second recover found nothing to do).

The same harness as tests/test_recover_new_interrupted.py: the recover runs in a process of its own that
dies by SIGKILL right after one of its steps is on disk (the step's fsync, or an entry's append)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.journal import Journal

from test_recover_new_interrupted import ENV, broken_journal, cli, digest  # the same harness

#: `journal recover PATH --continue`, killed by SIGKILL after its fsync number argv[2], or right after
#: its journal_started entry is appended ("started": where rev13 killed it), wherever that is written.
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
    if step == "started" and kind == "journal_started":
        os.kill(os.getpid(), signal.SIGKILL)
    return entry

journal._durable = durable
journal.Journal.append = append
main(["journal", "recover", sys.argv[1], "--continue", "--supervisor", "Bob", "--reason", "power"])
"""


def continued(path: Path, old: str) -> Path:
    """Assert the journal at ``path`` is the continued one, whole, its entries 1..6 the old ones, then its
    start and the supervisor's decision, linked to the broken file kept as it was; the kept file."""
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        entries = list(journal.entries())
    assert [e.kind for e in entries[6:]] == ["journal_started", "correction"], [e.kind for e in entries]
    assert [e.seq for e in entries[:6]] == [1, 2, 3, 4, 5, 6]
    started, decided = entries[6].payload, entries[7].payload
    kept = Path(started["previous"])
    assert started["previous_verified_seq"] == 6 and started["previous_first_bad_seq"] == 7
    assert decided["recovered"] == "journal_continue" and (path.parent / decided["kept"]).resolve() == kept
    assert decided["correction"]["named"] == "Bob" and decided["correction"]["reason"] == "power"
    assert kept.exists() and digest(kept) == old and os.stat(kept).st_nlink == 1
    assert list(path.parent.glob(f"{path.name}.kept-*")) == [kept]
    assert not list(path.parent.glob("*.starting*")) and not list(path.parent.glob("*.rebuilding*"))
    return kept


@pytest.mark.parametrize("step", ["started", "1", "2", "3", "4"])
def test_a_recover_continue_killed_at_each_step_leaves_one_journal_and_a_second_run_finishes_it(tmp_path, step):
    path = tmp_path / "t.sqlite"
    old = broken_journal(path)
    killed = subprocess.run([sys.executable, "-c", KILLED_AT_A_STEP, str(path), step], env=ENV, input="",
                            timeout=120, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    assert path.exists(), "the path never lacks a journal"
    if digest(path) != old:  # the continued journal had taken the path: it holds the decision, all done
        continued(path, old)
        again = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "power",
                    cwd=tmp_path)
        assert again.returncode == 1 and "nothing to recover" in again.stderr, again.stderr
        return
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0 and digest(path) == old, started.stderr  # no table on the broken journal
    again = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "power",
                cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    continued(path, old)


def test_a_stopped_continue_is_finished_not_decided_again_nor_as_new(tmp_path):
    """Stopped once the broken file had its kept name (its fsync, step 3), the continued journal waits whole
    beside it: ``--new`` is refused naming ``--continue``, and ``--continue`` puts it in place."""
    path = tmp_path / "t.sqlite"
    old = broken_journal(path)
    killed = subprocess.run([sys.executable, "-c", KILLED_AT_A_STEP, str(path), "3"], env=ENV, input="",
                            timeout=120, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    assert digest(path) == old and (tmp_path / "t.sqlite.starting").exists()
    started = cli("run", "--journal", "t.sqlite", "--quit-after", "0", cwd=tmp_path)
    assert started.returncode != 0 and "--continue' was stopped before it ended" in started.stderr, started.stderr
    wrong = cli("journal", "recover", "t.sqlite", "--new", "--supervisor", "Ann", "--reason", "other",
                cwd=tmp_path)
    assert wrong.returncode == 2 and "--continue" in wrong.stderr and digest(path) == old, wrong.stderr
    again = cli("journal", "recover", "t.sqlite", "--continue", "--supervisor", "Bob", "--reason", "power",
                cwd=tmp_path)
    assert again.returncode == 0 and "is finished" in again.stdout, again.stderr
    continued(path, old)
