"""Round 1 settled, N at 20:01:01 opened round 2 (nothing placed on it), a V at 20:02:01 took the table back to
round 1, settled again: the same table state at 20:01:30 was round 2's play (open) in a journal where no N came
after, and no round's where N was pressed again at 20:05:01 (its start taken there: qaAM F4).  One rule now: a
round begins at its first N, as every round's play begins at the N that opens its bets."""

from __future__ import annotations

from datetime import timedelta

import pytest

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json, utc  # noqa: F401 (a fixture)


def _n_then_v(path, n_again: bool):
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    clock.now = FIRST + timedelta(minutes=1)
    assert s.next_round() is None  # 20:01:01
    clock.now = FIRST + timedelta(minutes=2)
    assert s.void_last_card(why="misread") is None  # 20:02:01, round 1 again
    assert s.enter_card("KD") is None
    if n_again:
        clock.now = FIRST + timedelta(minutes=5)
        assert s.next_round() is None  # 20:05:01
    s.close()
    return path


@pytest.mark.parametrize("n_again", [False, True])
def test_the_round_n_opened_begins_at_its_first_n(tmp_path, utc, capsys, n_again):
    path = _n_then_v(tmp_path / "n.sqlite", n_again)
    second = rounds_json(capsys, path)["rounds"][1]
    assert (second["round"], second["started"]) == (2, "2026-12-06T20:01:01.000000Z")
    got = rounds_json(capsys, path, "--at", "2026-12-06T20:01:30Z")
    assert (got["within"], got["round"]["round"], got["round"]["status"]) == (True, 2, "open")
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:01:30Z"]) == 0
    assert capsys.readouterr().out.startswith(
        "at 2026-12-06T20:01:30+00:00 shoe 1 round 2 (baccarat) was being played (open): began at "
        "2026-12-06T20:01:01+00:00")
    assert read_journal(path).played(1, 2).startswith("played from 2026-12-06 20:01:01")
