"""The shoe's port taken by another program while the table waits to reconnect: the table says so.

verN NEW-5, over a real pty: the shoe unplugged, then plugged back, and a technician's ``listen`` opened it
before the table's next retry.  Every retry then failed "in use by another program", but only a reopen's
first failure was ever told: the table kept CARD READER LOST "check the cable; it reconnects by itself" for
as long as the other program held the port.
"""

from __future__ import annotations

import threading

import serial

from dealer_assist.events import LinkState
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import IN_USE, SerialShoe, _default_opener
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for


def test_a_port_another_program_takes_during_a_reconnect_is_told_with_the_in_use_advice(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    table = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    events: list = []
    gate = threading.Lock()  # held by the test: the reader's next open waits until the other program has the port
    tries: list = []

    def opener(url: str, baudrate: int):
        with gate:
            tries.append(url)
            return _default_opener(url, baudrate)

    def sink(event) -> None:
        events.append(event)
        table.handle(event)

    reader = SerialShoe(link, name="serial:shoe", opener=opener, backoff_first=0.05, backoff_max=0.1)
    reader.start(sink)
    other = None
    try:
        assert wait_for(lambda: reader.link == "up")
        device.unplug()
        assert wait_for(lambda: reader.link == "lost")
        opened = len(tries)
        assert wait_for(lambda: len(tries) >= opened + 2)  # reopens failing: the shoe is not there
        with gate:
            device.replug()
            other = serial.Serial(link, exclusive=True)  # the technician's program, first on the port
        assert wait_for(lambda: any(isinstance(e, LinkState) and IN_USE in e.detail for e in events))
        told = [e for e in events if isinstance(e, LinkState)]
        assert [e.state for e in told] == ["up", "lost", "lost"]
        assert f"fuser -v {link}" in told[-1].detail
        alert = {a.code: a for a in table.snapshot.alerts}["link:serial:shoe"]
        assert IN_USE in alert.text and alert.action.startswith("close the other program that holds the port")
        said = len(told)
        assert wait_for(lambda: len(tries) >= opened + 6)
        assert len([e for e in events if isinstance(e, LinkState)]) == said  # the same reason is said once
        other.close()
        other = None
        assert wait_for(lambda: reader.link == "up")  # and the port is the table's again once it is freed
    finally:
        if other is not None:
            other.close()
        reader.stop()
        device.close()
        table.close()
