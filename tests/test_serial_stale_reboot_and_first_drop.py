"""Two ways a card went by with no FRAMES LOST (qaAY F1, F3), over a real pty to the reader and a real table.

F1: a shoe that browned out for more than 3 s with the cable in (the link stale, CARD READER SILENT), a card
dealt meanwhile, then booted: its new boot's HELLO (or, that lost, its first heartbeat) was the first frame after
the silence, and the next card was played in the missing card's place.  PROTOCOL.md 7.4 treats a stale link as one
that came back: the old count's next SEQ is named lost and the next card waits, as after an unplug.

F3: a damaged CARD line right after the host opened the port, then the HELLO said again (no heartbeat before it),
then the count's next card: the HELLO made the host forget the dropped line, and that card became the burn card.
A line dropped since the port opened that may have stood for a card is named lost (PROTOCOL.md 7.4), HELLO or not.
"""

from __future__ import annotations

from dealer_assist.events import CountRestarted, DeviceHello, LinkState, SeqGap
from polling import wait_for
from test_serial_gap_after_silence import rig  # noqa: F401 (the fixture: a reader stale after 0.3 s)
from test_serial_restarts import Rig, bad_crc, frame, hello, waits


def _gaps(rig: Rig) -> list:
    return [e for e in rig.events if isinstance(e, SeqGap)]


def _dealt_then_silent(rig: Rig) -> None:
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("CARD", 2, "2C"), frame("HB", 3, "2"))
    assert wait_for(lambda: rig.played() == ["AS", "2C"])
    assert wait_for(lambda: any(isinstance(e, LinkState) and e.state == "stale" for e in rig.events))


def test_a_reboot_whose_hello_is_the_first_frame_after_a_silence_holds_the_next_card(rig):
    _dealt_then_silent(rig)  # the shoe browns out; the croupier deals B1 meanwhile, unread
    rig.send(hello("B2"), frame("HB", 1, "-"), frame("CARD", 2, "3C"))
    assert waits(rig, "3C")
    assert rig.played() == ["AS", "2C"]
    (gap,) = _gaps(rig)
    assert gap.missing == (4,) and gap.after_link_loss  # the old count's next SEQ
    assert "gap" in rig.alerts() and rig.alerts()["hello"].title == "SHOE RESTARTED"


def test_a_reboot_after_a_silence_with_its_hello_lost_holds_the_next_card(rig):
    _dealt_then_silent(rig)
    rig.send(frame("HB", 1, "-"), frame("CARD", 2, "3C"))
    assert waits(rig, "3C")
    assert rig.played() == ["AS", "2C"]
    assert [e for e in rig.events if isinstance(e, CountRestarted)]
    assert [(g.missing, g.after_link_loss) for g in _gaps(rig)] == [((4,), True)]


def test_a_hello_said_again_after_a_silence_is_no_restart_and_names_nothing(rig):
    _dealt_then_silent(rig)
    rig.send(frame("HB", 4, "2"), hello("A1"), frame("CARD", 5, "3C"))
    assert wait_for(lambda: rig.played() == ["AS", "2C", "3C"])
    assert _gaps(rig) == [] and "gap" not in rig.alerts()


def test_a_card_line_damaged_as_the_port_opens_then_a_hello_said_again_is_named_lost(rig):
    rig.send(bad_crc("CARD", 8, "5S"), hello("B7"))
    assert wait_for(lambda: any(isinstance(e, DeviceHello) for e in rig.events))  # read apart from what follows
    rig.send(frame("CARD", 9, "KC"))
    assert waits(rig, "KC")
    assert rig.played() == []
    assert [(g.missing, g.after_link_loss) for g in _gaps(rig)] == [((8,), False)]
    assert "gap" in rig.alerts()


def test_a_card_and_a_heartbeat_damaged_as_the_port_opens_then_a_hello_name_both_frames(rig):
    rig.send(bad_crc("CARD", 8, "5S"), bad_crc("HB", 9, "8"), hello("B7"), frame("CARD", 10, "KC"))
    assert waits(rig, "KC")
    assert [g.missing for g in _gaps(rig)] == [(8, 9)]


def test_a_heartbeat_damaged_as_the_port_opens_then_a_hello_said_again_names_nothing(rig):
    """Only a line that may have stood for a card is named (PROTOCOL.md 7.2): a damaged heartbeat was none."""
    rig.send(bad_crc("HB", 8, "5"), hello("B7"), frame("CARD", 9, "KC"))
    assert wait_for(lambda: rig.played() == ["KC"])
    assert _gaps(rig) == []


def test_listen_says_a_new_boot_in_the_middle_of_a_count_restarted(tmp_path):
    """qaAY F1: listen told a mid-count HELLO with a new boot id as it told the first one, where the table says
    SHOE RESTARTED."""
    from test_listen_hello_continues import _listen

    data = hello("B1") + frame("CARD", 1, "AS") + hello("B2") + frame("CARD", 1, "2C")
    lines = [line for line in _listen(tmp_path, data, "--cards", "2") if "device SHOE-1" in line]
    assert len(lines) == 2 and "RESTARTED" not in lines[0]
    assert "RESTARTED in the middle of a count" in lines[1]
