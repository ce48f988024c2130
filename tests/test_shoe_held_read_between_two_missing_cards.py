"""A shoe's read held behind a card it left unplayed, and another card left unplayed right after that read (rev38).

AS, ??, 4H, ??: 4H waits for the card before it; the second ?? opens a wait for the read after 4H.  Since 9f3a4934 a
shoe's missing card is counted due (Enter refused until it is typed), but the count of 4H's own card stayed with a
wait no card typed could reach any more: K 9S went in and ended nothing, and Enter on 4H was refused for good, live
and after a restart (R6).  Now the cards typed count for the cards before the read first, in card order: K 9S, Enter
plays 4H, and the read after it waits for the second card (K 9S, K 2C, Enter: both typed, nothing waits after 4H).
At the burn the same count stood after B and Shift+B (R3): all three cards were burn cards, and the read is burned
as read; baccarat's B now does so as Shift+B did (R1), and with no burn card left for the read its banner says it
went with the burn (R2), Del setting it aside (R7).  At N the read is held as a card after the round.  Real bytes
over a real pty to the reader.
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

SECOND_MISSING = [frame("CARD", 4, "??"), frame("ERR", 4, "DOUBLE_FEED", "two cards left together")]


def burned_with_7h_held(tmp_path, burn_cards: int, sent: tuple):
    """A blackjack table burning ``burn_cards`` over a real pty, seat 1 bet: the shoe sends ``sent`` (``??`` a card it
    could not read, ``7H`` read), 7♥ waits as held, and B is pressed."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=burn_cards))
    s = rig.session
    assert s.place(1, D("10")) is None
    for code in sent:
        if code == "??":
            rig.send("CARD", "??")
        else:
            rig.cards(code)
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "7H"
                    and (sent[-1] != "??" or s.cards_due("serial:shoe") == 1))  # the ?? after it came in
    assert s.skip_burn() is None
    return rig


def first_card_goes_to_seat_1(rig) -> None:
    """D deals, and the shoe's next read (9♠) is seat 1's first card, nothing held."""
    assert rig.session.deal() is None
    rig.cards("9S")
    assert wait_for(lambda: rig.session.state.round is not None and len(rig.session.state.round.cards) == 1)
    assert rig.hands(1) == [["9S"]] and rig.session.snapshot.pending is None


