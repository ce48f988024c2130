"""Round 1 settled at 20:00:10, N at 20:01:01 began round 2, a V at 20:02:01 reopened round 1: its re-deal was
being played until a misdeal (20:04:01) or its settling again.  ``--at`` in between named round 2, the round
begun last, and never round 1's re-deal (rev31 R7); it names the re-deal now, and round 2 (open) too."""

from __future__ import annotations

import argparse
from datetime import timedelta

import pytest

from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json, utc  # noqa: F401 (a fixture)


def _reopened_after_next(path, misdeal: bool):
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    clock.now = FIRST + timedelta(minutes=1)
    assert s.next_round() is None
    clock.now = FIRST + timedelta(minutes=2)
    assert s.void_last_card(why="misread") is None
    clock.now = FIRST + timedelta(minutes=4)
    if misdeal:
        assert s.void_round(why="misdeal") is None
    else:
        assert s.enter_card("KD") is None
    s.close()
    return path


@pytest.mark.parametrize("misdeal", [True, False])
def test_at_in_the_redeal_names_the_reopened_round_and_the_round_begun_after_it(tmp_path, utc, capsys, misdeal):
    path = _reopened_after_next(tmp_path / "n.sqlite", misdeal)
    got = rounds_json(capsys, path, "--at", "2026-12-06T20:03:00Z")
    assert got["within"] is True
    assert (got["round"]["round"], got["again"]["taken_back"]) == (1, "2026-12-06T20:02:01.000000Z"), got["round"]
    assert got["again"]["misdeal"] is misdeal
    assert (got["also"]["round"], got["also"]["status"]) == (2, "open")
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:03:00Z"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "shoe 1 round 1 (baccarat) was being played again after a correction" in first, first
    assert "shoe 1 round 2 (baccarat), begun at 2026-12-06T20:01:01+00:00, was being played too (open)" in first, first


def test_before_the_v_the_round_begun_by_n_alone_is_named(tmp_path, utc, capsys):
    path = _reopened_after_next(tmp_path / "n.sqlite", True)
    got = rounds_json(capsys, path, "--at", "2026-12-06T20:01:30Z")
    assert (got["round"]["round"], got["again"], got["also"]) == (2, None, None)


def test_the_replay_at_the_redeal_replays_the_reopened_round(tmp_path, utc, capsys):
    from dealer_assist.commands.display import _start_at_time

    path = _reopened_after_next(tmp_path / "n.sqlite", True)
    args = argparse.Namespace(journal=str(path), at="2026-12-06T20:03:00Z", shoe=None, round=None)
    _start_at_time(args)
    assert (args.shoe, args.round) == (1, 1)
    err = capsys.readouterr().err
    assert "round 1 was being played again after a correction" in err and "shoe 1 round 2 was being played too" in err
