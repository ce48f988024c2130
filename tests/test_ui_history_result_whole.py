"""The history's Result column shows each result whole (qaZ: "BANKER WINS 7..." cut at 1366x768): the whole
words where they fit, else the short form down the whole list (BANKER 9-7), the whole words on hover."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from dealer_assist.ui.history import COLUMNS

RESULT = COLUMNS.index("Result")

ROUNDS = [("3C", "9H", "4C", "KS"), ("2S", "3H", "KD", "KC", "4S", "5H"), ("7C", "6H", "KC", "KD")]


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720), (960, 540)])
def test_every_result_is_drawn_whole(qtbot, table_factory, size):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
    session = window.session
    for n, cards in enumerate(ROUNDS):
        assert session.place(1, Bet.BANKER, D("100")) is None and session.deal() is None
        for code in cards:
            assert session.enter_card(code) is None
        if n < len(ROUNDS) - 1:
            assert session.next_round() is None
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.history.isVisible() and len(window.history.rows()) == len(ROUNDS), timeout=3000)
    table = window.history.table
    metrics = QFontMetricsF(table.font())
    records = list(reversed(session.state.history))
    forms = set()
    for row, record in enumerate(records):
        item = table.item(2 * row, RESULT)
        o = record.outcome
        high, low = sorted((o.player_total, o.banker_total), reverse=True)
        assert item.text() in (o.banner, f"{o.winner.upper()} {high}-{low}"), item.text()
        assert metrics.horizontalAdvance(item.text()) <= table.columnWidth(RESULT) - 6, (item.text(), size)
        assert item.toolTip() == o.banner
        forms.add(item.text() == o.banner)
    assert len(forms) == 1  # one form down the list
