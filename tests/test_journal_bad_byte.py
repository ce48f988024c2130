"""One bad byte in a journal entry, as a disk fault leaves it (a bit flipped, 0xFF where a digit was), or an
entry zeroed whole in the middle of a shift: the entries before it stay readable by every tool, the break is
told as damage, and what lies after it is named, not dropped in silence (qaAX H1: every tool, recover too,
stopped at "Could not decode to UTF-8 column 'payload'"; M2: a salvage summed entries 1..26 of 86 and said
nothing of the three rounds after them).  The journals are written by real table sessions and damaged byte by
byte in the file, as the disk would."""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.sources.replay import BrokenRecordError, read_journal
from dealer_assist.table.journal import Journal, JournalBrokenError
from test_journal import run_cli
from test_journal_export import baccarat, deal

ROOT = Path(__file__).resolve().parents[1]

#: Each round: its bets, its cards, its stakes and the house's result (the seeds' payoffs: Banker 0.95:1).
ROUNDS = [
    ([(1, Bet.BANKER, D("25"))], ("2S", "3H", "KD", "5C"), D("25"), D("-23.75")),  # Banker 8 natural wins
    ([(2, Bet.PLAYER, D("10"))], ("9S", "KH", "QD", "5C"), D("10"), D("-10")),     # Player 9 wins
    ([(1, Bet.BANKER, D("100"))], ("2D", "3S", "KC", "5H"), D("100"), D("-95")),   # Banker 8 natural wins
]


def shift(path: Path) -> None:
    """Three rounds, each settled, the table closed (every entry in the file itself)."""
    session = baccarat(path)
    for n, (bets, cards, _, _) in enumerate(ROUNDS):
        if n:
            assert session.next_round() is None
        for seat, bet, stake in bets:
            assert session.place(seat, bet, stake) is None
        assert session.deal() is None
        deal(session, *cards)
    session.close()
    assert not Path(f"{path}-wal").exists()


def seqs(path: Path, kind: str) -> list:
    with Journal.open(path, readonly=True) as journal:
        return [e.seq for e in journal.entries() if e.kind == kind]


