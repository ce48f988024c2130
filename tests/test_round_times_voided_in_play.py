"""A round voided as a misdeal before it was settled (Shift+V at 20:01:01), its bets carried by a new shoe to
shoe 2 round 1 (dealt at 20:03:01): the listing said "voided" alone, `--at` after the void had it "being played
(voided) ... never settled", and the replay "played from ..., not ended" (qaAM F2).  Each says now when it
was voided and where its bets went, as for a round voided after its settlement."""

from __future__ import annotations

import argparse
from datetime import timedelta
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, rounds_json, utc  # noqa: F401 (a fixture)


def _voided_in_play(path):
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    assert s.place(1, Bet.BANKER, D("10")) is None and s.deal() is None
    for code in ("9S", "8H", "TC"):
        assert s.enter_card(code) is None
    clock.now = FIRST + timedelta(minutes=1)
    assert s.void_round(why="shoe fault") is None  # at 20:01:01
    clock.now = FIRST + timedelta(minutes=2)
    assert s.new_shoe() is None
    clock.now = FIRST + timedelta(minutes=3)
    assert s.deal() is None  # shoe 2 round 1, at 20:03:01
    for code in ("9C", "8D", "TD", "KH"):
        assert s.enter_card(code) is None
    s.close()
    return path


VOIDED = "voided as a misdeal at 2026-12-06T20:01:01+00:00, its bets carried to shoe 2 round 1"


def test_the_listing_says_when_it_was_voided_and_where_its_bets_went(tmp_path, utc, capsys):
    path = _voided_in_play(tmp_path / "v.sqlite")
    first = rounds_json(capsys, path)["rounds"][0]
    assert (first["status"], first["voided_at"], first["carried_to"]) == (
        "voided", "2026-12-06T20:01:01.000000Z", "shoe 2 round 1")
    assert main(["journal", "rounds", str(path)]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.split()[:2] == ["1", "1"])
    assert row.endswith("voided (as a misdeal at 2026-12-06T20:01:01+00:00, its bets carried to shoe 2 round 1)")


def test_at_after_the_void_no_round_was_being_played(tmp_path, utc, capsys):
    path = _voided_in_play(tmp_path / "v.sqlite")
    got = rounds_json(capsys, path, "--at", "2026-12-06T20:01:30Z", code=1)
    assert (got["within"], got["round"]["round"], got["next"]["shoe"]) == (False, 1, 2)
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:01:30Z"]) == 1
    assert f"no round was being played: shoe 1 round 1 (baccarat) was {VOIDED}" in capsys.readouterr().out
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:00:30Z"]) == 0
    assert f"was being played (voided): began at 2026-12-06T20:00:02+00:00, never settled: {VOIDED}" in \
        capsys.readouterr().out


def test_the_replay_names_the_void_and_the_carry(tmp_path, utc, capsys):
    from dealer_assist.commands.display import _start_at_time

    path = _voided_in_play(tmp_path / "v.sqlite")
    played = "played from 2026-12-06 20:00:02, voided as a misdeal at 20:01:01, its bets carried to shoe 2 round 1"
    assert read_journal(path).played(1, 1) == played + " (UTC+00:00)"
    for at in ("2026-12-06T20:00:30Z", "2026-12-06T20:01:30Z"):
        args = argparse.Namespace(journal=str(path), at=at, shoe=None, round=None)
        _start_at_time(args)
        assert (args.shoe, args.round) == (1, 1)
        assert played in capsys.readouterr().err, at
