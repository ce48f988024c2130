"""A four-index card's top-right index, read from where its top edge comes out from under a
neighbour, is not taken for a top-left index with the card lying across the felt beside it.

Found on a rendered dondorf hand (a four-index deck) with a croupier's hand over the
card's middle: the top-right "K" of a king of diamonds read as a top-left index, and
the king was reported a card's width off, on bare felt.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.card_beyond import card_runs_on
from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import MASK_SCALE, Corner
from dealer_assist.vision.profile import Profile, default_profile_path

W, H = 180.0, 260.0  # the card's size in frame pixels


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _read_at(x: float, y: float, angle: float) -> CornerRead:
    a = np.radians(angle)
    wdir, hdir = (np.cos(a), np.sin(a)), (-np.sin(a), np.cos(a))
    corner = Corner(x, y, wdir, hdir, 50.0, 50.0)
    return CornerRead(corner, (W, H), np.zeros((4, 2)), np.zeros(2), None, True, "KD", 0.9, 0.4, ["KD"])


def _card_mask(x: float, y: float, angle: float, frame=(720, 1280)) -> np.ndarray:
    """The frame's card mask (at the mask's scale) with one card whose top-left corner is at (x, y)."""
    a = np.radians(angle)
    w, h = np.array([np.cos(a), np.sin(a)]) * W, np.array([-np.sin(a), np.cos(a)]) * H
    p = np.array([x, y])
    quad = np.array([p, p + w, p + w + h, p + h]) * MASK_SCALE
    mask = np.zeros((int(frame[0] * MASK_SCALE), int(frame[1] * MASK_SCALE)), np.uint8)
    cv2.fillPoly(mask, [np.int32(np.round(quad))], 255)
    return mask


@pytest.mark.parametrize("angle", [0, 30, 145, 260])
def test_a_top_left_index_has_its_card_running_on_past_it(profile, angle):
    mask = _card_mask(600, 300, angle)
    assert card_runs_on(mask, _read_at(600, 300, angle), profile)


@pytest.mark.parametrize("angle", [0, 30, 145, 260])
def test_a_top_right_index_read_from_short_of_the_cards_corner_has_felt_past_it(profile, angle):
    mask = _card_mask(600, 300, angle)
    a = np.radians(angle)
    short = W - 25.0  # where the neighbour's side crosses the top edge, left of the top-right index
    x, y = 600 + short * np.cos(a), 300 + short * np.sin(a)
    assert not card_runs_on(mask, _read_at(x, y, angle), profile)


def test_a_card_lying_over_the_top_edge_past_the_index_counts_as_its_stock(profile):
    mask = _card_mask(600, 300, 0)
    x, y = 600 + W - 25.0, 300.0
    assert not card_runs_on(mask, _read_at(x, y, 0), profile)
    cv2.rectangle(mask, (int((x + 40) * MASK_SCALE), int((y - 60) * MASK_SCALE)),
                  (int((x + 200) * MASK_SCALE), int((y + 200) * MASK_SCALE)), 255, -1)
    assert card_runs_on(mask, _read_at(x, y, 0), profile)


def test_past_the_frames_edge_nothing_is_known(profile):
    mask = _card_mask(1280 - 30, 300, 0)
    assert card_runs_on(mask, _read_at(1280 - 30, 300, 0), profile)
