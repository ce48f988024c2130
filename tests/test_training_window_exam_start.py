"""The trainer window after the QA pass qaP: an exam opens on a start screen that states its terms and
whether it meets the standard, and its clock starts with Space (F8); the status line says "case k of N"
and a summary says when the time ran out (L5); a void hand at a real shoe clears the answered hand's
cards and names no frame number (L6); Tab leaves the cursor in the answer box (L10).
Offscreen Qt, real key events; the session's clock is the test's own (no timed waits)."""

from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from test_training_real_table import Table  # noqa: E402


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _window(qtbot, drills="third-card", cases=5, seed=9, exam=True, clock=None, limit=6.0):
    session = TrainingSession(Settings(drills=parse_drills(drills), cases=cases, limit=limit, exam=exam),
                              {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed,
                              clock=clock or _Clock())
    window = TrainerWindow(session, trainee="nia")
    window.settle = Settle(0.0)   # keys taken at once (test_training_window_settle.py tests the settle time)
    qtbot.addWidget(window)
    window.show()
    qtbot.wait(1)
    return window


def test_an_exam_opens_on_its_terms_and_its_clock_starts_with_space(qtbot):
    clock = _Clock()
    window = _window(qtbot, clock=clock)
    told = window.feedback.text()
    assert window.case is None and window.question_now is None
    for words in ("Press Space or Enter to start the exam", "5 cases", "At most 6 s per decision", "Pass mark: 98% within 3 s", "Below the standard",
                  "5 cases, not 40 or more", "seed 9", "passed below the standard"):
        assert words in told, words
    assert window.feedback.isVisible() and "Space or Enter: start" in window.key_line.text()
    qtbot.keyClick(window, Qt.Key.Key_P)         # no case yet: nothing is answered
    assert window.session.attempts == []
    clock.now += 300                             # five minutes reading the terms
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.case is not None and window.session.remaining == 600       # the exam's 10 minutes start now
    window._tick()
    assert window.status.text().startswith("case 1 of 5")


def test_an_exam_that_meets_the_standard_says_so_before_it_starts(qtbot):
    window = _window(qtbot, cases=40, seed=None)
    assert "meets the standard" in window.feedback.text() and "Below" not in window.feedback.text()


def test_an_exam_whose_time_ran_out_says_so_in_its_summary(qtbot):
    clock = _Clock()
    window = _window(qtbot, clock=clock)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.keyClick(window, window.question_now.answer)
    assert len(window.session.attempts) == 1
    clock.now += 601                             # the exam's 10 minutes are up during case 2
    qtbot.keyClick(window, window.question_now.answer)
    assert window.summary is not None
    verdict = window.result.text()
    assert verdict.startswith("Time is up: the exam's 10 minutes ran out") and "not finished" in verdict


def test_practice_has_no_start_screen_and_counts_its_cases(qtbot):
    window = _window(qtbot, exam=False)
    qtbot.waitUntil(lambda: window.case is not None)
    window._tick()
    assert window.status.text().startswith("case 1 of 5")


def test_tab_leaves_the_cursor_in_the_answer_box(qtbot):
    window = _window(qtbot, drills="payouts", exam=False, seed=4)
    qtbot.waitUntil(lambda: window.case is not None)
    window.activateWindow()
    window.entry.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.entry)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.entry
    answer = window.question_now.answer
    qtbot.keyClicks(QApplication.focusWidget(), answer)
    assert window.entry.text() == answer


def test_a_void_hand_shows_no_answered_cards_and_no_frame_number(qtbot):
    t = Table("calling")
    try:
        t.load("9C 8D KH QC  3C 3H TS 2S 9D 8C KD QS")
        window = TrainerWindow(t.session)
        window.settle = Settle(0.0)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        answered = window.case
        while window.question_now is not None:
            window.answer(window.question_now.answer)
        qtbot.waitUntil(lambda: window.case is None, timeout=5000)
        assert window.view.case is answered     # its cards stay up while the next hand is dealt
        t.deal(2)
        t.sim.faults.force("drop")
        t.deal(2)
        qtbot.waitUntil(lambda: "clear the table" in window.feedback.text(), timeout=5000)
        assert window.view.case is None and window.title.text().startswith("Void hand")
        told = window.feedback.text()
        assert "this hand is void" in told and "a message from the shoe was lost" in told
        assert not re.search(r"frames? \d|seq \d", told), told
        assert "cards are read" not in window.keys.text()   # no case is coming until Space
    finally:
        t.close()


def test_a_digit_typed_while_the_box_has_lost_the_cursor_goes_into_it(qtbot):
    """The cursor taken away (a click on the window): the digits went nowhere, the Enter read ''."""
    window = _window(qtbot, drills="payouts", exam=False, seed=4)
    qtbot.waitUntil(lambda: window.case is not None)
    window.setFocus()
    answer = window.question_now.answer
    qtbot.keyClicks(window, answer)
    assert window.entry.text() == answer
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert window.answers == [answer]


def test_a_first_esc_cancelled_on_the_start_screen_leaves_how_to_start(qtbot):
    window = _window(qtbot)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert "Esc again" in window.key_line.text()
    window._disarm_esc()                          # the few seconds for a second Esc are over
    assert window.key_line.text().startswith("Space or Enter: start") and window.summary is None
