"""A shoe's card that left unplayed holds the next read until a card is typed in its place (qaAP F1).

A card the table refused (a ninth A♠ of an eight-deck shoe), one the shoe could not read (``CARD,n,??``, ``ERR
MISREAD``) or a DOUBLE_FEED left a place in the round.  README, the alert, the banner and PROTOCOL.md section 6 say
the next read waits until the missing card is typed, but one bare Enter played it in that place (every card of the
round one place early), and the banner offered "if this is that card read again, Enter plays it in its place": a
shoe reads each card once, as it leaves, so the read after it is never that card.  Enter is now refused, naming K
then Enter, until a card is typed; after a restart too.  A camera, which may read the card again once it lies
better, keeps its one Enter (tests/test_replay_camera_waits.py).  Real bytes over a real pty to the reader.
"""

from __future__ import annotations

import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_A_REFUSAL, AFTER_AN_UNREADABLE
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
import test_serial_restarts as restarts
from test_serial_restarts import frame, hello

SOURCE = "serial:shoe"
RULES = TableRules(shoe=ShoeRules(burn=False, decks=1))  # one deck: a second A♠ is refused


class Rig(restarts.Rig):
    """The pty, the reader and a journaled baccarat table that a restart replaces (the reader feeds whichever table
    is up)."""

    def __init__(self, tmp_path) -> None:
        self.path = tmp_path / "j.sqlite"
        super().__init__(tmp_path, TableSession(RULES, Journal.open(self.path), odds=False))

    def restart(self) -> None:
        self.session.close()
        self.session = TableSession(RULES, Journal.open(self.path), odds=False)

    def waits(self, code: str) -> bool:
        return wait_for(lambda: self.session.snapshot.pending is not None
                        and self.session.snapshot.pending.card.code == code)


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def refused_enter(rig: Rig, card: str, played: list) -> str:
    """Enter on the held ``card`` is refused, naming K then Enter; nothing is played and it still waits."""
    answer = rig.session.confirm_pending()
    assert answer is not None and "(K)" in answer and f"then Enter plays {parse_card(card).label}" in answer, answer
    assert "read again" not in answer
    assert rig.played() == played and rig.session.snapshot.pending.card.code == card
    return answer


@pytest.mark.parametrize("missing, why", [
    (frame("CARD", 2, "AS"), AFTER_A_REFUSAL),  # a second A♠ in a one-deck shoe: refused
    (frame("CARD", 2, "??"), AFTER_AN_UNREADABLE),
    (frame("ERR", 2, "MISREAD", "card seen, code not read"), AFTER_AN_UNREADABLE),
])
def test_enter_does_not_play_the_next_read_in_the_place_of_a_card_the_shoe_left_unplayed(rig, missing, why):
    rig.session.deal()
    rig.send(hello("B1"), frame("CARD", 1, "AS"), missing, frame("CARD", 3, "4H"))
    assert rig.waits("4H") and rig.session.snapshot.pending.doubt == why
    reason = rig.session.snapshot.status_reason()
    assert "read again" not in reason and "(K)" in reason  # the banner offers no Enter in its place
    refused_enter(rig, "4H", ["AS"])
    refused_enter(rig, "4H", ["AS"])  # a second Enter no more than the first: only a card typed ends it
    assert rig.session.enter_card("9S") is None  # the card really dealt as B1
    assert rig.session.confirm_pending() is None
    assert rig.played() == ["AS", "9S", "4H"]


def test_a_double_feed_holds_the_next_read_until_a_card_is_typed(rig):
    rig.session.deal()
    rig.send(hello("B1"), frame("CARD", 1, "9S"), frame("ERR", 2, "DOUBLE_FEED", "two cards left together"),
             frame("CARD", 3, "4D"))
    assert rig.waits("4D") and rig.session.snapshot.pending.doubt == AFTER_A_DOUBLE_FEED
    assert "DOUBLE_FEED" in refused_enter(rig, "4D", ["9S"])
    assert rig.session.enter_card("7C") is None
    assert rig.session.confirm_pending() is None  # one typed: Enter plays it (both may have gone unread)
    assert rig.played() == ["9S", "7C", "4D"]


@pytest.mark.parametrize("missing", [frame("CARD", 2, "AS"), frame("CARD", 2, "??"),
                                     frame("ERR", 2, "DOUBLE_FEED", "two cards left together")])
def test_a_restart_keeps_enter_refused(rig, missing):
    rig.session.deal()
    rig.send(hello("B1"), frame("CARD", 1, "AS"), missing)
    # the missing card's own alert, not the link's note: a restart before it reached the table lost it
    assert wait_for(lambda: any(a.level != "info" for a in rig.session.snapshot.alerts))
    rig.restart()  # before the next read
    rig.send(frame("CARD", 3, "4H"))
    assert rig.waits("4H")
    refused_enter(rig, "4H", ["AS"])
    rig.restart()  # with the read held
    assert rig.waits("4H")
    refused_enter(rig, "4H", ["AS"])
    assert rig.session.enter_card("9S") is None
    assert rig.session.confirm_pending() is None
    assert rig.played() == ["AS", "9S", "4H"]


def test_a_card_typed_then_voided_is_due_again(rig):
    rig.session.deal()
    rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
    assert rig.waits("4H")
    assert rig.session.enter_card("9S") is None
    assert rig.session.void_last_card() is None
    refused_enter(rig, "4H", ["AS"])


def test_a_cameras_read_after_its_unread_card_may_still_be_that_card(tmp_path):
    s = TableSession(RULES, Journal.open(tmp_path / "c.sqlite"), odds=False)
    s.deal()
    s.handle(CardRead(parse_card("AS"), "camera:0", time.time(), confidence=1.0))
    s.handle(Unreadable("camera:0", time.time()))
    s.handle(CardRead(parse_card("4H"), "camera:0", time.time(), confidence=1.0))
    assert s.snapshot.pending.doubt == AFTER_AN_UNREADABLE
    assert "if this is that card read again, Enter plays it in its place" in s.snapshot.status_reason()
    assert s.confirm_pending() is None  # the camera read the card it could not read: played in its place
    assert [c.code for c in s.state.round.cards] == ["AS", "4H"]
    s.close()
