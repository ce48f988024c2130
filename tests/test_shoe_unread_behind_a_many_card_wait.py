"""A card the shoe could not read behind lost frames (FRAMES LOST) or a double feed is a card missing like any other,
live, after a restart and in the replay (fixR42; fixR41 did the same for the wait a dropped read, Del, leaves).

* After the read held behind such a wait: frames lost, 4H read and held, then ``??``.  That ?? opened no wait (the
  many-card hold stood), so once the lost frames' card was typed, Enter played 4H, the waits ended and 5D read next was
  played in the ??'s place.  Now the ?? is the card after 4H: 5D waits for it.
* Right behind it, no read between: frames lost (or a double feed), ``??``, then 4H.  At the gap Enter, Enter (the
  second said no card was missed) played 4H in the ??'s place; at the double feed one card typed let Enter play it,
  the ?? counted for none.  Now the ?? is one more to type.
* The words: a Del wait whose cards were all typed still counted one card due (``cards_due``), and UNREADABLE CARD said
  "type it (K)" with none left, live and after a restart; Enter (rightly) played the read.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_AN_UNREADABLE
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
from test_shoe_unread_after_read_held_under_del_wait import (blackjack_5c_held_under_del_wait, replay_alerts,
                                                            waits_for_the_unread_card)
import test_shoe_missing_card_wait as missing_card

SHOE = "serial:shoe"
KINDS = {"gap": ("gap", AFTER_A_GAP), "double feed": ("device:DOUBLE_FEED", AFTER_A_DOUBLE_FEED)}


def baccarat(tmp_path, kind: str) -> BurnRig:
    """Round 1 dealt, 9S read (P1), then frame 2 lost (shown by the next frame) or a double feed (frame 2); ``seq``:
    the last frame sent."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    assert rig.session.deal() is None
    rig.send(hello("B1"), frame("CARD", 1, "9S"))
    rig.seq = 1
    assert wait_for(lambda: rig.played() == ["9S"])
    if kind == "double feed":
        rig.send(frame("ERR", 2, "DOUBLE_FEED", "two cards left together"))
        assert wait_for(lambda: rig.session.cards_due(SHOE))
    return rig


