"""An EZ table's Banker push on a three-card 7 says why, where Super 6's half pay does.

QA: the pay list read ``Banker 100.00 PUSH`` under a banner "BANKER WINS 7 TO 6", and ``settle``
printed "push, returns 100.00", with nothing to say why a winning Banker bet was not paid.
"""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal as D

from PySide6.QtGui import QFontMetrics

from dealer_assist.baccarat.paytable import EZ, STANDARD, Bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager, settle_wager
from dealer_assist.cards import parse_cards

SEVEN = ("4S", "3H", "KD", "KC", "2S", "4H")  # Player 4+2 = 6, Banker 3+0+4 = 7 with three cards


def test_the_push_is_called_with_its_reason_and_flagged_in_json():
    outcome = play(parse_cards(SEVEN)).outcome
    push = settle_wager(Wager(1, Bet.BANKER, D("100")), outcome, EZ)
    assert (push.result, push.call, push.returns) == ("push", "push (EZ: Banker 3-card 7)", D("100.00"))
    assert push.to_json()["seven_push"] is True
    tie = settle_wager(Wager(1, Bet.BANKER, D("10")), play(parse_cards("KS KH 9D 9C".split())).outcome, EZ)
    assert (tie.result, tie.call) == ("push", "push") and "seven_push" not in tie.to_json()
    assert settle_wager(Wager(1, Bet.BANKER, D("10")), outcome, STANDARD).call == "pay 9.50"


def test_the_settle_command_says_why():
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "settle", "--paytable", "ez", "--cards", *SEVEN,
                           "--bet", "1:banker:100"], capture_output=True, text=True, timeout=60, env=os.environ)
    assert proc.returncode == 0, proc.stderr
    assert "push (EZ: Banker 3-card 7), returns 100.00" in proc.stdout


def test_the_pay_list_says_why_in_a_cell_it_fits(qtbot, table_factory):
    from dealer_assist.table.state import TableRules

    from baccarat_rounds import play_round

    window = table_factory("manual", rules=TableRules(paytable=EZ))
    play_round(window.session, "5", [(1, Bet.BANKER), (2, Bet.PLAYER)], SEVEN)
    qtbot.waitUntil(lambda: window._last.version == window.session.snapshot.version, timeout=3000)
    rows = {r[0]: r for r in window.settlement.rows()}
    assert rows["1"][3] == "PUSH (EZ: BANKER 3-CARD 7)"
    table = window.settlement.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "1")
    cell = table.visualItemRect(table.item(row, 3))
    assert QFontMetrics(table.item(row, 3).font()).horizontalAdvance(rows["1"][3]) <= cell.width()
