"""Ctrl+T on a table restarted while ANOTHER SHOE was in force (verS N3, rev15 F10 again through a restart):
the restarted reader knew the other shoe only as "held", not as heard since the port opened, so Ctrl+T kept
this table's old shoe and journaled ``shoe_taken {"device": "SHOE-A"}``: the other shoe's cards played under
the old shoe's name, and the real SHOE-A plugged later was taken for a restart of this table's shoe.  The
shoe whose HELLO the journal heard last is the one read now."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


def test_ctrl_t_after_a_restart_takes_the_other_shoe_heard_last_under_its_own_name(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    rules = TableRules(shoe=ShoeRules(burn=False))
    first = TableSession(rules, journal=Journal.open(path), odds=False)
    reader = SerialShoe(source, name=source)
    reader.set_sink(first.handle)
    reader.feed(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H") + hello("SHOE-B", "B1")
                + format_frame("HB", 1, "-") + format_frame("CARD", 2, "9C"))
    assert {a.code: a for a in first.snapshot.alerts}["hello"].title == "ANOTHER SHOE"
    first.close()  # the display stops with SHOE-B in the socket

    with restarted(path, source, rules) as (again, reader, device):
        device.write(format_frame("HB", 3, "2") + format_frame("CARD", 4, "3D"))  # SHOE-B goes on, no HELLO
        assert wait_for(lambda: reader.stats["frames"] >= 2)
        assert again.snapshot.pending is not None and "SHOE-B" in again.snapshot.pending.doubt
        assert again.take_shoe() is None
        taken = {a.code: a for a in again.snapshot.alerts}.get("shoe_taken")
        assert taken is None or "SHOE-A" not in taken.text, taken.text
        # No HELLO since the display started: SHOE-A plugged back silently would read the same (verS N3), so
        # SHOE TAKEN says which shoe it took, and why, and what to do if it is the other.
        alert = {a.code: a for a in again.snapshot.alerts}["hello"]
        assert "no HELLO since the reader started" in alert.text and "taking SHOE-B" in alert.text, alert.text
        assert "not SHOE-B (SHOE-A plugged back)" in alert.action, alert.action
    third = TableSession(rules, journal=Journal.open(path), odds=False)
    try:
        assert third.source_device(source) == "SHOE-B"
    finally:
        third.close()
