"""`journal summary` named a voided round only when a new shoe carried its bets: one left voided was "1 voided"
alone, and its JSON a count (qaAM F5), so the pit boss could not tell which round to look up.  It is named now,
as the open rounds are (JSON: ``voided_round_names`` beside the count)."""

from __future__ import annotations

import json
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import RULES, Clock


def _left_voided(path, carried: bool):
    """Round 1 settled; round 2 dealt three cards and voided as a misdeal (carried: then a new shoe)."""
    s = TableSession(RULES, journal=Journal.open(path, clock=Clock()), odds=False)
    assert s.place(1, Bet.BANKER, D("10")) is None and s.deal() is None
    for code in ("9S", "8H", "TC", "KD"):
        assert s.enter_card(code) is None
    assert s.next_round() is None
    assert s.place(2, Bet.PLAYER, D("20")) is None and s.deal() is None
    for code in ("2S", "3H", "4C"):
        assert s.enter_card(code) is None
    assert s.void_round(why="shoe fault") is None
    if carried:
        assert s.new_shoe() is None
    s.close()
    return path


def test_a_round_left_voided_is_named(tmp_path, capsys):
    path = _left_voided(tmp_path / "v.sqlite", carried=False)
    assert main(["journal", "summary", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["voided_rounds"], got["voided_round_names"], got["voided_carried"]) == (1, ["shoe 1 round 2"], [])
    assert main(["journal", "summary", str(path)]) == 0
    assert "; 1 voided (shoe 1 round 2: left voided);" in capsys.readouterr().out


def test_a_round_whose_bets_a_new_shoe_dealt_is_named_once(tmp_path, capsys):
    path = _left_voided(tmp_path / "v.sqlite", carried=True)
    assert main(["journal", "summary", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["voided_round_names"], got["voided_carried"]) == (["shoe 1 round 2"], ["shoe 1 round 2 to shoe 2 round 1"])
    assert main(["journal", "summary", str(path)]) == 0
    assert "; 1 voided (shoe 1 round 2 to shoe 2 round 1: its bets dealt there);" in capsys.readouterr().out
