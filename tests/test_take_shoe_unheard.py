"""Ctrl+T with no HELLO heard since the reader opened its port (verS N3): after ANOTHER SHOE, a cable wiggle with
the other shoe still in (no display restart, no HELLO said again) took this table's old shoe's name, and its
cards played as that shoe's; this table's own shoe plugged back silently was taken by its name.  The reader
cannot tell the two apart (their frames fit either count), so Ctrl+T takes the last shoe heard, whose count the
reader went on with, and SHOE TAKEN says which and why, and what to do if it is the other.  A real pty and table."""

from __future__ import annotations

from dealer_assist.events import CardRead
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from polling import wait_for
from test_serial_own_shoe_back import _table, hello, swap


def _another_shoe_in_force(device, session, reader, events) -> None:
    assert wait_for(lambda: reader.link == "up" and device.host_connected())
    device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H"))
    assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["4H"])
    swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("HB", 1, "-") + format_frame("CARD", 2, "9C"))
    assert wait_for(lambda: session.snapshot.pending is not None)
    assert {a.code: a for a in session.snapshot.alerts}["hello"].title == "ANOTHER SHOE"


def test_ctrl_t_after_a_cable_wiggle_takes_the_shoe_heard_last_and_says_why(tmp_path):
    device, session, reader, events = _table(tmp_path)
    try:
        _another_shoe_in_force(device, session, reader, events)
        swap(device, reader, events, format_frame("HB", 3, "2") + format_frame("CARD", 4, "3D"))  # B, no HELLO
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "3D" for e in events))
        assert session.take_shoe() is None
        alert = {a.code: a for a in session.snapshot.alerts}["hello"]
        assert alert.title == "SHOE TAKEN" and alert.level == "warning"
        assert "taking SHOE-B, the last shoe heard" in alert.text and "no HELLO since" in alert.text, alert.text
        assert "not SHOE-B (SHOE-A plugged back)" in alert.action and "off and on" in alert.action, alert.action
        assert session.source_device(reader.name) == "SHOE-B"
    finally:
        reader.stop()
        device.close()
        session.close()


def test_the_shoe_switched_off_and_on_says_its_hello_and_ctrl_t_then_takes_it(tmp_path):
    """The remedy SHOE TAKEN gives when the shoe in the socket was the other: its HELLO after a boot names it."""
    device, session, reader, events = _table(tmp_path)
    try:
        _another_shoe_in_force(device, session, reader, events)
        swap(device, reader, events, format_frame("HB", 3, "1"))  # this table's SHOE-A plugged back, silent
        assert wait_for(lambda: reader.stats["frames"] >= 6)
        assert session.take_shoe() is None
        assert "taking SHOE-B" in {a.code: a for a in session.snapshot.alerts}["hello"].text
        device.write(hello("SHOE-A", "A2") + format_frame("CARD", 1, "2D"))  # switched off and on
        assert wait_for(lambda: {a.code: a for a in session.snapshot.alerts}["hello"].title == "ANOTHER SHOE")
        assert session.take_shoe() is None
        alert = {a.code: a for a in session.snapshot.alerts}["hello"]
        assert (alert.title, alert.level) == ("SHOE TAKEN", "info") and "(SHOE-A)" in alert.text, alert.text
        assert session.source_device(reader.name) == "SHOE-A"
    finally:
        reader.stop()
        device.close()
        session.close()


def test_the_journal_says_the_shoe_was_taken_unheard(tmp_path):
    journal = Journal.open(tmp_path / "j.sqlite")
    device, session, reader, events = _table(tmp_path, journal=journal)
    try:
        _another_shoe_in_force(device, session, reader, events)
        swap(device, reader, events, format_frame("HB", 3, "2"))
        assert wait_for(lambda: reader.stats["frames"] >= 6)
        assert session.take_shoe() is None
        (taken,) = [e.payload for e in journal.entries() if e.kind == "shoe_taken"]
        assert taken["device"] == "SHOE-B" and "no HELLO since" in taken["unheard"]
    finally:
        reader.stop()
        device.close()
        session.close()
