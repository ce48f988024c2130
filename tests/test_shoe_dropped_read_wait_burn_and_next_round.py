"""A wait a shoe's read dropped (Del) left behind (AFTER_DROPPED) ends at B, Shift+B and N as one for cards the shoe
left unplayed does (rev39 P4).

The shoe could not read a card, the read held behind it was dropped (Del), and the next read waits for both: the
unread card and the dropped read's card, which left the shoe all the same.  Both are cards the shoe never reads
again, like those of :data:`~dealer_assist.table.holds.DRAWN_ONCE`, so the burn counts them as burn cards, and N
counts them as no card of the next round.  Before, B and N left that wait standing, and the cards the banner asked
for were typed into the round, followed by the held read (three burn cards became P1, B1 and P2).

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, complete_round, standing
import test_shoe_missing_card_wait as missing_card


def dropped_then_held(rig, first: int) -> None:
    """??, 4H (held behind it), Del, then 5C: held behind two cards (the unread one and 4H's)."""
    rig.send(frame("CARD", first, "??"), frame("CARD", first + 1, "4H"))
    assert rig.waits("4H")
    assert rig.session.reject_pending() is None  # Del
    rig.send(frame("CARD", first + 2, "5C"))
    assert rig.waits("5C") and rig.session.snapshot.cards_due == 2


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("key", ["burn_unseen", "skip_burn"])
def test_baccarat_burn_ends_the_dropped_reads_wait_and_burns_the_read_held(tmp_path, key, restart):
    """The shown 3D means three more burn cards: ??, 4H (dropped) and 5C.  B or Shift+B burns all three; round 1's
    first read is P1."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3D"))
        assert wait_for(lambda: rig.session.state.shoe.burned)
        dropped_then_held(rig, 2)
        assert getattr(rig.session, key)() is None
        snap = rig.session.snapshot
        assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
        assert snap.state.phase == TablePhase.BETTING and "5C" in [c.code for c in snap.state.shoe.burned]
        if restart:
            rig.restart()
            snap = rig.session.snapshot
            assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
        assert rig.session.deal() is None
        rig.send(frame("CARD", 5, "9S"))
        assert wait_for(lambda: rig.played() == ["9S"]), rig.session.snapshot.status_reason()
        assert rig.session.snapshot.pending is None and rig.session.snapshot.cards_due == 0
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_b_ends_the_dropped_reads_wait_and_burns_the_read_held(tmp_path, restart):
    """burn_cards=3: ??, 4H (dropped) and 5C are the burn; B burns 5C as read and seat 1's first card is the next."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=3))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None
        rig.send("CARD", "??")
        rig.cards("4H")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4H")
        assert s.reject_pending() is None
        rig.cards("5C")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "5C")
        assert s.snapshot.cards_due == 2
        assert s.skip_burn() is None  # B
        snap = s.snapshot
        assert snap.pending is None and snap.cards_due == 0, snap.status_reason()
        assert [c.code for c in s.state.burned] == ["5C"] and s.state.burn_left == 0
        assert not [a for a in snap.alerts if a.level != "info"], snap.alerts
        if restart:
            s = rig.restart()
            snap = s.snapshot
            assert snap.pending is None and snap.cards_due == 0, snap.status_reason()
            assert not [a for a in snap.alerts if a.level != "info"], snap.alerts
        assert s.deal() is None
        rig.cards("9S")
        assert wait_for(lambda: rig.session.state.round is not None and len(rig.session.state.round.cards) == 1)
        assert rig.hands(1) == [["9S"]] and rig.session.snapshot.pending is None
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_n_ends_the_dropped_reads_wait_after_the_round(tmp_path, restart):
    """After a complete round: ??, 4H (dropped), 5C held behind both, then N.  The wait ends and 5C is held as a card
    after the round (as with nothing missing before it); round 2's first read is P1."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        complete_round(rig)
        dropped_then_held(rig, 5)
        assert rig.session.next_round() is None
        snap = rig.session.snapshot
        assert snap.state.round_no == 2 and snap.pending is None and snap.cards_due == 0, snap.status_reason()
        assert [c.code for c in snap.state.held] == ["5C"] and standing(rig) == ["held"], snap.alerts
        if restart:
            rig.restart()
            snap = rig.session.snapshot
            assert snap.pending is None and [c.code for c in snap.state.held] == ["5C"], snap.status_reason()
            assert standing(rig) == ["held"] and snap.cards_due == 0, snap.alerts
        assert rig.session.discard_held() is None
        assert rig.session.deal() is None
        rig.send(frame("CARD", 8, "6H"))
        assert wait_for(lambda: rig.played() == ["6H"]), rig.session.snapshot.status_reason()
        assert rig.session.snapshot.pending is None
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_b_with_no_burn_card_left_for_the_read_held_says_so(tmp_path, restart):
    """The shown 2C means two more: ?? and 4H (dropped) were the burn.  B ends the wait; 5C's banner says the cards
    before it went with the burn (after a restart too), the replay keeps no UNREADABLE CARD up, and Enter deals 5C as
    P1."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "2C"))
        assert wait_for(lambda: rig.session.state.shoe.burned)
        dropped_then_held(rig, 2)
        assert rig.session.burn_unseen() is None
        if restart:
            rig.restart()
        snap = rig.session.snapshot
        reason = snap.status_reason()
        assert snap.pending.card.code == "5C" and snap.cards_due == 0 and not standing(rig), reason
        assert "went with the burn" in reason and "(K)" not in reason, reason
        assert rig.session.deal() is None and rig.session.confirm_pending() is None
        assert rig.played() == ["5C"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["5C"]
    assert not [a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay"], replay.snapshot.alerts
