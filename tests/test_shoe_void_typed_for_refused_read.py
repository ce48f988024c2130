"""V of the card typed in the place of a shoe's read refused as dealt already brings its wait back with CARD REFUSED,
as a restart and the replay show it (rev39 P1).

Blackjack, one deck, burn 1: 9♠ burned, then 9♠ read again (refused: the deck holds it once), Q♥ typed as the card
really dealt (seat 1's first), then V.  The wait for the card in the refused read's place is back; live took CARD
REFUSED down for good as Q♥ was played (so it showed nothing, or only UNREADABLE CARD after a ?? next), where a
restart and the replay showed it again.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from replayed_journals import replayed
from test_shoe_burn_and_next_round_waits import RestartingBlackjackRig, standing

RULES = BlackjackTableRules(seats=2, burn_cards=1, house=HouseRules(decks=1))


@pytest.mark.parametrize("unread_next", [False, True])
def test_void_of_the_card_typed_for_a_refused_read_shows_card_refused_again(tmp_path, unread_next):
    rig = RestartingBlackjackRig(tmp_path, RULES)
    try:
        s = rig.session
        assert s.place(1, D("10")) is None
        rig.cards("9S", "9S")
        assert wait_for(lambda: "refused" in standing(rig))
        assert s.enter_card("QH") is None
        assert "refused" not in standing(rig)
        assert s.void_last(why="typo") is None
        assert s.cards_due("serial:shoe") == 1
        expected = ["refused"]
        if unread_next:
            rig.send("CARD", "??")
            assert wait_for(lambda: "unreadable" in standing(rig))
            assert s.enter_card("2C") is None
            expected = ["refused", "unreadable"]
        assert sorted(standing(rig)) == expected, s.snapshot.alerts
        live = sorted(standing(rig))
        s = rig.restart()
        assert sorted(standing(rig)) == live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(RULES))
    assert sorted(a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay") == live


def test_void_of_the_card_typed_for_a_read_held_behind_a_refused_read_shows_card_refused_again(tmp_path):
    """Q♥ burned, J♦ read before any bet (refused), Q♦ held behind it; seat 1 bets, the deal; Q♥ typed (refused: dealt
    already), 7♣ typed (seat 1's first), V.  The wait is back with CARD REFUSED, as restarted (fuzz bj 738: live showed
    no alert, only the banner asking for the card)."""
    rig = RestartingBlackjackRig(tmp_path, RULES)
    try:
        s = rig.session
        rig.cards("QH", "JD", "QD")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "QD")
        assert s.place(1, D("10")) is None and s.deal() is None
        assert "already dealt" in s.enter_card("QH") and "refused" in standing(rig)
        assert s.enter_card("7C") is None and "refused" not in standing(rig)
        assert s.void_last(why="typo") is None
        live = (sorted(standing(rig)), s.cards_due("serial:shoe"), s.snapshot.pending.card.code)
        assert live == (["refused"], 1, "QD"), live
        s = rig.restart()
        assert (sorted(standing(rig)), s.cards_due("serial:shoe"), s.snapshot.pending.card.code) == live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(RULES))
    assert sorted(a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay") == live[0]
