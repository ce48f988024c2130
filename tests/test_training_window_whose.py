"""The trainer window after the QA pass qaS: it names whose exam it is and where the result went (F10),
and Esc in an answer box holding text clears it rather than counting toward ending the exam (F11).
Offscreen Qt, real key events."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, parse_drills  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


def _window(qtbot, drills="payouts", exam=True, store=None, trainee="ana", cases=3):
    session = TrainingSession(Settings(drills=parse_drills(drills), cases=cases, limit=60, exam=exam, minutes=None),
                              {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    window = TrainerWindow(session, store=store, trainee=trainee, settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    if exam:
        qtbot.waitUntil(lambda: "Press Space" in window.feedback.text())
    else:
        qtbot.waitUntil(lambda: window.case is not None)
    return window


def test_the_exam_start_screen_and_the_summary_name_the_trainee_and_the_file(qtbot, tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    window = _window(qtbot, store=store)
    assert window.title.text().startswith("Exam for ana: ")
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.case is not None)
    while window.summary is None:
        for q in window.case.questions:
            qtbot.keyClicks(window.entry, q.answer)
            qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.details.toPlainText().startswith(f"Stored for ana in {tmp_path / 'p.json'}.")


def test_a_nameless_practice_says_so_on_its_summary(qtbot, tmp_path):
    window = _window(qtbot, drills="third-card", exam=False, store=ProgressStore(tmp_path / "p.json"),
                     trainee="trainee", cases=1)
    qtbot.keyClick(window, window.question_now.answer)
    qtbot.waitUntil(lambda: window.summary is not None)
    assert "no --trainee was given" in window.details.toPlainText()


def test_esc_clears_a_mistyped_amount_and_does_not_end_the_exam(qtbot):
    window = _window(qtbot)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.case is not None)
    qtbot.keyClicks(window.entry, "23.57")
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)
    assert window.entry.text() == "" and "Esc cleared the answer" in window.key_line.text()
    qtbot.keyClicks(window.entry, "2")
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)   # cleared again: still no step toward ending
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)   # the box empty: the first Esc of two
    assert window.summary is None and "Esc again" in window.key_line.text()
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)
    assert window.summary is not None                 # Esc Esc on an empty box still ends it


def test_the_status_names_the_case_on_screen_during_the_last_right_answer_s_pause(qtbot):
    window = _window(qtbot, drills="third-card", exam=False, cases=2)
    for _ in range(2):
        qtbot.waitUntil(lambda: window.question_now is not None)
        qtbot.keyClick(window, window.question_now.answer)
        window._tick()
        assert window.summary is None and window.status.text().startswith(f"case {len(window.session.attempts)} of 2")
