"""Surveillance goes from a wall-clock time to a round, and the replay shows when its round was played (qaAE F1).

"What happened at table 3 at 21:14?": the footage has a clock, the journal rounds.  Before, no command took a
time (`journal summary --from/--to` summed a window without naming its rounds) and the replay showed no time:
the CSV's UTC columns had to be filtered by hand.  The journals here are written by real table sessions on a
clock the test sets (each round minutes apart, its entries a second apart), read in the pit's time zone
(Europe/Paris, UTC+01:00 in December).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal as D
from typing import Optional
from pathlib import Path

import pytest

from test_replay_blackjack import recorded  # noqa: F401 (the real blackjack journal of that module)
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

ROOT = Path(__file__).resolve().parents[1]
RULES = TableRules(shoe=ShoeRules(burn=False))
#: Round n begins at 20:00 UTC + 10 minutes × (n - 1): 21:00, 21:10, 21:20 in Paris.
FIRST = datetime(2026, 12, 6, 20, 0, tzinfo=timezone.utc)


class Clock:
    """The journal's clock: ``step`` an entry (a second), from the time the test sets (``start``, :data:`FIRST`)."""

    def __init__(self, start: Optional[datetime] = None, step: timedelta = timedelta(seconds=1)) -> None:
        self.now = start or FIRST
        self.step = step

    def __call__(self) -> str:
        self.now += self.step
        return self.now.isoformat(timespec="microseconds").replace("+00:00", "Z")


def _in_zone(monkeypatch, zone: str):
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def paris(monkeypatch):
    yield from _in_zone(monkeypatch, "Europe/Paris")


@pytest.fixture
def utc(monkeypatch):
    yield from _in_zone(monkeypatch, "UTC")


@pytest.fixture
def three_rounds(tmp_path):
    """A baccarat table's journal: three rounds settled, ten minutes apart."""
    path = tmp_path / "table3.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    for n in range(3):
        clock.now = FIRST + timedelta(minutes=10 * n)
        if n:
            assert session.next_round() is None
        assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
        for code in ("9S", "8H", "TC", "KD"):
            if session.state.phase == TablePhase.DEALING:
                assert session.enter_card(code) is None
        assert session.state.phase == TablePhase.SETTLED
    session.close()
    return path


def rounds_json(capsys, path, *options, code=0) -> dict:
    assert main(["journal", "rounds", str(path), "--json", *options]) == code
    return json.loads(capsys.readouterr().out)


def test_each_round_is_listed_with_its_times_in_local_time(three_rounds, paris, capsys):
    got = rounds_json(capsys, three_rounds)["rounds"]
    assert [(r["shoe"], r["round"], r["status"]) for r in got] == [(1, 1, "complete"), (1, 2, "complete"),
                                                                  (1, 3, "complete")]
    for n, r in enumerate(got):
        begun = datetime.fromisoformat(r["started"].replace("Z", "+00:00"))
        assert FIRST + timedelta(minutes=10 * n) < begun < FIRST + timedelta(minutes=10 * n + 1)
        assert r["started_local"] == begun.astimezone(timezone(timedelta(hours=1))).isoformat(timespec="seconds")
        assert r["started_local"].endswith("+01:00") and r["started_local"].startswith(f"2026-12-06T21:{n}0:")
        assert r["ended"] > r["started"]
    assert main(["journal", "rounds", str(three_rounds)]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^\s+1\s+2\s+baccarat\s+2026-12-06T21:10:\d\d\+01:00\s+2026-12-06T21:10:\d\d\+01:00\s+complete$",
                     text, flags=re.M), text


def test_at_names_the_round_being_played_then_with_the_replay_to_run(three_rounds, paris, capsys):
    got = rounds_json(capsys, three_rounds, "--at", "2026-12-06T21:10:05+01:00")
    assert got["within"] is True and (got["round"]["shoe"], got["round"]["round"]) == (1, 2)
    utc = rounds_json(capsys, three_rounds, "--at", "2026-12-06T20:20:05")  # no offset: UTC, as summary's
    assert (utc["round"]["round"], utc["within"]) == (3, True)
    assert main(["journal", "rounds", str(three_rounds), "--at", "2026-12-06T21:10:05+01:00"]) == 0
    text = capsys.readouterr().out
    assert "at 2026-12-06T21:10:05+01:00 shoe 1 round 2 (baccarat) was being played" in text
    assert f"replay it: dealer-assist replay {three_rounds} --shoe 1 --round 2" in text


