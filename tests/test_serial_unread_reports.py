"""A shoe's reports of a card that came out unread: ERR MISREAD, and a DOUBLE_FEED after the card it read.

qaN, over a real pty: ``ERR MISREAD`` (PROTOCOL.md's code for "the reader saw a card but no code") raised
SHOE REPORTS MISREAD, "check the last card", and the next card read went at once into the unread card's
place (B1, the round settled on it).  And a DOUBLE_FEED sent after the CARD of the card it read (the natural
firmware order) held only the next read: the card read just before it, played as B1, stood unchecked and
no alert named it.  These tests send the same bytes over a real pseudo-terminal to the reader and a table.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import DeviceError
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_AN_UNREADABLE
from dealer_assist.table.session_core import place_name
from polling import wait_for
from test_serial_restarts import Rig, frame, hello, waits


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def test_a_misread_holds_the_next_card_as_an_unreadable_one_does(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("ERR", 2, "MISREAD", "card seen, code not read"),
             frame("CARD", 3, "4D"))
    assert waits(rig, "4D")
    assert rig.played() == ["2H"] and rig.session.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    alert = rig.alerts()["unreadable"]
    assert alert.title == "UNREADABLE CARD" and "(ERR MISREAD, frame 2: card seen, code not read)" in alert.text
    assert "check the last card" not in alert.action and "type it (K)" in alert.action
    assert rig.session.enter_card("9S") is None  # the card the shoe could not read: B1
    assert rig.session.confirm_pending() is None
    rnd = rig.session.state.round
    assert [c.code for c in rnd.player_cards] == ["2H", "4D"] and [c.code for c in rnd.banker_cards] == ["9S"]


def test_a_misread_is_still_told_to_listen_as_the_shoes_own_report(rig):
    rig.send(hello("B1"), frame("ERR", 1, "MISREAD", "card seen, code not read"))
    assert wait_for(lambda: any(isinstance(e, DeviceError) for e in rig.events))
    (told,) = [e for e in rig.events if isinstance(e, DeviceError)]
    assert (told.code, told.seq) == ("MISREAD", 1)


def test_a_double_feed_after_the_card_it_read_names_that_card_and_its_place(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("CARD", 2, "4D"),
             frame("ERR", 3, "DOUBLE_FEED", "two cards left together"), frame("CARD", 4, "7C"))
    assert waits(rig, "7C")
    assert rig.played() == ["2H", "4D"] and rig.session.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED
    alert = rig.alerts()["device:DOUBLE_FEED"]
    assert "4♦ was read just before this report and played as B1" in alert.text
    assert alert.action.startswith("check B1: if 4♦ is not the card there, void it (V)")


def test_a_double_feed_not_just_after_a_card_names_none(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("HB", 2, "1"),
             frame("ERR", 3, "DOUBLE_FEED", "two cards left together"))
    assert wait_for(lambda: "device:DOUBLE_FEED" in rig.alerts())
    alert = rig.alerts()["device:DOUBLE_FEED"]
    assert "read just before" not in alert.text and alert.action.startswith("clear the shoe")


def test_a_double_feed_just_after_a_card_still_waiting_names_it_without_a_place(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("CARD", 2, "??"), frame("CARD", 3, "4D"),
             frame("ERR", 4, "DOUBLE_FEED", "two cards left together"))
    assert waits(rig, "4D") and wait_for(lambda: "device:DOUBLE_FEED" in rig.alerts())
    alert = rig.alerts()["device:DOUBLE_FEED"]
    assert "4♦ was read just before this report:" in alert.text and "played as" not in alert.text
    assert alert.action.startswith("check 4♦: if the card not read came out first, type that one first (K)")


def test_places_read_as_the_croupier_knows_them():
    assert [place_name(p) for p in ("B1", "seat3.h0", "seat3.h1", "dealer", "burn")] == [
        "B1", "seat 3", "seat 3 hand 2", "the dealer's card", "the burn card"]
