"""The trainer window after the QA pass qaP (F3, F3b): a key that comes as the next exam case or a wrong
answer's explanation is drawn (a double press, a key bounce, a held key) is not taken, and the window
says so; pressed again once the screen could be seen, it is.  Offscreen Qt, real key events; the
settle time runs on a clock of the test's own (no timed waits)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _started(qtbot, drills, exam, seed=9, cases=5):
    """The window on its first case, its settle time on ``clock`` and long past (the case has been seen).

    Built as the trainer builds it (no settle given); an exam is started with Space if it asks to be."""
    session = TrainingSession(Settings(drills=parse_drills(drills), cases=cases, limit=60, exam=exam),
                              {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed)
    window = TrainerWindow(session, trainee="fay")
    qtbot.addWidget(window)
    window.show()
    clock = _Clock()
    window.settle = Settle(0.25, clock=clock)
    qtbot.keyClick(window, Qt.Key.Key_Space)     # an exam's briefing: start (nothing on a case of keys P B S N)
    qtbot.waitUntil(lambda: window.case is not None)
    clock.now += 5
    return window, clock


def test_an_exam_double_press_does_not_answer_the_next_case_unseen(qtbot):
    window, clock = _started(qtbot, "third-card", exam=True)
    first = window.case
    qtbot.keyClick(window, window.question_now.answer)
    assert len(window.session.attempts) == 1 and window.case is not first
    second = window.case
    qtbot.keyClick(window, "P")                   # the bounce, 0 s after case 2 was drawn
    assert len(window.session.attempts) == 1 and window.case is second
    assert "not taken" in window.key_line.text() and window.key_line.isVisible()
    clock.now += 0.3                              # case 2 has been on screen long enough to be read
    qtbot.keyClick(window, "P")
    assert len(window.session.attempts) == 2 and window.session.attempts[1].case is second
    assert "not taken" not in window.key_line.text()


def test_a_held_key_s_repeat_is_not_taken_as_an_answer(qtbot):
    window, clock = _started(qtbot, "third-card", exam=True)
    key = window.question_now.answer
    repeat = QKeyEvent(QEvent.Type.KeyPress, Qt.Key(ord(key.upper())), Qt.KeyboardModifier.NoModifier, key, True)
    QApplication.sendEvent(window, repeat)
    assert window.session.attempts == [] and "held down" in window.key_line.text()


def test_a_double_enter_in_practice_leaves_the_wrong_answer_s_explanation_on_screen(qtbot):
    window, clock = _started(qtbot, "payouts", exam=False, seed=4)
    for _ in window.case.questions:
        qtbot.keyClicks(window.entry, "1.01")
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.waiting
    told = window.feedback.text()
    assert told.startswith("Wrong")
    qtbot.keyClick(window, Qt.Key.Key_Return)     # the second Enter of a double tap
    assert window.waiting and window.feedback.text() == told and window.feedback_area.isVisible()
    assert "Enter not taken" in window.key_line.text()
    clock.now += 0.3
    qtbot.keyClick(window, Qt.Key.Key_Return)     # read: now it goes on
    assert not window.waiting and window.question_now is not None


def test_an_exam_s_typed_answer_confirmed_twice_does_not_answer_the_next_case(qtbot):
    window, clock = _started(qtbot, "payouts", exam=True, seed=4)
    for q in window.case.questions:
        qtbot.keyClicks(window.entry, q.answer)
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert len(window.session.attempts) == 1
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert len(window.session.attempts) == 1 and window.answers == []
    assert "not understood" not in window.feedback.text() and "Enter not taken" in window.key_line.text()
