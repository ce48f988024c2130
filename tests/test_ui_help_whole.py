"""Every line of the F1 key list is drawn whole, inside the window (qaW F6: at 1920x1080 the blackjack list's
Backspace line ended "press twice," and K's "at a table of typ", Ctrl+T's "(its cards play again, no restart",
cut at the screen's right edge: the help is where a new croupier learns K-then-suit and the void's rules)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.help import WRAP

SIZES = [(1920, 1080), (1280, 720), (960, 540)]


def assert_whole(qtbot, window):
    help_ = window.help
    help_.show()
    help_.raise_()
    help_.repaint()
    assert help_.placed
    texts = [text for _rect, text, _font, _colour in help_.placed]
    for _group, keys, what in help_.lines:
        assert keys in texts and what in texts
    for rect, text, font, _colour in help_.placed:
        needed = QFontMetricsF(font).boundingRect(rect, WRAP, text)
        assert needed.right() <= rect.right() + 0.5 and needed.bottom() <= rect.bottom() + 0.5, (text, rect, needed)
        assert rect.right() <= help_.width() and rect.bottom() <= help_.height() + 0.5, (text, rect, help_.size())
        assert font.pixelSize() >= 10


@pytest.mark.parametrize("size", SIZES)
def test_the_blackjack_key_list_is_whole(qtbot, show_window, size):
    window = show_window(BlackjackWindow(BlackjackSession(BlackjackTableRules(seats=7))), size)
    assert_whole(qtbot, window)


@pytest.mark.parametrize("size", SIZES)
def test_the_baccarat_key_list_is_whole(qtbot, table_factory, size):
    assert_whole(qtbot, table_factory(size=size))


@pytest.mark.parametrize("size", SIZES)
def test_a_burning_blackjack_tables_key_list_with_b_is_whole(qtbot, show_window, size):
    window = show_window(BlackjackWindow(BlackjackSession(BlackjackTableRules(seats=7, burn_cards=1))), size)
    assert any(keys == "B" for _group, keys, _what in window.help.lines)
    assert_whole(qtbot, window)
