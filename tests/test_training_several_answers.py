"""A case of several answers (a payout case's bets, calling's totals and winner), qaAN F11: the answers given
so far show beside their bets, the one asked is marked, and Backspace in the empty box (or Shift+Tab) goes
back to the answer before; the case is scored once its last answer is in.  ``--text`` takes ``back``.
Offscreen Qt."""

from __future__ import annotations

import io
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent, QTextDocument  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills  # noqa: E402
from dealer_assist.training.terminal import TextTrainer  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402

#: The mark of the answer asked, as the window writes it (window.ASKING).
ASKING = "\u25b6 "


def _beside(window) -> list[str]:
    """The lines beside the cards, as the trainee reads them."""
    doc = QTextDocument()
    doc.setHtml(window.context.text())
    return doc.toPlainText().splitlines()


def _payouts(qtbot, bets=3):
    """A window on a baccarat payout case of at least ``bets`` bets (seeds tried in turn)."""
    for seed in range(1, 300):
        window = open_trainer(qtbot, drills="payouts", seed=seed, cases=2)
        if window.case.hands[0].name == "Player" and len(window.case.questions) > bets:
            return window
        window.close()
    raise AssertionError(f"no baccarat payout case of {bets} bets")


def _type(qtbot, window, text):
    qtbot.keyClicks(window.entry, text)
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)


def test_each_answer_shows_beside_its_bet_and_the_bet_asked_is_marked(qtbot):
    window = _payouts(qtbot)
    case = window.case
    first, second = case.questions[0], case.questions[1]
    assert first.line and first.line in case.context      # the bet as listed beside the cards
    shown = _beside(window)
    assert [line for line in shown if line.startswith(ASKING)] == [f"{ASKING}{first.line} \u2014 pay ?"]
    _type(qtbot, window, "7.25")
    shown = _beside(window)
    assert f"{first.line} \u2014 pay 7.25" in shown           # what was entered, beside its bet
    assert [line for line in shown if line.startswith(ASKING)] == [f"{ASKING}{second.line} \u2014 pay ?"]
    assert window.question.text() == second.prompt + "?"
    assert window.entry.text() == ""
    # Every bet is listed once: marked, answered or waiting, never twice.
    for q in case.questions[:-1]:
        assert sum(q.line in line for line in shown) == 1
    assert any(line.startswith("Commission kept") for line in shown)   # the answer with no bet line of its own


def test_backspace_in_the_empty_box_goes_back_and_the_case_is_scored_with_the_corrected_answer(qtbot):
    window = _payouts(qtbot)
    case = window.case
    _type(qtbot, window, "99.99")                    # a mistyped Enter on the first bet
    assert window.answers == ["99.99"] and window.question_now is case.questions[1]
    assert "Backspace" in window.keys.text()          # the way back is said where the keys are
    qtbot.keyClick(window.entry, Qt.Key.Key_Backspace)
    assert window.answers == [] and window.question_now is case.questions[0]
    assert window.entry.text() == "99.99" and window.entry.selectedText() == "99.99"
    assert f"{ASKING}{case.questions[0].line} \u2014 pay ?" in _beside(window)
    assert not window.session.attempts                # nothing was scored
    for answer in case.answers:                        # typed over the selected wrong amount
        _type(qtbot, window, answer)
    assert len(window.session.attempts) == 1
    attempt = window.session.attempts[0]
    assert attempt.right and attempt.given == case.answers
    assert not any(line.startswith(ASKING) for line in _beside(window))   # no answer asked any more


def test_a_backspace_with_text_in_the_box_only_deletes_and_shift_tab_goes_back(qtbot):
    window = _payouts(qtbot)
    _type(qtbot, window, "1.00")
    _type(qtbot, window, "2.00")
    qtbot.keyClicks(window.entry, "3")
    qtbot.keyClick(window.entry, Qt.Key.Key_Backspace)
    assert window.answers == ["1.00", "2.00"] and window.entry.text() == ""
    qtbot.keyClick(window.entry, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert window.answers == ["1.00"] and window.entry.text() == "2.00"


def test_a_held_backspace_does_not_go_back_answer_after_answer(qtbot):
    window = _payouts(qtbot)
    _type(qtbot, window, "1.00")
    _type(qtbot, window, "2.00")
    held = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier, "\b", True)
    QApplication.sendEvent(window.entry, held)
    assert window.answers == ["1.00", "2.00"]


def test_backspace_at_the_first_answer_changes_nothing(qtbot):
    window = _payouts(qtbot)
    qtbot.keyClick(window.entry, Qt.Key.Key_Backspace)
    assert window.answers == [] and window.question_now is window.case.questions[0] and window.case is not None


def test_calling_goes_back_from_the_winner_key_to_the_banker_total(qtbot):
    window = open_trainer(qtbot, drills="calling", seed=3, cases=2)
    case = window.case
    _type(qtbot, window, case.answers[0])
    _type(qtbot, window, "8" if case.answers[1] != "8" else "7")    # the wrong Banker total
    assert window.question_now.kind == "choice" and not window.entry.isVisible()
    shown = _beside(window)
    assert f"Player total: {case.answers[0]}" in shown and f"{ASKING}Winner: ?" in shown
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert window.question_now is case.questions[1] and window.entry.isVisible()
    assert f"{ASKING}Banker total: ?" in _beside(window)
    window.entry.clear()
    _type(qtbot, window, case.answers[1])
    qtbot.keyClick(window, case.answers[2])
    assert window.session.attempts[0].right


def test_the_text_trainer_takes_back_the_answer_before(tmp_path):
    session = TrainingSession(Settings(drills=parse_drills("calling"), cases=1),
                              {"baccarat": ShoeFeed(8, 3), "blackjack": ShoeFeed(1, 3)}, seed=3)
    probe = TrainingSession(Settings(drills=parse_drills("calling"), cases=1),
                            {"baccarat": ShoeFeed(8, 3), "blackjack": ShoeFeed(1, 3)}, seed=3)
    player, banker, winner = probe.next_case().answers
    wrong = "8" if banker != "8" else "7"
    typed = ["back", player, wrong, "back", banker, winner]
    out, err = io.StringIO(), io.StringIO()
    TextTrainer(session, inp=io.StringIO("\n".join(typed) + "\n"), out=out, err=err).run()
    attempt = session.attempts[0]
    assert attempt.right and attempt.given == (player, banker, winner)
    assert "nothing to go back to: 'Player total' is this case's first answer" in err.getvalue()
    assert f"back to 'Banker total': your answer '{wrong}' is taken back" in err.getvalue()
    assert "Banker total [number, or back]: " in out.getvalue()
