"""The window's summary names the trainee's weak spots over every stored session (stop 63's list): only
``train --progress`` named them, so a student training alone at the window never saw which rules she
keeps getting wrong."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


def _end(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is not None


def test_the_summary_names_the_rules_answered_wrong_in_this_and_earlier_sessions(qtbot, tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    first = open_trainer(qtbot, drills="payouts", seed=4, cases=3, store=store)
    missed = set(first.case.categories)
    for _ in first.case.questions:
        qtbot.keyClicks(first.entry, "1.01")
        qtbot.keyClick(first.entry, Qt.Key.Key_Return)
    assert first.waiting
    qtbot.keyClick(first, Qt.Key.Key_Space)
    _end(qtbot, first)
    told = first.details.toPlainText()
    assert "weak spots" in told
    assert all(f"payouts/{rule}: " in told for rule in missed), (missed, told)
    first.close()

    second = open_trainer(qtbot, drills="payouts", seed=9, cases=3, store=ProgressStore(tmp_path / "p.json"))
    qtbot.keyClicks(second.entry, second.case.questions[0].answer)   # right, then the session ends
    qtbot.keyClick(second.entry, Qt.Key.Key_Return)
    _end(qtbot, second)
    told = second.details.toPlainText()
    assert all(f"payouts/{rule}: " in told for rule in missed), told   # the first session's mistakes still named


def test_a_session_not_stored_names_no_weak_spots(qtbot):
    window = open_trainer(qtbot, drills="payouts", seed=4, cases=3)
    for _ in window.case.questions:
        qtbot.keyClicks(window.entry, "1.01")
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    _end(qtbot, window)
    assert "weak spots" not in window.details.toPlainText()
