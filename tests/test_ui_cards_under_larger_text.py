"""Larger text (--text-scale 1.25) takes its room from the roads, then steps back, not from the cards (qaAH F11:
at 1920x1080 the baccarat cards were drawn at half their size at scale 1).  A real offscreen window; a card's
height is measured on its face's pixels."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from dealer_assist.ui import theme


def _card_height(qtbot, table_factory, size, scale) -> int:
    theme.set_text_scale(scale)
    try:
        window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
        session = window.session
        assert session.place(1, Bet.BANKER) is None
        assert session.deal() is None
        assert session.enter_card("9H") is None
        qtbot.waitUntil(lambda: window.hands.painted_version == session.snapshot.version, timeout=2000)
        qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=3000)
        qtbot.wait(300)   # the text stepped back a pixel at a time, if it had to
        qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=3000)
        window.hands.animate = False
        window.hands._grow = 1.0
        image = window.hands.grab().toImage()
        face = QColor(theme.CARD_FACE).rgb()
        rows = [y for y in range(image.height()) if any(image.pixel(x, y) == face for x in range(0, image.width(), 2))]
        assert rows, "no card face drawn"
        # The roads gave the room, whole, and stayed in sight.
        assert window.roads.isVisible() and window.roads.height() >= window.roads.full_height // 2
        return (rows[-1] - rows[0] + 1) / image.devicePixelRatio()
    finally:
        theme.set_text_scale(1.0)


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1280, 720)])
def test_the_cards_keep_four_fifths_of_their_size_under_larger_text(qtbot, table_factory, size):
    default = _card_height(qtbot, table_factory, size, 1.0)
    larger = _card_height(qtbot, table_factory, size, 1.25)
    assert larger >= 0.78 * default, (size, larger, default)   # were 0.5 of it at 1920x1080
