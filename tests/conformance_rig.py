"""One frame between heartbeats, checked as ``listen --conformance`` checks a shoe maker's firmware: by the check
itself (:func:`checked`) and by the real command over a real pty (:func:`listened`)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame

HELLO = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")


def between_heartbeats(hello: bytes, frame: bytes) -> list[tuple[float, bytes]]:
    """``hello`` and a heartbeat, ``frame`` (SEQ 2) half a second later, then two heartbeats: (time, bytes)."""
    return [(0.0, hello + format_frame("HB", 1, "-")), (0.5, frame),
            (1.0, format_frame("HB", 3, "-")), (2.0, format_frame("HB", 4, "-"))]


def checked(lines: list[tuple[float, bytes]]) -> tuple[ConformanceCheck, list]:
    """The check after ``lines``, and the deviations it named."""
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    for t, data in lines:
        for line in splitter.feed(t, data):
            found += check.line(line)
    return check, found


def listened(tmp_path: Any, frame: bytes) -> tuple[list[dict], int, str]:
    """``listen --serial --json --conformance`` on a pty sent :data:`HELLO` and ``frame`` between heartbeats: its
    JSON records, exit code and stderr."""
    return listened_over(tmp_path, between_heartbeats(HELLO, frame), seconds=4)


def listened_over(tmp_path: Any, timeline, seconds: float) -> tuple[list[dict], int, str]:
    """``listen --serial --json --conformance --seconds S`` on a pty whose device writes each ``(t, bytes)`` of
    ``timeline`` t seconds after the port is open: its JSON records, exit code and stderr."""
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--json",
                                   "--conformance", "--seconds", str(seconds)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        up = listen.stdout.readline()
        assert json.loads(up)["state"] == "up", up
        last = 0.0
        for t, data in timeline:
            time.sleep(t - last)
            device.write(data)
            last = t
        out, err = rest_of_output(listen, timeout=120)
    finally:
        device.close()
    return [json.loads(line) for line in out.splitlines()], listen.returncode, err


def named_raw(frame: bytes) -> str:
    """How a record's ``raw`` shows ``frame`` (its CR LF escaped)."""
    return frame.decode().replace("\r", "\\r").replace("\n", "\\n")
