"""UNREADABLE CARD's words follow the count of cards due once a Del changed it (fixR39).

The shoe reads A♠, cannot read the next card, reads 4♥ (held behind it); Del drops 4♥: a shoe reads each card once,
so 4♥'s card was dealt all the same and two cards are now to be typed.  The alert already up kept its one-card words
("look at the card and type it (K)") until another card raised it again, while the banner and Enter said two.  Now
its DO line says two at once, after a restart too, and one again once a card is typed.  Both games; real bytes over a
real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig
import test_shoe_missing_card_wait as missing_card

ONE = "look at the card and type it (K)"


def unreadable_do(session) -> str:
    return next(a.action for a in session.snapshot.alerts if a.code == "unreadable")


def says_two(session) -> None:
    do = unreadable_do(session)
    assert session.cards_due("serial:shoe") == 2 and "2 cards could not be read or were dropped (Del)" in do, do
    assert ONE not in do


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unreadable_card_says_two_cards_once_del_dropped_the_held_read(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H") and unreadable_do(rig.session).startswith(ONE)
        rig.session.reject_pending()
        says_two(rig.session)
        if restart:
            rig.restart()
            says_two(rig.session)
        assert rig.session.enter_card("9S") is None
        assert rig.session.cards_due("serial:shoe") == 1 and unreadable_do(rig.session).startswith(ONE)
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_unreadable_card_says_two_cards_once_del_dropped_the_held_read(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.cards("JC")
        rig.send("CARD", "??")
        rig.cards("4H")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4H")
        s.reject_pending()
        says_two(s)
        if restart:
            s = rig.restart()
            says_two(s)
        assert s.enter_card("9S") is None
        assert s.cards_due("serial:shoe") == 1 and unreadable_do(s).startswith(ONE)
    finally:
        rig.close()
