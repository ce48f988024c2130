"""Two cards a reader could not read in a row both wait to be typed before the next read plays.

A camera (or a shoe's ``ERR MISREAD``) reported two cards it could not read, one after the other; the
croupier typed one of them, and the next card read was played as it came, in the place of the second
unread card still untyped (P1 9♠, B1 typed K♦, then the read 2♣ went to P2, where the second unread card
lay).  The second unread card had replaced the first's wait, and one typed card ended it.
"""

from __future__ import annotations

import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceError, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import AFTER_AN_UNREADABLE
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from test_serial_restarts import Rig, frame, hello, waits

CAMERA = "camera:/tmp/table.mp4"
RULES = TableRules(shoe=ShoeRules(burn=False))


def table(path) -> TableSession:
    return TableSession(RULES, Journal.open(path), odds=False)


def read(session: TableSession, code: str, seq: int) -> None:
    session.handle(CardRead(parse_card(code), CAMERA, time.time(), seq=seq))


def two_unread(path) -> TableSession:
    """P1 9♠ read, then two cards the camera could not read (B1, P2)."""
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    s.handle(Unreadable(CAMERA, time.time(), seq=3))
    return s


def layout(s: TableSession) -> list[tuple[str, str]]:
    rnd = s.state.round
    return [(c.code, p.value) for c, p in zip(rnd.cards, rnd.positions)]


def played_in_their_places(s: TableSession) -> None:
    """The read 2♣ waits until both unread cards are typed, then Enter plays it after them: B2."""
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "2C" and pending.doubt == AFTER_AN_UNREADABLE
    assert s.enter_card("3H") is None  # the second unread card: P2
    assert s.snapshot.pending is pending and "Enter plays 2♣" in s.snapshot.status_reason()
    assert s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("KD", "B1"), ("3H", "P2"), ("2C", "B2")]


def test_the_alert_says_how_many_cards_to_type(tmp_path):
    s = two_unread(tmp_path / "j.sqlite")
    alert = {a.code: a for a in s.snapshot.alerts}["unreadable"]
    assert "2 cards could not be read: type them in their places (K)" in alert.action
    s.close()


def test_one_card_typed_of_two_unread_holds_the_next_read(tmp_path):
    s = two_unread(tmp_path / "j.sqlite")
    assert s.enter_card("KD") is None  # the first unread card: B1
    read(s, "2C", 4)
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]  # 2♣ was played as P2
    played_in_their_places(s)
    s.close()


def test_a_read_waiting_behind_two_unread_is_not_played_at_enter_before_both_are_typed(tmp_path):
    s = two_unread(tmp_path / "j.sqlite")
    read(s, "2C", 4)
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C"
    assert s.enter_card("KD") is None
    refused = s.confirm_pending()  # Enter after one typed card: the second is still missing
    assert refused is not None and "1 of them still untyped" in refused
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    assert "1 of them still untyped" in s.snapshot.status_reason()
    played_in_their_places(s)
    s.close()


def test_after_a_restart_one_card_typed_of_two_unread_still_holds_the_next_read(tmp_path):
    path = tmp_path / "j.sqlite"
    s = two_unread(path)
    assert s.enter_card("KD") is None
    s.close()
    s = table(path)  # restarted
    read(s, "2C", 4)
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    played_in_their_places(s)
    s.close()


def test_after_a_restart_a_read_waiting_behind_two_unread_still_waits_for_both(tmp_path):
    path = tmp_path / "j.sqlite"
    s = two_unread(path)
    read(s, "2C", 4)
    assert s.enter_card("KD") is None
    s.close()
    s = table(path)  # restarted
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C"
    assert s.confirm_pending() is not None  # still one card to type before it
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    played_in_their_places(s)
    s.close()


def test_two_misreads_of_a_shoe_after_a_restart_wait_for_both(tmp_path):
    path = tmp_path / "j.sqlite"
    source = "serial:/dev/ttyUSB0"
    s = table(path)
    s.deal()
    s.handle(CardRead(parse_card("9S"), source, time.time(), confidence=1.0, seq=1))
    for seq in (2, 3):
        s.handle(DeviceError(source, time.time(), "MISREAD", "card seen, code not read", seq=seq))
    assert s.enter_card("KD") is None
    s.close()
    s = table(path)
    s.handle(CardRead(parse_card("2C"), source, time.time(), confidence=1.0, seq=4))
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    played_in_their_places(s)
    s.close()


@pytest.fixture
def rig(tmp_path):
    made = Rig(tmp_path)
    yield made
    made.close()


def test_two_misreads_of_a_shoe_over_a_real_pty_wait_for_both_cards(rig):
    rig.send(hello("B1"), frame("CARD", 1, "2H"), frame("ERR", 2, "MISREAD", "card seen, code not read"),
             frame("ERR", 3, "MISREAD", "card seen, code not read"), frame("CARD", 4, "4D"))
    assert waits(rig, "4D")
    assert "2 cards could not be read" in rig.alerts()["unreadable"].action
    assert rig.session.enter_card("9S") is None  # B1
    assert rig.session.confirm_pending() is not None and rig.played() == ["2H", "9S"]
    assert rig.session.enter_card("5C") is None  # P2
    assert rig.session.confirm_pending() is None
    rnd = rig.session.state.round
    assert [c.code for c in rnd.player_cards] == ["2H", "5C"] and [c.code for c in rnd.banker_cards] == ["9S", "4D"]


