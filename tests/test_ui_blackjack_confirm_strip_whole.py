"""The confirm strip of blackjack's card field says its question whole, however wide the window and
whatever the message beside it (verC: at 1600x900 it read "CONFIRM: is it 10♠? · 2 more read a", the
empty message beside it taking half the row; a message there too left it narrower still)."""

from __future__ import annotations

import time
from decimal import Decimal as D

import pytest
from PySide6.QtCore import QRect, Qt

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.entry import PADDING

SHORT = "CONFIRM: is it 10♠? · 2 more read after it wait their turn"


def in_sight(strip) -> bool:
    """The strip's text is all inside it: on one line as wide as it, or on lines it is tall enough for."""
    width, text, metrics = strip.width() - 2 * PADDING, strip.text(), strip.fontMetrics()
    if not strip.wordWrap():
        return metrics.horizontalAdvance(text) <= width
    lines = metrics.boundingRect(QRect(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)
    return lines.height() <= strip.height()


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720), (960, 540)])
@pytest.mark.parametrize("message", [False, True])
def test_the_confirm_strip_says_the_reads_waiting_whole(qtbot, show_window, size, message):
    session = BlackjackSession(BlackjackTableRules(seats=2))
    window = show_window(BlackjackWindow(session, None), size)
    session.place(1, D("10"))
    session.place(2, D("10"))
    for code in ("9S", "5H", "7C", "2D", "6D"):
        assert session.enter_card(code) is None
    for seq, code in enumerate(("TS", "2S", "3S"), start=6):  # read before seat 1's decision: held, two behind it
        session.handle(CardRead(parse_card(code), "camera:/tmp/qaR/bj_cover.mp4", time.time(), seq=seq))
    if message:
        assert window.run("next_round") is not None  # refused: its why beside the strip
    strip = window.entry.question
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=2000)
    assert strip.text() == SHORT  # the source and why are the banner's
    assert bool(window.entry.message.text()) == message
    qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=2000)
    qtbot.waitUntil(lambda: in_sight(strip), timeout=2000)
    assert window.entry.geometry().bottom() <= window.centralWidget().height()
    window.bridge.detach()
