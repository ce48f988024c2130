"""The burn's last card and the round's first card both unread by the shoe, a read held between them (fixR39).

2♥ shown at baccarat (two to burn): ??, 4♥ (held), ??.  The ?? and 4♥ are the burn, the second ?? is round 1's
first card.  B (or Shift+B) burns 4♥ as read and settles the ?? before it; the burn's count, lowered by 4♥ only,
still said one burn card was due, and B settled the round's first card as burned too: the round's first read was
then played as P1 in its place.  Now that card stays due (UNREADABLE CARD stands) and the round's first read waits
for it, live, after a restart and in a replay.  Blackjack's B (burn_cards=2, ??, 7♥, ??) had the same count.  Real
bytes over a real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BURNING, BurnRig, RestartingBlackjackRig, standing
from dealer_assist.table.blackjack_state import BlackjackTableRules


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("key", ["burn_unseen", "skip_burn"])  # B, Shift+B
@pytest.mark.parametrize("shown, unread_before", [("2H", 1), ("3H", 2)])
def test_baccarat_b_leaves_the_rounds_first_card_unread_after_the_burned_read_due(tmp_path, key, shown,
                                                                                   unread_before, restart):
    rig = BurnRig(tmp_path)
    try:
        before = [frame("CARD", 2 + n, "??") for n in range(unread_before)]
        rig.send(hello("B1"), frame("CARD", 1, shown), *before, frame("CARD", 2 + unread_before, "4H"),
                 frame("CARD", 3 + unread_before, "??"))
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert getattr(rig.session, key)() is None
        if restart:
            rig.restart()
        snap = rig.session.snapshot
        assert [c.code for c in snap.state.shoe.burned] == [shown, "4H"] and snap.pending is None
        assert rig.session.cards_due("serial:shoe") == 1 and standing(rig) == ["unreadable"], snap.status_reason()
        assert rig.session.deal() is None
        rig.send(frame("CARD", 4 + unread_before, "5D"))
        assert rig.waits("5D") and rig.played() == []  # behind round 1's first card, not played as P1
        assert rig.session.confirm_pending() is not None and rig.played() == []
        assert rig.session.enter_card("9C") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["9C", "5D"]
        again = replayed(rig.path, TableSession(BURNING, odds=False))
        assert [c.code for c in again.state.round.cards] == ["9C", "5D"] and again.snapshot.pending is None
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_b_leaves_seat_1s_first_card_unread_after_the_burned_read_due(tmp_path, restart):
    rules = BlackjackTableRules(seats=2, burn_cards=2)
    rig = RestartingBlackjackRig(tmp_path, rules)
    try:
        s = rig.session
        assert s.place(1, D("10")) is None
        rig.send("CARD", "??")
        rig.cards("7H")
        rig.send("CARD", "??")
        assert wait_for(lambda: s.snapshot.pending is not None and s.cards_due("serial:shoe") == 1)
        assert s.skip_burn() is None
        if restart:
            s = rig.restart()
        assert [c.code for c in s.state.burned] == ["7H"] and s.snapshot.pending is None
        assert s.cards_due("serial:shoe") == 1 and standing(rig) == ["unreadable"], s.snapshot.status_reason()
        assert s.deal() is None
        rig.cards("9S")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9S")
        assert s.state.round.cards == () or list(s.state.round.cards) == []
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert [c.code for c in s.state.round.cards] == ["2C", "9S"]
        again = replayed(rig.journal, BlackjackSession(rules))
        assert [c.code for c in again.state.round.cards] == ["2C", "9S"] and again.snapshot.pending is None
    finally:
        rig.close()
