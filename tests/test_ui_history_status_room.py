"""The baccarat history (T) takes the pay list's place only: the status column under it keeps its room.

fixT's check (the bet list had once taken the status column's whole height): at 1280x720 and 1366x768, a long
shoe's history under two alerts leaves the shoe's status and the odds where the pay list left them, whole."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, QRect

from test_ui_history_tall_round import play_full_rounds


def _in(window, widget) -> QRect:
    return QRect(widget.mapTo(window.centralWidget(), QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_a_long_history_leaves_the_status_column_its_room(qtbot, table_factory, size):
    window = table_factory("manual", size=size)
    s = window.session
    play_full_rounds(s, 12)
    for i in range(2):
        s.alert(f"t{i}", "error", f"ALERT {i}", "the reader jammed", "clear the jam, then type the card (K)")
    qtbot.wait(300)
    before = _in(window, window.status), _in(window, window.right), _in(window, window.roads)
    window.toggle_history()
    qtbot.waitUntil(lambda: window.history.table.rowCount() == 24 and window.history.isVisible(), timeout=3000)
    qtbot.wait(300)
    assert (_in(window, window.status), _in(window, window.right), _in(window, window.roads)) == before
    status = _in(window, window.status)
    assert status.height() >= window.status.minimumSizeHint().height()  # whole, not squeezed
    assert status.bottom() < _in(window, window.roads).top()
    assert _in(window, window.history).bottom() < status.top()
