"""A read that waited its turn between a card its shoe could not read and lost frames or a double feed waits for
that card only (fixR47's left-over High).

The shoe sent ``??``, 4C (held behind it), ``??``, QH (it waits its turn behind 4C), then lost a frame or reported a
DOUBLE_FEED, then 9D.  Once 4C was played QH was held under the lost frames' (or the double feed's) wait: for the
second ``??``'s card and the cards after it alike.  With lost frames Enter played QH and 9D at once, no card typed for
the frames; with a double feed QH waited for both, so the double feed's card, typed, was played before QH.  QH now
waits for the card before it only, the lost frames or the double feed are 9D's to wait for, and UNREADABLE CARD says
which to type first, live, after a restart at each step and in the replay.  So too when the frames were lost before
QH, with a ``??`` among them before QH and another after it: QH waits for the one before it.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_AN_UNREADABLE
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig
from test_shoe_read_queued_before_a_later_wait import played
from test_shoe_read_queued_between_two_unread_cards import (THREE_SEATS, dealt_three_seats, snapshot_of, unread,
                                                             unreadable_words)
from test_shoe_unread_after_read_held_under_del_wait import replay_alerts
import test_shoe_missing_card_wait as missing_card

#: The words UNREADABLE CARD and the banner use for what came after QH.
AFTER_QH = {"gap": "frames were lost after it (FRAMES LOST)",
            "df": "two cards left the shoe together after it (DOUBLE_FEED)"}
#: The hold the read after QH (9D) waits under.
RUN_HOLD = {"gap": AFTER_A_GAP, "df": AFTER_A_DOUBLE_FEED}


def held(session, read: str) -> bool:
    return wait_for(lambda: session.snapshot.pending is not None and session.snapshot.pending.card.code == read)


def qh_held_for_the_card_before_it(session, run: str) -> None:
    """QH is held for the one card before it (frame 3), untyped; UNREADABLE CARD says to type it first, then Enter
    plays QH, then the cards of what came after it."""
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == "QH", snap.status_reason()
    assert snap.pending.doubt == AFTER_AN_UNREADABLE and snap.cards_due == 1, snap.status_reason()
    text, action = unreadable_words(session)
    assert f"could not read 1 card before Q♥ (frame 3); {AFTER_QH[run]}" in text, text
    assert action.startswith("type it first (K), then Enter plays Q♥, then type any card"), action


def nine_held_for_the_run(session, run: str) -> None:
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == "9D", snap.status_reason()
    assert snap.pending.doubt == RUN_HOLD[run], snap.status_reason()


def send_run(rig, run: str) -> None:
    """Blackjack's shoe loses its next frame, or reports a double feed in it."""
    if run == "gap":
        rig.seq += 1
    else:
        rig.send("ERR", "DOUBLE_FEED", "two cards left together")


def blackjack_unread_qh_then_run(rig, run: str) -> None:
    """Three seats bet and dealt; the shoe's ??, 4C (held behind it), ??, QH (waiting its turn), lost frames or a
    double feed, then 9D."""
    s = rig.session
    dealt_three_seats(rig)
    rig.send("CARD", "??")
    rig.cards("4C")
    assert held(s, "4C")
    rig.send("CARD", "??")
    rig.cards("QH")
    send_run(rig, run)
    rig.cards("9D")
    assert unread(rig.journal, 2)
    assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["QH", "9D"])


@pytest.mark.parametrize("run", ["gap", "df"])
@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_before_lost_frames_waits_for_the_unread_card_before_it_only(tmp_path, restart, run):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_unread_qh_then_run(rig, run)
        s = rig.session
        if restart:
            s = rig.restart()
        assert s.enter_card("2C") is None and s.confirm_pending() is None  # the first ??'s card, then 4C
        assert played(s) == ["2C", "4C"], s.snapshot.status_reason()
        qh_held_for_the_card_before_it(s, run)
        if restart:
            s = rig.restart()
            qh_held_for_the_card_before_it(s, run)
        assert s.enter_card("5S") is None  # the second ??'s card
        refused = s.enter_card("7H")  # the card after QH: not before it
        assert refused is not None and "Q♥ comes first" in refused, refused
        if restart:
            s = rig.restart()
        assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 0, s.snapshot.status_reason()
        assert s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "5S", "QH"], s.snapshot.status_reason()  # the shoe's order
        nine_held_for_the_run(s, run)
        if restart:
            s = rig.restart()
            nine_held_for_the_run(s, run)
        assert s.enter_card("7H") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "5S", "QH", "7H", "9D"], s.snapshot.status_reason()
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == ["2C", "4C", "5S", "QH", "7H", "9D"]


