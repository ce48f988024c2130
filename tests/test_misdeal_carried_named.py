"""A misdeal, then a new shoe before the deal (qaZ F7): the pay list names the round whose payment it undoes
(it said "ROUND 1", the new shoe's), the export says where the voided round's bets went (``carried_to``), and
the summary no longer counts its settlement as settled again (its bets were settled as the new shoe's round)."""

from __future__ import annotations

import json
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from test_journal_export import deal, exported

RULES = TableRules(shoe=ShoeRules(burn=False))


def misdealt_then_new_shoe(session: TableSession) -> None:
    """Shoe 1 round 2: Banker 100 paid 95.00, then a misdeal (Shift+V), then Ctrl+N before the deal."""
    assert session.place(1, Bet.PLAYER, D("10")) is None and session.deal() is None
    deal(session, "2S", "3H", "KD", "5C")  # round 1: Banker 8 natural
    assert session.next_round() is None
    assert session.place(1, Bet.BANKER, D("100")) is None and session.deal() is None
    deal(session, "3C", "9H", "4C", "KS")  # BANKER WINS 9 TO 7: 95.00 paid
    assert session.void_round(why="misdeal") is None
    assert session.new_shoe() is None


def test_the_undo_list_names_the_round_it_undoes(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)
    misdealt_then_new_shoe(window.session)
    view = window.settlement

    def named():
        assert window._last.state.shoe_no == 2
        assert view._title.startswith("SHOE 1 ROUND 2: MISDEAL: UNDO THE PAYMENT"), view._title
        assert "shoe 1 round 2" in view.totals.text() and "round 1" in view.totals.text()
        assert [line[3] for line in view.rows()] == ["TAKE BACK 95.00"]
    qtbot.waitUntil(named, timeout=3000)


def test_export_and_summary_name_the_carry_and_a_restart_keeps_the_round(tmp_path, capsys):
    path = tmp_path / "m.sqlite"
    session = TableSession(RULES, Journal.open(path), odds=False)
    misdealt_then_new_shoe(session)
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.state.shoe_no == 2 and again.state.paid_in == (1, 2)  # restarted from the new shoe's entry
    assert again.deal() is None and again.state.paid_in is None
    deal(again, "9S", "2H", "KC", "5D")  # shoe 2 round 1: Player 9 wins, the Banker 100 loses
    again.close()

    rounds = {(r["shoe"], r["round"]): r for r in exported(path)}
    old = rounds[(1, 2)]
    assert old["status"] == "voided" and old["carried_to"] == {"shoe": 2, "round": 1}
    assert rounds[(2, 1)]["status"] in ("settled", "complete")

    assert main(["journal", "summary", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["voided_rounds"], got["settlements_taken_back"], got["settlements_voided"]) == (1, 1, 1)
    assert got["voided_carried"] == ["shoe 1 round 2 to shoe 2 round 1"]
    assert main(["journal", "summary", str(path)]) == 0
    text = capsys.readouterr().out
    assert "settled again" not in text and "1 taken back by a misdeal" in text, text
    assert "shoe 1 round 2 to shoe 2 round 1" in text, text
