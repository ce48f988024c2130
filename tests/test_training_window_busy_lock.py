"""The trainer window while another trainer holds the progress file's lock (qaS F14): it had frozen on its
last case, said the wait on stderr only, and replayed the keys pressed meanwhile onto the summary, whose
Esc closed it unseen.  Now it says it is waiting, takes no key, and shows the summary once stored.
Offscreen Qt, a real flock held by the test on the real lock file."""

from __future__ import annotations

import fcntl
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


def test_the_window_waits_for_the_lock_visibly_and_keeps_the_summary_on_screen(qtbot, tmp_path):
    store = ProgressStore(tmp_path / "s.json")
    session = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 5), "blackjack": ShoeFeed(1, 5)}, seed=5)
    window = TrainerWindow(session, store=store, trainee="sam", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.case is not None)
    fd = os.open(store.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)                  # the other trainer, stopped with Ctrl+Z while saving
    try:
        qtbot.keyClick(window, window.question_now.answer)
        qtbot.waitUntil(lambda: "Waiting to save to" in window.feedback.text())   # after the right answer's pause
        assert "Waiting to save to" in window.feedback.text() and window.status.text() == "saving"
        assert "case 2" not in window.status.text()
        qtbot.keyClick(window, Qt.Key.Key_Escape)    # pressed while it waits: not kept for the summary
        window.close()                               # nor does the window go before the result is stored
        assert window.isVisible() and window.stack.currentIndex() == 0
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    qtbot.waitUntil(lambda: not window.saving)
    assert window.stack.currentIndex() == 1 and window.isVisible() and window.store_error is None
    assert window.details.toPlainText().startswith("Stored for sam")
    assert len(ProgressStore(tmp_path / "s.json").sessions("sam")) == 1
