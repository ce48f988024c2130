"""The table journal: durable, hash-chained, and loud about anything that would lose or hide an entry."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dealer_assist.cards import Card
from dealer_assist.cli import main
from dealer_assist.table.journal import (
    Journal, JournalBrokenError, JournalFullError, JournalPayloadError, JournalReadOnlyError,
    NotAJournalError, JournalCorruptError, JournalError, JournalInUseError, entry_hash, set_aside,
)


def make_journal(path: Path, n: int = 12) -> Journal:
    journal = Journal.open(path)
    for i in range(1, n + 1):
        journal.append("bet_placed", {"round": i // 4, "seat": i % 7, "bet": "banker",
                                      "stake": Decimal(i) + Decimal("0.05")})
    return journal


def deleted_entry_journal(path: Path) -> None:
    """A journal of 8 entries whose 5th a tamperer deleted (:func:`tamper_delete`): entries 1-4 verify."""
    make_journal(path, 8).close()
    conn = raw(path)
    tamper_delete(conn)
    conn.close()


def raw(path: Path) -> sqlite3.Connection:
    """A tamperer's connection: plain sqlite3, with the append-only triggers dropped."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_delete")
    return conn


def row(conn: sqlite3.Connection, seq: int) -> tuple:
    return conn.execute("SELECT seq, time, kind, payload, prev_hash, hash FROM entries WHERE seq = ?",
                        (seq,)).fetchone()


def verify_file(path: Path):
    with Journal.open(path, readonly=True) as journal:
        return journal.verify()


# --------------------------------------------------------------------------- append and read back

def test_append_and_read_back(tmp_path):
    path = tmp_path / "table.journal"
    with Journal.open(path) as journal:
        first = journal.append("shoe_start", {"shoe": 1, "decks": 8})
        card = journal.append("card_read", {"round": 1, "card": Card("T", "H"), "confidence": 0.97,
                                            "source": "serial", "source_seq": 7})
        bet = journal.append("bet_placed", {"round": 1, "seat": 3, "bet": "banker", "stake": Decimal("10.05")})
    assert (first.seq, card.seq, bet.seq) == (1, 2, 3)
    assert card.prev_hash == first.hash and bet.prev_hash == card.hash
    assert bet.payload["stake"] == "10.05" and card.payload["card"] == "TH"
    with Journal.open(path, readonly=True) as journal:
        back = list(journal.entries())
        assert back == [first, card, bet]
        assert [e.seq for e in journal.entries(from_seq=2)] == [2, 3]
        assert journal.last() == bet and len(journal) == 3
        report = journal.verify()
    assert report.ok and report.count == 3 and report.head_hash == bet.hash and report.first_bad_seq is None


