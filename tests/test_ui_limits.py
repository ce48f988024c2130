"""The limits dialog (L) on real offscreen windows: current limits shown, refusals kept open, the grid redrawn."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin
from dealer_assist.ui.keys import help_lines


def roster() -> SupervisorRoster:
    return SupervisorRoster([Supervisor("ana", hash_pin("4821", n=2 ** 10))])


@pytest.fixture
def baccarat(qtbot, tmp_path):
    from dealer_assist.ui.main_window import MainWindow, Options

    made = []

    def make(supervisors):
        session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"),
                               supervisors=supervisors, odds=False)
        window = MainWindow(session, None, Options(sound=False))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
        made.append(session)
        return session, window

    yield make
    for session in made:
        session.close()


def press_ok(qtbot, dialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def type_into(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


def test_l_opens_the_limits_and_a_supervisor_changes_them_with_the_pin(qtbot, baccarat, tmp_path):
    session, window = baccarat(roster())
    session.place(1, Bet.TIE, D("25"))
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_L)
    dialog = window.limits_dialog
    assert dialog is not None and dialog.isVisible()
    editor = dialog.editor
    assert [editor.maximum[b.value].text() for b in Bet] == [
        "5000.00", "5000.00", "500.00", "500.00", "500.00", "2000.00", "2000.00"]
    assert editor.payout.text() == "20000.00" and dialog.name.isVisible() and dialog.pin.isVisible()
    before = session.state

    type_into(qtbot, editor.maximum["tie"], "-5")
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "4821")
    type_into(qtbot, dialog.reason, "tie maximum lowered")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "Tie maximum" in dialog.message.text() and "'-5'" in dialog.message.text()
    assert session.state == before

    type_into(qtbot, editor.maximum["tie"], "100")
    type_into(qtbot, dialog.pin, "0000")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "wrong PIN" in dialog.message.text() and dialog.pin.text() == ""
    assert session.state == before

    type_into(qtbot, dialog.pin, "4821")
    press_ok(qtbot, dialog)
    assert not dialog.isVisible()
    assert session.state.rules.limits.max_for(Bet.TIE) == D("100.00")
    grid = window.betting.grid
    qtbot.waitUntil(lambda: "1–100" in grid.painted_limits, timeout=3000)
    assert grid.painted_limits[1 + list(Bet).index(Bet.TIE)] == "1–100"
    assert grid.painted_limits[1 + list(Bet).index(Bet.BANKER)] == "1–5000"

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_L)  # opened again: the limits now in force
    assert window.limits_dialog is not dialog and window.limits_dialog.editor.maximum["tie"].text() == "100.00"
    window.limits_dialog.reject()
    session.close()
    journal = Journal.open(tmp_path / "j.sqlite", readonly=True)
    kinds = [(e.kind, e.payload.get("supervisor") or (e.payload.get("correction") or {}).get("supervisor"))
             for e in journal.entries() if e.kind in ("pin_refused", "correction")]
    journal.close()
    assert kinds == [("pin_refused", "ana"), ("correction", "ana")]


def test_without_a_roster_the_dialog_asks_only_why(qtbot, baccarat):
    session, window = baccarat(None)
    window.change_limits()
    dialog = window.limits_dialog
    assert dialog.isVisible() and not dialog.name.isVisible() and not dialog.pin.isVisible()
    type_into(qtbot, dialog.editor.minimum["banker"], "10")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "say why" in dialog.message.text()
    assert session.state.rules.limits.min_for(Bet.BANKER) == D("1.00")
    type_into(qtbot, dialog.reason, "evening minimum")
    press_ok(qtbot, dialog)
    assert not dialog.isVisible() and session.state.rules.limits.min_for(Bet.BANKER) == D("10.00")
    qtbot.waitUntil(lambda: "10–5000" in window.betting.grid.painted_limits, timeout=3000)


def test_the_limits_key_is_in_the_help():
    assert any(keys == "L" and "limits" in what for _group, keys, what in help_lines())


def test_blackjack_l_changes_the_seat_limits_on_the_display(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession(roster=roster())
    window = show_window(BlackjackWindow(session, None))
    assert window.settlement.totals.text() == "limits 5.00 to 500.00 per seat"
    qtbot.keyClick(window, Qt.Key.Key_L)
    dialog = window.limits_dialog
    assert dialog.isVisible() and list(dialog.editor.minimum) == ["seat"] and dialog.editor.payout is None
    type_into(qtbot, dialog.editor.minimum["seat"], "10")
    type_into(qtbot, dialog.editor.maximum["seat"], "5")
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "4821")
    type_into(qtbot, dialog.reason, "high limit table tonight")
    press_ok(qtbot, dialog)
    assert dialog.isVisible() and "seat minimum 10.00 is above the seat maximum 5.00" in dialog.message.text()
    type_into(qtbot, dialog.editor.maximum["seat"], "1000")
    type_into(qtbot, dialog.pin, "4821")
    press_ok(qtbot, dialog)
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: window.settlement.totals.text() == "limits 10.00 to 1000.00 per seat", timeout=3000)
    window.bridge.detach()
    session.close()


@pytest.mark.parametrize("fields, said, done", [
    ({("min", "tie"): "0", ("max", "tie"): "0.50"},
     "the smallest chip 1.00 is above the Tie maximum 0.50, so no Tie bet could be placed",
     "raise the Tie maximum to 1.00 (the smallest chip) or more"),
    ({("min", "tie"): "200", "payout": "1000"},
     "a Tie bet of 200.00 (its minimum) can win 1600.00, above the maximum potential payout per seat 1000.00",
     "lower the Tie minimum or raise the max payout per seat to 1600.00 or more"),
])
def test_the_dialog_refuses_limits_the_config_file_would_refuse(qtbot, baccarat, tmp_path, fields, said, done):
    """A later QA: L set a Tie maximum below every chip (the config file's check refused it at start)."""
    from dealer_assist.table.config import ConfigError, load_config

    session, window = baccarat(None)
    before = session.state
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_L)
    dialog = window.limits_dialog
    for key, text in fields.items():
        type_into(qtbot, dialog.editor.payout if key == "payout" else
                  getattr(dialog.editor, {"min": "minimum", "max": "maximum"}[key[0]])[key[1]], text)
    type_into(qtbot, dialog.reason, "side bets")
    press_ok(qtbot, dialog)
    shown = dialog.message.text()
    assert dialog.isVisible() and said in shown and done in shown and "unchanged" in shown
    assert session.state == before
    lines = [f'{side} = {{ {bet} = "{text}" }}' for (side, bet), text in
             ((k, v) for k, v in fields.items() if k != "payout")]
    payout = [f'max_payout = "{fields["payout"]}"'] if "payout" in fields else []
    (tmp_path / "t.toml").write_text("[limits]\n" + "\n".join(payout + lines) + "\n")
    with pytest.raises(ConfigError) as info:  # the same check, in the file's words
        load_config(tmp_path / "t.toml")
    assert said in str(info.value)


