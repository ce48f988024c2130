"""After a void hand at a real table the trainer waits for the trainee to say the table is clear; a line
typed there by mistake (a late answer "B" or "8") was taken as that Enter, silently.  Now only an empty line
(Space or Enter in the window) goes on; anything else is named as not taken now, with what to press.

A simulated shoe on a real pseudo-terminal (the Table of test_training_real_table), real offscreen Qt.
"""

from __future__ import annotations

import io
import os
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.cards import parse_card  # noqa: E402
from dealer_assist.training.terminal import TextTrainer  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from test_training_real_table import Table, _labels  # noqa: E402


def _cards(codes: str) -> str:
    return " ".join(parse_card(c).label for c in codes.split())


def _until(check, seconds: float = 10) -> bool:
    end = time.monotonic() + seconds
    while not check() and time.monotonic() < end:
        time.sleep(0.05)
    return check()


def _void(t: Table) -> None:
    """The QA's hand, 3C 3H TS 2S with the TS's frame lost: void, the table to be cleared."""
    t.deal(2)
    t.sim.faults.force("drop")
    t.deal(2)


def test_a_line_typed_while_the_table_is_cleared_is_refused_and_only_an_empty_line_goes_on():
    t = Table("calling")
    t.load("3C 3H TS 2S 9D 8C KD QS  9C 8D KH QC")
    read, write = os.pipe()
    inp = os.fdopen(read, "r")
    out, err = io.StringIO(), io.StringIO()
    trainer = TextTrainer(t.session, inp=inp, out=out, err=err)
    done = threading.Event()
    threading.Thread(target=lambda: (trainer.run(), done.set()), daemon=True).start()
    try:
        assert _until(lambda: "Deal the next hand" in out.getvalue())
        os.write(write, b"8\n")   # typed ahead for the hand being dealt, which turns out void
        time.sleep(0.3)
        _void(t)
        assert _until(lambda: "'8' was typed for the void hand: it is not taken" in err.getvalue()), err.getvalue()
        assert _until(lambda: "Press Enter when the table is clear" in out.getvalue()), out.getvalue()
        os.write(write, b"B\n")   # a late answer, typed by mistake
        assert _until(lambda: "'B' is not taken now" in err.getvalue()), err.getvalue()
        assert "clear the table, then press Enter on an empty line" in err.getvalue()
        assert t.session.needs_ready   # not taken as "the table is clear"
        assert out.getvalue().count("Press Enter when the table is clear") == 2   # asked again
        t.deal(4)   # the void hand's rest, still being cleared: none of it may become a case
        time.sleep(0.3)
        os.write(write, b"\n")
        assert _until(lambda: not t.session.needs_ready)
        t.deal(4)
        assert _until(lambda: "#1 " in out.getvalue()), out.getvalue()
        shown = out.getvalue().split("#1 ", 1)[1]
        assert _cards("9C KH") in shown and _cards("8D QC") in shown
        os.write(write, b"q\n")
        assert done.wait(10)
    finally:
        os.close(write)
        inp.close()
        t.close()


def test_the_window_says_a_key_other_than_space_or_enter_is_not_taken_while_the_table_is_cleared(qtbot):
    t = Table("calling")
    try:
        t.load("3C 3H TS 2S 9D 8C KD QS  9C 8D KH QC")
        window = TrainerWindow(t.session, settle=Settle(0.0))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"), timeout=5000)
        _void(t)
        qtbot.waitUntil(lambda: window.resyncing, timeout=5000)
        void = window.feedback.text()
        qtbot.keyClick(window, Qt.Key.Key_B)
        assert window.resyncing and t.session.needs_ready
        assert "'b' is not taken now" in window.keys.text() and "press Space or Enter" in window.keys.text()
        assert window.keys.isVisible()
        assert window.feedback.text() == void   # the void hand's reason and what to do stay
        t.deal(4)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        t.deal(4)
        qtbot.waitUntil(lambda: window.case is not None, timeout=5000)
        assert _labels(window.case)[:2] == ["9C KH", "8D QC"]
    finally:
        t.close()