def test_hash_is_recomputable_from_the_documented_fields(tmp_path):
    with Journal.open(tmp_path / "j") as journal:
        entry = journal.append("alert", {"text": "café", "code": "dup_card", "n": 2})
    canonical = json.dumps(entry.payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    record = json.dumps({"seq": entry.seq, "time": entry.time, "kind": entry.kind, "payload": entry.payload,
                         "prev_hash": entry.prev_hash}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert entry.hash == hashlib.sha256(record.encode()).hexdigest()
    assert entry.hash == entry_hash(entry.seq, entry.time, entry.kind, canonical, entry.prev_hash)


def test_chain_survives_reopen_and_two_journals_have_different_starts(tmp_path):
    with make_journal(tmp_path / "a", 3) as a, make_journal(tmp_path / "b", 3) as b:
        assert next(a.entries()).prev_hash != next(b.entries()).prev_hash
    with Journal.open(tmp_path / "a") as a:
        entry = a.append("round_end", {"round": 1})
        assert entry.seq == 4 and entry.prev_hash == list(a.entries())[2].hash
        assert a.verify().ok


def test_concurrent_appends_from_threads_keep_one_chain(tmp_path):
    with Journal.open(tmp_path / "j") as journal:
        def worker(n):
            for i in range(25):
                journal.append("card_read", {"worker": n, "i": i})
        threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        report = journal.verify()
        seen = sorted((e.payload["worker"], e.payload["i"]) for e in journal.entries())
    assert report.ok and report.count == 100
    assert seen == [(n, i) for n in range(4) for i in range(25)]


@pytest.mark.parametrize("payload, word", [
    ({"confidence": float("nan")}, "JSON"),
    ({"thing": object()}, "object"),
    ({1: "x"}, "key"),
    (["not", "a", "dict"], "dict"),
    ({"stake": Decimal("Infinity")}, "finite"),
])
def test_bad_payload_is_refused_and_nothing_written(tmp_path, payload, word):
    with make_journal(tmp_path / "j", 2) as journal:
        with pytest.raises(JournalPayloadError, match=word):
            journal.append("bet_placed", payload)
        assert len(journal) == 2 and journal.append("deal", {"round": 1}).seq == 3


def test_bad_kind_is_refused(tmp_path):
    with Journal.open(tmp_path / "j") as journal:
        for kind in ("", "two words", "semi;colon", 5):
            with pytest.raises(JournalPayloadError, match="kind"):
                journal.append(kind, {})
        assert len(journal) == 0


def test_entries_are_append_only_even_through_sqlite(tmp_path):
    path = tmp_path / "j"
    make_journal(path, 3).close()
    conn = sqlite3.connect(str(path), isolation_level=None)
    for sql in ("UPDATE entries SET kind = 'x' WHERE seq = 1", "DELETE FROM entries WHERE seq = 3"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute(sql)
    conn.close()
    assert verify_file(path).ok


# --------------------------------------------------------------------------- tampering

def tamper_edit(conn):
    payload = json.loads(row(conn, 5)[3])
    payload["stake"] = "500.05"
    conn.execute("UPDATE entries SET payload = ? WHERE seq = 5", (json.dumps(payload),))


def tamper_edit_kind(conn):
    conn.execute("UPDATE entries SET kind = 'bet_removed' WHERE seq = 5")


def tamper_edit_and_rehash(conn):
    seq, time, kind, payload, prev, _ = row(conn, 5)
    payload = json.dumps({**json.loads(payload), "stake": "999.00"}, sort_keys=True, separators=(",", ":"))
    conn.execute("UPDATE entries SET payload = ?, hash = ? WHERE seq = 5",
                 (payload, entry_hash(seq, time, kind, payload, prev)))


def tamper_delete(conn):
    conn.execute("DELETE FROM entries WHERE seq = 5")


def tamper_delete_and_renumber(conn):
    conn.execute("DELETE FROM entries WHERE seq = 5")
    conn.execute("UPDATE entries SET seq = seq + 1000000 WHERE seq > 5")
    conn.execute("UPDATE entries SET seq = seq - 1000001 WHERE seq > 1000000")


def tamper_swap(conn):
    conn.execute("UPDATE entries SET seq = -1 WHERE seq = 5")
    conn.execute("UPDATE entries SET seq = 5 WHERE seq = 8")
    conn.execute("UPDATE entries SET seq = 8 WHERE seq = -1")


def tamper_swap_adjacent_contents(conn):
    a, b = row(conn, 5), row(conn, 6)
    conn.execute("UPDATE entries SET time=?, kind=?, payload=?, prev_hash=?, hash=? WHERE seq = 5", b[1:])
    conn.execute("UPDATE entries SET time=?, kind=?, payload=?, prev_hash=?, hash=? WHERE seq = 6", a[1:])


def tamper_insert_forged(conn):
    """A careful forger: shifts the later rows and writes a self-consistent entry that chains to entry 4."""
    conn.execute("UPDATE entries SET seq = seq + 1000000 WHERE seq >= 5")
    conn.execute("UPDATE entries SET seq = seq - 1000000 + 1 WHERE seq >= 1000000")
    prev = row(conn, 4)[5]
    payload = '{"bet":"player","round":1,"seat":1,"stake":"50.00"}'
    time = row(conn, 4)[1]
    conn.execute("INSERT INTO entries VALUES (5, ?, 'bet_placed', ?, ?, ?)",
                 (time, payload, prev, entry_hash(5, time, "bet_placed", payload, prev)))
    conn.execute("UPDATE meta SET value = value + 1 WHERE key = 'head_seq'")


def tamper_insert_copy(conn):
    conn.execute("UPDATE entries SET seq = seq + 1000000 WHERE seq >= 5")
    conn.execute("UPDATE entries SET seq = seq - 1000000 + 1 WHERE seq >= 1000000")
    conn.execute("INSERT INTO entries SELECT 5, time, kind, payload, prev_hash, hash FROM entries WHERE seq = 3")


@pytest.mark.parametrize("tamper, problem, bad_seq", [
    (tamper_edit, "edited", 5),
    (tamper_edit_kind, "edited", 5),
    (tamper_edit_and_rehash, "edited", 5),
    (tamper_delete, "deleted", 5),
    (tamper_delete_and_renumber, "deleted", 5),
    (tamper_swap, "reordered", 5),
    (tamper_swap_adjacent_contents, "reordered", 5),
    (tamper_insert_forged, "inserted", 5),
    (tamper_insert_copy, "inserted", 5),
])
def test_tampering_is_detected_at_the_right_entry(tmp_path, tamper, problem, bad_seq):
    path = tmp_path / "j"
    make_journal(path, 12).close()
    good = verify_file(path)
    conn = raw(path)
    tamper(conn)
    conn.close()
    report = verify_file(path)
    assert not report.ok
    assert (report.problem, report.first_bad_seq) == (problem, bad_seq), report.detail
    assert report.verified == bad_seq - 1 and report.head_seq == bad_seq - 1
    with Journal.open(path, readonly=True) as journal:
        assert report.head_hash == next(journal.entries(bad_seq - 1)).hash
    assert good.ok and good.head_hash != report.head_hash


@pytest.mark.parametrize("sql, problem, bad_seq", [
    ("DELETE FROM entries WHERE seq >= 11", "deleted", 11),
    ("INSERT INTO entries SELECT 13, time, kind, payload, prev_hash, hash FROM entries WHERE seq = 12", "inserted", 13),
    ("DELETE FROM entries WHERE seq = 1", "deleted", 1),
    ("INSERT INTO entries SELECT 0, time, kind, payload, prev_hash, hash FROM entries WHERE seq = 1", "inserted", 0),
])
def test_tampering_at_the_ends_is_detected(tmp_path, sql, problem, bad_seq):
    path = tmp_path / "j"
    make_journal(path, 12).close()
    conn = raw(path)
    conn.execute(sql)
    conn.close()
    report = verify_file(path)
    assert (report.ok, report.problem, report.first_bad_seq) == (False, problem, bad_seq), report.detail


def test_rewriting_the_last_entry_and_the_head_is_caught_by_a_kept_head_hash(tmp_path):
    """The file alone cannot catch a full rewrite; the head hash printed by verify and kept elsewhere can."""
    path = tmp_path / "j"
    make_journal(path, 6).close()
    noted = verify_file(path).head_hash
    conn = raw(path)
    seq, time, kind, payload, prev, _ = row(conn, 6)
    payload = payload.replace('"banker"', '"player"')
    forged = entry_hash(seq, time, kind, payload, prev)
    conn.execute("UPDATE entries SET payload = ?, hash = ? WHERE seq = 6", (payload, forged))
    conn.execute("UPDATE entries SET hash = hash WHERE seq = 6")
    conn.close()
    report = verify_file(path)
    assert (report.ok, report.problem, report.first_bad_seq) == (False, "edited", 6)
    conn = raw(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'head_hash'", (forged,))
    conn.close()
    report = verify_file(path)
    assert report.ok and report.head_hash != noted


def test_a_broken_journal_is_not_opened_for_writing_and_not_changed(tmp_path):
    path = tmp_path / "j"
    make_journal(path, 8).close()
    conn = raw(path)
    tamper_edit(conn)
    conn.close()
    before = path.read_bytes()
    with pytest.raises(JournalBrokenError, match="seq 5") as info:
        Journal.open(path)
    assert info.value.report.problem == "edited"
    assert "supervisor" in str(info.value) and "kept" in str(info.value)
    assert path.read_bytes() == before


def test_supervisor_can_continue_from_the_verified_point_keeping_the_old_file(tmp_path):
    path = tmp_path / "j"
    deleted_entry_journal(path)
    journal, kept = Journal.continue_from_verified(path)
    with journal:
        entries = list(journal.entries())
        assert [e.seq for e in entries] == [1, 2, 3, 4, 5]
        assert entries[-1].kind == "journal_started" and entries[-1].payload["previous"] == str(kept)
        assert entries[-1].payload["previous_first_bad_seq"] == 5
        assert journal.verify().ok and journal.append("deal", {"round": 2}).seq == 6
    old = verify_file(kept)
    assert not old.ok and old.count == 7 and old.first_bad_seq == 5


def test_the_kept_file_is_named_by_its_whole_path_whatever_the_folder_recovery_ran_in(tmp_path, monkeypatch):
    """A recovery run as `journal recover j --continue` had recorded "j.kept-...", which names the kept
    file only from the folder it was run in."""
    monkeypatch.chdir(tmp_path)
    deleted_entry_journal(Path("j"))
    journal, kept = Journal.continue_from_verified(Path("j"))
    with journal:
        previous = list(journal.entries())[-1].payload["previous"]
    assert Path(previous).is_absolute() and Path(previous) == (tmp_path / kept).resolve()


def test_supervisor_can_start_a_new_journal_keeping_the_old_file(tmp_path):
    path = tmp_path / "j"
    make_journal(path, 8).close()
    conn = raw(path)
    tamper_swap(conn)
    conn.close()
    journal, kept = Journal.start_new(path)
    with journal:
        entries = list(journal.entries())
    assert len(entries) == 1 and entries[0].payload["previous"] == str(kept)
    assert entries[0].payload["previous_verified_seq"] == 4
    assert verify_file(kept).problem == "reordered" and verify_file(path).ok


def test_set_aside_moves_wal_with_the_file_and_loses_nothing(tmp_path):
    path = tmp_path / "j"
    journal = make_journal(path, 5)  # still open: the entries may live only in the -wal file
    kept = set_aside(path)
    journal.close()
    assert not path.exists()
    report = verify_file(kept)
    assert report.ok and report.count == 5


# --------------------------------------------------------------------------- crashes

CHILD = textwrap.dedent("""
    import hashlib, os, sys, time
    from dealer_assist.table.journal import Journal
    journal = Journal.open(sys.argv[1])
    pause = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0  # seconds between appends, as a table's pace
    pid = os.getpid()
    print("ready", flush=True)
    i = 0
    while True:
        blob = hashlib.sha256(f"{pid}:{i}".encode()).hexdigest() * 40
        entry = journal.append("card_read", {"pid": pid, "i": i, "blob": blob})
        print(entry.seq, flush=True)
        i += 1
        if pause:
            time.sleep(pause)
""")


def test_kill_9_while_appending_never_leaves_a_partial_or_lost_entry(tmp_path):
    path = tmp_path / "j"
    rng = random.Random(7)
    acknowledged = 0
    for run in range(6):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "ready"
        for _ in range(rng.randint(1, 120)):  # kill at a random point of the append loop
            acknowledged = max(acknowledged, int(child.stdout.readline()))
        time.sleep(rng.random() * 0.005)
        os.kill(child.pid, signal.SIGKILL)
        rest = child.stdout.read().split()
        child.stdout.close()
        child.wait()
        acknowledged = max([acknowledged] + [int(x) for x in rest])
        assert child.returncode == -signal.SIGKILL
        with Journal.open(path, readonly=True) as journal:
            report = journal.verify()
            entries = list(journal.entries())
        assert report.ok, report.detail
        assert entries[-1].seq >= acknowledged, "an acknowledged entry was lost"
        by_pid = {}
        for entry in entries:
            p = entry.payload
            assert p["blob"] == hashlib.sha256(f"{p['pid']}:{p['i']}".encode()).hexdigest() * 40
            by_pid.setdefault(p["pid"], []).append(p["i"])
        assert all(indexes == list(range(len(indexes))) for indexes in by_pid.values())
        assert len(by_pid) == run + 1


# --------------------------------------------------------------------------- loud failures

def test_full_disk_is_a_clear_error_and_no_partial_entry(tmp_path):
    path = tmp_path / "j"
    make_journal(path, 3).close()
    size = path.stat().st_size
    with Journal.open(path, max_size=size) as journal:
        journal.append("deal", {"round": 1})  # small entries still fit in the free space of the pages
        with pytest.raises(JournalFullError, match="full.*NOT written.*stop the table") as info:
            for _ in range(200):
                journal.append("outcome", {"round": 1, "blob": "x" * 3000})
        count = len(journal)
        assert journal.verify().ok
        assert info.value.path == str(path)
    with Journal.open(path) as journal:
        assert len(journal) == count and journal.verify().ok
        entry = journal.append("outcome", {"round": 1, "blob": "y" * 3000})
        assert entry.seq == count + 1 and journal.verify().ok


READ_ONLY_PROBE = textwrap.dedent("""
    import json, sys
    from dealer_assist.table.journal import Journal, JournalError
    result = {}
    try:
        Journal.open(sys.argv[1])
        result["write"] = "opened"
    except JournalError as exc:
        result["write"] = [type(exc).__name__, str(exc)]
    with Journal.open(sys.argv[1], readonly=True) as journal:
        result["verify"] = journal.verify().ok
        result["count"] = len(journal)
    print(json.dumps(result))
""")


def _without_root_override():
    """Run the child without root's right to write read-only files (capability bounding set)."""
    if os.geteuid() != 0:
        return
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            os._exit(99)


def test_read_only_file_is_a_clear_error_but_can_still_be_verified():
    folder = Path(tempfile.mkdtemp(prefix="journal-ro-"))
    try:
        path = folder / "j"
        make_journal(path, 4).close()
        os.chmod(path, 0o444)
        os.chmod(folder, 0o555)
        out = subprocess.run([sys.executable, "-c", READ_ONLY_PROBE, str(path)], preexec_fn=_without_root_override,
                             capture_output=True, text=True)
        if out.returncode == 99:
            pytest.skip("running as root and cannot drop CAP_DAC_OVERRIDE, so no file is read-only here")
        assert out.returncode == 0, out.stderr
        result = json.loads(out.stdout)
        kind, message = result["write"]
        assert kind == JournalReadOnlyError.__name__
        assert str(path) in message and "writable" in message
        assert result["verify"] is True and result["count"] == 4
    finally:
        os.chmod(folder, 0o755)
        for leftover in folder.iterdir():
            leftover.unlink()
        folder.rmdir()


def test_not_a_journal(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("round 1: banker wins\n" * 200)
    other = tmp_path / "other.db"
    conn = sqlite3.connect(str(other))
    conn.execute("CREATE TABLE players (name TEXT)")
    conn.commit()
    conn.close()
    for path in (text, other):
        before = path.read_bytes()
        with pytest.raises(NotAJournalError, match=str(path)):
            Journal.open(path)
        with pytest.raises(NotAJournalError):
            Journal.open(path, readonly=True)
        assert path.read_bytes() == before
    with pytest.raises(NotAJournalError, match="folder"):
        Journal.open(tmp_path)
    with pytest.raises(JournalError, match="does not exist"):
        Journal.open(tmp_path / "missing", readonly=True)
    assert not (tmp_path / "missing").exists()


def test_damaged_file_is_reported_as_corrupt(tmp_path):
    path = tmp_path / "j"
    make_journal(path, 60).close()
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    for page in range(1, len(data) // page_size):
        data[page * page_size: page * page_size + 8] = b"\xff" * 8  # wreck every b-tree page header
    path.write_bytes(bytes(data))
    with pytest.raises(JournalCorruptError, match="damaged.*start a new journal"):
        with Journal.open(path, readonly=True) as journal:
            journal.verify()


# --------------------------------------------------------------------------- the journal commands


def scripted_table(path: Path) -> None:
    """Two baccarat rounds as the session journals them; the second is voided by a supervisor."""
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1, "decks": 8})
        journal.append("shoe_burn", {"shoe": 1, "cards": ["3C", "9D", "5S", "KD"]})
        plays = {1: (["2S", "3H", "KD", "4C"], "banker", [("1", "banker", "10.05", "win", "9.54", "19.59")]),
                 2: (["9S", "TH", "KC", "QD"], "player", [("1", "banker", "10.05", "lose", "0.00", "0.00")])}
        for number, (cards, winner, lines) in plays.items():
            journal.append("round_start", {"round": number, "shoe": 1, "game": "baccarat"})
            journal.append("bet_placed", {"round": number, "seat": 1, "bet": "banker", "stake": Decimal("10.05")})
            journal.append("bet_placed", {"round": number, "seat": 2, "bet": "tie", "stake": Decimal("5")})
            journal.append("bet_undone", {"round": number, "seat": 2, "bet": "tie", "stake": Decimal("5")})
            journal.append("deal", {"round": number})
            for card, position in zip(cards, ("P1", "B1", "P2", "B2")):
                journal.append("card_read", {"round": number, "card": card, "source": "serial",
                                             "confidence": 1.0, "source_seq": 3})
                journal.append("card_assigned", {"round": number, "card": card, "position": position})
            journal.append("outcome", {"round": number, "winner": winner, "natural": number == 2})
            journal.append("settlement", {"round": number, "bets": [
                dict(zip(("seat", "bet", "stake", "result", "pays", "returns"), line)) for line in lines]})
            journal.append("round_end", {"round": number})
        journal.append("correction", {"round": 2, "supervisor": "ana", "action": "void_round",
                                      "target": {"round": 2}, "reason": "misdeal", "time": "t"})


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_verify_command_ok_and_broken(tmp_path, capsys):
    path = tmp_path / "j"
    make_journal(path, 12).close()
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and report["count"] == 12
    assert report["head_hash"] == verify_file(path).head_hash
    code, out, _ = run_cli(capsys, "journal", "verify", str(path))
    assert code == 0 and "OK, 12 entries" in out
    conn = raw(path)
    tamper_edit(conn)
    conn.close()
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and (report["ok"], report["first_bad_seq"], report["problem"]) == (False, 5, "edited")
    assert report["first_bad"]["payload"]["stake"] == "500.05"
    code, out, _ = run_cli(capsys, "journal", "verify", str(path))
    assert code == 1 and "BROKEN at entry 5 (edited)" in out and "500.05" in out


def test_show_lists_a_broken_journal_as_stored_but_says_it_is_broken(tmp_path, capsys):
    """``show`` printed an edited entry with exit 0 and no word: a reader took it for the record."""
    path = tmp_path / "j"
    make_journal(path, 8).close()
    code, out, err = run_cli(capsys, "journal", "show", str(path))
    assert code == 0 and len(out.splitlines()) == 8 and err == ""
    conn = raw(path)
    tamper_edit(conn)
    conn.close()
    code, out, err = run_cli(capsys, "journal", "show", str(path))
    assert code == 1 and len(out.splitlines()) == 8
    assert "BROKEN at entry 5 (edited)" in err and "journal verify" in err


def test_verify_command_with_a_noted_head(tmp_path, capsys):
    path = tmp_path / "j"
    journal = make_journal(path, 4)
    noted = journal.verify().head_hash
    journal.append("deal", {"round": 2})  # the journal grows after the head was noted: still fine
    journal.close()
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--expect-head", noted, "--json")
    assert code == 0 and json.loads(out)["ok"]
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--expect-head", "ab" * 32, "--json")
    assert code == 1 and json.loads(out)["problem"] == "rewritten"


def test_verify_refuses_a_shortened_head_hash_instead_of_calling_the_file_rewritten(tmp_path, capsys):
    path = tmp_path / "j"
    journal = make_journal(path, 4)
    noted = journal.verify().head_hash
    journal.close()
    for given in (noted[:12], "deadbeef", noted + "0"):
        code, out, err = run_cli(capsys, "journal", "verify", str(path), "--expect-head", given, "--json")
        assert code == 2 and out == "" and "is not a head hash" in err and "64 hexadecimal" in err
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--expect-head", noted.upper(), "--json")
    assert code == 0 and json.loads(out)["ok"]


def test_verify_command_on_a_file_that_is_not_a_journal(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("hello\n" * 300)
    code, out, err = run_cli(capsys, "journal", "verify", str(text), "--json")
    assert code == 2 and out == "" and "not a dealer-assist journal" in err


def test_export_json_gives_one_object_per_round(tmp_path, capsys):
    path = tmp_path / "j"
    scripted_table(path)
    code, out, _ = run_cli(capsys, "journal", "export", str(path), "--format", "json")
    *rounds, table = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["round"] for r in rounds] == [1, 2] and set(table) == {"table"}
    first, second = rounds
    assert [c["card"] for c in first["cards"]] == ["2S", "3H", "KD", "4C"]
    assert [c["position"] for c in first["cards"]] == ["P1", "B1", "P2", "B2"]
    assert first["bets"] == [{"seat": 1, "bet": "banker", "stake": "10.05"}]  # the undone tie bet is gone
    assert first["outcome"]["winner"] == "banker" and first["settlement"]["bets"][0]["pays"] == "9.54"
    assert (first["status"], first["shoe"], first["game"]) == ("complete", 1, "baccarat")
    assert second["status"] == "voided" and second["corrections"][0]["reason"] == "misdeal"
    assert (second["settlement"], second["cards"]) == (None, [])  # taken back, and kept apart:
    assert [s["bets"][0]["result"] for s in second["voided_settlements"]] == ["lose"]
    assert [c["card"] for c in second["voided_cards"]] == ["9S", "TH", "KC", "QD"]


def test_export_csv_gives_one_row_per_bet(tmp_path, capsys):
    path = tmp_path / "j"
    scripted_table(path)
    out_file = tmp_path / "rounds.csv"
    code, out, _ = run_cli(capsys, "journal", "export", str(path), "--format", "csv", "--out", str(out_file),
                           "--json")
    assert code == 0 and json.loads(out)["rounds"] == 2
    rows = list(csv.DictReader(io.StringIO(out_file.read_text())))
    assert [(r["round"], r["winner"], r["result"], r["pays"]) for r in rows] == [
        ("1", "banker", "win", "9.54"), ("2", "", "", "")]  # round 2 was voided after its settlement
    assert (rows[1]["status"], rows[1]["stake"]) == ("voided", "10.05")
    assert rows[0]["cards"] == "2S 3H KD 4C"


def test_export_refuses_a_broken_journal_unless_asked(tmp_path, capsys):
    path = tmp_path / "j"
    scripted_table(path)
    conn = raw(path)
    conn.execute("DELETE FROM entries WHERE seq = 25")  # inside round 2
    conn.close()
    code, out, err = run_cli(capsys, "journal", "export", str(path))
    assert code == 1 and out == "" and "entry 25" in err and "--allow-broken" in err
    code, out, err = run_cli(capsys, "journal", "export", str(path), "--allow-broken")
    rounds = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "1..24 only" in err
    assert rounds[0]["status"] == "complete" and rounds[1]["status"] == "open" and rounds[1]["last_seq"] == 24


def test_only_one_writer_at_a_time(tmp_path):
    path = tmp_path / "j"
    with make_journal(path, 2):
        with pytest.raises(JournalInUseError, match=f"process {os.getpid()}.*another --journal PATH"):
            Journal.open(path)
        with Journal.open(path, readonly=True) as reader:  # readers (verify, export) are welcome
            assert reader.verify().ok
    with Journal.open(path) as again:  # closing released it
        assert again.append("deal", {"round": 1}).seq == 3


def test_a_journal_dropped_unclosed_does_not_lock_its_file_until_exit(tmp_path):
    """A table object thrown away on an error path (its connection goes with it) released SQLite's
    locks but kept the writer lock: the same process could not open its journal again."""
    import gc

    path = tmp_path / "j"
    journal = Journal.open(path)
    journal.append("deal", {"round": 1})
    del journal
    gc.collect()
    with Journal.open(path) as again:
        assert again.append("deal", {"round": 2}).seq == 2


def test_a_killed_writer_does_not_leave_the_journal_locked(tmp_path):
    path = tmp_path / "j"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    child.stdout.close()
    with Journal.open(path) as journal:
        assert journal.verify().ok


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "j"
    make_journal(path, 20).close()
    return path


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seq=st.integers(1, 20), column=st.sampled_from(["time", "kind", "payload", "prev_hash", "hash"]),
       junk=st.text(min_size=1, max_size=8))
def test_any_single_edit_is_caught_at_that_entry(tmp_path, template, seq, column, junk):
    path = tmp_path / f"edit-{seq}-{column}"
    shutil.copy(template, path)
    conn = raw(path)
    if column == "payload":
        value = json.dumps({**json.loads(row(conn, seq)[3]), "note": junk})
    else:
        value = row(conn, seq)[("time", "kind", "payload", "prev_hash", "hash").index(column) + 1] + junk
    conn.execute(f"UPDATE entries SET {column} = ? WHERE seq = ?", (value, seq))
    conn.close()
    report = verify_file(path)
    assert (report.ok, report.problem, report.first_bad_seq) == (False, "edited", seq), report.detail
    path.unlink()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seqs=st.sets(st.integers(1, 20), min_size=1, max_size=5))
def test_any_deletion_is_caught_at_the_first_missing_entry(tmp_path, template, seqs):
    path = tmp_path / "delete"
    shutil.copy(template, path)
    conn = raw(path)
    conn.executemany("DELETE FROM entries WHERE seq = ?", [(s,) for s in seqs])
    conn.close()
    report = verify_file(path)
    assert (report.ok, report.problem, report.first_bad_seq) == (False, "deleted", min(seqs)), report.detail
    path.unlink()


def test_verify_while_a_table_is_appending_sees_a_consistent_journal(tmp_path):
    path = tmp_path / "j"
    Journal.open(path).close()
    # Paced like a busy table (a card every few milliseconds), so that the reader verifies many
    # times while the journal grows even where a verify is slow; unpaced, a fast writer reached
    # 300 entries between two verifies on a loaded machine.
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), "0.005"], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        reports = []
        deadline = time.monotonic() + 20
        with Journal.open(path, readonly=True) as reader:
            while time.monotonic() < deadline and (not reports or reports[-1].count < 300):
                reports.append(reader.verify())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
    assert all(r.ok for r in reports), next(r.detail for r in reports if not r.ok)
    assert reports[-1].count >= 300 and len({r.count for r in reports}) > 3  # verified while it grew


