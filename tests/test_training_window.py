"""The trainer window after the QA audit: exams ended early, the exam's status line, Esc twice,
Ctrl+Q and F1, the window's size on a 1280x720 screen, hand labels drawn whole, the
"every key that applies" question.  Real offscreen Qt, no timed waits on the clock."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QFontMetricsF, QGuiApplication, QPainter  # noqa: E402

from dealer_assist.cards import parse_cards  # noqa: E402
from dealer_assist.training import ProgressStore  # noqa: E402
from dealer_assist.training.blackjack_dealer import ACTION_CHOICES  # noqa: E402
from dealer_assist.training.case import Case, Hand, Question  # noqa: E402
from dealer_assist.ui.second_press import SecondPress  # noqa: E402
from dealer_assist.ui.training import case_view  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


_window = open_trainer


def _answer_right(qtbot, window):
    n = len(window.session.attempts)
    qtbot.keyClick(window, window.question_now.answer)
    assert len(window.session.attempts) == n + 1


# -- finding 1 and 3: exams -------------------------------------------------------------------------

def test_an_exam_ended_after_one_answer_in_the_window_is_stored_as_not_passed(qtbot, tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    window = _window(qtbot, cases=40, exam=True, store=store, limit=60)
    _answer_right(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is not None and not window.summary.passed
    assert "not finished" in window.result.text() and "PASSED" not in window.result.text()
    (entry,) = ProgressStore(tmp_path / "p.json").sessions("ana")
    assert entry["passed"] is False and entry["overall"]["cases"] == 40 and entry["overall"]["unanswered"] == 39


def test_the_exam_status_line_shows_no_running_score(qtbot):
    window = _window(qtbot, cases=5, exam=True, limit=60)
    _answer_right(qtbot, window)
    qtbot.waitUntil(lambda: window.question_now is not None)
    window._tick()
    assert window.status.text().startswith("case 2") and "right" not in window.status.text()
    practice = _window(qtbot, cases=5)
    _answer_right(qtbot, practice)
    practice._tick()
    assert "1/1 right" in practice.status.text()    # practice keeps its running score


# -- finding 7: Esc twice, Ctrl+Q, F1 ---------------------------------------------------------------

def test_one_esc_does_not_end_the_session_a_second_within_the_time_does(qtbot):
    window = _window(qtbot)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is None and "Esc again" in window.key_line.text()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is not None and window.stack.currentIndex() == 1
    qtbot.keyClick(window, Qt.Key.Key_Escape)           # on the summary one Esc closes
    assert not window.isVisible()


def test_a_late_second_esc_or_another_key_in_between_starts_over(qtbot):
    window = _window(qtbot)
    now = [100.0]
    window.second_press = SecondPress(clock=lambda: now[0])
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    now[0] += window.second_press.within + 1
    qtbot.keyClick(window, Qt.Key.Key_Escape)           # too late: this is a new first press
    assert window.summary is None
    _answer_right(qtbot, window)                        # another key disarms
    assert "Esc again" not in window.key_line.text()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.summary is None


def test_ctrl_q_ends_at_once_even_from_the_answer_entry(qtbot):
    window = _window(qtbot, drills="payouts", seed=8)
    assert window.entry.isVisible()
    qtbot.keyClick(window.entry, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert window.summary is not None
    assert window.entry.text() == ""


def test_f1_shows_the_keys_and_any_key_puts_them_away(qtbot):
    window = _window(qtbot)
    assert "F1" in window.key_line.text() and "Ctrl+Q" in window.key_line.text()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help.isVisible() and "Ctrl+Q" in window.help.text() and "Esc" in window.help.text()
    q = window.question_now
    qtbot.keyClick(window, q.answer)                    # puts the list away, answers nothing
    assert not window.help.isVisible() and window.session.attempts == []


# -- finding 8: the window fits a 1280x720 screen ---------------------------------------------------

def test_the_window_fits_the_screen_and_shows_the_feedback_whole_at_720(qtbot):
    window = _window(qtbot, drills="payouts", seed=8)
    free = QGuiApplication.primaryScreen().availableGeometry()
    assert window.width() <= min(1280, free.width()) and window.height() <= min(720, free.height())
    assert TrainerWindow.fitted_size()[1] <= 720
    window.resize(1280, 720)
    for q in window.case.questions:                      # every amount one off: a long explanation
        qtbot.keyClicks(window.entry, "999")
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.waiting and "[Space] or Enter: next case" in window.key_line.text()
    fb = window.feedback
    # the layout settles: then the whole text is inside the label, the label inside its (scrolled) area
    qtbot.waitUntil(lambda: fb.heightForWidth(fb.width()) <= fb.height())
    assert window.feedback_area.geometry().bottom() < window.key_line.geometry().top() < window.height()


# -- finding 9: hand labels drawn whole -------------------------------------------------------------

def test_split_hand_labels_are_drawn_whole(qtbot, monkeypatch):
    drawn = []

    class Recording(QPainter):
        def drawText(self, *args):  # noqa: N802
            if len(args) == 3 and isinstance(args[2], str):
                drawn.append((QFontMetricsF(self.font()), args[0].width(), args[2]))
            return super().drawText(*args)

    monkeypatch.setattr(case_view, "QPainter", Recording)
    cards = parse_cards("10H 8S 3D 8C 9H".split())
    case = Case("blackjack-dealer", "split hand", "Which actions may the player take?",
                (Hand("Dealer", cards[:1]), Hand("Seat 1 hand 1", cards[1:3], "to decide"),
                 Hand("Seat 1 hand 2", cards[3:], "17")),
                (), (Question("actions", "Seat 1 hand 1 (11) may", "choices", "HSD", ACTION_CHOICES),), "")
    view = case_view.CaseView()
    qtbot.addWidget(view)
    view.resize(750, 400)
    view.show_case(case)
    view.grab()
    labels = [(m, w, t) for m, w, t in drawn if t.startswith(("Seat", "Dealer"))]
    assert len(labels) == 3
    for metrics, width, text in labels:
        for line in text.split("\n"):
            assert metrics.horizontalAdvance(line) <= width, line


# -- finding 6: "every key that applies" --------------------------------------------------------------

def test_the_actions_question_says_every_key_that_applies(qtbot):
    for seed in range(1, 60):
        window = _window(qtbot, drills="blackjack-dealer", seed=seed)
        if window.question_now.kind == "choices":
            break
        window.close()
    else:
        raise AssertionError("no actions case in 59 seeds")
    assert "every key that applies" in window.keys.text()
    assert "all that apply" in window.question.text()


def test_an_answer_that_cannot_be_read_is_typed_over_not_after(qtbot):
    """QA: "abc" refused, then "8" made "abc8", refused again: the refused answer is selected."""
    window = _window(qtbot, drills="payouts", seed=8)
    qtbot.keyClicks(window.entry, "abc")
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.feedback.text() and window.entry.text() == "abc"
    qtbot.keyClicks(window.entry, "8")
    assert window.entry.text() == "8"
