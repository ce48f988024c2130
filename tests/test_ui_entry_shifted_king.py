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
