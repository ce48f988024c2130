"""`--at` with a fraction of a second is the moment as typed: the answer printed it cut to the second, so
"at 14:32:16 no round was being played: round 8 had ended at 14:32:16; round 9 began at 14:32:16" read as a
contradiction (qaAM F3).  The moment is shown with its fraction, and the times it is told against with theirs."""

from __future__ import annotations

import argparse
from datetime import timedelta

from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, utc  # noqa: F401 (a fixture)


def _two_rounds_in_a_second(path):
    """Round 1 ends before 20:00:05, round 2 begins at 20:00:05.2 (entries 0.2 s apart)."""
    clock = Clock(step=timedelta(milliseconds=200))
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    with Journal.open(path, readonly=True) as journal:
        ended = [e.time for e in journal.entries() if e.kind == "round_end"][-1]
    clock.now = FIRST.replace(second=5)  # the next entry, N's, at 20:00:05.2
    assert ended < "2026-12-06T20:00:05"
    assert s.next_round() is None
    s.close()
    return path


def test_the_moment_asked_is_shown_with_its_fraction(tmp_path, utc, capsys):
    path = _two_rounds_in_a_second(tmp_path / "f.sqlite")
    assert main(["journal", "rounds", str(path), "--at", "2026-12-06T20:00:05.1Z"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("at 2026-12-06T20:00:05.1+00:00 no round was being played: shoe 1 round 1"), first
    assert first.endswith("; shoe 1 round 2 (baccarat) began at 2026-12-06T20:00:05.2+00:00"), first


def test_the_replay_note_shows_the_fraction_too(tmp_path, utc, capsys):
    from dealer_assist.commands.display import _start_at_time

    path = _two_rounds_in_a_second(tmp_path / "f.sqlite")
    _start_at_time(argparse.Namespace(journal=str(path), at="2026-12-06T20:00:04.25Z", shoe=None, round=None))
    assert "at 2026-12-06T20:00:04.25+00:00 " in capsys.readouterr().err
