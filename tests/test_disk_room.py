"""A journal's disk nearly full is told while the table still runs: a full one stops it (a soak audit found
nothing warned before)."""

from __future__ import annotations

import shutil

from dealer_assist.shoe import ShoeRules
from dealer_assist.table import disk_room
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules


def _deal_a_round(session: TableSession) -> None:
    for code in ("9S", "2H", "TC", "3D"):
        assert session.enter_card(code) is None
    assert session.next_round() is None


def test_a_nearly_full_disk_raises_a_warning_that_goes_once_space_is_freed(tmp_path, monkeypatch):
    free = shutil.disk_usage(tmp_path).free
    monkeypatch.setattr(disk_room, "DISK_EVERY", 3)
    monkeypatch.setattr(disk_room, "LOW_DISK", free + 2**30)  # this disk, as if 1 GB short of the threshold
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "t.sqlite"), odds=False)
    session.deal()
    _deal_a_round(session)
    warned = [a for a in session.snapshot.alerts if a.code == "disk"]
    assert len(warned) == 1 and warned[0].title == "DISK NEARLY FULL" and str(tmp_path) in warned[0].text
    assert f"{free // disk_room.ROUND_BYTES // 1000:,}" in warned[0].text  # rounds of room, counted from the free bytes
    _deal_a_round(session)
    assert len([a for a in session.snapshot.alerts if a.code == "disk"]) == 1  # not raised again and again
    monkeypatch.setattr(disk_room, "LOW_DISK", 0)  # space freed
    _deal_a_round(session)
    assert not [a for a in session.snapshot.alerts if a.code == "disk"]
    session.close()
    with Journal.open(tmp_path / "t.sqlite", readonly=True) as journal:
        assert [e.payload["title"] for e in journal.entries() if e.kind == "alert"].count("DISK NEARLY FULL") == 1


def test_a_disk_with_room_and_a_journal_in_memory_give_no_warning(tmp_path):
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "t.sqlite"), odds=False)
    session.deal()
    _deal_a_round(session)
    assert shutil.disk_usage(tmp_path).free >= disk_room.LOW_DISK  # this machine's disk has the room
    assert not [a for a in session.snapshot.alerts if a.code == "disk"]
    assert disk_room.low_disk_warning(None) is None
