"""The limits dialog (L) names every open bet outside the new limits, as D names every one above its maximum
(qaZ F8: it named only seat 1's Tie 500 and was refused again for seat 2's Player Pair 500 once that was
changed)."""

from __future__ import annotations

from decimal import Decimal as D

from PySide6.QtWidgets import QLabel

from dealer_assist.baccarat.paytable import Bet
from test_ui_limits import baccarat, press_ok, type_into  # noqa: F401 - the fixture

__all__ = ["baccarat"]


def test_every_open_bet_outside_the_new_limits_is_named(qtbot, baccarat):  # noqa: F811 - the fixture
    session, window = baccarat(None)
    assert session.place(1, Bet.TIE, D("500")) is None and session.place(2, Bet.PLAYER_PAIR, D("500")) is None
    assert session.place(3, Bet.BANKER, D("100")) is None
    before = session.state
    window.change_limits()
    dialog = window.limits_dialog
    type_into(qtbot, dialog.editor.maximum["tie"], "200")
    type_into(qtbot, dialog.editor.maximum["player_pair"], "200")
    type_into(qtbot, dialog.reason, "late shift")
    press_ok(qtbot, dialog)
    shown = dialog.message.text()
    assert dialog.isVisible() and session.state == before
    assert "seat 1 Tie 500.00" in shown and "seat 2 Player Pair 500.00" in shown, shown
    assert "Banker" not in shown.replace("Player Pair", "")  # the bet inside them is not named
    assert isinstance(dialog.message, QLabel) and dialog.message.wordWrap()
