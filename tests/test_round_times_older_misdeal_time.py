"""An older journal's misdeal: the supervisor's correction written at the top of the payload (``action:
void_round``) with its own ``time``, as tests/test_journal.py's ``make_journal`` writes one.  That ``time``
stood for the entry's in the export (docs/JSON.md: each correction's ``time`` is its entry's), so the
misdeal's moment differed from the settlement's taking back: the listing told two steps, ``--at`` at the
misdeal was not within the round, and a payload time of "t" was shown as a time (rev31 R8)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json


@pytest.fixture
def older_misdeal(tmp_path, monkeypatch):
    """Round 1 settled at 20:00:10 UTC; at 20:05:01 an older version's misdeal, its payload's own time 20:04:30."""
    import time
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    path = tmp_path / "older.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    session.close()
    clock.now = FIRST + timedelta(minutes=5)
    with Journal.open(path, clock=clock) as journal:
        journal.append("correction", {"round": 1, "shoe": 1, "supervisor": "ana", "action": "void_round",
                                      "target": {"round": 1}, "reason": "misdeal", "time": "2026-12-06T20:04:30Z"})
    yield path
    monkeypatch.undo()
    time.tzset()


def test_the_export_gives_the_entrys_time_and_keeps_the_payloads_apart(older_misdeal, capsys):
    assert main(["journal", "export", str(older_misdeal)]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    (c,) = record["corrections"]
    assert (c["time"], c["stated_time"], c["action"]) == (
        "2026-12-06T20:05:01.000000Z", "2026-12-06T20:04:30Z", "void_round")


def test_the_misdeal_called_at_once_is_one_step_in_the_listing_as_in_the_replay(older_misdeal, capsys):
    (c,) = rounds_json(capsys, older_misdeal)["rounds"][0]["corrections"]
    assert (c["misdeal"], c["taken_back"], c["misdeal_at"]) == (
        True, "2026-12-06T20:05:01.000000Z", "2026-12-06T20:05:01.000000Z")
    assert main(["journal", "rounds", str(older_misdeal)]) == 0
    out = capsys.readouterr().out
    assert "then voided" not in out and "voided as a misdeal at 2026-12-06T20:05:01+00:00" in out, out
    assert read_journal(older_misdeal).played(1, 1).endswith("voided as a misdeal at 20:05:01 (UTC+00:00)")


def test_at_the_misdeals_moment_is_within_the_round(older_misdeal, capsys):
    got = rounds_json(capsys, older_misdeal, "--at", "2026-12-06T20:05:01Z")
    assert (got["within"], got["round"]["round"]) == (True, 1)
