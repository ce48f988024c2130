"""Rebet after the seat minimum was raised names the stakes it put back below it (qaW F8).

The last round's 10.00 and 5.00 came back on the layout under a new 25.00 minimum without a word; only Space
then refused them.  The stakes still come back (a seat below the minimum is a layout being built: chips are
added to it), and the croupier is told which seats to bring up or clear before dealing.
"""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules


def test_rebet_under_a_raised_minimum_names_the_seats_below_it():
    session = BlackjackSession(BlackjackTableRules(seats=3))
    for seat, stake in ((1, "10"), (2, "25"), (3, "5")):
        assert session.place(seat, D(stake)) is None
    assert session.deal() is None
    for code in ("TH", "TD", "TC", "7H", "9S", "9D", "9C"):  # 19 19 19 against a 7
        assert session.enter_card(code) is None, code
    for _ in range(3):
        assert session.stand() is None
    assert session.enter_card("QH") is None  # the dealer's 17
    assert session.state.phase == BlackjackPhase.SETTLED
    assert session.next_round() is None
    assert session.set_limits("25", "500", why="seat minimum up for the evening") is None
    assert session.rebet() is None
    assert session.state.bets == ((1, D("10.00")), (2, D("25.00")), (3, D("5.00")))
    message = session.snapshot.message
    assert "seat 1 10.00" in message and "seat 3 5.00" in message and "seat 2" not in message
    assert "below the seat minimum 25.00" in message
    assert "cannot deal: seat 1 has 10.00, seat 3 has 5.00" in session.deal()


def test_rebet_within_the_limits_says_nothing_of_them():
    session = BlackjackSession(BlackjackTableRules(seats=1))
    assert session.place(1, D("25")) is None and session.deal() is None
    for code in ("TH", "7H", "9S"):
        assert session.enter_card(code) is None
    assert session.stand() is None and session.enter_card("QH") is None
    assert session.next_round() is None
    assert session.rebet() is None
    assert "minimum" not in session.snapshot.message
