"""A blackjack new deck after a paid round voided back to its bets keeps the payment to undo across a display
restart on the journal, as a baccarat new shoe does (rev16 F13): the new deck's entry had only the bets, the
restart started from it, and UNDO THE PAYMENT was gone while the player still held what the void took back."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.ui.app import Table
from dealer_assist.ui.blackjack.window import BlackjackWindow

RULES = BlackjackTableRules(seats=2)


def paid_then_voided_to_the_bets(session):
    """Seat 1 wins 10.00 (20 against 17), seat 2's 10.00 is taken (12): paid, then voided back to the bets."""
    assert session.place(1, D("10")) is None and session.place(2, D("10")) is None and session.deal() is None
    for code in ("KS", "9H", "7D", "QC", "3S"):  # seat 1 K Q (20), seat 2 9 3 (12), dealer 7 ...
        assert session.enter_card(code) is None
    assert session.stand() is None and session.stand() is None
    assert session.enter_card("KD") is None and session.state.phase == BlackjackPhase.SETTLED  # dealer 17
    paid = session.state.settlement
    assert (paid.paid, paid.taken) == (D("10.00"), D("10.00"))
    while session.state.phase != BlackjackPhase.BETTING:
        assert session.void_last() is None
    assert session.state.paid_before == paid and session.state.bets == ((1, D("10.00")), (2, D("10.00")))
    return paid


def test_a_restart_after_the_new_deck_keeps_the_payment_to_undo(qtbot, tmp_path):
    path = tmp_path / "j.sqlite"
    session = BlackjackSession(RULES, Journal.open(path))
    paid = paid_then_voided_to_the_bets(session)
    assert session.start_deck_check() is None and session.return_stub() is None and session.new_deck() is None
    assert session.state.deck_no == 2 and session.state.paid_before == paid
    session.close()
    again = BlackjackSession(RULES, Journal.open(path))
    window = BlackjackWindow(again, None)
    qtbot.addWidget(window)
    table = Table(again, None, window)
    table.start()
    try:
        state = again.state
        assert (state.deck_no, state.phase, state.bets) == (2, BlackjackPhase.BETTING, ((1, D("10.00")), (2, D("10.00"))))
        assert state.paid_before == paid  # the same hands, results, amounts and reasons
        window.show()
        qtbot.waitUntil(lambda: "UNDO THE PAYMENT" in window.settlement._title, timeout=3000)
        assert window.settlement.lines == ["SEAT 1: 10.00 TAKE BACK 10.00", "SEAT 2: 10.00 PAY 10.00"], \
            window.settlement.lines
        assert again.deal() is None and again.state.paid_before is None  # dealt anew: the payment was undone
    finally:
        table.close()
