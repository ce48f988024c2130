"""At blackjack the camera view (W) stops above the deck panel: its "DECK 1" heading stays in sight (qaY).

The view runs down past the side column's pay list when alerts above make it short, so that a card's index
stays readable (qaU F7); at blackjack the panel under the pay list is the deck's (its heading, its count,
and at the deck check what is missing), and at 1280x720, a card refused before any bet and the next read
held, the view had covered the heading.  A real camera source on a real test frame, in a real offscreen
window at the two least sizes the display is laid out for.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
pytestmark = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


def _in(window, widget) -> QRect:
    return QRect(widget.mapTo(window.centralWidget(), QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_camera_view_leaves_the_deck_heading_in_sight_under_alerts(qtbot, show_window, size):
    from dealer_assist.sources.camera import CameraSource
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession(BlackjackTableRules(seats=3))
    source = CameraSource(str(CARDS / "test" / "anglo" / "0000.jpg"), profile="anglo")
    window = show_window(BlackjackWindow(session, source), size=size)
    source.start(session.handle)
    try:
        qtbot.waitUntil(lambda: source.latest_view() is not None, timeout=20000)
        # qaY's screen: a card read before any bet is refused, and the next read waits (CONFIRM CARD).
        session.handle(CardRead(parse_card("TS"), source.name, time.time(), 1.0, 101))
        session.handle(CardRead(parse_card("5D"), source.name, time.time(), 1.0, 102))
        qtbot.waitUntil(lambda: session.snapshot.pending is not None and bool(window.alerts.bars), timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_W)
        panel = window.camera_view
        assert panel is not None and panel.isVisible()
        qtbot.wait(300)  # the layout settles, the view is placed again
        heading = _in(window, window.deck.title)
        assert heading.height() > 0 and window.deck.title.isVisible()
        assert not panel.geometry().intersects(heading), (panel.geometry(), heading)
        assert not panel.geometry().intersects(_in(window, window.deck.status))  # nor its count
        assert panel.geometry().top() == _in(window, window.settlement).top()  # the alerts above stay in sight
        assert panel.picture.height() > 0 and panel.picture.width() > 0
    finally:
        source.stop()
        window.bridge.detach()
