"""The serial reader, ``listen`` and ``shoe-sim`` at their edges, as QA found them: the simulator's log
said "delivered" of frames no host could read, negative durations were taken, a ``plain`` card behind
a terminal escape and a line cut by an unplug went unnoticed, and a path that is no serial port got
advice about the dialout group."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
import serial

from dealer_assist.events import CardRead, FrameDropped, LinkState, Unreadable
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.serial_shoe import SerialShoe
from polling import wait_for


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist", *args], capture_output=True, text=True, timeout=60)


def test_the_simulators_log_does_not_call_delivered_a_frame_written_while_no_host_had_the_port_open():
    device = PtyEndpoint()
    sim = ShoeSimulator(device, VirtualShoe(decks=1, seed=3))
    try:
        before = sim.deal_card()  # no host yet: pyserial's open empties what waits in the port
        host = serial.Serial(device.path, timeout=0.5)
        try:
            assert wait_for(device.host_connected)
            after = sim.deal_card()
            line = host.readline()
        finally:
            host.close()
    finally:
        sim.close()
    first, second = sim.card_records()
    assert (first["seq"], first["delivered"], first["faults"]) == (before.frame.seq, False, ["unopened"])
    assert (second["seq"], second["delivered"], second["faults"]) == (after.frame.seq, True, [])
    assert line == after.line


@pytest.mark.parametrize("args, says", [
    (("listen", "--serial", "/dev/nonexistent", "--seconds", "-1"), "--seconds: -1 seconds: give a number above 0"),
    (("listen", "--serial", "/dev/nonexistent", "--seconds", "0"), "give a number above 0"),
    (("listen", "--serial", "/dev/nonexistent", "--cards", "-1"), "--cards: -1 cards: give 1 or more"),
    (("shoe-sim", "--unplug-for", "-1"), "--unplug-for: -1 seconds: give a number of 0 or more"),
    (("shoe-sim", "--cards", "0"), "--cards: 0 cards: give 1 or more"),
])
def test_a_negative_duration_or_count_is_refused_naming_the_option(args, says):
    done = cli(*args)
    assert done.returncode == 2 and says in done.stderr


def test_a_path_that_is_no_serial_port_is_named_so_without_advice_about_access():
    done = cli("listen", "--serial", "/dev/null")
    assert done.returncode == 1
    assert "/dev/null is no serial port" in done.stderr and "dialout" not in done.stderr
    assert "Inappropriate ioctl" not in done.stderr


def test_a_dropped_lines_bytes_are_shown_in_one_escape_style():
    from dealer_assist.commands.serial import event_record

    record = event_record(FrameDropped("serial:x", 0.0, "malformed", b"\x00\xff\\ok\r"))
    assert record["raw"] == "\\x00\\xff\\\\ok\\r"


class Line:
    """A pty with the reader on it (``plain`` or v1), its events collected."""

    def __init__(self, tmp_path, dialect: str, **kw) -> None:
        self.device = PtyEndpoint(str(tmp_path / "shoe"))
        self.events: list = []
        self.reader = SerialShoe(self.device.link, dialect=dialect, backoff_first=0.05, backoff_max=0.2, **kw)
        self.reader.start(self.events.append)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())

    def of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    def close(self) -> None:
        self.reader.stop()
        self.device.close()


def test_a_plain_card_behind_a_terminal_escape_is_read_and_a_line_cut_by_an_unplug_waits(tmp_path):
    line = Line(tmp_path, "plain")
    try:
        line.device.write(b"\x1b[2J5C\r\n\x1b[1;31mKD\x1b[0m\r\n\x1b[2J\r\n")
        assert wait_for(lambda: len(line.of(CardRead)) == 2)
        assert [e.card.code for e in line.of(CardRead)] == ["5C", "KD"] and not line.of(Unreadable)
        line.device.write(b"QH")  # the cable goes before its line end
        time.sleep(0.2)
        line.device.unplug()
        assert wait_for(lambda: line.of(Unreadable))
        (cut,) = [e for e in line.of(FrameDropped) if e.raw == b"QH"]
        assert "link was lost before its line end" in cut.why
    finally:
        line.close()


def test_stale_on_a_line_too_slow_for_a_frame_says_bytes_still_come(tmp_path):
    line = Line(tmp_path, "v1", stale_after=0.4)
    try:
        for byte in b"$CARD,1,":
            line.device.write(bytes([byte]))
            time.sleep(0.1)
        stale = [e for e in line.of(LinkState) if e.state == "stale"]
        assert stale and "bytes still come" in stale[0].detail and "baud rate" in stale[0].detail
    finally:
        line.close()


def test_a_plain_10_that_lost_a_byte_is_an_unreadable_card_not_an_ace_or_a_ten(tmp_path):
    line = Line(tmp_path, "plain")
    try:
        line.device.write(b"10H\r\n1H\r\n0H\r\nKS\r\n")
        assert wait_for(lambda: len(line.of(CardRead)) == 2 and len(line.of(Unreadable)) == 2)
    finally:
        line.close()
    read = [e.card.code if isinstance(e, CardRead) else "??" for e in line.events
            if isinstance(e, (CardRead, Unreadable))]
    assert read == ["TH", "??", "??", "KS"]
    assert all("a 10 that lost a byte" in e.why for e in line.of(FrameDropped))
