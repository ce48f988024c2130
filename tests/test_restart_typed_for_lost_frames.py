"""FRAMES LOST answered by a typed card, then a display restart before the next read (verS N5): the restarted
table named the heartbeat that revealed the gap (a frame it had received) as lost in a second FRAMES LOST, and
the next read asked for the missing card again ("type any missing card first"), a double card if obeyed.
The gap's alert now journals the frame that revealed it, and a card typed for the gap is restored with it."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted


def test_a_card_typed_for_lost_frames_answers_them_after_a_restart_and_no_frame_is_named_lost_again(tmp_path):
    path, source = tmp_path / "j.sqlite", str(tmp_path / "shoe")
    rules = TableRules(shoe=ShoeRules(burn=False))
    first = TableSession(rules, journal=Journal.open(path), odds=False)
    reader = SerialShoe(source, name=source)
    reader.set_sink(first.handle)
    reader.feed(format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1") + format_frame("CARD", 1, "4H")
                + format_frame("CARD", 2, "5D") + format_frame("HB", 5, "4"))  # frames 3 and 4 lost, 4 a card
    assert "FRAMES LOST" in [a.title for a in first.snapshot.alerts]
    assert first.enter_card("9H") is None  # the missing card, typed before the next read
    first.close()  # the display stops

    with restarted(path, source, rules) as (again, reader, device):
        device.write(format_frame("CARD", 6, "6S"))
        assert wait_for(lambda: again.snapshot.pending is not None)
        assert reader.stats["missing"] == 0  # frame 5 was received: no gap is named again
        assert [a.title for a in again.snapshot.alerts].count("FRAMES LOST") <= 1
        assert [c.code for c in again.snapshot.typed_before] == ["9H"]  # "9♥ typed: Enter plays 6♠"
        assert again.confirm_pending() is None  # played at once: the typed card answered the lost frames
        assert [c.code for c in again.state.round.cards] == ["4H", "5D", "9H", "6S"]
