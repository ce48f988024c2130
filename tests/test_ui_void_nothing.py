"""V and Shift+V with nothing to void are refused at once (qaQ F9): the supervisor's dialog opened for
"card ?" and refused only after the PIN (a PIN mistyped there counts toward a lockout), and without
supervisors Shift+V with the bets open asked for a second press that was then refused."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from dealer_assist.table.supervisor import SupervisorRoster
from dealer_assist.ui.main_window import MainWindow, Options
from focused_keys import press_focused


def supervised(show_window):
    roster = SupervisorRoster()
    roster.add("ana", "4821")
    session = TableSession(odds=False, supervisors=roster)
    window = show_window(MainWindow(session, None, Options(sound=False)))
    assert session.skip_burn() is None and session.place(1, Bet.PLAYER) is None
    window.centralWidget().setFocus()
    return window, session


def test_with_supervisors_v_and_shift_v_with_no_card_refuse_before_any_dialog(qtbot, show_window):
    window, session = supervised(show_window)
    press_focused(qtbot, window, Qt.Key.Key_V)
    assert window.supervisor_dialog is None
    assert "no card of this round to void" in (window.betting.last_error or "")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_V, Qt.KeyboardModifier.ShiftModifier)  # bets open: no round
    assert window.supervisor_dialog is None and "no round to void" in (window.betting.last_error or "")
    assert session.deal() is None  # D with no card: Shift+V opens the bets again, the supervisor's to sign
    press_focused(qtbot, window, Qt.Key.Key_V)
    assert window.supervisor_dialog is None, "V with no card dealt asked for a supervisor"
    qtbot.keyClick(focused(window), Qt.Key.Key_V, Qt.KeyboardModifier.ShiftModifier)
    assert window.supervisor_dialog is not None and window.supervisor_dialog.isVisible()
    window.supervisor_dialog.reject()
    session.close()


def focused(window):
    """Where a key pressed now goes: the cursor's widget."""
    from PySide6.QtWidgets import QApplication
    return QApplication.focusWidget() or window


def test_without_supervisors_shift_v_with_the_bets_open_is_refused_at_once(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    assert session.skip_burn() is None and session.place(1, Bet.PLAYER) is None
    window.centralWidget().setFocus()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_V, Qt.KeyboardModifier.ShiftModifier)
    assert "no round to void" in (window.betting.last_error or ""), window.betting.last_error
    assert "press Shift+V again" not in session.snapshot.message
    press_focused(qtbot, window, Qt.Key.Key_V)
    assert "no card of this round to void" in (window.betting.last_error or "")
    assert session.state.phase == TablePhase.BETTING and session.state.betting.layout.total > 0
