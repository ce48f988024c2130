"""A shoe that restarts with a new boot id and whose HELLO is lost: SHOE RESTARTED, not lost frames.

rev12, over a real pty: the count going back to SEQ 1 raised FRAMES LOST for "frame 0 of a new count: a
card may have been missed" (frame 0 is the HELLO, never a card) and held the next card; and when the shoe
said its HELLO again with its new boot id (as it does after a replug, and shoe-sim every 2 s), the host,
which still held the old boot id, took it for one more restart, so the count going on after it read as
lost frames 1.. (a card it had played named as "certainly missed").  PROTOCOL.md 7.4.
"""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card
from dealer_assist.events import CountRestarted, DeviceHello, SeqGap
from dealer_assist.sources.shoe_protocol import CardFrame, HeartbeatFrame, HelloFrame, SequenceTracker
from polling import wait_for
from test_serial_restarts import Rig, frame, hello, waits


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def dealt_then_restarted(rig: Rig) -> None:
    """Boot B1 deals AS and 2C; the shoe restarts as B2, its HELLO lost, and goes on from SEQ 1."""
    rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "2C"), frame("HB", 3, "2"))
    assert wait_for(lambda: rig.played() == ["AS", "2C"])
    rig.events.clear()
    rig.send(frame("HB", 1, "-"), frame("CARD", 2, "3D"))
    assert wait_for(lambda: rig.played() == ["AS", "2C", "3D"])


def test_a_restart_whose_hello_was_lost_is_shoe_restarted_not_frames_lost(rig):
    dealt_then_restarted(rig)
    alerts = rig.alerts()
    assert (alerts["hello"].level, alerts["hello"].title) == ("warning", "SHOE RESTARTED?")
    assert "frame 1 is of a new count" in alerts["hello"].text
    assert "gap" not in alerts and not [e for e in rig.events if isinstance(e, SeqGap)]
    assert [e.seq for e in rig.events if isinstance(e, CountRestarted)] == [1]
    assert rig.session.snapshot.pending is None


def test_the_new_boot_ids_hello_said_again_names_no_frame_of_the_count_as_lost(rig):
    dealt_then_restarted(rig)
    rig.send(hello("B2"), frame("HB", 3, "2"), frame("CARD", 4, "4H"))  # its HELLO again, outside the count
    assert wait_for(lambda: rig.played() == ["AS", "2C", "3D", "4H"])
    assert not [e for e in rig.events if isinstance(e, SeqGap)]
    alerts = rig.alerts()
    assert "gap" not in alerts and rig.session.snapshot.pending is None
    assert alerts["hello"].title == "SHOE RESTARTED" and "boot B1, now B2" in alerts["hello"].text
    (told,) = [e for e in rig.events if isinstance(e, DeviceHello)]
    assert (told.boot, told.restarted) == ("B2", False)


def test_one_more_restart_after_the_lost_hello_is_still_a_restart(rig):
    dealt_then_restarted(rig)
    rig.send(hello("B3"), frame("CARD", 1, "5C"))
    assert wait_for(lambda: rig.played() == ["AS", "2C", "3D", "5C"])
    (told,) = [e for e in rig.events if isinstance(e, DeviceHello)]
    assert (told.boot, told.restarted) == ("B3", True)
    assert rig.alerts()["hello"].title == "SHOE RESTARTED" and not [e for e in rig.events if isinstance(e, SeqGap)]


def test_a_restart_that_lost_cards_with_its_hello_still_names_those_frames(rig):
    rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "2C"), frame("CARD", 3, "3D"))
    assert wait_for(lambda: rig.played() == ["AS", "2C", "3D"])
    rig.send(frame("CARD", 2, "KH"))  # HELLO and CARD 1 of the new count lost: frame 1 may have been a card
    assert waits(rig, "KH")
    alerts = rig.alerts()
    assert "lost frame 1 of a new count" in alerts["gap"].text and alerts["hello"].title == "SHOE RESTARTED?"
    assert rig.played() == ["AS", "2C", "3D"]


def test_the_tracker_names_no_card_in_a_lost_hello():
    def after_two_cards() -> SequenceTracker:
        t = SequenceTracker()
        for f in (HelloFrame(0, 1, "fw", "dev", "B1"), CardFrame(1, Card("A", "S")), CardFrame(2, Card("2", "C"))):
            t.check(f)
        return t

    hb = after_two_cards().check(HeartbeatFrame(1, None))
    assert (hb.restarted, hb.missing, hb.cards) == (True, (0,), ())
    card = after_two_cards().check(CardFrame(1, Card("K", "D")))
    assert (card.restarted, card.missing, card.cards) == (True, (0,), ())
    t = after_two_cards()
    told = t.check(HeartbeatFrame(6, 1))  # the new count's heartbeat: its last card is 1, lost
    assert (told.restarted, told.cards, told.card_lost) == (True, (1,), 1)
    again = t.check(HelloFrame(0, 1, "fw", "dev", "B2"))  # a boot id the host never heard for this count
    assert again.unsure
    assert t.check(HeartbeatFrame(7, 1)).hello_restarted is False  # the count went on: it was a repeat
