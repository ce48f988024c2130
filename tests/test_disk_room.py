"""A journal's disk nearly full is told while the table still runs: a full one stops it (a soak audit found
nothing warned before)."""

from __future__ import annotations

import re
import shutil

from dealer_assist.shoe import ShoeRules
from dealer_assist.table import disk_room
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules


def _table(path) -> TableSession:
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    session.deal()
    return session


def _deal_a_round(session: TableSession) -> None:
    for code in ("9S", "2H", "TC", "3D"):
        assert session.enter_card(code) is None
    assert session.next_round() is None


def _disk_alerts(session: TableSession) -> list:
    return [a for a in session.snapshot.alerts if a.code == "disk"]


def test_a_nearly_full_disk_raises_a_warning_that_goes_once_space_is_freed(tmp_path, monkeypatch):
    free = shutil.disk_usage(tmp_path).free
    monkeypatch.setattr(disk_room, "DISK_EVERY", 3)
    monkeypatch.setattr(disk_room, "LOW_DISK", free + 2**30)  # this disk, as if 1 GB short of the threshold
    session = _table(tmp_path / "t.sqlite")
    _deal_a_round(session)
    warned = _disk_alerts(session)
    assert len(warned) == 1 and warned[0].title == "DISK NEARLY FULL" and warned[0].level == "warning"
    assert str(tmp_path) in warned[0].text
    # rounds of room, counted from the free bytes the -wal leaves (other programs write to this disk meanwhile:
    # the free bytes move by a few MB between the test's look and the table's)
    rounds = int(re.search(r"room for about ([\d,]+) more rounds", warned[0].text).group(1).replace(",", ""))
    expected = (free - disk_room.WAL_ROOM) // disk_room.ROUND_BYTES
    assert abs(rounds - expected) <= 64 * 2**20 // disk_room.ROUND_BYTES, (rounds, expected)
    _deal_a_round(session)
    assert len(_disk_alerts(session)) == 1  # not raised again and again
    monkeypatch.setattr(disk_room, "LOW_DISK", 0)  # space freed
    _deal_a_round(session)
    assert not _disk_alerts(session)
    session.close()
    with Journal.open(tmp_path / "t.sqlite", readonly=True) as journal:
        entries = list(journal.entries())
    alerts = [e for e in entries if e.kind == "alert" and e.payload["code"] == "disk"]
    assert len(alerts) == 1
    before = entries[alerts[0].seq - 2]  # QA: it was written between an operation's entry and what it showed
    assert before.kind != "alert" and alerts[0].payload["round"] == before.payload.get("round", alerts[0].payload["round"])


def test_the_warning_turns_to_an_error_as_the_disk_fills_and_keeps_its_figures_current(tmp_path, monkeypatch):
    free = shutil.disk_usage(tmp_path).free
    monkeypatch.setattr(disk_room, "DISK_EVERY", 2)
    monkeypatch.setattr(disk_room, "LOW_DISK", free + 2**30)
    session = _table(tmp_path / "t.sqlite")
    _deal_a_round(session)
    first = _disk_alerts(session)[0]
    monkeypatch.setattr(disk_room, "ROUND_BYTES", disk_room.ROUND_BYTES * 1000)  # the figures change
    _deal_a_round(session)
    again = _disk_alerts(session)[0]
    assert again.level == "warning" and again.text != first.text
    assert f"{(free - disk_room.WAL_ROOM) // disk_room.ROUND_BYTES // 1000:,}" in again.text
    monkeypatch.setattr(disk_room, "FULL_SOON", free + 2**29)
    _deal_a_round(session)
    (full,) = _disk_alerts(session)
    assert full.level == "error" and full.title == "DISK ALMOST FULL"


