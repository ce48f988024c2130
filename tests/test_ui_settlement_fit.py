"""The paying order fits its rows to the room it has: an alert opened above it must not push
the last payment out of sight, and rows that cannot fit are counted in the title."""

from __future__ import annotations

import re

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.ui.settlement import LEAST_ROW_UNITS, ROW_UNITS


def synced(qtbot, window):
    qtbot.waitUntil(lambda: window._last.version == window.session.snapshot.version, timeout=3000)


def fully_shown(view) -> int:
    """Rows whose whole height lies inside the table's viewport, measured on the widget."""
    table = view.table
    bottom = table.viewport().height()
    return sum(1 for r in range(table.rowCount())
               if 0 <= table.rowViewportPosition(r) and table.rowViewportPosition(r) + table.rowHeight(r) <= bottom)


def settle(qtbot, window, wagers):
    s = window.session
    s.skip_burn()
    s.select_chip(Decimal("5"))
    for seat, bet in wagers:
        s.place(seat, bet)
    s.deal()
    for code in ("3D", "6H", "QH", "9D", "7H", "TS"):  # Player 3 draws a 7, Banker 5 draws: Banker 5-0
        if s.state.settlement is not None:
            break
        s.enter_card(code)
    synced(qtbot, window)
    assert s.state.settlement is not None


SEVEN = [(2, Bet.PLAYER), (3, Bet.TIE), (4, Bet.BANKER_PAIR), (6, Bet.PLAYER), (1, Bet.BANKER), (5, Bet.BIG),
         (6, Bet.BANKER)]


def test_an_alert_above_the_paying_order_leaves_every_payment_in_sight(qtbot, table_factory):
    window = table_factory("manual")
    settle(qtbot, window, SEVEN)
    view = window.settlement
    rows = view.table.rowCount()
    assert rows == 7
    full = view.table.rowHeight(0)
    assert fully_shown(view) == rows and "MORE" not in view.title.text()
    window.session.enter_card("7H")  # a card after the round: the held-card alert opens above the table
    synced(qtbot, window)
    qtbot.waitUntil(lambda: window.alerts.isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: fully_shown(view) == rows, timeout=3000)
    assert view.hidden_rows() == 0 and "MORE" not in view.title.text()
    squeezed = view.table.rowHeight(0)
    # the roads gave it room first (qaAV F9); the rows give up height, if any, no more than down to the least
    assert squeezed >= full * LEAST_ROW_UNITS / ROW_UNITS - 1
    assert view.rows()[-1][3].startswith("PAY")  # the last line is a payment, and it shows
    window.alerts.dismiss_newest()
    synced(qtbot, window)
    qtbot.waitUntil(lambda: not window.alerts.isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: view.table.rowHeight(0) == full, timeout=3000)  # the room given back
    assert fully_shown(view) == rows


def counted_below(title, n):
    """The title counts ``n`` lines below, in one of its words (out_of_sight.titled), and names PgDown."""
    return re.search(rf"(^| · ){n} (MORE BELOW:|MORE:|\u25bc) PgDown$", title) is not None


def counted_above(title, n):
    return re.search(rf"(^| · ){n} (ABOVE:|\u25b2) PgUp$", title) is not None


def test_rows_that_cannot_fit_are_counted_in_the_title(qtbot, table_factory):
    window = table_factory("manual", size=(1280, 720))
    wagers = [(seat, bet) for seat in range(1, 8) for bet in (Bet.PLAYER, Bet.BANKER, Bet.BIG, Bet.SMALL)]
    settle(qtbot, window, wagers)
    view = window.settlement
    assert view.table.rowCount() == len(wagers)
    qtbot.waitUntil(lambda: view.hidden_rows() > 0, timeout=3000)
    hidden = view.table.rowCount() - fully_shown(view)
    assert view.hidden_rows() == hidden > 0
    assert counted_below(view.title.text(), hidden)
    assert view.title.text().startswith("ROUND 1: PAY IN THIS ORDER · ")  # what the list is, kept (qaM L6)
    # The count makes the title longer, never the window wider: at 1280 the table's right side stays in sight.
    assert window.width() <= 1280
    assert view.title.fontMetrics().horizontalAdvance(view.title.text()) <= view.title.width()
    # The croupier pages down with the key the title names, to the end: nothing is left below,
    # and the title counts the rows above instead.
    bar = view.table.verticalScrollBar()
    for _ in range(view.table.rowCount()):
        if bar.value() == bar.maximum():
            break
        before = bar.value()
        QTest.keyClick(window.centralWidget(), Qt.Key.Key_PageDown)
        assert bar.value() > before
    qtbot.waitUntil(lambda: "PgUp" in view.title.text(), timeout=3000)
    above = sum(1 for r in range(view.table.rowCount()) if view.table.rowViewportPosition(r) < 0)
    assert above > 0 and fully_shown(view) + above == view.table.rowCount()
    assert counted_above(view.title.text(), above)
    for _ in range(view.table.rowCount()):
        if bar.value() == 0:
            break
        QTest.keyClick(window.centralWidget(), Qt.Key.Key_PageUp)
    qtbot.waitUntil(lambda: counted_below(view.title.text(), hidden), timeout=3000)
    # Squeezed no further than legible: at the least row height every shown row still holds its text.
    full = view._row
    # (a pixel or two taller than the least where that makes the rows shown fill the list whole, qaAH F2)
    assert view._least_row <= view.table.rowHeight(0) < view._least_row + 3 and view._least_row < full


def test_super_6_half_pay_is_called_half_not_commission(qtbot, table_factory):
    """A Super 6 table takes no commission: a Banker win on 6 reads PAY 2.50 (HALF: BANKER 6), its
    commission cell stays empty, and the whole call fits its cell."""
    from dealer_assist.baccarat.paytable import SUPER_6
    from dealer_assist.table.state import TableRules

    from baccarat_rounds import play_round

    window = table_factory("manual", rules=TableRules(paytable=SUPER_6))
    # Player 4 draws a ten; Banker 6 stands and wins 6-4.
    play_round(window.session, "5", [(1, Bet.BANKER), (2, Bet.PLAYER)], ("3D", "3H", "AH", "3S", "KD"))
    synced(qtbot, window)
    rows = {r[0]: r for r in window.settlement.rows()}
    assert rows["1"][3:] == ("PAY 2.50 (HALF: BANKER 6)", "")
    assert "Commission 0.00" in window.settlement.totals.text()
    table = window.settlement.table
    half = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "1")
    cell = table.visualItemRect(table.item(half, 3))
    assert table.item(half, 3).text() == "PAY 2.50 (HALF: BANKER 6)"
    assert QFontMetrics(table.item(half, 3).font()).horizontalAdvance(rows["1"][3]) <= cell.width()
