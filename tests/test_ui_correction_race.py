"""A supervisor signs for the cards the dialog named: a card the shoe deals while the dialog is open
must not be the one taken back (QA: V named no card, the shoe dealt P3 meanwhile, and the PIN voided
P3 and its settlement while the card the croupier meant stayed)."""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import SupervisorRoster
from dealer_assist.ui.main_window import MainWindow, Options


def supervised(tmp_path) -> TableSession:
    """A baccarat table with one supervisor, ana (PIN 4821), journaled in ``tmp_path``."""
    roster = SupervisorRoster()
    roster.add("ana", "4821")
    return TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(tmp_path / "j.sqlite"), odds=False,
                        supervisors=roster)


def table(qtbot, tmp_path):
    session = supervised(tmp_path)
    window = MainWindow(session, None, Options(sound=False))
    qtbot.addWidget(window)
    window.show()
    return session, window


def sign(dialog, pin="4821"):
    dialog.name.setText("ana")
    dialog.pin.setText(pin)
    dialog.reason.setText("misread")
    dialog.try_accept()


def corrections(session) -> int:
    return sum(1 for e in session._journal.entries() if e.kind in ("correction", "card_set_aside"))


def test_a_card_dealt_while_the_void_dialog_is_open_is_not_voided(qtbot, tmp_path):
    session, window = table(qtbot, tmp_path)
    assert session.deal() is None
    for code in ("2H", "3S", "2D", "4C"):
        assert session.enter_card(code) is None
    window.void_last_card()
    dialog = window.supervisor_dialog
    assert "4♣" in dialog.what.text()
    assert session.enter_card("9C") is None  # the shoe deals P3: the round settles
    assert session.state.settlement is not None
    sign(dialog)
    assert dialog.isVisible() and "moved on" in dialog.message.text() and "9♣" in dialog.message.text()
    assert [c.code for c in session.state.round.cards] == ["2H", "3S", "2D", "4C", "9C"]
    assert session.state.settlement is not None and corrections(session) == 0
    dialog.close()
    window.void_last_card()  # pressed again: it names the card that is last now, and voids it
    assert "9♣" in window.supervisor_dialog.what.text()
    sign(window.supervisor_dialog)
    assert [c.code for c in session.state.round.cards] == ["2H", "3S", "2D", "4C"] and corrections(session) == 1
    session.close()


def test_a_card_held_while_the_set_aside_dialog_is_open_is_not_set_aside_with_it(qtbot, tmp_path):
    session, window = table(qtbot, tmp_path)
    assert session.deal() is None
    for code in ("9H", "2S", "KC", "3D"):
        assert session.enter_card(code) is None
    session.enter_card("7C")  # after the round: held (the answer says so)
    assert session.next_round() is None and [c.code for c in session.state.held] == ["7C"]
    window.reject()
    dialog = window.supervisor_dialog
    assert "7♣" in dialog.what.text()
    session.enter_card("8C")  # held behind it while the dialog is open
    sign(dialog)
    assert "moved on" in dialog.message.text()
    assert [c.code for c in session.state.held] == ["7C", "8C"] and corrections(session) == 0
    session.close()


def test_a_void_of_the_round_signed_for_other_cards_is_refused_and_costs_no_pin_try(tmp_path):
    session = supervised(tmp_path)
    assert session.deal() is None
    for code in ("2H", "3S"):
        assert session.enter_card(code) is None
    shown = session.correction_target("void_round")
    assert session.enter_card("2D") is None
    error = session.void_round("ana", "0000", "misdeal", expected=shown)
    assert error is not None and "moved on" in error and "2♥ 3♠ 2♦" in error
    assert not any(e.kind == "pin_refused" for e in session._journal.entries())  # the wrong PIN was not tried
    assert session.void_round("ana", "4821", "misdeal", expected=session.correction_target("void_round")) is None
    assert session.state.round.cards == ()
    session.close()


def test_a_void_signed_for_a_card_is_refused_when_another_of_its_code_is_last_now(tmp_path):
    """An 8-deck shoe deals a code again: the dialog named 9C as B1, a second 9C came as P2 meanwhile,
    and the PIN took back the new one (QA: only the codes were compared)."""
    session = supervised(tmp_path)
    assert session.deal() is None
    for code in ("2H", "9C"):
        assert session.enter_card(code) is None
    shown = session.correction_target("void_card")
    assert session.void_last_card("ana", "4821", "misread", expected=shown) is None  # 9C voided as signed
    assert session.enter_card("9C") is None
    shown = session.correction_target("void_card")
    assert session.enter_card("9C") is None  # another 9C, last now
    error = session.void_last_card("ana", "4821", "misread", expected=shown)
    assert error is not None and "moved on: another card 9♣ came since" in error
    assert [c.code for c in session.state.round.cards] == ["2H", "9C", "9C"]
    session.close()
