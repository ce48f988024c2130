"""A display restarted before it read any card of the shoe's count goes on from that count's HELLO in its
journal: a card the shoe dealt while the display was down is named lost, and the next read waits, instead of
being played in the lost card's place (qaAU F1: the restarted reader joined the stream anew, a heartbeat naming
the card dealt meanwhile passed without a word, and the next card read was played as P1)."""

from __future__ import annotations

from dealer_assist.events import SeqGap
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for
from test_serial_own_shoe_back import hello
from test_serial_restart_keeps_the_count import SOURCE, display, played, read


def test_a_card_dealt_while_the_display_was_down_before_its_first_card_is_named_lost(tmp_path):
    with display(tmp_path) as (device, session, reader):
        device.write(hello("SHOE-A", "A1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: session.source_position(SOURCE) == ("A1", None))
    # Down: the shoe deals 9D (SEQ 2) and beats once more; the display restarts on its journal.
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 3, "2") + format_frame("CARD", 4, "3S"))
        read(reader, "3S")
        gaps = reader.after(0, SeqGap)
        assert [(g.card_lost, g.missing, g.after_link_loss) for g in gaps] == [(2, (2,), True)]
        assert wait_for(lambda: "gap" in {a.code for a in session.snapshot.alerts})
        assert played(session) == []  # 3S is not played as the round's first card


def test_a_display_restarted_before_its_first_card_with_none_dealt_meanwhile_plays_the_next_read(tmp_path):
    with display(tmp_path) as (device, session, reader):
        device.write(hello("SHOE-A", "A1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: session.source_position(SOURCE) == ("A1", None))
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 5, "-") + format_frame("CARD", 6, "3S"))
        assert read(reader, "3S").doubt == ""
        assert not reader.after(0, SeqGap)
        assert wait_for(lambda: played(session) == ["3S"])


def test_a_count_joined_mid_stream_is_not_taken_as_begun_at_its_hello_said_again(tmp_path):
    """The table joined a count whose cards were dealt before it opened (as the built-in shoe simulator's HELLO,
    said again after a heartbeat, is heard): restarted before a card of it, the heartbeat's last card is one
    dealt before the table joined, not one lost while it was down."""
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 41, "40") + hello("SHOE-A", "A1") + format_frame("HB", 42, "40"))
        assert wait_for(lambda: session.source_position(SOURCE) == ("A1", None))
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 45, "40") + format_frame("CARD", 46, "3S"))
        assert read(reader, "3S").doubt == ""
        assert not reader.after(0, SeqGap)
        assert wait_for(lambda: played(session) == ["3S"])
