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
