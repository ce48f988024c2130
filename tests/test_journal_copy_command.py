"""``dealer-assist journal copy PATH DEST``: a journal copied whole while its table runs, and told as whole
(rev13 F2).

A copy made as README and verify's NOTE advised (``sqlite3 FILE '.backup COPY'``, SQLite's backup API)
carries the running table's ``writer open`` mark and has no -wal: ``journal verify`` called it possibly
lacking its last entries, and a table started on it raised JOURNAL MAY LACK ITS LAST ENTRIES, "call a
supervisor", though it was whole.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.commands.journal import _copy_tag
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession

from test_journal_copies import play_round  # the same recorded rounds

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str) -> subprocess.CompletedProcess:
    """The command in a process of its own, as beside a running table."""
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.fixture
def running(tmp_path):
    """A table's journal still open: three rounds ended (the writer-open mark merged into the file at each
    round's end) and a fourth begun, its entries only in the -wal."""
    path = tmp_path / "j.sqlite"
    journal = Journal.open(path)
    journal.append("shoe_start", {"shoe": 1, "decks": 8})
    for number in range(1, 4):
        play_round(journal, number)
    play_round(journal, 4, ended=False)
    assert Path(f"{path}-wal").stat().st_size > 0
    yield path, journal
    journal.close()


