"""A shoe's read held behind a card it left unplayed, and another card left unplayed right after that read (rev38).

AS, ??, 4H, ??: 4H waits for the card before it; the second ?? opens a wait for the read after 4H.  Since 9f3a4934 a
shoe's missing card is counted due (Enter refused until it is typed), but the count of 4H's own card stayed with a
wait no card typed could reach any more: K 9S went in and ended nothing, and Enter on 4H was refused for good, live
and after a restart (R6).  Now the cards typed count for the cards before the read first, in card order: K 9S, Enter
plays 4H, and the read after it waits for the second card.  At the burn the same count stood after B and Shift+B
(R3): all three cards were burn cards, and the read is burned as read.  Real bytes over a real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
import test_shoe_missing_card_wait as missing_card

SECOND_MISSING = [frame("CARD", 4, "??"), frame("ERR", 4, "DOUBLE_FEED", "two cards left together")]


def refused(rig, card: str) -> None:
    answer = rig.session.confirm_pending()
    assert answer is not None and "(K)" in answer, answer
    assert rig.session.snapshot.pending.card.code == card


@pytest.mark.parametrize("restart", ["", "held", "typed"])
@pytest.mark.parametrize("second", SECOND_MISSING, ids=["unread", "double_feed"])
@pytest.mark.parametrize("first", [frame("CARD", 2, "??"), frame("CARD", 2, "AS")],
                         ids=["unread", "refused"])  # a second A♠ of a one-deck shoe is refused
def test_the_card_typed_for_the_card_before_a_held_read_lets_enter_play_it(tmp_path, first, second, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), first, frame("CARD", 3, "4H"), second)
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        refused(rig, "4H")
        if restart == "held":
            rig.restart()
            assert rig.waits("4H")
            refused(rig, "4H")
        assert rig.session.enter_card("9S") is None  # the card dealt before 4H
        snap = rig.session.snapshot
        assert snap.cards_due == 0 and "9♠ typed: Enter plays 4♥" in snap.status_reason(), snap.status_reason()
        if restart == "typed":
            rig.restart()
            assert rig.waits("4H") and rig.session.snapshot.cards_due == 0, rig.session.snapshot.status_reason()
        assert rig.session.confirm_pending() is None, rig.session.snapshot.status_reason()
        assert rig.played() == ["AS", "9S", "4H"]
        rig.send(frame("CARD", 5, "5D"))  # the read after the second missing card waits for it
        assert rig.waits("5D")
        refused(rig, "5D")
        assert rig.session.enter_card("7C") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["AS", "9S", "4H", "7C", "5D"] and rig.session.snapshot.pending is None
        assert not standing(rig), rig.session.snapshot.alerts
        rig.restart()
        assert rig.played() == ["AS", "9S", "4H", "7C", "5D"] and rig.session.snapshot.pending is None
        again = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert [c.code for c in again.state.round.cards] == ["AS", "9S", "4H", "7C", "5D"]
        again.close()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_typed_for_the_card_before_the_held_read_then_voided_is_due_again(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"),
                 frame("CARD", 4, "??"))
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert rig.session.enter_card("9S") is None and rig.session.void_last_card() is None
        if restart:
            rig.restart()
            assert rig.waits("4H")
        assert rig.session.snapshot.cards_due == 1, rig.session.snapshot.status_reason()
        refused(rig, "4H")
        assert rig.session.enter_card("9D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["AS", "9D", "4H"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_enter_plays_the_held_read_once_the_card_before_it_is_typed(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
        rig.cards("JC")
        rig.send("CARD", "??")
        rig.cards("4H")
        rig.send("CARD", "??")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4H"
                        and s.cards_due("serial:shoe") == 1)
        assert s.enter_card("9S") is None
        if restart:
            s = rig.restart()
        assert s.confirm_pending() is None, s.snapshot.status_reason()
        assert [c.code for c in s.state.round.cards] == ["JC", "9S", "4H"]
        rig.cards("5D")  # waits for the card unread after 4H
        assert wait_for(lambda: rig.session.snapshot.pending is not None)
        assert rig.session.confirm_pending() is not None
    finally:
        rig.close()
