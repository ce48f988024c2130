"""A display restarted on its journal goes on with the shoe counts as they were: the other shoe held stays
held, this table's own count waits aside, and the last SEQ it took survives a HELLO that started no count
and a card it could not read (rev15 F1, F11, F7).  Each run is a real table on a real journal reading a
real pty; the display is "restarted" by closing it and opening a new one on the same journal and path."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pytest

from dealer_assist.events import CardRead, CountRestarted, DeviceHello, LinkState, SeqGap
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.app import Table
from polling import wait_for
from test_serial_own_shoe_back import hello, swap

SOURCE = "serial:shoe"
RULES = TableRules(shoe=ShoeRules(burn=False))


class Teed(SerialShoe):
    """A shoe reader whose events are kept in :attr:`events` as well as handed to the table."""

    def start(self, sink) -> None:
        self.events: list = []

        def both(event) -> None:
            self.events.append(event)
            sink(event)

        super().start(both)

    def after(self, n: int, kind: type) -> list:
        return [e for e in self.events[n:] if isinstance(e, kind)]


@contextmanager
def display(tmp_path) -> Iterator[tuple[PtyEndpoint, TableSession, Teed]]:
    """A display on ``tmp_path``'s journal, its shoe reader on the pty ``tmp_path/shoe``, started as ``run`` does."""
    session = TableSession(RULES, journal=Journal.open(tmp_path / "j.sqlite"), odds=False)
    device = PtyEndpoint(str(tmp_path / "shoe"))
    reader = Teed(device.url, name=SOURCE, backoff_first=0.05, backoff_max=0.2)
    try:
        Table(session, reader, window=None).start()
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        yield device, session, reader
    finally:
        reader.stop()
        device.close()
        session.close()


def read(reader: Teed, code: str) -> CardRead:
    """The reader's read of ``code``, once it came."""
    assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == code for e in reader.events))
    return next(e for e in reader.events if isinstance(e, CardRead) and e.card.code == code)


def played(session: TableSession) -> list[str]:
    return [c.code for c in session.state.round.cards]


def test_a_display_restarted_while_another_shoe_is_held_still_holds_its_cards_and_keeps_its_own_count(tmp_path):
    """rev15 F1: the restarted reader went on with SHOE-B's count as this table's (the journal's last HELLO was
    B's), so B's next card was played at this table; and SHOE-A back had no count kept, its frames named lost."""
    with display(tmp_path) as (device, session, reader):
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H"))
        assert wait_for(lambda: played(session) == ["4H"])
        swap(device, reader, reader.events, hello("SHOE-B", "B1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: {a.code: a.title for a in session.snapshot.alerts}.get("hello") == "ANOTHER SHOE")
    # The display restarts with SHOE-B still in the socket; B goes on with its count.
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 2, "-") + format_frame("CARD", 3, "5D"))
        card = read(reader, "5D")
        assert "SHOE-B" in card.doubt and card.confidence == 0.0
        assert (session.source_device(SOURCE), session.source_heard(SOURCE)) == ("SHOE-A", "SHOE-B")
        assert played(session) == ["4H"] and session.snapshot.pending.card.code == "5D"
        session.reject_pending()  # set aside: not this table's card
        back = len(reader.events)
        # This table's shoe back with its boot id: its own count goes on at card 1, nothing of it lost.
        swap(device, reader, reader.events, hello("SHOE-A", "A1") + format_frame("HB", 2, "1"))
        assert wait_for(lambda: reader.after(back, DeviceHello))
        assert [(e.device, e.continues) for e in reader.after(back, DeviceHello)] == [("SHOE-A", True)]
        assert wait_for(lambda: {a.code: a.title for a in session.snapshot.alerts}.get("hello")
                        == "THIS TABLE'S SHOE AGAIN")
    # Restarted again before A's next card: the HELLO that started no count kept A's last card (rev15 F11).
    with display(tmp_path) as (device, session, reader):
        assert session.source_position(SOURCE) == ("A1", 1) and session.source_heard(SOURCE) == "SHOE-A"
        device.write(format_frame("HB", 3, "1") + format_frame("CARD", 4, "9S"))
        assert read(reader, "9S").doubt == ""
        assert not reader.after(0, SeqGap) and not reader.after(0, CountRestarted)


