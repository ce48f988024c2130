"""A card the shoe could not read after a read held under the wait a dropped read (Del) left is a card missing like
any other: the read after it waits for it, and UNREADABLE CARD asks for it, live, after a restart and in the replay
(fixR41).

The shoe could not read a card (??), 4H read after it was held and dropped (Del), 5C read next waits for both cards
(the unread one and 4H's, dealt all the same), and then the shoe could not read another card.  That last ?? opened
no wait: once the two cards were typed, Enter played 5C and the wait ended, so 9S read next was played (or held only
as read before a decision) in the ??'s place; at baccarat's burn, B burned 5C and round 1's first read was P1.

The other order (??, 4H held, ??, then Del on 4H) lost the first ??'s card: 5C waited for two cards of three.

Also the replay of V of a card typed for a shoe's ?? while a read waited by itself (blackjack: read before the
decision), then the card typed again: live and a restart take UNREADABLE CARD down, the replay kept it up.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_AN_UNREADABLE
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
from test_shoe_void_under_read_before_decision import six_of_diamonds_held_before_the_decision
import test_shoe_missing_card_wait as missing_card


def replay_alerts(session) -> list:
    return [a.code for a in session.snapshot.alerts if a.level != "info" and a.code != "replay"]


def waits_for_the_unread_card(session, read: str) -> None:
    """``read`` is held behind the ?? after 5C, one card due, UNREADABLE CARD up; Enter does not play it."""
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == read, snap.status_reason()
    assert snap.pending.doubt == AFTER_AN_UNREADABLE and snap.cards_due == 1, snap.status_reason()
    assert "unreadable" in [a.code for a in snap.alerts]
    assert session.confirm_pending() is not None
    assert session.snapshot.pending.card.code == read


def blackjack_5c_held_under_del_wait(rig) -> None:
    """Seat 1 bet and dealt; the shoe's ??, 4H read and dropped (Del), then 5C read and held under that Del wait."""
    s = rig.session
    assert s.place(1, D("10")) is None and s.deal() is None
    rig.send("CARD", "??")
    rig.cards("4H")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4H")
    assert s.reject_pending() is None  # Del
    rig.cards("5C")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "5C")


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_unread_card_after_the_held_read_waits_once_its_own_are_typed(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        blackjack_5c_held_under_del_wait(rig)
        rig.send("CARD", "??")  # after 5C
        assert wait_for(lambda: s.cards_due("serial:shoe") == 1), "the ?? after 5C opened no wait of its own"
        if restart:
            s = rig.restart()
        assert s.snapshot.pending.card.code == "5C" and s.snapshot.cards_due == 2, s.snapshot.status_reason()
        assert s.enter_card("2C") is None and s.enter_card("3C") is None
        assert s.confirm_pending() is None  # 5C, the cards before it typed
        assert [c.code for c in s.state.round.cards] == ["2C", "3C", "5C"]
        assert s.snapshot.pending is None and "unreadable" in standing(rig), s.snapshot.status_reason()
        rig.cards("9S")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9S")
        waits_for_the_unread_card(s, "9S")
        if restart:
            waits_for_the_unread_card(rig.restart(), "9S")
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert [c.code for c in replay.state.round.cards] == ["2C", "3C", "5C"]
    assert replay_alerts(replay) == ["unreadable"], replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unread_card_after_the_held_read_waits_once_its_own_are_typed(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4H"))
        assert rig.waits("4H") and rig.session.reject_pending() is None
        rig.send(frame("CARD", 3, "5C"), frame("CARD", 4, "??"))
        assert wait_for(lambda: rig.session.cards_due("serial:shoe") == 1), "the ?? after 5C opened no wait"
        if restart:
            rig.restart()
        assert rig.session.snapshot.pending.card.code == "5C" and rig.session.snapshot.cards_due == 2
        assert rig.session.enter_card("2C") is None and rig.session.enter_card("3C") is None
        assert rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "3C", "5C"] and "unreadable" in standing(rig)
        rig.send(frame("CARD", 5, "9S"))
        assert rig.waits("9S")
        waits_for_the_unread_card(rig.session, "9S")
        assert rig.played() == ["2C", "3C", "5C"]
        if restart:
            rig.restart()
            waits_for_the_unread_card(rig.session, "9S")
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["2C", "3C", "5C"]
    assert replay_alerts(replay) == ["unreadable"], replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_b_burns_the_held_read_and_the_unread_card_after_it_is_round_ones(tmp_path, restart):
    """The shown 3D means three more burn cards: ??, 4H (dropped) and 5C.  The ?? after 5C is round 1's P1: B leaves
    its wait standing, and 9S waits for it."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3D"))
        assert wait_for(lambda: rig.session.state.shoe.burned)
        rig.send(frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H") and rig.session.reject_pending() is None
        rig.send(frame("CARD", 4, "5C"), frame("CARD", 5, "??"))
        assert wait_for(lambda: rig.session.cards_due("serial:shoe") == 1), "the ?? after 5C opened no wait"
        assert rig.session.burn_unseen() is None  # B
        snap = rig.session.snapshot
        assert "5C" in [c.code for c in snap.state.shoe.burned] and snap.pending is None
        assert "unreadable" in standing(rig), snap.status_reason()
        if restart:
            rig.restart()
            assert "unreadable" in standing(rig) and rig.session.cards_due("serial:shoe") == 1
        assert rig.session.deal() is None
        rig.send(frame("CARD", 6, "9S"))
        assert rig.waits("9S")
        waits_for_the_unread_card(rig.session, "9S")
        assert rig.played() == []
        if restart:
            rig.restart()
            waits_for_the_unread_card(rig.session, "9S")
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert replay.state.round is None or not replay.state.round.cards
    assert replay_alerts(replay) == ["unreadable"], replay.snapshot.alerts


def test_replay_of_the_card_typed_again_after_its_void_under_a_read_before_the_decision(tmp_path):
    """One deck, burn 1: 3D burned, 2C and 9S dealt, ?? typed as AS, 6D read before seat 1's decision (held), KC
    behind it, V of AS (6D waits under the ?? again), AS typed again: the wait ends, live, after a restart and in the
    replay."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=1, house=HouseRules(decks=1)))
    try:
        s = rig.session
        six_of_diamonds_held_before_the_decision(rig)
        assert s.void_last(why="typo") is None and "unreadable" in standing(rig)
        assert s.enter_card("AS") is None
        assert not standing(rig) and s.snapshot.cards_due == 0, s.snapshot.status_reason()
        assert not standing(rig) and not rig.restart().snapshot.cards_due
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert [c.code for c in replay.state.round.cards] == ["2C", "9S", "AS"]
    assert replay_alerts(replay) == [], replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_held_read_dropped_with_a_newer_unread_card_keeps_its_own_cards_due(tmp_path, restart):
    """??, 4H held behind it, ?? (after 4H), then Del on 4H: three cards are missing before 5C read next (the two
    unread and 4H's); the first one's had been lost, and Enter played 5C after two typed."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4H"), frame("CARD", 3, "??"))
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert rig.session.reject_pending() is None
        rig.send(frame("CARD", 4, "5C"))
        assert rig.waits("5C")
        if restart:
            rig.restart()
        assert rig.session.snapshot.cards_due == 3, rig.session.snapshot.status_reason()
        assert rig.session.enter_card("2C") is None and rig.session.enter_card("3C") is None
        assert rig.session.confirm_pending() is not None and rig.played() == ["2C", "3C"]
        assert rig.session.enter_card("6D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "3C", "6D", "5C"] and not standing(rig)
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["2C", "3C", "6D", "5C"]
    assert replay_alerts(replay) == [], replay.snapshot.alerts