@pytest.mark.parametrize("tamper", ["UPDATE entries SET payload = '[1, 2]' WHERE seq = 5",
                                    "UPDATE entries SET payload = '\"text\"' WHERE seq = 5"])
def test_export_of_a_payload_that_is_no_object_is_left_out_in_words(tmp_path, capsys, tamper):
    """With --allow-broken it ended in ``AttributeError: 'list' object has no attribute 'get'``, then refused the
    export whole: the entries before the break are what a salvage gives (qaAX H1), that one named as unreadable."""
    path = tmp_path / "j"
    make_journal(path, 8).close()
    conn = raw(path)
    conn.execute(tamper)
    conn.close()
    code, out, err = run_cli(capsys, "journal", "export", str(path))
    assert code == 1 and "fails its check at entry 5" in err
    code, out, err = run_cli(capsys, "journal", "export", str(path), "--allow-broken")
    assert code == 0 and "exporting entries 1..4 only; entries 5..8 after the break (4, 1 of them unreadable)" in err
    code, out, err = run_cli(capsys, "journal", "show", str(path))
    assert code == 1 and json.loads(out.splitlines()[4])["payload"] == json.loads(tamper.split("'")[1])


def test_verify_names_an_entry_whose_number_or_payload_is_stored_as_no_program_writes_it(tmp_path, capsys):
    """A text seq raised ``TypeError: '<' not supported``; a bytes payload could not be printed."""
    path = tmp_path / "j"
    make_journal(path, 8).close()
    conn = raw(path)
    conn.execute("UPDATE entries SET payload = X'ff00' WHERE seq = 3")
    conn.close()
    code, out, _ = run_cli(capsys, "journal", "verify", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and report["first_bad_seq"] == 3 and report["first_bad"]["payload"] == "ff00"
    # SQLite keeps an INTEGER PRIMARY KEY numeric; a table rebuilt by other software need not:
    # the chain check is given such rows directly.
    from dealer_assist.table.chain import check_chain

    path = tmp_path / "k"
    journal = make_journal(path, 8)
    head, rows = journal.verify(), list(raw(path).execute(
        "SELECT seq, time, kind, payload, prev_hash, hash FROM entries ORDER BY seq"))
    genesis = rows[0][4]
    journal.close()
    rows[4] = ("x5", *rows[4][1:])
    report = check_chain(rows, genesis, head.head_seq, head.head_hash)
    assert not report.ok and report.first_bad_seq == 5 and "stored as 'x5'" in report.detail


def test_an_emptied_journal_is_not_started_anew_in_the_same_file(tmp_path):
    """`truncate -s 0 journal`: the table started a new journal in that file, and it verified clean."""
    from dealer_assist.table.journal import NotAJournalError

    path = tmp_path / "j.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1})
    path.write_bytes(b"")
    with pytest.raises(NotAJournalError, match="is an empty file: a table's journal is never empty"):
        Journal.open(path)
    assert path.read_bytes() == b""  # left as found, for whoever investigates


def test_the_writer_lock_never_follows_a_link_and_meets_a_journal_reached_by_two_names(tmp_path):
    """A `.lock` linked to another file had that file truncated to the pid; a journal opened through a
    symlink and by its own name took two locks, and two tables wrote one chain."""
    other = tmp_path / "other.txt"
    other.write_text("keep me")
    path = tmp_path / "t.sqlite"
    (tmp_path / "t.sqlite.lock").symlink_to(other)
    with pytest.raises(JournalError, match="lock file .* is a link"):
        Journal.open(path)
    assert other.read_text() == "keep me"
    real = tmp_path / "real.sqlite"
    alias = tmp_path / "alias.sqlite"
    with Journal.open(real) as journal:
        journal.append("shoe_start", {"shoe": 1})
        alias.symlink_to(real)
        with pytest.raises(JournalInUseError):
            Journal.open(alias)


def test_a_journal_with_a_second_name_is_not_written_by_either(tmp_path):
    """Two tables on one journal through a hard link took two locks and two write-ahead logs: the
    first one's 178 entries were lost when the second's log was merged, and the chain verified."""
    import os

    path = tmp_path / "t.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1})
    os.link(path, tmp_path / "t2.sqlite")
    for name in (path, tmp_path / "t2.sqlite"):
        with pytest.raises(JournalError, match=r"has 2 names \(hard links.*remove the other links.*nothing was written"):
            Journal.open(name)
    with Journal.open(path, readonly=True) as journal:  # reading it is harmless
        assert journal.verify().ok and len(list(journal.entries())) == 1
    os.unlink(tmp_path / "t2.sqlite")
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 2})


