"""A time typed to the second names that whole second (qaAK F5).

`journal rounds` lists a round's start to the second, and the footage's clock runs to the second; the
journal keeps the microseconds.  A start copied from the listing (21:00:01) fell before the round's real
start (21:00:01.706), so `journal rounds --at` answered "no round had begun: the first ... began at 21:00:01"
and `replay --at` was refused with the same words, without the `--shoe/--round` that `rounds` names.
The journals here are written by real table sessions on a clock the test sets, read in Paris (UTC+01:00).
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime, timedelta, timezone
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cli import main
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.shoe import ShoeRules
from test_round_times import Clock as RoundsClock, paris  # noqa: F401 (a fixture)

RULES = TableRules(shoe=ShoeRules(burn=False))
#: 20:00:00.706 UTC: every entry of these journals falls 0.706 s into its second.
FIRST = datetime(2026, 12, 6, 20, 0, 0, 706000, tzinfo=timezone.utc)


def Clock(step: timedelta = timedelta(seconds=1)) -> RoundsClock:  # noqa: N802 (as the class it makes)
    """The journal's clock, from :data:`FIRST` (0.706 s into its second)."""
    return RoundsClock(FIRST, step)



def _deal(session) -> None:
    assert session.place(1, Bet.BANKER, D("10")) is None and session.deal() is None
    for code in ("9S", "8H", "TC", "KD"):
        if session.state.phase == TablePhase.DEALING:
            assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED


def _journal(path, clock, gaps) -> None:
    session = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    for n, gap in enumerate(gaps):
        if gap is not None:
            clock.now = gap
        if n:
            assert session.next_round() is None
        _deal(session)
    session.close()


@pytest.fixture
def three_rounds(tmp_path):
    """Three rounds ten minutes apart, each entry 0.706 s into its second."""
    path = tmp_path / "table3.sqlite"
    _journal(path, Clock(), [FIRST + timedelta(minutes=10 * n) for n in range(3)])
    return path


@pytest.fixture
def quick_rounds(tmp_path):
    """Two rounds played within one second (entries 10 ms apart): round 1 ends and round 2 begins in it."""
    path = tmp_path / "quick.sqlite"
    _journal(path, Clock(timedelta(milliseconds=10)), [None, None])
    return path


def rounds_json(capsys, path, *options, code=0) -> dict:
    assert main(["journal", "rounds", str(path), "--json", *options]) == code
    return json.loads(capsys.readouterr().out)


def listed_start(capsys, path, number: int) -> str:
    rounds = rounds_json(capsys, path)["rounds"]
    return next(r["started_local"] for r in rounds if r["round"] == number)


def test_a_start_copied_from_the_listing_names_that_round(three_rounds, paris, capsys):
    start = listed_start(capsys, three_rounds, 1)
    assert start == "2026-12-06T21:00:01+01:00"   # the listing, to the second; the journal has 21:00:01.706
    got = rounds_json(capsys, three_rounds, "--at", start)
    assert got["within"] is True and (got["round"]["shoe"], got["round"]["round"]) == (1, 1)
    assert got["through"] == "2026-12-06T21:00:01.999999+01:00"
    assert main(["journal", "rounds", str(three_rounds), "--at", start]) == 0
    text = capsys.readouterr().out
    assert f"at {start} shoe 1 round 1 (baccarat) was being played" in text
    assert "had begun" not in text
    for n in (2, 3):   # a later round's start, typed as the listing shows it
        start = listed_start(capsys, three_rounds, n)
        got = rounds_json(capsys, three_rounds, "--at", start)
        assert (got["round"]["round"], got["within"]) == (n, True)


def test_a_time_with_a_fraction_or_to_the_minute_is_that_moment_only(three_rounds, paris, capsys):
    fraction = rounds_json(capsys, three_rounds, "--at", "2026-12-06T21:00:01.5+01:00", code=1)
    assert fraction["round"] is None and fraction["next"]["round"] == 1
    assert fraction["through"] == fraction["at"]
    minute = rounds_json(capsys, three_rounds, "--at", "2026-12-06T21:00+01:00", code=1)
    assert minute["round"] is None
    from dealer_assist.table.round_times import asked_through

    assert asked_through("2026-12-06T21:00:01Z", datetime(2026, 12, 6, 20, 0, 1, tzinfo=timezone.utc)) \
        == datetime(2026, 12, 6, 20, 0, 1, 999999, tzinfo=timezone.utc)


def test_the_second_a_round_ended_and_the_next_began_names_both(quick_rounds, paris, capsys):
    start = listed_start(capsys, quick_rounds, 1)
    assert start == listed_start(capsys, quick_rounds, 2)   # one second on the listing
    got = rounds_json(capsys, quick_rounds, "--at", start)
    assert got["within"] is True and got["round"]["round"] == 2
    assert got["ended_within"]["round"] == 1
    assert main(["journal", "rounds", str(quick_rounds), "--at", start]) == 0
    text = capsys.readouterr().out
    assert "shoe 1 round 1 (baccarat) ended within that second" in text
    assert f"replay it: dealer-assist replay {quick_rounds} --shoe 1 --round 1" in text
    assert f"replay it: dealer-assist replay {quick_rounds} --shoe 1 --round 2" in text


def test_replay_at_a_start_copied_from_the_listing_replays_that_round(three_rounds, paris, capsys):
    from dealer_assist.commands.display import _start_at_time

    for n in (1, 2):
        args = argparse.Namespace(journal=str(three_rounds), at=listed_start(capsys, three_rounds, n), shoe=None,
                                  round=None)
        _start_at_time(args)
        assert (args.shoe, args.round) == (1, n)
        assert f"shoe 1 round {n} was being played" in capsys.readouterr().err


def test_replays_refusal_before_the_first_round_names_its_shoe_and_round(three_rounds, paris):
    from dealer_assist.commands.display import _start_at_time
    from dealer_assist.commands.output import CommandError

    args = argparse.Namespace(journal=str(three_rounds), at="2026-12-06T21:00:00+01:00", shoe=None, round=None)
    with pytest.raises(CommandError) as refused:
        _start_at_time(args)
    assert "had begun by then" in str(refused.value)
    assert "--shoe 1 --round 1" in str(refused.value)
