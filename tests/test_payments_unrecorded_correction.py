"""A round settled again after a correction, whose new settlement the journal failed to write, says not to pay
from its pay list (rev32 R2).

A round was settled and paid, V (Backspace) took its last card back with the settlement, the disk filled, and
the corrected card settled the round again without its record: TABLE STOPPED, and yet the pay list showed
"CORRECT THE PAYMENT" with TAKE BACK 95.00 on it (the correction's branch was tested before the unrecorded one).
Money moved from it is not in the journal, and the restart shows the same list again. NOT RECORDED: DO NOT PAY
wins here as it does over an ordinary pay list (qaAE F7)."""

from __future__ import annotations

import re
from decimal import Decimal

from PySide6.QtWidgets import QLabel

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.session_core import UNRECORDED_TITLE
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.main_window import MainWindow, Options
from test_payments_unrecorded import full_from

MONEY_TO_MOVE = re.compile(r"PAY \d|TAKE|RETURN|takes back|table pays", re.IGNORECASE)


def test_baccarat_round_settled_again_unrecorded(qtbot, show_window, tmp_path):
    path = tmp_path / "j.sqlite"
    journal = Journal.open(path)
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal, odds=False)
    window = show_window(MainWindow(session, None, Options(sound=False)))
    assert session.place(1, Bet.BANKER, Decimal("100")) is None and session.deal() is None
    for code in ("7H", "6S", "KH", "2D"):  # Banker 8 beats Player 7: pays 95
        assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: "PAY IN THIS ORDER" in window.settlement.title.text())
    assert session.void_last_card(why="misread: it was the AD") is None  # the settlement paid is taken back
    assert session.state.paid_before is not None
    full_from(journal, "outcome")  # the disk fills now
    session.enter_card("AD")  # Banker 7, a tie: the 95 paid is to be taken back, but nothing is written
    qtbot.waitUntil(lambda: bool(session.snapshot.stopped))
    assert session.snapshot.payments_unrecorded and session.state.settlement is not None
    qtbot.waitUntil(lambda: UNRECORDED_TITLE in window.settlement.title.text())
    assert "CORRECT" not in window.settlement.title.text()
    assert window.settlement.table.rowCount() == 0  # no TAKE BACK 95.00 to act on
    assert "pay nothing" in window.settlement.totals.text()
    assert not MONEY_TO_MOVE.search(window.settlement.totals.text())
    window.grab().save(str(tmp_path / "baccarat.png"))
    session.close()


def test_blackjack_round_settled_again_unrecorded(qtbot, show_window, tmp_path):
    journal = Journal.open(tmp_path / "bj.sqlite")
    session = BlackjackSession(journal=journal)
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for code in ("TH", "7C", "9S"):  # seat 1: 19 against the dealer's 7
        assert session.enter_card(code) is None
    assert session.stand() is None and session.enter_card("KS") is None  # dealer 17: seat 1 wins, paid 10
    qtbot.waitUntil(lambda: "PAY" in window.settlement.title.text())
    assert session.void_last(why="misread: it was the 2S") is None
    assert session.snapshot.state.paid_before is not None
    full_from(journal, "settlement")
    assert session.enter_card("2S") is None  # dealer 9: draws on
    session.enter_card("KD")  # dealer 19: a push, so the 10 paid is to be taken back, but nothing is written
    qtbot.waitUntil(lambda: bool(session.snapshot.stopped))
    assert session.snapshot.payments_unrecorded and session.snapshot.state.settlement is not None
    qtbot.waitUntil(lambda: UNRECORDED_TITLE in window.settlement.title.text())
    assert "CORRECT" not in window.settlement.title.text()
    assert window.settlement.lines == []
    shown = [w.text() for w in window.settlement.findChildren(QLabel)
             if w.isVisible() and w is not window.settlement.title]
    assert not any(MONEY_TO_MOVE.search(text) for text in shown), shown
    assert "pay nothing" in window.settlement.totals.text()
    window.grab().save(str(tmp_path / "blackjack.png"))
    session.close()
