"""A pay-list line taller than the list keeps its who, stake and call and the whole lines of its reason in sight,
and PgDown goes on through its reason by whole lines (rev29: the shape of its R1 in the blackjack pay list).

At text scale 1.25 a split hand's correction ("SEAT 1 hand 2 · 10.00 · PAY 10.00" over a three-line reason)
is taller than the list at 1280x720: the felt covered it whole, the list showed nothing at any page, only
"2 MORE BELOW: PgDown", and PgDown moved it a pixel at a time, still covered."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, Qt

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_blackjack_split_correction_words import _paid_split, _play


@pytest.fixture
def large_text():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def shown_part(panel) -> tuple[int, int]:
    """The visible part's top and foot not under the felt covers, measured on the covers themselves."""
    view = panel.scroll.viewport()
    head, foot = panel._covers()
    top = head.geometry().bottom() + 1 if head.isVisible() else 0
    return top, foot.geometry().top() if foot.isVisible() else view.height()


def text_lines(panel, label) -> list[tuple[int, int]]:
    """Each line of ``label``'s text, its top and foot in the visible part's coordinates."""
    view = panel.scroll.viewport()
    text = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    n = max(1, round(text / label.fontMetrics().lineSpacing()))
    start = label.mapTo(view, QPoint(0, 0)).y() + max(0, (label.height() - text) // 2)
    return [(start + round(k * text / n), start + round((k + 1) * text / n)) for k in range(n)]


@pytest.mark.parametrize("size, alerts", [((1280, 720), 0), ((1920, 1080), 4)])
def test_a_line_taller_than_the_list_is_shown_and_paged_through(qtbot, show_window, large_text, size, alerts):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session, None), size=size)
    _paid_split(session)
    while len(session.state.round.seat_hands(1)) > 1:  # the split voided after the payment
        assert session.void_last(why="the split was a mistake") is None
    _play(session, ["stand", "TD", "5S"])
    for i in range(alerts):
        session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                      "clear the jam, then type the card (K)")
    qtbot.waitUntil(lambda: "CORRECT THE PAYMENT" in window.settlement.title.text(), timeout=3000)
    qtbot.wait(200)
    panel = window.settlement
    view = panel.scroll.viewport()
    first, reason = panel._spans[0]
    height = reason.mapTo(view, QPoint(0, reason.height())).y() - first.mapTo(view, QPoint(0, 0)).y()
    assert height > view.height(), "the case needs a line taller than the list"
    row = [panel.grid.itemAtPosition(0, c).widget() for c in range(3)]
    top, foot = shown_part(panel)
    assert top == 0 and foot >= max(w.mapTo(view, QPoint(0, w.height())).y() for w in row), \
        f"the first payment's who, stake and call are covered (shown {top} to {foot})"
    assert [w.text() for w in row] == ["SEAT 1 hand 2", "10.00", "PAY 10.00"]
    seen = set()
    for _ in range(12):
        top, foot = shown_part(panel)
        assert foot > top, f"nothing of the list shown at scroll {panel.scroll.verticalScrollBar().value()}"
        for label in panel.rows.findChildren(type(first)):
            if not label.isVisible():
                continue
            for a, b in text_lines(panel, label):
                assert b <= top or a >= foot or (top <= a and b <= foot), \
                    f"{label.text()!r}: a line of its text cut by the felt ({a}-{b} in {top}-{foot})"
                if top <= a and b <= foot:
                    seen.add((label.text(), a - label.mapTo(view, QPoint(0, 0)).y()))
        if panel.lines_out_of_sight()[1] == 0:
            break
        qtbot.keyClick(window, Qt.Key.Key_PageDown)
        qtbot.wait(20)
    assert panel.lines_out_of_sight()[1] == 0  # the last payment reached
    for label in panel.rows.findChildren(type(first)):
        if label.isVisible():
            for a, _ in text_lines(panel, label):
                offset = a - label.mapTo(view, QPoint(0, 0)).y()
                assert (label.text(), offset) in seen, f"{label.text()!r}: its text line at {offset} never shown"