def test_a_moment_between_rounds_or_before_the_first_names_the_rounds_either_side(three_rounds, paris, capsys):
    between = rounds_json(capsys, three_rounds, "--at", "2026-12-06T21:05+01:00", code=1)
    assert between["within"] is False
    assert (between["round"]["round"], between["next"]["round"]) == (1, 2)
    assert main(["journal", "rounds", str(three_rounds), "--at", "2026-12-06T21:05+01:00"]) == 1
    text = capsys.readouterr().out
    assert "no round was being played: shoe 1 round 1 (baccarat) had ended at 2026-12-06T21:00:" in text
    assert "shoe 1 round 2 (baccarat) began at 2026-12-06T21:10:" in text
    before = rounds_json(capsys, three_rounds, "--at", "2026-12-06T20:59+01:00", code=1)
    assert before["round"] is None and before["next"]["round"] == 1
    assert main(["journal", "rounds", str(three_rounds), "--at", "at nine"]) == 2
    assert "'at nine' cannot be read" in capsys.readouterr().err


def test_from_and_to_list_the_rounds_begun_between_them(three_rounds, capsys):
    got = rounds_json(capsys, three_rounds, "--from", "2026-12-06T21:05+01:00", "--to", "2026-12-06T20:15")
    assert [r["round"] for r in got["rounds"]] == [2]
    assert main(["journal", "rounds", str(three_rounds), "--at", "2026-12-06T20:15", "--from", "2026-12-06T20:00"]) == 2


def test_replay_at_begins_at_the_round_being_played_then(three_rounds, paris):
    from dealer_assist.commands.display import _start_at_time

    args = argparse.Namespace(journal=str(three_rounds), at="2026-12-06T21:20:03+01:00", shoe=None, round=None)
    _start_at_time(args)
    assert (args.shoe, args.round) == (1, 3)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(three_rounds), "--at",
                          "2026-12-06T19:00", "--quit-after", "0"], capture_output=True, text=True, timeout=120,
                         env=env)
    assert out.returncode == 2 and "no round of" in out.stderr and "had begun by then" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_replay_shows_when_its_round_was_played(three_rounds, paris, show_window, qtbot):
    from test_replay_keys import baccarat_synced, open_baccarat_replay, step_until

    journal = read_journal(three_rounds)
    assert re.fullmatch(r"played 2026-12-06 21:10:\d\d to 21:10:\d\d \(UTC\+01:00\)", journal.played(1, 2))
    table = open_baccarat_replay(three_rounds, show_window)
    try:
        window, source = table.window, table.source
        step_until(source, lambda: table.session.state.round_no == 2)
        baccarat_synced(qtbot, window)
        assert window.status.played.isVisible()
        assert window.status.played.text() == "Round 2 " + journal.played(1, 2)
    finally:
        table.close()


def test_the_blackjack_replay_shows_when_its_round_was_played(recorded, paris, show_window, qtbot):
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    path, _ = recorded
    journal = read_journal(path)
    table = open_blackjack_replay(journal, interval=3600, start=False)
    try:
        window = show_window(table.window)
        table.source.set_sink(table.session.handle)
        table.source.step()
        qtbot.waitUntil(lambda: "deck 1 round 1 played 20" in window.replay_status.text(), timeout=2000)
        assert journal.played(1, 1) in window.replay_status.text()
    finally:
        table.close()


def _deal(session, stake=D("10")):
    assert session.place(1, Bet.BANKER, stake) is None and session.deal() is None
    for code in ("9S", "8H", "TC", "KD"):
        if session.state.phase == TablePhase.DEALING:
            assert session.enter_card(code) is None


@pytest.fixture
def closed_after_next(tmp_path):
    """A night's journal: round 1 settled at 21:00 (Paris), N pressed at 21:01 for round 2, table closed."""
    path = tmp_path / "night.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    clock.now = FIRST + timedelta(minutes=1)
    assert session.next_round() is None
    session.close()
    return path


def test_a_moment_after_the_journals_last_entry_is_within_no_round(closed_after_next, paris, capsys):
    """rev24 E6: round 2, opened by N and never ended, was "being played" (exit 0) at any later moment, the
    next morning too, though the journal records nothing after 21:01:01."""
    morning = rounds_json(capsys, closed_after_next, "--at", "2026-12-07T09:00+01:00", code=1)
    assert morning["within"] is False and morning["after_end"] is True and morning["round"]["round"] == 2
    assert morning["journal_end"] == "2026-12-06T20:01:01.000000Z"
    assert main(["journal", "rounds", str(closed_after_next), "--at", "2026-12-07T09:00+01:00"]) == 1
    text = capsys.readouterr().out
    assert "no round was being played that" in text and "the journal ends at 2026-12-06T21:01:01+01:00" in text
    assert "was being played (" not in text
    # up to its last entry the open round is the one in play, as before
    last = rounds_json(capsys, closed_after_next, "--at", "2026-12-06T21:01:01+01:00")
    assert last["within"] is True and last["after_end"] is False and last["round"]["round"] == 2


