"""After Ctrl+T the table no longer tells the croupier to press Ctrl+T (qaR F5): the read held as another
shoe's still said "another table's shoe ... check it against the table", and ANOTHER SHOE'S NEW SHOE stayed up
saying "press Ctrl+T to take it as this table's", even after a restart of the display."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

RULES = TableRules(shoe=ShoeRules(burn=False))


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


def test_ctrl_t_rewords_the_held_read_and_takes_down_the_other_shoes_reports_for_good(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = TableSession(RULES, journal=Journal.open(tmp_path / "j.sqlite"), odds=False)
    reader = SerialShoe(device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    session.shoe_taker(reader.name, reader.take_shoe)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        device.write(hello("SHOE-B", "B1") + format_frame("SHOE", 1, "NEW") + format_frame("CARD", 2, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        assert "check it against the table" in session.snapshot.pending.doubt
        assert any(a.code.startswith("foreign:") for a in session.snapshot.alerts)
        assert session.take_shoe() is None
        pending = session.snapshot.pending
        assert pending.card.code == "9C" and "taken as this table's" in pending.doubt
        assert "check it against the table" not in pending.doubt
        assert not [a for a in session.snapshot.alerts if a.code.startswith("foreign:") or "Ctrl+T" in a.action]
        assert session.confirm_pending() is None
        assert [c.code for c in session.state.round.cards] == ["AS", "9C"]
    finally:
        reader.stop()
        device.close()
        session.close()
    again = TableSession(RULES, journal=Journal.open(tmp_path / "j.sqlite"), odds=False)
    try:
        assert not [a for a in again.snapshot.alerts if a.code.startswith("foreign:")]
    finally:
        again.close()