def test_a_hello_said_again_in_a_joined_count_keeps_the_last_card_for_a_restart(tmp_path):
    """rev15 F11: the table joined the count mid-stream; after a replug the shoe said its HELLO again (a repeat,
    the count going on).  Journaled as a plain HELLO, it reset the recorded position to no card: the display
    restarted before the next card joined anew, and the cards dealt while it was down went unnamed."""
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("CARD", 10, "AS") + format_frame("CARD", 11, "KH"))
        assert wait_for(lambda: played(session) == ["AS", "KH"])
        device.unplug()
        assert wait_for(lambda: any(isinstance(e, LinkState) and e.state == "lost" for e in reader.events))
        device.replug()
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(format_frame("HB", 12, "11") + hello("SHOE-A", "A1") + format_frame("HB", 13, "11"))
        assert wait_for(lambda: reader.after(0, DeviceHello))
        assert [e.restarted for e in reader.after(0, DeviceHello)] == [False]  # the count goes on
    # The display restarts; meanwhile the shoe deals QS (14) and JS (15).
    with display(tmp_path) as (device, session, reader):
        assert session.source_position(SOURCE) == ("A1", 11)
        device.write(format_frame("HB", 16, "15") + format_frame("CARD", 17, "9S"))
        read(reader, "9S")
        assert [e.missing for e in reader.after(0, SeqGap)] == [(12, 13, 14, 15)]
        assert wait_for(lambda: session.snapshot.pending is not None)  # the reader keeps the event before the table
        assert played(session) == ["AS", "KH"] and session.snapshot.pending.card.code == "9S"
    with Journal.open(tmp_path / "j.sqlite", readonly=True) as journal:
        hellos = [e.payload for e in journal.entries() if e.kind == "device_hello"]
    assert [h.get("continues") for h in hellos] == [True]


@pytest.mark.parametrize("unread, last", [
    (format_frame("CARD", 2, "??"), "2"),
    (format_frame("ERR", 2, "MISREAD", "card not read"), "2"),  # a heartbeat that counts the ERR as a card
    (format_frame("ERR", 2, "MISREAD", "card not read"), "1"),  # one that counts CARD frames only
], ids=["card-unreadable", "misread-counted", "misread-not-counted"])
def test_a_card_not_read_last_before_a_restart_is_not_named_lost_after_it(tmp_path, unread, last):
    """rev15 F7: the journal's position counted cards read only, so the reader went on before the unread card
    and the first heartbeat named it lost ("a card was missed"), though it was told and typed in."""
    with display(tmp_path) as (device, session, reader):
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H") + unread)
        assert wait_for(lambda: "unreadable" in {a.code for a in session.snapshot.alerts})
        assert session.enter_card("KD") is None
        assert played(session) == ["4H", "KD"]
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 3, last) + format_frame("CARD", 4, "9S"))
        assert read(reader, "9S").doubt == ""
        assert not reader.after(0, SeqGap) and not reader.after(0, CountRestarted)
        assert wait_for(lambda: played(session) == ["4H", "KD", "9S"])
        assert session.source_position(SOURCE) == ("A1", 4)
    with Journal.open(tmp_path / "j.sqlite", readonly=True) as journal:
        unread = [e.payload["source_seq"] for e in journal.entries() if e.kind == "card_unreadable"]
    assert unread == [2]


@pytest.mark.parametrize("last", ["2", "1"], ids=["double-feed-counted", "double-feed-not-counted"])
def test_a_double_feed_last_before_a_restart_is_not_named_a_card_missed_after_it(tmp_path, last):
    """As rev15 F7, for a DOUBLE_FEED (a card that left unread, which a heartbeat may name as the last card):
    journaled with its alert only, its frame was named lost after a restart, "a card was missed"."""
    with display(tmp_path) as (device, session, reader):
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H")
                     + format_frame("ERR", 2, "DOUBLE_FEED", "two cards"))
        assert wait_for(lambda: "device:DOUBLE_FEED" in {a.code for a in session.snapshot.alerts})
        assert session.enter_card("KD") is None  # the card not read, typed in its place
    with display(tmp_path) as (device, session, reader):
        device.write(format_frame("HB", 3, last) + format_frame("CARD", 4, "9S"))
        assert read(reader, "9S").doubt == ""
        assert not reader.after(0, SeqGap) and not reader.after(0, CountRestarted)
        assert "gap" not in {a.code for a in session.snapshot.alerts}