@pytest.mark.parametrize("run", ["gap", "df"])
@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_read_before_lost_frames_waits_for_the_unread_card_before_it_only(tmp_path, restart, run):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4C"))
        assert rig.waits("4C")
        rig.send(frame("CARD", 3, "??"), frame("CARD", 4, "QH"),
                 *([frame("ERR", 5, "DOUBLE_FEED", "two cards left together")] if run == "df" else []),
                 frame("CARD", 6, "9D"))
        assert unread(rig.path, 2)
        assert wait_for(lambda: [e.card.code for e in rig.session.snapshot.waiting] == ["QH", "9D"])
        if restart:
            rig.restart()
        assert rig.session.enter_card("2C") is None and rig.session.confirm_pending() is None  # P1, then B1
        assert rig.played() == ["2C", "4C"]
        qh_held_for_the_card_before_it(rig.session, run)
        if restart:
            rig.restart()
            qh_held_for_the_card_before_it(rig.session, run)
        assert rig.session.enter_card("3S") is None and rig.session.confirm_pending() is None  # P2, then B2
        assert rig.played() == ["2C", "4C", "3S", "QH"], rig.session.snapshot.status_reason()
        nine_held_for_the_run(rig.session, run)
        if restart:
            rig.restart()
            nine_held_for_the_run(rig.session, run)
        assert rig.session.enter_card("7H") is None and rig.session.confirm_pending() is None  # P3, then B3
        assert rig.played() == ["2C", "4C", "3S", "QH", "7H", "9D"], rig.session.snapshot.status_reason()
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert played(replay) == ["2C", "4C", "3S", "QH", "7H", "9D"]


@pytest.mark.parametrize("run", ["gap", "df"])
@pytest.mark.parametrize("stop", ["QH held", "QH's card typed", "9D held"])
def test_replay_shows_the_read_before_lost_frames_as_live(tmp_path, run, stop):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_unread_qh_then_run(rig, run)
        s = rig.session
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        if stop != "QH held":
            assert s.enter_card("5S") is None
        if stop == "9D held":
            assert s.confirm_pending() is None and played(s) == ["2C", "4C", "5S", "QH"]
        live = snapshot_of(s)
        assert any(code == "unreadable" and "1 card before Q♥ (frame 3)" in text for code, text in live[3]), live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_inside_lost_frames_wait_waits_for_the_unread_card_before_it_only(tmp_path, restart):
    """??, 4C held, a frame lost, ??, QH waiting, ??, 9D: the lost frames' wait counted both later ??s, one before QH
    and one after it.  QH waits for the one before it (and any card the lost frame held); 9D for the one after it."""
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        s = rig.session
        dealt_three_seats(rig)
        rig.send("CARD", "??")
        rig.cards("4C")
        assert held(s, "4C")
        rig.seq += 1  # frame 3 lost
        rig.send("CARD", "??")
        rig.cards("QH")
        rig.send("CARD", "??")
        rig.cards("9D")
        assert unread(rig.journal, 3)
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["QH", "9D"])
        if restart:
            s = rig.restart()
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert s.snapshot.pending.card.code == "QH" and s.snapshot.pending.doubt == AFTER_A_GAP
        assert s.snapshot.cards_due == 1, s.snapshot.status_reason()
        if restart:
            s = rig.restart()
            assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        assert s.enter_card("5S") is None and s.confirm_pending() is None  # the ?? before QH, then QH
        assert played(s) == ["2C", "4C", "5S", "QH"], s.snapshot.status_reason()
        assert s.snapshot.pending.card.code == "9D" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        assert s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
        if restart:
            s = rig.restart()
            assert s.snapshot.pending.card.code == "9D" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        assert s.enter_card("6D") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "5S", "QH", "6D", "9D"] and "unreadable" not in replay_alerts(s)
        live = snapshot_of(s)
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_between_two_lost_frames_still_waits_for_the_first(tmp_path, restart):
    """??, 2D held, a frame lost, 8D waiting, a frame lost again: the second frames' wait counts the first's too, so 8D
    still waits for them (a guard: this branch's first version played 8D as it came, ahead of the first frame's card;
    the fuzzer's seed 59)."""
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        s = rig.session
        dealt_three_seats(rig)
        rig.send("CARD", "??")
        rig.cards("2D")
        assert held(s, "2D")
        rig.seq += 1  # frame 3 lost
        rig.cards("8D")
        rig.seq += 1  # frame 5 lost
        rig.cards("9C")
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["8D", "9C"])
        if restart:
            s = rig.restart()
        assert s.enter_card("4H") is None and s.confirm_pending() is None
        assert played(s) == ["4H", "2D"] and held(s, "8D"), s.snapshot.status_reason()
        assert s.snapshot.pending.doubt == AFTER_A_GAP
        if restart:
            s = rig.restart()
            assert held(s, "8D") and s.snapshot.pending.doubt == AFTER_A_GAP
        assert s.enter_card("JD") is None and s.confirm_pending() is None  # the first lost frame's card, then 8D
        # 9C, after them, plays as it comes, as on main: Enter said the merged wait's cards are typed.
        assert played(s)[:4] == ["4H", "2D", "JD", "8D"], s.snapshot.status_reason()
    finally:
        rig.close()