@pytest.mark.parametrize("restart", [False, True])
def test_each_card_typed_for_two_unread_in_their_boxes_goes_to_its_own(tmp_path, restart):
    # The Player's second card turned up before the Banker's first, both smudged: each typed card goes to the
    # box of the first unread card still untyped (the first had gone to the second's box, the Banker's).
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    s.handle(CardRead(parse_card("9S"), CAMERA, time.time(), seq=1, zone="player"))
    s.handle(Unreadable(CAMERA, time.time(), seq=2, zone="player"))
    s.handle(Unreadable(CAMERA, time.time(), seq=3, zone="banker"))
    if restart:
        s.close()
        s = table(path)
    assert s.enter_card("KD") is None
    if restart:
        s.close()
        s = table(path)
    assert s.enter_card("4H") is None
    rnd = s.state.round
    assert [c.code for c in rnd.player_cards] == ["9S", "KD"] and [c.code for c in rnd.banker_cards] == ["4H"]
    s.handle(CardRead(parse_card("2C"), CAMERA, time.time(), seq=4, zone="banker"))
    assert s.snapshot.pending is None  # both typed: the next read plays as it comes
    assert [c.code for c in s.state.round.banker_cards] == ["4H", "2C"]
    s.close()


def refused_then_unread(path) -> TableSession:
    """A one-deck shoe: P1 9♠ read, then a second 9♠ read (refused: a copy too many: the card dealt as B1 was
    misread), then a card the camera could not read (P2)."""
    s = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)), Journal.open(path), odds=False)
    s.deal()
    read(s, "9S", 1)
    read(s, "9S", 2)
    assert "refused" in {a.code for a in s.snapshot.alerts}
    s.handle(Unreadable(CAMERA, time.time(), seq=3))
    return s


def test_an_unread_card_after_a_refused_one_is_a_second_card_to_type(tmp_path):
    """The refused read's card and the unread one are both missing: typing one did not free the next read,
    which took the unread card's place (P2)."""
    s = refused_then_unread(tmp_path / "j.sqlite")
    assert "2 cards could not be read or were refused" in {a.code: a for a in s.snapshot.alerts}["unreadable"].action
    assert s.enter_card("KD") is None  # the card really dealt as B1
    read(s, "2C", 4)
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    played_in_their_places(s)
    s.close()


def test_after_a_restart_an_unread_card_after_a_refused_one_still_holds_the_next_read(tmp_path):
    path = tmp_path / "j.sqlite"
    s = refused_then_unread(path)
    assert s.enter_card("KD") is None
    s.close()
    s = TableSession(TableRules(shoe=ShoeRules(decks=1, burn=False)), Journal.open(path), odds=False)
    read(s, "2C", 4)
    assert layout(s) == [("9S", "P1"), ("KD", "B1")]
    played_in_their_places(s)
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_typed_for_one_of_two_unread_and_voided_is_due_again(tmp_path, restart):
    """qaAB F8: K♦ typed for the first of two unread cards, voided (V), Q♥ typed: the wait ended, and the next
    read 2♣ was played at P2, where the second unread card still lay untyped.  A restart agrees."""
    path = tmp_path / "j.sqlite"
    s = two_unread(path)
    assert s.enter_card("KD") is None  # B1, typed wrong
    assert s.void_last_card(why="typed wrong") is None
    assert s.enter_card("QH") is None  # B1 again: one of the two still untyped
    if restart:
        s.close()
        s = table(path)
    read(s, "2C", 4)
    assert layout(s) == [("9S", "P1"), ("QH", "B1")]  # 2♣ waits
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "2C"
    assert s.enter_card("3H") is None and s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("QH", "B1"), ("3H", "P2"), ("2C", "B2")]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_misdeal_ends_the_wait_for_cards_unread_in_the_round(tmp_path, restart):
    """qaAB F9: the round with two unread cards voided as a misdeal (its cards set aside), UNREADABLE CARD stood
    and the new deal's first read was held behind cards no longer on the table."""
    path = tmp_path / "j.sqlite"
    s = two_unread(path)
    assert s.void_round(why="misdeal") is None
    if restart:
        s.close()
        s = table(path)
    assert "UNREADABLE CARD" not in [a.title for a in s.snapshot.alerts]
    assert s.deal() is None
    read(s, "2C", 4)
    assert layout(s) == [("2C", "P1")] and s.snapshot.pending is None
    s.close()


def test_a_misdeal_waits_for_the_read_the_croupier_has_to_answer(tmp_path):
    """rev21 R1: a read waiting behind an unread card survived the misdeal, and Enter then played that card of the
    voided round as the new deal's first.  Shift+V now asks for the read to be dropped first."""
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    read(s, "2C", 3)  # waits behind the unread card
    refused = s.void_round(why="misdeal")
    assert refused is not None and "Del drops the read first" in refused and layout(s) == [("9S", "P1")]
    s.reject_pending()
    assert s.void_round(why="misdeal") is None
    assert s.snapshot.pending is None and "UNREADABLE CARD" not in [a.title for a in s.snapshot.alerts]
    assert s.deal() is None
    read(s, "3D", 4)
    assert layout(s) == [("3D", "P1")] and s.snapshot.pending is None
    s.close()
