"""A card typed with no read held is one missing card: it ends the wait of one camera (the one that began waiting
first), never every camera's (two-camera fuzz seed 120: each camera missed a card, one was typed, and both waits
ended; UNREADABLE CARD went down and the other missing card was never asked for, its camera's next read played in
its place).  A restart and a replay show the same."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_camera_waits_everywhere import CAMERA, OTHER, RULES, alerts, cards, seen, table


def two_cameras_each_missed_a_card(path) -> TableSession:
    s = table(path)
    s.deal()
    s.handle(Unreadable(OTHER, time.time(), seq=1))
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert s.enter_card("7H") is None
    return s


def test_one_card_typed_ends_one_cameras_wait_and_the_other_still_waits(tmp_path):
    s = two_cameras_each_missed_a_card(tmp_path / "j.sqlite")
    assert alerts(s) == ["unreadable"]
    assert (s.cards_due(OTHER), s.cards_due(CAMERA)) == (0, 1)
    s.handle(CardRead(parse_card("3D"), CAMERA, time.time(), seq=3))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "3D"  # held: a card before it missing
    assert s.enter_card("QH") is None  # that card, typed: the wait is over
    assert alerts(s) == [] and s.cards_due(CAMERA) == 0
    assert s.confirm_pending() is None
    assert cards(s) == ["7H", "QH", "3D"]
    s.close()


def test_a_restart_and_a_replay_show_the_wait_left(tmp_path):
    live = two_cameras_each_missed_a_card(tmp_path / "live.sqlite")
    shown = seen(live)
    live.close()
    two_cameras_each_missed_a_card(tmp_path / "j.sqlite").close()
    again = table(tmp_path / "j.sqlite")
    assert seen(again) == shown
    again.close()
    replay = replayed(tmp_path / "live.sqlite", TableSession(RULES, odds=False))
    assert (cards(replay), alerts(replay)) == (shown["cards"], shown["alerts"])
