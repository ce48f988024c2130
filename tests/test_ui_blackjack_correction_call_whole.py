"""A correction's call is shown whole: "RETURN THE STAKE," over "PAY 10.00" (qaW F4).

At 1920x1080, a bust read by the shoe (JS) taken, then voided with its settlement and the 5C typed for it (21), the
dealer busting: the list read "SEAT" over "1", "10.00", "RETURN THE STAKE, PAY" and the amount to pay past the
list's right edge, the reason under it cut mid-word.  Only the footer and the seat's badge gave the money.  The
two parts of a correction's call go on two lines, as the ordinary list's TAKE / RETURN do.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused


def in_view(panel, label) -> bool:
    """Whether ``label`` lies inside the list's visible width, every line of its text within the label."""
    view = panel.scroll.viewport()
    left = label.mapTo(view, QPoint(0, 0)).x()
    widest = max(QFontMetrics(label.font()).horizontalAdvance(line) for line in label.text().split("\n"))
    return left >= 0 and left + label.width() <= view.width() and widest <= label.width()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_correction_s_amount_to_pay_is_in_sight(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None), size=size)
    assert session.place(1, D("10")) is None and session.deal() is None
    for code in ("6H", "3C", "TD"):  # 16 against a 3
        assert session.enter_card(code) is None
    assert session.hit() is None and session.enter_card("JS") is None  # bust: the stake taken
    assert session.state.phase == BlackjackPhase.SETTLED
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    for _ in range(2):  # the JS voided, and its settlement with it
        press_focused(qtbot, window, Qt.Key.Key_Backspace)
    assert session.state.phase == BlackjackPhase.PLAYING, window.last_error
    for code in ("5C", "QS", "TC"):  # the card really dealt (21), then the dealer's 13 and 23: bust
        assert session.enter_card(code) is None, code
    assert session.state.phase == BlackjackPhase.SETTLED
    qtbot.waitUntil(lambda: "CORRECT THE PAYMENT" in window.settlement.title.text(), timeout=3000)
    qtbot.wait(100)
    panel = window.settlement
    assert panel.lines == ["SEAT 1: 10.00 RETURN THE STAKE, PAY 10.00"]  # the record's words, one line
    call = panel.grid.itemAtPosition(0, 2).widget()
    assert call.text() == "RETURN THE STAKE,\nPAY 10.00"
    who, reason = panel._spans[0]
    for label in (who, panel.grid.itemAtPosition(0, 1).widget(), call):
        assert in_view(panel, label), (label.text(), label.geometry(), panel.scroll.viewport().width())
    assert who.heightForWidth(who.width()) < 1.5 * who.fontMetrics().height()  # "SEAT 1", not "SEAT" over "1"
    assert reason.mapTo(panel.scroll.viewport(), QPoint(reason.width(), 0)).x() <= panel.scroll.viewport().width()
    assert reason.height() >= reason.heightForWidth(reason.width())  # its lines wrapped inside the list


def test_take_back_and_the_stake_is_in_sight(qtbot, show_window):
    """qaW F4's worse case: the dealer's card mistyped after the payment (seat 2 paid 10.00 on 18 against 17),
    voided and retyped to a 20: "TAKE BACK 10.00 AND TH", the stake off screen, read as 10 where 20 is due."""
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None), size=(1920, 1080))
    assert session.place(1, D("25")) is None and session.place(2, D("10")) is None and session.deal() is None
    for code in ("AH", "9C", "7D", "KH", "9D"):  # seat 1 blackjack, seat 2 18, the dealer's 7
        assert session.enter_card(code) is None, code
    assert session.stand() is None and session.enter_card("TH") is None  # the dealer's 17: settled
    assert session.state.phase == BlackjackPhase.SETTLED
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    for _ in range(2):
        press_focused(qtbot, window, Qt.Key.Key_Backspace)
    for code in ("4H", "9S"):  # the dealer's 11, then 20
        assert session.enter_card(code) is None, code
    qtbot.waitUntil(lambda: "CORRECT THE PAYMENT" in window.settlement.title.text(), timeout=3000)
    qtbot.wait(100)
    panel = window.settlement
    calls = [panel.grid.itemAtPosition(r, 2).widget() for r in range(panel.grid.rowCount())
             if panel.grid.itemAtPosition(r, 2) is not None]
    back = [c for c in calls if c.text().startswith("TAKE BACK")]
    assert [c.text() for c in back] == ["TAKE BACK 10.00\nAND THE STAKE"]
    assert in_view(panel, back[0])
