"""A pay list whose payments the journal failed to write says not to pay from it (qaAE F7).

With the disk full just as a round settled, the table stopped (TABLE STOPPED: the settlement "was NOT
written") and the pay list under it still read PAY 95.00: a croupier paying from it before the supervisor came
saw the same list again after the restart, with nothing saying it had been shown.  The journal here is a real
one whose writes fail from the round's outcome or settlement on, as a full disk makes them fail."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.session_core import UNRECORDED_TITLE
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.main_window import MainWindow, Options


def full_from(journal: Journal, kind: str) -> Journal:
    """``journal``, whose writes fail with ENOSPC from the first ``kind`` entry on."""
    append, full = journal.append, []

    def append_or_fail(k, payload=None):
        if k == kind or full:
            full.append(k)
            raise OSError(28, "No space left on device")
        return append(k, payload)

    journal.append = append_or_fail
    return journal


@pytest.mark.parametrize("fails_at", ["outcome", "settlement"])
def test_baccarat_pay_list_unrecorded(qtbot, show_window, tmp_path, fails_at):
    path = tmp_path / "j.sqlite"
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), full_from(Journal.open(path), fails_at), odds=False)
    window = show_window(MainWindow(session, None, Options(sound=False)))
    assert session.place(1, Bet.BANKER, Decimal("100")) is None and session.deal() is None
    for code in ("7H", "6S", "KH", "2D"):
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: bool(session.snapshot.stopped))
    assert session.state.settlement is not None  # the cards were written: they stand
    qtbot.waitUntil(lambda: UNRECORDED_TITLE in window.settlement.title.text())
    assert window.settlement.table.rowCount() == 0  # no PAY 95.00 to pay from
    assert "pay nothing" in window.settlement.totals.text()
    session.close()

    again = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    window = show_window(MainWindow(again, None, Options(sound=False)))
    qtbot.waitUntil(lambda: "PAY IN THIS ORDER" in window.settlement.title.text())
    assert window.settlement.table.rowCount() == 1 and "PAY 95.00" in window.settlement.table.item(0, 3).text()
    again.close()


def test_blackjack_pay_list_unrecorded(qtbot, show_window, tmp_path):
    session = BlackjackSession(journal=full_from(Journal.open(tmp_path / "bj.sqlite"), "settlement"))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for code in ("TH", "7C", "9S"):  # seat 1: 19 against the dealer's 7
        assert session.enter_card(code) is None
    assert session.stand() is None and session.enter_card("KS") is None  # the dealer's 17 stands: seat 1 wins
    qtbot.waitUntil(lambda: bool(session.snapshot.stopped))
    qtbot.waitUntil(lambda: UNRECORDED_TITLE in window.settlement.title.text())
    assert "PAY 10.00" not in " ".join(window.settlement.lines)
    session.close()
