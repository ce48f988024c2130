"""Cards lost where the frame count alone did not show them (rev15 F3-F6, F8), over a real pty to a real table.

rev15 found: a HELLO heard first, then a lost (or silent) link: the frame after the reopen took it for a
HELLO said again and joined the count, the cards dealt meanwhile unnamed (F3); a damaged CARD line before
the first good frame was never named (F4); a young count restarted with its HELLO and first card damaged read
as the old count going on (F5); a lost or damaged ERR MISREAD / DOUBLE_FEED (or SHOE CUT) behind a heartbeat
that named CARD frames only was dismissed, the next card played in the unread card's place (F6); a shoe idle
for a full SEQ lap took its own heartbeat for a restart (F8).
"""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card
from dealer_assist.events import CountRestarted, LinkState, SeqGap
from dealer_assist.shoesim.device import VirtualShoe
from dealer_assist.sources.shoe_protocol import SEQ_MODULO, CardFrame, HeartbeatFrame, HelloFrame, SequenceTracker
from polling import wait_for
from test_serial_restarts import Rig, bad_crc, frame, hello, waits


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def gaps(rig: Rig) -> list:
    return [e for e in rig.events if isinstance(e, SeqGap)]


# -- F3: a HELLO heard first, then the link lost or silent ----------------------------------------------------

def test_a_hello_heard_first_then_a_lost_link_names_the_frames_dealt_meanwhile(rig):
    rig.send(hello("A1"))
    assert wait_for(lambda: "hello" in rig.alerts())
    rig.unplug()  # the shoe deals three cards, frames 1-8, while the cable is out
    rig.replug()
    rig.send(frame("HB", 9, "7"), frame("CARD", 10, "9S"))
    assert waits(rig, "9S")
    assert rig.played() == [] and "gap" in rig.alerts()
    (gap,) = gaps(rig)
    assert gap.missing == tuple(range(1, 8)) and gap.card_lost == 7 and gap.after_link_loss


def test_a_hello_heard_first_then_a_silence_names_the_frames_sent_in_it(rig):
    """The port stays open (a cable out between the shoe and its USB adapter): the link goes stale, not lost."""
    rig.reader.stale_after = 0.3
    rig.send(hello("A1"))
    assert wait_for(lambda: any(isinstance(e, LinkState) and e.state == "stale" for e in rig.events))
    rig.send(frame("HB", 9, "7"), frame("CARD", 10, "9S"))
    assert waits(rig, "9S")
    (gap,) = gaps(rig)
    assert gap.missing == tuple(range(1, 8)) and gap.card_lost == 7


def test_a_hello_said_again_then_a_frame_with_no_loss_between_still_joins_the_count(rig):
    rig.send(hello("A1"), frame("HB", 57, "50"), frame("CARD", 58, "6C"))
    assert wait_for(lambda: rig.played() == ["6C"])
    assert gaps(rig) == []


# -- F4: a card line damaged before the first good frame ------------------------------------------------------

@pytest.mark.parametrize("lines, named", [
    ([hello("A1"), bad_crc("CARD", 57, "KD"), frame("HB", 58, "57")], (57,)),
    ([bad_crc("CARD", 57, "KD"), frame("HB", 58, "57")], (57,)),
    ([hello("A1"), bad_crc("CARD", 1, "KD"), bad_crc("CARD", 2, "QD")], (2, 3)),  # HB 3 lost whole
], ids=["after a HELLO said again", "as the port's first line", "two after a boot's HELLO"])
def test_a_card_line_damaged_before_the_first_good_frame_holds_the_next_card(rig, lines, named):
    last = 59 if lines[-1].startswith(b"$HB") else 4
    rig.send(*lines, frame("CARD", last, "9S"))
    assert waits(rig, "9S")
    assert rig.played() == [] and "gap" in rig.alerts()
    assert [g.missing for g in gaps(rig)] == [named]


def test_a_line_before_the_first_good_frame_visibly_no_card_holds_nothing(rig):
    rig.send(bad_crc("HB", 57, "50"), b"\x00\xff\r\n", frame("CARD", 58, "6C"))
    assert wait_for(lambda: rig.played() == ["6C"])
    assert gaps(rig) == []


# -- F5: a young count restarted with its HELLO and first card damaged ---------------------------------------

def test_a_damaged_hello_and_card_that_fit_no_seq_in_a_young_count_read_as_a_restart(rig):
    rig.send(hello("A1"), frame("HB", 1, "-"))
    assert wait_for(lambda: "hello" in rig.alerts())
    rig.send(hello("A2")[:20] + b"\r\n", frame("CARD", 1, "JH")[:11] + b"\r\n", frame("CARD", 2, "QH"))
    assert waits(rig, "QH")
    assert rig.played() == [] and rig.alerts()["hello"].title == "SHOE RESTARTED?"
    (gap,) = gaps(rig)
    assert gap.missing == (1,) and gap.count_went_back


def test_a_damaged_card_line_sent_again_in_an_old_count_is_no_restart(rig):
    rig.send(hello("A1"), *(frame("HB", s, "-") for s in range(1, 40)), frame("CARD", 40, "4H"),
             bad_crc("CARD", 40, "4H"), frame("CARD", 41, "6C"))
    assert wait_for(lambda: rig.played() == ["4H", "6C"])
    assert not [e for e in rig.events if isinstance(e, CountRestarted)] and gaps(rig) == []


