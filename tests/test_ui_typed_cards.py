"""A table whose cards are all typed: the card field keeps the cursor while a card is due (qaQ F4).

QA: at ``--source manual`` the cursor went back to the table after each card, so each card needed K first,
and a card typed without it did the table's things silently: T H toggled turbo and showed the history,
5 S chose a chip.  Real key events, sent where the cursor is, on both games' windows."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused


def card(qtbot, window, code):
    """The code and Enter, typed wherever the cursor is: no K first."""
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)


def codes(cards):
    return [c.code for c in cards]


@pytest.fixture
def dealt(qtbot, table_factory):
    """A baccarat table of typed cards (no burn), a Banker bet on seat 1, D pressed."""
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING
    return window, session


def test_after_d_the_cards_are_typed_without_k_and_do_nothing_else(qtbot, dealt):
    window, session = dealt
    turbo, chip, shown = window.options.turbo, session.snapshot.chip, window.right.currentWidget()
    assert window.entry.field.hasFocus()
    for code in ("TH", "5S", "4C"):  # QA: T turbo, H history; 5 a chip, S; 4, C cleared
        card(qtbot, window, code)
        assert window.entry.last_error is None, window.entry.last_error
        assert window.entry.field.hasFocus() and window.entry.field.text() == ""
    card(qtbot, window, "2D")  # Player 4, Banker 7: the Player draws
    card(qtbot, window, "2H")  # Banker stands on 7
    assert codes(session.state.round.cards) == ["TH", "5S", "4C", "2D", "2H"]
    assert session.state.phase == TablePhase.SETTLED
    assert (window.options.turbo, session.snapshot.chip, window.right.currentWidget()) == (turbo, chip, shown)
    assert not window.entry.field.hasFocus()  # no card due: the table's keys again
    press_focused(qtbot, window, Qt.Key.Key_N)
    assert session.state.round_no == 2 and session.state.phase == TablePhase.BETTING
    assert not window.entry.field.hasFocus()


@pytest.mark.parametrize("keys,code", [("K9H", "9H"), ("KKH", "KH"), ("KH", "KH"), ("K9", "9"), ("KK", "K"),
                                       ("K", "K"), ("KTD", "TD")])
def test_k_first_as_the_habit_is_the_card_key(qtbot, dealt, keys, code):
    """K then a code, the habit when the cursor went back to the table, still sends the code; K then a suit
    is the king of it, and K alone a king (a rank alone is a card at baccarat)."""
    window, session = dealt
    card(qtbot, window, keys)
    assert window.entry.last_error is None, window.entry.last_error
    assert [c.code if c.suit else c.rank for c in session.state.round.cards] == [code]
    assert window.entry.field.hasFocus()


def test_a_key_no_card_starts_with_acts_at_the_table_and_the_cursor_comes_back(qtbot, dealt):
    window, session = dealt
    card(qtbot, window, "9H")
    press_focused(qtbot, window, Qt.Key.Key_H)  # the history: no card code starts with H
    assert window.right.currentWidget() is window.history and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_V)  # void the last card
    assert codes(session.state.round.cards) == [] and window.entry.field.hasFocus()
    card(qtbot, window, "8H")
    assert codes(session.state.round.cards) == ["8H"]


def test_esc_leaves_the_field_until_the_next_card_is_due(qtbot, dealt):
    window, session = dealt
    card(qtbot, window, "9H")
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert not window.entry.field.hasFocus()
    chip = session.snapshot.chip
    press_focused(qtbot, window, Qt.Key.Key_3)  # at the table: chip 3, as the croupier chose to
    assert session.snapshot.chip != chip and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_K)
    card(qtbot, window, "2S")
    assert codes(session.state.round.cards) == ["9H", "2S"] and window.entry.field.hasFocus()


def test_the_burn_at_a_new_shoe_is_typed_in_the_field(qtbot, table_factory):
    """A new shoe's burn is a card due too; B (burned face down) and Shift+B (no burn) stay the table's."""
    window = table_factory("manual")
    session = window.session
    qtbot.waitUntil(window.entry.field.hasFocus, timeout=2000)
    card(qtbot, window, "2C")  # the burn's first card: two more face down
    assert session.state.phase == TablePhase.BURN and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_B)
    assert session.state.phase == TablePhase.BETTING, window.betting.last_error
    assert not window.entry.field.hasFocus()


# -- blackjack ------------------------------------------------------------------------------------------
@pytest.fixture
def blackjack(qtbot, show_window):
    """A blackjack table of typed cards, one seat of 10.00 and Space pressed: the deal's cards are due."""
    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None))
    window.centralWidget().setFocus()
    assert session.place(1, D("10")) is None
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.PLAYING, window.last_error
    yield session, window
    window.bridge.detach()
    session.close()


def hand(session):
    return codes(session.state.round.seat_hands(1)[0].cards)


def test_blackjack_deal_and_hit_cards_are_typed_without_k(qtbot, blackjack):
    session, window = blackjack
    assert window.entry.field.hasFocus()
    for code in ("9S", "7D", "2H"):  # the seat 11 against a 7: a decision, no card due
        card(qtbot, window, code)
        assert window.entry.last_error is None, window.entry.last_error
    assert hand(session) == ["9S", "2H"] and not session.card_due()
    assert not window.entry.field.hasFocus()  # H, S, D, P are the decisions
    press_focused(qtbot, window, Qt.Key.Key_H)
    assert window.entry.field.hasFocus()
    card(qtbot, window, "5D")  # no K: the 5 of diamonds, not a double
    assert hand(session) == ["9S", "2H", "5D"] and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_S)
    assert session.card_due() and window.entry.field.hasFocus()  # the dealer's hole card
    card(qtbot, window, "KH")  # the king of hearts (the dealer 17, stands): H after a rank is its suit
    assert session.state.phase == BlackjackPhase.SETTLED and not window.entry.field.hasFocus()


def test_blackjack_k_before_each_card_still_sends_the_card(qtbot, blackjack):
    session, window = blackjack
    for code in ("9S", "7D", "2H"):
        press_focused(qtbot, window, Qt.Key.Key_K)
        card(qtbot, window, code)
        assert window.entry.last_error is None, window.entry.last_error
    assert hand(session) == ["9S", "2H"]


def test_blackjack_backspace_in_the_empty_field_voids_the_last_card_but_not_held_down(qtbot, blackjack):
    session, window = blackjack
    card(qtbot, window, "9S")
    press_focused(qtbot, window, None, "6")
    press_focused(qtbot, window, Qt.Key.Key_Backspace)  # the 6 rubbed out: the card stays
    assert window.entry.field.text() == "" and hand(session) == ["9S"]
    field = window.entry.field
    held_down = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier, "", True)
    QApplication.sendEvent(field, held_down)  # a key held down, repeating, voids nothing
    assert hand(session) == ["9S"]
    press_focused(qtbot, window, Qt.Key.Key_Backspace)  # one too many after the rub-out: nothing (rev16 F11)
    assert hand(session) == ["9S"]
    press_focused(qtbot, window, Qt.Key.Key_Backspace)  # pressed again on the empty field: the table's void
    assert session.state.round.seat_hands(1)[0].cards == () and window.entry.field.hasFocus()
