"""Forward compatibility (qaN F12): a later protocol version that adds a field at the end of a v1 type
(a protocol-2 HELLO with capabilities, a heartbeat carrying the boot id) is still read by a v1 host,
the extra fields ignored (PROTOCOL.md 3).  The HELLO that says protocol 2 was dropped, so the host
never told it, and every such heartbeat was dropped: FRAMES LOST every second."""

from __future__ import annotations

import pytest
import serial

from dealer_assist.cards import Card
from dealer_assist.events import CardRead, DeviceHello, FrameDropped, SeqGap, ShoeSignal
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import (
    CardFrame, FrameError, HeartbeatFrame, HelloFrame, ShoeFrame, format_frame, parse_frame,
)
from polling import wait_for


@pytest.mark.parametrize("fields, expected", [
    (("HELLO", 0, "2", "fw-9", "DEV-2", "ABCDEF01", "caps=bj"), HelloFrame(0, 2, "fw-9", "DEV-2", "ABCDEF01")),
    (("HB", 2, "1", "ABCDEF01"), HeartbeatFrame(2, 1)),
    (("HB", 2, "-", "ABCDEF01", "x"), HeartbeatFrame(2, None)),
    (("CARD", 3, "TD", "97"), CardFrame(3, Card("T", "D"))),
    (("SHOE", 4, "NEW", "8"), ShoeFrame(4, "NEW")),
])
def test_fields_a_later_version_adds_at_the_end_are_ignored(fields, expected):
    assert parse_frame(format_frame(*fields)) == expected


@pytest.mark.parametrize("fields, why", [
    (("HB", 2, "x", "ABCDEF01"), "decimal"),         # the fields v1 knows are checked as ever
    (("CARD", 3, "Td", "97"), "not canonical"),
    (("HELLO", 0, "2", "", "DEV-2", "B", "caps"), "non-empty"),
    (("SHOE", 4, "full", "8"), "NEW, CUT or EMPTY"),  # a state a later version adds (FULL) is passed over: qaAP F2
])
def test_the_fields_v1_knows_are_still_checked_before_the_extra_ones(fields, why):
    with pytest.raises(FrameError) as info:
        parse_frame(format_frame(*fields))
    assert info.value.reason == "malformed" and why in info.value.why


def test_a_protocol_2_shoe_is_reported_and_its_heartbeats_raise_no_lost_frames():
    port = serial.serial_for_url("loop://", timeout=0.02)
    events: list = []
    shoe = SerialShoe("loop://", opener=lambda url, baud: port)
    shoe.start(events.append)
    try:
        port.write(format_frame("HELLO", 0, "2", "fw-9", "DEV-2", "ABCDEF01", "caps=bj")
                   + format_frame("SHOE", 1, "NEW") + format_frame("HB", 2, "-", "ABCDEF01")
                   + format_frame("CARD", 3, "9H", "97") + format_frame("HB", 4, "3", "ABCDEF01")
                   + format_frame("CARD", 5, "KD") + format_frame("HB", 6, "5", "ABCDEF01"))
        assert wait_for(lambda: shoe.stats["frames"] == 7)
    finally:
        shoe.stop()
    hello = [e for e in events if isinstance(e, DeviceHello)]
    assert [(h.device, h.protocol) for h in hello] == [("DEV-2", 2)]
    assert [e.card.code for e in events if isinstance(e, CardRead)] == ["9H", "KD"]
    assert [e.state for e in events if isinstance(e, ShoeSignal)] == ["new"]
    assert not [e for e in events if isinstance(e, (SeqGap, FrameDropped))]
