"""Baccarat's void keys at the blackjack table say which key voids here (qaAF F4: V and Shift+V did nothing)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.ui.blackjack.window import BlackjackWindow


@pytest.mark.parametrize("modifier", [Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier])
def test_v_says_backspace_voids_here_and_changes_nothing(qtbot, show_window, modifier):
    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for code in ("9S", "TH", "2C"):
        assert session.enter_card(code) is None
    window.centralWidget().setFocus()
    qtbot.keyClick(window, Qt.Key.Key_V, modifier)
    qtbot.waitUntil(lambda: "Backspace voids" in session.snapshot.message)
    assert [c.code for c in session.state.round.cards] == ["9S", "TH", "2C"]
