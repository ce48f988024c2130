"""The trainer window, offscreen: keyboard answers, feedback, time-outs, summary, stored progress, chart."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore  # noqa: E402
from dealer_assist.ui.training.chart import ACCURACY  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


_window = open_trainer


def _wrong_key(q):
    return next(c.key for c in q.choices if c.key != q.answer)


def _type(qtbot, window, text):
    qtbot.keyClicks(window.entry, text)
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)


def test_keys_answer_third_card_calls_with_feedback(qtbot):
    window = _window(qtbot)
    q = window.question_now
    qtbot.keyClick(window, q.answer)
    assert window.session.attempts[-1].result == "right"
    assert window.feedback.text().startswith("Right.")
    qtbot.waitUntil(lambda: len(window.session.attempts) == 1 and window.question_now is not None)
    q = window.question_now
    qtbot.keyClick(window, _wrong_key(q))
    attempt = window.session.attempts[-1]
    assert attempt.result == "wrong" and window.waiting
    assert q.label_of(q.answer) in window.feedback.text() and attempt.case.explanation in window.feedback.text()
    qtbot.keyClick(window, "P")                      # ignored while the explanation is on screen
    assert len(window.session.attempts) == 2
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not window.waiting and window.question_now is not None


def test_unknown_key_is_refused_without_scoring(qtbot):
    window = _window(qtbot)
    qtbot.keyClick(window, "Z")
    assert window.session.attempts == [] and "not understood" in window.feedback.text()


def test_payout_amounts_are_typed_and_checked_to_the_penny(qtbot):
    window = _window(qtbot, drills="payouts", seed=8)
    case = window.case
    for q in case.questions[:-1]:
        assert window.entry.isVisible()
        _type(qtbot, window, q.answer)
    last = case.questions[-1].answer
    off = f"{last[:-1]}{(int(last[-1]) + 1) % 10}"   # one penny off
    _type(qtbot, window, off)
    attempt = window.session.attempts[-1]
    assert attempt.result == "wrong" and attempt.wrong_questions == (len(case.questions) - 1,)
    assert "Commission kept" in window.feedback.text()


def test_time_runs_out(qtbot):
    window = _window(qtbot, limit=0.2)
    qtbot.waitUntil(lambda: bool(window.session.attempts), timeout=3000)
    assert window.session.attempts[0].result == "timeout" and "Time is up" in window.feedback.text()


def test_summary_is_stored_and_charted(qtbot, tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    for seed in (1, 2):
        window = _window(qtbot, cases=3, store=store, seed=seed)
        while window.summary is None:
            if window.waiting:
                qtbot.keyClick(window, Qt.Key.Key_Space)
            q = window.question_now
            if q is None:
                qtbot.wait(20)
                continue
            qtbot.keyClick(window, q.answer if seed == 2 else _wrong_key(q))
        assert window.stack.currentIndex() == 1
    assert "passed (practice)" in window.result.text()
    reloaded = ProgressStore(tmp_path / "p.json").sessions("ana")
    assert [s["overall"]["right"] for s in reloaded] == [0, 3]
    assert len(window.chart.sessions) == 2
    image = window.chart.grab().toImage()
    gold = sum(image.pixelColor(x, y) == ACCURACY for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2))
    assert gold > 20   # the accuracy line is drawn
    first = ProgressStore(tmp_path / "p.json").sessions("ana")[0]
    assert len(first["mistakes"]) == 3


def test_exam_gives_no_feedback_until_the_summary(qtbot):
    window = _window(qtbot, cases=2, exam=True)
    q = window.question_now
    qtbot.keyClick(window, _wrong_key(q))
    assert window.feedback.text() == "" and not window.waiting
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is not None and window.summary.exam and "Exam" in window.result.text()
