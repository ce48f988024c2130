"""The blackjack pay list shows whole lines only: a line cut at the list's edge is covered (qaAH F9, qaAF F7).

At 1920x1080 the last line in sight was "SEAT 5 hand 2 10,000.00 TAKE" without its reason "tie at 21: the bank
wins"; at 960x540 a page down showed a sliver of the line above its first.  Measured on the real panel: every
line that meets the part of the list left uncovered lies wholly inside it, at each page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_blackjack_badge_whole import crowded_table


def cut_lines(panel) -> list[int]:
    view = panel.scroll.viewport().height()
    covers = [c.geometry() for c in getattr(panel, "_cover_pair", ()) if c.isVisible()]
    head = max([c.bottom() + 1 for c in covers if c.top() <= 0], default=0)
    foot = min([c.top() for c in covers if c.top() > 0], default=view)
    return [i for i, (top, bottom) in enumerate(panel._places())
            if bottom > head and top < foot and (top < head or bottom > foot)]


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540), (1280, 720)])
def test_every_page_of_the_pay_list_shows_whole_lines(qtbot, show_window, size):
    window = show_window(BlackjackWindow(crowded_table(), None), size=size)
    panel = window.settlement
    qtbot.waitUntil(lambda: len(panel._spans) == 14, timeout=3000)
    qtbot.wait(200)
    bar = panel.scroll.verticalScrollBar()
    assert bar.maximum() > 0  # fourteen payments: more than one page
    for page in range(8):
        qtbot.wait(50)
        assert not cut_lines(panel), f"{size}, page {page + 1}: lines {cut_lines(panel)} cut"
        if bar.value() == bar.maximum():
            break
        QTest.keyClick(window.centralWidget(), Qt.Key.Key_PageDown)
