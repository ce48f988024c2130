"""A damaged ``SHOE,…,CUT`` line (verS F6 d): the gap it leaves held the next card, but FRAMES LOST said only that
a card may have been missed, and the table's shoe went on as if the cut card were still in it.  No frame after
it can tell a lost cut (a heartbeat names cards only, PROTOCOL.md 7.2), so the alert says that the damaged line
may have been the CUT CARD, to look at the shoe, and that O (twice) records it; a real pty, a real table."""

from __future__ import annotations

import pytest

from dealer_assist.events import SeqGap
from dealer_assist.sources.shoe_protocol import may_be_cut
from polling import wait_for
from test_serial_restarts import Rig, bad_crc, frame, hello, waits


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def _dealt_three(rig: Rig) -> None:
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("CARD", 2, "KH"), frame("CARD", 3, "2C"))
    assert wait_for(lambda: rig.played() == ["AS", "KH", "2C"])


@pytest.mark.parametrize("damaged", [bad_crc("SHOE", 4, "CUT"), frame("SHOE", 4, "CUT")[:9] + b"\r\n"],
                         ids=["bad CRC", "cut short"])
def test_frames_lost_after_a_damaged_cut_line_says_it_may_have_been_the_cut_card(rig, damaged):
    _dealt_three(rig)
    rig.send(damaged, frame("HB", 5, "3"), frame("CARD", 6, "9S"))
    assert waits(rig, "9S")
    (gap,) = [e for e in rig.events if isinstance(e, SeqGap)]
    assert gap.missing == (4,) and gap.may_be_cut
    alert = rig.alerts()["gap"]
    assert "CUT CARD" in alert.text and "look at the shoe" in alert.text, alert.text
    assert "press O twice" in alert.action, alert.action
    assert not rig.session.state.shoe.cut_out  # told, not guessed
    assert rig.session.cut_card() is None  # the croupier saw it out: O records it
    assert rig.session.state.shoe.cut_out


@pytest.mark.parametrize("damaged", [bad_crc("CARD", 4, "5D"), bad_crc("ERR", 4, "MISREAD", "card not read"),
                                     bad_crc("SHOE", 4, "NEW")], ids=["CARD", "MISREAD", "SHOE NEW"])
def test_a_damaged_line_that_read_as_no_cut_says_nothing_of_the_cut_card(rig, damaged):
    _dealt_three(rig)
    frames = rig.reader.stats["frames"]
    rig.send(damaged, frame("HB", 5, "3"), frame("CARD", 6, "9S"))
    assert wait_for(lambda: rig.reader.stats["frames"] == frames + 2 and "9S" in rig.played()
                    or rig.session.snapshot.pending is not None)
    assert "CUT CARD" not in getattr(rig.alerts().get("gap"), "text", "")
    assert not any(e.may_be_cut for e in rig.events if isinstance(e, SeqGap))


def test_a_cut_card_already_out_is_not_asked_about_again(rig):
    _dealt_three(rig)
    assert rig.session.cut_card() is None
    rig.send(bad_crc("SHOE", 4, "CUT"), frame("HB", 5, "3"), frame("CARD", 6, "9S"))
    assert waits(rig, "9S")
    assert "CUT CARD" not in rig.alerts()["gap"].text


@pytest.mark.parametrize("raw, cut", [(b"$SHOE,4,CUT*0000", True), (b"$SHOE,4,CU", True), (b"$SHOE,4,", True),
                                      (b"$SHOE,4,XUT*0000", True), (b"$SHOE,4,NEW*0000", False),
                                      (b"$SHOE,4,EMP", False), (b"$CARD,4,5D*0000", False), (b"$SH", False)])
def test_which_damaged_lines_may_have_been_the_cut(raw, cut):
    assert may_be_cut(raw) is cut


def test_at_blackjack_it_says_the_deck_then_ends_with_the_round(tmp_path):
    from dealer_assist.shoesim import PtyEndpoint
    from dealer_assist.sources.serial_shoe import SerialShoe
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules

    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = BlackjackSession(BlackjackTableRules(seats=3))
    reader = SerialShoe(device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("A1") + frame("HB", 1, "-") + bad_crc("SHOE", 2, "CUT") + frame("HB", 3, "-"))
        assert wait_for(lambda: "gap" in {a.code for a in session.snapshot.alerts})
        alert = {a.code: a for a in session.snapshot.alerts}["gap"]
        assert "CUT CARD" in alert.text and "check the deck (C)" in alert.action, (alert.text, alert.action)
        assert not session.state.cut_out
    finally:
        reader.stop()
        device.close()
        session.close()