def test_a_supervisor_recovers_a_broken_journal_from_the_command_line(tmp_path, capsys, monkeypatch):
    """The refusal to start said a supervisor decides to continue or start anew, and no command did either:
    the only way on was another --journal, with no PIN and no link to the old file."""
    import io

    from dealer_assist.table.supervisor import hash_pin

    path = tmp_path / "j"
    deleted_entry_journal(path)
    with pytest.raises(JournalBrokenError, match="journal recover .* --continue"):
        Journal.open(path)
    config = tmp_path / "table.toml"
    config.write_text(f'[[supervisors]]\nname = "Ana"\npin_hash = "{hash_pin("4821", n=2 ** 10)}"\n')
    before = path.read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO("0000\n"))
    code, _, err = run_cli(capsys, "journal", "recover", str(path), "--continue", "--supervisor", "Ana",
                           "--reason", "disk fault", "--config", str(config))
    assert code == 1 and "wrong PIN" in err and "not changed" in err and path.read_bytes() == before
    assert "2 more tries" in err  # kept beside the broken file, which cannot record it
    monkeypatch.setattr("sys.stdin", io.StringIO("4821\n"))
    code, out, _ = run_cli(capsys, "journal", "recover", str(path), "--continue", "--supervisor", "Ana",
                           "--reason", "disk fault", "--config", str(config), "--json")
    result = json.loads(out)
    assert code == 0 and result["verified_seq"] == 4 and Path(result["kept"]).is_file()
    with Journal.open(path) as journal:
        entries = list(journal.entries())
    assert journal is not None and [e.kind for e in entries][-2:] == ["journal_started", "correction"]
    decided = entries[-1].payload
    assert decided["recovered"] == "journal_continue" and decided["correction"]["supervisor"] == "Ana"
    assert decided["correction"]["reason"] == "disk fault" and decided["kept"] == result["kept"]
    code, _, err = run_cli(capsys, "journal", "recover", str(path), "--new", "--supervisor", "Ana", "--reason", "x")
    assert code == 1 and "nothing to recover" in err


