"""F9 at the blackjack window on real offscreen Qt: the one supervisor's dialog (name, hidden PIN, reason)
for a card dealt twice and for a new deck with cards missing."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
from dealer_assist.ui.blackjack.window import BlackjackWindow


@pytest.fixture
def table(qtbot, show_window, tmp_path):
    """A one-deck table with a roster, round 1 played (TH KS to seat 1, dealer 7C QH), in a shown window."""
    roster = SupervisorRoster([Supervisor("ana", hash_pin("4321", n=2 ** 10))])
    session = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(tmp_path / "bj.sqlite"), roster=roster)
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, D("25")) is None
    for code in ("TH", "7C", "KS"):
        assert session.enter_card(code) is None
    assert session.stand() is None and session.enter_card("QH") is None
    assert session.state.phase == BlackjackPhase.SETTLED
    yield session, window
    window.bridge.detach()
    session.close()


def journal_entries(tmp_path) -> list:
    with Journal.open(tmp_path / "bj.sqlite", readonly=True) as journal:
        return list(journal.entries())


def type_into(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


def click(qtbot, dialog, which) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(which), Qt.MouseButton.LeftButton)


def sign(qtbot, dialog, name: str, pin: str, reason: str) -> None:
    type_into(qtbot, dialog.name, name)
    type_into(qtbot, dialog.pin, pin)
    type_into(qtbot, dialog.reason, reason)
    click(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)


def f9(qtbot, window):
    window.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F9)
    return window.supervisor_dialog


def refuse_seven_of_clubs(session) -> None:
    assert session.next_round() is None and session.place(1, D("25")) is None
    assert session.enter_card("7C") is not None  # dealt already from this deck: refused
    assert session.snapshot.duplicate.code == "7C"


def test_f9_accepts_a_card_dealt_twice_through_the_supervisors_dialog(qtbot, table, tmp_path):
    session, window = table
    refuse_seven_of_clubs(session)
    before = session.state
    dialog = f9(qtbot, window)
    assert dialog is not None and dialog.isVisible() and window.last_error is None
    assert dialog.what.text() == "A supervisor must accept 7♣ a second time from this deck."
    assert dialog.pin.echoMode() == dialog.pin.EchoMode.Password
    sign(qtbot, dialog, "ana", "1111", "two decks mixed, seen on camera")
    assert dialog.isVisible() and "wrong PIN (or a name not on this table's roster) for supervisor 'ana'" in dialog.message.text()
    assert dialog.pin.text() == "" and session.state is before and session.snapshot.duplicate.code == "7C"
    type_into(qtbot, dialog.pin, "4321")
    click(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible() and window.last_error is None
    assert [c.code for c in session.state.round.cards] == ["7C"] and session.snapshot.duplicate is None
    (played,) = [e.payload for e in journal_entries(tmp_path) if e.kind == "card_assigned" and e.payload["round"] == 2]
    assert (played["card"], played["override"]["supervisor"], played["override"]["reason"]) == (
        "7C", "ana", "two decks mixed, seen on camera")
    assert f9(qtbot, window) is dialog  # nothing waits for a supervisor now: no new dialog
    assert "nothing needs a supervisor" in window.last_error


def test_cancel_changes_nothing(qtbot, table, tmp_path):
    session, window = table
    refuse_seven_of_clubs(session)
    before, written = session.state, len(journal_entries(tmp_path))
    dialog = f9(qtbot, window)
    type_into(qtbot, dialog.name, "ana")
    click(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    assert not dialog.isVisible()
    assert session.state is before and session.snapshot.duplicate.code == "7C"
    assert len(journal_entries(tmp_path)) == written


def test_a_dialog_for_one_card_does_not_accept_another(qtbot, table, tmp_path):
    session, window = table
    refuse_seven_of_clubs(session)
    dialog = f9(qtbot, window)
    assert "already dealt from this deck" in session.enter_card("KS")  # another card dealt twice comes in meanwhile
    before = session.state
    sign(qtbot, dialog, "ana", "4321", "two decks mixed")
    assert dialog.isVisible() and "K♠" in dialog.message.text() and "7♣" in dialog.message.text()
    assert session.state is before and session.snapshot.duplicate.code == "KS"


def test_f9_lets_a_new_deck_in_with_cards_missing(qtbot, table, tmp_path):
    session, window = table
    assert session.start_deck_check() is None and session.enter_card("TH") is None
    assert "not reconciled" in session.new_deck()  # refused without a supervisor
    dialog = f9(qtbot, window)
    assert dialog.what.text() == "A supervisor must put a new deck in with cards missing or seen twice."
    sign(qtbot, dialog, "ana", "0000", "three cards fell under the table")
    assert dialog.isVisible() and session.state.deck_no == 1 and dialog.pin.text() == ""
    type_into(qtbot, dialog.pin, "4321")
    click(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible() and window.last_error is None
    assert session.state.deck_no == 2 and session.state.phase == BlackjackPhase.BETTING
    (new_deck,) = [e.payload for e in journal_entries(tmp_path) if e.payload.get("op") == "new_deck"]
    assert (new_deck["override"]["supervisor"], new_deck["override"]["reason"]) == (
        "ana", "three cards fell under the table")


def test_a_card_the_round_itself_holds_already_offers_no_supervisor(qtbot, table, tmp_path):
    """QA: 9S twice in one round was refused "...or a supervisor accepts it", and F9's accept was then refused
    by another rule (the round already holds all the deck has). Only what can be done is offered."""
    session, window = table
    assert session.next_round() is None and session.place(1, D("25")) is None
    for code in ("9S", "7D"):
        assert session.enter_card(code) is None
    error = session.enter_card("9S")
    assert error is not None and "supervisor" not in error and "this round already has 1 9S" in error
    refused = {a.code: a for a in session.snapshot.alerts}["refused"]
    assert "supervisor" not in refused.text + refused.action and session.snapshot.duplicate is None
    assert f9(qtbot, window) is None and "nothing needs a supervisor" in window.last_error
    assert session.enter_card("9H") is None  # the card really dealt
    assert [c.code for c in session.state.round.cards] == ["9S", "7D", "9H"]


def test_a_wrong_pin_leaves_the_fields_their_height_at_1280x720(qtbot, table):
    """qaM L4: after a wrong PIN the refusal's three lines took their room from the fields, 15 px tall for
    a 19 px line: "Ana" and "typo" lost their descenders."""
    session, window = table
    refuse_seven_of_clubs(session)
    dialog = f9(qtbot, window)
    assert (window.width(), window.height()) == (1280, 720)
    sign(qtbot, dialog, "Ana", "1111", "typo")
    assert dialog.isVisible() and "wrong PIN" in dialog.message.text()
    qtbot.wait(50)
    for field in (dialog.name, dialog.pin, dialog.reason):
        assert field.height() >= field.sizeHint().height() > field.fontMetrics().height()
    assert dialog.message.height() >= dialog.message.heightForWidth(dialog.message.width())
