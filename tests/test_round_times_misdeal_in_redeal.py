"""A misdeal called in the re-deal after a settled round's last card was voided (rev29 R2), and a misdeal's
own moment (rev29 R4): when the round was being played, and which time each correction is named at."""

import argparse
import json
import re
from datetime import datetime, timedelta, timezone
from decimal import Decimal as D

import pytest

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.round_times import Correction, RoundTime, played_text, round_at
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json

UTC = timezone.utc


@pytest.fixture
def voided_then_misdeal(tmp_path, monkeypatch):
    """Round 1 settled at 20:00:10 UTC, its last card voided at 20:01:01, a misdeal called at 20:03:01 in the
    re-deal, its bets carried to shoe 2 round 1 (the computer on UTC)."""
    monkeypatch.setenv("TZ", "UTC")
    import time
    time.tzset()
    path = tmp_path / "redeal.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session, D("10"))
    clock.now = FIRST + timedelta(minutes=1)
    assert session.void_last_card(why="misread") is None
    clock.now = FIRST + timedelta(minutes=3)
    assert session.void_round(why="misdeal") is None and session.new_shoe() is None
    session.close()
    yield path
    monkeypatch.undo()
    time.tzset()


def test_the_misdeal_keeps_its_own_time_in_the_json_and_the_listing(voided_then_misdeal, capsys):
    one = rounds_json(capsys, voided_then_misdeal)["rounds"][0]
    assert (one["status"], one["carried_to"]) == ("voided", "shoe 2 round 1")
    (c,) = one["corrections"]
    assert (c["misdeal"], c["taken_back"], c["misdeal_at"], c["settled_again"]) == (
        True, "2026-12-06T20:01:01.000000Z", "2026-12-06T20:03:01.000000Z", None)
    assert c["misdeal_at_local"] == "2026-12-06T20:03:01+00:00"
    assert main(["journal", "rounds", str(voided_then_misdeal)]) == 0
    assert re.search(r"voided \(corrected later: its settlement taken back at 2026-12-06T20:01:01\+00:00, then voided "
                     r"as a misdeal at 2026-12-06T20:03:01\+00:00, its bets carried to shoe 2 round 1\)$",
                     capsys.readouterr().out, flags=re.M)


def test_the_export_gives_each_correction_its_time(voided_then_misdeal, capsys):
    assert main(["journal", "export", str(voided_then_misdeal)]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert [(c["op"], c["time"]) for c in record["corrections"]] == [
        ("void_card", "2026-12-06T20:01:01.000000Z"), ("void_round", "2026-12-06T20:03:01.000000Z")]


def test_the_replay_names_the_void_and_the_misdeal(voided_then_misdeal):
    assert read_journal(voided_then_misdeal).played(1, 1) == (
        "played 2026-12-06 20:00:02 to 20:00:10, corrected at 20:01:01, voided as a misdeal at 20:03:01, its bets "
        "carried to shoe 2 round 1 (UTC+00:00)")


def test_the_redeal_before_the_misdeal_is_within_the_round(voided_then_misdeal, capsys):
    got = rounds_json(capsys, voided_then_misdeal, "--at", "2026-12-06T20:02:00Z")
    assert (got["within"], got["round"]["round"], got["again"]["misdeal_at"]) == (
        True, 1, "2026-12-06T20:03:01.000000Z")
    assert rounds_json(capsys, voided_then_misdeal, "--at", "2026-12-06T20:03:01Z")["within"] is True
    idle = rounds_json(capsys, voided_then_misdeal, "--at", "2026-12-06T20:00:30Z", code=1)
    assert (idle["within"], idle["again"]) == (False, None)  # between the end and the void: no play
    from dealer_assist.commands.display import _start_at_time

    args = argparse.Namespace(journal=str(voided_then_misdeal), at="2026-12-06T20:02:00Z", shoe=None, round=None)
    _start_at_time(args)
    assert (args.shoe, args.round) == (1, 1)
    assert "shoe 1 round 1 was being played again after a correction (played 2026-12-06 20:00:02 to 20:00:10, " \
           "corrected at 20:01:01, voided as a misdeal at 20:03:01, its bets carried to shoe 2 round 1" \
           in capsys.readouterr().err


def test_a_misdeal_called_at_once_is_within_its_round_at_its_moment_only():
    """rev29 R4: docs/JSON.md said so, and it never was."""
    one = RoundTime(1, 1, "baccarat", "voided", "2026-12-06T20:00:02Z", "2026-12-06T20:00:10Z",
                    (Correction("2026-12-06T20:05:01Z", None, True, "2026-12-06T20:05:01Z"),), "shoe 2 round 1")
    moment = datetime(2026, 12, 6, 20, 5, 1, tzinfo=UTC)
    found = round_at([one], moment, "2026-12-06T20:06:00Z")
    assert found.within is True and found.again is one.corrections[0]
    for off in (timedelta(seconds=-1), timedelta(seconds=1)):
        assert round_at([one], moment + off, "2026-12-06T20:06:00Z").within is False
    older = RoundTime(1, 1, "baccarat", "voided", "2026-12-06T20:00:02Z", "2026-12-06T20:00:10Z",
                      (Correction("2026-12-06T20:05:01Z", None, True),))  # its own time not known: the correction's
    assert round_at([older], moment, "2026-12-06T20:06:00Z").within is True
    said = played_text(older.started, older.ended, older.corrections)
    assert re.search(r"to \d\d:00:10, voided as a misdeal at \d\d:05:01 \(UTC", said), said  # no "corrected at"
