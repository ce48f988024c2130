"""The blackjack pay list's totals under it ("stakes · taken / paid · house / limits") are given every line they
wrap to, with the larger text of --text-scale 1.25 and three alerts up at 1366x768 (qaAH F16: given three lines
of their four, "limits 5.00 to 500.00" was cut through at the side column's foot).  The side column's wrapped
lines are counted as the rows' are: the larger text steps back toward the window's own size until they fit,
rather than the side column being squeezed (an earlier try left it over-full).  Offscreen Qt, real layout."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QPoint  # noqa: E402

from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.ui import theme  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402
from test_ui_blackjack_fit import in_sight  # noqa: E402
from test_ui_blackjack_full_table_pay_list import seven_settled  # noqa: E402


@pytest.fixture
def scaled():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def _alerts(session, n):
    for i in range(n):
        session.alert(f"test{i}", "error", f"ALERT {i}", "something happened on the shoe's line", "check the cable")


def _whole(label) -> bool:
    return label.height() >= label.heightForWidth(label.width())


@pytest.mark.parametrize("alerts_first", [False, True])
@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_the_pay_lists_totals_keep_every_line_under_larger_text_and_three_alerts(qtbot, show_window, scaled,
                                                                                  size, alerts_first):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), size)
    if alerts_first:
        _alerts(session, 3)
        qtbot.waitUntil(lambda: len(window.alerts.bars) == 3, timeout=3000)
    seven_settled(session)
    if not alerts_first:
        _alerts(session, 3)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 3 and window.rendered.version == session.snapshot.version,
                    timeout=3000)
    panel, deck = window.settlement, window.deck
    qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=5000)
    qtbot.wait(300)   # the text stepped back a pixel at a time, each weighed on the event loop's next pass
    qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=5000)
    totals = panel.totals
    assert "limits" in totals.text() and _whole(totals), (totals.height(), totals.heightForWidth(totals.width()))
    # The totals lie above the deck's panel, which keeps its own lines, inside the window.
    foot = totals.mapTo(window, QPoint(0, totals.height())).y()
    assert foot <= deck.mapTo(window, QPoint(0, 0)).y()
    assert _whole(deck.status) and _whole(deck.lines)
    central = window.centralWidget()  # under the menu bar: the deck's foot in its coordinates (rev30 R6)
    assert deck.mapTo(central, QPoint(0, deck.height())).y() <= central.height()
    # A payment in sight, whole, and the title counting the rest.
    shown = in_sight(panel)
    assert shown[0] and "PgDown" in panel.title.text()
    assert theme.unit_for_size(*size, scale=1.0) <= window.unit    # the text steps back no further than 1
    window.bridge.detach()
