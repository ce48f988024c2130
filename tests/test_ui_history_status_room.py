"""The baccarat history (T) takes the pay list's place only: the status column under it keeps its room.

fixT's check (the bet list had once taken the status column's whole height): at 1280x720 and 1366x768, a long
shoe's history under two alerts leaves the shoe's status and the odds where the pay list left them, whole."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, QRect

from dealer_assist.baccarat.paytable import Bet


def _played(s, rounds: int) -> None:
    s.skip_burn()
    pool = ["3D", "6H", "QH", "9D", "7H", "TS", "2C", "4S", "5D", "8C", "9H", "KD"] * rounds
    for _ in range(rounds):
        s.select_chip(Decimal("5"))
        for seat in range(1, s.state.rules.seats + 1):
            for bet in Bet:
                s.place(seat, bet)
        assert s.deal() is None
        while s.state.settlement is None:
            assert s.enter_card(pool.pop()) is None
        assert s.next_round() is None


def _in(window, widget) -> QRect:
    return QRect(widget.mapTo(window.centralWidget(), QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_a_long_history_leaves_the_status_column_its_room(qtbot, table_factory, size):
    window = table_factory("manual", size=size)
    s = window.session
    _played(s, 12)
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
