"""A read that waited its turn behind a held read comes before a card the shoe could not read after it (fixR42 L1).

The shoe sent ``??``, 4C (held: a card before it is missing), QH (it waits its turn behind 4C), then ``??`` again.  Once
the first ??'s card was typed and Enter played 4C, QH was taken under the second ??'s wait: held, Enter refused, and the
card typed next (the second ??'s) was played before QH, though the shoe sent QH first.  QH plays as it comes now, and
the read after it waits for the second ??'s card, live, after a restart and in the replay.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_AN_UNREADABLE
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import journal_entries, replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig
from test_shoe_unread_after_read_held_under_del_wait import replay_alerts, waits_for_the_unread_card
import test_shoe_missing_card_wait as missing_card


def played(session) -> list:
    return [c.code for c in session.state.round.cards]


def unread_twice(path) -> bool:
    """Both ?? frames journaled (the first alone already had one card due)."""
    return wait_for(lambda: [e.kind for e in journal_entries(path)].count("card_unreadable") == 2)


def waiting_behind(session, held: str, behind: str) -> bool:
    return wait_for(lambda: session.snapshot.pending is not None and session.snapshot.pending.card.code == held
                    and [e.card.code for e in session.snapshot.waiting] == [behind])


def nothing_held_one_due(session) -> bool:
    return session.snapshot.pending is None and session.cards_due("serial:shoe") == 1


def next_read_waits_for_the_card_after(rig, restart: bool):
    """Nothing held and one card due (the ?? after the read played), after a restart too; 9D, read next, is held for
    it, after a restart too.  The table up."""
    s = rig.session
    assert nothing_held_one_due(s) and "unreadable" in replay_alerts(s), s.snapshot.alerts
    if restart:
        s = rig.restart()
        assert nothing_held_one_due(s) and "unreadable" in replay_alerts(s), s.snapshot.alerts
    rig.cards("9D")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9D")
    waits_for_the_unread_card(s, "9D")
    if restart:
        s = rig.restart()
        waits_for_the_unread_card(s, "9D")
    return s


def dealt_4c_held_qh_behind(rig) -> None:
    """Both seats bet and dealt; the shoe's ??, then 4C read and held behind it and QH read, waiting its turn."""
    s = rig.session
    assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
    rig.send("CARD", "??")
    rig.cards("4C", "QH")
    assert waiting_behind(s, "4C", "QH")


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_queued_before_a_later_unread_card_plays_before_it(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        dealt_4c_held_qh_behind(rig)
        assert s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
        rig.send("CARD", "??")
        assert unread_twice(rig.journal) and waiting_behind(s, "4C", "QH")
        if restart:
            s = rig.restart()
            assert waiting_behind(s, "4C", "QH")
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH"], s.snapshot.status_reason()  # QH before the second ??'s card
        s = next_read_waits_for_the_card_after(rig, restart)
        assert s.enter_card("5S") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH", "5S", "9D"] and "unreadable" not in replay_alerts(s)
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["2C", "4C", "QH", "5S", "9D"]
    assert "unreadable" not in replay_alerts(replay), replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_read_queued_before_a_later_unread_card_plays_before_it(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4C"), frame("CARD", 3, "QH"))
        assert waiting_behind(rig.session, "4C", "QH")
        rig.send(frame("CARD", 4, "??"))
        assert unread_twice(rig.path) and waiting_behind(rig.session, "4C", "QH")
        if restart:
            rig.restart()
            assert waiting_behind(rig.session, "4C", "QH")
        assert rig.session.enter_card("2C") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "4C", "QH"], rig.session.snapshot.status_reason()
        rig.send(frame("CARD", 5, "9D"))
        assert rig.waits("9D")
        waits_for_the_unread_card(rig.session, "9D")
        if restart:
            rig.restart()
            waits_for_the_unread_card(rig.session, "9D")
        assert rig.session.enter_card("2D") is None and rig.session.confirm_pending() is None
        assert rig.played()[:5] == ["2C", "4C", "QH", "2D", "9D"] and "unreadable" not in replay_alerts(rig.session)
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert played(replay)[:5] == ["2C", "4C", "QH", "2D", "9D"]
    assert "unreadable" not in replay_alerts(replay), replay.snapshot.alerts


@pytest.mark.parametrize("stop", ["QH played", "9D held"])
def test_replay_shows_the_later_unread_cards_wait_as_live_once_the_read_before_it_played(tmp_path, stop):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
        rig.send("CARD", "??")
        rig.cards("4C", "QH")
        rig.send("CARD", "??")
        assert unread_twice(rig.journal) and waiting_behind(s, "4C", "QH")
        assert s.enter_card("2C") is None and s.confirm_pending() is None and played(s) == ["2C", "4C", "QH"]
        if stop == "9D held":
            rig.cards("9D")
            assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9D")
        live = replay_alerts(s)
        assert "unreadable" in live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["2C", "4C", "QH"]
    assert replay_alerts(replay) == live, replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_queued_before_later_lost_frames_plays_before_their_card(tmp_path, restart):
    """fixR42's fuzzer, blackjack seed 104: a frame lost, 4C held (FRAMES LOST), QH waiting, another frame lost, 7D.
    Once 4C was played QH was held under the second lost frame's wait, Enter, Enter played it, and 7D then played in the
    lost frame's place.  QH plays as it comes now; 7D waits for the lost frame's card."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
        rig.seq += 1  # frame 1 (AD) never arrives
        rig.cards("4C", "QH")
        assert waiting_behind(s, "4C", "QH")
        rig.seq += 1  # frame 4 (4H) never arrives either
        rig.cards("7D")
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["QH", "7D"])
        if restart:
            s = rig.restart()
            assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["QH", "7D"])
        assert s.enter_card("AD") is None and s.confirm_pending() is None
        assert played(s) == ["AD", "4C", "QH"], s.snapshot.status_reason()
        assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "7D"
        assert "FRAMES LOST" in s.confirm_pending()  # it asks of the lost frame before 7D, not before QH
        assert played(s) == ["AD", "4C", "QH"] and "gap" in replay_alerts(s)
        if restart:
            s = rig.restart()
        assert s.enter_card("4H") is None and s.confirm_pending() is None
        assert played(s) == ["AD", "4C", "QH", "4H", "7D"], s.snapshot.status_reason()
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["AD", "4C", "QH", "4H", "7D"]
    assert replay_alerts(replay) == replay_alerts(s), replay.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_queued_before_a_later_double_feed_plays_before_its_cards(tmp_path, restart):
    """The same with the shoe's DOUBLE_FEED after QH: QH was held under the double feed's wait."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        dealt_4c_held_qh_behind(rig)
        rig.send("ERR", "DOUBLE_FEED", "two cards left together")
        assert wait_for(lambda: "device:DOUBLE_FEED" in replay_alerts(s))
        if restart:
            s = rig.restart()
            assert waiting_behind(s, "4C", "QH")
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH"], s.snapshot.status_reason()
        rig.cards("9D")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9D")
        assert s.confirm_pending() is not None and played(s) == ["2C", "4C", "QH"]  # the double feed's cards first
        if restart:
            s = rig.restart()
        assert s.enter_card("5S") is None and s.enter_card("6S") is None  # the deal is done: 9D waits for seat 1
        assert played(s) == ["2C", "4C", "QH", "5S", "6S"] and s.snapshot.pending.card.code == "9D"
        live = replay_alerts(s)
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["2C", "4C", "QH", "5S", "6S"]
    assert replay_alerts(replay) == live, replay.snapshot.alerts
