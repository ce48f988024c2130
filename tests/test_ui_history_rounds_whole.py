"""The history draws whole rounds only: a round whose line or bets line the list cuts is left blank (qaAH F2's
addendum: after 70 rounds at 960x540 the last entry in sight had its bets line cut through the middle)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet


def cut_rounds(table) -> list[int]:
    foot = table.drawn_bottom() if hasattr(table, "drawn_bottom") else table.viewport().height()
    cut = []
    for r in range(0, table.rowCount(), 2):
        top = table.rowViewportPosition(r)
        bottom = table.rowViewportPosition(r + 1) + table.rowHeight(r + 1)
        if top < foot and bottom > 0 and (top < 0 or bottom > foot):
            cut.append(r // 2)
    return cut


@pytest.mark.parametrize("size", [(960, 540), (1366, 768)])
def test_the_history_shows_whole_rounds(qtbot, table_factory, size):
    window = table_factory("manual", size=size)
    s = window.session
    rng = random.Random(4)
    pool = [r + su for r in "A23456789TJQK" for su in "SHDC"] * 2
    rng.shuffle(pool)
    s.skip_burn()
    for _ in range(12):
        s.select_chip(Decimal("25"))
        for seat in range(1, 8):
            s.place(seat, rng.choice([Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.PLAYER_PAIR]))
        assert s.deal() is None
        while s.state.settlement is None:
            assert s.enter_card(pool.pop()) is None
        assert s.next_round() is None
    window.toggle_history()
    table = window.history.table
    qtbot.waitUntil(lambda: table.rowCount() == 24 and table.isVisible(), timeout=3000)
    qtbot.wait(200)
    assert table.verticalScrollBar().maximum() > 0  # more rounds than it shows
    assert not cut_rounds(table), f"{size}: rounds {cut_rounds(table)} drawn cut"
