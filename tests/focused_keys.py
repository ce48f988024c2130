"""Keys as a real keyboard sends them: to whichever widget has the focus (the UI tests' helper)."""

from __future__ import annotations


def press_focused(qtbot, window, qt_key, text: str = "") -> None:
    """``qt_key`` (or the ``text`` typed) to the focused widget, else to ``window``: a key a
    croupier presses goes where the cursor is, which is what the tests of focus check."""
    from PySide6.QtWidgets import QApplication

    target = QApplication.focusWidget() or window
    if text:
        qtbot.keyClicks(target, text)
    else:
        qtbot.keyClick(target, qt_key)


def type_focused(qtbot, window, text: str) -> None:
    """``text`` typed key by key, each to the widget that has the focus when it is pressed: a key may move the
    cursor (the card field taking it back), and the rest of a card code follows it as it would."""
    for ch in text:
        press_focused(qtbot, window, None, ch)


def typed_card(qtbot, window, code: str) -> None:
    """A card code and Enter, typed wherever the cursor is (no K first)."""
    from PySide6.QtCore import Qt

    type_focused(qtbot, window, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)