def test_a_new_journal_is_readable_by_its_owner_and_group_only(tmp_path):
    """It was 0644 (the umask's): any user of the machine could read the casino's record."""
    path = tmp_path / "j.sqlite"
    with Journal.open(path) as journal:
        journal.append("shoe_start", {"shoe": 1})
        assert path.stat().st_mode & 0o777 == 0o640
        wal = Path(str(path) + "-wal")
        assert not wal.exists() or wal.stat().st_mode & 0o007 == 0


def test_a_journal_whose_guards_were_removed_is_named_though_every_entry_chains(tmp_path, capsys, monkeypatch):
    """Dropping the append-only triggers was not noticed by verify nor at the start: the file had been
    worked on outside dealer-assist, and nothing said so."""
    import io

    path = tmp_path / "j"
    make_journal(path, 4).close()
    raw(path).close()  # the triggers dropped, no entry touched
    code, out, _ = run_cli(capsys, "journal", "verify", str(path))
    assert code == 1 and "UNGUARDED" in out and "worked on outside dealer-assist" in out
    with pytest.raises(JournalCorruptError, match="append-only guards .* were removed"):
        Journal.open(path)
    # export and replay had taken it with exit 0 and no word
    code, out, err = run_cli(capsys, "journal", "export", str(path))
    assert code == 1 and out == "" and "guards (triggers) were removed" in err and "--allow-broken" in err
    code, out, err = run_cli(capsys, "journal", "export", str(path), "--allow-broken")
    assert code == 0 and out and "warning" in err and "guards (triggers) were removed" in err
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.replay import read_journal

    with pytest.raises(SourceError, match="cannot replay .*guards .*were removed.*--allow-broken"):
        read_journal(path)
    with pytest.raises(SourceError, match="holds no table operations"):  # past the guards: its bets have no op
        read_journal(path, allow_broken=True)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, _ = run_cli(capsys, "journal", "recover", str(path), "--continue", "--supervisor", "Ana",
                         "--reason", "triggers dropped")
    assert code == 0
    with Journal.open(path) as journal:  # rebuilt: the guards are back, the entries kept
        assert journal.guards_intact() and [e.kind for e in journal.entries()][:4] == ["bet_placed"] * 4


