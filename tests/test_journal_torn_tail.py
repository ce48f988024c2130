"""A journal whose file ends in zero bytes, as a power cut leaves it when the file system had made the file
longer but the data never reached the disk: an interrupted write, told as one, and gone on from with
``journal recover --continue`` (rev12: zero pages at its end were "damaged, start a new journal", and the
last entry zeroed was "inserted at entry 0" with no entry verified).  An edit is still no power cut."""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import subprocess
import sys
from pathlib import Path

from dealer_assist.table.journal import Journal

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], input=stdin,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=120)


def _journal(path: Path, entries: int = 300) -> None:
    with Journal.open(path, clock=lambda: "2026-12-06T02:00:00.000000Z") as journal:
        for n in range(entries):
            journal.append("card_read", {"round": n // 6, "card": "9S", "source": "sim", "source_seq": n})
    assert not Path(f"{path}-wal").exists()  # closed: every entry is in the file itself


def _page_size(data: bytes) -> int:
    size = struct.unpack(">H", data[16:18])[0]
    return 65536 if size == 1 else size


def _zero(path: Path, start: int, end: int) -> None:
    with open(path, "r+b") as f:
        f.seek(start)
        f.write(b"\0" * (end - start))


def _newest_cells(path: Path, count: int) -> tuple[int, int]:
    """Where the ``count`` newest entries lie in the file (start, end): the last cells of its last page,
    the entries' last leaf (written from the page's end down, the newest lowest)."""
    data = path.read_bytes()
    size = _page_size(data)
    base = len(data) - size
    page = data[base:]
    assert page[0] == 0x0D, "the file's last page is a leaf of the entries"
    cells = struct.unpack(">H", page[3:5])[0]
    pointers = [struct.unpack(">H", page[8 + 2 * i:10 + 2 * i])[0] for i in range(cells)]
    newest = pointers[-count:]
    ends = sorted(pointers) + [size]
    return base + min(newest), base + ends[ends.index(max(newest)) + 1]


def _verify(path: Path) -> tuple[int, dict, str]:
    done = _cli("journal", "verify", str(path), "--json")
    text = _cli("journal", "verify", str(path)).stdout
    return done.returncode, (json.loads(done.stdout) if done.stdout else {"error": done.stderr}), text


def _recover_continue(path: Path) -> Journal:
    done = _cli("journal", "recover", str(path), "--continue", "--supervisor", "Ann", "--reason", "power cut")
    assert done.returncode == 0, done.stderr
    return Journal.open(path, readonly=True)


def test_zero_pages_ending_the_file_are_an_interrupted_write_and_recover_goes_on_from_before_them(tmp_path):
    for pages in (1, 2):
        path = tmp_path / f"zero{pages}.sqlite"
        _journal(path)
        size = path.stat().st_size
        _zero(path, size - pages * _page_size(path.read_bytes()), size)
        code, report, text = _verify(path)
        assert code == 1, report
        assert report["problem"] == "damaged", report
        last = report["head_seq"]
        assert 250 < last < 300 and report["first_bad_seq"] == last + 1 and report["verified"] == last, report
        assert "zero bytes" in report["detail"] and "power cut" in report["detail"], report
        assert "interrupted write" in text and f"journal recover {path} --continue" in text, text
        with _recover_continue(path) as journal:
            assert journal.verify().ok
            reads = [e.payload["source_seq"] for e in journal.entries() if e.kind == "card_read"]
            assert reads == list(range(last)), "every entry before the zeros, and none invented"
            started = next(e for e in journal.entries() if e.kind == "journal_started")
            assert started.payload["previous_problem"] == "damaged"


def test_the_last_entry_zeroed_whole_is_damage_with_every_entry_before_it_verified(tmp_path):
    for count in (1, 3):
        path = tmp_path / f"cells{count}.sqlite"
        _journal(path)
        _zero(path, *_newest_cells(path, count))
        code, report, text = _verify(path)
        assert code == 1, report
        assert (report["problem"], report["first_bad_seq"], report["verified"]) == ("damaged", 301 - count,
                                                                                     300 - count), report
        assert f"journal recover {path} --continue" in text, text
        with _recover_continue(path) as journal:
            reads = [e.payload["source_seq"] for e in journal.entries() if e.kind == "card_read"]
            assert reads == list(range(300 - count))


def test_zeros_after_the_last_entry_lose_nothing(tmp_path):
    """The file made longer past its last page, nothing written there: every entry is whole."""
    path = tmp_path / "longer.sqlite"
    _journal(path, 40)
    with open(path, "ab") as f:
        f.write(b"\0" * 3 * _page_size(path.read_bytes()))
    code, report, _ = _verify(path)
    assert code == 0 and report["ok"] and report["head_seq"] == 40, report
    with Journal.open(path) as journal:  # the table goes on with it
        journal.append("round_end", {"round": 7})
        assert journal.verify().ok and len(journal) == 41


def test_damage_amid_entries_is_not_taken_for_a_torn_tail(tmp_path):
    """A page zeroed inside the file, entries intact after it: no interrupted write did that, and going on
    from before it would drop the entries after it."""
    path = tmp_path / "middle.sqlite"
    _journal(path)
    size = _page_size(path.read_bytes())
    _zero(path, 10 * size, 11 * size)
    code, report, _ = _verify(path)
    assert code == 2 and "malformed" in report["error"], report
    # one entry zeroed whole amid intact ones: broken there, every entry before it verified, and no power cut
    path = tmp_path / "cell.sqlite"
    _journal(path)
    _zero(path, _newest_cells(path, 3)[1], _newest_cells(path, 4)[1])  # the 4th newest entry only
    code, report, text = _verify(path)
    assert code == 1 and (report["first_bad_seq"], report["verified"]) == (297, 296), report
    # lost, not changed: damaged (qaAX M2: it was told "edited"), but not told as a power cut's, and the entries
    # after it are named as what going on from before it leaves in the kept file only
    assert report["problem"] == "damaged" and "interrupted write" not in text, report
    assert "the 3 entries the file holds after it cannot be verified" in text, text


def _bets(path: Path, *updates: str) -> None:
    with Journal.open(path) as journal:
        for i in range(10):
            journal.append("bet_placed", {"seat": 1, "bet": "banker", "amount": "10.00", "i": i})
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER entries_append_only_update")
    for update in updates:
        conn.execute(update)
    conn.close()


ZEROS_IN_HASH = ("UPDATE entries SET hash = substr(hash, 1, 40) || replace(hex(zeroblob(24)), '00', char(0)) "
                 "WHERE seq = 10")


def test_the_last_entry_edited_with_zeros_in_its_hash_is_an_edit_not_a_power_cut(tmp_path):
    """The journal's head, written with the last entry, names its hash: an amount changed there and the hash's
    end zeroed had been told as 'damaged ... as by a power cut'."""
    edited = tmp_path / "edited.sqlite"
    _bets(edited, "UPDATE entries SET payload = replace(payload, '10.00', '900.00') WHERE seq = 10", ZEROS_IN_HASH)
    with Journal.open(edited, readonly=True) as journal:
        report = journal.verify()
    assert (report.problem, report.first_bad_seq) == ("edited", 10), report
    torn = tmp_path / "torn.sqlite"  # the same zeros, the entry as written: a torn write
    _bets(torn, ZEROS_IN_HASH)
    with Journal.open(torn, readonly=True) as journal:
        report = journal.verify()
    assert (report.problem, report.first_bad_seq, report.head_seq) == ("damaged", 10, 9), report


def test_show_prints_the_entries_before_the_zero_pages_and_says_where_the_journal_breaks(tmp_path):
    """``journal show`` on such a file stopped at SQLite's "malformed" with nothing shown (stop 62's list)."""
    path = tmp_path / "zero.sqlite"
    _journal(path)
    size = path.stat().st_size
    _zero(path, size - _page_size(path.read_bytes()), size)
    last = _verify(path)[1]["head_seq"]
    done = _cli("journal", "show", str(path))
    assert done.returncode == 1, done.stderr
    shown = [json.loads(line) for line in done.stdout.splitlines()]
    assert [e["seq"] for e in shown] == list(range(1, last + 1))
    assert f"BROKEN at entry {last + 1}" in done.stderr and "journal verify" in done.stderr
