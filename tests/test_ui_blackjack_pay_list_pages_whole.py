"""PgDown through the blackjack pay list shows whole lines at the top of every page, the last one included
(qaW F1: the last page, scrolled as far as it went, showed seat 2's line cut through at its top, where the
README says the list pages by whole lines)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402

from test_ui_blackjack_fit import split_everywhere  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


def cut_at_the_top(panel) -> list[str]:
    view = panel.scroll.viewport()
    return [first.text() for first, last in panel._spans
            if first.mapTo(view, QPoint(0, 0)).y() < 0 < last.mapTo(view, QPoint(0, last.height())).y()]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_page_down_starts_with_a_whole_line(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), size)
    split_everywhere(session)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=3000)
    qtbot.wait(50)
    panel = window.settlement
    bar = panel.scroll.verticalScrollBar()
    assert bar.maximum() > 0  # fourteen payments: more than one page
    for _ in range(14):
        if panel.lines_out_of_sight()[1] == 0:
            break
        qtbot.keyClick(window, Qt.Key.Key_PageDown)
        qtbot.wait(20)
        assert cut_at_the_top(panel) == [], (bar.value(), bar.maximum())
    assert panel.lines_out_of_sight()[1] == 0  # the last payment reached