def test_replay_at_after_the_journals_last_entry_says_where_the_journal_ends(closed_after_next, paris, capsys):
    from dealer_assist.commands.display import _start_at_time

    args = argparse.Namespace(journal=str(closed_after_next), at="2026-12-07T09:00+01:00", shoe=None, round=None)
    _start_at_time(args)
    err = capsys.readouterr().err
    assert (args.shoe, args.round) == (1, 2)
    assert "no round was being played" in err and "the journal ends at 2026-12-06T21:01:01+01:00" in err


@pytest.fixture
def corrected_later(tmp_path):
    """Round 1 settled at 21:00 (Paris), its bets reopened at 21:30 and settled again; round 2 at 21:40."""
    path = tmp_path / "corrected.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    clock.now = FIRST + timedelta(minutes=30)
    assert session.correct_bets(why="wrong bet") is None
    assert session.place(1, Bet.PLAYER, D("10")) is None and session.remove(1, Bet.BANKER, D("10")) is None
    assert session.deal() is None and session.state.phase == TablePhase.SETTLED
    clock.now = FIRST + timedelta(minutes=40)
    assert session.next_round() is None
    _deal(session)
    session.close()
    return path


def test_a_round_corrected_later_was_played_until_its_first_end_and_the_correction_is_named(corrected_later, paris,
                                                                                             capsys):
    """rev24 E2: round 1, ended at 21:00:09 and corrected at 21:30, was "being played" until 21:30:07."""
    idle = rounds_json(capsys, corrected_later, "--at", "2026-12-06T21:15+01:00", code=1)
    assert idle["within"] is False and idle["round"]["round"] == 1 and idle["next"]["round"] == 2
    one = idle["round"]
    assert one["ended"] < "2026-12-06T20:01" and one["corrected"] == "2026-12-06T20:30:01.000000Z"
    assert one["settled_again"] > one["corrected"] and one["status"] == "complete"
    assert main(["journal", "rounds", str(corrected_later), "--at", "2026-12-06T21:15+01:00"]) == 1
    text = capsys.readouterr().out
    assert "no round was being played: shoe 1 round 1 (baccarat) had ended at 2026-12-06T21:00:" in text
    assert "corrected later: its settlement taken back at 2026-12-06T21:30:01+01:00, settled again at" in text
    played = read_journal(corrected_later).played(1, 1)
    assert re.fullmatch(r"played 2026-12-06 21:00:\d\d to 21:00:\d\d, corrected at 21:30:01, settled again at "
                        r"21:30:\d\d \(UTC\+01:00\)", played), played


def test_the_replays_times_across_a_change_of_summer_time_each_have_their_offset(paris):
    """rev24 E1: "played 2026-10-25 02:59:50 to 02:00:20 (UTC+02:00)": the end, in winter time, was labelled
    with the summer offset of the start, and the round seemed to end before it began."""
    from dealer_assist.table.round_times import played_text

    assert played_text("2026-10-25T00:59:50Z", "2026-10-25T01:00:20Z") == \
        "played 2026-10-25 02:59:50 (UTC+02:00) to 02:00:20 (UTC+01:00)"
    assert played_text("2026-12-06T20:00:01Z", "2026-12-06T20:00:09Z") == "played 2026-12-06 21:00:01 to 21:00:09 (UTC+01:00)"


def test_a_time_given_without_an_offset_is_echoed_as_read_in_utc(three_rounds, paris, capsys):
    """rev24 E8: `replay --at` said nothing when the time fell within a round, so a time read off local footage
    and typed without its offset (read as UTC) replayed a round an hour off without a word."""
    from dealer_assist.commands.display import _start_at_time

    args = argparse.Namespace(journal=str(three_rounds), at="2026-12-06T20:20:03", shoe=None, round=None)
    _start_at_time(args)
    err = capsys.readouterr().err
    assert "at 2026-12-06T21:20:03+01:00 (--at 2026-12-06T20:20:03 gave no offset: read as UTC) shoe 1 round 3 " \
           "was being played (played 2026-12-06 21:20:" in err
    args = argparse.Namespace(journal=str(three_rounds), at="2026-12-06T21:20:03+01:00", shoe=None, round=None)
    _start_at_time(args)
    err = capsys.readouterr().err
    assert "at 2026-12-06T21:20:03+01:00 shoe 1 round 3 was being played" in err and "no offset" not in err
    assert main(["journal", "rounds", str(three_rounds), "--at", "2026-12-06T20:20:03"]) == 0
    assert "(--at 2026-12-06T20:20:03 gave no offset: read as UTC)" in capsys.readouterr().out


