"""A replay and a restart show the waits of a camera table as the live table did, with several cameras, across a
restart of the table, and for cards to type in their place (rev31 R1-R5, found by random sequences compared live,
restarted and replayed).

A replay ordered the cards its cameras could not read by their frames: a camera counts from 1 again at a restart
of the table (R1); one camera's Del took another's UNREADABLE CARD TYPED? down (R2), and one camera's read played
another's UNREADABLE CARD (R4); CARD TO TYPE IN ITS PLACE went where live it stood (R5).  Live, Del on the read held
under the ask, then V of the card typed, asked for nothing again (R3)."""
from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_two_unread_in_a_row import CAMERA, RULES, read, table


def codes(s) -> list[str]:
    return sorted(a.code.split(":")[0] if a.code.startswith("unplaced") else a.code for a in s.snapshot.alerts
                  if not a.code.startswith(("link:replay", "replay", "table_started", "restart")))


def unread(s, seq: int, **kw) -> None:
    s.handle(Unreadable(CAMERA, time.time(), seq=seq, **kw))


def test_the_card_typed_for_an_ask_voided_after_the_held_read_was_dropped_is_asked_for_again(tmp_path):
    """README: "the card typed for an ask voided later (V, before or after Enter) has the card asked for again".
    After Del on the read held under UNREADABLE CARD TYPED? (the ask now goes with it), V of the card typed
    leaves one card due, the dropped read's, and no alert: the card the camera could not read is not asked for."""
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "5C", 1)            # P1
    assert s.enter_card("AS") is None   # typed ahead, for B1
    unread(s, 3)                # B1 unread: UNREADABLE CARD TYPED? (A♠ typed for it)
    read(s, "7H", 4)            # held under the ask
    s.reject_pending()          # Del: 7H dropped, it may have been a card (P2): the next read waits for it
    assert s.cards_due(CAMERA) == 1
    assert s.void_last_card(why="A♠ was not the card") is None   # V: A♠ was not B1's card
    # B1's card is to be typed again, and the card 7♥ may have been: two, and an alert saying so
    assert "unreadable" in codes(s), codes(s)
    assert s.cards_due(CAMERA) == 2


def test_a_replay_keeps_no_wait_of_a_card_unread_before_the_table_started_again(tmp_path):
    """The camera counts its frames from 1 again when the table starts again: the replay took a card unread at
    frame 3 before the restart as one reported after the read of frame 1 since, and kept UNREADABLE CARD up
    where the live table, its restart and the replay before the merge had taken it down."""
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    read(s, "QH", 2)
    unread(s, 3)
    s.close()
    s = table(path)             # the table and its camera start again: frames from 1
    read(s, "2C", 1)            # held behind the unread card
    assert s.confirm_pending() is None   # 2♣ was it, read again: played in its place
    assert codes(s) == [] and s.cards_due(CAMERA) == 0
    s.close()
    r = replayed(path, TableSession(RULES, odds=False))
    assert [c.code for c in r.state.round.cards] == ["9S", "QH", "2C"]
    assert codes(r) == [], codes(r)


def test_a_replay_keeps_card_to_type_in_its_place_up_as_live(tmp_path):
    """A card a camera could not place (CARD TO TYPE IN ITS PLACE), reported after a read held behind an unread
    card: Enter plays the read, and live the alert stands; the replay keeps UNREADABLE CARD (merge 224d90d3) but
    takes CARD TO TYPE IN ITS PLACE down (its hold is not AFTER_AN_UNREADABLE)."""
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    unread(s, 2)
    read(s, "QH", 3)
    unread(s, 4, candidates=(parse_card("KC"),), why="found K♣ in view when it started, a card the table does not have")
    assert s.confirm_pending() is None
    live = codes(s)
    assert "unplaced" in live
    s.close()
    r = replayed(path, TableSession(RULES, odds=False))
    assert codes(r) == live


def test_a_replay_keeps_the_ask_of_another_camera_when_the_read_held_under_one_is_dropped(tmp_path):
    """Two cameras, a card typed ahead for each (A♠, K♣), each asks UNREADABLE CARD TYPED?; Del on the read held
    under camera 1's ask: live and after a restart camera 2's ask stands (typed_unread_asked), the replay takes it
    down at the read_dropped (merge 224d90d3: it stood in the replay before)."""
    cam2 = "camera:/tmp/other.mp4"
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    assert s.enter_card("AS") is None and s.enter_card("KC") is None
    unread(s, 1)
    s.handle(Unreadable(cam2, time.time(), seq=1))
    read(s, "7H", 2)            # held under camera 1's ask
    s.reject_pending()
    assert codes(s) == ["unreadable:typed"] and s.typed_unread_asked()
    s.close()
    r = table(path)
    assert codes(r) == ["unreadable:typed"]
    r.close()
    rep = replayed(path, TableSession(RULES, odds=False))
    assert codes(rep) == ["unreadable:typed"], codes(rep)


def test_a_replay_keeps_another_cameras_unread_card_when_one_cameras_read_plays(tmp_path):
    """Two cameras: camera 2 could not read a card, then camera 1's read plays (no wait of its own).  Live and after
    a restart camera 2's UNREADABLE CARD stands (1 card due); the replay takes it down at camera 1's card:
    _unread_after keeps only the frames of the source whose card played, and the others are dropped."""
    cam2 = "camera:/tmp/other.mp4"
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    s.handle(Unreadable(cam2, time.time(), seq=1))
    read(s, "7H", 1)
    assert codes(s) == ["unreadable"] and s.cards_due(cam2) == 1
    s.close()
    r = table(path)
    assert codes(r) == ["unreadable"]
    r.close()
    rep = replayed(path, TableSession(RULES, odds=False))
    assert codes(rep) == ["unreadable"], codes(rep)
