"""Exceptions from pyserial, as QA found them: ``loop://?bogus=1`` (a ``KeyError`` of pyserial's message
template) and ``hwgrep://[`` (a ``re.error``) ended the reader's thread with a traceback while the table
ran on with no shoe, no alert and exit 0; ``rtsp://`` was retried for ever under advice about the
dialout group; ``socket://...?bogus=1`` was refused as ``'debug|info|warning|error'``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import serial

from dealer_assist.events import CardRead, LinkState
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.base import SourceError
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for


def cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist", *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **env})


@pytest.mark.parametrize("url, says", [
    ("loop://?x=1", "its option 'x' is not understood"),
    ("hwgrep://[", "its pattern is no regular expression"),
    ("socket://127.0.0.1:9?bogus=1", "its option 'bogus' is not understood"),
    ("rtsp://127.0.0.1:9/x", "pyserial knows no URL scheme rtsp://"),
])
def test_listen_refuses_a_url_that_can_never_open_at_once_and_says_why(url, says):
    done = cli("listen", "--serial", url, "--wait", "--seconds", "20")  # --wait: it had retried rtsp:// for ever
    assert done.returncode == 2 and says in done.stderr
    assert "Traceback" not in done.stderr and "debug|info|warning|error" not in done.stderr
    assert "dialout" not in done.stderr and "can never open" in done.stderr
    if url.startswith("rtsp"):
        assert "socket://" in done.stderr and "loop://" in done.stderr  # the schemes pyserial knows


@pytest.mark.parametrize("spec", ["serial:loop://?bogus=1", "serial:hwgrep://["])
def test_the_display_refuses_a_shoe_url_that_can_never_open_before_it_starts(tmp_path, spec):
    with pytest.raises(SourceError, match="can never open"):
        open_source(spec, lambda: True)
    journal = tmp_path / "j.sqlite"
    done = cli("run", "--source", spec, "--journal", str(journal), "--quit-after", "3", "--json", "--mute",
               QT_QPA_PLATFORM="offscreen")
    assert done.returncode == 3 and "Exception in thread" not in done.stderr and "can never open" in done.stderr
    end = json.loads(done.stdout.splitlines()[-1])
    assert end["event"] == "end" and "can never open" in end["error"]


class Faulty:
    """A real pty port whose next read (or open) raises what pyserial raised: any exception, not an OSError."""

    def __init__(self, fail_open: int = 0) -> None:
        self.fail_open = fail_open
        self.fail_read = False
        self.opens = 0

    def open(self, url: str, baudrate: int):
        self.opens += 1
        if self.opens <= self.fail_open:
            raise TypeError("the handler failed")
        port = serial.serial_for_url(url, baudrate=baudrate, timeout=0.05)
        read = port.read

        def faulty_read(size: int = 1) -> bytes:
            if self.fail_read:
                self.fail_read = False
                raise RuntimeError("the driver failed")
            return read(size)

        port.read = faulty_read
        return port


def test_an_exception_while_opening_is_a_link_lost_and_retried_not_a_dead_reader(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    faulty = Faulty(fail_open=2)
    events: list = []
    reader = SerialShoe(device.path, opener=faulty.open, backoff_first=0.05, backoff_max=0.1)
    reader.start(events.append)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(format_frame("HELLO", 0, "1", "fw", "S", "B1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: any(isinstance(e, CardRead) for e in events))
    finally:
        reader.stop()
        device.close()
    links = [e for e in events if isinstance(e, LinkState)]
    assert [e.state for e in links[:2]] == ["lost", "up"] and faulty.opens == 3
    assert links[0].detail.endswith("TypeError: the handler failed")


def test_an_exception_while_reading_is_a_link_lost_and_the_reader_goes_on(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    faulty = Faulty()
    events: list = []
    reader = SerialShoe(device.path, opener=faulty.open, backoff_first=0.05, backoff_max=0.1)
    reader.start(events.append)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        faulty.fail_read = True
        assert wait_for(lambda: any(isinstance(e, LinkState) and e.state == "lost" for e in events))
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(format_frame("HELLO", 0, "1", "fw", "S", "B1") + format_frame("CARD", 1, "KD"))
        assert wait_for(lambda: any(isinstance(e, CardRead) for e in events))
        assert reader.running
    finally:
        reader.stop()
        device.close()
    (lost,) = [e for e in events if isinstance(e, LinkState) and e.state == "lost"]
    assert lost.detail == "read failed: the driver failed"


def test_a_fault_of_the_reader_itself_is_told_as_a_link_lost_for_good(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    events: list = []
    reader = SerialShoe(device.path, backoff_first=0.05)

    def broken(data: bytes) -> None:
        raise AssertionError("a parser bug")

    reader._feed = broken  # type: ignore[method-assign]
    reader.start(events.append)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(b"$HB,1,-*0E14\r\n")
        assert wait_for(lambda: not reader.running)
    finally:
        reader.stop()
        device.close()
    lost = events[-1]
    assert isinstance(lost, LinkState) and lost.state == "lost"
    assert "stopped on a fault of its own" in lost.detail and "key cards in" in lost.detail


def test_a_network_shoe_that_does_not_answer_is_not_sent_to_the_dialout_group():
    import socket

    from dealer_assist.table.session import TableSession

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        url = f"socket://127.0.0.1:{closed.getsockname()[1]}"  # bound, not listening: the connection is refused
        session = TableSession(odds=False)
        reader = SerialShoe(url, backoff_first=0.05)
        reader.start(session.handle)
        try:
            assert wait_for(lambda: any(a.code.startswith("link:") for a in session.snapshot.alerts))
        finally:
            reader.stop()
            session.close()
    (lost,) = [a for a in session.snapshot.alerts if a.code.startswith("link:")]
    assert "reachable at that address" in lost.action and "dialout" not in lost.action


def test_listen_sends_a_network_shoe_that_does_not_answer_to_its_address_not_to_the_dialout_group():
    import socket

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        done = cli("listen", "--serial", f"socket://127.0.0.1:{closed.getsockname()[1]}")
    assert done.returncode == 1 and "reachable at that address" in done.stderr and "dialout" not in done.stderr
