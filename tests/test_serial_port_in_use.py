"""A second program opening the shoe's port is refused at once, by name.

qaN, over a real pty: two readers (two ``listen``, or a table and a technician's ``listen``) both opened the
port, and each frame went to one or the other: the table showed FRAMES LOST for every card the other took,
which showed up in the technician's terminal.  The port is now opened exclusively.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dealer_assist.events import LinkState
from dealer_assist.sources.serial_shoe import IN_USE, SerialShoe
from polling import wait_for
from test_serial_restarts import Rig, frame, hello


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def test_a_second_reader_on_the_tables_port_is_refused_and_the_table_keeps_every_card(rig):
    seen: list = []
    second = SerialShoe(rig.link, reconnect=False)
    second.start(seen.append)
    try:
        assert wait_for(lambda: not second.running)
        (lost,) = [e for e in seen if isinstance(e, LinkState)]
        assert lost.state == "lost" and IN_USE in lost.detail and f"fuser -v {rig.link}" in lost.detail
    finally:
        second.stop()
    rig.send(hello("B1"), *(frame("CARD", n, code) for n, code in enumerate(("2H", "3H", "4H", "5H"), start=1)))
    assert wait_for(lambda: rig.played() == ["2H", "3H", "4H", "5H"])
    assert rig.session.snapshot.pending is None and "gap" not in rig.alerts()


def test_listen_on_a_port_a_table_holds_exits_at_once_naming_the_fault(rig):
    done = subprocess.run([sys.executable, "-m", "dealer_assist", "listen", "--serial", rig.link, "--seconds", "20"],
                          capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert done.returncode == 1
    assert IN_USE in done.stderr and "fuser -v" in done.stderr and "Traceback" not in done.stderr


def test_the_port_opens_again_once_its_holder_closed_it(rig):
    rig.reader.stop()
    seen: list = []
    again = SerialShoe(rig.link, reconnect=False)
    again.start(seen.append)
    try:
        assert wait_for(lambda: [e for e in seen if isinstance(e, LinkState)])
        assert seen[0].state == "up"
    finally:
        again.stop()


def test_a_second_table_on_the_port_says_to_close_the_program_holding_it(rig):
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules

    other = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    reader = SerialShoe(rig.link, name="serial:other", reconnect=False)
    reader.start(other.handle)
    try:
        assert wait_for(lambda: not reader.running)
        (alert,) = [a for a in other.snapshot.alerts if a.code == "link:serial:other"]
        assert alert.title == "CARD READER LOST" and IN_USE in alert.text
        assert alert.action.startswith("close the other program that holds the port") and "dialout" not in alert.action
    finally:
        reader.stop()
        other.close()
