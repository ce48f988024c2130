"""``listen --conformance`` looked for a repeat (PROTOCOL.md 7.3: same SEQ, same content) among the last 1024
frames it kept, where the host looks among the last 1024 SEQs of the count: after gaps (a lost link) a frame
kept may be a lap of the count old, and a frame of the next lap at its SEQ read as "SEQ seen before with other
content" (seq_back, a FAIL for a device that broke nothing), or with the same bytes as a repeat passed over."""

from __future__ import annotations

from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import crc16, format_frame

HELLO = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")


def _feed(check: ConformanceCheck, splitter: RawLineSplitter, lines: list[tuple[float, bytes]]) -> list:
    found = []
    for t, data in lines:
        for line in splitter.feed(t, data):
            found += check.line(line)
    return found


def _lap_later(check: ConformanceCheck, splitter: RawLineSplitter) -> list:
    """Cards 1-3 and a heartbeat; the link lost while the count goes round (no card: the heartbeats name 3);
    back for its next lap's SEQ 65535 to 1."""
    found = _feed(check, splitter, [(0.0, HELLO), (0.2, format_frame("CARD", 1, "AS")),
                                    (0.4, format_frame("CARD", 2, "2C")), (0.6, format_frame("CARD", 3, "KD")),
                                    (1.0, format_frame("HB", 4, "3"))])
    found += check.link(1.5, "lost") + check.link(2.0, "up")
    found += _feed(check, splitter, [(2.1, format_frame("HB", 65535, "3")), (3.1, format_frame("HB", 0, "3")),
                                     (4.1, format_frame("HB", 1, "3"))])
    return found


def test_a_frame_of_the_next_lap_at_a_seq_kept_from_the_last_is_no_seq_seen_before():
    check, splitter = ConformanceCheck(), RawLineSplitter()
    found = _lap_later(check, splitter)
    body = b"CARD,2,QH"
    damaged = b"$" + body + b"*%04X\r\n" % (crc16(body) ^ 0x0101)  # frame 2 damaged on the line: a gap it excuses
    found += _feed(check, splitter, [(4.3, damaged), (4.5, format_frame("CARD", 3, "JS")),
                                     (5.1, format_frame("HB", 4, "3"))])
    assert [d.rule for d in found] == [], [d.text for d in found]


def test_a_seq_sent_again_within_the_window_is_still_a_repeat():
    check, splitter = ConformanceCheck(), RawLineSplitter()
    found = _feed(check, splitter, [(0.0, HELLO), (0.2, format_frame("CARD", 1, "AS")),
                                    (1.0, format_frame("HB", 2, "1")), (1.1, format_frame("CARD", 1, "AS")),
                                    (2.0, format_frame("HB", 3, "1")), (2.1, format_frame("CARD", 1, "KD"))])
    assert [d.rule for d in found] == ["seq_back"]