def test_a_disk_that_cannot_be_asked_leaves_the_warning_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(disk_room, "DISK_EVERY", 2)
    monkeypatch.setattr(disk_room, "LOW_DISK", shutil.disk_usage(tmp_path).free + 2**30)
    session = _table(tmp_path / "t.sqlite")
    _deal_a_round(session)
    assert _disk_alerts(session)
    monkeypatch.setattr(disk_room.shutil, "disk_usage", lambda folder: (_ for _ in ()).throw(PermissionError(folder)))
    _deal_a_round(session)
    assert _disk_alerts(session)  # QA: it was dismissed
    assert disk_room.room_of(None) is None


def test_a_disk_with_room_gives_no_warning(tmp_path):
    session = _table(tmp_path / "t.sqlite")
    _deal_a_round(session)
    assert shutil.disk_usage(tmp_path).free >= disk_room.LOW_DISK  # this machine's disk has the room
    assert not _disk_alerts(session)


def test_the_warning_is_journaled_after_what_the_operation_recorded_in_the_round_it_shows(tmp_path, monkeypatch):
    """QA: written inside the new shoe's entry, the alert carried the old shoe's round number, and the export
    showed a round of the new shoe holding only the alert."""
    from dealer_assist.table.export import rounds_from_entries

    monkeypatch.setattr(disk_room, "DISK_EVERY", 1)
    session = _table(tmp_path / "t.sqlite")
    _deal_a_round(session)
    monkeypatch.setattr(disk_room, "LOW_DISK", shutil.disk_usage(tmp_path).free + 2**30)
    assert session.new_shoe() is None
    (warned,) = _disk_alerts(session)
    session.close()
    with Journal.open(tmp_path / "t.sqlite", readonly=True) as journal:
        entries = list(journal.entries())
    alert = next(e for e in entries if e.kind == "alert" and e.payload["code"] == "disk")
    assert alert.payload["round"] == session.state.round_no
    assert entries[alert.seq - 2].kind == "shoe_start"  # the new shoe first, then the alert it was due at
    assert not [r for r in rounds_from_entries(entries) if r.get("shoe") == 2 and not r.get("cards")
                and r.get("alerts") and r.get("round") != session.state.round_no]


def test_the_rounds_left_leave_room_for_the_write_ahead_log():
    """qaL F5: 200 KB free was "room for about 22 more rounds", and the table stopped 6 cards later (the
    -wal grows by whole pages, several an entry)."""
    tight = disk_room.DiskRoom("/j", 200 * 1024).text
    assert "more rounds" not in tight and "may stop at any card" in tight and "0.2 MB free" in tight
    assert "about 10 more rounds" in disk_room.DiskRoom("/j", disk_room.WAL_ROOM + 10 * disk_room.ROUND_BYTES).text


def test_once_the_table_stopped_the_disk_alert_no_longer_says_it_goes_on(tmp_path, monkeypatch):
    """qaL F5: under TABLE STOPPED the disk alert still read "the table goes on meanwhile"."""
    monkeypatch.setattr(disk_room, "DISK_EVERY", 1)
    monkeypatch.setattr(disk_room, "LOW_DISK", shutil.disk_usage(tmp_path).free + 2**30)
    journal = Journal.open(tmp_path / "t.sqlite", max_size=96 * 1024)  # a journal that fills within a few rounds
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal, odds=False)
    for _ in range(200):
        if session.snapshot.stopped:
            break
        session.deal()
        for code in ("9S", "2H", "TC", "3D"):
            session.enter_card(code)
        session.next_round()
    assert session.snapshot.stopped and "full" in session.snapshot.stopped
    (disk,) = _disk_alerts(session)
    assert "goes on meanwhile" not in disk.action and "the table has stopped" in disk.action
    session.close()


def test_the_write_ahead_logs_room_is_rounded_not_cut_down():
    """qaAG F13: 3.0 MB free was told the -wal "may take 3 MB" (3.9 MB cut down): as if it would just fit."""
    text = disk_room.DiskRoom("/x", 3 * 2**20).text
    assert "3.0 MB free" in text and "may take about 4 MB" in text
