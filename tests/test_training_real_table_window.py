"""The trainer window at a real table (a simulated shoe on a pty, real offscreen Qt): a lost card
reader is said at once, and a void hand waits for Space once the trainee has cleared the table."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from test_training_real_table import Table, _labels  # noqa: E402


def test_the_window_says_at_once_that_the_reader_is_lost_and_goes_on_after_the_replug(qtbot):
    t = Table("calling")
    try:
        window = TrainerWindow(t.session, settle=Settle(0.0))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        t.sim.unplug()
        qtbot.waitUntil(lambda: window.question.text().startswith("card reader lost:"), timeout=5000)
        assert "reconnects by itself" in window.question.text()
        t.sim.replug()
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=15000)
    finally:
        t.close()


def test_the_window_waits_for_space_after_a_lost_frame_and_uses_no_card_meanwhile(qtbot):
    t = Table("calling")
    try:
        window = _void_hand(qtbot, t)
        assert window.question.text() == "Clear the table, then press Space or Enter"
        t.deal(4)  # the void hand finished at the table
        qtbot.wait(300)
        assert window.case is None
        qtbot.keyClick(window, Qt.Key.Key_Space)
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        assert _labels(window.case)[:2] == ["9C KH", "8D QC"]
    finally:
        t.close()


def test_a_reader_lost_and_back_while_a_void_hand_waits_leaves_the_void_hands_message(qtbot):
    """Review: the reader's news had replaced the void hand's reason and what to do, and taken it all away
    when the reader came back."""
    t = Table("calling")
    try:
        window = _void_hand(qtbot, t)
        void = window.feedback.text()
        t.sim.unplug()
        qtbot.waitUntil(lambda: "card reader lost" in window.feedback.text(), timeout=5000)
        assert window.feedback.text().startswith(void)
        t.sim.replug()
        qtbot.waitUntil(lambda: "card reader lost" not in window.feedback.text(), timeout=15000)
        assert window.feedback.text() == void
    finally:
        t.close()


def _void_hand(qtbot, t: Table) -> TrainerWindow:
    """The window once the QA's hand (3C 3H TS 2S, the TS's frame lost) was made void."""
    t.load("3C 3H TS 2S 9D 8C KD QS  9C 8D KH QC")
    window = TrainerWindow(t.session, settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
    t.deal(2)
    t.sim.faults.force("drop")
    t.deal(2)
    qtbot.waitUntil(lambda: "clear the table" in window.feedback.text(), timeout=5000)
    return window


def test_a_fault_dealing_the_next_case_is_said_not_left_waiting(qtbot, monkeypatch):
    """The window's deal thread passed on only a FeedError: any other fault left 'Deal the next hand'
    up for ever, with nothing to say the trainer had stopped."""
    t = Table("calling")
    try:
        def broken():
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(t.session, "next_case", broken)
        window = TrainerWindow(t.session, settle=Settle(0.0))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: "could not be dealt" in window.feedback.text(), timeout=5000)
        assert "Input/output error" in window.feedback.text() and "Esc twice" in window.feedback.text()
        assert window.question.text() == "The trainer stopped dealing"
        qtbot.keyClick(window, Qt.Key.Key_Escape)
        qtbot.keyClick(window, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: window.summary is not None, timeout=5000)
    finally:
        t.close()
