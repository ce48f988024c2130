"""The baccarat pay list always has room for a whole row, however many alerts open above it (rev29's note on
``SettlementView._fit_rows``: a list shorter than one least row would draw its one row cut).

Checked at the least window and at text scale 1.25 under four alerts and a held card, the most squeezed the list
gets (36 px at 960x540, rows of 18): the table's least height (4.5 units, header included) keeps the case away.
This guards that least height."""

from __future__ import annotations

import pytest

from dealer_assist.baccarat.paytable import Bet
from test_ui_paylist_rows_whole import cut_rows
from test_ui_settlement_fit import settle


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("text_scale", [1.0, 1.25], indirect=True)
def test_the_pay_list_holds_a_whole_row_under_alerts(qtbot, table_factory, text_scale, size):
    window = table_factory("manual", size=size)
    settle(qtbot, window, [(seat, bet) for seat in range(1, 8) for bet in Bet])
    for i in range(4):
        window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}",
                             "the card reader reported a jam and the shoe stopped dealing",
                             "clear the jam, then type the card (K)")
    window.session.enter_card("7H")  # a card after the round: held, its bar under the table
    qtbot.waitUntil(lambda: window.alerts.isVisible(), timeout=3000)
    qtbot.wait(300)
    view, table = window.settlement, window.settlement.table
    assert table.viewport().height() >= table.rowHeight(0) >= view._least_row
    head, foot = table.drawn()
    shown = [r for r in range(table.rowCount())
             if head <= table.rowViewportPosition(r) and table.rowViewportPosition(r) + table.rowHeight(r) <= foot]
    assert shown and not cut_rows(table), f"{size} at {text_scale}: rows shown {shown}, cut {cut_rows(table)}"
