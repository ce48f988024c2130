"""CARD READER SILENT that names a wrong baud rate says how to set it (qaAP F6).

Bytes with no line end for the stale time (a UART read at another rate) raised CARD READER SILENT naming "most
likely a baud rate other than the device's", but its DO line said only "check the reader": nothing told where the
rate is set.  It now gives the ``?baud=N`` step, as NOISE ON THE SHOE'S LINE does.  Real bytes over a real pty.
"""

from __future__ import annotations

import time

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for


def test_silent_with_bytes_coming_names_the_baud_rate_step(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    reader = SerialShoe(str(tmp_path / "shoe"), name="serial:shoe", stale_after=0.4, backoff_first=0.05,
                        backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        for _ in range(12):  # bytes read at the wrong rate: no line end
            device.write(b"\x8a\xf3\x1c\x9e")
            time.sleep(0.1)
        assert wait_for(lambda: any(a.title == "CARD READER SILENT" for a in session.snapshot.alerts))
        (silent,) = [a for a in session.snapshot.alerts if a.title == "CARD READER SILENT"]
        assert "baud rate" in silent.text
        assert "serial:PORT?baud=N" in silent.action and silent.action != "check the reader; type the cards (K) if needed"
    finally:
        reader.stop()
        device.close()
        session.close()
