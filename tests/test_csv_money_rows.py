"""The CSV export says which rows are money: a voided round's rows name where its bets went (qaAE F2).

A misdeal voided a round, then a new shoe carried its bets to its first round, dealt there: the CSV had the same
stakes twice (the voided round's rows and the new round's), with nothing saying the first were no money, and an
accountant's SUM over the stake column disagreed with `journal summary`.  The journals here are written by real
table sessions; the sums are worked out from the stakes placed, not taken from the program.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_journal_export import deal
from test_misdeal_carried_named import RULES, misdealt_then_new_shoe


def test_a_voided_rounds_rows_name_where_its_bets_went_and_settled_rows_sum_to_the_summary(tmp_path, capsys):
    path = tmp_path / "m.sqlite"
    session = TableSession(RULES, Journal.open(path), odds=False)
    misdealt_then_new_shoe(session)  # shoe 1 round 1: Player 10; round 2: Banker 100, misdealt, carried
    assert session.deal() is None
    deal(session, "9S", "2H", "KC", "5D")  # shoe 2 round 1: the carried Banker 100 dealt and settled
    assert session.next_round() is None
    assert session.place(2, Bet.TIE, D("5")) is None  # shoe 2 round 2: bet, never dealt (the table closed)
    session.close()

    assert main(["journal", "export", str(path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    voided = [r for r in rows if r["status"] == "voided"]
    assert [(r["shoe"], r["round"], r["bet"], r["stake"], r["carried_to"]) for r in voided] == [
        ("1", "2", "banker", "100.00", "shoe 2 round 1")]
    assert all(r["carried_to"] == "" for r in rows if r["status"] != "voided")
    settled = sum(D(r["stake"]) for r in rows if r["status"] in ("settled", "complete"))
    assert settled == D("10") + D("100")  # round 1's Player 10, the Banker 100 once (shoe 2 round 1)
    assert sum(D(r["stake"]) for r in rows if r["stake"]) == settled + D("100") + D("5")  # the rows that are no money
    assert main(["journal", "summary", str(path), "--json"]) == 0
    assert D(json.loads(capsys.readouterr().out)["games"]["baccarat"]["stakes"]) == settled


def test_the_csv_doc_names_every_status_and_the_rows_that_are_money():
    """The doc an accountant reads: which rows to sum, what carried_to and an empty stake say (qaAE F2)."""
    from pathlib import Path

    from dealer_assist.table.export import CSV_COLUMNS

    text = (Path(__file__).resolve().parents[1] / "docs" / "JSON.md").read_text(encoding="utf-8")
    csv_part = " ".join(text.split("`--format csv` prints", 1)[1].split("## ", 1)[0].split())
    assert ",".join(CSV_COLUMNS) in csv_part
    for said in ("`open`", "`settled`", "`complete`", "`voided`", "`carried_over`", "`not_dealt`",
                 "Only the rows whose status is `complete` or `settled` are money settled", "`carried_to`",
                 "takes an empty one as no money"):
        assert said in csv_part, said
