"""A result badge shows its amount whole or not at all, and a total its words whole, under alerts too (qaAH F6).

At 960x540, seven seats each split 8s and doubled both hands at 5,000, lost to a dealer's 21; with three alerts
standing the seat boxes lose a third of their height, the badges moved beside the cards and read "10,0" (LOSE
10,000.00 cut at both ends), and "21  x2" lost its edge.  Every hand's badge and total is measured as drawn
(the font's metrics): inside its box, and the figure in it the whole amount or none of its digits."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.ui.blackjack.hand_layout import CARD_LEAST_PX, badge_inside
from dealer_assist.ui.blackjack.table_view import seat_unit
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_blackjack_split_layout import inside

RULES = BlackjackTableRules(house=HouseRules(decks=2, double_after_split=True), seats=7, min_bet=D("5"),
                            max_bet=D("5000"), chips=tuple(D(c) for c in ("5", "25", "100", "500", "1000", "5000")))
PAIRS = ("8", "9", "7", "6", "2", "3", "4")
FIRSTS = {"8": "3", "9": "2", "7": "4", "6": "5", "2": "9", "3": "8", "4": "7"}  # each hand makes 11, doubles
TENS = ("TC", "TD", "JC", "JD", "QC", "QD", "KD", "KH", "KS", "JH", "JS", "QH", "QS", "TH", "TS")


def crowded_table() -> BlackjackSession:
    """Seven seats at the most, each split and both hands doubled to 21, the dealer's K 6 5 = 21: fourteen
    badges of LOSE 10,000.00 (a tie at 21 goes to the bank at this table)."""
    session = BlackjackSession(RULES)
    for seat in range(1, 8):
        assert session.place(seat, D("5000")) is None
    assert session.deal() is None
    for code in [r + "H" for r in PAIRS] + ["KC"] + [r + "S" for r in PAIRS]:
        assert session.enter_card(code) is None, code
    tens = iter(TENS)
    for pair in PAIRS:
        for step in ("split", FIRSTS[pair] + "C", "double", next(tens), FIRSTS[pair] + "D", "double", next(tens)):
            assert (session.act(step) if step in ("split", "double") else session.enter_card(step)) is None, step
    assert session.enter_card("6D") is None and session.enter_card("5H") is None
    assert session.state.phase == BlackjackPhase.SETTLED
    return session


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("alerts", [0, 1, 3])
def test_badges_and_totals_are_whole_or_not_drawn(qtbot, show_window, size, alerts):
    session = crowded_table()
    for i in range(alerts):
        session.alert(f"qa{i}", "error" if i == 0 else "warning", f"ALERT NUMBER {i}",
                      "the card reader reported a jam and the shoe stopped dealing", "clear the jam, then type the card (K)")
    window = show_window(BlackjackWindow(session, None), size=size)
    qtbot.waitUntil(lambda: len(window.table.placed) == 7)
    qtbot.wait(200)  # the alerts laid out above the table
    window.table.repaint()
    for seat, hands in window.table.placed.items():
        unit = seat_unit(window.table.seat_rect(seat))
        assert len(hands) == 2
        for i, hand in enumerate(hands):
            where = f"{size[0]}x{size[1]}, {alerts} alerts, seat {seat} hand {i + 1}"
            badge = hand.badge.text
            assert inside(badge_inside(hand.place.badge), hand.badge.ink), f"{where}: badge {badge!r} clipped"
            assert "10,000.00" in badge or not any(ch.isdigit() for ch in badge), f"{where}: badge {badge!r}"
            assert badge.replace("\n", " ") in ("LOSE 10,000.00", "-10,000.00", "LOSE"), where
            assert inside(hand.place.label, hand.total.ink), f"{where}: total {hand.total.text!r} clipped"
            assert hand.total.text.split() == ["21", "x2"], where
            assert hand.place.cards.height() >= min(unit * 2, CARD_LEAST_PX), f"{where}: cards {hand.place.cards.height()} px"


def test_split_hands_cards_are_as_large_as_their_seat_allows_at_1280x720(qtbot, show_window):
    """qaAH F7: seven seats split and doubled at 1280x720 drew three-card hands 40 px tall (indices 5 px, the
    covered cards' suits lost) under 18 px totals and a badge on two lines, the seat's width half used.  The
    cards now take a bigger share: at least 52 px tall (their index 8 px), every text still whole."""
    window = show_window(BlackjackWindow(crowded_table(), None), size=(1280, 720))
    qtbot.waitUntil(lambda: len(window.table.placed) == 7)
    qtbot.wait(200)
    window.table.repaint()
    for seat, hands in window.table.placed.items():
        for hand in hands:
            assert hand.place.cards.height() >= 52, f"seat {seat}: cards {hand.place.cards.height():.0f} px tall"
            assert hand.badge.text.replace("\n", " ") in ("LOSE 10,000.00", "-10,000.00")
            assert inside(badge_inside(hand.place.badge), hand.badge.ink) and inside(hand.place.label, hand.total.ink)