def verified(path: Path, capsys) -> tuple[dict, str]:
    assert main(["journal", "verify", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert main(["journal", "verify", str(path)]) == 0
    return result, capsys.readouterr().out


def test_a_backup_api_copy_is_no_longer_said_to_lack_entries_with_certainty(running, tmp_path, capsys):
    path, journal = running
    backup = tmp_path / "backup.sqlite"
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    dest = sqlite3.connect(str(backup))
    source.backup(dest)
    dest.close()
    source.close()
    result, out = verified(backup, capsys)
    assert result["log_missing"] and result["count"] == len(journal)  # whole, yet marked open
    assert "'.backup'" in out and "is whole up" in out and "journal copy FILE COPY" in out


def test_journal_copy_of_a_running_table_is_whole_and_told_as_whole(running, tmp_path, capsys):
    path, journal = running
    copy = tmp_path / "usb" / "copy.sqlite"
    copy.parent.mkdir()
    done = cli("journal", "copy", str(path), str(copy))
    assert done.returncode == 0, done.stderr
    said = done.stdout
    assert f"copied to {copy}: {len(journal)} entries" in said
    result, out = verified(copy, capsys)
    with Journal.open(path, readonly=True) as source:
        head = source.verify()
    assert (result["count"], result["head_seq"], result["head_hash"]) == (head.count, head.head_seq, head.head_hash)
    assert result["log_missing"] is False and "NOTE" not in out  # round 4's entries from the -wal are in it
    assert not Path(f"{copy}-wal").exists() and copy.stat().st_mode & 0o777 == 0o640
    assert not list(tmp_path.glob("usb/.copy.sqlite.part*"))
    table = Journal.open(copy)  # a table started on the copy: no "may lack its last entries"
    assert not table.log_missing
    session = TableSession(journal=table, odds=False)
    assert not [a for a in session.snapshot.alerts if a.code == "journal_log"]
    session.close()
    journal.append("deal", {"round": 4})  # the table went on writing its own journal meanwhile
    assert len(journal) == head.count + 1


def test_journal_copy_writes_over_nothing(running, tmp_path, capsys):
    path, _ = running
    there = tmp_path / "there.sqlite"
    there.write_text("the shift report\n")
    for dest, told in ((there, "already exists"), (path, "the journal"), (Path(f"{path}-wal"), "beside the journal"),
                       (tmp_path / "no" / "c.sqlite", "does not exist")):
        before = dest.read_bytes() if dest.exists() else None
        refused = cli("journal", "copy", str(path), str(dest))
        err = refused.stderr
        assert refused.returncode == 2 and told in err and "nothing was written" in err, err
        assert (dest.read_bytes() if dest.exists() else None) == before


def test_journal_copy_of_a_file_that_is_no_journal_is_refused(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("no journal\n")
    refused = cli("journal", "copy", str(text), str(tmp_path / "c.sqlite"))
    assert refused.returncode == 2 and "not a dealer-assist journal" in refused.stderr, refused.stderr
    assert not (tmp_path / "c.sqlite").exists()


def test_journal_copy_json_gives_the_copys_count_and_head_for_a_backup_script(running, tmp_path):
    path, journal = running
    copy = tmp_path / "copy.sqlite"
    done = cli("journal", "copy", str(path), str(copy), "--json")
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert (said["path"], said["copy"], said["ok"], said["log_missing"]) == (str(path), str(copy), True, False)
    assert (said["count"], said["head_hash"]) == (len(journal), journal.last().hash)
    again = cli("journal", "copy", str(path), str(copy), "--json")
    assert again.returncode == 2 and again.stdout == "" and "nothing was written" in again.stderr


def test_the_unfinished_copy_of_a_copy_stopped_half_way_is_removed_and_named(running, tmp_path):
    """qaAE F3: a copy killed mid-way (a backup job's timeout, a stick pulled) left its hidden
    ``.DEST.part-PID`` for good, one journal's size each; the next copy into the folder now removes it."""
    path, _ = running
    stick = tmp_path / "stick"
    stick.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process that ended: its number names the copy it left
    alive = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        tag = _copy_tag()
        left = stick / f".monday.sqlite.part-{tag}-{gone.pid}"
        left.write_bytes(path.read_bytes()[:8192])  # cut short where the kill stopped it
        Path(f"{left}-journal").write_bytes(b"\0" * 512)
        underway = stick / f".tuesday.sqlite.part-{tag}-{alive.pid}"  # another copy, still being written
        underway.write_bytes(b"SQLite format 3\0")
        done = cli("journal", "copy", str(path), str(stick / "wednesday.sqlite"), "--json")
        assert done.returncode == 0, done.stderr
        assert sorted(json.loads(done.stdout)["removed_parts"]) == sorted([left.name, f"{left.name}-journal"])
        assert not left.exists() and not Path(f"{left}-journal").exists()
        assert underway.exists() and (stick / "wednesday.sqlite").exists()
        again = cli("journal", "copy", str(path), str(stick / "thursday.sqlite"))
        assert again.returncode == 0 and "removed" not in again.stderr
    finally:
        alive.stdin.close()
        alive.wait()
    left.write_bytes(b"SQLite")
    told = cli("journal", "copy", str(path), str(stick / "friday.sqlite"))
    assert told.returncode == 0 and f"removed {left}" in told.stderr and "stopped" in told.stderr


def test_a_part_of_another_computer_or_holding_no_journal_is_never_removed(running, tmp_path):
    """rev24 E9: any ``.X.part-N`` whose N was no process here was removed: in a shared backup folder (NFS)
    another computer's copy under way has a number unknown here, and another tool's file of that shape is not
    ours either.  Only a part of a copy made on this computer, holding a journal's start, goes."""
    path, _ = running
    shared = tmp_path / "shared"
    shared.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    tag = _copy_tag()
    others = [shared / f".other file.part-{gone.pid}-wal",  # the shape the old names had: not ours to judge
              shared / f".monday.sqlite.part-{'0' * 12}-{gone.pid}",  # another computer's copy
              shared / f".monday.sqlite.part-{tag}-{gone.pid}"]  # ours by name, but it holds no journal
    for other in others[:2]:
        other.write_bytes(b"SQLite format 3\0" + b"\0" * 100)
    others[2].write_bytes(b"z\n")
    done = cli("journal", "copy", str(path), str(shared / "new.sqlite"), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["removed_parts"] == [] and "removed" not in done.stderr
    assert all(other.exists() for other in others)


def test_the_part_a_stopped_copy_of_another_journal_left_is_removed_by_the_next_copy(running, tmp_path):
    """rev27 F3: the tag named the journal copied, so the part a stopped copy of Monday's journal left stayed for
    good: the next copies into the stick were of Tuesday's and later journals (one journal a gaming day)."""
    path, _ = running
    monday = tmp_path / "monday.sqlite"
    assert cli("journal", "copy", str(path), str(monday)).returncode == 0  # another journal, whole
    stick = tmp_path / "stick"
    stick.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    left = stick / f".monday-copy.sqlite.part-{_copy_tag()}-{gone.pid}"  # Monday's copy, killed half-way
    left.write_bytes(monday.read_bytes()[:8192])
    done = cli("journal", "copy", str(path), str(stick / "tuesday-copy.sqlite"), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["removed_parts"] == [left.name] and not left.exists()
