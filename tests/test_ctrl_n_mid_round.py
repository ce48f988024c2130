"""Ctrl+N in the middle of a round is refused at its first press, in both games.

qaAW F5: at the baccarat table the first press asked "press Ctrl+N again to start it", and the second only
refused ("cannot start a new shoe in the middle of a round"): the croupier was asked to confirm a wipe that
could not happen.  Real keys at a table of typed cards, sent where the cursor is."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.shoe import ShoeRules  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules  # noqa: E402
from dealer_assist.table.state import TablePhase, TableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402
from focused_keys import press_focused  # noqa: E402


REFUSED = "cannot start a new shoe in the middle of a round: finish or void the round first"


def ctrl_n(qtbot, window) -> None:
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)


def typed(qtbot, window, code: str) -> None:
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)


def test_baccarat_refuses_at_the_first_press_and_asks_for_no_second(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    for code in ("2C", "3D", "4H", "KS"):  # Player 6 stands, Banker 3 draws: the round is open
        typed(qtbot, window, code)
    assert session.state.phase == TablePhase.DEALING
    for _ in range(2):  # each press says the same: nothing to confirm
        ctrl_n(qtbot, window)
        assert window.betting.last_error == REFUSED
        assert session.snapshot.message == REFUSED
        assert session.state.shoe_no == 1 and session.state.phase == TablePhase.DEALING
    assert len(session.state.round.cards) == 4


def test_baccarat_still_asks_twice_between_rounds(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    ctrl_n(qtbot, window)
    assert "press Ctrl+N again" in window.betting.last_error and session.state.shoe_no == 1
    ctrl_n(qtbot, window)
    assert window.betting.last_error is None and session.state.shoe_no == 2


def test_blackjack_refuses_a_new_deck_mid_round_at_the_first_press(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    try:
        window.centralWidget().setFocus()
        assert window.run("place", 1) is None
        press_focused(qtbot, window, Qt.Key.Key_Space)
        for code in ("TS", "9H", "6C"):  # seat 1, the dealer, seat 1: a decision is due
            typed(qtbot, window, code)
        assert session.state.phase == BlackjackPhase.PLAYING
        ctrl_n(qtbot, window)
        assert window.last_error == ("cannot change the deck in the middle of a round: finish or void the round "
                                     "first")
        assert session.state.deck_no == 1 and session.state.phase == BlackjackPhase.PLAYING
    finally:
        window.bridge.detach()
        session.close()
