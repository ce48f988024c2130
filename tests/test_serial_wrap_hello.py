"""A HELLO said again across the SEQ wrap-around (65535 -> 0) is no restart.

verN NEW-2, over a real pty: a host that joined a count mid-way (its HELLO unheard) heard the device say its
HELLO again right after SEQ 0 of the wrap; the count's next frame, SEQ 1, was taken for a new count's first,
then every heartbeat naming card 65535 for one more restart (SHOE RESTARTED? over and over).  And a HELLO
heard first, then the count it was said again in, kept the HELLO's SEQ 0 as a frame of the count: the
wrap's SEQ 0 read as "SEQ 0 seen before with other content", a restart, and so on for each heartbeat.
"""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card
from dealer_assist.events import CountRestarted, DeviceHello, SeqGap
from dealer_assist.sources.shoe_protocol import CardFrame, HeartbeatFrame, HelloFrame, SequenceTracker
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def test_a_hello_said_again_just_after_the_wrap_is_the_count_going_on(rig):
    codes = ("AS", "KD", "2H")
    rig.send(*(frame("CARD", 65532 + n, code) for n, code in enumerate(codes)), frame("HB", 65535, "65534"))
    assert wait_for(lambda: rig.played() == list(codes))
    rig.send(frame("HB", 0, "65534"), hello("B1"), frame("HB", 1, "65534"), frame("HB", 2, "65534"),
             frame("CARD", 3, "3H"))
    assert wait_for(lambda: rig.played() == list(codes) + ["3H"])
    assert not [e for e in rig.events if isinstance(e, (CountRestarted, SeqGap))]
    (told,) = [e for e in rig.events if isinstance(e, DeviceHello)]
    assert not told.restarted and rig.session.snapshot.pending is None


def test_the_wraps_seq_0_after_a_hello_heard_first_is_no_frame_seen_before():
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))  # said again as the port opened: the count is at 65526
    assert t.check(HeartbeatFrame(65526, 65520)).missing == ()
    for seq in list(range(65527, 65536)) + [0, 1, 2]:
        verdict = t.check(HeartbeatFrame(seq, 65520))
        assert verdict.deliver and not verdict.restarted and verdict.missing == (), seq
    assert t.check(CardFrame(3, Card("K", "S"))).missing == ()
