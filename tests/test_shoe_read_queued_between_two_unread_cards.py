"""A read that waited its turn between two cards its shoe could not read waits for the first only (fixR45's High).

The shoe sent ``??``, 4C (held behind it), ``??``, QH (it waits its turn behind 4C), then ``??`` again.  The second and
third ?? made one wait of two cards, one before QH and one after it.  Once 4C was played QH was held for both, so the
third ??'s card, typed, was played before QH, though the shoe sent QH first.  QH now waits for the card before it only:
once that card is typed Enter plays QH, and the card after it is still due for the read after QH, live, after a restart
at each step and in the replay; UNREADABLE CARD says which card comes before QH and which after it.  So too when the
read held is dropped (Del) instead: QH waits for the dropped read's card, not for the ?? sent after QH.

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
from test_shoe_read_queued_before_a_later_wait import (next_read_waits_for_the_card_after, nothing_held_one_due,
                                                       played, waiting_behind)
from test_shoe_unread_after_read_held_under_del_wait import replay_alerts, waits_for_the_unread_card
import test_shoe_missing_card_wait as missing_card

THREE_SEATS = BlackjackTableRules(seats=3, burn_cards=0)


def unread(path, count: int) -> bool:
    return wait_for(lambda: [e.kind for e in journal_entries(path)].count("card_unreadable") == count)


def unreadable_words(session) -> tuple[str, str]:
    alert = next(a for a in session.snapshot.alerts if a.code == "unreadable")
    return alert.text, alert.action


def held_for_the_card_before_it(session, read: str, label: str, before: int, after: int) -> None:
    """``read`` is held for the one card its shoe could not read before it (frame ``before``), that card untyped; the
    card of frame ``after`` is due after it, and UNREADABLE CARD says so, that one last."""
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == read, snap.status_reason()
    assert snap.pending.doubt == AFTER_AN_UNREADABLE and snap.cards_due == 1, snap.status_reason()
    text, action = unreadable_words(session)
    assert f"2 cards: one before {label} (frame {before}) and one after it (frame {after})" in text, text
    assert f"type it (K), then Enter plays {label}, then type the one after it (K)" in action, action


def dealt_three_seats(rig) -> None:
    for seat in (1, 2, 3):
        assert rig.session.place(seat, D("10")) is None
    assert rig.session.deal() is None


def qh_waiting_behind_4c(rig) -> None:
    """Three seats bet and dealt; the shoe's ??, then 4C (held behind it) and QH (waiting its turn)."""
    dealt_three_seats(rig)
    rig.send("CARD", "??")
    rig.cards("4C", "QH")
    assert waiting_behind(rig.session, "4C", "QH")


def replayed_as_live(rig, cards: list) -> None:
    """The replay of the blackjack journal plays ``cards``, and UNREADABLE CARD is down, as live."""
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert played(replay) == cards
    assert "unreadable" not in replay_alerts(replay), replay.snapshot.alerts


