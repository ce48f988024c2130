"""A misdeal called in the re-deal (V at 20:01:01, misdeal at 20:03:01, no new shoe), the round then dealt again
under its number at 20:05:01: left open, the listing said "its settlement taken back at 20:01:01, not settled
again" (no misdeal) while the replay said "voided as a misdeal at 20:03:01" of a round being dealt; settled
again, neither named the misdeal (rev31 R9).  Both name it now as a step, with the deal after it."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json, utc  # noqa: F401 (a fixture)


def _dealt_again(path, settle: bool):
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    clock.now = FIRST + timedelta(minutes=1)
    assert s.void_last_card(why="misread") is None
    clock.now = FIRST + timedelta(minutes=3)
    assert s.void_round(why="misdeal") is None
    clock.now = FIRST + timedelta(minutes=5)
    assert s.deal() is None   # at 20:05:01
    for code in ("2S", "3H", "4C", "5D") if settle else ("2S", "3H"):
        assert s.enter_card(code) is None
    s.close()
    return path


@pytest.mark.parametrize("settle", [False, True])
def test_the_listing_and_the_replay_name_the_misdeal_and_the_deal_after_it(tmp_path, utc, capsys, settle):
    path = _dealt_again(tmp_path / "again.sqlite", settle)
    (c,) = rounds_json(capsys, path)["rounds"][0]["corrections"]
    assert (c["taken_back"], c["misdeal"], c["misdeal_at"], c.get("dealt_again")) == (
        "2026-12-06T20:01:01.000000Z", True, "2026-12-06T20:03:01.000000Z", "2026-12-06T20:05:01.000000Z")
    assert (c["settled_again"] is not None) is settle
    then = "settled again at 20:05:08" if settle else "not settled again"
    assert read_journal(path).played(1, 1) == (
        "played 2026-12-06 20:00:02 to 20:00:10, corrected at 20:01:01, voided as a misdeal at 20:03:01, "
        f"dealt again at 20:05:01, {then} (UTC+00:00)")
    assert main(["journal", "rounds", str(path)]) == 0
    then = "settled again at 2026-12-06T20:05:08+00:00" if settle else "not settled again"
    assert ("(corrected later: its settlement taken back at 2026-12-06T20:01:01+00:00, then voided as a misdeal at "
            f"2026-12-06T20:03:01+00:00, dealt again at 2026-12-06T20:05:01+00:00, {then})") in capsys.readouterr().out


def test_the_export_says_when_the_misdeal_was_dealt_again(tmp_path, utc, capsys):
    path = _dealt_again(tmp_path / "again.sqlite", False)
    assert main(["journal", "export", str(path)]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert [(c["op"], c.get("dealt_again")) for c in record["corrections"]] == [
        ("void_card", None), ("void_round", "2026-12-06T20:05:01.000000Z")]


def test_the_redeal_is_within_the_round_from_the_correction_on(tmp_path, utc, capsys):
    path = _dealt_again(tmp_path / "again.sqlite", False)
    for at in ("2026-12-06T20:02:00Z", "2026-12-06T20:04:00Z", "2026-12-06T20:05:03Z"):
        got = rounds_json(capsys, path, "--at", at)
        assert (got["within"], got["round"]["round"], (got["again"] or {}).get("dealt_again")) == (
            True, 1, "2026-12-06T20:05:01.000000Z"), at
