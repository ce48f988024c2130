"""A window session whose result cannot be saved says so in its verdict, and the command fails as --text
does (qaS F13: "NOT STORED" sat in the body text under a gold "passed", and the command exited 0 with
nothing on stderr).  Offscreen Qt, a real progress file whose folder is replaced by a file mid-session."""

from __future__ import annotations

import argparse
import os
import shutil

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from dealer_assist.commands.output import CommandError  # noqa: E402
from dealer_assist.commands.training import _run  # noqa: E402
from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession  # noqa: E402
from dealer_assist.training.ending import Ending  # noqa: E402
from dealer_assist.ui import theme  # noqa: E402
from dealer_assist.ui.app import application  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


def _lost_store(tmp_path):
    """A store opened (and checked) in a folder that is then replaced by a file: a save cannot succeed."""
    folder = tmp_path / "dirR"
    store = ProgressStore(folder / "t.json")
    store.check_writable()
    shutil.rmtree(folder)
    folder.write_text("not a folder")
    return store


def _session():
    return TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 5), "blackjack": ShoeFeed(1, 5)}, seed=5)


def test_the_verdict_says_not_stored_in_the_wrong_answer_colour(qtbot, tmp_path):
    window = TrainerWindow(_session(), store=_lost_store(tmp_path), trainee="rex", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.case is not None)
    qtbot.keyClick(window, window.question_now.answer)
    qtbot.waitUntil(lambda: window.summary is not None)
    assert window.result.text().startswith("NOT STORED")
    assert theme.BAD_INK.name() in window.result.styleSheet()
    assert "cannot save the training progress" in window.details.toPlainText()


def test_the_command_fails_when_the_window_could_not_store_the_result(qtbot, tmp_path):
    app = application()
    session = _session()

    def drive() -> None:
        window = next((w for w in app.topLevelWidgets() if isinstance(w, TrainerWindow) and w.isVisible()), None)
        if window is None:
            return
        window.settle = Settle(0.0)
        if window.summary is not None:
            QTest.keyClick(window, Qt.Key.Key_Escape)      # the summary read: close
        elif window.question_now is not None:
            window.answer(window.question_now.answer)

    timer = QTimer()
    timer.timeout.connect(drive)
    timer.start(20)
    try:
        with pytest.raises(CommandError, match="cannot save the training progress"):
            _run(argparse.Namespace(text=False), session, _lost_store(tmp_path), "rex", Ending())
    finally:
        timer.stop()
    assert len(session.attempts) == 1
