"""No card asked for on the felt between two boxes of cards shown at 0.7 of the set-up's size (qaAR F5).

At 182 px tall (anglo's set-up cards are 256), a corner found in seat 5's Q♦ picture read as an unsure 4♦ whose
landscape outline reached from the middle of the Q♦ over the bare felt to the middle of seat 4's 10♦: the 10♦'s paper
under its far half made it a card of its own, not the Q♦'s phantom, and the croupier was asked to type a 4♦ never dealt
(UNREADABLE CARD, "it may be 4♦", the next card read waiting behind it).
"""

from __future__ import annotations

import test_camera_restart_split_unread_under as qa
from dealer_assist.events import CardRead, Unreadable
from test_camera_pile_top_unread_small_cards import seven_seat_events


def test_no_card_is_asked_for_between_a_queen_and_the_next_box_s_card(tmp_path, monkeypatch):
    monkeypatch.setattr(qa, "SCALE", 0.7)
    laid: list = []
    pictures = [qa.picture([])]
    for place, code in ((4, "10D"), (5, "QD"), (3, "2C")):
        laid.append((code, *qa.pos(place, 0)))
        pictures.append(qa.picture(laid))
    out = seven_seat_events(tmp_path, pictures, 60)
    assert [(e.card.code, e.zone) for e in out if isinstance(e, CardRead)] == [
        ("TD", "seat 4"), ("QD", "seat 5"), ("2C", "seat 3")]
    assert [e for e in out if isinstance(e, Unreadable)] == []
