"""The trainer window after the QA pass qaF: the feedback on a wrong payouts answer scrolls by keys at
1280x720 and shows how to go on, a key typed into the answer box cancels a first Esc, the summary's
mistakes scroll by keys, and no stale question is shown while nothing takes an answer.  Offscreen Qt."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.training import ProgressStore, Settings, TrainingSession  # noqa: E402
from dealer_assist.training.feed import CardFeed  # noqa: E402
from dealer_assist.ui.training.settle import Settle  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402


def _all_wrong(qtbot, window):
    for _ in window.case.questions:
        qtbot.keyClicks(window.entry, "1.01")
        qtbot.keyClick(window.entry, Qt.Key.Key_Return)
    assert window.waiting


def _many_bets(qtbot, questions=6):
    """A payouts window on its first case of at least ``questions`` questions (seeds tried in turn)."""
    for seed in range(1, 200):
        window = open_trainer(qtbot, drills="payouts", seed=seed, cases=2)
        if len(window.case.questions) >= questions:
            return window
        window.close()
    raise AssertionError(f"no payouts case of {questions} questions")


def test_long_feedback_at_720_shows_how_to_go_on_and_scrolls_to_its_end_by_keys(qtbot):
    """Six bets all wrong: the label was cut after the fourth explanation, unscrollable, "[Space] next" unseen."""
    window = _many_bets(qtbot, 7)
    window.resize(1280, 720)
    _all_wrong(qtbot, window)
    assert "[Space] or Enter: next case" in window.key_line.text() and window.key_line.isVisible()
    assert window.key_line.geometry().bottom() < window.height()
    area = window.feedback_area
    qtbot.waitUntil(lambda: area.widget().height() >= window.feedback.heightForWidth(area.viewport().width()))
    bar = area.verticalScrollBar()
    assert area.geometry().bottom() < window.height()
    qtbot.keyClick(window, Qt.Key.Key_End)
    seen_from = bar.value()
    # at the end, the last line of the explanation lies inside the visible part of the area
    assert window.feedback.height() - seen_from <= area.viewport().height()
    if bar.maximum() > 0:
        qtbot.keyClick(window, Qt.Key.Key_Home)
        assert bar.value() == 0
        qtbot.keyClick(window, Qt.Key.Key_PageDown)
        assert bar.value() > 0
    assert window.waiting and window.summary is None    # scrolling neither goes on nor ends
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not window.waiting


def test_after_a_wrong_answer_the_last_question_and_its_prompt_are_not_shown(qtbot):
    window = open_trainer(qtbot, drills="payouts", seed=8)
    _all_wrong(qtbot, window)
    assert not window.question.isVisible() and not window.keys.isVisible() and not window.entry.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.question.isVisible() and window.question.text().endswith("?")
    assert "F1 keys" in window.key_line.text() and "next case" not in window.key_line.text()


def test_a_digit_typed_into_the_answer_box_cancels_the_first_esc(qtbot, tmp_path):
    """Esc, then 5 into the box, then Esc ended the exam: the 5 never reached the window's key handler."""
    store = ProgressStore(tmp_path / "p.json")
    window = open_trainer(qtbot, drills="payouts", seed=8, cases=40, exam=True, store=store, limit=60)
    assert window.entry.isVisible()
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)
    assert "Esc again" in window.key_line.text()
    qtbot.keyClick(window.entry, Qt.Key.Key_5)
    assert window.entry.text() == "5" and "Esc again" not in window.key_line.text()
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)     # clears the 5 (qaS F11), no step toward the end
    assert window.entry.text() == "" and window.summary is None and "Esc again" not in window.key_line.text()
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)
    assert window.summary is None and "Esc again" in window.key_line.text()
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)     # two in a row still end it
    assert window.summary is not None


def test_the_summarys_mistakes_scroll_by_keys_without_tab(qtbot):
    window = _many_bets(qtbot, 6)
    window.resize(1280, 720)
    while window.summary is None:
        if window.waiting:
            qtbot.keyClick(window, Qt.Key.Key_Space)
        else:
            _all_wrong(qtbot, window)
    assert "scroll the mistakes" in window.summary_keys.text()
    bar = window.details.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    for key in (Qt.Key.Key_PageDown, Qt.Key.Key_Down, Qt.Key.Key_End):
        before = bar.value()
        qtbot.keyClick(window, key)
        assert bar.value() > before, key
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert bar.value() == 0


class _NoCards(CardFeed):
    """A real shoe that deals nothing yet."""

    can_skip = False

    def new_hand(self, size):
        pass

    def next_card(self):
        raise AssertionError("not reached in this test")


def test_no_answer_box_or_amount_prompt_while_waiting_for_cards(qtbot, monkeypatch):
    session = TrainingSession(Settings(drills=("payouts",), cases=2), {"baccarat": _NoCards()})
    monkeypatch.setattr("dealer_assist.ui.training.window._Loader.load", lambda self, session: None)
    window = TrainerWindow(session, trainee="ana", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.question.text().startswith("Deal the next hand"))
    assert not window.entry.isVisible() and "type the amount" not in window.keys.text()
