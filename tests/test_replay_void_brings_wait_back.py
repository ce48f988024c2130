"""A void of the card typed for a camera's unread card brings that wait back in the replay too: another camera's
read played next leaves UNREADABLE CARD up, as live (two-camera fuzz seed 710: the other camera missed a card, 9S
and 3D typed, both voided, the table camera's 5C read and played; the replay took UNREADABLE CARD down)."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_camera_waits_everywhere import CAMERA, OTHER, RULES, alerts, cards, table


def test_a_replay_keeps_the_wait_a_void_brought_back(tmp_path):
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    s.handle(Unreadable(OTHER, time.time(), seq=1))
    for code in ("9S", "3D"):
        assert s.enter_card(code) is None
    assert alerts(s) == []
    for _ in range(2):
        assert s.void_last_card(why="typed wrong") is None
    s.handle(CardRead(parse_card("5C"), CAMERA, time.time(), seq=2))
    shown = (cards(s), alerts(s))
    s.close()
    assert shown == (["5C"], ["unreadable"])
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown
