"""The blackjack deck check counted by hand, keys only, in the order a croupier uses (QA, qaM).

One round typed in (K, the code, Enter), the deck check opened (C) and the dealt cards counted
back in the card field, which keeps the cursor for the next card.  Then the stub (T) and the new
deck (Ctrl+N), and the next round's bets placed by keys: each step as the banner and F1 say it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from focused_keys import press_focused  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402

#: Seat 1: 9S 7C (16), stands; the dealer: 5H TD 2C (17), stands.
ROUND = ("9S", "5H", "7C", "TD", "2C")


@pytest.fixture
def settled(qtbot, show_window):
    """A typed-card table of three seats with one round played by keys: chip 2, + at seat 1, Space,
    K and each card, S after the third.  Settled."""
    session = BlackjackSession(BlackjackTableRules(seats=3))
    window = show_window(BlackjackWindow(session, None))
    window.centralWidget().setFocus()
    press_focused(qtbot, window, Qt.Key.Key_2)
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.PLAYING, window.last_error
    for i, code in enumerate(ROUND):
        typed(qtbot, window, code)
        if i == 2:
            press_focused(qtbot, window, Qt.Key.Key_S)
    assert session.state.phase == BlackjackPhase.SETTLED
    yield session, window
    window.bridge.detach()
    session.close()


def typed(qtbot, window, code, *, counting=False):
    """K, the code, Enter (counting a deck back, the cursor is already in the field: K is typed too)."""
    press_focused(qtbot, window, Qt.Key.Key_K)
    assert window.entry.field.hasFocus()
    press_focused(qtbot, window, None, code)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert window.entry.last_error is None, window.entry.last_error
    assert window.entry.field.hasFocus() == (counting or window.session.card_due())  # kept while cards are due


def ctrl_n(qtbot, window):
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)


def synced(qtbot, window, session):
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == session.snapshot.version,
                    timeout=2000)


def counted_back(qtbot, window, session, cards):
    press_focused(qtbot, window, Qt.Key.Key_C)
    assert session.state.phase == BlackjackPhase.DECK_CHECK
    for code in cards:
        typed(qtbot, window, code, counting=True)


def test_esc_leaves_the_empty_card_field_so_t_counts_the_stub(qtbot, settled):
    """F1: T pressed after the count, as the banner says, typed a "t" into the field; Esc cleared the field
    and stayed, and only Tab, named nowhere, left it."""
    session, window = settled
    counted_back(qtbot, window, session, ROUND)
    press_focused(qtbot, window, None, "9")  # a card begun wrongly: Esc clears it, the cursor stays
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    assert window.entry.field.text() == "" and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_F1)
    assert window.help.isVisible()
    press_focused(qtbot, window, Qt.Key.Key_Escape)  # the help first, the cursor still in the field
    assert not window.help.isVisible() and window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_Escape)  # the field empty: Esc leaves it
    assert not window.entry.field.hasFocus()
    synced(qtbot, window, session)  # the banner names the way out of the field, as F1 does
    assert "the cursor stays in the card field, Esc leaves it); T counts the stub" in window.banner.reason.text()
    press_focused(qtbot, window, Qt.Key.Key_T)
    assert window.entry.field.text() == "" and window.last_error is None
    assert not session.state.stub_left and session.state.reconciliation().ok
    keys = dict((k, text) for _, k, text in window.help_lines())
    assert "Esc first" in keys["T"] and "empty field: leave it" in keys["Escape"]


def test_the_cursor_is_back_at_the_table_after_ctrl_n(qtbot, settled):
    """F2: after a deck counted back by typing, Ctrl+N left the cursor in the card field: 2, Right, + and
    Space were typed into it as "2+ ", no bet was placed and nothing dealt."""
    session, window = settled
    press_focused(qtbot, window, Qt.Key.Key_C)
    press_focused(qtbot, window, Qt.Key.Key_T)  # the stub first, where T is still the table's key
    counted_back(qtbot, window, session, ())
    press_focused(qtbot, window, Qt.Key.Key_K)
    for code in ROUND:
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None and window.entry.field.hasFocus()
    assert session.state.reconciliation().ok
    ctrl_n(qtbot, window)
    assert session.state.deck_no == 2 and session.state.phase == BlackjackPhase.BETTING
    synced(qtbot, window, session)
    assert not window.entry.field.hasFocus()
    chips = session.state.rules.chips
    for key in (Qt.Key.Key_2, Qt.Key.Key_Right, Qt.Key.Key_Plus):
        press_focused(qtbot, window, key)
    assert window.entry.field.text() == "" and session.state.stake(2) == chips[1], window.last_error
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.PLAYING


def test_the_cursor_is_back_at_the_table_after_the_same_deck(qtbot, settled):
    """F2's other way out of the deck check: Shift+C (the same deck), from the button, left the cursor in the
    field too."""
    session, window = settled
    counted_back(qtbot, window, session, ROUND[:2])
    window.deck.buttons["resume"].click()
    synced(qtbot, window, session)
    assert session.state.phase == BlackjackPhase.BETTING and not window.entry.field.hasFocus()
    press_focused(qtbot, window, Qt.Key.Key_Plus)
    assert session.state.stake(1) == session.state.rules.chips[1]


def test_a_card_set_aside_after_the_round_is_counted_back_once_after_the_stub(qtbot, settled):
    """F3: a card refused after the round and set aside, as its refusal says, was counted by T with the stub
    (it never left the ledger's shoe), and again when the croupier counted it back as told: COUNTED TOO
    OFTEN, and Ctrl+N refused."""
    session, window = settled
    press_focused(qtbot, window, Qt.Key.Key_K)
    press_focused(qtbot, window, None, "3H")
    press_focused(qtbot, window, Qt.Key.Key_Return)
    assert "after the round was over" in window.entry.last_error and "set it aside" in window.entry.last_error
    press_focused(qtbot, window, Qt.Key.Key_Escape)  # set aside: the field cleared, the cursor at the table
    press_focused(qtbot, window, Qt.Key.Key_Escape)  # the alert read
    press_focused(qtbot, window, Qt.Key.Key_C)
    press_focused(qtbot, window, Qt.Key.Key_T)
    assert session.state.stub_left == ()
    press_focused(qtbot, window, Qt.Key.Key_K)
    for code in ROUND + ("3H",):
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None
    synced(qtbot, window, session)
    rec = session.state.reconciliation()
    assert rec.ok and not rec.duplicated and len(rec.returned) == 52, rec.describe()
    assert not any(a.code == "counted" for a in session.snapshot.alerts)
    ctrl_n(qtbot, window)
    assert session.state.deck_no == 2, window.last_error


def test_voiding_the_round_back_past_the_cut_card_keeps_it_out(qtbot, show_window, tmp_path):
    """F4: the cut card came out during a round; the croupier voided every card and the deal (Backspace,
    a press each, as DECK EMPTY advises): the cut was forgotten, PLACE YOUR BETS, and Space dealt a round
    on the stub behind the cut card.  A restart on the journal keeps it out too."""
    from dealer_assist.events import ShoeSignal
    from dealer_assist.table.journal import Journal

    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(seats=3), journal=Journal.open(path))
    window = show_window(BlackjackWindow(session, None))
    window.centralWidget().setFocus()
    for key in (Qt.Key.Key_2, Qt.Key.Key_Plus, Qt.Key.Key_Right, Qt.Key.Key_Plus, Qt.Key.Key_Space):
        press_focused(qtbot, window, key)
    for code in ROUND[:3]:
        typed(qtbot, window, code)
    session.handle(ShoeSignal("serial:/dev/pts/9", 0.0, "cut"))  # as the shoe sends it, between two cards
    typed(qtbot, window, "4D")
    assert session.state.cut_out and len(session.state.round.cards) == 4
    while session.state.phase != BlackjackPhase.BETTING:
        press_focused(qtbot, window, Qt.Key.Key_Backspace)
        assert window.last_error is None, window.last_error
    assert session.state.cut_out and session.state.bets
    synced(qtbot, window, session)
    assert window.banner.title.text() == "CUT CARD OUT" and not window.actions.buttons["deal"].isEnabled()
    press_focused(qtbot, window, Qt.Key.Key_Space)
    assert session.state.phase == BlackjackPhase.BETTING and "cut card is out" in window.last_error
    window.bridge.detach()
    session.close()
    again = BlackjackSession(BlackjackTableRules(seats=3), journal=Journal.open(path))
    try:
        assert again.state.cut_out and again.snapshot.banner == "CUT CARD OUT"
    finally:
        again.close()


def test_shift_c_after_esc_from_the_card_field_goes_on_with_the_same_deck(qtbot, settled):
    """Shift+C, like T, is the table's key once Esc has left the field the count keeps the cursor in."""
    session, window = settled
    counted_back(qtbot, window, session, ROUND[:1])
    press_focused(qtbot, window, Qt.Key.Key_Escape)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_C, Qt.KeyboardModifier.ShiftModifier)
    assert session.state.phase == BlackjackPhase.BETTING and window.entry.field.text() == ""
    assert "Esc first" in dict((k, t) for _, k, t in window.help_lines())["Shift+C"]


def test_the_banner_names_k_before_the_cards_counted_back(qtbot, settled):
    """qaW F7: at a table of typed cards the banner said "type each and Enter"; 5H, 7C, 6D typed so chose chips
    and asked for a double, nothing counted.  K first is how the field takes them (T before it is the stub)."""
    session, window = settled
    press_focused(qtbot, window, Qt.Key.Key_C)
    synced(qtbot, window, session)
    assert "or K, then each card and Enter" in window.banner.reason.text()
    press_focused(qtbot, window, Qt.Key.Key_K)  # as it says: each card counted, the cursor kept
    for code in ROUND:
        press_focused(qtbot, window, None, code)
        press_focused(qtbot, window, Qt.Key.Key_Return)
        assert window.entry.last_error is None and window.entry.field.hasFocus()
    assert [c.code for c in session.state.ledger.returned] == list(ROUND)  # every dealt card counted back
