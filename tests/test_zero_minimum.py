"""A minimum of 0.00 means the same at both tables: no minimum but the smallest chip.

The baccarat table always took it so; the blackjack table refused it (config file
and limits dialog), so one site file meant two things.  Taking it at blackjack, not
refusing it at baccarat, keeps every running baccarat journal begun under 0.00
restartable: the journal keeps its rules and a restart must be given the same ones.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.config import load_config
from dealer_assist.table.journal import Journal


def test_a_blackjack_file_with_a_minimum_of_0_opens_and_the_smallest_chip_plays(tmp_path):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import rules_from_config

    (tmp_path / "t.toml").write_text('game = "blackjack"\n[blackjack]\nmin_bet = "0"\nmax_bet = "100"\n')
    config = load_config(tmp_path / "t.toml")
    rules = rules_from_config(config.blackjack)
    assert (rules.min_bet, rules.max_bet) == (D("0.00"), D("100.00"))
    session = BlackjackSession(rules, Journal.open(tmp_path / "bj.sqlite"))
    assert session.place(1, D("1")) is None and session.deal() is None
    session.close()


def test_the_blackjack_limits_dialog_takes_a_minimum_of_0(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    session = BlackjackSession()
    window = show_window(BlackjackWindow(session, None))
    qtbot.keyClick(window, Qt.Key.Key_L)
    dialog = window.limits_dialog
    for field, text in ((dialog.editor.minimum["seat"], "0"), (dialog.reason, "no minimum tonight")):
        field.clear()
        qtbot.keyClicks(field, text)
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible(), dialog.message.text()
    assert session.state.rules.min_bet == D("0.00")
    qtbot.waitUntil(lambda: window.settlement.totals.text() == "limits 0.00 to 500.00 per seat", timeout=3000)
    window.bridge.detach()
    session.close()


@pytest.mark.parametrize("seat_limit", ["0", "0.00"])
def test_blackjack_still_refuses_a_maximum_of_0(tmp_path, seat_limit):
    from dealer_assist.table.blackjack_session import BlackjackSession

    session = BlackjackSession()
    before = session.state
    assert "seat maximum 0.00 must be above 0.00" in session.set_limits("0", seat_limit, why="typo")
    assert session.state == before
    session.close()


def test_a_baccarat_journal_begun_under_a_minimum_of_0_restarts_as_it_was(tmp_path):
    """The baccarat meaning is unchanged: a journal that recorded 0.00 replays to the same table."""
    from dealer_assist.table.session import TableSession

    (tmp_path / "t.toml").write_text('[shoe]\nburn = false\n[limits.min]\ntie = "0"\n')
    rules = load_config(tmp_path / "t.toml").rules
    path = tmp_path / "j.sqlite"
    session = TableSession(rules, Journal.open(path), odds=False)
    assert session.place(1, Bet.TIE, D("1")) is None and session.place(1, Bet.BANKER, D("5")) is None
    assert session.set_limits({"min": {"banker": "0"}}, why="no minimum tonight") is None
    before = session.state
    session.close()
    again = TableSession(load_config(tmp_path / "t.toml").rules, Journal.open(path), odds=False)
    try:
        assert again.state == before
        assert again.state.rules.limits.min_for(Bet.TIE) == again.state.rules.limits.min_for(Bet.BANKER) == D("0.00")
    finally:
        again.close()
