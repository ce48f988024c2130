"""A king typed in capitals, Shift pressed for each letter, is the king (qaW F2).

Shift+K put the cursor in the card field; the Shift key's own press for the suit then counted as "another
key", so the suit was no longer the king's: Shift+C ran the window's Shift+C, Enter sent nothing, the king was
not dealt and the next card typed went to its seat (every later card one seat early).  With K then Shift+H
(or S, D) nothing was placed, and nothing said.  A modifier key alone changes nothing.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from test_ui_blackjack_keying import eleven, seat_cards  # noqa: E402, F401 (the fixture: seat 1 holds 9S 2D)

SHIFT = Qt.KeyboardModifier.ShiftModifier
SUIT_KEYS = {"C": Qt.Key.Key_C, "H": Qt.Key.Key_H, "S": Qt.Key.Key_S, "D": Qt.Key.Key_D}


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key where the cursor is, as a keyboard sends it: with Shift, the Shift key's own press and release
    around it (QTest sends them)."""
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)


@pytest.mark.parametrize("suit", ["C", "H", "S", "D"])
@pytest.mark.parametrize("shifted_k", [True, False])
def test_a_king_typed_with_shift_for_its_suit_is_dealt_to_the_seat(qtbot, eleven, suit, shifted_k):  # noqa: F811
    session, window = eleven
    press(qtbot, window, Qt.Key.Key_H)  # hit: a card due for seat 1
    press(qtbot, window, Qt.Key.Key_K, SHIFT if shifted_k else Qt.KeyboardModifier.NoModifier)
    press(qtbot, window, SUIT_KEYS[suit], SHIFT)
    assert window.entry.field.text().upper() == "K" + suit and window.entry.field.hasFocus()
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None, window.entry.last_error
    assert seat_cards(session, 1)[0][:3] == ["9S", "2D", "K" + suit]


def test_a_capital_king_over_a_refused_card_at_the_deck_check_does_not_close_it(qtbot, show_window):
    """qaW F2, worse at the deck check: a refused code left in the field, then K and C in capitals: the Shift
    press ended the K's "K again, or a king", so Shift+C was the window's (the same deck): the check closed,
    and every card counted back was thrown away."""
    from test_ui_blackjack_deck_check_keys import ROUND, typed

    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, session.state.rules.chips[1]) is None and session.deal() is None
    for code in ROUND[:3]:
        assert session.enter_card(code) is None
    assert session.stand() is None
    for code in ROUND[3:]:
        assert session.enter_card(code) is None
    window.centralWidget().setFocus()
    press(qtbot, window, Qt.Key.Key_C)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    typed(qtbot, window, "9S", counting=True)
    qtbot.keyClicks(QApplication.focusWidget(), "1X")  # a slip: refused, left in the field, selected
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.field.text() == "1X"
    qtbot.keyClick(QApplication.focusWidget(), "K", SHIFT)
    qtbot.keyClick(QApplication.focusWidget(), "C", SHIFT)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    assert window.entry.field.text() == "KC" and [c.code for c in session.state.ledger.returned] == ["9S"]
    window.bridge.detach()
    session.close()