def test_the_replays_start_event_names_the_round_at_found(closed_after_next, tmp_path):
    """rev24 E6 addendum: `replay --at ... --json` began at a round its start event did not name."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", TZ="Europe/Paris",
               XDG_DATA_HOME=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(closed_after_next), "--at",
                          "2030-01-01T00:00Z", "--quit-after", "0", "--json"], capture_output=True, text=True,
                         timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[0])["start"] == {"shoe": 1, "round": 2}
    assert "the journal ends at 2026-12-06T21:01:01+01:00" in out.stderr


@pytest.fixture
def last_card_dealt_again(tmp_path):
    """Round 1 settled at 21:00:10 (Paris) on a misread last card (5C), V at 21:00:31, the right card (9C)
    typed at 21:00:41 and the round settled again; round 2 at 21:05."""
    path = tmp_path / "misread.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    for code in ("9S", "KH", "QD", "5C"):
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED
    clock.now = FIRST + timedelta(seconds=30)
    assert session.void_last_card(why="misread: it was the 9 of clubs") is None
    clock.now = FIRST + timedelta(seconds=40)
    assert session.enter_card("9C") is None and session.state.phase == TablePhase.SETTLED
    clock.now = FIRST + timedelta(minutes=5)
    assert session.next_round() is None
    session.close()
    return path


def test_a_moment_while_a_misread_last_card_is_dealt_again_is_within_its_round(last_card_dealt_again, paris,
                                                                               capsys):
    """rev27 F2: a baccarat round settles on its last card, so a misread one fixed with V is a correction after
    the end: a moment while the croupier dealt the right card was "no round was being played" (exit 1)."""
    from dealer_assist.commands.display import _start_at_time

    got = rounds_json(capsys, last_card_dealt_again, "--at", "2026-12-06T21:00:35+01:00")
    one = got["round"]
    assert got["within"] is True and one["round"] == 1 and one["ended"] < one["corrected"] < one["settled_again"]
    assert got["again"]["taken_back"] == one["corrected"] == "2026-12-06T20:00:31.000000Z"
    assert one["corrections"] == [got["again"]]
    idle = rounds_json(capsys, last_card_dealt_again, "--at", "2026-12-06T21:00:20+01:00", code=1)
    assert idle["within"] is False and idle["again"] is None  # between its first end and the correction
    assert rounds_json(capsys, last_card_dealt_again, "--at", "2026-12-06T21:01:00+01:00", code=1)["within"] is False
    assert main(["journal", "rounds", str(last_card_dealt_again), "--at", "2026-12-06T21:00:35+01:00"]) == 0
    assert "shoe 1 round 1 (baccarat) was being played again after a correction (complete)" in capsys.readouterr().out
    args = argparse.Namespace(journal=str(last_card_dealt_again), at="2026-12-06T21:00:35+01:00", shoe=None,
                              round=None)
    _start_at_time(args)
    assert (args.shoe, args.round) == (1, 1)
    assert "shoe 1 round 1 was being played again after a correction (played 2026-12-06 21:00:02 to 21:00:10, " \
           "corrected at 21:00:31, settled again at 21:00:" in capsys.readouterr().err
    args = argparse.Namespace(journal=str(last_card_dealt_again), at="2026-12-06T21:00:20+01:00", shoe=None,
                              round=None)
    _start_at_time(args)  # the idle moment: the replay names the correction too
    assert "no round was being played: shoe 1 round 1 was played 2026-12-06 21:00:02 to 21:00:10, corrected at " \
           "21:00:31" in capsys.readouterr().err


def test_the_listing_marks_a_round_corrected_after_its_end(last_card_dealt_again, paris, capsys):
    """rev27 F2: the listing showed the round's first end and "complete", with no word of the correction."""
    assert main(["journal", "rounds", str(last_card_dealt_again)]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^\s+1\s+1\s+baccarat\s+\S+\s+2026-12-06T21:00:10\+01:00\s+complete \(corrected later: its "
                     r"settlement taken back at 2026-12-06T21:00:31\+01:00, settled again at 2026-12-06T21:00:\d\d"
                     r"\+01:00\)$", text, flags=re.M), text
    assert re.search(r"^\s+1\s+2\s+baccarat\s+\S+\s+-\s+open$", text, flags=re.M), text


def test_each_of_two_corrections_is_named_and_the_first_was_settled_again(tmp_path, paris, capsys):
    """rev27 (smaller note): settled, reopened, settled again, reopened and left open read "not settled again",
    though it was once; the second correction was not named."""
    path = tmp_path / "twice.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    clock.now = FIRST + timedelta(minutes=1)
    assert session.correct_bets(why="wrong bet") is None and session.deal() is None
    clock.now = FIRST + timedelta(minutes=2)
    assert session.correct_bets(why="wrong seat") is None
    session.close()
    one = rounds_json(capsys, path)["rounds"][0]
    assert one["status"] == "open" and one["corrected"].startswith("2026-12-06T20:01:")
    assert one["settled_again"].startswith("2026-12-06T20:01:")
    assert [(c["taken_back"][:16], c["settled_again"] and c["settled_again"][:16]) for c in one["corrections"]] == [
        ("2026-12-06T20:01", "2026-12-06T20:01"), ("2026-12-06T20:02", None)]
    assert rounds_json(capsys, path, "--at", "2026-12-06T21:02:01+01:00")["again"]["settled_again"] is None  # the end
    assert main(["journal", "rounds", str(path)]) == 0
    assert re.search(r"settled again at 2026-12-06T21:01:\d\d\+01:00; then its settlement taken back at "
                     r"2026-12-06T21:02:\d\d\+01:00, not settled again\)$", capsys.readouterr().out, flags=re.M)
    played = read_journal(path).played(1, 1)
    assert re.fullmatch(r"played 2026-12-06 21:00:\d\d to 21:00:\d\d, corrected at 21:01:\d\d, settled again at "
                        r"21:01:\d\d, corrected at 21:02:\d\d, not settled again \(UTC\+01:00\)", played), played


def test_a_misdeal_called_after_the_settlement_names_where_its_bets_went(tmp_path, paris, capsys):
    """rev27 (smaller note): a misdeal carried to a new shoe read "taken back at ..., not settled again", though
    its bets were settled as the new shoe's round 1."""
    path = tmp_path / "misdeal.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    clock.now = FIRST + timedelta(minutes=5)
    assert session.void_round(why="misdeal") is None and session.new_shoe() is None
    session.close()
    one = rounds_json(capsys, path)["rounds"][0]
    assert one["status"] == "voided" and one["carried_to"] == "shoe 2 round 1"
    assert one["corrections"][0]["misdeal"] is True
    assert rounds_json(capsys, path, "--at", "2026-12-06T21:07+01:00", code=1)["within"] is False
    assert main(["journal", "rounds", str(path)]) == 0
    assert re.search(r"voided\s+\(corrected later: voided as a misdeal at 2026-12-06T21:05:01\+01:00, its bets "
                     r"carried to shoe 2 round 1\)$", capsys.readouterr().out, flags=re.M)
    assert re.fullmatch(r"played 2026-12-06 21:00:\d\d to 21:00:\d\d, voided as a misdeal at 21:05:01, its bets "
                        r"carried to shoe 2 round 1 \(UTC\+01:00\)", read_journal(path).played(1, 1))


def test_the_replay_names_an_older_journals_misdeal_written_with_its_action_only(tmp_path, paris, capsys):
    """rev27 (smaller note): older journals wrote a misdeal as a correction with ``action: void_round`` and no
    ``op``; the export took it back (export.py), `journal rounds` named it, the replay's line did not."""
    path = tmp_path / "older.sqlite"
    clock = Clock()
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    _deal(session)
    session.close()
    clock.now = FIRST + timedelta(minutes=5)
    with Journal.open(path, clock=clock) as journal:  # the entry as those journals wrote it
        journal.append("correction", {"action": "void_round", "round": 1, "shoe": 1, "why": "misdeal"})
    one = rounds_json(capsys, path)["rounds"][0]
    assert one["status"] == "voided" and one["corrected"] == "2026-12-06T20:05:01.000000Z"
    assert re.fullmatch(r"played 2026-12-06 21:00:\d\d to 21:00:\d\d, voided as a misdeal at 21:05:01 "
                        r"\(UTC\+01:00\)", read_journal(path).played(1, 1))
