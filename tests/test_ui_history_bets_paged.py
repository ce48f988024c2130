"""The baccarat history's round cut short ("… and N more") pages through its bets on PgDown, by keyboard.

A round taller than the list (seven seats with every bet, under an alert) showed its first bets and "… and N
more", the rest only in the cell's tooltip: a croupier has no mouse, and the table scrolls a round at a time, so
the rest was never in sight.  PgDown now shows the round's next bets ("… N before, ..."), a line of whole bets at
a time, the title counting those left ("N MORE BETS: PgDown"); past its last bets PgDown scrolls the rounds as
ever, and PgUp goes back the same way."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from test_ui_history_tall_round import history_shown


def listed(text: str) -> list[str]:
    """The bets a bets line lists, less its "… N before" and "… and N more"."""
    text = re.sub(r"^… \d+ before, ", "", text)
    text = re.sub(r", … and \d+ more$", "", text)
    return text.split(", ")


# At 1280x720 one alert takes its room from the roads and the round fits (qaAV F9): two make it taller than the list.
@pytest.mark.parametrize("size, alerts", [((960, 540), 1), ((1280, 720), 2), ((1280, 720), 3)])
def test_pgdown_pages_through_a_cut_rounds_bets_then_scrolls_on(qtbot, table_factory, size, alerts):
    window = history_shown(qtbot, table_factory, size, alerts)
    s, table, title = window.session, window.history.table, window.history.title
    wagers = [f"{w.seat}:{w.bet.label} {w.stake:.2f}" for w in s.state.history[-1].wagers]
    assert len(wagers) == 49
    first = table.item(1, 0).text()
    assert first.endswith(" more"), first
    seen = listed(first)
    assert title.text().endswith(f"{len(wagers) - len(seen)} MORE BETS: PgDown"), title.text()
    pages = [first]
    bar = table.verticalScrollBar()
    while len(seen) < len(wagers):
        QTest.keyClick(window, Qt.Key.Key_PageDown)
        text = table.item(1, 0).text()
        assert bar.value() == 0 and text != pages[-1], (size, text)  # the round's next bets, not the next round
        assert text.startswith(f"… {len(seen)} before, "), text
        seen += listed(text)
        pages.append(text)
        left = len(wagers) - len(seen)
        if left:
            assert title.text().endswith(f"{left} MORE BETS: PgDown"), title.text()
        # each page is whole in sight: its bets line as tall as its text, the round's foot in the list
        assert table.rowViewportPosition(1) + table.rowHeight(1) <= table.drawn_bottom()
        assert title.fontMetrics().horizontalAdvance(title.text()) <= title.width()
    assert seen == wagers  # every bet, once, in order
    assert len(pages) >= 2
    QTest.keyClick(window, Qt.Key.Key_PageUp)
    assert table.item(1, 0).text() == pages[-2]  # PgUp: the page before
    QTest.keyClick(window, Qt.Key.Key_PageDown)
    assert table.item(1, 0).text() == pages[-1]
    QTest.keyClick(window, Qt.Key.Key_PageDown)  # past the last bets: the rounds scroll
    assert bar.value() > 0
