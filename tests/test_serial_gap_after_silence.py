"""A gap found on the first frame after a silence (the link stale: no frame for its stale time, the port still
open, a cable out between the shoe and its USB adapter) was not marked ``after_link_loss``, as one found after a
lost link is: FRAMES LOST named the frames only, and did not say that the shoe was out of hearing meanwhile
(had it restarted, more cards than those frames may have gone).  A real pty, a real table."""

from __future__ import annotations

import pytest

from dealer_assist.events import LinkState, SeqGap
from polling import wait_for
from test_serial_restarts import Rig, frame, hello, waits


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    made.reader.stale_after = 0.3
    yield made
    made.close()


def test_a_gap_after_a_stale_link_says_the_link_was_lost(rig):
    rig.send(hello("A1"), frame("CARD", 1, "AS"))
    assert wait_for(lambda: rig.played() == ["AS"])
    assert wait_for(lambda: any(isinstance(e, LinkState) and e.state == "stale" for e in rig.events))
    rig.send(frame("HB", 9, "7"), frame("CARD", 10, "9S"))
    assert waits(rig, "9S")
    (gap,) = [e for e in rig.events if isinstance(e, SeqGap)]
    assert gap.missing == tuple(range(2, 8)) and gap.after_link_loss  # the heartbeat names 7 its last card
    alert = rig.alerts()["gap"]
    assert "out of reach" in alert.text and "count them" in alert.action


def test_a_gap_with_the_link_up_throughout_is_no_link_loss(rig):
    rig.reader.stale_after = 30.0
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("HB", 9, "7"), frame("CARD", 10, "9S"))
    assert waits(rig, "9S")
    (gap,) = [e for e in rig.events if isinstance(e, SeqGap)]
    assert not gap.after_link_loss and "out of reach" not in rig.alerts()["gap"].text
