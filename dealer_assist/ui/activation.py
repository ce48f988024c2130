"""Keys for a window on an X session with no window manager (a kiosk started by ``xinit``).

There nothing makes a window active: Qt's shortcuts (every table key but the arrows) wait for an active
window, so D, N, chips and K did nothing until a click, and again after every dialog closed (qaQ).  The
windows ask for activation themselves when shown, and the dialogs give it back to their window when they
close; under a window manager this asks for what it does anyway.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


def activate_soon(widget: QWidget) -> None:
    """Make ``widget``'s window the active one once the event loop runs (after a dialog has gone), unless a
    modal dialog holds the keys then."""
    window = widget.window()

    def activate() -> None:
        if window.isVisible() and QApplication.activeModalWidget() in (None, window):
            window.activateWindow()

    QTimer.singleShot(0, window, activate)