def bad_byte(path: Path, seq: int, how: str) -> None:
    """Damage one byte of entry ``seq``'s payload in the file: its top bit flipped, or set to 0xFF."""
    with Journal.open(path, readonly=True) as journal:
        text = journal.stored(seq)["payload"]
    stored = json.dumps(text, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    data = bytearray(path.read_bytes())
    assert data.count(stored) == 1
    at = data.index(stored) + stored.index(b"0")  # a digit of an amount or a number
    data[at] = data[at] ^ 0x80 if how == "flip" else 0xFF
    path.write_bytes(bytes(data))


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("no varint")


def zero_entry(path: Path, seq: int) -> None:
    """Zero entry ``seq``'s whole record (its cell in the table's leaf page), as a disk fault or a wipe does."""
    with Journal.open(path, readonly=True) as journal:
        digest = journal.stored(seq)["hash"].encode()
    data = bytearray(path.read_bytes())
    size = struct.unpack(">H", data[16:18])[0]
    for base in range(0, len(data), size):
        head = base + (100 if base == 0 else 0)
        if data[head] != 0x0D:
            continue
        for i in range(struct.unpack(">H", data[head + 3:head + 5])[0]):
            cell = base + struct.unpack(">H", data[head + 8 + 2 * i:head + 10 + 2 * i])[0]
            length, at = _varint(data, cell)
            rowid, at = _varint(data, at)
            if rowid == seq and digest in data[at:at + length]:
                data[cell:at + length] = bytes(at + length - cell)
                path.write_bytes(bytes(data))
                return
    raise AssertionError(f"entry {seq} not found in the file")


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], input=stdin,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("how", ["flip", "0xff"])
def test_a_bad_byte_in_a_payload_is_damage_there_and_every_entry_before_it_verifies(tmp_path, capsys, how):
    path = tmp_path / "bac.sqlite"
    shift(path)
    bad = seqs(path, "settlement")[-1]
    bad_byte(path, bad, how)
    code, out, err = run_cli(capsys, "journal", "verify", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and (report["problem"], report["first_bad_seq"], report["head_seq"]) == ("damaged", bad, bad - 1)
    assert "payload cannot be read: bytes that are no text" in report["detail"]
    code, out, err = run_cli(capsys, "journal", "verify", str(path))
    assert code == 1 and f"BROKEN at entry {bad} (damaged)" in out and f"entries 1..{bad - 1} verify" in out
    assert f"journal recover {path} --continue" in out and "interrupted write" not in out  # no power cut: mid-file


def test_every_reader_reaches_the_entries_before_a_bad_byte(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    shift(path)
    bad = seqs(path, "settlement")[-1]  # the last round's settlement
    bad_byte(path, bad, "flip")
    code, out, err = run_cli(capsys, "journal", "summary", str(path), "--allow-broken", "--json")
    got = json.loads(out)
    assert code == 0 and got["rounds"] == 2 and got["entries"] == bad - 1
    assert D(got["games"]["baccarat"]["stakes"]) == ROUNDS[0][2] + ROUNDS[1][2]
    assert got["left_out"]["first"] == bad and got["left_out"]["unreadable"] == 1
    assert f"broken at entry {bad} (damaged)" in err and "LEFT OUT" in err
    out_file = tmp_path / "rounds.csv"
    code, out, err = run_cli(capsys, "journal", "export", str(path), "--allow-broken", "--format", "csv",
                             "--out", str(out_file))
    assert code == 0 and out_file.read_text().count("\n") > 2 and "LEFT OUT" in err
    code, out, err = run_cli(capsys, "journal", "rounds", str(path), "--allow-broken", "--json")
    assert code == 0 and len(json.loads(out)["rounds"]) == 3  # the third begun, its settlement the bad entry
    code, out, err = run_cli(capsys, "journal", "show", str(path))
    shown = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [e["seq"] for e in shown] == list(range(1, len(shown) + 1)) and len(shown) > bad
    assert isinstance(shown[bad - 1]["payload"], str)  # as stored (hex), the entries after it shown too
    recorded = read_journal(path, allow_broken=True)
    assert recorded.broken is not None and recorded.broken.head_seq == bad - 1 and len(recorded.ops) > 0
    with pytest.raises(BrokenRecordError, match=f"entry {bad} \\(damaged"):
        read_journal(path)
    with pytest.raises(JournalBrokenError, match=f"at seq {bad} \\(damaged.*journal recover"):
        Journal.open(path)  # what 'run --journal' opens: refused with the supervisor's way on


@pytest.mark.parametrize("how", ["continue", "new"])
def test_a_supervisor_recovers_a_journal_with_a_bad_byte(tmp_path, how):
    path = tmp_path / "bac.sqlite"
    shift(path)
    bad = seqs(path, "bet_placed")[-1]
    bad_byte(path, bad, "0xff")
    done = cli("journal", "recover", str(path), f"--{how}", "--supervisor", "ana", "--reason", "disk fault",
               "--json", stdin="4821\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verified_seq"] == bad - 1
    with Journal.open(path) as journal:  # a table starts on it
        assert journal.verify().ok
        kept = [e for e in journal.entries() if e.kind == "journal_started"][-1].payload["previous"]
        assert len(journal) == (bad - 1 + 2 if how == "continue" else 3)  # --new: its start, the decision, the roster
    assert Path(kept).read_bytes().count(b"\xff") >= 1  # the damaged file kept, as it was


def test_an_entry_zeroed_mid_shift_is_damage_and_a_salvage_names_the_rounds_after_it(tmp_path, capsys):
    path = tmp_path / "bac.sqlite"
    shift(path)
    gone = seqs(path, "bet_placed")[0] + 1  # in the first round, after its bet
    zero_entry(path, gone)
    code, out, err = run_cli(capsys, "journal", "verify", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and (report["problem"], report["first_bad_seq"]) == ("damaged", gone), report["detail"]
    code, out, err = run_cli(capsys, "journal", "summary", str(path), "--allow-broken", "--json")
    got = json.loads(out)
    left = got["left_out"]
    assert code == 0 and got["rounds"] == 0 and left["first"] == gone and left["unreadable"] == 1
    assert [r["round"] for r in left["rounds"]] == [1, 2, 3] and left["settled"] == 3
    assert D(left["stakes"]) == sum(r[2] for r in ROUNDS) and D(left["house"]) == sum(r[3] for r in ROUNDS)
    code, out, err = run_cli(capsys, "journal", "summary", str(path), "--allow-broken")
    assert code == 0 and f"BROKEN at entry {gone} (damaged)" in out and "LEFT OUT" in out
    assert "shoe 1 rounds 1..3, 3 of them settled there (stakes 135.00, the house lost 128.75" in out