def test_a_rebuilt_journal_is_owner_and_group_readable_as_a_new_one(tmp_path):
    path = tmp_path / "j"
    deleted_entry_journal(path)
    journal, _ = Journal.continue_from_verified(path)
    journal.close()
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_journal_cut_shorter_than_sqlites_header_is_not_written_over(tmp_path):
    """SQLite takes a file of under 10 bytes for an empty database: a journal truncated that short was
    silently replaced by a new one, its remains gone."""
    from dealer_assist.table.journal import UnreadableFileError

    path = tmp_path / "j.sqlite"
    make_journal(path, 3).close()
    for size in (1, 9):
        # a journal's first bytes, as a cut leaves them (nine "S"s would be text: a wrong path, not a journal)
        path.write_bytes(path.read_bytes()[:size] if path.stat().st_size > size else b"SQLite format 3\0"[:size])
        before = path.read_bytes()
        with pytest.raises(UnreadableFileError, match="journal recover .* --new"):
            Journal.open(path)
        assert path.read_bytes() == before


@pytest.mark.parametrize("damage", ["random bytes", "emptied", "cut short"])
def test_a_journal_nothing_can_be_read_from_is_started_anew_by_a_supervisor(tmp_path, capsys, monkeypatch, damage):
    """`recover --new` refused a file SQLite cannot open, the very file the table's refusal sent it to:
    a journal whose header a disk fault destroyed had no way on but another --journal, unlinked."""
    import io

    path = tmp_path / "j.sqlite"
    make_journal(path, 3).close()
    wrecked = {"random bytes": bytes(range(256)) * 20, "emptied": b"", "cut short": b"SQL"}[damage]
    path.write_bytes(wrecked)
    with pytest.raises(JournalError, match="journal recover .* --new"):
        Journal.open(path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run_cli(capsys, "journal", "recover", str(path), "--continue", "--supervisor", "Ana",
                           "--reason", "disk fault")
    assert code == 2 and "--new instead of --continue" in err and path.read_bytes() == wrecked
    code, out, _ = run_cli(capsys, "journal", "recover", str(path), "--new", "--supervisor", "Ana",
                           "--reason", "disk fault", "--json")
    result = json.loads(out)
    assert code == 0 and Path(result["kept"]).read_bytes() == wrecked  # kept, byte for byte
    with Journal.open(path) as journal:  # the table starts on it
        assert journal.verify().ok
        first, decided = list(journal.entries())
    assert first.kind == "journal_started" and first.payload["previous"] == result["kept"]
    assert decided.payload["recovered"] == "journal_new" and decided.payload["correction"]["reason"] == "disk fault"
    assert decided.payload["correction"]["target"]["problem"] == "unreadable"



def test_recover_new_refuses_a_text_file_as_no_journal(tmp_path, capsys, monkeypatch):
    """A mistyped path (the table's config) was set aside and a journal put in its place."""
    import io

    config = tmp_path / "table.toml"
    config.write_text('[table]\nseats = 7\nchips = ["5", "25"]\n')
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run_cli(capsys, "journal", "recover", str(config), "--new", "--supervisor", "Ana", "--reason", "x")
    assert code == 2 and "holds text, not a damaged journal" in err
    assert config.read_text().startswith("[table]") and list(tmp_path.iterdir()) == [config]


def test_verify_of_a_text_file_says_the_path_is_wrong_not_to_recover_it(tmp_path, capsys):
    """rev24 E7: `journal verify table.toml` told to run `journal recover table.toml --new`, which then refused
    it as text: the first message sent the user round in a circle."""
    config = tmp_path / "table.toml"
    config.write_text('[table]\nseats = 7\n')
    code, _, err = run_cli(capsys, "journal", "verify", str(config))
    assert code == 2 and "It holds text" in err and "the path is wrong" in err
    assert "recover" not in err and config.read_text() == '[table]\nseats = 7\n'


def test_a_journal_that_cannot_be_made_is_a_message_not_a_traceback(tmp_path, monkeypatch):
    """A new journal in a folder this user cannot write had ended in a PermissionError traceback.
    CI runs as root, who writes anywhere: the kernel's refusal is given as it gives it to a user."""
    import os

    from dealer_assist.table import journal as journal_module

    real_open = os.open

    def refused(path, flags, *args):
        if str(path).endswith("t.sqlite"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(journal_module.os, "open", refused)
    with pytest.raises(JournalError, match=r"cannot create journal .*Permission denied.*--journal PATH in a folder "
                                           r"you can write"):
        Journal.open(tmp_path / "t.sqlite")
    assert not (tmp_path / "t.sqlite").exists()


def test_the_folders_made_for_a_journal_are_the_owners_and_groups_only(tmp_path):
    """Only the last folder had been made 0750; those above it 0755."""
    import stat

    from dealer_assist.ui.app import open_journal

    journal = open_journal(tmp_path / "a" / "b" / "c" / "t.sqlite")
    journal.close()
    for folder in (tmp_path / "a", tmp_path / "a" / "b", tmp_path / "a" / "b" / "c"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o750, folder


def test_a_table_stopped_by_its_journal_exits_4_not_0(tmp_path, qtbot, capsys):
    """A full disk stopped the table (the window said so) and `run --json` still ended with code 0."""
    from PySide6.QtWidgets import QApplication

    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.table.config import AppConfig
    from dealer_assist.ui.app import TABLE_STOPPED, exec_table, open_table
    from dealer_assist.ui.main_window import Options

    table = open_table(config=AppConfig(), source_spec="manual", journal_path=tmp_path / "t.sqlite",
                       options=Options(sound=False), odds=False, start=True)
    table.session._journal.close()  # the disk went away under it
    table.session.skip_burn()
    assert table.session.snapshot.stopped and "journal cannot be written" in table.session.snapshot.stopped
    code = exec_table(QApplication.instance(), table, size=(800, 600), fullscreen=False, screenshot=None,
                      quit_after=0.2)
    assert code == TABLE_STOPPED == 4
    assert "the table stopped: the journal cannot be written" in capsys.readouterr().err
    assert table.session.place(1, Bet.PLAYER) == table.session.snapshot.stopped


@pytest.mark.parametrize("made", ["png", "mp4", "zip"])
def test_recover_new_refuses_an_image_a_video_or_an_archive_as_no_journal(tmp_path, capsys, monkeypatch, made):
    """qaAE F4: a screenshot given for the journal was set aside and a journal put in its place; verify even
    suggested recover --new for it.  Real files: a card image, the demo video (its first 64 KiB), a zip."""
    import io
    import zipfile

    wrong = tmp_path / f"shot.{made}"
    if made == "png":
        wrong.write_bytes((Path(__file__).parent / "images" / "ancient_french_KH_gain1.25.png").read_bytes())
    elif made == "mp4":
        with open(Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo" / "baccarat.mp4",
                  "rb") as video:
            wrong.write_bytes(video.read(65536))
    else:
        with zipfile.ZipFile(wrong, "w") as archive:
            archive.writestr("table.toml", "[table]\nseats = 7\n")
    before = wrong.read_bytes()
    code, out, err = run_cli(capsys, "journal", "verify", str(wrong))
    kind = {"png": "a PNG image", "mp4": "an MP4/MOV video", "zip": "a zip archive"}[made]
    assert code == 2 and f"It is {kind}" in err and "journal recover" not in out + err
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run_cli(capsys, "journal", "recover", str(wrong), "--new", "--supervisor", "Ana", "--reason", "x")
    assert code == 2 and f"is {kind}" in err and "by its first bytes, not a damaged journal" in err
    assert wrong.read_bytes() == before and list(tmp_path.iterdir()) == [wrong]
