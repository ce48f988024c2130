"""The trainer window at a real table under the school's larger text (qaAN F3; a simulated shoe on a pty,
real offscreen Qt): the card reader's news is read whole (at text scale 1.25 it stopped at "... and the
USB plug, and", its "it reconnects by itself" cut off), the void hand's title goes once the table is
cleared, and a void hand's message scrolls with PgDn as an explanation does."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.ui import theme  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from test_training_real_table import Table  # noqa: E402

VOID = "Void hand: the trainer cannot tell which cards lie on the table"


@pytest.fixture
def larger_text():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def _window(qtbot, t: Table, w: int, h: int) -> TrainerWindow:
    window = TrainerWindow(t.session, settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    window.resize(w, h)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (w, h))
    qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
    return window


def _read_whole(label, window) -> bool:
    """The label's whole wrapped text lies in its room, and its room inside the window."""
    bottom = label.mapTo(window, label.rect().bottomLeft()).y()
    return label.height() >= label.heightForWidth(label.width()) and bottom < window.height()


@pytest.mark.parametrize("w,h", [(1280, 720), (640, 480)])
def test_the_reader_lost_is_read_whole_under_the_larger_text(qtbot, larger_text, w, h):
    t = Table("calling")
    try:
        window = _window(qtbot, t, w, h)
        t.sim.unplug()
        qtbot.waitUntil(lambda: window.question.text().startswith("card reader lost:"), timeout=5000)
        qtbot.wait(1)   # the layout's pending request is done
        assert "it reconnects by itself and the training goes on" in window.question.text()
        assert _read_whole(window.question, window)
        assert window.question.geometry().bottom() < window.keys.geometry().top()
        t.sim.replug()
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=15000)
        assert window.question.font().pixelSize() == pytest.approx(window._unit * 1.8, abs=1)   # big again
    finally:
        t.close()


def _void_hand(qtbot, t: Table, w: int, h: int) -> TrainerWindow:
    """The window once a hand was made void (the third card's frame lost)."""
    t.load("3C 3H TS 2S 9D 8C KD QS  9C 8D KH QC")
    window = _window(qtbot, t, w, h)
    t.deal(2)
    t.sim.faults.force("drop")
    t.deal(2)
    qtbot.waitUntil(lambda: "clear the table" in window.feedback.text(), timeout=5000)
    return window


def test_the_void_hands_title_goes_once_the_table_is_cleared(qtbot):
    t = Table("calling")
    try:
        window = _void_hand(qtbot, t, 1280, 720)
        assert window.title.text() == VOID
        t.deal(4)   # the void hand finished at the table
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        assert "Void hand" not in window.title.text() and window.title.text() == "Calling the hand: a fresh hand"
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        assert window.title.text().startswith("Calling the hand: ") and window.title.text() != "Calling the hand: a fresh hand"
    finally:
        t.close()


def test_a_void_hands_message_is_read_whole_at_1280x720_and_scrolls_by_keys_when_longer(qtbot, larger_text):
    t = Table("calling")
    try:
        window = _void_hand(qtbot, t, 1280, 720)
        qtbot.wait(1)
        area = window.feedback_area
        assert area.verticalScrollBar().maximum() == 0   # its last line had been cut, under a scroll bar
        assert "PgDn" in window.key_line.text()
        window.resize(640, 480)
        qtbot.waitUntil(lambda: (window.width(), window.height()) == (640, 480))
        t.sim.unplug()   # the reader's news goes under the void hand's message: longer than the room
        qtbot.waitUntil(lambda: "card reader lost" in window.feedback.text(), timeout=5000)
        qtbot.wait(1)
        bar = area.verticalScrollBar()
        assert bar.maximum() > 0
        qtbot.keyClick(window, Qt.Key.Key_End)
        assert bar.value() == bar.maximum()
        qtbot.keyClick(window, Qt.Key.Key_PageUp)
        assert bar.value() < bar.maximum()
        assert window.resyncing   # a scroll key is no Space: the void hand still waits
        t.sim.replug()
        qtbot.waitUntil(lambda: "card reader lost" not in window.feedback.text(), timeout=15000)
    finally:
        t.close()
