"""``replay JOURNAL --shoe N --round M`` begins at that round, without playing the shoes before it (qaL F2).

A pit boss with a dispute on the last shoe of a week's journal could reach it only by playing every
operation before it: some 25 minutes at the fastest pace, 20 hours at the default one.
"""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.events import RecordedOp, RecordedStart
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.base import SourceError
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

ROOT = Path(__file__).resolve().parents[1]
RULES = TableRules(shoe=ShoeRules(burn=False))
#: Enough cards for a round whatever its tableau: two naturals (no third card).
ROUND = ("9S", "8H", "TC", "KD")


def play_round(session: TableSession, seat: int) -> None:
    assert session.place(seat, Bet.BANKER, D("10")) is None
    assert session.deal() is None
    for code in ROUND:
        if session.state.phase != TablePhase.DEALING:
            break
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED


@pytest.fixture
def three_shoes(tmp_path):
    """A real table's journal: shoe 1 of two rounds and new limits, shoe 2 of three rounds, shoe 3 of two."""
    path = tmp_path / "week.sqlite"
    session = TableSession(RULES, journal=Journal.open(path), odds=False)
    for shoe, rounds in ((1, 2), (2, 3), (3, 2)):
        for n in range(rounds):
            play_round(session, seat=shoe)
            if shoe == 1 and n == 0:
                assert session.next_round() is None
                assert session.set_limits({"max": {"tie": "300"}}, why="a quieter table") is None
                continue
            if n < rounds - 1:
                assert session.next_round() is None
        if shoe < 3:
            assert session.new_shoe() is None
    session.close()
    return path


def replayed(path: Path, start=None) -> tuple[TableSession, list]:
    """A replay's table after the skip to ``start`` (every operation before it when None), and its events."""
    session = TableSession(RULES, odds=False)
    session.follow_record()
    events: list = []

    def sink(event) -> None:
        events.append(event)
        session.handle(event)

    source = ReplaySource(path, interval=3600, start=start)
    source.set_sink(sink)
    if start is None:
        return session, events
    source.skip_to_start()
    return session, events


def test_it_begins_at_the_round_as_the_whole_record_leaves_the_table_there(three_shoes):
    skipped, events = replayed(three_shoes, start=(3, 2))
    assert (skipped.state.shoe_no, skipped.state.round_no, skipped.state.phase) == (3, 2, TablePhase.BETTING)
    assert isinstance(events[0], RecordedStart)
    played = [e for e in events if isinstance(e, RecordedOp)]
    source = ReplaySource(three_shoes, interval=3600)
    reference = TableSession(RULES, odds=False)
    reference.follow_record()
    source.set_sink(reference.handle)
    while (reference.state.shoe_no, reference.state.round_no) != (3, 2):
        assert source.step() is not None
    assert skipped.state == reference.state  # limits set in shoe 1, Rebet's bets, the shoe's history: all there
    assert skipped.state.rules.limits.max_for(Bet.TIE) == D("300")
    assert len(played) < source.played / 3  # the shoes before it were not played again
    assert not [a for a in skipped.snapshot.alerts if a.code == "replay"]


def test_a_round_of_the_first_shoe_plays_the_rounds_before_it_at_once(three_shoes):
    session, events = replayed(three_shoes, start=(1, 2))
    assert (session.state.shoe_no, session.state.round_no) == (1, 2)
    assert not any(isinstance(e, RecordedStart) for e in events)


def test_a_shoe_or_round_the_journal_has_not_is_named_with_those_it_has(three_shoes):
    with pytest.raises(SourceError, match="has no shoe 9: it records shoes 1 to 3"):
        ReplaySource(three_shoes, start=(9, 1))
    with pytest.raises(SourceError, match="shoe 2 has no round 7: its rounds are 1 to 3"):
        ReplaySource(three_shoes, start=(2, 7))


def test_the_command_refuses_them_before_the_window(three_shoes):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    for args, told in ((["--shoe", "9"], "has no shoe 9"), (["--round", "2"], "--round needs --shoe N"),
                       (["--shoe", "0"], "numbered from 1")):
        out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(three_shoes), *args,
                              "--quit-after", "0"], capture_output=True, text=True, timeout=120, env=env)
        assert out.returncode == 2 and told in out.stderr and "Traceback" not in out.stderr


def test_a_blackjack_replay_begins_at_a_later_deck(tmp_path):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
    from dealer_assist.sources.virtual import VirtualShoe

    rules = BlackjackTableRules(seats=3)
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(rules, Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=7, interval=3600, demand=session.card_due)
    shoe.start(session.handle)

    def one_round(seat: int) -> None:
        assert session.place(seat, D("10")) is None and session.deal() is None
        while session.state.phase == BlackjackPhase.PLAYING:
            while session.card_due():
                assert shoe.deal_one() is not None
            if session.state.phase == BlackjackPhase.PLAYING and session.snapshot.allowed:
                assert session.act("stand") is None

    try:
        one_round(1)
        assert session.next_round() is None
        assert session.start_deck_check() is None and session.return_stub() is None
        for card in session.state.reconciliation().missing:  # the dealt cards counted back
            assert session.enter_card(card.code) is None
        assert session.new_deck() is None
        deck = session.state.deck_no
        for seat in (2, 3):
            one_round(seat)
            assert session.next_round() is None
        wanted = (deck, session.state.round_no - 1)
    finally:
        shoe.stop()
        session.close()
    replay = BlackjackSession(rules)
    replay.follow_record()
    events: list = []
    source = ReplaySource(path, interval=3600, start=wanted)
    source.set_sink(lambda event: (events.append(event), replay.handle(event)))
    source.skip_to_start()
    assert isinstance(events[0], RecordedStart)
    assert (replay.state.deck_no, replay.state.round_no) == wanted
    assert not [a for a in replay.snapshot.alerts if a.code == "replay"]
    while source.step() is not None:  # and plays on to the end of the record as it was
        pass
    assert not [a for a in replay.snapshot.alerts if a.code == "replay"]


def test_a_journal_of_one_shoe_names_it_alone(tmp_path):
    path = tmp_path / "one.sqlite"
    session = TableSession(RULES, journal=Journal.open(path), odds=False)
    play_round(session, seat=1)
    session.close()
    with pytest.raises(SourceError, match=r"has no shoe 2: it records only shoe 1 \("):
        ReplaySource(path, start=(2, 1))
