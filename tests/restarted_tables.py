"""A display restarted on a table's journal, reading its shoe on a real pty: shared by the tests of what a
restart must remember of the serial shoe (its count, another shoe held, a card typed for lost frames)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from polling import wait_for


@contextmanager
def restarted(path, source: str, rules) -> Iterator[tuple[TableSession, SerialShoe, PtyEndpoint]]:
    """The table of journal ``path`` started again with its reader at ``source``: yields once the port is open."""
    from dealer_assist.ui.app import Table

    session = TableSession(rules, journal=Journal.open(path), odds=False)
    device = PtyEndpoint(source)
    reader = SerialShoe(source, name=source, backoff_first=0.05, backoff_max=0.2)
    table = Table(session, reader, window=None)
    table.start()
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        yield session, reader, device
        del table  # kept until the test is done with the reader it drives
    finally:
        reader.stop()
        device.close()
        session.close()
