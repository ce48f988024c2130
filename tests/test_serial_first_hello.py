"""A HELLO that is the host's very first frame: a boot, or the HELLO said again as the port opened.

qaN, over a real pty: a shoe booted long ago (its count at 56, last card 50) that says its HELLO again when
a host opens the port, as PROTOCOL.md 7.4 recommends ("send its HELLO again after every replug"), made a
fresh table raise FRAMES LOST for frames 1-56 ("at least one card was missed") and hold the next card:
the HELLO was taken for a boot.  Only the frame after it tells (SEQ 1: a boot; past it: the count going on).
"""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card
from dealer_assist.events import DeviceHello, SeqGap
from dealer_assist.sources.shoe_protocol import CardFrame, HeartbeatFrame, HelloFrame, SequenceTracker
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


@pytest.mark.parametrize("after", [[frame("HB", 57, "50"), frame("CARD", 58, "6C")], [frame("CARD", 57, "6C")]],
                         ids=["heartbeat first", "card first"])
def test_a_hello_said_again_as_the_port_opens_names_no_frame_lost(rig, after):
    rig.send(hello("B7"), *after)
    assert wait_for(lambda: rig.played() == ["6C"])
    assert not [e for e in rig.events if isinstance(e, SeqGap)]
    assert "gap" not in rig.alerts() and rig.session.snapshot.pending is None
    (told,) = [e for e in rig.events if isinstance(e, DeviceHello)]
    assert (told.boot, told.restarted) == ("B7", False)
    assert rig.alerts()["hello"].title == "SHOE CONNECTED"


def test_the_count_joined_after_such_a_hello_still_names_its_gaps(rig):
    rig.send(hello("B7"), frame("CARD", 57, "6C"), frame("CARD", 59, "7C"))
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, SeqGap)])
    assert [e.missing for e in rig.events if isinstance(e, SeqGap)] == [(58,)]


def test_a_hello_heard_first_then_seq_1_begins_the_count():
    t = SequenceTracker()
    assert t.check(HelloFrame(0, 1, "fw", "dev", "B1")).deliver
    assert t.check(CardFrame(1, Card("A", "S"))).missing == ()
    assert t.check(HeartbeatFrame(3, 1)).missing == (2,)  # counted from the HELLO: frame 2 lost


def test_a_hello_heard_first_said_twice_still_waits_for_the_frame_after():
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    assert t.check(HelloFrame(0, 1, "fw", "dev", "B1")).duplicate
    verdict = t.check(HeartbeatFrame(40, 30))
    assert verdict.deliver and verdict.missing == () and not verdict.restarted


def test_a_new_boot_after_a_count_is_still_a_restart():
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    t.check(CardFrame(1, Card("A", "S")))
    assert t.check(HelloFrame(0, 1, "fw", "dev", "B2")).restarted
    assert t.check(CardFrame(5, Card("2", "S"))).missing == (1, 2, 3, 4)


def test_a_line_dropped_after_a_hello_heard_first_keeps_it_a_boot(rig):
    rig.send(hello("B7"), b"$CARD,1,4\r\n", frame("CARD", 2, "6C"))  # frame 1 cut: the boot's frames go on
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, SeqGap)])
    assert [e.missing for e in rig.events if isinstance(e, SeqGap)] == [(1,)]
    assert "gap" in rig.alerts()


@pytest.mark.parametrize("noise", [b"\x00\xff\r\n", b"\xff\r\n\x00\x00\r\n"], ids=["one line", "two lines"])
def test_noise_that_was_no_frame_between_a_hello_said_again_and_its_count_names_no_frame_lost(rig, noise):
    """verN NEW-6: a HELLO said again as the port opened, then two bytes of line noise (no $, no comma: no
    frame), then the count's next frame: the noise was taken for a boot's frame 1, frames 1-56 named lost."""
    rig.send(hello("B7"), noise, frame("HB", 57, "50"), frame("CARD", 58, "6C"))
    assert wait_for(lambda: rig.played() == ["6C"])
    assert not [e for e in rig.events if isinstance(e, SeqGap)]
    assert "gap" not in rig.alerts() and rig.session.snapshot.pending is None


def test_a_seq_past_the_lines_dropped_after_a_hello_heard_first_is_the_count_going_on():
    """One dropped line (a frame's, by its $) can hide frame 1 of a boot, never 56 frames."""
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    t.line_dropped(True)
    verdict = t.check(HeartbeatFrame(57, 50))
    assert verdict.deliver and verdict.missing == () and not verdict.restarted
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    t.line_dropped(True)
    t.line_dropped(True)
    assert t.check(HeartbeatFrame(3, 2)).missing == (1, 2)  # two damaged lines: a boot's frames 1 and 2


def test_a_boot_heard_first_whose_frame_1_was_lost_whole_names_it_lost(rig):
    """rev14 F4: a boot's SEQ 1 lost with no damaged line to show for it (a lost USB packet) read as the HELLO
    said again mid-count, and the card it may have been went by without a word.  A next SEQ of 2 or 3 is still
    a boot's; the HELLO said again mid-count (SEQ 57 above) still names nothing."""
    rig.send(hello("B7"), frame("CARD", 2, "6C"))
    assert wait_for(lambda: [e for e in rig.events if isinstance(e, SeqGap)])
    assert [(e.missing, e.count_went_back) for e in rig.events if isinstance(e, SeqGap)] == [((1,), False)]
    assert "gap" in rig.alerts()
    assert wait_for(lambda: rig.session.snapshot.pending is not None)
    assert rig.session.snapshot.pending.card.code == "6C" and rig.played() == []


@pytest.mark.parametrize("seq, missing, cards", [(2, (1,), (1,)), (3, (1, 2), (1, 2)), (4, (), ()), (40, (), ())])
def test_after_a_hello_heard_first_only_a_boots_first_frames_are_named_lost(seq, missing, cards):
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    verdict = t.check(CardFrame(seq, Card("A", "S")))
    assert (verdict.missing, verdict.cards, verdict.restarted) == (missing, cards, False)


def test_a_young_count_whose_hello_is_said_again_loses_no_card_when_its_heartbeat_names_none():
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    verdict = t.check(HeartbeatFrame(3, None))  # SHOE NEW and a heartbeat before the port opened: no card
    assert verdict.missing == (1, 2) and verdict.cards == ()
