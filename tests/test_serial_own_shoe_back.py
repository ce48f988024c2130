"""This table's shoe back after another shoe was heard in its place (verN NEW-10, NEW-8): its count goes on
where it was, no frame of it named lost; and the croupier can take the shoe heard now as this table's."""

from __future__ import annotations

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceHello, LinkState, SeqGap
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from restarted_tables import restarted


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


def swap(device: PtyEndpoint, reader: SerialShoe, events: list, data: bytes) -> None:
    """Unplug the shoe at the reader's path and plug one in its place (the same path), which says ``data``."""
    lost = len([e for e in events if isinstance(e, LinkState) and e.state == "lost"])
    device.unplug()
    assert wait_for(lambda: len([e for e in events if isinstance(e, LinkState) and e.state == "lost"]) > lost)
    device.replug()
    assert wait_for(lambda: reader.link == "up" and device.host_connected())
    device.write(data)


def _table(tmp_path, journal=None):
    """A table reading a shoe on a pty at ``tmp_path/shoe``, with Ctrl+T wired: every event kept in ``events``."""
    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=journal, odds=False)
    reader = SerialShoe(device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    session.shoe_taker(reader.name, reader.take_shoe)
    events: list = []

    def sink(event) -> None:
        events.append(event)
        session.handle(event)

    reader.start(sink)
    return device, session, reader, events


def test_this_tables_shoe_back_with_its_boot_goes_on_with_its_count_and_names_no_frame_lost(tmp_path):
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS") + format_frame("CARD", 2, "KH"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS", "KH"])
        swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        session.reject_pending()
        back, gap = len(events), {a.code: a for a in session.snapshot.alerts}.get("gap")
        swap(device, reader, events, hello("SHOE-A", "A1") + format_frame("HB", 3, "2") + format_frame("CARD", 4, "9S"))
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "9S" for e in events))
    finally:
        reader.stop()
        device.close()
    after = events[back:]
    assert [e.device for e in after if isinstance(e, DeviceHello)] == ["SHOE-A"]
    assert not [e for e in after if isinstance(e, SeqGap)]
    assert [(e.card.code, e.doubt) for e in after if isinstance(e, CardRead)] == [("9S", "")]
    alerts = {a.code: a for a in session.snapshot.alerts}
    assert alerts["hello"].title == "THIS TABLE'S SHOE AGAIN"
    assert alerts.get("gap") == gap  # no FRAMES LOST for the first shoe's count going on
    session.close()


def test_the_croupier_takes_this_tables_shoe_back_when_it_did_not_say_its_hello_again(tmp_path):
    """verN NEW-8: this table's shoe plugged back after ANOTHER SHOE, its boot HELLO gone before the port
    opened: every card it read stayed held as "read from shoe SHOE-B" until the display restarted.  Ctrl+T
    (take_shoe) takes the shoe read now as this table's: its cards play again, and it is journaled.  With no
    HELLO since the reopen the reader cannot tell SHOE-A back from SHOE-B still there (verS N3): it takes the
    last shoe heard and says so, naming SHOE-A as the one it may be (tests/test_take_shoe_unheard.py)."""
    device, session, reader, events = _table(tmp_path)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        assert session.take_shoe() is not None  # no other shoe held: refused, nothing changes
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        swap(device, reader, events, hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        session.reject_pending()
        swap(device, reader, events, format_frame("HB", 4, "1") + format_frame("CARD", 5, "9S"))
        assert wait_for(lambda: session.snapshot.pending is not None and session.snapshot.pending.card.code == "9S")
        assert "SHOE-B" in session.snapshot.pending.doubt
        assert session.take_shoe() is None
        alert = {a.code: a for a in session.snapshot.alerts}["hello"]
        assert alert.title == "SHOE TAKEN" and "taking SHOE-B" in alert.text and "SHOE-A" in alert.action
        session.confirm_pending()
        device.write(format_frame("CARD", 6, "2H"))
        assert wait_for(lambda: any(isinstance(e, CardRead) and e.card.code == "2H" for e in events))
        # Read as this table's: no doubt from the reader (the table may still hold it for the 9C set aside).
        assert [(e.card.code, e.doubt) for e in events if isinstance(e, CardRead)][-1] == ("2H", "")
        pending = session.snapshot.pending
        assert pending is None or "SHOE-B" not in pending.doubt
    finally:
        reader.stop()
        device.close()
        session.close()


def test_a_restarted_table_knows_its_shoe_from_the_journal_and_names_another_one(tmp_path):
    """verN NEW-4: ANOTHER SHOE needed a HELLO heard since the port opened; a table started after its shoe
    booted took a shoe put in its place for its own, its cards played.  The journal's last HELLO names the
    table's shoe: the first HELLO heard after a restart is compared with it."""
    from dealer_assist.table.journal import Journal

    path = tmp_path / "j.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    source = str(tmp_path / "shoe")
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    session.handle(DeviceHello(source, 0.0, "SHOE-A", "A1", "fw"))
    session.handle(CardRead(parse_card("4H"), source, 0.0,
                            seq=1))
    session.close()  # the display stops; SHOE-A is swapped for SHOE-B meanwhile

    with restarted(path, source, rules) as (again, reader, device):
        device.write(hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: again.snapshot.pending is not None)
        assert "SHOE-B" in again.snapshot.pending.doubt and "SHOE-A" in again.snapshot.pending.doubt
        alert = {a.code: a for a in again.snapshot.alerts}["hello"]
        assert (alert.level, alert.title) == ("error", "ANOTHER SHOE")
        assert [c.code for c in again.state.round.cards] == ["4H"]
    third = TableSession(rules, journal=Journal.open(path), odds=False)
    assert third.source_device(source) == "SHOE-A"  # the other shoe's HELLO does not make it the table's
    third.close()


def test_a_shoe_the_croupier_took_is_the_tables_after_a_restart_too(tmp_path):
    from dealer_assist.table.journal import Journal

    path, source = tmp_path / "j.sqlite", "serial:shoe"
    rules = TableRules(shoe=ShoeRules(burn=False))
    reader = SerialShoe("/dev/card-shoe", name=source)
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    reader.set_sink(session.handle)
    session.shoe_taker(source, reader.take_shoe)
    reader.feed(hello("SHOE-A", "A1") + format_frame("CARD", 1, "4H") + hello("SHOE-B", "B1")
                + format_frame("HB", 1, "-"))
    assert {a.code: a for a in session.snapshot.alerts}["hello"].title == "ANOTHER SHOE"
    assert session.take_shoe() is None  # SHOE-B said its HELLO since the port opened: it is taken
    session.close()
    again = TableSession(rules, journal=Journal.open(path), odds=False)
    assert again.source_device(source) == "SHOE-B"
    again.close()
