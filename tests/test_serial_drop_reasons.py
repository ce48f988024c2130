"""A frame dropped as malformed names what is wrong with it: stray bytes after its CRC, or a frame cut short.

qaN, over a real pty: ``$CARD,6,6S*9BB6`` followed by CR CR LF (an Arduino's ``print(frame + "\\r");
println()``), a space or a tab before the CR, was dropped with the why "a frame is $TYPE,SEQ,...*CCCC",
which the frame visibly is; so was a frame cut short by the next ``$``.  A maker whose every frame carries
one stray byte had nothing pointing at it.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import FrameDropped
from dealer_assist.sources.shoe_protocol import crc16
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def bare(body: bytes) -> bytes:
    return b"$" + body + b"*%04X" % crc16(body)


@pytest.mark.parametrize("end, shown", [(b"\r\r\n", "'\\r'"), (b" \r\n", "' '"), (b"\t\r\n", "'\\t'"),
                                        (b"  \n", "'  '")])
def test_stray_bytes_after_the_crc_are_named(rig, end, shown):
    rig.send(hello("B1"), bare(b"CARD,1,6S") + end)
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, FrameDropped)])
    (dropped,) = [e for e in rig.events if isinstance(e, FrameDropped)]
    extra = len(end) - (2 if end.endswith(b"\r\n") else 1)
    assert dropped.reason == "malformed"
    assert dropped.why.startswith(f"{extra} byte{'s' if extra > 1 else ''} after the CRC, before the line end ({shown})")


def test_a_frame_cut_short_by_the_next_dollar_says_so(rig):
    rig.send(hello("B1"), b"$CARD,1,6", frame("CARD", 2, "7S"))
    assert wait_for(lambda: rig.played() == ["7S"] or rig.session.snapshot.pending is not None)
    (dropped,) = [e for e in rig.events if isinstance(e, FrameDropped)]
    assert dropped.raw == b"$CARD,1,6" and dropped.why.startswith("cut short by the next $")


@pytest.mark.parametrize("line, why", [
    (b"$CARD,1,6S\r\n", "no *CCCC: the frame was cut short"),
    (b"$CARD,1,6S*9B\r\n", "2 characters after the *, where the CRC has 4 hex digits"),
])
def test_a_frame_cut_short_before_its_line_end_says_so(rig, line, why):
    rig.send(hello("B1"), line)
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, FrameDropped)])
    (dropped,) = [e for e in rig.events if isinstance(e, FrameDropped)]
    assert dropped.why.startswith(why)
