"""The card typed for the frames lost before a shoe's held read ends the blackjack round (qaAY F6).

Seat 1 hit, its card's frame lost with the link; the shoe's next read, 6♠, waited behind FRAMES LOST; the croupier
typed the lost card, 10♦, and the seat bust: the round was over, yet the banner still said "10♦ typed: Enter plays
6♠" and the strip "is it 6♠? Yes (Enter)"; Enter then refused it as after the round, and Del asked for "each card
missing before it".  6♠ came out after the round's last card: it is now refused as a card after the round at once,
CARD REFUSED saying what to do (N and type it there, or set it aside), and a restart and a replay show the same.
Real frames over a real pty.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.journal import Journal
from polling import wait_for
from replayed_journals import replayed
from test_serial_blackjack_reads import BlackjackRig


def _standing(session) -> list[tuple[str, str]]:
    return sorted((a.title, a.text) for a in session.snapshot.alerts if a.level != "info")


@pytest.mark.parametrize("decks", [1, 6])
def test_the_held_read_after_the_typed_card_that_ended_the_round_is_a_card_after_the_round(tmp_path, decks):
    rules = BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=decks))
    rig = BlackjackRig(tmp_path, rules)
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.cards("9H", "7D", "5C")
        assert wait_for(lambda: rig.hands(1) == [["9H", "5C"]])
        assert s.hit() is None
        rig.seq += 1  # the hit card, 10♦, is lost with its frame
        rig.send("HB", str(rig.seq))
        rig.send("CARD", "6S")
        assert wait_for(lambda: s.snapshot.pending is not None)
        assert s.enter_card("TD") is None  # the lost card, typed: seat 1 busts, the round is over
        assert s.state.phase == BlackjackPhase.SETTLED and rig.hands(1) == [["9H", "5C", "TD"]]
        assert s.snapshot.pending is None  # no longer offered as "Enter plays 6♠"
        assert "Enter plays" not in (s.snapshot.status_reason() or "")
        live = _standing(s)
        assert [t for t, _ in live] == ["CARD 6♠ REFUSED"] and "came after the round" in live[0][1]
    finally:
        rig.close()
    assert _standing(replayed(rig.journal, BlackjackSession(rules))) == live
    again = BlackjackSession(rules, Journal.open(rig.journal))
    try:
        assert again.snapshot.pending is None and _standing(again) == live
    finally:
        again.close()
