"""A round taller than the history's list (seven seats with every bet, under an alert) is shown, its line whole
and its bets line cut short at a whole bet with "… and N more": blanked whole, the list showed nothing at any
scroll, as the table scrolls a round at a time (rev29 R1: 1280x720 and 960x540 with one alert)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from PySide6.QtCore import QRect, Qt

from dealer_assist.baccarat.paytable import Bet


def play_full_rounds(s, rounds: int) -> None:
    s.skip_burn()
    pool = ["3D", "6H", "QH", "9D", "7H", "TS", "2C", "4S", "5D", "8C", "9H", "KD"] * rounds
    for _ in range(rounds):
        s.select_chip(Decimal("5"))
        for seat in range(1, s.state.rules.seats + 1):
            for bet in Bet:
                s.place(seat, bet)
        assert s.deal() is None
        while s.state.settlement is None:
            assert s.enter_card(pool.pop()) is None
        assert s.next_round() is None


def history_shown(qtbot, table_factory, size, alerts: int):
    """A window of ``size`` after three rounds of every bet at seven seats, under ``alerts`` alerts, its history
    shown."""
    window = table_factory("manual", size=size)
    play_full_rounds(window.session, 3)
    for i in range(alerts):
        window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                             "clear the jam, then type the card (K)")
    window.toggle_history()
    table = window.history.table
    qtbot.waitUntil(lambda: table.rowCount() == 6 and table.isVisible(), timeout=3000)
    qtbot.wait(200)
    return window


# At 1280x720 one alert takes its room from the roads, and the round fits (qaAV F9): two make it taller than the list.
@pytest.mark.parametrize("size, alerts", [((960, 540), 1), ((960, 540), 3), ((1280, 720), 2), ((1280, 720), 3)])
def test_a_round_taller_than_the_list_shows_its_line_and_whole_bets(qtbot, table_factory, size, alerts):
    window = history_shown(qtbot, table_factory, size, alerts)
    s, table = window.session, window.history.table
    view = table.viewport().height()
    wagers = [f"{w.seat}:{w.bet.label} {w.stake:.2f}" for w in s.state.history[-1].wagers]
    metrics = table.fontMetrics()
    for value in range(table.verticalScrollBar().maximum() + 1):
        table.verticalScrollBar().setValue(value)
        foot = table.drawn_bottom()
        first = next(r for r in range(0, 6, 2) if table.rowViewportPosition(r) >= 0)
        line_foot = table.rowViewportPosition(first) + table.rowHeight(first)
        assert foot >= line_foot, f"{size} scrolled {value}: the first round's line is blanked (foot {foot})"
    table.verticalScrollBar().setValue(0)
    text = table.item(1, 0).text()
    assert len(wagers) == 49
    match = re.fullmatch(r"(.*), … and (\d+) more", text)
    assert match, f"{size}: the round's bets line is not cut short: {text!r}"
    shown = match.group(1).split(", ")
    assert shown == wagers[:len(shown)] and len(shown) + int(match.group(2)) == len(wagers)
    # the round (its line and its bets line) is in sight whole, and its bets line as tall as its text
    assert table.rowViewportPosition(0) == 0
    assert table.rowViewportPosition(1) + table.rowHeight(1) <= table.drawn_bottom() <= view
    wrapped = metrics.boundingRect(QRect(0, 0, table.viewport().width() - 8, 100_000), Qt.TextFlag.TextWordWrap,
                                   text).height()
    assert table.rowHeight(1) >= wrapped
    assert table.item(1, 0).toolTip() == ", ".join(wagers)  # the whole list, for a mouse


def test_a_round_that_fits_is_listed_whole(qtbot, table_factory):
    window = table_factory("manual", size=(1280, 720))
    play_full_rounds(window.session, 1)
    window.toggle_history()
    table = window.history.table
    qtbot.waitUntil(lambda: table.rowCount() == 2 and table.isVisible(), timeout=3000)
    qtbot.wait(200)
    assert "more" not in table.item(1, 0).text() and table.item(1, 0).text().count(":") == 49
    assert table.drawn_bottom() == table.viewport().height()


def test_alerts_opened_over_the_history_fit_its_round_again(qtbot, table_factory):
    """The list gets shorter while in sight (an alert opens above it): the round is cut short to the new height,
    and made whole again once the alert is gone."""
    window = table_factory("manual", size=(1280, 720))
    s = window.session
    play_full_rounds(s, 1)
    window.toggle_history()
    table = window.history.table
    qtbot.waitUntil(lambda: table.rowCount() == 2 and table.isVisible(), timeout=3000)
    qtbot.wait(200)
    assert "more" not in table.item(1, 0).text()
    for i in range(2):  # one alone takes its room from the roads (qaAV F9)
        s.alert(f"t{i}", "error", f"ALERT {i}", "the reader jammed", "clear the jam, then type the card (K)")
    qtbot.waitUntil(lambda: "… and" in table.item(1, 0).text(), timeout=3000)
    assert table.rowHeight(0) + table.rowHeight(1) <= table.viewport().height() == table.drawn_bottom()
    s.dismiss("t0")
    s.dismiss("t1")
    qtbot.waitUntil(lambda: "more" not in table.item(1, 0).text(), timeout=3000)
