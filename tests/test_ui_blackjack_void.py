"""Backspace at the blackjack window on real offscreen Qt: the supervisor's dialog with a roster, none without."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
from dealer_assist.ui.blackjack.window import KEYS, BlackjackWindow


@pytest.fixture
def table(qtbot, show_window, tmp_path):
    """``make(roster)``: a 3-seat table (seats 1 and 3 in, TH 9D 7C 8S 9S dealt) in a shown window."""
    made = []

    def make(roster):
        session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(tmp_path / "bj.sqlite"), roster=roster)
        window = show_window(BlackjackWindow(session, None))
        made.append((session, window))
        session.place(1, D("25"))
        session.place(3, D("10"))
        for code in ("TH", "9D", "7C", "8S", "9S"):
            assert session.enter_card(code) is None
        qtbot.waitUntil(lambda: window.rendered.version == session.snapshot.version, timeout=2000)  # buttons drawn
        window.setFocus()
        return session, window

    yield make
    for session, window in made:
        window.bridge.detach()
        session.close()


def roster() -> SupervisorRoster:
    return SupervisorRoster([Supervisor("ana", hash_pin("4821", n=2 ** 10))])


def corrections(tmp_path):
    with Journal.open(tmp_path / "bj.sqlite", readonly=True) as journal:
        return [e.payload for e in journal.entries() if e.kind == "correction"]


def type_into(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


def press_ok(qtbot, dialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def test_backspace_asks_a_supervisor_naming_the_card_and_voids_it_with_the_right_pin(qtbot, table, tmp_path):
    session, window = table(roster())
    before = session.state
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    dialog = window.supervisor_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.what.text() == "A supervisor must void card 9♠ to seat 3."
    assert dialog.pin.echoMode() == dialog.pin.EchoMode.Password
    assert session.state is before  # nothing happens before the supervisor signs
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "1234")
    type_into(qtbot, dialog.reason, "the shoe read 9C as 9S")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "wrong PIN (or a name not on this table's roster) for supervisor 'ana'" in dialog.message.text()
    assert dialog.pin.text() == "" and session.state is before
    type_into(qtbot, dialog.pin, "4821")
    press_ok(qtbot, dialog)
    assert not dialog.isVisible() and window.last_error is None
    assert [c.code for c in session.state.round.cards] == ["TH", "9D", "7C", "8S"]
    qtbot.waitUntil(lambda: window.entry.message.text() == "voided: card 9♠ to seat 3 [authorised by ana: the shoe read 9C as 9S]",
                    timeout=2000)
    (signed,) = [p["correction"] for p in corrections(tmp_path)]
    assert (signed["supervisor"], signed["action"], signed["reason"]) == ("ana", "void_card", "the shoe read 9C as 9S")


def test_the_void_button_takes_the_same_path_and_a_table_that_moved_on_is_refused(qtbot, table, tmp_path):
    session, window = table(roster())
    qtbot.mouseClick(window.actions.buttons["void"], Qt.MouseButton.LeftButton)
    dialog = window.supervisor_dialog
    assert dialog.isVisible() and "card 9♠ to seat 3" in dialog.what.text()
    assert session.stand() is None  # seat 1 stands while the supervisor types
    moved = session.state
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "4821")
    type_into(qtbot, dialog.reason, "9S misread")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "the table moved on: the last step is now seat 1's stand" in dialog.message.text()
    assert session.state is moved and corrections(tmp_path) == []
    dialog.reject()
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    again = window.supervisor_dialog
    assert again is not dialog and again.what.text() == "A supervisor must void seat 1's stand."


def test_nothing_to_void_is_said_at_once_without_a_dialog(qtbot, table):
    session, window = table(roster())
    while session.void_preview() is not None:
        assert session.void_last("ana", "4821", "start the round again") is None
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert window.supervisor_dialog is None
    assert "nothing to void" in window.last_error


def test_without_a_roster_backspace_voids_at_once_with_the_croupiers_reason(qtbot, table, tmp_path):
    session, window = table(None)
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert window.supervisor_dialog is None and window.last_error is None
    assert [c.code for c in session.state.round.cards] == ["TH", "9D", "7C", "8S"]
    (entry,) = corrections(tmp_path)
    assert (entry["who"], entry["why"], entry["card"]) == ("croupier", "voided by the croupier (Backspace)", "9S")


def test_the_help_says_a_void_needs_a_pin_when_configured():
    (what,) = [text for keys, name, text in KEYS if name == "void"]
    assert "supervisor PIN when configured" in what
