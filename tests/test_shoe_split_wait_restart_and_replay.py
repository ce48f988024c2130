"""A shoe's waits show the same after a restart and in the replay as live (rev41's review of fixR47's split waits).

- F1: the shoe sent ??, 2S (held behind it), 4D (waiting its turn), ??; Del on 2S.  4D waits under the Del wait, for
  the ?? before it and 2S's card ("a read was dropped too"); the ?? after 4D is a wait of its own.  A restart worded
  4D's wait as that later wait's ("a card before it could not be read").
- F2: a round over, the shoe sent ??, 4H (held behind it), 9D (waiting), ??, 2C (waiting); N.  4H and 9D are held as
  cards after the round, and 2C waits for the ?? before it (it came after 9D).  A restart ended that wait: 9D, refused
  and held, was taken under the refusal's wait before its card_held said it was held, and its answer ended the wait.
- F3: blackjack, no bet: 2H refused, KD held behind it, JD and TH waiting, ??, AC; Enter (KD refused again), AS, the
  deal, Enter.  The replay kept CARD REFUSED and UNREADABLE CARD up where live took them down.  Live was wrong too
  (fixR52): JD was taken under KD's refusal's wait whole, and AC was played in the ??'s place.  JD waits for the
  refusal alone, TH plays as it came, and AC waits for the ??'s card, live and in the replay alike.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_read_queued_between_two_unread_cards.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_AN_UNREADABLE, AFTER_DROPPED
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig
from test_shoe_read_queued_before_a_later_wait import played
from test_shoe_read_queued_between_two_unread_cards import snapshot_of, unread
from test_shoe_unread_after_read_held_under_del_wait import replay_alerts
import test_shoe_missing_card_wait as missing_card

TWO_SEATS = BlackjackTableRules(seats=2, burn_cards=0)


def held(session) -> tuple:
    """The read held, why, how many cards it waits for, and the alerts up (not the replay's own)."""
    snap = session.snapshot
    return (snap.pending.card.code if snap.pending else None, snap.pending.doubt if snap.pending else None,
            snap.cards_due, sorted(replay_alerts(session)))


def replay_of(rig) -> TableSession:
    return replayed(rig.path, TableSession(rig.rules, odds=False))


@pytest.mark.parametrize("restart", [False, True])
def test_read_under_a_del_wait_split_keeps_the_del_waits_words_after_a_restart(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "2S"), frame("CARD", 3, "4D"),
                 frame("CARD", 4, "??"))
        assert unread(rig.path, 2) and rig.waits("2S")
        rig.session.reject_pending()  # Del on 2S
        live = held(rig.session)
        assert live == ("4D", AFTER_DROPPED, 2, ["unreadable"]), rig.session.snapshot.status_reason()
        if restart:
            rig.restart()
            assert held(rig.session) == live, rig.session.snapshot.status_reason()
        assert rig.session.confirm_pending() is not None  # its two cards first
        assert held(rig.session) == live
    finally:
        rig.close()
    assert held(replay_of(rig)) == live


def settled_round_then_2c_behind_9d_and_an_unread_card(rig) -> None:
    """A natural (P 9, B 8) settled; then ??, 4H held behind it, 9D waiting, ??, 2C waiting."""
    assert rig.session.deal() is None
    rig.send(hello("B1"), *(frame("CARD", n, code) for n, code in enumerate(("9S", "8S", "KS", "KD"), 1)))
    assert wait_for(lambda: rig.played() == ["9S", "8S", "KS", "KD"])
    rig.send(frame("CARD", 5, "??"), frame("CARD", 6, "4H"), frame("CARD", 7, "9D"), frame("CARD", 8, "??"),
             frame("CARD", 9, "2C"))
    assert unread(rig.path, 2) and rig.waits("4H")
    assert wait_for(lambda: [e.card.code for e in rig.session.snapshot.waiting] == ["9D", "2C"])


