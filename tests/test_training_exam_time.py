"""An exam's time after the QA pass qaS: keys typed for a case that timed out do not answer the next one
(F1), no answer counts once the exam's --minutes have run out (F2), and an exam ended before its first
answer says that nothing is stored (F3).  Offscreen Qt, real key events; the session's clock and the
settle time run on a clock of the test's own (no timed waits)."""

from __future__ import annotations

import io
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, parse_drills  # noqa: E402
from dealer_assist.training.terminal import TextTrainer  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _session(drills="third-card", cases=2, seed=4, limit=None, minutes=None, clock=None):
    return TrainingSession(Settings(drills=parse_drills(drills), cases=cases, limit=limit, minutes=minutes, exam=True),
                           {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed,
                           clock=clock or _Clock())


def _window(qtbot, session, clock, store=None, start=True):
    """The exam's window as the trainer builds it, its settle time on ``clock``; started with Space."""
    window = TrainerWindow(session, store=store, trainee="gus")
    window.settle = Settle(0.25, clock=clock)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "Press Space" in window.feedback.text())
    clock.now += 5                                # the terms read
    if start:
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: window.case is not None)
    return window


# -- F1 ------------------------------------------------------------------------------------------------
def test_digits_typed_as_a_timed_out_case_gives_way_do_not_answer_the_next_case(qtbot):
    clock = _Clock()
    window = _window(qtbot, _session("payouts", cases=3, seed=1, limit=6, clock=clock), clock)
    first = window.case
    clock.now += 5.75
    qtbot.keyClicks(window.entry, "7.")           # half typed when the time runs out
    clock.now = window._started + 6 * len(first.questions) + 0.05   # past its 6 s per decision
    window._tick()
    (attempt,) = window.session.attempts
    assert attempt.result == "timeout" and attempt.given[0] is None
    second = window.case
    assert second is not first and window.entry.text() == ""
    told = window.feedback.text()
    assert "Time is up for case 1" in told and "'7.'" in told and "not taken" in told
    clock.now += 0.1                              # the rest of what was being typed, 0.1 s after the draw
    qtbot.keyClick(window.entry, "5")
    assert window.entry.text() == "" and "'5' not taken" in window.key_line.text()
    clock.now += 0.2
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)   # its Enter, past the guard: the box is empty
    assert window.answers == [] and len(window.session.attempts) == 1
    assert "the answer box is empty" in window.key_line.text() and "Time is up for case 1" in window.feedback.text()
    qtbot.keyClicks(window.entry, second.questions[0].answer)   # typed once the case was seen: taken
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.answers == [second.questions[0].answer] or window.session.attempts[1].case is second


def test_a_digit_typed_into_the_box_as_the_next_exam_case_is_drawn_is_not_taken(qtbot):
    clock = _Clock()
    window = _window(qtbot, _session("payouts", cases=3, seed=1, limit=60, clock=clock), clock)
    first = window.case
    clock.now += 1                                # case 1 read
    for q in first.questions:
        qtbot.keyClicks(window.entry, q.answer)
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert len(window.session.attempts) == 1 and window.case is not first
    qtbot.keyClick(window.entry, "5")             # 0 s after the next case was drawn
    assert window.entry.text() == "" and "'5' not taken: typed as this case appeared" in window.key_line.text()
    clock.now += 0.3
    qtbot.keyClick(window.entry, "5")
    assert window.entry.text() == "5"


def test_a_digit_typed_as_the_case_appears_is_refused_when_the_box_had_lost_the_cursor(qtbot):
    clock = _Clock()
    window = _window(qtbot, _session("payouts", cases=3, seed=1, limit=60, clock=clock), clock)
    window.setFocus()                             # a click took the cursor out of the box
    qtbot.keyClick(window, "5")
    assert window.entry.text() == "" and "not taken" in window.key_line.text()
    clock.now += 0.3
    qtbot.keyClick(window, "5")
    assert window.entry.text() == "5"


