"""A new shoe after a paid round's misdeal keeps UNDO THE PAYMENT (rev16 F13: Banker 100 paid 95.00,
Shift+V, then Ctrl+N: the list no longer said to take back the 95.00, which the player kept).  The bets
stay on the felt across the shoe, and so does the payment to undo before they are dealt, on screen and
across a restart from the new shoe's journal entry."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules


def paid_then_misdealt(session):
    if session.state.phase == TablePhase.BURN:
        assert session.skip_burn() is None
    assert session.place(1, Bet.BANKER, D("100")) is None and session.deal() is None
    for code in ("3C", "9H", "4C", "KS"):  # BANKER WINS 9 TO 7: 95.00 paid
        assert session.enter_card(code) is None
    paid = session.state.settlement
    assert paid.paid == D("95.00")
    assert session.void_round() is None and session.state.phase == TablePhase.BETTING
    assert session.state.paid_before == paid
    return paid


@pytest.mark.parametrize("burn", [False, True])
def test_the_payment_to_undo_stays_on_screen_after_a_new_shoe(qtbot, table_factory, burn):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=burn)))
    session = window.session
    paid = paid_then_misdealt(session)
    assert session.new_shoe() is None
    assert session.state.shoe_no == 2 and session.state.paid_before == paid
    view = window.settlement

    def undo_shown():
        assert window._last.state.shoe_no == 2
        assert "UNDO THE PAYMENT" in view._title, view._title
        assert [line[3] for line in view.rows()] == ["TAKE BACK 95.00"], view.rows()
    qtbot.waitUntil(undo_shown, timeout=3000)
    assert window.right.currentWidget() is view
    if burn:
        assert window._last.state.phase == TablePhase.BURN
        assert session.skip_burn() is None
    assert session.deal() is None  # dealt anew: the payment was undone
    assert session.state.paid_before is None


def test_a_restart_from_the_new_shoe_keeps_the_payment_to_undo(tmp_path):
    path = tmp_path / "j.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    session = TableSession(rules, Journal.open(path), odds=False)
    paid = paid_then_misdealt(session)
    assert session.new_shoe() is None
    session.close()
    again = TableSession(rules, Journal.open(path), odds=False)
    try:
        assert again.state.shoe_no == 2 and again.state.phase == TablePhase.BETTING
        assert again.state.paid_before == paid
        assert [(w.seat, w.bet, w.stake) for w in again.state.betting.layout.wagers()] == [(1, Bet.BANKER, D("100"))]
    finally:
        again.close()


def test_a_new_shoe_after_a_settled_round_has_nothing_to_undo():
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), None, odds=False)
    try:
        paid_then_misdealt(session)
        assert session.deal() is None  # dealt anew: the payment undone
        for code in ("3C", "9H", "4C", "KS"):
            assert session.enter_card(code) is None
        assert session.next_round() is None and session.new_shoe() is None
        assert session.state.paid_before is None
    finally:
        session.close()
