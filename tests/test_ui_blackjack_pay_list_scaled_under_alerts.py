"""The blackjack pay list at 1366x768, text scale 1.25, under one to three alerts: at least one whole payment
in sight and the title counting the rest with PgDown (without alerts five of fourteen and "9 MORE: PgDown").

A guard (fixUI2's check of an earlier pass's leftover, "1 of 7 payments under alerts"): on main as of fixUI it
holds, one payment whole and "6 MORE: PgDown" under three alerts; no fix was needed."""

from __future__ import annotations

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_alerts_room import DO, LONG
from test_ui_blackjack_fit import in_sight, split_everywhere
from test_ui_blackjack_full_table_pay_list import seven_settled
from test_ui_settlement_fit import counted_below

ALERTS = (("profile", "warning", "CAMERA PROFILE?", LONG, DO),
          ("lost", "error", "READER LOST", "the shoe's link went silent 12 s ago", "check the cable"),
          ("finished", "info", "SOURCE FINISHED", "", "type any further cards (K)"))


@pytest.mark.parametrize("text_scale", [1.25], indirect=True)
@pytest.mark.parametrize("alerts", [1, 2, 3])
@pytest.mark.parametrize("deal, payments", [(seven_settled, 7), (split_everywhere, 14)])
def test_a_whole_payment_and_the_count_of_the_rest_under_alerts(qtbot, show_window, text_scale, alerts, deal,
                                                                 payments):
    session = BlackjackSession(BlackjackTableRules(seats=7))
    window = show_window(BlackjackWindow(session), (1366, 768))
    deal(session)
    for alert in ALERTS[:alerts]:
        session.alert(*alert)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == alerts, timeout=3000)
    qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version
                    and not window._room_timer.isActive(), timeout=3000)
    qtbot.wait(200)
    panel = window.settlement
    shown = in_sight(panel)
    assert len(shown) == payments
    assert shown[0], (shown, panel.title.text())  # the first payment whole
    below = shown.count(False)
    assert below, shown
    assert counted_below(panel.title.text(), below), (panel.title.text(), below)
    title = panel.title
    assert title.fontMetrics().horizontalAdvance(title.text()) <= title.width()
    window.bridge.detach()