@pytest.mark.parametrize("restart", [False, True])
def test_read_waiting_behind_cards_held_after_the_round_keeps_its_wait_after_a_restart(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        settled_round_then_2c_behind_9d_and_an_unread_card(rig)
        if restart:
            rig.restart()
        assert rig.session.next_round() is None
        # 4H and 9D came before N: cards after the round, held; 2C waits for the card the shoe could not read before it.
        assert [c.code for c in rig.session.state.held] == ["4H", "9D"]
        live = held(rig.session)
        assert live == ("2C", AFTER_AN_UNREADABLE, 1, ["held", "unreadable"]), rig.session.snapshot.status_reason()
        if restart:
            rig.restart()
            assert held(rig.session) == live, rig.session.snapshot.status_reason()
        assert rig.session.confirm_pending() is not None and held(rig.session) == live  # its card first
    finally:
        rig.close()
    assert held(replay_of(rig)) == live


def test_read_behind_a_read_held_after_the_round_keeps_the_wait_for_a_card_after_it_after_a_restart(tmp_path):
    """rev41 F4 (bac seed 7058): 3H read, 7S typed, the shoe's 7S refused (a second copy), 6D held behind it, 3S
    waiting; 5S and 3C typed, ?? (after 3S); Enter: 6D is held as a card after the round, 3S behind it, and the ??'s
    card is still due (UNREADABLE CARD up).  A restart took 3S under the refusal's wait and ended that wait with it."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    s = rig.session
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3H"))
        assert wait_for(lambda: rig.played() == ["3H"])
        assert s.enter_card("7S") is None
        rig.send(frame("CARD", 2, "7S"), frame("CARD", 3, "6D"), frame("CARD", 4, "3S"))
        assert rig.waits("6D") and wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["3S"])
        assert s.enter_card("5S") is None and s.enter_card("3C") is None
        rig.send(frame("CARD", 5, "??"))
        assert unread(rig.path, 1)
        assert s.confirm_pending() is not None  # 6D came after the round: held
        assert [c.code for c in s.state.held] == ["6D", "3S"] and s.cards_due("serial:shoe") == 1
        live = held(s)
        assert live[3] == ["held", "unreadable"], s.snapshot.alerts
        rig.restart()
        assert held(rig.session) == live and rig.session.cards_due("serial:shoe") == 1
    finally:
        rig.close()
    assert held(replay_of(rig)) == live


def test_replay_counts_a_card_typed_for_a_read_dropped_under_a_del_wait_before_the_newer_wait(tmp_path):
    """No round dealt: 6D typed, then the shoe's 6D refused (a second copy), ??, 5S, JS and 7H; Del on 5S, ?? (after
    7H), Del on JS.  7H waits for four cards (6D's, the ??'s, 5S's, JS's), the ?? after it is the next read's.  Three
    typed count for 7H's; at N 7H is held after the round and AS waits for that ??'s card.  The replay counted no
    card for JS dropped, took the third card typed as that ??'s, and at N took UNREADABLE CARD down."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    s = rig.session
    try:
        assert s.enter_card("6D") is None
        rig.send(hello("B1"), *(frame("CARD", n, code) for n, code in enumerate(("6D", "??", "5S", "JS", "7H"), 1)))
        assert unread(rig.path, 1) and rig.waits("5S")
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["JS", "7H"])
        s.reject_pending()
        rig.send(frame("CARD", 6, "??"))
        assert unread(rig.path, 2)
        s.reject_pending()
        assert held(s)[:3] == ("7H", AFTER_DROPPED, 4), s.snapshot.status_reason()
        assert s.enter_card("9C") is None
        rig.send(frame("CARD", 7, "AS"))
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["AS"])
        assert s.enter_card("10D") is None and s.enter_card("8S") is None
        assert held(s)[:3] == ("7H", AFTER_DROPPED, 1), s.snapshot.status_reason()
        assert s.next_round() is None
        assert [c.code for c in s.state.held] == ["7H"]
        live = held(s)
        assert live == ("AS", AFTER_AN_UNREADABLE, 1, ["held", "refused", "unreadable"]), s.snapshot.status_reason()
        rig.restart()
        assert held(rig.session) == live, rig.session.snapshot.status_reason()
    finally:
        rig.close()
    assert held(replay_of(rig)) == live


def test_replay_takes_the_wait_for_a_card_after_the_read_held_down_at_n_as_live(tmp_path):
    """A round of four cards typed but the last, ??, 4H held, ??, the last card typed (the first ??'s); N.  4H, its own
    cards typed, came before N: it is held as a card after the round (fixR50: Enter had dealt it into the next round);
    the wait for the ?? after it ends at N, as live, UNREADABLE CARD with it."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    s = rig.session
    try:
        assert s.deal() is None
        assert all(s.enter_card(code) is None for code in ("KS", "KC", "9C"))
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4H"), frame("CARD", 3, "??"))
        assert unread(rig.path, 2) and rig.waits("4H")
        assert s.enter_card("QD") is None and s.next_round() is None
        live = held(s)
        assert live == (None, None, 0, ["held"]) and [c.code for c in s.state.held] == ["4H"], live
    finally:
        rig.close()
    assert held(replay_of(rig)) == live


@pytest.mark.parametrize("drop", [False, True])
def test_replay_of_a_read_taken_under_a_refusals_wait_takes_its_alerts_down_as_live(tmp_path, drop):
    """``drop``: Del on JD too (bj seed 7004): 10H waits for JD's card (the shoe's read dropped, its card dealt all the
    same), the ?? after it for the read after it."""
    rig = RestartingBlackjackRig(tmp_path, TWO_SEATS)
    try:
        s = rig.session
        rig.cards("2H", "KD", "JD", "TH")  # no bet: 2H refused, KD held behind it
        rig.send("CARD", "??")
        rig.cards("AC")
        assert unread(rig.journal, 1)
        assert wait_for(lambda: [e.card.code for e in s.snapshot.waiting] == ["JD", "TH", "AC"])
        assert s.confirm_pending() is not None  # KD refused again: JD is held under its wait
        rig.cards("AS")
        assert wait_for(lambda: len(s.snapshot.waiting) == 3)
        if drop:
            s.reject_pending()
            assert s.snapshot.pending.card.code == "TH" and s.snapshot.cards_due == 1, s.snapshot.status_reason()
        assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
        if drop:
            assert s.enter_card("5C") is None  # JD's card
        assert s.confirm_pending() is None
        cards = ["5C", "TH"] if drop else ["JD", "TH"]
        assert wait_for(lambda: played(s) == cards), s.snapshot.status_reason()
        live = snapshot_of(s)
        assert live[1:3] == ("AC", 1) and {code for code, _ in live[3]} == {"refused", "unreadable"}  # the ??'s card
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(rig.rules))
    assert snapshot_of(replay) == live, replay.snapshot.alerts
