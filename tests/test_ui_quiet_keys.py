"""Keys that did nothing said nothing (qaQ F11): Del with no card unsure or held, and T, whose turbo had
no sign anywhere on screen (a croupier typing TH as a card switched it unseen)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from focused_keys import press_focused


def test_del_with_nothing_unsure_or_held_says_so(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_Delete)
    assert "nothing to reject" in (window.betting.last_error or ""), window.betting.last_error
    assert "nothing to reject" in window.session.snapshot.message


def test_turbo_shows_while_it_is_on(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    window.centralWidget().setFocus()
    assert "TURBO ON" not in window.hint.text()
    press_focused(qtbot, window, Qt.Key.Key_T)
    assert window.options.turbo and "TURBO ON" in window.hint.text() and "turbo on" in window.hint.text()
    window._hint_timer.timeout.emit()  # the note gone: the marker stays as long as turbo is on
    assert window.hint.text().startswith("TURBO ON")
    press_focused(qtbot, window, Qt.Key.Key_T)
    assert not window.options.turbo and "TURBO ON" not in window.hint.text() and "turbo off" in window.hint.text()
