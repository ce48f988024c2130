"""This table's shoe back after another shoe, saying its HELLO again as PROTOCOL.md 6 asks: right after a
heartbeat, in one write (qaV F11).  The heartbeat, of this table's shoe's count, was read against the other
shoe's before its HELLO told whose it was: ANOTHER SHOE'S LOST FRAMES, for a shoe that lost nothing."""

from __future__ import annotations

from dealer_assist.events import CardRead, DeviceHello, SeqGap
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for
from test_serial_own_shoe_back import _table, hello, swap


def back_with(tmp_path, write: bytes):
    """SHOE-A deals AS KH, SHOE-B is put in its place and reads 9C (set aside), then SHOE-A comes back and
    says ``write``: the events and the table after it."""
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS") + format_frame("CARD", 2, "KH"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS", "KH"])
        swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        session.reject_pending()
        back = len(events)
        swap(device, reader, events, write)
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "9S" for e in events))
    finally:
        reader.stop()
        device.close()
    return events[back:], session


def test_the_heartbeat_before_its_hello_is_this_tables_shoes_not_the_other_ones(tmp_path):
    after, session = back_with(tmp_path, format_frame("HB", 3, "2") + hello("SHOE-A", "A1")
                               + format_frame("CARD", 4, "9S"))
    try:
        assert [e.device for e in after if isinstance(e, DeviceHello)] == ["SHOE-A"]
        assert not [e for e in after if isinstance(e, SeqGap)]
        assert [(e.card.code, e.doubt) for e in after if isinstance(e, CardRead)] == [("9S", "")]
        assert not [a for a in session.snapshot.alerts if a.title.startswith("ANOTHER SHOE'S")]
        assert {a.code: a for a in session.snapshot.alerts}["hello"].title == "THIS TABLE'S SHOE AGAIN"
    finally:
        session.close()


def test_cards_it_dealt_while_away_are_its_own_lost_frames_as_its_heartbeat_names_them(tmp_path):
    after, session = back_with(tmp_path, format_frame("HB", 6, "4") + hello("SHOE-A", "A1")
                               + format_frame("CARD", 7, "9S"))
    try:
        (gap,) = [e for e in after if isinstance(e, SeqGap)]  # one: this table's shoe's, named by its heartbeat
        assert gap.missing == (3, 4) and gap.foreign == "" and gap.card_lost == 4
        assert not [a for a in session.snapshot.alerts if a.title.startswith("ANOTHER SHOE'S")]
        assert "gap" in {a.code for a in session.snapshot.alerts}
    finally:
        session.close()
