"""A result badge never clips its amount, at the least window a seven-seat high-limit table is shown in (qaAF F6).

At 960x540, seat 1 split and doubled both hands at 5,000: each hand's badge read "VIN +10,000.0(", the W and the
last digit cut off, while the pay list beside it said PAY 10,000.00."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.ui.blackjack.hand_layout import badge_inside
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_blackjack_split_layout import inside

RULES = BlackjackTableRules(house=HouseRules(decks=6, double_after_split=True), seats=7, max_bet=D("5000"),
                            chips=tuple(D(c) for c in ("5", "25", "100", "500", "1000", "5000")))


def test_a_split_and_doubled_high_stake_badge_fits_at_960x540(qtbot, show_window):
    session = BlackjackSession(RULES, None)
    for seat in range(1, 8):
        assert session.place(seat, D("5000")) is None
    assert session.deal() is None
    for code in ("8S", "9S", "TS", "TC", "TD", "TH", "KS", "6D", "8H", "9H", "KC", "QS", "QH", "QD", "QC"):
        assert session.enter_card(code) is None, code
    assert session.split() is None
    for step in ("3D", "double", "8C", "3C", "double", "8D"):
        assert (session.double() if step == "double" else session.enter_card(step)) is None, step
    for _ in range(6):
        assert session.stand() is None
    for code in ("JS", "2S"):  # the dealer's 6 10 2: 18
        assert session.enter_card(code) is None
    assert session.state.phase == BlackjackPhase.SETTLED
    window = show_window(BlackjackWindow(session, None), size=(960, 540))
    qtbot.waitUntil(lambda: bool(window.table.placed.get(1)))
    qtbot.wait(50)
    badges = [(seat, hand) for seat, hands in window.table.placed.items() for hand in hands if hand.badge is not None]
    assert len(badges) == 8  # seat 1's two hands, the six others
    for seat, hand in badges:
        assert inside(badge_inside(hand.place.badge), hand.badge.ink), f"seat {seat}: {hand.badge.text!r} clipped"
    assert [hand.badge.text for seat, hand in badges if seat == 1] == ["+10,000.00"] * 2  # the sign says WIN
