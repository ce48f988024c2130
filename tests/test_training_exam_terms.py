"""An exam's terms give a case's time for several questions only where a case asks several (qaAD F8: a
third-card exam, one question a case, spoke of "a case of 3 questions: 24 s")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

CLI = [sys.executable, "-m", "dealer_assist.cli"]


@pytest.mark.parametrize("drill, example", [("third-card", None), ("blackjack-dealer", None),
                                            ("payouts", "(a case of 3 questions: 24 s)"),
                                            ("third-card,calling", "(a case of 3 questions: 24 s)")])
def test_the_terminal_exams_terms_give_a_several_question_case_only_for_such_drills(tmp_path, drill, example):
    run = subprocess.run(CLI + ["train", "--text", "--exam", "--no-save", "--seed", "777", "--cases", "12",
                                "--drill", drill, "--limit", "8"], input="", capture_output=True, text=True,
                         timeout=60, env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    terms = next(line for line in run.stdout.splitlines() if line.startswith("Exam: "))
    assert "at most 8 s per decision" in terms
    if example is None:
        assert "questions" not in terms
    else:
        assert example in terms


def test_the_windows_exam_terms_of_a_third_card_exam_speak_of_no_three_questions(qtbot):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills
    from dealer_assist.ui.training.settle import Settle
    from dealer_assist.ui.training.window import TrainerWindow

    for drill, several in (("third-card", False), ("payouts", True)):
        session = TrainingSession(Settings(drills=parse_drills(drill), cases=12, limit=8, exam=True),
                                  {"baccarat": ShoeFeed(8, 777), "blackjack": ShoeFeed(1, 777)}, seed=777)
        window = TrainerWindow(session, trainee="ben", settle=Settle(0.0))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: "Press Space" in window.feedback.text())
        assert ("a case of 3 questions: 24 s" in window.feedback.text()) is several
