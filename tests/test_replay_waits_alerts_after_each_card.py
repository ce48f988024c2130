"""A replay shows the alerts of the waits (FRAMES LOST, UNREADABLE CARD, CARD REFUSED) after each card as the live
table showed them: the live table takes them down unjournaled once no read waits for a missing card, and brings them
back at a void of the card that ended the wait; the replay now leaves them, after each operation, as a restart of the
table there shows them (the restart plays the journal through the live rules).

Each case is a seed of ``scripts/session_fuzz.py``, shrunk: the replay had kept FRAMES LOST and UNREADABLE CARD up
after the missing cards were typed and Enter played the read held (bac --no-burn 507), taken UNREADABLE CARD and CARD
REFUSED down while a card the shoe could not read was still untyped (bac 555), taken FRAMES LOST and UNREADABLE CARD
down with a card refused as after the round (bac 695), and not brought CARD REFUSED back at a void (bj --no-burn 560).
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


def shown(session) -> list[tuple[str, str]]:
    """The warnings and errors up, by code and title, as the croupier sees them."""
    return sorted((a.code, a.title) for a in session.snapshot.alerts if a.level != "info")


def enter(session) -> None:
    """Enter on the read held; behind lost frames with nothing typed for them, the second Enter plays it."""
    answer = session.confirm_pending()
    if answer is not None and "press Enter again" in answer:
        session.confirm_pending()


def baccarat_replay(rig) -> list[tuple[str, str]]:
    rig.session.close()
    return shown(replayed(rig.path, TableSession(missing_card.RULES, odds=False)))


def test_the_cards_typed_and_enter_behind_lost_frames_take_their_alerts_down_in_the_replay_too(tmp_path):
    rig = missing_card.Rig(tmp_path)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("CARD", 2, "3S"), frame("CARD", 4, "4H"), frame("CARD", 5, "??"))  # 1, 3 lost
        assert rig.waits("3S") and wait_for(lambda: [c for c, _ in shown(s)] == ["gap", "unreadable"])
        enter(s)  # 3♠ played; 4♥ waits behind frame 3 only: the ?? (frame 5) came after it (fixR51)
        assert rig.waits("4H") and (s.snapshot.cards_due, s.snapshot.due_after) == (0, 1)
        assert s.enter_card("AD") is None  # frame 3's card
        enter(s)
        live = shown(s)
        # The ??'s card is still to be typed, for the next read: its wait's alerts stay, live and in the replay.
        assert rig.played() == ["3S", "AD", "4H"] and s.snapshot.pending is None
        assert [c for c, _ in live] == ["gap", "unreadable"]
        assert baccarat_replay(rig) == live
    finally:
        rig.close()


def test_a_card_still_untyped_after_a_refusal_keeps_the_waits_alerts_up_in_the_replay_too(tmp_path):
    rig = missing_card.Rig(tmp_path)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "QS"))
        assert rig.waits("QS")
        assert s.enter_card("QS") is None  # the card the shoe could not read
        rig.send(frame("CARD", 3, "8H"), frame("CARD", 4, "??"))
        assert wait_for(lambda: [c for c, _ in shown(s)] == ["unreadable"] and len(s.snapshot.waiting) == 1)
        assert s.confirm_pending() is not None  # a second Q♠ in one deck: refused; 8♥ waits
        assert rig.waits("8H")
        assert s.enter_card("4D") is None
        enter(s)
        live = shown(s)
        assert rig.played() == ["QS", "4D", "8H"] and [c for c, _ in live] == ["refused", "unreadable"]
        assert baccarat_replay(rig) == live  # it had taken both down
    finally:
        rig.close()


def test_a_read_refused_as_after_the_round_leaves_the_waits_alerts_up_in_the_replay_too(tmp_path):
    rig = missing_card.Rig(tmp_path)
    try:
        s = rig.session
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "5C"), frame("CARD", 3, "9D"),
                 frame("CARD", 5, "4D"))  # frame 4 lost
        assert rig.waits("5C") and wait_for(lambda: len(s.snapshot.waiting) == 2)
        assert s.enter_card("3C") is None and s.enter_card("9H") is None
        rig.send(frame("CARD", 8, "6H"))  # frames 6 and 7 lost
        assert wait_for(lambda: len(s.snapshot.waiting) == 3)
        assert s.enter_card("JD") is None
        enter(s)  # the round is over: 4♦ is held as a card after it
        live = shown(s)
        assert [c for c, _ in live] == ["gap", "held", "unreadable"]
        assert baccarat_replay(rig) == live  # it had taken FRAMES LOST and UNREADABLE CARD down
    finally:
        rig.close()


def test_a_void_of_the_card_typed_after_a_misdraw_brings_card_refused_back_in_the_replay_too(tmp_path):
    rig = BlackjackRig(tmp_path, BLACKJACK)
    try:
        s = rig.session
        rig.cards("2D")  # no bet: refused, a misdraw
        assert wait_for(lambda: [c for c, _ in shown(s)] == ["refused"])
        assert s.enter_card("4S") is not None  # refused too
        assert s.place(1, D("10")) is None and s.deal() is None
        assert s.enter_card("KH") is None and shown(s) == []
        assert s.void_last(why="typed wrong") is None
        live = shown(s)
        assert [c for c, _ in live] == ["refused"]
        s.close()
        assert shown(replayed(rig.journal, BlackjackSession(BLACKJACK))) == live  # it stayed down
    finally:
        rig.close()
