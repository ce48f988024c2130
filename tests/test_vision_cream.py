"""Cream (tinted) card stock: the profile measures it and the paper test makes it grey."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.calibrate import _paper_colour, find_card
from dealer_assist.vision.detect import paper_balance
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT.parent / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "test" / "anglo").is_dir(), reason="shared card images not found")
#: Deep cream stock (B, G, R as fractions of white): ivory-yellow playing-card board.
CREAM = np.array([180, 222, 238], np.float32) / 255


def _tint(img: np.ndarray) -> np.ndarray:
    return np.clip(np.round(img.astype(np.float32) * CREAM), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("deck", ["anglo", "plastic"])
def test_white_stock_is_left_as_it_is(deck):
    profile = Profile.load(ROOT / "calibration" / deck)
    assert len(profile.paper_colour) == 3
    assert paper_balance(profile.paper_colour) is None


def test_cream_stock_comes_out_grey_and_ink_stays_dark():
    paper = [180.0, 222.0, 238.0]
    lut = paper_balance(paper)
    assert lut is not None
    grey = [int(lut[k][int(v)]) for k, v in enumerate(paper)]
    assert max(grey) - min(grey) <= 1
    assert lut[:, 0].tolist() == [0, 0, 0]


@needs_cards
def test_calibration_measures_the_stock_colour():
    shot = cv2.imread(str(CARDS / "calib" / "anglo" / "7H.png"))
    quad, _ = find_card(shot)
    assert quad is not None
    white = _paper_colour(shot, quad)
    cream = _paper_colour(_tint(shot), quad)
    assert np.all(np.abs(cream - white * CREAM) <= 3)


@needs_cards
def test_corners_of_cream_cards_are_found_as_on_white():
    """The same real frames printed on cream: balanced, the corners of the white frame come back."""
    white = Profile.load(ROOT / "calibration" / "anglo")
    plain = Recognizer(white)
    creamy = Recognizer(dataclasses.replace(white, paper_colour=[float(v) for v in np.array(white.paper_colour) * CREAM]))
    unbalanced = Recognizer(dataclasses.replace(white, paper_colour=[]))
    want = found = without = 0
    for path in sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:40:8]:
        img = cv2.imread(str(path))
        ref = plain.outline_corners(plain.masks(img))
        tinted = _tint(img)
        got = creamy.outline_corners(creamy.masks(tinted))
        old = unbalanced.outline_corners(unbalanced.masks(tinted))
        want += len(ref)
        found += sum(any(np.hypot(c.x - r.x, c.y - r.y) < 3 for c in got) for r in ref)
        without += sum(any(np.hypot(c.x - r.x, c.y - r.y) < 3 for c in old) for r in ref)
    assert found >= 0.9 * want
    assert without < found
