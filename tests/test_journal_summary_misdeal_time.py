"""``journal summary`` files a voided round under the time of the misdeal that voided it, the time ``journal
rounds`` names ("voided as a misdeal at", ``misdeal_at``) and the export gives that correction.  A round settled
at 20:00:10, its last card voided (V) at 20:01:01 and voided as a misdeal in the re-deal at 20:03:01 was filed
under the V's time: a shift ending at 20:02 counted a misdeal called after it, the next shift missed it."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal


def summary(capsys, path, *window) -> dict:
    assert main(["journal", "summary", str(path), "--json", *window]) == 0
    return json.loads(capsys.readouterr().out)


def misdeal_time(capsys, path) -> str:
    assert main(["journal", "rounds", str(path), "--json"]) == 0
    (one,) = json.loads(capsys.readouterr().out)["rounds"]
    return one["corrections"][0]["misdeal_at"] if one["corrections"] else None


def test_a_misdeal_called_after_a_v_counts_where_it_was_called(tmp_path, capsys):
    path = tmp_path / "v-then-misdeal.sqlite"
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    clock.now = FIRST + timedelta(minutes=1)
    assert s.void_last_card(why="misread") is None
    clock.now = FIRST + timedelta(minutes=3)
    assert s.void_round(why="misdeal") is None
    s.close()
    assert misdeal_time(capsys, path) == "2026-12-06T20:03:01.000000Z"
    before = summary(capsys, path, "--from", "2026-12-06T19:00Z", "--to", "2026-12-06T20:02Z")
    after = summary(capsys, path, "--from", "2026-12-06T20:02Z", "--to", "2026-12-06T21:00Z")
    assert (before["voided_rounds"], after["voided_rounds"]) == (0, 1)
    assert (before["corrections"], after["corrections"]) == (0, 2)   # the round's corrections go with it


def test_a_misdeal_in_the_first_play_counts_where_it_was_called_not_where_the_round_began(tmp_path, capsys):
    path = tmp_path / "first-play.sqlite"
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    assert s.place(1, Bet.BANKER, D("10")) is None and s.deal() is None
    assert s.enter_card("9S") is None
    clock.now = FIRST + timedelta(minutes=3)
    assert s.void_round(why="misdeal") is None
    s.close()
    before = summary(capsys, path, "--from", "2026-12-06T19:00Z", "--to", "2026-12-06T20:02Z")
    after = summary(capsys, path, "--from", "2026-12-06T20:02Z", "--to", "2026-12-06T21:00Z")
    assert (before["voided_rounds"], after["voided_rounds"]) == (0, 1)
