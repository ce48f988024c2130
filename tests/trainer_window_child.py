"""``dealer-assist train --exam`` in its window, answering the first cases itself; the signal test kills it.

Usage: python tests/trainer_window_child.py N ARGS...  Runs ``dealer-assist train ARGS`` (the window, not
--text) and answers the first N cases right through the window, then prints "answered N" and waits.
"""

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest

from dealer_assist.cli import main
from dealer_assist.ui.app import application
from dealer_assist.ui.training.window import TrainerWindow


def run() -> int:
    wanted, args = int(sys.argv[1]), sys.argv[2:]
    app = application()
    told = []

    def answer() -> None:
        window = next((w for w in app.topLevelWidgets() if isinstance(w, TrainerWindow)), None)
        if window is None or told:
            return
        if len(window.session.attempts) >= wanted:
            told.append(True)
            print(f"answered {wanted}", flush=True)
        elif window.briefing:   # the exam's start screen: Space (taken once it has been on screen 0.25 s)
            QTest.keyClick(window, Qt.Key.Key_Space)
        elif window.question_now is not None:
            window.answer(window.question_now.answer)

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(20)
    return main(["train", *args])


if __name__ == "__main__":
    sys.exit(run())
