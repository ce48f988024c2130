"""V of the card typed for a held read's missing card, after that read was played and voided (fixR39).

The shoe reads A♠, cannot read the next card, reads 4♥ (held behind it) and cannot read the card after 4♥.  K 9S
types the first missing card, Enter plays 4♥.  V voids 4♥, V voids 9♠: README says a card typed for a missing card
and voided is due again (V = void the last card), so two cards are now missing (9♠'s place and the card after 4♥)
and the next read waits for both.  The count stayed at one: one card typed let Enter play the next read in the
second missing card's place.  Both games, live and after a restart; real bytes over a real pty to the reader.
"""

from __future__ import annotations

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
from test_shoe_held_read_between_two_missing_cards import blackjack_4h_between_two_missing
import test_shoe_missing_card_wait as missing_card


@pytest.mark.parametrize("restart", ["", "before_voids", "after_voids"])
def test_baccarat_both_missing_cards_are_due_after_the_read_and_the_card_typed_are_voided(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"),
                 frame("CARD", 4, "??"))
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert rig.session.enter_card("9S") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["AS", "9S", "4H"]
        if restart == "before_voids":
            rig.restart()
        assert rig.session.void_last_card() is None and rig.session.void_last_card() is None
        if restart == "after_voids":
            rig.restart()
        assert rig.played() == ["AS"] and rig.session.cards_due("serial:shoe") == 2
        assert "unreadable" in standing(rig)
        rig.send(frame("CARD", 5, "5D"))
        assert rig.waits("5D") and rig.session.snapshot.cards_due == 2, rig.session.snapshot.status_reason()
        assert rig.session.enter_card("9C") is None
        answer = rig.session.confirm_pending()
        assert answer is not None and "(K)" in answer, answer  # the second missing card is still untyped
        assert rig.session.enter_card("2C") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["AS", "9C", "2C", "5D"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_both_missing_cards_are_due_after_the_read_and_the_card_typed_are_voided(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = blackjack_4h_between_two_missing(rig)
        assert s.enter_card("9S") is None and s.confirm_pending() is None
        assert s.void_last() is None and s.void_last() is None
        if restart:
            s = rig.restart()
        assert [c.code for c in s.state.round.cards] == ["JC"] and s.cards_due("serial:shoe") == 2
        rig.cards("5D")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.cards_due == 2), s.snapshot
        assert s.enter_card("9C") is None and s.confirm_pending() is not None
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert [c.code for c in s.state.round.cards] == ["JC", "9C", "2C", "5D"]
    finally:
        rig.close()
