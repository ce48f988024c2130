"""A table whose cards are all typed: the card field keeps the cursor while a card is due (qaQ F4).

QA: at ``--source manual`` the cursor went back to the table after each card, so each card needed K first,
and a card typed without it did the table's things silently: T H toggled turbo and showed the history,
5 S chose a chip.  Real key events, sent where the cursor is, on both games' windows."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused, typed_card as card


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


def from_the_keyboard(qtbot, window, qt_key):
    """``qt_key`` as a keyboard sends it: to the window, whose focus (asked after the field's ShortcutOverride,
    not before) takes the press that no shortcut took; ``press_focused`` hands it to the field whatever."""
    qtbot.wait(50)  # a snapshot still to be delivered would put the cursor back by itself
    QTest.keyClick(window.windowHandle(), qt_key)


def test_a_key_neither_a_card_nor_the_tables_is_refused_in_the_field(qtbot, dealt):
    """qaAV F3: Z, a typo no card code starts with, did nothing at the table, left the cursor there, and showed
    in the field as typed; the rest of the card went to the table: "Z9H" Enter chose chip 9 and sent "H"."""
    window, session = dealt
    chip = session.snapshot.chip
    for key in "Z9H":
        press_focused(qtbot, window, None, key)
        assert window.entry.field.hasFocus(), key
    assert window.entry.field.text() == "9H"
    assert session.snapshot.message.startswith("Z refused: no card code starts with it"), session.snapshot.message
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None, window.entry.last_error
    assert codes(session.state.round.cards) == ["9H"] and session.snapshot.chip == chip


def test_from_the_keyboard_a_typo_leaves_no_chip_changed(qtbot, dealt):
    """The same keys as a keyboard sends them (qaAV F3): Z then 5 chose the 500 chip."""
    window, session = dealt
    chip = session.snapshot.chip
    from_the_keyboard(qtbot, window, Qt.Key.Key_Y)
    assert window.entry.field.hasFocus() and window.entry.field.text() == ""
    assert "Y refused" in session.snapshot.message
    from_the_keyboard(qtbot, window, Qt.Key.Key_H)  # a key of the table's still acts there: the history
    assert window.right.currentWidget() is window.history and window.entry.field.hasFocus()
    for qt_key in (Qt.Key.Key_5, Qt.Key.Key_S):
        from_the_keyboard(qtbot, window, qt_key)
    assert session.snapshot.chip == chip and window.entry.field.text().upper() == "5S"


def test_at_a_reader_table_a_typo_after_a_refused_card_keeps_it_to_be_typed_over(qtbot, table_factory):
    window = table_factory("sim", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None and session.deal() is None
    press_focused(qtbot, window, Qt.Key.Key_K)
    card(qtbot, window, "1X")
    assert window.entry.last_error and window.entry.field.text() == "1X"
    from_the_keyboard(qtbot, window, Qt.Key.Key_Z)
    field = window.entry.field
    assert field.hasFocus() and field.selectedText() == "1X" and "Z refused" in session.snapshot.message
    card(qtbot, window, "9H")
    assert window.entry.last_error is None, window.entry.last_error
    assert codes(session.state.round.cards) == ["9H"]


def test_esc_leaves_the_empty_field_but_a_card_typed_then_goes_back_into_it(qtbot, dealt):
    """Esc in the empty field leaves it: the table's keys act there, the field does not take the cursor back.
    A card code typed while the card is due is the card's, though: 3 chose chip 3 there, and the rest of the
    card went to the table (qaAW F2)."""
    window, session = dealt
    card(qtbot, window, "9H")
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_H)  # the history, at the table; the cursor stays there
    assert window.right.currentWidget() is window.history and not window.entry.field.hasFocus()
    chip = session.snapshot.chip
    press_focused(qtbot, window, Qt.Key.Key_3)
    assert session.snapshot.chip == chip and window.entry.field.hasFocus() and window.entry.field.text() == "3"
    card(qtbot, window, "S")
    assert codes(session.state.round.cards) == ["9H", "3S"] and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    press_focused(qtbot, window, Qt.Key.Key_K)  # K, the card key, at the table still
    card(qtbot, window, "2S")
    assert codes(session.state.round.cards) == ["9H", "3S", "2S"]


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


def test_blackjack_a_typo_is_refused_in_the_field(qtbot, blackjack):
    """At blackjack too (qaAV F3): E is no card and no key of the table's; the 9 after it is the card's."""
    session, window = blackjack
    from_the_keyboard(qtbot, window, Qt.Key.Key_E)
    assert window.entry.field.hasFocus() and "E refused" in session.snapshot.message
    card(qtbot, window, "9S")
    assert window.entry.last_error is None, window.entry.last_error
    assert hand(session) == ["9S"]


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