# -- F6: what stands for a card, lost behind a heartbeat ----------------------------------------------------

def _dealt_three(rig: Rig) -> None:
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("CARD", 2, "KH"), frame("CARD", 3, "2C"))
    assert wait_for(lambda: rig.played() == ["AS", "KH", "2C"])


@pytest.mark.parametrize("damaged", [bad_crc("ERR", 4, "MISREAD", "card not read"),
                                     bad_crc("ERR", 4, "DOUBLE_FEED", "two cards"), bad_crc("SHOE", 4, "CUT")],
                         ids=["MISREAD", "DOUBLE_FEED", "SHOE CUT"])
def test_a_damaged_line_that_stood_for_a_card_is_not_dismissed_by_a_heartbeat(rig, damaged):
    """A heartbeat whose last card is the host's (a device naming CARD frames only, or a SHOE CUT, which no
    heartbeat names) cleared the gap: the next card took the unread card's place."""
    _dealt_three(rig)
    rig.send(damaged, frame("HB", 5, "3"), frame("CARD", 6, "9S"))
    assert waits(rig, "9S")
    assert rig.played() == ["AS", "KH", "2C"] and "gap" in rig.alerts()
    assert [g.missing for g in gaps(rig)] == [(4,)]


def test_a_misread_lost_whole_is_named_by_the_heartbeat_after_it(rig):
    _dealt_three(rig)
    rig.send(frame("HB", 5, "4"), frame("CARD", 6, "9S"))  # ERR 4 MISREAD never came; the heartbeat names it
    assert waits(rig, "9S")
    (gap,) = gaps(rig)
    assert gap.missing == (4,) and gap.card_lost == 4


def test_a_damaged_jam_report_behind_a_heartbeat_holds_nothing(rig):
    _dealt_three(rig)
    rig.send(bad_crc("ERR", 4, "JAM", "card jammed"), frame("HB", 5, "3"), frame("CARD", 6, "9S"))
    assert wait_for(lambda: rig.played() == ["AS", "KH", "2C", "9S"])
    assert gaps(rig) == []


def test_the_simulators_heartbeat_names_a_misread_or_double_feed_as_its_last_card():
    shoe = VirtualShoe(seed=3)
    shoe.boot()
    shoe.new_shoe()
    card = shoe.next_out()
    shoe.error("JAM", "stuck")
    assert shoe.heartbeat().frame.last_card_seq == card.frame.seq  # a JAM is no card
    for code in ("MISREAD", "DOUBLE_FEED"):
        err = shoe.error(code, "unread")
        assert shoe.heartbeat().frame.last_card_seq == err.frame.seq


def test_a_heartbeat_naming_as_its_last_card_a_frame_the_host_took_as_a_heartbeat_is_a_new_counts(rig):
    """Found fuzzing the fixes: a restart while unplugged, its HELLO lost, whose count came to the old one's
    next SEQ: the heartbeat names card 2, where the host had heartbeat 2: a new count, its cards 1-2 unnamed."""
    rig.send(hello("A1"), frame("HB", 1, "-"), frame("HB", 2, "-"))
    assert wait_for(lambda: "hello" in rig.alerts())
    rig.unplug()  # the shoe restarts meanwhile (HELLO A2 unheard) and deals two cards, SEQ 1 and 2
    rig.replug()
    rig.send(frame("HB", 3, "2"), frame("CARD", 4, "9S"))
    assert waits(rig, "9S")
    assert rig.alerts()["hello"].title == "SHOE RESTARTED?"
    (gap,) = gaps(rig)
    assert gap.missing == (1, 2) and gap.count_went_back and gap.card_lost == 2


# -- F8: a full SEQ lap with no card --------------------------------------------------------------------------

def test_a_heartbeat_a_full_lap_after_the_last_card_is_no_restart(rig):
    """Heartbeats lost in between (the gaps name no card) stand for an idle night: the SEQ comes round to the
    last card's and the heartbeat rightly names it."""
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("HB", 30000, "1"), frame("HB", 65535, "1"),
             frame("HB", 0, "1"), frame("HB", 1, "1"), frame("CARD", 2, "KH"))
    assert wait_for(lambda: rig.played() == ["AS", "KH"])
    assert not [e for e in rig.events if isinstance(e, CountRestarted)]
    assert rig.alerts()["hello"].title == "SHOE CONNECTED"


def test_every_heartbeat_of_an_idle_lap_is_taken_and_a_heartbeat_behind_the_last_card_is_still_a_restart():
    t = SequenceTracker()
    t.check(HelloFrame(0, 1, "fw", "dev", "B1"))
    t.check(CardFrame(1, Card("A", "S")))
    for seq in list(range(2, SEQ_MODULO)) + [0, 1, 2]:
        verdict = t.check(HeartbeatFrame(seq, 1))
        assert not verdict.restarted and verdict.missing == (), seq
    assert not t.check(CardFrame(3, Card("K", "H"))).restarted
    assert t.check(HeartbeatFrame(4, 1)).restarted  # within a lap of card 3, a last card behind it
