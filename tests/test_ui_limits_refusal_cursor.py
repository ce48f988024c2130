"""A refusal in the limits dialog puts the cursor in the field it is about (qaQ F15: "say why" left it in
PIN, an "abc" amount refused by name left it in Reason; a keyboard-only croupier Shift+Tabbed round)."""

from __future__ import annotations

from decimal import Decimal as D

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet

from test_ui_limits import baccarat, roster, type_into  # noqa: F401 (the fixture)


def enter(qtbot, field) -> None:
    """Enter in ``field``: the dialog's OK."""
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_the_cursor_goes_to_the_field_the_refusal_names(qtbot, baccarat):  # noqa: F811
    session, window = baccarat(roster())
    window.change_limits()
    dialog = window.limits_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    type_into(qtbot, dialog.editor.maximum["player"], "3000")
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "4821")
    enter(qtbot, dialog.pin)  # no reason
    assert "say why" in dialog.message.text() and dialog.focusWidget() is dialog.reason
    assert dialog.pin.text() == "4821"  # not the PIN's fault: it stays
    type_into(qtbot, dialog.editor.maximum["tie"], "abc")
    type_into(qtbot, dialog.reason, "new table")
    enter(qtbot, dialog.reason)
    assert "Tie maximum" in dialog.message.text() and dialog.focusWidget() is dialog.editor.maximum["tie"]
    assert dialog.editor.maximum["tie"].selectedText() == "abc"
    type_into(qtbot, dialog.editor.maximum["tie"], "400")
    type_into(qtbot, dialog.pin, "0000")
    enter(qtbot, dialog.pin)
    assert "wrong PIN" in dialog.message.text() and dialog.focusWidget() is dialog.pin and dialog.pin.text() == ""
    type_into(qtbot, dialog.pin, "4821")
    enter(qtbot, dialog.pin)
    assert not dialog.isVisible() and session.state.rules.limits.max_for(Bet.TIE) == D("400")
