"""A limit change is listed apart from a round's corrections (qaAX M1: L counted as a correction of the open round,
and a pit boss reconciling the count against signed correction slips found one too many)."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

from replayed_journals import journal_command
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

ANA = Supervisor("Ana", hash_pin("4821", n=2 ** 10))


def test_a_limit_change_is_listed_apart_and_counts_as_no_correction(tmp_path):
    path = tmp_path / "b.sqlite"
    live = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path),
                        supervisors=SupervisorRoster([ANA]), odds=False)
    assert live.place(1, Bet.BANKER, Decimal("50")) is None and live.deal() is None
    for code in ["9S", "8C"]:
        assert live.enter_card(code) is None
    assert live.void_last_card("Ana", "4821", "typo 8C was 2C") is None
    for code in ["2C", "KD", "3H"]:
        assert live.enter_card(code) is None
    assert live.next_round() is None
    assert live.set_limits({"max": {"banker": "500"}}, "Ana", "4821", "high roller left") is None
    assert live.place(1, Bet.PLAYER, Decimal("20")) is None
    live.close()

    exported = [json.loads(line) for line in journal_command(path, "export").splitlines() if line.strip()]
    rounds = {r["round"]: r for r in exported if "round" in r}
    assert [c["op"] for c in rounds[1]["corrections"]] == ["void_card"]
    assert rounds[2]["corrections"] == []
    (change,) = rounds[2]["limit_changes"]
    signed = change["correction"]
    assert (change["op"], signed["supervisor"], signed["reason"]) == ("set_limits", "Ana", "high roller left")
    rows = list(csv.DictReader(io.StringIO(journal_command(path, "export", "--format", "csv"))))
    assert {r["round"]: r["corrections"] for r in rows} == {"1": "1", "2": "0"}
    summary = json.loads(journal_command(path, "summary", "--json"))
    assert (summary["corrections"], summary["limit_changes"]) == (1, 1)
    assert "1 correction(s)" in journal_command(path, "summary")
