"""``listen --conformance`` names a SHOE state v1 does not know (PROTOCOL.md 6 and 7.7).

fixQP: ``$SHOE,n,OPEN`` with a good CRC is passed over by the host, which warns (SHOE STATE OPEN NOT KNOWN,
``listen``'s ``shoe`` record ``"unknown": true``), but the conformance check a shoe maker runs on its firmware
said PASS.  A device whose HELLO says protocol 1 sends only NEW, CUT and EMPTY: the check now FAILs it with
``shoe_state``; a HELLO saying a later protocol, which may add states, is not named for it.
"""

from __future__ import annotations

import json
import sys
import subprocess
import time

from child_output import rest_of_output
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import format_frame

HELLO = format_frame("HELLO", 0, "1", "fw-1", "SHOE-7", "B1")


def _lines(hello: bytes, state: str) -> list[tuple[float, bytes]]:
    return [(0.0, hello + format_frame("HB", 1, "-")), (0.5, format_frame("SHOE", 2, state)),
            (1.0, format_frame("HB", 3, "-")), (2.0, format_frame("HB", 4, "-"))]


def _check(lines: list[tuple[float, bytes]]):
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    for t, data in lines:
        for line in splitter.feed(t, data):
            found += check.line(line)
    return check, found


def test_a_shoe_state_v1_does_not_know_fails_a_protocol_1_device():
    check, found = _check(_lines(HELLO, "OPEN"))
    assert [(d.rule, d.section, d.level) for d in found] == [("shoe_state", "6, 7.7", "MUST")]
    assert "SHOE state OPEN" in found[0].text and "NEW, CUT and EMPTY" in found[0].text
    summary = check.summary(2.1)
    assert not summary.passed and summary.deviations == (("shoe_state", 1),)
    assert "shoe_state x1" in summary.text and "conformance FAIL" in summary.text


def test_v1_states_and_a_later_protocols_own_state_are_not_named():
    for state in ("NEW", "CUT", "EMPTY"):
        check, found = _check(_lines(HELLO, state))
        assert found == [] and check.summary(2.1).passed, state
    hello2 = format_frame("HELLO", 0, "2", "fw-9", "SHOE-7", "B9")
    check, found = _check(_lines(hello2, "OPEN"))
    assert found == [] and check.summary(2.1).passed


def test_listen_conformance_on_a_real_pty_names_the_unknown_state_and_fails(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--json",
                                   "--conformance", "--seconds", "4"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        up = listen.stdout.readline()
        assert json.loads(up)["state"] == "up", up
        device.write(HELLO + format_frame("HB", 1, "-"))
        time.sleep(0.5)
        device.write(format_frame("SHOE", 2, "OPEN"))
        time.sleep(0.5)
        device.write(format_frame("HB", 3, "-"))
        time.sleep(1.0)
        device.write(format_frame("HB", 4, "-"))
        out, err = rest_of_output(listen, timeout=120)
    finally:
        device.close()
    records = [json.loads(line) for line in out.splitlines()]
    assert [r for r in records if r["event"] == "shoe"][0]["unknown"] is True
    named = [r for r in records if r["event"] == "deviation" and r["rule"] != "heartbeat_period"]
    assert [(r["rule"], r["level"], r["raw"]) for r in named] == [("shoe_state", "MUST", "$SHOE,2,OPEN*"
                                                                   + format_frame("SHOE", 2, "OPEN")[-6:-2].decode()
                                                                   + "\\r\\n")]
    summary = records[-1]
    assert summary["event"] == "conformance" and summary["verdict"] == "fail", summary
    assert "shoe_state" in summary["deviations"] and listen.returncode == 1, err