def blackjack_4h_between_two_missing(rig):
    """Two seats bet and dealt; the shoe reads J♣, misses a card, reads 4♥ (held behind it), misses another."""
    s = rig.session
    assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
    rig.cards("JC")
    rig.send("CARD", "??")
    rig.cards("4H")
    rig.send("CARD", "??")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4H"
                    and s.cards_due("serial:shoe") == 1)
    return s


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
        s = blackjack_4h_between_two_missing(rig)
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


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("key", ["burn_unseen", "skip_burn"])  # B, Shift+B
@pytest.mark.parametrize("after", [[], [frame("CARD", 4, "??")]], ids=["alone", "another_unread_after"])
def test_baccarat_b_burns_a_read_held_behind_an_unread_burn_card(tmp_path, key, after, restart):
    """3♥ shown: three to burn.  ??, 4♥ (held), [??]: all burn cards, so 4♥ is burned as read at B as at Shift+B (R1:
    B counted it unseen and left it held, and Enter dealt it as P1; R3: with a second ?? the wait stood after either
    key, and Enter was refused for good)."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3H"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"), *after)
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert getattr(rig.session, key)() is None
        for _ in range(2 if restart else 1):
            snap = rig.session.snapshot
            assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
            assert [c.code for c in snap.state.shoe.burned] == ["3H", "4H"] and snap.state.phase == TablePhase.BETTING
            assert snap.state.shoe.unknown == (2 if key == "burn_unseen" else 0)  # the ?? and the third, unseen
            if restart:
                rig.restart()
                restart = False
        assert rig.session.deal() is None
        rig.send(frame("CARD", 4 + len(after), "5D"))
        assert wait_for(lambda: rig.played() == ["5D"]), rig.session.snapshot.status_reason()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("key", ["burn_unseen", "skip_burn"])
def test_baccarat_b_with_no_burn_card_left_for_the_read_held_says_so(tmp_path, key, restart):
    """A♠ shown: one to burn, the ?? after it.  4♥ held behind it is round 1's P1: after B or Shift+B its banner no
    longer asks for the card burned (R2: "type that card first (K)", and the card typed went in as P1)."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H")
        assert getattr(rig.session, key)() is None
        if restart:
            rig.restart()
            assert rig.waits("4H")
        reason = rig.session.snapshot.status_reason()
        assert "went with the burn" in reason and "Enter deals this one as P1" in reason and "(K)" not in reason, reason
        assert rig.session.snapshot.cards_due == 0 and not standing(rig)
        assert rig.session.confirm_pending() is None and rig.played() == ["4H"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_b_burns_a_read_held_between_two_unread_burn_cards(tmp_path, restart):
    """burn_cards=3: ??, 7♥ (held), ?? are the burn; B burns 7♥ as read (R3: Enter and K were refused after B)."""
    rig = burned_with_7h_held(tmp_path, 3, ("??", "7H", "??"))
    try:
        s = rig.restart() if restart else rig.session
        snap = s.snapshot
        assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
        assert [c.code for c in s.state.burned] == ["7H"] and s.state.burn_left == 0
        first_card_goes_to_seat_1(rig)
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_b_with_one_burn_card_leaves_the_card_unread_after_the_read_due(tmp_path, restart):
    """burn_cards=1: the first ?? was the burn, 7♥ is seat 1's card and the ?? after it the next: Enter deals 7♥, and
    the read after it waits for the card unread before it."""
    rig = burned_with_7h_held(tmp_path, 1, ("??", "7H", "??"))
    try:
        s = rig.restart() if restart else rig.session
        reason = s.snapshot.status_reason()
        assert "went with the burn (B)" in reason and s.snapshot.cards_due == 0, reason
        assert s.confirm_pending() is None and rig.hands(1) == [["7H"]]
        assert s.cards_due("serial:shoe") == 1 and "unreadable" in standing(rig)
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_n_holds_a_read_between_two_cards_left_unplayed_after_the_round(tmp_path, restart):
    """The round complete, then ??, 4♥, ?? before N: 4♥ is held as a card after the round, as with one card missing
    (the ?? after it made N leave it under "type that card first (K)", and the card typed went in as P1)."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        complete_round(rig)
        rig.send(frame("CARD", 5, "??"), frame("CARD", 6, "4H"), frame("CARD", 7, "??"))
        assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
        assert rig.session.next_round() is None
        if restart:
            rig.restart()
        snap = rig.session.snapshot
        assert snap.state.round_no == 2 and snap.pending is None and snap.cards_due == 0, snap.status_reason()
        assert [c.code for c in snap.state.held] == ["4H"] and standing(rig) == ["held"], snap.alerts
        assert rig.session.discard_held() is None and rig.session.deal() is None
        rig.send(frame("CARD", 8, "5H"))
        assert wait_for(lambda: rig.played() == ["5H"]), rig.session.snapshot.status_reason()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_del_sets_aside_a_read_that_went_with_the_burn(tmp_path, restart):
    """R7: burn_cards=2, ??, ??, 7♥ held; B: 7♥ "went with the burn (B)".  Del sets it aside as its banner says (it
    had said "unsure read rejected: type the card (K)", and the round's first read then waited behind it)."""
    rig = burned_with_7h_held(tmp_path, 2, ("??", "??", "7H"))
    try:
        s = rig.session
        assert "went with the burn (B)" in s.snapshot.status_reason()
        s.reject_pending()
        assert "7♥ set aside (Del), not dealt" in s.snapshot.message and "(K)" not in s.snapshot.message
        if restart:
            s = rig.restart()
        assert s.snapshot.pending is None and s.cards_due("serial:shoe") == 0 and not standing(rig)
        first_card_goes_to_seat_1(rig)
    finally:
        rig.close()


def both_typed(tmp_path):
    """Baccarat over a real pty: the shoe sends AS, ??, 4H, ??, 4♥ held; 9♠ typed, then 2♣ refused: it is the card
    after 4♥, which comes first (rev39 P2: it was played ahead of 4♥)."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    assert rig.session.deal() is None
    rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"), frame("CARD", 4, "??"))
    assert rig.waits("4H") and wait_for(lambda: rig.session.cards_due("serial:shoe") == 1)
    assert rig.session.enter_card("9S") is None
    error = rig.session.enter_card("2C")
    assert error is not None and "4♥ comes first" in error and rig.played() == ["AS", "9S"], error
    return rig


@pytest.mark.parametrize("restart", [False, True])
def test_both_missing_cards_typed_before_enter_leave_no_wait_after_the_held_read(tmp_path, restart):
    """AS, ??, 4H, ??, then K 9S, Enter, K 2C: the held read played between the cards typed, as the shoe dealt them
    (rev39 P2: K 2C before Enter had played 2♣ ahead of 4♥); the read after them plays as it comes."""
    rig = both_typed(tmp_path)
    try:
        if restart:
            rig.restart()
            assert rig.waits("4H")
        assert rig.session.confirm_pending() is None, rig.session.snapshot.status_reason()
        assert rig.played() == ["AS", "9S", "4H"] and rig.session.cards_due("serial:shoe") == 1
        assert rig.session.enter_card("2C") is None
        assert rig.played() == ["AS", "9S", "4H", "2C"] and rig.session.cards_due("serial:shoe") == 0
        rig.send(frame("CARD", 5, "5D"))
        assert wait_for(lambda: rig.played() == ["AS", "9S", "4H", "2C", "5D"]), rig.session.snapshot.status_reason()
        assert not standing(rig)
    finally:
        rig.close()


def test_the_second_card_typed_then_voided_is_due_again_for_the_read_after_the_held_one(tmp_path):
    rig = both_typed(tmp_path)
    try:
        assert rig.session.confirm_pending() is None and rig.session.enter_card("2C") is None
        assert rig.session.void_last_card() is None
        assert rig.played() == ["AS", "9S", "4H"]
        rig.send(frame("CARD", 5, "5D"))
        assert rig.waits("5D")
        assert rig.session.confirm_pending() is not None  # the card after 4H is still to be typed
    finally:
        rig.close()
