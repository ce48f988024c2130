"""A device that ends its lines with CR alone (qaAY F8) is read at once and named for its line end only: its
frames were taken when the next ``$`` came, its cards a heartbeat late, and ``listen --conformance`` added a MUST
``heartbeat_period`` and a SHOULD ``hello_no_beat`` for heartbeats and HELLOs sent on time; and an LF CR line end is
named as reversed (F9), not as a bare LF and then noise."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import FrameError, LineSplitter, format_frame, parse_frame


def _cr(frame: bytes) -> bytes:
    return frame.replace(b"\r\n", b"\r")


def test_the_host_takes_a_frame_ended_by_cr_alone_at_once_and_cr_lf_as_before():
    splitter = LineSplitter()
    card = format_frame("CARD", 3, "AS")
    assert splitter.feed(_cr(card)) == [card[:-1]]  # its line, CR kept, as a CR LF line's
    assert splitter.feed(b"$HB,4,3*") == []  # a frame's CRC split across reads
    crc = format_frame("HB", 4, "3")[8:-2]
    assert splitter.feed(crc + b"\r") == [b"$HB,4,3*" + crc + b"\r"]
    whole = format_frame("CARD", 5, "KD")
    assert splitter.feed(whole[:-1]) == [whole[:-1]] and splitter.feed(whole[-1:]) == []  # CR LF: LF passed over
    assert splitter.feed(whole) == [whole[:-1]]


def test_the_check_takes_the_line_at_its_cr_and_names_only_the_line_end():
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    hello = _cr(format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1"))
    writes = [(0.0, hello + _cr(format_frame("HB", 1, "-")))]
    for i in range(2, 7):  # a heartbeat every second, the HELLO said again right after it, in the same write
        writes.append((i - 1.0, _cr(format_frame("HB", i, "-")) + (hello if i % 2 else b"")))
    for t, data in writes:
        lines = splitter.feed(t, data)
        due = splitter.due(t + 0.15)
        for line in lines + ([due] if due is not None else []):
            found += check.line(line)
        found += check.tick(t + 0.2)
    assert {d.rule for d in found} == {"line_end"}, [(d.rule, d.text) for d in found]
    assert "ends with a CR and no LF" in found[0].text
    assert check.summary(5.5).deviations == (("line_end", 9),)


def test_lf_cr_is_named_reversed_and_not_as_noise():
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    for t, frame in ((0.0, format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")), (0.0, format_frame("HB", 1, "-")),
                     (1.0, format_frame("HB", 2, "-"))):
        for line in splitter.feed(t, frame.replace(b"\r\n", b"\n\r")):
            found += check.line(line)
    assert splitter.due(2.0) is None  # each ended with both of its bytes
    assert len(found) == 3 and {d.rule for d in found} == {"line_end"} and all("LF CR, reversed" in d.text for d in found)


def test_listen_shows_a_cr_ended_card_at_once_over_a_real_pty(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--json",
                                   "--conformance", "--seconds", "5"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert json.loads(listen.stdout.readline())["state"] == "up"
        hello = _cr(format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1"))
        device.write(hello + _cr(format_frame("HB", 1, "-")))
        time.sleep(1.0)
        device.write(_cr(format_frame("HB", 2, "-")))
        time.sleep(0.3)
        sent = time.time()
        device.write(_cr(format_frame("CARD", 3, "AS")))
        for seq in (4, 5, 6):  # a heartbeat a second, the HELLO said again right after the first, in one write
            time.sleep(0.7 if seq == 4 else 1.0)
            device.write(_cr(format_frame("HB", seq, "3")) + (hello if seq == 4 else b""))
        out, _ = rest_of_output(listen, timeout=120)
    finally:
        device.close()
    records = [json.loads(line) for line in out.splitlines()]
    card = next(r for r in records if r["event"] == "card")
    assert card["t"] - sent < 0.5, card["t"] - sent  # was 0.7 s late: the next heartbeat's $ ended its line
    rules = {r["rule"] for r in records if r["event"] == "deviation"}
    assert "hello_no_beat" not in rules and "heartbeat_period" not in rules, records


def test_a_second_cr_after_the_crc_is_still_a_line_the_host_drops_and_the_check_too():
    frame = format_frame("CARD", 2, "AS")
    line, = LineSplitter().feed(frame.replace(b"\r\n", b"\r\r\n"))
    with pytest.raises(FrameError):  # bytes between the CRC and the line end: dropped, as PROTOCOL.md 7.1 says
        parse_frame(line)
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    lines = splitter.feed(0.0, frame.replace(b"\r\n", b"\r\r\n"))
    assert [line.raw for line in lines] == [frame.replace(b"\r\n", b"\r\r\n")]
    for line in lines:
        found += check.line(line)
    assert found == [] and check.summary(1.0).dropped == 1
