"""The baccarat pay list draws whole rows only, wherever it is paged to (qaAH F2).

At 1920x1080 under four alerts a settlement of 49 lines showed four rows and the top third of a fifth ("1 P Pair
25.00 NOTHING (TAKEN)" cut through its figures); README says the list pages by whole lines.  Measured on the real
widget: every row that meets the part of the viewport drawn (less the blank spare pixels at its foot or head)
lies wholly inside it, at each page."""

from __future__ import annotations


import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dealer_assist.baccarat.paytable import Bet
from test_ui_settlement_fit import settle

WAGERS = [(seat, bet) for seat in range(1, 8) for bet in Bet]


def cut_rows(table) -> list[int]:
    """Rows drawn in part: meeting the drawn part of the viewport without lying inside it."""
    head, foot = table.drawn() if hasattr(table, "drawn") else (0, table.viewport().height())
    cut = []
    for r in range(table.rowCount()):
        top, bottom = table.rowViewportPosition(r), table.rowViewportPosition(r) + table.rowHeight(r)
        if bottom > head and top < foot and (top < head or bottom > foot):
            cut.append(r)
    return cut


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
def test_every_page_of_a_long_pay_list_shows_whole_rows(qtbot, table_factory, size):
    window = table_factory("manual", size=size)
    settle(qtbot, window, WAGERS)
    for i in range(4):
        window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                             "clear the jam, then type the card (K)")
    view = window.settlement
    table = view.table
    qtbot.waitUntil(lambda: window.alerts.isVisible() and view.hidden_rows() > 0, timeout=3000)
    qtbot.wait(200)  # the rows' room weighed under the alerts
    bar = table.verticalScrollBar()
    pages = 0
    while True:
        assert not cut_rows(table), f"{size}: rows {cut_rows(table)} cut at scroll {bar.value()}"
        if bar.value() == bar.maximum():
            break
        QTest.keyClick(window.centralWidget(), Qt.Key.Key_PageDown)
        pages += 1
        assert pages < table.rowCount()
    assert pages > 0


def fully_shown(table) -> int:
    return sum(1 for r in range(table.rowCount())
               if 0 <= table.rowViewportPosition(r) and table.rowViewportPosition(r) + table.rowHeight(r)
               <= table.viewport().height())


def test_the_roads_give_a_long_pay_list_room_under_alerts(qtbot, table_factory):
    """qaAH F3: at 1920x1080 under four alerts the 49-line pay list showed 4 rows (twelve pages to pay from)
    while the roads kept their whole height; the roads give it room for 8 whole rows."""
    window = table_factory("manual", size=(1920, 1080))
    settle(qtbot, window, WAGERS)
    for i in range(4):
        window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                             "clear the jam, then type the card (K)")
    table = window.settlement.table
    qtbot.waitUntil(lambda: window.alerts.isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: fully_shown(table) >= 8, timeout=3000)  # settlement.WANTED_ROWS
    assert window.roads.isVisible() and window.roads.height() < window.roads.full_height  # given, not dropped
    assert window.alerts.folded == 0  # no alert bar folded for the pay list's sake
    window.toggle_history()  # the history needs no such room; the alert bars still take theirs from the roads
    assert window.right.currentWidget() is window.history
    for i in range(4):
        window.session.dismiss(f"t{i}")
    qtbot.waitUntil(lambda: not window.alerts.isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: window.roads.height() == window.roads.full_height, timeout=3000)  # theirs back
