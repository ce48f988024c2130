"""V of the card typed for a shoe's unread card while the read after it waits before a decision: that read waits
under the wait the void brought back, and Enter no longer plays it in the voided card's place (rev39 P3).

Blackjack, one deck, burn 1: 3♦ burned, 2♣ to seat 1, 9♠ to the dealer, ?? (seat 1's second card) typed as A♠, then
6♦ read before seat 1's decision (held) and K♣ behind it.  V takes A♠ back: the ?? is due again.  Live, 6♦ stayed held
as read before the decision and Enter played it where the voided card was due; a restart (right) held it behind the
card to type, and Enter refused it.  Now both do.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.blackjack.rules import HouseRules
from polling import wait_for
from test_shoe_burn_and_next_round_waits import RestartingBlackjackRig, standing


def six_of_diamonds_held_before_the_decision(rig) -> None:
    """One deck, burn 1, seat 1 bet: 3D burned, 2C and 9S dealt, the shoe's ?? typed as AS, then 6D read before seat
    1's decision (held) and KC waiting behind it."""
    s = rig.session
    assert s.place(1, D("10")) is None
    rig.cards("3D", "2C", "9S")
    assert wait_for(lambda: s.state.round is not None and len(s.state.round.cards) == 2)
    rig.send("CARD", "??")
    assert wait_for(lambda: "unreadable" in standing(rig))
    assert s.enter_card("AS") is None
    rig.cards("6D", "KC")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "6D"
                    and len(s.snapshot.waiting) == 1)


@pytest.mark.parametrize("restart", [False, True])
def test_void_of_the_typed_card_holds_the_read_before_the_decision_behind_it(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=1, house=HouseRules(decks=1)))
    try:
        s = rig.session
        six_of_diamonds_held_before_the_decision(rig)
        assert s.void_last(why="typo") is None  # A♠ back: the ?? is due again
        if restart:
            s = rig.restart()
        snap = s.snapshot
        assert [c.code for c in snap.state.round.cards] == ["2C", "9S"]
        assert snap.pending.card.code == "6D" and snap.cards_due == 1, snap.status_reason()
        assert "unreadable" in standing(rig)
        error = s.confirm_pending()
        assert error is not None and "6♦ not played" in error, error
        assert [c.code for c in s.state.round.cards] == ["2C", "9S"] and s.snapshot.pending.card.code == "6D"
    finally:
        rig.close()
