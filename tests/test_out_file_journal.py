"""No command writes its output over a journal or a file kept beside one (qaI F1).

``journal export J --out J`` had replaced the table's journal with its export,
exit 0, and ``--out J-wal`` had cut its newest entries off while ``verify`` still
said OK.  Each command is run as the user runs it (``python -m dealer_assist.cli``
in a process of its own) on journals a real table session wrote.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

REPO = Path(__file__).resolve().parents[1]


def cli(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def played(path: Path) -> TableSession:
    """A table that played a round at ``path``, still open (its newest entries in the -wal)."""
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path), odds=False)
    assert session.place(1, Bet.BANKER, D("25")) is None and session.deal() is None
    for code in ("9S", "KH", "QD", "5C"):
        assert session.enter_card(code) is None
    return session


def files_of(folder: Path) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def entries(path: Path) -> int:
    with Journal.open(path, readonly=True) as journal:
        report = journal.verify()
    assert report.ok
    return report.count


@pytest.fixture
def closed(tmp_path):
    path = tmp_path / "t.sqlite"
    played(path).close()
    (tmp_path / "t.sqlite.pin-tries").write_text('{"ana": {"failures": 2, "locked_for": 0, "at": 0}}')
    return path


@pytest.mark.parametrize("out", ["t.sqlite", "./t.sqlite", "link.sqlite", "hard.sqlite", "t.sqlite-wal",
                                 "t.sqlite-shm", "t.sqlite.lock", "t.sqlite.pin-tries", "other.sqlite",
                                 "other.sqlite-wal"])
def test_an_export_onto_the_journal_or_a_file_beside_it_is_refused_and_nothing_changes(closed, out):
    folder = closed.parent
    (folder / "link.sqlite").symlink_to("t.sqlite")
    os.link(closed, folder / "hard.sqlite")
    shutil.copy(closed, folder / "other.sqlite")
    count, before = entries(closed), files_of(folder)
    for fmt in ("json", "csv"):
        done = cli("journal", "export", "t.sqlite", "--format", fmt, "--out", out, cwd=folder)
        assert done.returncode == 2, done.stdout
        assert f"--out {out} is " in done.stderr and "nothing was written" in done.stderr, done.stderr
        assert "e.g. rounds." + fmt in done.stderr
    assert files_of(folder) == before and entries(closed) == count
    assert cli("journal", "export", "t.sqlite", "--out", "rounds.json", cwd=folder).returncode == 0


def test_an_export_onto_a_live_tables_wal_is_refused_and_the_table_goes_on(tmp_path):
    path = tmp_path / "live.sqlite"
    session = played(path)
    try:
        wal = tmp_path / "live.sqlite-wal"
        assert wal.stat().st_size > 0
        count, before = entries(path), wal.read_bytes()
        for out in ("live.sqlite-wal", "live.sqlite"):
            done = cli("journal", "export", "live.sqlite", "--out", out, cwd=tmp_path)
            assert done.returncode == 2 and "nothing was written" in done.stderr, done.stderr
        assert wal.read_bytes() == before
        assert session.next_round() is None and session.place(1, Bet.PLAYER, D("10")) is None  # it writes on
    finally:
        session.close()
    assert entries(path) > count


def test_a_screenshot_or_a_progress_file_onto_a_journal_is_refused(closed):
    folder = closed.parent
    shutil.copy(closed, folder / "shot.png")
    before = files_of(folder)
    shot = cli("replay", "t.sqlite", "--quit-after", "0", "--screenshot", "shot.png", cwd=folder)
    assert shot.returncode == 2 and "--screenshot shot.png is an SQLite database" in shot.stderr, shot.stderr
    shot = cli("run", "--journal", "shot.png", "--quit-after", "0", "--screenshot", "shot.png", cwd=folder)
    assert shot.returncode == 2 and "--screenshot shot.png is the journal shot.png itself" in shot.stderr, shot.stderr
    store = cli("train", "--store", "t.sqlite-wal", "--progress", cwd=folder)
    assert store.returncode == 2 and "--store t.sqlite-wal is the file t.sqlite-wal kept beside the journal" \
        in store.stderr, store.stderr
    assert files_of(folder) == before


def test_a_shoe_simulators_link_beside_a_journal_is_refused(closed):
    folder = closed.parent
    try:
        link = cli("shoe-sim", "--link", "t.sqlite-wal", cwd=folder, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("the simulator ran with its link as the journal's -wal")
    assert link.returncode == 2 and "--link t.sqlite-wal is the file" in link.stderr, link.stderr
    assert not os.path.lexists(folder / "t.sqlite-wal")


def test_verify_does_not_vouch_for_a_journal_file_replaced_by_text_beside_its_wal(tmp_path):
    """qaI F1: a live journal's file replaced by text, its -wal still beside it: SQLite read every page
    from the -wal and verify said OK."""
    path = tmp_path / "live.sqlite"
    session = played(path)
    try:
        text = tmp_path / "export.json"
        text.write_text('{"round": 1, "status": "complete"}\n' * 200)
        os.replace(text, path)
        done = cli("journal", "verify", "live.sqlite", cwd=tmp_path)
        assert done.returncode == 2, done.stdout
        assert "live.sqlite is not a dealer-assist journal (not an SQLite database)" in done.stderr, done.stderr
        assert "live.sqlite-wal beside it" in done.stderr
    finally:
        session.close()


SHOTS = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "plastic"


@pytest.mark.skipif(not SHOTS.is_dir(), reason="shared card images not found")
def test_a_calibration_is_not_written_where_a_journals_wal_goes(closed):
    """A profile folder named as the journal's -wal: SQLite could no longer open the journal's log."""
    folder = closed.parent
    before = files_of(folder)
    done = cli("calibrate", "--images", str(SHOTS), "--out", "t.sqlite-wal", cwd=folder)
    assert done.returncode == 2 and "--out t.sqlite-wal is the file t.sqlite-wal kept beside the journal" \
        in done.stderr, done.stderr
    shots = cli("calibrate", "--camera", "0", "--images", "t.sqlite-shm", "--out", "deck", cwd=folder)
    assert shots.returncode == 2 and "--images t.sqlite-shm is the file" in shots.stderr, shots.stderr
    assert files_of(folder) == before and not (folder / "t.sqlite-wal").exists()


def test_a_journal_whose_first_page_a_power_cut_zeroed_is_read_through_its_wal(tmp_path):
    """rev11: a journal whose first page was torn to zeros while its -wal still held that page was refused
    as 'not a dealer-assist journal', and recover then offered only --new (the table's continuation lost);
    SQLite reads the page back from the -wal and the chain, checked, holds."""
    live = tmp_path / "live.sqlite"
    session = played(live)
    try:
        for end in ("", "-wal"):
            shutil.copy(f"{live}{end}", tmp_path / f"torn.sqlite{end}")
    finally:
        session.close()
    torn = tmp_path / "torn.sqlite"
    with open(torn, "r+b") as f:
        f.write(b"\0" * 4096)
    done = cli("journal", "verify", "torn.sqlite", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "not a dealer-assist journal" not in done.stderr and ": OK, 10 entries" in done.stdout, done.stdout
    recovered = cli("journal", "recover", "torn.sqlite", "--continue", "--supervisor", "ana", "--reason", "power cut",
                    cwd=tmp_path)
    assert "--new" not in recovered.stdout + recovered.stderr, recovered.stdout + recovered.stderr


def test_an_export_to_a_symlink_loop_is_written_without_a_traceback(closed):
    """rev11 F6: --out naming a symlink loop ended in a Python traceback ('RuntimeError: Symlink loop from ...'
    out of the journal check); the export is written there, as before the check."""
    folder = closed.parent
    os.symlink("loopa", folder / "loopb")
    os.symlink("loopb", folder / "loopa")
    done = cli("journal", "export", "t.sqlite", "--format", "csv", "--out", "loopa", cwd=folder)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert (folder / "loopa").is_file() and "round" in (folder / "loopa").read_text()
    assert entries(closed) == 10
