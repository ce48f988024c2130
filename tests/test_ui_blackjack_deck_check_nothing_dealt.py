"""The deck check opened with nothing dealt from the deck does not sound an alarm (qaAW F8).

QA: C at a fresh deck (0 dealt) showed, in red, "MISSING 52: A♠ 2♠ … (look on the table and ask the players
before the new deck goes in)": nothing was missing, the stub in the shoe held every card."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused


def test_c_at_a_fresh_deck_says_nothing_was_dealt_and_what_t_does(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None), size=(1366, 768))
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_C)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    qtbot.waitUntil(lambda: "dealt" in window.deck.lines.text(), timeout=2000)
    lines = window.deck.lines.text()
    assert "MISSING" not in lines and "ask the players" not in lines
    assert "nothing dealt from this deck: its 52 cards are in the shoe; T counts them back" in lines
    press_focused(qtbot, window, Qt.Key.Key_T)  # the stub counted back: the deck is complete
    qtbot.waitUntil(lambda: "deck complete" in window.deck.lines.text(), timeout=2000)
    window.bridge.detach()
    session.close()


def test_once_a_card_is_dealt_the_cards_not_back_are_missing_as_before(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None), size=(1366, 768))
    from decimal import Decimal as D
    assert session.place(1, D("10")) is None and session.deal() is None
    for code in ("9S", "7D", "KH"):
        assert session.enter_card(code) is None
    assert session.stand() is None
    for code in ("TD",):
        assert session.enter_card(code) is None
    assert session.state.phase == BlackjackPhase.SETTLED, session.snapshot.message
    assert session.start_deck_check() is None
    qtbot.waitUntil(lambda: "MISSING" in window.deck.lines.text(), timeout=2000)
    window.bridge.detach()
    session.close()
