"""The shoe simulator's ``m`` key (an ``ERR MISREAD`` for the next card) and the heartbeats after it
(verS N1): PROTOCOL.md 6 says a heartbeat after ``$ERR,4,MISREAD`` names 4 as the last card.  The simulator
still named the CARD before it, so the project's own ``listen --conformance`` check failed its output
(``heartbeat_last_card``) and the simulator could not exercise a lost ERR MISREAD named by a heartbeat."""

from __future__ import annotations

import os
import select
import tty

from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter
from dealer_assist.sources.shoe_protocol import ErrorFrame, HeartbeatFrame, parse_frame


def _read_lines(fd: int, count: int) -> bytes:
    """What the host side of the pty reads, up to ``count`` lines (a minute at most: never a hang)."""
    got = b""
    while got.count(b"\n") < count:
        ready, _, _ = select.select([fd], [], [], 60)
        assert ready, f"the simulator sent only {got!r}"
        got += os.read(fd, 4096)
    return got


def test_heartbeats_after_an_err_misread_name_it_and_pass_the_conformance_check(tmp_path):
    link = str(tmp_path / "shoe")
    ep = PtyEndpoint(link)
    sim = ShoeSimulator(ep, VirtualShoe(decks=1, seed=3))
    fd = os.open(link, os.O_RDWR | os.O_NOCTTY)
    try:
        tty.setraw(fd)  # the bytes as the device wrote them: no CR turned into LF
        sim.power_on()  # HELLO 0, SHOE 1 NEW
        for key in ("\n", "\n", "m", "\n"):  # CARD 2, CARD 3, ERR 4 MISREAD
            sim.press(key)
        sim.heartbeat()
        sim.heartbeat()  # HB 5, HB 6
        lines = _read_lines(fd, 7).split(b"\n")[:7]
    finally:
        os.close(fd)
        sim.close()
    check, splitter, found = ConformanceCheck(), RawLineSplitter(), []
    for n, line in enumerate(lines):  # a second apart: on time
        for raw in splitter.feed(float(n), line + b"\n"):
            found += check.line(raw)
    frames = [parse_frame(line.rstrip(b"\r")) for line in lines]
    misread = [f for f in frames if isinstance(f, ErrorFrame)]
    assert [(f.seq, f.code) for f in misread] == [(4, "MISREAD")]
    assert [(f.seq, f.last_card_seq) for f in frames if isinstance(f, HeartbeatFrame)] == [(5, 4), (6, 4)]
    assert "heartbeat_last_card" not in {d.rule for d in found}, [d.text for d in found]
