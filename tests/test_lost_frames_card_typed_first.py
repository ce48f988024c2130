"""A card typed for FRAMES LOST before the next read arrives answers the lost frames (qaR F1): after a replug
the gap is found on the first heartbeat, the croupier types the card the alert asks for, and then the next
read comes held behind the lost frames; Enter on it was refused "no card was typed for the lost frames",
inviting the croupier to type the missed card a second time."""

from __future__ import annotations

from dealer_assist.events import SeqGap
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")


def _table(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    reader = SerialShoe(device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    events: list = []

    def sink(event) -> None:
        events.append(event)
        session.handle(event)

    reader.start(sink)
    assert wait_for(lambda: reader.link == "up" and device.host_connected())
    return device, session, reader, events


def test_the_card_typed_for_lost_frames_before_the_next_read_lets_one_enter_play_that_read(tmp_path):
    device, session, reader, events = _table(tmp_path)
    try:
        device.write(HELLO + format_frame("CARD", 1, "AS") + format_frame("HB", 3, "2"))  # frame 2 was a card
        assert wait_for(lambda: any(a.code == "gap" for a in session.snapshot.alerts))
        assert [e.missing for e in events if isinstance(e, SeqGap)] == [(2,)]
        assert session.snapshot.pending is None
        assert session.enter_card("KH") is None   # the card the alert asked for
        device.write(format_frame("CARD", 4, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        assert session.snapshot.pending.card.code == "9C"   # held behind the lost frames, as before
        assert session.confirm_pending() is None
        assert [c.code for c in session.state.round.cards] == ["AS", "KH", "9C"]
    finally:
        reader.stop()
        device.close()
        session.close()


def test_with_nothing_typed_the_first_enter_still_asks_whether_a_card_was_missed(tmp_path):
    device, session, reader, events = _table(tmp_path)
    try:
        device.write(HELLO + format_frame("CARD", 1, "AS") + format_frame("HB", 3, "2") + format_frame("CARD", 4, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        refused = session.confirm_pending()
        assert refused is not None and "no card was typed" in refused
        assert [c.code for c in session.state.round.cards] == ["AS"]
    finally:
        reader.stop()
        device.close()
        session.close()
