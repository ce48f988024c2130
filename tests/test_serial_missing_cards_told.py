"""Two cards missing from a shoe around a read held for the croupier: the alert tells of both (qaAV F6, F1, F5).

One alert stands per kind, and the newer card's words replaced the older's: the croupier typed the card the
alert named (the newer, after the held read) first, and it went into the older one's place, two cards swapped
in one hand.  Sent over a real pty to a journaled table; a restart and a replay must say the same words.
"""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import Rig, frame, hello, waits

RULES = TableRules(shoe=ShoeRules(burn=False))


@pytest.fixture
def path(tmp_path):
    return tmp_path / "j.sqlite"


@pytest.fixture
def rig(tmp_path, path):
    made = Rig(tmp_path, TableSession(RULES, journal=Journal.open(path), odds=False))
    yield made
    made.close()


def told(session) -> tuple[str, str, str]:
    """The UNREADABLE CARD's text and DO line, and the banner's reason."""
    alert = {a.code: a for a in session.snapshot.alerts}["unreadable"]
    return alert.text, alert.action, session.snapshot.reason


def test_two_unread_cards_around_a_held_read_are_both_told_the_first_before_it(rig, path):
    # The shoe dealt 9H, JC (unread: ??), QS, 5H (ERR MISREAD).
    rig.send(hello("A1"), frame("CARD", 1, "9H"), frame("CARD", 2, "??"), frame("CARD", 3, "QS"),
             frame("ERR", 4, "MISREAD", "card seen, code not read"))
    assert waits(rig, "QS")
    assert wait_for(lambda: "could not read 2 cards" in told(rig.session)[0])
    text, action, reason = live = told(rig.session)
    assert "one before Q♠ (frame 2) and one after it (frame 4)" in text and "MISREAD" in text
    assert action.startswith("2 cards could not be read (frames 2 and 4): type them in the order they came out, "
                             "the first is the one before Q♠")
    assert "1 card after it is missing too: type it (K) once Enter has played Q♠" in reason
    rig.close()

    again = TableSession(RULES, journal=Journal.open(path), odds=False)  # a restart says the same
    try:
        assert told(again) == live
    finally:
        again.close()
    shown = {a.code: a for a in replayed(path, TableSession(RULES)).snapshot.alerts}["unreadable"]
    assert (shown.text, shown.action) == (text, f"at the table: {action}")


def test_typed_as_the_alert_says_each_card_goes_in_its_place(rig):
    rig.send(hello("A1"), frame("CARD", 1, "9H"), frame("CARD", 2, "??"), frame("CARD", 3, "QS"),
             frame("ERR", 4, "MISREAD", "card seen, code not read"))
    assert waits(rig, "QS")
    assert wait_for(lambda: "unreadable" in rig.alerts() and "2 cards" in rig.alerts()["unreadable"].text)
    assert rig.session.enter_card("JC") is None  # the one before Q♠ first
    assert rig.session.confirm_pending() is None
    assert rig.session.enter_card("5H") is None
    assert rig.played() == ["9H", "JC", "QS", "5H"]


def lost(session) -> tuple[str, str]:
    alert = {a.code: a for a in session.snapshot.alerts}["gap"]
    return alert.text, alert.action


def restarted_and_replayed(path, live: tuple[str, str], code: str = "gap") -> None:
    """A restart shows ``live``'s words again, and so does a replay (its DO said as what the table was told)."""
    again = TableSession(RULES, journal=Journal.open(path), odds=False)
    try:
        shown = {a.code: a for a in again.snapshot.alerts}[code]
        assert (shown.text, shown.action) == live
    finally:
        again.close()
    shown = {a.code: a for a in replayed(path, TableSession(RULES)).snapshot.alerts}[code]
    assert (shown.text, shown.action) == (live[0], f"at the table: {live[1]}")


def test_two_runs_of_lost_frames_around_a_held_read_are_both_told(rig, path):
    # The shoe dealt AS, KH (frame 2, lost: its heartbeat names it), 9C, TC (frame 5, lost too).
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("HB", 3, "2"), frame("CARD", 4, "9C"), frame("HB", 6, "5"))
    assert waits(rig, "9C")
    assert wait_for(lambda: "frames 2, 5" in lost(rig.session)[0])
    text, action = live = lost(rig.session)
    assert "2 cards were missed, one (frame 2) before 9♣ (held) and one (frame 5) after it" in text
    assert "in the order they came out: those before 9♣ first, then Enter plays 9♣, then those after it" in action
    banner = rig.session.snapshot.reason
    assert banner.endswith("; frames were lost after it too (FRAMES LOST): type any card they held (K) once Enter "
                           "has played 9♣")
    rig.close()
    restarted_and_replayed(path, live)
    again = TableSession(RULES, journal=Journal.open(path), odds=False)
    try:
        assert again.snapshot.reason == banner
    finally:
        again.close()


def test_lost_cards_typed_as_frames_lost_says_each_go_in_their_place(rig):
    rig.send(hello("A1"), frame("CARD", 1, "AS"), frame("HB", 3, "2"), frame("CARD", 4, "9C"), frame("HB", 6, "5"))
    assert waits(rig, "9C")
    assert wait_for(lambda: "frames 2, 5" in lost(rig.session)[0])
    assert rig.session.enter_card("KH") is None and rig.session.confirm_pending() is None
    rig.send(frame("CARD", 7, "2D"))
    assert waits(rig, "2D")
    assert rig.session.enter_card("TC") is None and rig.session.confirm_pending() is None
    assert rig.played() == ["AS", "KH", "9C", "TC", "2D"]


def test_after_a_replug_the_hello_said_again_keeps_the_count_of_cards_that_may_have_gone(rig, path):
    """qaAV F5: the HELLO said again (no restart) rewrote "lost frames 6-13" to "a card may have been missed" and
    dropped "count them": eight frames out of reach may have held eight cards."""
    rig.send(hello("A1"), frame("CARD", 1, "AS"))
    assert wait_for(lambda: rig.played() == ["AS"])
    rig.unplug()  # the shoe sends frames 2-9 meanwhile
    rig.replug()
    rig.send(frame("CARD", 10, "7C"), hello("A1"))
    assert waits(rig, "7C")
    assert wait_for(lambda: "restarted meanwhile" not in lost(rig.session)[0])  # the HELLO said again is heard
    text, action = live = lost(rig.session)
    assert "lost frames 2-9: up to 8 cards may have been missed" in text and "restarted meanwhile" not in text
    assert action.endswith("type any missing card (K): count them, each lost frame may have been a card")
    rig.close()
    restarted_and_replayed(path, live)
