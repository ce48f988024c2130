"""The trainer window on a seeded session, shown and on its first case: shared by the trainer's UI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills
from dealer_assist.ui.training.settle import Settle
from dealer_assist.ui.training.window import TrainerWindow


def open_trainer(qtbot, drills="third-card", cases=4, limit=None, store=None, seed=3, exam=False, settle=0.0):
    """``settle``: the seconds a key is not taken after a case is drawn; none, as the tests answer at once
    (test_training_window_settle.py tests it with a clock of its own)."""
    session = TrainingSession(Settings(drills=parse_drills(drills), cases=cases, limit=limit, exam=exam),
                              {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed)
    window = TrainerWindow(session, store=store, trainee="ana", settle=Settle(settle))
    qtbot.addWidget(window)
    window.show()
    if exam:   # the exam's start screen: its clock starts with Space
        qtbot.waitUntil(lambda: window.briefing and "Press Space" in window.feedback.text())
        qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.case is not None)
    return window
