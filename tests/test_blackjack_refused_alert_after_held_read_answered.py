"""Blackjack: a typed card refused (CARD REFUSED), then a shoe's read held for the player's decision and played by
Enter once V made the decision moot: Enter takes CARD REFUSED down with the waits' alerts (it settles them, as every
answer to a held read does), and a restart and the replay show it down too.  Found by the session fuzzer
(scripts/session_fuzz.py bj --no-burn, seed 33): after a restart CARD REFUSED stood again.

Real bytes over a real pty to the reader (the rig of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from replayed_journals import replayed
from test_shoe_burn_and_next_round_waits import RestartingBlackjackRig, standing

ONE_SEAT_NO_BURN = BlackjackTableRules(seats=2, burn_cards=0)


@pytest.mark.parametrize("restart", [False, True])
def test_enter_on_a_read_held_for_a_decision_takes_a_typed_cards_refusal_down(tmp_path, restart):
    """Seat 1 bets; 5D typed, the shoe reads 3S and 5C (seat 1: 5D 5C, dealer 3S); 2S typed: refused, a decision
    comes first; the shoe reads 5H: held for the decision; V voids 5C; Enter plays 5H to seat 1."""
    rig = RestartingBlackjackRig(tmp_path, ONE_SEAT_NO_BURN)
    try:
        s = rig.session
        s.place(1, Decimal("10"))
        assert s.deal() is None
        assert s.enter_card("5D") is None
        rig.cards("3S", "5C")
        assert wait_for(lambda: len(rig.session.state.round.cards) == 3)
        assert "a decision for seat 1" in s.enter_card("2S")
        assert standing(rig) == ["refused"]
        rig.cards("5H")
        assert wait_for(lambda: rig.session.snapshot.pending is not None)
        assert rig.session.snapshot.pending.doubt.startswith("read before the decision for seat 1")
        assert s.void_last(why="dealt by mistake") is None
        assert s.confirm_pending() is None
        assert rig.hands(1) == [["5D", "5H"]]
        assert standing(rig) == []
        if restart:
            rig.restart()
            assert rig.session.snapshot.pending is None
            assert standing(rig) == []  # was: CARD REFUSED again
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(ONE_SEAT_NO_BURN))
    assert [a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay"] == []