def blackjack_two_unread_around_qh(rig) -> None:
    """Three seats bet and dealt; the shoe's ??, 4C (held behind it), ??, QH (waiting its turn), ??."""
    s = rig.session
    dealt_three_seats(rig)
    rig.send("CARD", "??")
    rig.cards("4C")
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "4C")
    rig.send("CARD", "??")
    rig.cards("QH")
    rig.send("CARD", "??")
    assert unread(rig.journal, 3) and waiting_behind(s, "4C", "QH")


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_between_two_unread_cards_waits_for_the_first_only(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_two_unread_around_qh(rig)
        s = rig.session
        if restart:
            s = rig.restart()
            assert waiting_behind(s, "4C", "QH")
        assert s.enter_card("2C") is None and s.confirm_pending() is None  # the first ??'s card, then 4C
        assert played(s) == ["2C", "4C"]
        held_for_the_card_before_it(s, "QH", "Q♥", 3, 5)
        assert s.confirm_pending() is not None and played(s) == ["2C", "4C"]  # its card first
        if restart:
            s = rig.restart()
            held_for_the_card_before_it(s, "QH", "Q♥", 3, 5)
        assert s.enter_card("5S") is None  # the second ??'s card
        assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 0, s.snapshot.status_reason()
        assert s.enter_card("7H") is not None  # the third ??'s card comes after QH: not taken yet
        if restart:
            s = rig.restart()
            assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 0, s.snapshot.status_reason()
        assert s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "5S", "QH"], s.snapshot.status_reason()  # the shoe's order
        s = next_read_waits_for_the_card_after(rig, restart)
        assert s.enter_card("7H") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "5S", "QH", "7H", "9D"] and "unreadable" not in replay_alerts(s)
    finally:
        rig.close()
    replayed_as_live(rig, ["2C", "4C", "5S", "QH", "7H", "9D"])


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_read_between_two_unread_cards_waits_for_the_first_only(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4C"))
        assert rig.waits("4C")
        rig.send(frame("CARD", 3, "??"), frame("CARD", 4, "QH"), frame("CARD", 5, "??"))
        assert unread(rig.path, 3) and waiting_behind(rig.session, "4C", "QH")
        if restart:
            rig.restart()
            assert waiting_behind(rig.session, "4C", "QH")
        assert rig.session.enter_card("2C") is None and rig.session.confirm_pending() is None  # P1, then B1
        assert rig.played() == ["2C", "4C"]
        held_for_the_card_before_it(rig.session, "QH", "Q♥", 3, 5)
        if restart:
            rig.restart()
            held_for_the_card_before_it(rig.session, "QH", "Q♥", 3, 5)
        assert rig.session.enter_card("3S") is None and rig.session.confirm_pending() is None  # P2, then B2
        assert rig.played() == ["2C", "4C", "3S", "QH"], rig.session.snapshot.status_reason()
        assert nothing_held_one_due(rig.session)
        if restart:
            rig.restart()
            assert nothing_held_one_due(rig.session)
        rig.send(frame("CARD", 6, "9D"))
        assert rig.waits("9D")
        waits_for_the_unread_card(rig.session, "9D")
        if restart:
            rig.restart()
            waits_for_the_unread_card(rig.session, "9D")
        assert rig.session.enter_card("7H") is None and rig.session.confirm_pending() is None  # P3 (5), then B3
        assert rig.played() == ["2C", "4C", "3S", "QH", "7H", "9D"] and "unreadable" not in replay_alerts(rig.session)
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert played(replay) == ["2C", "4C", "3S", "QH", "7H", "9D"]
    assert "unreadable" not in replay_alerts(replay), replay.snapshot.alerts


def snapshot_of(session) -> tuple:
    snap = session.snapshot
    return (played(session), snap.pending.card.code if snap.pending else None, snap.cards_due,
            [(a.code, a.text) for a in snap.alerts if a.level != "info" and a.code != "replay"])


@pytest.mark.parametrize("stop", ["QH held", "QH's card typed", "QH played", "9D held"])
def test_replay_shows_the_read_between_two_unread_cards_as_live(tmp_path, stop):
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        blackjack_two_unread_around_qh(rig)
        s = rig.session
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        if stop != "QH held":
            assert s.enter_card("5S") is None
        if stop in ("QH played", "9D held"):
            assert s.confirm_pending() is None and played(s) == ["2C", "4C", "5S", "QH"]
        if stop == "9D held":
            rig.cards("9D")
            assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9D")
        live = snapshot_of(s)
        assert any(code == "unreadable" and "one before Q♥ (frame 3)" in text for code, text in live[3]), live
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_second_read_waiting_between_two_unread_cards_waits_for_the_first_only(tmp_path, restart):
    """??, 4C held, QH waiting, ??, 9D waiting, ??: QH came before both later ?? and plays as it comes (fixR45); 9D
    came between them, and waits for the first only."""
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        s = rig.session
        qh_waiting_behind_4c(rig)
        rig.send("CARD", "??")
        rig.cards("9D")
        rig.send("CARD", "??")
        assert unread(rig.journal, 3)
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["QH", "9D"])
        if restart:
            s = rig.restart()
            assert [e.card.code for e in s.snapshot.waiting] == ["QH", "9D"]
        assert s.enter_card("2C") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH"], s.snapshot.status_reason()
        held_for_the_card_before_it(s, "9D", "9♦", 4, 6)
        if restart:
            s = rig.restart()
            held_for_the_card_before_it(s, "9D", "9♦", 4, 6)
        assert s.enter_card("5S") is None and s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH", "5S", "9D"], s.snapshot.status_reason()
        assert nothing_held_one_due(s)
        if restart:
            s = rig.restart()
            assert nothing_held_one_due(s)
        assert s.enter_card("7H") is None
        assert played(s) == ["2C", "4C", "QH", "5S", "9D", "7H"] and "unreadable" not in replay_alerts(s)
    finally:
        rig.close()
    replayed_as_live(rig, ["2C", "4C", "QH", "5S", "9D", "7H"])


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_read_waiting_behind_a_dropped_read_waits_for_its_card_only(tmp_path, restart):
    """??, 4C held, QH waiting, ??; 2C typed, then Del on 4C (its card dealt all the same): QH waited for the dropped
    read's card and the second ??'s, which came after it.  It waits for the dropped read's card only now."""
    rig = RestartingBlackjackRig(tmp_path, THREE_SEATS)
    try:
        s = rig.session
        qh_waiting_behind_4c(rig)
        rig.send("CARD", "??")
        assert unread(rig.journal, 2)
        assert s.enter_card("2C") is None
        s.reject_pending()  # Del on 4C
        assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        if restart:
            s = rig.restart()
            assert s.snapshot.pending.card.code == "QH" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        assert s.enter_card("4C") is None  # the dropped read's card, typed in its place
        if restart:
            s = rig.restart()
        assert s.confirm_pending() is None
        assert played(s) == ["2C", "4C", "QH"], s.snapshot.status_reason()
        s = next_read_waits_for_the_card_after(rig, restart)
        live = snapshot_of(s)
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.status_reason()
