"""No row of the blackjack display is drawn over another when three alert bars and a long, wrapped
croupier's message take their room, seven seats split (QA: at 960x540 the table's seats were drawn
under the action buttons, as the baccarat chip row had been over the Limits row); the message is
shown whole, its action at its end included."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRect

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_blackjack_fit import split_everywhere
from test_ui_rows_apart import MESSAGE


def _rect(window, widget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def _rows(window) -> dict:
    e = window.entry
    rows = {"banner": window.banner, "alerts": window.alerts, "table": window.table, "settlement": window.settlement,
            "deck": window.deck, "chips": window.chips, "card label": e.label, "card field": e.field,
            "question": e.question, "message": e.message, "yes": e.yes, "no": e.no}
    rows.update({f"button {k}": w for k, w in window.actions.buttons.items()})
    return {name: w for name, w in rows.items() if w.isVisible()}


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (960, 540), (1366, 768), (1920, 1080)])
def test_three_alerts_and_a_long_message_leave_every_row_in_sight(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), size)
    split_everywhere(session)
    for i, level in enumerate(("error", "warning", "warning")):
        session.alert(f"test{i}", level, f"ALERT {i}", "something happened on the shoe's line", "check the cable")
    session.say(MESSAGE)
    qtbot.wait(300)
    assert len(window.alerts.bars) == 3 and window.entry.message.text() == MESSAGE
    assert sum(len(hands) for hands in window.table.placed.values()) == 14  # seven seats, each split, drawn
    rects = {name: _rect(window, w) for name, w in _rows(window).items()}
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.intersects(rb)]
    assert overlaps == []
    for name, r in rects.items():  # nothing pushed out of the window
        assert window.rect().contains(r), name
    # The message has the room its wrapped lines need, at a font still readable: it is not cut.
    msg = window.entry.message
    assert msg.height() >= msg.heightForWidth(msg.width())
    assert msg.font().pixelSize() >= 0.7 * 0.9 * window.unit - 1


def test_the_table_has_its_whole_least_height_again_once_the_message_is_gone(qtbot, show_window):
    from dealer_assist.ui.blackjack.table_view import LEAST_HEIGHT

    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), (960, 540))
    for i in range(3):
        session.alert(f"test{i}", "warning", f"ALERT {i}", "something happened", "check the cable")
    session.say(MESSAGE)
    qtbot.wait(300)
    assert window.table.minimumHeight() < LEAST_HEIGHT
    session.say("")
    for i in range(3):
        session.dismiss(f"test{i}")
    qtbot.waitUntil(lambda: window.table.minimumHeight() == LEAST_HEIGHT, timeout=3000)
