"""UNREADABLE CARD TYPED? answered No (Del, or the card typed for it voided) makes the card its camera asked about
due: the replay keeps UNREADABLE CARD up, as live, when another camera's read is played meanwhile (two-camera fuzz
seed 780: 2C typed, the other camera asked for a card, V of 2C, the table camera's QH read and played; the replay
took UNREADABLE CARD down, as if that read had been the other camera's missing card)."""

from __future__ import annotations

import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_camera_waits_everywhere import CAMERA, OTHER, RULES, alerts, cards, table


@pytest.mark.parametrize("answer", ["void", "del"])
def test_a_replay_keeps_the_wait_of_an_ask_answered_no(tmp_path, answer):
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    assert s.enter_card("2C") is None
    s.handle(Unreadable(OTHER, time.time(), seq=1))
    assert s.typed_unread_asked()
    if answer == "void":
        assert s.void_last_card(why="typed wrong") is None
    else:
        assert s.answer_typed_unread(False) is None
    s.handle(CardRead(parse_card("QH"), CAMERA, time.time(), seq=2))
    shown = (cards(s), alerts(s))
    s.close()
    assert shown[1] == ["unreadable"]
    again = replayed(path, TableSession(RULES, odds=False))
    assert (cards(again), alerts(again)) == shown
