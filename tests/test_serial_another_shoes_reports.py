"""What another shoe reports acts on no table but its own (rev14 F2).

After a HELLO naming another device than the shoe a reader had (another table's shoe, or one put in this
one's place; qaN F14), only that shoe's cards waited: its SHOE CUT set the cut card out at this table, its
SHOE NEW started a new shoe (or held this table's next read), its ERR DOUBLE_FEED / MISREAD, its CARD ??
and its lost frames held this table's next read.  Each is now marked ``foreign`` by the reader, and the
table tells it (a journaled alert holding nothing) at baccarat and at blackjack, acting on none of it.
"""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.events import CountRestarted, DeviceError, SeqGap, ShoeSignal, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


#: Shoe B's count after its HELLO: the cut card, a new shoe, a double feed, a misread, a card not read, card 6 lost
#: (heartbeat 7 names it as its last card), and a count that went back with no HELLO (frame 2 after 7).
SHOE_B_REPORTS = (hello("SHOE-B", "B1") + format_frame("SHOE", 1, "CUT") + format_frame("SHOE", 2, "NEW")
                  + format_frame("ERR", 3, "DOUBLE_FEED", "two cards") + format_frame("ERR", 4, "MISREAD", "dirty")
                  + format_frame("CARD", 5, "??") + format_frame("HB", 7, "6") + format_frame("HB", 2, "5"))


def open_reader(link: str, device: PtyEndpoint, sink) -> SerialShoe:
    reader = SerialShoe(link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(sink)
    # The link is up once the port is open, and pyserial empties its input within the open.
    assert wait_for(lambda: reader.link == "up" and device.host_connected())
    return reader


def test_the_reader_marks_what_another_shoe_sends_as_foreign_and_its_own_shoe_again_as_its_own(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    events: list = []
    reader = open_reader(link, device, events.append)
    try:
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS") + SHOE_B_REPORTS)
        assert wait_for(lambda: any(isinstance(e, CountRestarted) for e in events))
        device.write(hello("SHOE-A", "A2") + format_frame("SHOE", 1, "CUT") + format_frame("CARD", 2, "??"))
        assert wait_for(lambda: len([e for e in events if isinstance(e, Unreadable)]) == 2)
    finally:
        reader.stop()
        device.close()
    kinds = (ShoeSignal, DeviceError, Unreadable, SeqGap, CountRestarted)
    told = [(type(e).__name__, e.foreign) for e in events if isinstance(e, kinds)]
    assert told == [("ShoeSignal", "SHOE-B"), ("ShoeSignal", "SHOE-B"), ("DeviceError", "SHOE-B"),
                    ("DeviceError", "SHOE-B"), ("Unreadable", "SHOE-B"), ("SeqGap", "SHOE-B"),
                    ("CountRestarted", "SHOE-B"), ("ShoeSignal", ""), ("Unreadable", "")]


def test_another_shoes_cut_card_new_shoe_and_errors_are_told_at_a_baccarat_table_not_acted_on(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    journal = Journal.open(tmp_path / "table.sqlite")
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal, odds=False)
    reader = open_reader(link, device, session.handle)
    try:
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        shoe_no, dealt = session.state.shoe_no, session.state.shoe.dealt
        # Then this table's shoe again: its next card is played at once, held by nothing shoe B sent.
        device.write(SHOE_B_REPORTS + hello("SHOE-A", "A2") + format_frame("CARD", 1, "KH"))
        assert wait_for(lambda: len(session.state.round.cards) == 2 or session.snapshot.pending is not None)
        alerts = {a.code: a for a in session.snapshot.alerts}
        state = session.state
        pending = session.snapshot.pending
    finally:
        reader.stop()
        device.close()
        session.close()
    assert not state.shoe.cut_out and state.shoe_no == shoe_no
    assert pending is None and [c.code for c in state.round.cards] == ["AS", "KH"] and state.shoe.dealt == dealt + 1
    assert {"cut", "newshoe", "device:DOUBLE_FEED", "unreadable", "gap"}.isdisjoint(alerts)
    for code in ("CUT CARD", "NEW SHOE", "DOUBLE_FEED", "MISREAD", "UNREADABLE CARD", "LOST FRAMES", "RESTART"):
        alert = alerts[f"foreign:{code}"]
        assert alert.title == f"ANOTHER SHOE'S {code}" and alert.level == "warning"
        assert "SHOE-B" in alert.text and "SHOE-A" in alert.text and "not acted on" in alert.text
    assert "SHOE CUT" in alerts["foreign:CUT CARD"].text and "(frame 1)" in alerts["foreign:CUT CARD"].text
    journaled = Journal.open(tmp_path / "table.sqlite")
    try:
        kinds = [(e.kind, e.payload.get("code")) for e in journaled.entries()]
    finally:
        journaled.close()
    assert ("alert", "foreign:CUT CARD") in kinds and ("alert", "foreign:DOUBLE_FEED") in kinds
    assert not [k for k in kinds if k[0] in ("shoe_cut", "shoe_start")][1:]  # the table's own shoe only
    assert not [e for e in kinds if e == ("alert", "gap")]


def test_another_shoes_cut_card_and_new_deck_are_told_at_a_blackjack_table_not_acted_on(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    session = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(tmp_path / "bj.sqlite"))
    reader = open_reader(link, device, session.handle)
    try:
        session.place(1, D("10"))
        session.place(2, D("10"))
        assert session.deal() is None
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "9S"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["9S"])
        device.write(SHOE_B_REPORTS + hello("SHOE-A", "A2") + b"".join(
            format_frame("CARD", n, c) for n, c in enumerate(("5H", "7C", "2D", "6D"), start=1)))
        assert wait_for(lambda: len(session.state.round.cards) == 5 or session.snapshot.pending is not None)
        alerts = {a.code for a in session.snapshot.alerts}
        state = session.state
        pending = session.snapshot.pending
    finally:
        reader.stop()
        device.close()
        session.close()
    assert not state.cut_out
    assert pending is None and [c.code for c in state.round.cards] == ["9S", "5H", "7C", "2D", "6D"]
    assert {"cut", "newdeck", "device:DOUBLE_FEED", "unreadable", "gap"}.isdisjoint(alerts)
    assert {"foreign:CUT CARD", "foreign:NEW SHOE", "foreign:DOUBLE_FEED", "foreign:UNREADABLE CARD"} <= alerts

