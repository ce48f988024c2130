"""Two misdeals under one round number (no new shoe): a settled round corrected (a card voided at 20:01:01, or
the first misdeal taking the settlement back itself), voided as a misdeal at 20:03:01, dealt again at 20:05:01,
that re-deal voided as a misdeal again at 20:06:01 and dealt again at 20:07:01.  The listing, its JSON and the
replay's line named only the last misdeal (20:06:01); both are named now, in order, each with its deal after."""

from __future__ import annotations

from datetime import timedelta

import pytest

from dealer_assist.cli import main
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_round_times import FIRST, RULES, Clock, _deal, rounds_json


@pytest.fixture
def utc(monkeypatch):
    import time
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _two_misdeals(path, first_void_card: bool, deal_last_again: bool = True):
    clock = Clock()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    if first_void_card:
        clock.now = FIRST + timedelta(minutes=1)
        assert s.void_last_card(why="misread") is None
    clock.now = FIRST + timedelta(minutes=3)
    assert s.void_round(why="misdeal") is None
    clock.now = FIRST + timedelta(minutes=5)
    assert s.deal() is None
    for code in ("2S", "3H"):
        assert s.enter_card(code) is None
    clock.now = FIRST + timedelta(minutes=6)
    assert s.void_round(why="misdeal again") is None
    if deal_last_again:
        clock.now = FIRST + timedelta(minutes=7)
        assert s.deal() is None
        for code in ("2S", "3H", "4C", "5D"):
            assert s.enter_card(code) is None
    s.close()
    return path


STEPS = ("voided as a misdeal at {}20:03:01{z}, dealt again at {}20:05:01{z}, voided as a misdeal at {}20:06:01{z}, "
         "dealt again at {}20:07:01{z}")


@pytest.mark.parametrize("first_void_card", [True, False])
def test_the_listing_names_both_misdeals_in_order(tmp_path, utc, capsys, first_void_card):
    path = _two_misdeals(tmp_path / "two.sqlite", first_void_card)
    assert main(["journal", "rounds", str(path)]) == 0
    day = "2026-12-06T"
    taken = f"its settlement taken back at {day}20:01:01+00:00, then " if first_void_card else ""
    steps = STEPS.format(day, day, day, day, z="+00:00")
    assert (f"(corrected later: {taken}{steps}, settled again at {day}20:07:08+00:00)"
            in capsys.readouterr().out)


@pytest.mark.parametrize("first_void_card", [True, False])
def test_the_json_lists_each_misdeal_with_the_last_as_before(tmp_path, utc, capsys, first_void_card):
    path = _two_misdeals(tmp_path / "two.sqlite", first_void_card)
    (c,) = rounds_json(capsys, path)["rounds"][0]["corrections"]
    assert [(m["at"], m["dealt_again"]) for m in c["misdeals"]] == [
        ("2026-12-06T20:03:01.000000Z", "2026-12-06T20:05:01.000000Z"),
        ("2026-12-06T20:06:01.000000Z", "2026-12-06T20:07:01.000000Z")]
    assert (c["misdeal_at"], c["dealt_again"], c["settled_again"]) == (
        "2026-12-06T20:06:01.000000Z", "2026-12-06T20:07:01.000000Z", "2026-12-06T20:07:08.000000Z")


@pytest.mark.parametrize("first_void_card", [True, False])
def test_the_replay_line_names_both_misdeals_in_order(tmp_path, utc, first_void_card):
    path = _two_misdeals(tmp_path / "two.sqlite", first_void_card)
    corrected = "corrected at 20:01:01, " if first_void_card else ""
    assert read_journal(path).played(1, 1) == (
        f"played 2026-12-06 20:00:02 to 20:00:10, {corrected}{STEPS.format('', '', '', '', z='')}, "
        "settled again at 20:07:08 (UTC+00:00)")


def test_a_second_misdeal_not_dealt_again_ends_the_steps(tmp_path, utc, capsys):
    path = _two_misdeals(tmp_path / "two.sqlite", True, deal_last_again=False)
    assert read_journal(path).played(1, 1) == (
        "played 2026-12-06 20:00:02 to 20:00:10, corrected at 20:01:01, voided as a misdeal at 20:03:01, "
        "dealt again at 20:05:01, voided as a misdeal at 20:06:01 (UTC+00:00)")
    (c,) = rounds_json(capsys, path)["rounds"][0]["corrections"]
    assert [(m["at"], m["dealt_again"]) for m in c["misdeals"]] == [
        ("2026-12-06T20:03:01.000000Z", "2026-12-06T20:05:01.000000Z"), ("2026-12-06T20:06:01.000000Z", None)]


def test_one_misdeal_lists_one(tmp_path, utc, capsys):
    clock = Clock()
    path = tmp_path / "one.sqlite"
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(s)
    clock.now = FIRST + timedelta(minutes=3)
    assert s.void_round(why="misdeal") is None
    s.close()
    (c,) = rounds_json(capsys, path)["rounds"][0]["corrections"]
    assert c["misdeals"] == [{"at": "2026-12-06T20:03:01.000000Z", "dealt_again": None,
                              "at_local": "2026-12-06T20:03:01+00:00", "dealt_again_local": None}]
