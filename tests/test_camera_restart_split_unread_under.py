"""A table's camera restarted mid-round over a seven-seat blackjack layout of cards 208 px tall, a pair split after it
(qaAO F3).

Seat 5's 8♠ lay under its 8♣, its index covered, as the camera came back: not read then.  The split slid the two
apart, and the 8♠, read at last, was asked for as a card maybe just dealt (CARD TO TYPE IN ITS PLACE, "not seen
lying still when it started"), the split card held behind it until Enter.  A card that comes out from under a pile
the opening frames read, the pile's cards moved apart, is the table's own.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import test_camera_restart_pile_own_card as restart
from dealer_assist.events import CardRead, Unreadable

#: The layout as QA's table had it when the camera came back just after the cut card.
DEALT = {1: ("5D", "2S"), 2: ("3D", "JD"), 3: ("JC", "4C"), 4: ("KC", "3H"), 5: ("8S", "8C"), 6: ("TC", "AD"),
         7: ("6H", "4S")}
UP = "TD"
SCALE = 0.8


def pos(place, i: int, pile=None) -> tuple[float, float]:
    """QA's places: a hand's cards 4 px right and 26 px down of the one before, a split's piles 40 px either side."""
    if place == "dealer":
        return 470 + 95 * i, 120
    cx = (1 - (place - 0.5) / 7) * 1280 + (0 if pile is None else -40 if pile == 0 else 40)
    return cx + 4 * i, 390 + 26 * i


def picture(cards) -> np.ndarray:
    shot = cv2.imread(str(restart.CALIB / "AS.png"))
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = shot[5:60, 5:60].reshape(-1, 3).mean(0).astype(np.uint8)
    frame = np.clip(frame + np.random.default_rng(1).normal(0, 3, frame.shape), 0, 255).astype(np.uint8)
    for code, x, y in cards:
        m = cv2.getRotationMatrix2D((167 / 2, 260 / 2), 0, SCALE)
        m[0, 2] += x - 167 / 2
        m[1, 2] += y - 260 / 2
        face = cv2.warpAffine(restart._card(code), m, (1280, 720))
        mask = cv2.warpAffine(np.full((260, 167), 255, np.uint8), m, (1280, 720))
        frame[mask > 128] = face[mask > 128]
    return frame


@pytest.fixture
def qa_layout(monkeypatch):
    monkeypatch.setattr(restart, "DEALT", DEALT)
    monkeypatch.setattr(restart, "UP", UP)
    monkeypatch.setattr(restart, "pos", pos)
    monkeypatch.setattr(restart, "_picture", picture)


def test_a_split_pair_s_first_card_unread_at_the_restart_is_the_table_s_own(tmp_path, qa_layout):
    events = restart.restarted(tmp_path, ((7, "9C", None), ("split", 5), (5, "JH", 0)), restart.table_cards())
    assert [e.why for e in events if isinstance(e, Unreadable)] == []
    assert [(e.card.code, e.zone) for e in events if isinstance(e, CardRead)] == [("9C", "seat 7"), ("JH", "seat 5")]


def test_a_card_of_a_code_the_table_holds_dealt_onto_a_pile_left_where_it_lay_is_still_asked_about(tmp_path, qa_layout):
    # No split: the 8♠ dealt onto seat 7's pile may be another deck's, and the pile under it did not move.
    events = restart.restarted(tmp_path, ((7, "8S", None),), restart.table_cards() + ["8S"])
    assert [(e.candidates[0].code, e.zone) for e in events if isinstance(e, Unreadable)] == [("8S", "seat 7")]