def blackjack(tmp_path, kind: str, lose: bool = True) -> RestartingBlackjackRig:
    """Both seats bet, dealt, 9S read (seat 1), then a frame lost (``lose``: shown by the next frame) or a double feed:
    four cards to come before a decision."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    assert rig.session.place(1, D("10")) is None and rig.session.place(2, D("10")) is None
    assert rig.session.deal() is None
    rig.cards("9S")
    assert wait_for(lambda: [c.code for c in rig.session.state.round.cards] == ["9S"])
    if kind == "double feed":
        rig.send("ERR", "DOUBLE_FEED", "two cards left together")
        assert wait_for(lambda: rig.session.cards_due(SHOE))
    elif lose:
        rig.seq += 1  # the frame after 9S never arrives: the next one shows the gap
    return rig


def played(session) -> list:
    return [c.code for c in session.state.round.cards]


def held(session, code: str, why: str) -> bool:
    return wait_for(lambda: session.snapshot.pending is not None and session.snapshot.pending.card.code == code
                    and session.snapshot.pending.doubt == why)


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_baccarat_unread_card_after_the_read_held_behind_the_wait_waits_for_its_card(tmp_path, kind, restart):
    code, why = KINDS[kind]
    rig = baccarat(tmp_path, kind)
    try:
        rig.send(frame("CARD", 3, "4H"))
        assert held(rig.session, "4H", why) and code in standing(rig)
        rig.send(frame("CARD", 4, "??"))
        assert wait_for(lambda: "unreadable" in standing(rig))
        if restart:
            rig.restart()
            assert held(rig.session, "4H", why)
        assert rig.session.enter_card("2C") is None  # the card behind the lost frame or the double feed: taken
        assert rig.session.confirm_pending() is None and rig.played() == ["9S", "2C", "4H"]
        assert "unreadable" in standing(rig) and rig.session.cards_due(SHOE) == 1, rig.session.snapshot.status_reason()
        rig.send(frame("CARD", 5, "5D"))
        assert rig.waits("5D")
        waits_for_the_unread_card(rig.session, "5D")
        assert rig.played() == ["9S", "2C", "4H"]
        if restart:
            rig.restart()
            waits_for_the_unread_card(rig.session, "5D")
        assert rig.session.enter_card("AH") is None and rig.session.confirm_pending() is None
        assert rig.played()[:5] == ["9S", "2C", "4H", "AH", "5D"] and "unreadable" not in standing(rig)
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert played(replay)[:5] == ["9S", "2C", "4H", "AH", "5D"]
    assert "unreadable" not in replay_alerts(replay), replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_blackjack_unread_card_after_the_read_held_behind_the_wait_waits_for_its_card(tmp_path, kind, restart):
    code, why = KINDS[kind]
    rig = blackjack(tmp_path, kind)
    try:
        s = rig.session
        rig.cards("4H")
        assert held(s, "4H", why) and code in standing(rig)
        rig.send("CARD", "??")
        assert wait_for(lambda: "unreadable" in standing(rig))
        if restart:
            s = rig.restart()
            assert held(s, "4H", why)
        assert s.enter_card("2C") is None
        assert s.confirm_pending() is None and played(s) == ["9S", "2C", "4H"]
        assert "unreadable" in standing(rig) and s.cards_due(SHOE) == 1, s.snapshot.status_reason()
        rig.cards("5D")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "5D")
        waits_for_the_unread_card(s, "5D")
        assert played(s) == ["9S", "2C", "4H"]
        if restart:
            waits_for_the_unread_card(rig.restart(), "5D")
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["9S", "2C", "4H"]
    assert "unreadable" in replay_alerts(replay), replay.snapshot.alerts


def refused(session, code: str) -> None:
    """Enter on the held ``code`` plays nothing (a first Enter behind lost frames asks; the second is refused too)."""
    before = played(session)
    for _ in range(2):
        assert session.confirm_pending() is not None
    assert played(session) == before and session.snapshot.pending.card.code == code


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_baccarat_unread_card_right_behind_the_wait_is_one_more_to_type(tmp_path, kind, restart):
    code, why = KINDS[kind]
    rig = baccarat(tmp_path, kind)
    try:
        rig.send(frame("CARD", 3, "??"), frame("CARD", 4, "4H"))
        assert held(rig.session, "4H", why) and "unreadable" in standing(rig)
        if restart:
            rig.restart()
            assert held(rig.session, "4H", why)
        due = 2 if kind == "double feed" else 1  # the double feed's card, and the ??
        assert rig.session.snapshot.cards_due == due, rig.session.snapshot.status_reason()
        refused(rig.session, "4H")
        for typed in ("2C", "3C")[:due]:
            assert rig.session.enter_card(typed) is None
        if due == 2:
            assert rig.session.confirm_pending() is None and rig.played() == ["9S", "2C", "3C", "4H"]
        else:  # behind lost frames, once the ?? is typed Enter plays 4H (any other missed card typed first)
            assert rig.session.confirm_pending() is None and rig.played() == ["9S", "2C", "4H"]
        if restart:
            rig.restart()
        assert rig.session.snapshot.pending is None and not standing(rig), rig.session.snapshot.alerts
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert played(replay) == rig.played()
    assert replay_alerts(replay) == [], replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("kind", KINDS)
def test_blackjack_unread_card_right_behind_the_wait_is_one_more_to_type(tmp_path, kind, restart):
    code, why = KINDS[kind]
    rig = blackjack(tmp_path, kind)
    try:
        s = rig.session
        rig.send("CARD", "??")
        rig.cards("4H")
        assert held(s, "4H", why) and "unreadable" in standing(rig)
        if restart:
            s = rig.restart()
            assert held(s, "4H", why)
        due = 2 if kind == "double feed" else 1
        assert s.snapshot.cards_due == due, s.snapshot.status_reason()
        refused(s, "4H")
        typed = ["2C", "3C"][:due]
        for card in typed:
            assert s.enter_card(card) is None
        assert s.confirm_pending() is None and played(s) == ["9S", *typed, "4H"]
        assert s.snapshot.pending is None and not standing(rig), s.snapshot.alerts
        if restart:
            rig.restart()
            assert not standing(rig) and rig.session.snapshot.pending is None
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["9S", *typed, "4H"]
    assert replay_alerts(replay) == [], replay.snapshot.alerts


def typed_all_words(session) -> None:
    """The Del wait's cards all typed: none counted due, and UNREADABLE CARD no longer asks to type one."""
    assert session.cards_due(SHOE) == 0 and session.snapshot.cards_due == 0
    action = next(a.action for a in session.snapshot.alerts if a.code == "unreadable")
    assert "type it (K)" not in action and "Enter plays" in action, action


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_del_wait_with_its_cards_typed_counts_none_due(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4H"))
        assert rig.waits("4H") and rig.session.reject_pending() is None
        rig.send(frame("CARD", 3, "5C"))
        assert rig.waits("5C") and rig.session.snapshot.cards_due == 2
        assert rig.session.enter_card("2C") is None and rig.session.enter_card("3C") is None
        if restart:
            rig.restart()
        typed_all_words(rig.session)
        assert rig.session.confirm_pending() is None and rig.played() == ["2C", "3C", "5C"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_del_wait_with_its_cards_typed_counts_none_due(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        blackjack_5c_held_under_del_wait(rig)
        assert s.enter_card("2C") is None and s.enter_card("3C") is None
        if restart:
            s = rig.restart()
        typed_all_words(s)
        assert s.confirm_pending() is None and played(s) == ["2C", "3C", "5C"]
    finally:
        rig.close()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_double_feed_cards_typed_while_the_read_waits_are_not_the_unread_card_after_it(tmp_path, game):
    """Double feed (both unread), 4H held behind it, ??: the two cards typed are the double feed's (it may hold two),
    not the ?? after 4H, whose wait had ended at the second and 5D went in its place once 4H was played."""
    rig = baccarat(tmp_path, "double feed") if game == "baccarat" else blackjack(tmp_path, "double feed")
    try:
        if game == "baccarat":
            rig.send(frame("CARD", 3, "4H"), frame("CARD", 4, "??"))
        else:
            rig.cards("4H")
            rig.send("CARD", "??")
        s = rig.session
        assert held(s, "4H", AFTER_A_DOUBLE_FEED) and wait_for(lambda: "unreadable" in standing(rig))
        assert s.enter_card("2C") is None and s.enter_card("3C") is None  # the two cards fed together
        assert s.confirm_pending() is None and played(s) == ["9S", "2C", "3C", "4H"]
        assert "unreadable" in standing(rig) and s.cards_due(SHOE) == 1, s.snapshot.status_reason()
        if game == "baccarat":
            rig.send(frame("CARD", 5, "5D"))
        else:
            rig.cards("5D")
        assert held(s, "5D", AFTER_AN_UNREADABLE)
        waits_for_the_unread_card(s, "5D")
    finally:
        rig.close()


def gap_shown_by_heartbeat(rig, game: str) -> None:
    """The frame after the last one sent is lost; a heartbeat naming it as the last card shows FRAMES LOST at once."""
    before = [a for a in rig.session.snapshot.alerts if a.code == "gap"]
    rig.seq += 1
    lost = rig.seq
    if game == "baccarat":
        rig.seq += 1
        rig.send(frame("HB", rig.seq, str(lost)))
    else:
        rig.send("HB", str(lost))
    assert wait_for(lambda: [a for a in rig.session.snapshot.alerts if a.code == "gap"] not in ([], before))


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_replay_takes_the_waits_alerts_down_once_the_unread_card_after_the_read_held_behind_a_gap_is_typed(
        tmp_path, game):
    """9S, a lost frame (its card typed at once, AC), 4H held behind the gap, ??, Enter on 4H, then the ?? typed (QS):
    no wait stands, live and after a restart, and the replay took FRAMES LOST and UNREADABLE CARD down too (they
    stayed up in it, also before this fix, when the live table had lost the ??'s wait)."""
    rig = baccarat(tmp_path, "gap") if game == "baccarat" else blackjack(tmp_path, "gap", lose=False)
    try:
        gap_shown_by_heartbeat(rig, game)
        s = rig.session
        assert s.enter_card("AC") is None
        if game == "baccarat":
            rig.send(frame("CARD", rig.seq + 1, "4H"), frame("CARD", rig.seq + 2, "??"))
        else:
            rig.cards("4H")
            rig.send("CARD", "??")
        assert held(s, "4H", AFTER_A_GAP) and wait_for(lambda: "unreadable" in standing(rig))
        assert s.confirm_pending() is None and played(s) == ["9S", "AC", "4H"]
        assert s.enter_card("QS") is None and played(s) == ["9S", "AC", "4H", "QS"]
        assert not standing(rig), s.snapshot.alerts
        rig.restart()
        assert not standing(rig), rig.session.snapshot.alerts
    finally:
        rig.close()
    replay = (replayed(rig.path, TableSession(rig.rules, odds=False)) if game == "baccarat"
              else replayed(rig.journal, BlackjackSession(rig.rules)))
    assert played(replay) == ["9S", "AC", "4H", "QS"]
    assert replay_alerts(replay) == [], replay.snapshot.alerts


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_replay_keeps_a_second_gaps_wait_up_once_the_read_held_behind_the_first_is_played(tmp_path, game):
    """A lost frame (its card typed, 2D), ?? (4D), 3S held, a second lost frame, 4D typed, Enter on 3S, the second
    gap's card typed (JS): the second gap's wait stands (only Enter on a read, or Esc, ends it), and with it FRAMES
    LOST and UNREADABLE CARD, live and after a restart; the replay had taken them down at Enter on 3S."""
    rig = baccarat(tmp_path, "gap") if game == "baccarat" else blackjack(tmp_path, "gap", lose=False)
    try:
        s = rig.session
        gap_shown_by_heartbeat(rig, game)
        assert s.enter_card("2D") is None
        if game == "baccarat":
            rig.send(frame("CARD", rig.seq + 1, "??"), frame("CARD", rig.seq + 2, "3S"))
            rig.seq += 2
        else:
            rig.send("CARD", "??")
            rig.cards("3S")
        assert held(s, "3S", AFTER_A_GAP)
        gap_shown_by_heartbeat(rig, game)
        assert s.enter_card("4D") is None and s.confirm_pending() is None
        assert s.enter_card("JS") is None and played(s) == ["9S", "2D", "4D", "3S", "JS"]
        assert {"gap", "unreadable"} <= set(standing(rig)), s.snapshot.alerts
        rig.restart()
        assert {"gap", "unreadable"} <= set(standing(rig)), rig.session.snapshot.alerts
    finally:
        rig.close()
    replay = (replayed(rig.path, TableSession(rig.rules, odds=False)) if game == "baccarat"
              else replayed(rig.journal, BlackjackSession(rig.rules)))
    assert played(replay) == ["9S", "2D", "4D", "3S", "JS"]
    assert {"gap", "unreadable"} <= set(replay_alerts(replay)), replay.snapshot.alerts


@pytest.mark.parametrize("esc", [False, True])
@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_unread_card_before_lost_frames_is_still_to_type(tmp_path, game, esc):
    """9S, ?? (its card 2C), then FRAMES LOST (a heartbeat names a lost frame), then 4C read: FRAMES LOST's wait had
    replaced the ??'s, so Enter, Enter (or Esc on FRAMES LOST, then Enter) played 4C in the ??'s place.  Now the ??'s
    card is due in the gap's wait (and after Esc, in a wait of its own), live and after a restart."""
    rig = baccarat(tmp_path, "gap") if game == "baccarat" else blackjack(tmp_path, "gap", lose=False)
    try:
        if game == "baccarat":
            rig.seq += 1
            rig.send(frame("CARD", rig.seq, "??"))
        else:
            rig.send("CARD", "??")
        assert wait_for(lambda: "unreadable" in standing(rig))
        gap_shown_by_heartbeat(rig, game)
        if esc:
            rig.session.dismiss("gap")
        if game == "baccarat":
            rig.send(frame("CARD", rig.seq + 1, "4C"))
        else:
            rig.cards("4C")
        assert wait_for(lambda: rig.session.snapshot.pending is not None)
        for restarted in (False, True):
            if restarted:
                rig.restart()
            s = rig.session
            assert s.snapshot.pending.card.code == "4C" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
            refused(s, "4C")
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert played(s) == ["9S", "2C", "4C"]
    finally:
        rig.close()
    replay = (replayed(rig.path, TableSession(rig.rules, odds=False)) if game == "baccarat"
              else replayed(rig.journal, BlackjackSession(rig.rules)))
    assert played(replay) == ["9S", "2C", "4C"]
