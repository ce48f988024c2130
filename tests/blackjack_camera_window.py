"""A blackjack window on a real camera source (a real test frame), W pressed: the camera view shown.

For the tests of where W is laid out and what it shows (tests/test_ui_camera_view_small_screens.py,
tests/test_ui_blackjack_camera_view_deck_heading.py)."""

from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"


def placed(window, widget) -> QRect:
    """``widget``'s rectangle in ``window``'s central widget."""
    return QRect(widget.mapTo(window.centralWidget(), QPoint(0, 0)), widget.size())


@contextmanager
def camera_view_shown(qtbot, show_window, size, seats: int = 7, alert: bool = False):
    """The window of ``size`` with ``seats`` seats, W shown; with ``alert``, a card read before any bet refused and
    the next read held first (alerts above the table).  The source is stopped on leaving."""
    from dealer_assist.sources.camera import CameraSource
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession(BlackjackTableRules(seats=seats))
    source = CameraSource(str(CARDS / "test" / "anglo" / "0000.jpg"), profile="anglo")
    window = show_window(BlackjackWindow(session, source), size=size)
    source.start(session.handle)
    try:
        qtbot.waitUntil(lambda: source.latest_view() is not None, timeout=20000)
        if alert:
            session.handle(CardRead(parse_card("TS"), source.name, time.time(), 1.0, 101))
            session.handle(CardRead(parse_card("5D"), source.name, time.time(), 1.0, 102))
            qtbot.waitUntil(lambda: session.snapshot.pending is not None and bool(window.alerts.bars), timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_W)
        assert window.camera_view is not None and window.camera_view.isVisible()
        qtbot.wait(300)  # the layout settles, the view is placed again
        yield window
    finally:
        source.stop()
        window.bridge.detach()
