"""``replay --shoe N`` at blackjack begins at the first round recorded in deck N (rev13 F1).

Blackjack round numbers run on across decks (the display shows ROUND 7 under DECK 2), so "round 1 of
shoe 2", the old default, exists only in the first deck: ``--shoe 2`` alone was refused, and the
refusal said "its rounds are 1 to N" of a deck that began at a later round.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest

from dealer_assist.events import RecordedStart
from dealer_assist.sources.base import SourceError
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def three_decks(tmp_path):
    """A real blackjack table's journal: deck 1 of two rounds, deck 2 of three, deck 3 of one; each
    deck checked (its dealt cards counted back) before the next."""
    from dealer_assist.sources.virtual import VirtualShoe
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules

    rules = BlackjackTableRules(seats=3)
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(rules, Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=7, interval=3600, demand=session.card_due)
    shoe.start(session.handle)
    decks: dict[int, list[int]] = {}

    def one_round(seat: int) -> None:
        decks.setdefault(session.state.deck_no, []).append(session.state.round_no)
        assert session.place(seat, D("10")) is None and session.deal() is None
        while session.state.phase == BlackjackPhase.PLAYING:
            while session.card_due():
                assert shoe.deal_one() is not None
            if session.state.phase == BlackjackPhase.PLAYING and session.snapshot.allowed:
                assert session.act("stand") is None
        assert session.next_round() is None

    try:
        for deck, rounds in enumerate((2, 3, 1)):
            if deck:
                assert session.start_deck_check() is None and session.return_stub() is None
                for card in session.state.reconciliation().missing:
                    assert session.enter_card(card.code) is None
                assert session.new_deck() is None
            for n in range(rounds):
                one_round(seat=1 + n % 3)
    finally:
        shoe.stop()
        session.close()
    return path, decks


def test_the_journal_numbers_rounds_on_across_decks(three_decks):
    _, decks = three_decks
    assert sorted(decks) == [1, 2, 3]
    assert min(decks[2]) > 1 and min(decks[3]) > max(decks[2])  # what makes the old default wrong


def replayed_from(path: Path, start):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackTableRules

    replay = BlackjackSession(BlackjackTableRules(seats=3))
    replay.follow_record()
    events: list = []
    source = ReplaySource(path, interval=3600, start=start)
    source.set_sink(lambda event: (events.append(event), replay.handle(event)))
    source.skip_to_start()
    return replay, events


@pytest.mark.parametrize("deck", [2, 3])
def test_a_deck_without_round_begins_at_its_first_recorded_round(three_decks, deck):
    path, decks = three_decks
    replay, events = replayed_from(path, (deck, None))
    assert isinstance(events[0], RecordedStart)
    assert (replay.state.deck_no, replay.state.round_no) == (deck, min(decks[deck]))
    assert not [a for a in replay.snapshot.alerts if a.code == "replay"]


def test_round_1_of_a_later_deck_is_refused_naming_its_real_rounds(three_decks):
    path, decks = three_decks
    with pytest.raises(SourceError) as told:
        ReplaySource(path, start=(2, 1))
    named = re.search(r"shoe 2 has no round 1: its rounds are (\d+) to (\d+)", str(told.value))
    assert named, str(told.value)
    low, high = int(named[1]), int(named[2])
    # the deck's first round, and up to the round its deck check was recorded in (after its last deal)
    assert low == min(decks[2]) and max(decks[2]) <= high < min(decks[3]) + 1
    for round_no in (low, high):  # each round named is one a replay can begin at
        assert ReplaySource(path, start=(2, round_no)).start_at.round == round_no
    with pytest.raises(SourceError, match=f"its rounds are {low} to {high}"):
        ReplaySource(path, start=(2, high + 1))


def run_replay(path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(path), *args, "--json",
                           "--interval", "3600", "--quit-after", "0.5"], capture_output=True, text=True,
                          timeout=120, env=env)


def test_the_command_begins_deck_2_without_round_and_names_its_rounds_when_asked_round_1(three_decks):
    path, decks = three_decks
    out = run_replay(path, "--shoe", "2")
    assert out.returncode == 0, out.stderr
    refused = run_replay(path, "--shoe", "2", "--round", "1")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert f"shoe 2 has no round 1: its rounds are {min(decks[2])} to" in refused.stderr
