"""Auto-play bets within the table's limits (qaAX L1: it placed 5.00 whatever the minimums, so a table with a
minimum of 10 stopped at once, "auto-play stopped: seat 1 Banker 5.00 is below the Banker minimum")."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402

from dealer_assist.baccarat.bets import TableLimits  # noqa: E402
from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.shoe import ShoeRules  # noqa: E402
from dealer_assist.sources.virtual import VirtualShoe  # noqa: E402
from dealer_assist.table.blackjack_session import BlackjackSession  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackTableRules  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.table.state import TableRules  # noqa: E402
from dealer_assist.ui.blackjack.window import BlackjackWindow  # noqa: E402


def test_baccarat_auto_play_deals_at_a_table_whose_minimums_are_above_the_chip(qtbot, table_factory):
    limits = TableLimits().with_changes({"min": {"banker": "10", "player": "10", "tie": "7.50"}})
    window = table_factory("sim", rules=TableRules(shoe=ShoeRules(burn=False), limits=limits))
    assert window.session.snapshot.chip < Decimal("10")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    session = window.session
    qtbot.waitUntil(lambda: session.state.phase != "betting" or not window.options.auto, timeout=8000)
    assert window.options.auto, session.snapshot.message
    stakes = dict(session.state.betting.layout.stakes)
    assert stakes[(1, Bet.BANKER)] == Decimal("10.00") and stakes[(2, Bet.PLAYER)] == Decimal("10.00")
    assert stakes[(3, Bet.TIE)] == Decimal("7.50")
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)


def test_blackjack_auto_play_bets_within_the_seat_limits(qtbot, show_window, tmp_path):
    session = BlackjackSession(BlackjackTableRules(seats=3, min_bet=Decimal("50"), max_bet=Decimal("500")),
                               Journal.open(tmp_path / "bj.sqlite"))
    shoe = VirtualShoe(decks=1, seed=3, interval=3600, demand=session.card_due)
    window = show_window(BlackjackWindow(session, shoe, auto_pause=0.05))
    try:
        qtbot.keyClick(window, Qt.Key.Key_A)
        qtbot.waitUntil(lambda: session.state.bets != () or not window.auto, timeout=3000)
        assert window.auto, session.snapshot.message
        assert all(stake >= Decimal("50") for _, stake in session.state.bets)
        qtbot.keyClick(window, Qt.Key.Key_A)
    finally:
        window.bridge.detach()
        session.close()
