"""The blackjack side column during the deck check, at 1280x720.

fixQ2 leftovers: during a deck check the pay list still said "ROUND 2: BETS" over an empty list; and long
SEEN TOO OFTEN / MISSING lines pushed the deck panel's "still due back" line out of the panel's sight."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def test_the_pay_list_says_the_deck_check_and_its_count(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=(1280, 720))
    assert session.start_deck_check() is None
    for code in ("8H", "9H", "7H"):
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: "CHECK" in window.settlement.title.text(), timeout=3000)
    title = window.settlement.title.text()
    assert "BETS" not in title
    assert "3 OF 52 COUNTED BACK" in title, title


def _seven_seats_dealt(session) -> list[str]:
    """A round at seven seats dealt, stood and settled: its 16 cards are due back at the deck check."""
    for seat in range(1, 8):
        assert session.place(seat, Decimal("10")) is None
    assert session.deal() is None
    dealt = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "TD", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "7D"]
    for code in dealt[:-1]:  # seats 1-7, the dealer, seats 1-7
        assert session.enter_card(code) is None, code
    for _ in range(7):
        assert session.act("stand") is None
    assert session.enter_card(dealt[-1]) is None  # the dealer's second card: 17, stands
    assert session.state.settlement is not None
    return dealt


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_long_deck_check_lines_leave_still_due_back_in_sight(qtbot, show_window, size):
    session = BlackjackSession(BlackjackTableRules(max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=size)
    dealt = _seven_seats_dealt(session)
    assert session.start_deck_check() is None
    stub = [c for c in DECK if c not in dealt]
    for code in stub[:30] + stub[:24]:  # 24 of the stub read back twice, its last 6 cards not at all
        session.enter_card(code)
    rec = session.state.reconciliation()
    assert len(rec.counted_too_often) == 24 and len(rec.missing) == 22 and rec.due_back
    qtbot.waitUntil(lambda: "still due back" in window.deck.lines.text(), timeout=3000)
    qtbot.wait(200)
    label = window.deck.lines
    assert label.heightForWidth(label.width()) <= label.height(), (label.heightForWidth(label.width()), label.height())
    foot = label.mapTo(window.centralWidget(), QPoint(0, label.height())).y()
    buttons = window.deck.buttons["new_deck"]
    assert foot <= buttons.mapTo(window.centralWidget(), QPoint(0, 0)).y()
    assert window.deck.mapTo(window.centralWidget(), QPoint(0, window.deck.height())).y() \
        <= window.centralWidget().height()


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (960, 540)])
def test_missing_cards_are_named_before_the_other_lists(qtbot, show_window, size):
    """The lists are shortened one at a time, SEEN TOO OFTEN first (its alert names every card), MISSING last: the
    cards to look for on the table are named nowhere else (rev35 R5: every list cut to "22 more" with room to
    spare)."""
    session = BlackjackSession(BlackjackTableRules(max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=size)
    dealt = _seven_seats_dealt(session)
    assert session.start_deck_check() is None
    stub = [c for c in DECK if c not in dealt]
    for code in stub[:30] + stub[:24]:
        session.enter_card(code)
    rec = session.state.reconciliation()
    qtbot.waitUntil(lambda: "still due back" in window.deck.lines.text(), timeout=3000)
    qtbot.wait(200)
    text = window.deck.lines.text()
    missing = text[text.index("MISSING"):]
    missing = missing[:missing.index("(")]
    named = [c.label for c in rec.missing if c.label in missing]
    assert len(named) >= 4, missing
    assert "22: 22 more" not in text
    label = window.deck.lines
    foot = label.mapTo(window.centralWidget(), QPoint(0, label.height())).y()
    assert foot <= window.deck.buttons["new_deck"].mapTo(window.centralWidget(), QPoint(0, 0)).y()
