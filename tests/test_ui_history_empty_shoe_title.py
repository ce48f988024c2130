"""H's title names the shoe the table is at, an empty one too (qaZ F3: after Ctrl+N twice, twice, with no round
dealt, H said "HISTORY: shoe 2, 0 round(s)" under the status line's "Shoe 3 · Round 1": every empty history is
the same empty tuple, and the view skipped it as already drawn)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules


def test_each_new_empty_shoe_retitles_the_history(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    for shoe in (2, 3):
        assert session.new_shoe() is None
        qtbot.waitUntil(lambda: window._last.state.shoe_no == shoe, timeout=3000)
        assert window.history.title.text() == f"HISTORY: shoe {shoe}, 0 round(s)"
        assert f"Shoe {shoe} · Round 1" in window.status.shoe.text()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_H)
    qtbot.waitUntil(window.history.isVisible, timeout=3000)
    assert window.history.title.text() == "HISTORY: shoe 3, 0 round(s)"
