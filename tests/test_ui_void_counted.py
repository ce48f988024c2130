"""Blackjack deck check: Shift+Backspace takes back the cards counted, one a press, last first.

QA: a croupier who miscounted two cards could take back only the last one counted.  Counting a deck
back the cursor stays in the card field (typed codes, Enter), and there Shift+Backspace was the field's
Backspace: the shortcut never ran."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence


def _combo(text):
    combo = QKeySequence(text)[0]
    return combo.key(), combo.keyboardModifiers()


@pytest.fixture
def counted(qtbot, show_window):
    """A blackjack window at the deck check with AS 2H 3D counted back, typed as a croupier counts: C, then
    K, the code and Enter for each (the cursor stays in the card field)."""
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_C)
    qtbot.waitUntil(lambda: session.state.phase == BlackjackPhase.DECK_CHECK, timeout=2000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_K)
    field = window.entry.field
    assert field.hasFocus()
    for code in ("AS", "2H", "3D"):
        qtbot.keyClicks(field, code)
        qtbot.keyClick(field, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: code in [c.code for c in session.state.ledger.returned], timeout=2000)
    assert field.hasFocus()
    yield session, window
    window.bridge.detach()
    session.close()


def returned(session) -> list:
    return [c.code for c in session.state.ledger.returned]


def test_repeated_shift_backspace_in_the_card_field_takes_back_the_counted_cards_last_first(qtbot, counted):
    session, window = counted
    field = window.entry.field
    for left in (["AS", "2H"], ["AS"]):  # 3D and 2H were miscounted
        qtbot.keyClick(field, *_combo("Shift+Backspace"))
        qtbot.waitUntil(lambda: returned(session) == left, timeout=2000)
    assert field.hasFocus() and "2H taken back" in session.snapshot.message
    qtbot.keyClicks(field, "4C")  # the cursor is still where the count goes on
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: returned(session) == ["AS", "4C"], timeout=2000)


def test_shift_backspace_with_a_code_half_typed_takes_back_the_card_and_keeps_the_text(qtbot, counted):
    session, window = counted
    field = window.entry.field
    qtbot.keyClicks(field, "9")
    qtbot.keyClick(field, *_combo("Shift+Backspace"))
    qtbot.waitUntil(lambda: returned(session) == ["AS", "2H"], timeout=2000)
    assert field.text() == "9"


def test_the_help_says_repeated_presses_go_back_card_by_card(counted):
    _session, window = counted
    help_text = "\n".join(f"{k}: {w}" for _g, k, w in window.help_lines())
    assert "Shift+Backspace: deck check: take back the last card counted; again, the one before" in help_text