# -- F2 ------------------------------------------------------------------------------------------------
def test_the_window_ends_an_exam_at_0_00_not_finished_and_takes_no_late_answer(qtbot, tmp_path):
    clock = _Clock()
    store = ProgressStore(tmp_path / "p.json")
    session = _session(cases=2, minutes=0.05, clock=clock)      # 3 s in all
    store.begin_exam("gus", session.summary(), "third-card")
    window = _window(qtbot, session, clock, store=store)
    clock.now += 1.5
    qtbot.keyClick(window, window.question_now.answer)
    assert len(session.attempts) == 1
    clock.now += 2.5                              # 4 s into a 3 s exam, case 2 on screen
    window._tick()
    assert window.summary is not None and len(session.attempts) == 1
    assert not window.summary.complete and not window.summary.passed
    assert "Time is up" in window.result.text()
    (stored,) = ProgressStore(tmp_path / "p.json").sessions("gus")
    assert stored["complete"] is False and stored["passed"] is False and stored["overall"]["unanswered"] == 1


def test_an_answer_given_in_the_tenth_of_a_second_after_0_00_ends_the_exam_instead(qtbot):
    clock = _Clock()
    session = _session(cases=2, minutes=0.05, clock=clock)
    window = _window(qtbot, session, clock)
    window.ticker.stop()                          # the answer comes before the next tick
    clock.now += 1.5
    qtbot.keyClick(window, window.question_now.answer)
    clock.now += 2.5
    qtbot.keyClick(window, window.question_now.answer)
    assert len(session.attempts) == 1 and window.summary is not None and not window.summary.complete


def test_the_session_takes_no_answer_after_an_exams_minutes():
    from dealer_assist.training.session import ExamTimeUp

    clock = _Clock()
    session = _session(cases=2, minutes=0.05, clock=clock)
    case = session.next_case()
    clock.now += 3.5
    with pytest.raises(ExamTimeUp, match="0.05 minutes ran out"):
        session.submit(case, list(case.answers), 1.0)
    with pytest.raises(ExamTimeUp):
        session.time_out(case, 7.0)
    assert session.attempts == [] and not session.summary().complete


def test_a_text_exam_refuses_the_answer_typed_after_its_minutes_ran_out():
    clock = _Clock()
    session = _session(cases=2, minutes=0.05, clock=clock)
    answers = [c.answers[0] for c in (_session(cases=2).next_case(), _session(cases=2).next_case())]

    class Late(io.StringIO):
        """stdin whose second line comes 4 s into the 3 s exam."""

        lines = 0

        def readline(self, *args):
            Late.lines += 1
            clock.now += 1.5 if Late.lines == 1 else 2.5
            return super().readline(*args)

    out = io.StringIO()
    summary = TextTrainer(session, inp=Late("".join(a + "\n" for a in answers)), out=out, err=io.StringIO(),
                          clock=clock).run()
    assert len(summary.attempts) == 1 and not summary.complete and not summary.passed
    text = out.getvalue()
    assert "Not recorded: the exam's 0.05 minutes ran out before this answer" in text
    assert "Time is up" in text and "not finished" in text


# -- F3 ------------------------------------------------------------------------------------------------
def test_an_exam_ended_on_its_start_screen_says_nothing_is_stored_and_charts_nothing(qtbot, tmp_path):
    clock = _Clock()
    store = ProgressStore(tmp_path / "p.json")
    session = _session(cases=40, clock=clock)
    store.begin_exam("gus", session.summary(), "third-card")
    window = _window(qtbot, session, clock, store=store, start=False)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is not None
    said = window.result.text()
    assert "Exam not started: nothing was asked, nothing is stored" in said
    assert "not passed" not in said and "40 cases" not in said
    assert window.chart.sessions == []
    assert ProgressStore(tmp_path / "p.json").sessions("gus") == []
