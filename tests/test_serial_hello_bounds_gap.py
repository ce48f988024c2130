"""A HELLO said again after a replug, with the boot id from before, closes the gap the link loss opened (qaV F5).

PROTOCOL.md 7.4 promises a shoe maker: "A device that sends its HELLO again after every replug closes this
gap altogether."  A maker who did so got the very alert of one who did not: FRAMES LOST "had the shoe
restarted meanwhile, more cards than these frames may have gone ... count them", for the host acted on the
heartbeat first and passed the same-boot HELLO after it over as a repeat.  It proves no restart happened.
"""

from __future__ import annotations

import time

from dealer_assist.events import DeviceHello, SeqGap
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame as f
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from polling import wait_for

RESTARTED_PART = "had the shoe restarted meanwhile"


def _replugged(tmp_path, after: bytes):
    """A table's shoe dealt AS, was unplugged while it dealt frame 3, then came back sending ``after``."""
    journal = Journal.open(tmp_path / "table.sqlite")
    session = TableSession(journal=journal, odds=False)
    device = PtyEndpoint(str(tmp_path / "shoe"))  # a replug's new pty is found by the link, as udev's name
    events: list = []
    reader = SerialShoe(device.link, name="shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(lambda e: (events.append(e), session.handle(e)))
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(f("HELLO", 0, "1", "fw", "ACME-7", "A1") + f("HB", 1, "-") + f("CARD", 2, "AS"))
        assert wait_for(lambda: any(getattr(e, "seq", None) == 2 for e in events))
        device.unplug()
        assert wait_for(lambda: reader.link != "up")
        time.sleep(0.2)
        device.replug()
        assert wait_for(lambda: reader.link == "up" and device.host_connected(), 10)
        device.write(after)
        device.write(f("CARD", 5, "9S"))
        assert wait_for(lambda: any(getattr(e, "seq", None) == 5 for e in events))
        gap = next(a for a in session.snapshot.alerts if a.code == "gap")
        return events, gap, list(journal.entries())
    finally:
        reader.stop()
        device.close()
        session.close()


def test_the_same_boot_hello_after_the_heartbeat_takes_back_the_restart_part(tmp_path):
    events, gap, entries = _replugged(tmp_path, f("HB", 4, "3") + f("HELLO", 0, "1", "fw", "ACME-7", "A1"))
    assert [e.missing for e in events if isinstance(e, SeqGap)] == [(3,)]
    assert any(isinstance(e, DeviceHello) and e.bounds_gap for e in events)
    assert "frame 3 was a card" in gap.text and RESTARTED_PART not in gap.text
    assert "count them" not in gap.action
    assert any(e.kind == "device_hello" and e.payload.get("bounds_gap") for e in entries)


def test_without_that_hello_the_gap_still_says_more_may_have_gone(tmp_path):
    _, gap, _ = _replugged(tmp_path, f("HB", 4, "3"))
    assert RESTARTED_PART in gap.text and "count them" in gap.action


def test_a_hello_with_a_new_boot_id_is_a_restart_not_a_bound(tmp_path):
    events, _, _ = _replugged(tmp_path, f("HB", 4, "3") + f("HELLO", 0, "1", "fw", "ACME-7", "B2") + f("HB", 1, "-"))
    assert not any(isinstance(e, DeviceHello) and e.bounds_gap for e in events)
