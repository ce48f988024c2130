"""Ctrl+T in both displays: after ANOTHER SHOE, the croupier takes the shoe the reader reads now as this
table's (verN NEW-8), without restarting the display; with no other shoe held it is refused, saying why."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.main_window import MainWindow, Options


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_ctrl_t_takes_the_shoe_read_now_after_another_shoe(qtbot, show_window, tmp_path, game):
    journal = Journal.open(tmp_path / "j.sqlite")
    if game == "baccarat":
        session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=journal, odds=False)
        window = show_window(MainWindow(session, None, Options(sound=False)))
    else:
        session = BlackjackSession(BlackjackTableRules(seats=3), journal)
        window = show_window(BlackjackWindow(session, None))
    reader = SerialShoe("/dev/card-shoe", name="serial:shoe")
    reader.set_sink(session.handle)
    session.shoe_taker(reader.name, reader.take_shoe)
    try:
        window.setFocus()
        qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: "no other shoe is held" in session.snapshot.message, timeout=2000)
        reader.feed(hello("SHOE-A", "A1") + format_frame("HB", 1, "-") + hello("SHOE-B", "B1")
                    + format_frame("HB", 1, "-"))
        assert {a.code: a for a in session.snapshot.alerts}["hello"].title == "ANOTHER SHOE"
        qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: {a.code: a for a in session.snapshot.alerts}["hello"].title == "SHOE TAKEN",
                        timeout=2000)
        assert [e.kind for e in journal.entries()].count("shoe_taken") == 1
    finally:
        window.bridge.detach()
        session.close()
