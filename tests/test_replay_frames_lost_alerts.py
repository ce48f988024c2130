"""A replay shows FRAMES LOST (and the alerts of the waits with it) as the live table did: the read held behind
the lost frames, answered, ends their wait; lost frames reported after that read keep theirs (rev40 F4).

The replay kept FRAMES LOST up after Enter answered the read held behind it and the rules refused the card (no
bet), or refused the read held under a Del wait that replaced the lost frames' wait, and after N ended the round
while frames lost after the read held had opened a newer wait.  It had also taken FRAMES LOST down with a read
played before the lost frames, and the second FRAMES LOST of a shoe with the read held behind the first (fixR42's
_replay_many mended those two; their tests here keep them so).
"""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_blackjack_reads import BlackjackRig
import test_shoe_missing_card_wait as missing_card
from test_serial_restarts import frame, hello

BLACKJACK = BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=1))
BURNING = BlackjackTableRules(seats=2, burn_cards=1, house=HouseRules(decks=8))


def standing(session) -> list[str]:
    return sorted(a.code for a in session.snapshot.alerts if a.level != "info")


def enter_twice(session) -> None:
    """Enter on a read held behind lost frames, nothing typed for them: the first Enter asks, the second plays it."""
    asked = session.confirm_pending()
    assert asked is not None and "press Enter again" in asked, asked
    session.confirm_pending()


def test_enter_on_the_read_held_behind_lost_frames_takes_frames_lost_down_in_the_replay_too(tmp_path):
    rig = BlackjackRig(tmp_path, BLACKJACK)
    try:
        s = rig.session
        rig.seq += 2  # frames 1 and 2 lost
        rig.send("CARD", "AS")
        assert wait_for(lambda: s.snapshot.pending is not None and standing(s) == ["gap"])
        enter_twice(s)  # A♠ refused: no bet
        assert standing(s) == ["refused"] and s.snapshot.pending is None
        assert s.place(1, D("10")) is None and s.deal() is None
        live = standing(s)
        s.close()
        assert standing(replayed(rig.journal, BlackjackSession(BLACKJACK))) == live == ["refused"]
    finally:
        rig.close()


def test_frames_lost_after_the_read_held_keep_the_waits_alerts_up_in_the_replay_too(tmp_path):
    rig = BlackjackRig(tmp_path, BLACKJACK)
    try:
        s = rig.session
        rig.cards("4H")  # no bet: refused, and the next read waits behind it
        assert wait_for(lambda: standing(s) == ["refused"])
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.cards("2C")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C")
        rig.seq += 2
        rig.send("CARD", "4D")  # behind frames lost after 2♣
        assert wait_for(lambda: "gap" in standing(s) and len(s.snapshot.waiting) == 1)
        assert s.confirm_pending() is None  # 2♣ played; 4♦ waits behind the lost frames
        assert [c.code for c in s.state.round.cards] == ["2C"] and s.snapshot.pending.card.code == "4D"
        live = standing(s)
        s.close()
        assert standing(replayed(rig.journal, BlackjackSession(BLACKJACK))) == live == ["gap", "refused"]
    finally:
        rig.close()


def test_a_second_heartbeat_naming_a_lost_card_keeps_frames_lost_up_in_the_replay_too(tmp_path):
    rig = missing_card.Rig(tmp_path)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("HB", 2, "1"), frame("CARD", 3, "2H"))  # frame 1, a card, lost before 2♥
        assert rig.waits("2H") and standing(s) == ["gap"]
        rig.send(frame("HB", 5, "4"))  # frame 4, a card, lost after 2♥
        assert wait_for(lambda: "frame 4" in rig.alerts()["gap"].text)
        enter_twice(s)  # 2♥ played; the wait of the card lost after it stands
        assert rig.played() == ["2H"] and s.snapshot.pending is None and standing(s) == ["gap"]
        s.close()
        assert standing(replayed(rig.path, TableSession(missing_card.RULES, odds=False))) == ["gap"]
    finally:
        rig.close()


def test_a_read_held_under_a_del_wait_after_lost_frames_refused_takes_frames_lost_down_in_the_replay_too(tmp_path):
    rig = BlackjackRig(tmp_path, BURNING)
    try:
        s = rig.session
        rig.seq += 1
        rig.send("CARD", "3S")  # behind frame 1, lost
        assert wait_for(lambda: s.snapshot.pending is not None and standing(s) == ["gap"])
        s.reject_pending()  # Del: the next read waits for the cards before it
        rig.cards("9C")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "9C")
        assert s.enter_card("QD") is None  # the burn card, typed for the cards before 9♣
        assert s.confirm_pending() is not None  # 9♣ refused: no bet; its wait ended all the same
        assert standing(s) == ["refused"]
        s.close()
        assert standing(replayed(rig.journal, BlackjackSession(BURNING))) == ["refused"]
    finally:
        rig.close()


def test_frames_lost_after_the_read_held_end_with_the_round_in_the_replay_too(tmp_path):
    rig = missing_card.Rig(tmp_path)
    try:
        s = rig.session
        assert s.enter_card("2S") is None and s.enter_card("6C") is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "JD"))
        assert rig.waits("JD")
        rig.send(frame("HB", 4, "3"))  # frame 3, a card, lost after J♦
        assert wait_for(lambda: standing(s) == ["gap", "unreadable"])
        assert s.enter_card("5H") is None and s.enter_card("JH") is None  # the round is complete
        assert s.next_round() is None  # N: no wait is left; J♦, read before N, is held as a card after the round
        assert standing(s) == ["held"] and s.snapshot.pending is None and [c.code for c in s.state.held] == ["JD"]
        s.close()
        assert standing(replayed(rig.path, TableSession(missing_card.RULES, odds=False))) == ["held"]
    finally:
        rig.close()
