"""A card the shoe read and the table refused: the line by the keys names K, and Del says what to do (qaAP F3).

The message under the bet grid repeated "Correct it by hand or call a supervisor" (no key, where the alert's DO
line says K), and Del, the reflex for "reject", answered "nothing to reject" with the refusal standing.  Real bytes
over a real pty to the reader, and a real offscreen display.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.state import TableRules
from polling import wait_for
from test_serial_restarts import frame, hello


def test_a_refused_card_names_k_and_del_after_it_says_it_is_left_out(qtbot, table_factory, tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    reader = SerialShoe(str(tmp_path / "shoe"), name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    try:
        window = table_factory(source=reader, rules=TableRules(shoe=ShoeRules(burn=False, decks=1)))
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        session = window.session
        device.write(hello("B1") + frame("CARD", 1, "AS") + frame("CARD", 2, "AS"))  # a second A♠ of one deck
        assert wait_for(lambda: any(a.title == "CARD A♠ REFUSED" for a in session.snapshot.alerts))
        message = session.snapshot.message
        assert "Correct it by hand" not in message and "Type the card really dealt in its place (K)" in message
        qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_Delete)
        qtbot.waitUntil(lambda: "A♠ was refused" in session.snapshot.message, timeout=3000)
        said = session.snapshot.message
        assert said.startswith("nothing to reject: A♠ was refused and is left out already") and "(K)" in said
        assert "the next card read waits until you do" in said
        assert any(a.title == "CARD A♠ REFUSED" for a in session.snapshot.alerts)  # Del took nothing down
    finally:
        device.close()
