"""The trainer window at a classroom projector's 1024x768, the default 1280x720 and 640x480, after the QA
pass qaP (F4, F6, L1): the cards and the question are whole, the F1 key list is wrapped inside the
window, an unfinished exam's verdict (below the standard) is read whole.  Offscreen Qt, real rendering."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QColor  # noqa: E402

from dealer_assist.ui import theme  # noqa: E402
from trainer_windows import open_trainer  # noqa: E402

SIZES = [(1024, 768), (1280, 720), (640, 480)]


def _sized(qtbot, window, w, h):
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == w and window.height() == h)
    qtbot.wait(1)   # the layout's pending request is done
    return window


@pytest.mark.parametrize("w,h", SIZES)
def test_the_cards_question_and_keys_lie_whole_one_under_another(qtbot, w, h):
    """640x480: the Banker's row of cards was cut in half by the question drawn over it."""
    window = _sized(qtbot, open_trainer(qtbot, cases=5), w, h)
    column = [x for x in (window.view, window.question, window.keys, window.clock, window.feedback_area,
                          window.key_line) if x.isVisible()]
    assert window.title.geometry().bottom() < window.view.geometry().top()
    for upper, lower in zip(column, column[1:]):
        assert upper.geometry().bottom() < lower.geometry().top(), (upper, lower)
    assert column[-1].geometry().bottom() < h
    assert window.view.height() >= window.view.minimumHeight()
    for label in (window.question, window.keys):    # each label holds its wrapped text's height
        assert label.height() >= label.heightForWidth(label.width())


@pytest.mark.parametrize("w,h", SIZES)
def test_the_key_list_is_wrapped_inside_the_window(qtbot, w, h):
    """1024 (and 1280) px: the descriptions ran off the window's right edge ("... under the qu")."""
    window = _sized(qtbot, open_trainer(qtbot, cases=5), w, h)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help.isVisible()
    image = window.help.grab().toImage()
    panel = QColor(theme.PANEL).rgb()
    scale = image.width() / window.help.width()
    edge = window.help.contentsRect().right() + 1     # inside the padding; the table's cells pad 6 px more
    strip = [image.pixel(x, y) for x in range(int((edge - 3) * scale), int(edge * scale))
             for y in range(image.height())]
    assert set(strip) == {panel}    # no text cut off at the edge of the list's room ("... under the qu")
    assert window.help.heightForWidth(window.help.width()) <= h


def _unfinished_exam(qtbot, w, h):
    window = _sized(qtbot, open_trainer(qtbot, cases=40, exam=True, seed=9, limit=6), w, h)
    qtbot.keyClick(window, window.question_now.answer)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert window.summary is not None
    qtbot.wait(1)
    return window


@pytest.mark.parametrize("w,h", SIZES)
def test_an_unfinished_exam_below_the_standard_has_its_verdict_read_whole(qtbot, w, h):
    """1024x768: the verdict in 40 px filled 60% of the window and stopped at "no seed and no shoe"."""
    window = _unfinished_exam(qtbot, w, h)
    verdict = window.result
    text = verdict.text()
    assert "not finished" in text and "An exam below the standard" in text and "would not count" in text
    shown = verdict.visibleRegion().boundingRect()
    assert shown.height() >= verdict.heightForWidth(verdict.width()) and shown.width() >= verdict.width() - 1
    assert verdict.mapTo(window, verdict.rect().bottomLeft()).y() < window.details.mapTo(window, window.details.rect().topLeft()).y()
    line = window.details.fontMetrics().lineSpacing()
    assert window.details.viewport().height() >= 4 * line    # the mistakes keep room (they had 2 lines)


EZ_TABLE = """[shoe]
decks = 6
[paytable]
variant = "ez"
tie_pushes = false
pair_pays = "5"
"""


@pytest.mark.parametrize("w,h", [(960, 540), (1280, 720), (640, 480)])
def test_every_bet_of_a_payout_case_shows_beside_the_cards_under_a_tables_house_rules(qtbot, tmp_path, w, h):
    """qaAD F13: at an EZ table five "House rule:" lines came before the bets, and of a case's six bets the
    last three (960x540) were cut off, with no mark that more were there; the trainee saw no other list."""
    from dealer_assist.table.config import load_config
    from dealer_assist.training import Settings, ShoeFeed, TrainingSession, parse_drills
    from dealer_assist.training.payouts import PayoutDrill
    from dealer_assist.ui.training.settle import Settle
    from dealer_assist.ui.training.window import TrainerWindow

    (tmp_path / "ez.toml").write_text(EZ_TABLE)
    table = load_config(tmp_path / "ez.toml")
    session = TrainingSession(Settings(drills=parse_drills("payouts"), cases=3),
                              {"baccarat": ShoeFeed(6, 3), "blackjack": ShoeFeed(1, 3)}, seed=3,
                              drills={"payouts": PayoutDrill(table.rules.paytable)})
    window = TrainerWindow(session, trainee="ana", settle=Settle(0.0))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.case is not None)
    _sized(qtbot, window, w, h)
    bets = [line for line in window.case.context if line.startswith("Seat ")]
    rules = [line for line in window.case.context if line.startswith("House rule: ")]
    assert len(bets) >= 6 and len(rules) >= 4     # the case qaAD saw: six bets under five house rules
    shown = window.context.text()
    assert all(bet in shown for bet in bets) and all(rule.removeprefix("House rule: ") in shown for rule in rules)
    assert shown.index(bets[-1]) < shown.index("House rules: ")   # the bets before the rules
    context = window.context
    assert context.heightForWidth(context.width()) <= context.height()   # its whole text in its room
    assert context.geometry().bottom() < window.question.geometry().top()
