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
