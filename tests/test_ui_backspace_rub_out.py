"""One Backspace too many, rubbing out a typo in the card field, voids nothing (rev16 F11).

At a blackjack table of typed cards Backspace in the empty card field is the table's void; a croupier
clearing a typo ("6", Backspace) who pressed Backspace once more voided the last card at once.  The
Backspace after the one that emptied the field now does nothing but say how to void; a Backspace of its
own, on the field already empty, voids.  Baccarat's Backspace in the field never acts at the table, and
does not after a rub-out either.  Real key events, sent where the cursor is."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from focused_keys import press_focused

BACKSPACE = Qt.Key.Key_Backspace


def card(qtbot, window, code):
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)


@pytest.fixture
def blackjack(qtbot, show_window):
    """A blackjack table of typed cards, one seat of 10.00, dealt: 9S to seat 1 typed."""
    session = BlackjackSession(BlackjackTableRules(seats=1))
    window = show_window(BlackjackWindow(session, None))
    window.centralWidget().setFocus()
    assert session.place(1, D("10")) is None
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.PLAYING, window.last_error
    card(qtbot, window, "9S")
    assert window.entry.field.hasFocus()
    yield session, window
    window.bridge.detach()
    session.close()


def seat_cards(session):
    return [c.code for c in session.state.round.seat_hands(1)[0].cards]


@pytest.mark.parametrize("typo", ["6", "10", "QQ"])  # QX: its X is refused, not typed (no suit, qaAW F6)
def test_blackjack_one_backspace_too_many_after_a_typo_voids_nothing(qtbot, blackjack, typo):
    session, window = blackjack
    press_focused(qtbot, window, None, typo)
    for _ in typo:
        press_focused(qtbot, window, BACKSPACE)  # the typo rubbed out, a letter a press
    assert window.entry.field.text() == "" and seat_cards(session) == ["9S"]
    press_focused(qtbot, window, BACKSPACE)  # one too many
    assert seat_cards(session) == ["9S"], "the Backspace after the rub-out voided the card"
    assert window.entry.field.hasFocus()
    assert "Backspace again" in session.snapshot.message, session.snapshot.message
    press_focused(qtbot, window, BACKSPACE)  # a press of its own on the empty field: the void
    assert seat_cards(session) == []


def test_blackjack_a_key_typed_between_makes_the_next_rub_out_count_afresh(qtbot, blackjack):
    session, window = blackjack
    press_focused(qtbot, window, None, "6")
    press_focused(qtbot, window, BACKSPACE)
    press_focused(qtbot, window, None, "7")  # typed again: the 6's rub-out is over
    press_focused(qtbot, window, BACKSPACE)  # the 7 rubbed out
    press_focused(qtbot, window, BACKSPACE)  # one too many again: nothing
    assert seat_cards(session) == ["9S"]
    card(qtbot, window, "7D")  # the card meant
    assert seat_cards(session) == ["9S"] and session.state.round.dealer.cards[0].code == "7D"


def test_blackjack_backspace_on_the_empty_field_still_voids_at_once(qtbot, blackjack):
    session, window = blackjack
    press_focused(qtbot, window, BACKSPACE)  # nothing rubbed out before it: the void, as at the table
    assert seat_cards(session) == []


def test_baccarat_backspace_after_a_rub_out_leaves_the_round_as_it_is(qtbot, table_factory):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)))
    session = window.session
    window.centralWidget().setFocus()
    assert session.place(1, Bet.BANKER) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    assert session.state.phase == TablePhase.DEALING and window.entry.field.hasFocus()
    card(qtbot, window, "9S")
    press_focused(qtbot, window, None, "6")
    press_focused(qtbot, window, BACKSPACE)
    press_focused(qtbot, window, BACKSPACE)
    press_focused(qtbot, window, BACKSPACE)
    assert [c.code for c in session.state.round.cards] == ["9S"] and window.entry.field.hasFocus()
    assert "Backspace again" not in (session.snapshot.message or "")  # no void is Backspace's at baccarat