def test_blackjack_dialog_refuses_a_seat_maximum_below_every_chip(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    before = session.state
    qtbot.keyClick(window, Qt.Key.Key_L)
    dialog = window.limits_dialog
    type_into(qtbot, dialog.editor.minimum["seat"], "0.25")
    type_into(qtbot, dialog.editor.maximum["seat"], "0.50")
    type_into(qtbot, dialog.reason, "small table")
    press_ok(qtbot, dialog)
    shown = dialog.message.text()
    assert dialog.isVisible() and ("the smallest chip 1.00 is above the seat maximum 0.50, so no seat could "
                                   "ever bet") in shown
    assert "raise the seat maximum to 1.00 (the smallest chip) or more" in shown and session.state == before
    window.bridge.detach()
    session.close()


def enter(qtbot, field) -> None:
    """Enter in ``field``: the dialog's OK."""
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_refusal_puts_the_cursor_in_the_field_it_names(qtbot, baccarat):
    """qaQ F15: "say why" left the cursor in PIN, an "abc" amount refused by name left it in Reason."""
    session, window = baccarat(roster())
    window.change_limits()
    dialog = window.limits_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    type_into(qtbot, dialog.editor.maximum["player"], "3000")
    type_into(qtbot, dialog.name, "ana")
    type_into(qtbot, dialog.pin, "4821")
    enter(qtbot, dialog.pin)  # no reason
    assert "say why" in dialog.message.text() and dialog.focusWidget() is dialog.reason
    assert dialog.pin.text() == "4821"  # not the PIN's fault: it stays
    type_into(qtbot, dialog.editor.maximum["tie"], "abc")
    type_into(qtbot, dialog.reason, "new table")
    enter(qtbot, dialog.reason)
    assert "Tie maximum" in dialog.message.text() and dialog.focusWidget() is dialog.editor.maximum["tie"]
    assert dialog.editor.maximum["tie"].selectedText() == "abc"
    type_into(qtbot, dialog.editor.maximum["tie"], "400")
    type_into(qtbot, dialog.pin, "0000")
    enter(qtbot, dialog.pin)
    assert "wrong PIN" in dialog.message.text() and dialog.focusWidget() is dialog.pin and dialog.pin.text() == ""
    type_into(qtbot, dialog.pin, "4821")
    enter(qtbot, dialog.pin)
    assert not dialog.isVisible() and session.state.rules.limits.max_for(Bet.TIE) == D("400")
