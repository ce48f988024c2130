"""A window exam dealt by the shoe simulator on a serial port says it is below the standard on its start
screen and on its first case, as a ``--text`` exam does (qaAN F5): the start screen had said "This exam
meets the standard ...: a pass counts", and only the summary "passed below the standard".  A simulated
shoe on a real pty (its HELLO: device SIM-0001, firmware shoesim-1), real offscreen Qt."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import Settings, TrainingSession  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from test_training_real_table import Table  # noqa: E402


def _exam_window(qtbot, t: Table) -> TrainerWindow:
    session = TrainingSession(Settings(drills=("calling",), exam=True, cases=10, limit=6),
                              {"baccarat": t.feed, "blackjack": t.feed}, source=f"serial:{t.endpoint.url}")
    t.session = session   # closed with the table
    window = TrainerWindow(session, trainee="dev", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "Press Space" in window.feedback.text(), timeout=5000)
    return window


def test_the_start_screen_and_the_first_case_say_the_simulators_exam_is_below_the_standard(qtbot):
    t = Table("calling")
    try:
        t.load("9C 8D KH QC  9D 8C KD QS")   # two naturals: each hand is a case after its fourth card
        window = _exam_window(qtbot, t)
        qtbot.waitUntil(lambda: "shoe simulator (device SIM-0001" in window.feedback.text(), timeout=5000)
        brief = window.feedback.text()
        assert "Below the standard" in brief and "passed below the standard" in brief
        assert "a pass counts" not in brief
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        note = window.feedback.text()
        assert note.startswith("Below the standard: the shoe simulator (device SIM-0001, firmware shoesim-")
        assert "passed below the standard" in note
        qtbot.wait(1)
        assert window.feedback_area.verticalScrollBar().maximum() == 0   # read whole: no key scrolls it now
        for q in window.case.questions:
            window.answer(q.answer)
        qtbot.waitUntil(lambda: window.case is None, timeout=5000)
        assert "shoe simulator" not in window.feedback.text()   # said once, as --text says it
    finally:
        t.close()


class _SilentShoe:
    """A serial shoe that has said no HELLO yet: a real shoe or the simulator, the trainer cannot tell."""

    can_skip = False
    needs_ready = False
    hello = ()
    on_status = None

    def close(self) -> None:
        pass


def test_before_any_hello_the_start_screen_says_a_pass_counts_only_from_a_real_shoe(qtbot):
    shoe = _SilentShoe()
    session = TrainingSession(Settings(drills=("calling",), exam=True, cases=40, limit=3),
                              {"baccarat": shoe, "blackjack": shoe}, source="serial:/dev/ttyUSB0")
    window = TrainerWindow(session, trainee="dev", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "Press Space" in window.feedback.text(), timeout=5000)
    brief = window.feedback.text()
    assert "if its cards come from a real shoe" in brief and "passed below the standard" in brief
