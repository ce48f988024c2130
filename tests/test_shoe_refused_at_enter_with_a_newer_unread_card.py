"""A shoe's read refused at Enter while a newer card the shoe could not read (??) stands: whether the read waiting next
came before or after that ?? decides what it waits for, live and after a restart alike (rev40 F1).

- ??, 2C held behind it, 2S, ??: the croupier types the first ??'s card, and Enter on 2C is refused (a second 2C of a
  one-deck shoe).  2S waits for the card dealt in 2C's place only; the second ?? came after 2S.  Live counted it too
  (2 due): the card typed for it went ahead of 2S, in 2S's place in the round.
- ??, 3S held behind it, 3S typed for the ??, ??, JD: Enter on 3S refused.  JD waits for 2 cards (3S's place and the
  second ??, read before JD).  A restart counted 1, and Enter played JD in the second ??'s place.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
import test_shoe_missing_card_wait as missing_card

SHOE = "serial:shoe"


def heard(rig, seq: int) -> bool:
    return wait_for(lambda: rig.session.source_position(SHOE)[1] == seq)


def waiting(session, code: str, due: int) -> None:
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == code, snap.status_reason()
    assert snap.cards_due == due, snap.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unread_card_after_the_next_read_is_not_due_before_it(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None and rig.session.enter_card("2C") is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "2C"), frame("CARD", 3, "2S"),
                 frame("CARD", 4, "??"))
        assert rig.waits("2C") and heard(rig, 4)
        assert rig.session.enter_card("7H") is None
        assert "copy 2" in rig.session.confirm_pending()  # refused: 2C was dealt already
        if restart:
            rig.restart()
        waiting(rig.session, "2S", 1)
        assert rig.session.enter_card("5D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "7H", "5D", "2S"]
        assert "unreadable" in standing(rig)  # the ?? after 2S is still to be typed
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unread_card_before_the_next_read_is_due_before_it(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "3S"))
        assert rig.waits("3S") and rig.session.enter_card("3S") is None
        rig.send(frame("CARD", 3, "??"), frame("CARD", 4, "JD"))
        assert heard(rig, 4)
        assert "copy 2" in rig.session.confirm_pending()  # refused: 3S was typed for the ??
        if restart:
            rig.restart()
        waiting(rig.session, "JD", 2)
        assert rig.session.enter_card("5D") is None and rig.session.confirm_pending() is not None
        assert rig.played() == ["3S", "5D"]
        assert rig.session.enter_card("6D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["3S", "5D", "6D", "JD"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_unread_card_after_the_next_read_is_not_due_before_it(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=1)))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None and s.enter_card("2C") is None
        rig.send("CARD", "??")
        rig.cards("2C", "2S")
        rig.send("CARD", "??")
        assert wait_for(lambda: s.source_position(SHOE)[1] == rig.seq and s.snapshot.pending is not None)
        assert s.enter_card("7H") is None
        assert "2C refused" in s.confirm_pending()  # a second 2C of one deck
        if restart:
            s = rig.restart()
        waiting(s, "2S", 1)
        assert s.enter_card("5D") is None
        assert [c.code for c in s.state.round.cards] == ["2C", "7H", "5D"]
        waiting(s, "2S", 0)
    finally:
        rig.close()
