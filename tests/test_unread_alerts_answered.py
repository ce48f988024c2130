"""The alerts of cards a camera could not read stand while their question stands, live, after a restart and in a
replay alike.

UNREADABLE CARD TYPED? asks "Enter if right, Del if not": once the read held under it was answered (Enter played
it after the card typed, or Del dropped it) its bar still asked, though a second card unread meanwhile kept a wait
standing, and Enter or Del on it was refused.  A replay took every UNREADABLE CARD down at the first read played,
though a card unread after that read was still due at the table (rev25 F8's kind: the replay's alerts differed from
the live table's)."""

from __future__ import annotations

import time

import pytest

from dealer_assist.events import Unreadable
from dealer_assist.table.holds import TYPED_UNREAD
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_two_unread_in_a_row import CAMERA, RULES, read, table


def codes(s) -> list[str]:
    return sorted(a.code for a in s.snapshot.alerts if not a.code.startswith(("link:replay", "replay", "table_started")))


def unread(s, seq: int) -> None:
    s.handle(Unreadable(CAMERA, time.time(), seq=seq))


def the_same_everywhere(path, live: list[str], cards: list[str]) -> None:
    """A restart and a replay of the journal at ``path`` show the alerts ``live`` and the cards ``cards``."""
    s = table(path)
    assert codes(s) == live and [c.code for c in s.state.round.cards] == cards
    s.close()
    r = replayed(path, TableSession(RULES, odds=False))
    assert codes(r) == live and [c.code for c in r.state.round.cards] == cards


@pytest.mark.parametrize("answer", ["enter", "del"])
def test_the_ask_goes_once_the_read_held_under_it_is_answered(tmp_path, answer):
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    assert s.enter_card("AS") is None  # typed ahead
    unread(s, 2)  # UNREADABLE CARD TYPED?
    read(s, "7H", 3)  # held under it
    read(s, "9S", 4)
    unread(s, 5)  # another card it cannot read: a wait for it stands
    assert codes(s) == ["unreadable", TYPED_UNREAD]
    if answer == "enter":
        assert s.confirm_pending() is None  # A♠ was the unread card: 7♥ plays after it
        cards = ["AS", "7H"]
    else:
        s.reject_pending()
        cards = ["AS"]
    assert codes(s) == ["unreadable"]
    assert s.answer_typed_unread(True) is not None  # nothing asks it any more
    s.close()
    the_same_everywhere(path, ["unreadable"], cards)


def test_a_replay_keeps_the_wait_of_a_card_unread_after_the_read_played(tmp_path):
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    read(s, "AS", 1)
    unread(s, 2)
    read(s, "3D", 3)  # held behind the unread card
    unread(s, 4)  # a second card unread, after 3♦
    read(s, "2C", 5)
    assert s.confirm_pending() is None  # 3♦ was the first unread card read again: played in its place
    assert codes(s) == ["unreadable"] and s.cards_due(CAMERA) == 1  # the second is still due
    s.close()
    the_same_everywhere(path, ["unreadable"], ["AS", "3D"])
