"""A shoe that never sent a heartbeat since the port opened is told as such (qaAY F10): CARD READER SILENT said
only "no frame for 3 s" and "check the reader", each time dealing paused, for what is a firmware fault."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from child_output import rest_of_output
from dealer_assist.events import LinkState
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

NO_BEAT = "no heartbeat heard since the port opened: the shoe sends none (PROTOCOL.md 6)"


def _listen_stale(tmp_path, frames: list[bytes]) -> list[dict]:
    """``listen --json`` on a pty sent ``frames`` a second apart, then nothing: its link records."""
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--json",
                                   "--seconds", str(len(frames) + 4.5)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert json.loads(listen.stdout.readline())["state"] == "up"
        for frame in frames:
            device.write(frame)
            time.sleep(1.0)
        out, _ = rest_of_output(listen, timeout=120)
    finally:
        device.close()
    return [r for r in map(json.loads, out.splitlines()) if r["event"] == "link" and r["state"] == "stale"]


def test_a_shoe_that_sent_frames_but_no_heartbeat_is_named_so_when_it_goes_silent(tmp_path):
    stale = _listen_stale(tmp_path, [format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1"),
                                     format_frame("CARD", 1, "KS"), format_frame("CARD", 2, "2C")])
    assert len(stale) == 1 and NO_BEAT in stale[0]["detail"], stale
    assert "listen --conformance" in stale[0]["detail"]


def test_a_shoe_that_beat_and_then_went_silent_is_not(tmp_path):
    stale = _listen_stale(tmp_path, [format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1") + format_frame("HB", 1, "-"),
                                     format_frame("CARD", 2, "KS")])
    assert len(stale) == 1 and "no heartbeat heard" not in stale[0]["detail"], stale


def test_the_table_asks_for_the_firmware_to_be_mended_not_the_reader_checked():
    session = TableSession(TableRules(), None)
    session.handle(LinkState("serial:/dev/ttyUSB0", 1.0, "up"))
    session.handle(LinkState("serial:/dev/ttyUSB0", 5.0, "stale", "no frame for 3 s; " + NO_BEAT))
    silent = session.snapshot.alerts[-1]
    assert silent.title == "CARD READER SILENT" and NO_BEAT in silent.text
    assert "heartbeat every second" in silent.action and "check the reader" not in silent.action
    session.close()
